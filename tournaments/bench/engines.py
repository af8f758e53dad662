"""Engine measurements of ``trickhound bench``: random playouts (the generic State loop and the
game's own rollout loop), the pure-Python reference engine, determinizations, game lengths and
the exact solver, with the C reference programs of ../shared/limits when given.

Which configurations are measured is each game's declaration (``Game.bench_configs()``,
``Game.BENCH_VIEW_FRACTION``, ``EXAMPLE_CONFIGS``): nothing here names a game.
"""
import os
import random
import statistics
import subprocess
import time
from typing import Callable, Optional

from solver.game import Game, View
from solver.registry import BenchConfig, load_game
from solver.search import AlphaBeta
from solver.search.bench import run_determinizations, run_lengths, run_playouts


def _timed(fn: Callable[[int], tuple], seconds: float, start: int = 64) -> tuple:
    """Call fn(n) with n doubling until one call takes >= seconds/8, then once sized to the
    rest of the budget; returns that call's result. ``seconds`` bounds the whole (the doubling
    calls sum to under seconds/4, the last is sized to what is left)."""
    n = start
    spent = 0.0
    while True:
        t0 = time.perf_counter()
        fn(n)
        dt = time.perf_counter() - t0
        spent += dt
        if dt >= seconds / 8 or n >= 1 << 30:
            break
        n *= 2
    m = max(1, int(n * max(seconds - spent, seconds / 8) / max(dt, 1e-6)))
    return fn(m)


def bench_playouts(config: str, seconds: float) -> dict:
    """Random games through the generic State loop and through the game's own rollout loop
    (State.random_playout_c, what the searches run): the same deals and moves, so the same
    checksum."""
    game = load_game(config)
    games, moves, sec, check = _timed(lambda n: run_playouts(game, n, 1), seconds / 2)
    r_games, _, r_sec, r_check = run_playouts(game, games, 1, own_loop=True)
    assert r_check == check, (config, r_check, check)
    return {"config": config, "games": games, "games_per_s": games / sec,
            "moves_per_s": moves / sec, "seconds": sec, "rollout_games_per_s": r_games / r_sec}


def bench_reference(config: str, seconds: float) -> dict:
    """Random games through the pure-Python reference engine (rules.py), for the ratio."""
    game = load_game(config)
    rnd = random.Random(1)

    def run(n: int) -> tuple:
        t0 = time.perf_counter()
        moves = 0
        for i in range(n):
            s = game.rules.new_initial_state(game.options, 1 + i)
            while not s.is_terminal():
                s.apply_action(rnd.choice(s.legal_actions()))
                moves += 1
        return n, moves, time.perf_counter() - t0

    games, moves, sec = _timed(run, seconds, start=1)
    return {"config": config, "games": games, "games_per_s": games / sec,
            "moves_per_s": moves / sec}


def mid_game_view(game: Game, seed: int = 3, fraction: float = 0.4) -> View:
    """A view of the player to move, about ``fraction`` of the way through a random game."""
    rnd = random.Random(seed)
    s = game.new_initial_state(seed)
    length = 0
    t = s.clone()
    while not t.is_terminal():
        t.apply_action(rnd.choice(t.legal_actions()))
        length += 1
    rnd = random.Random(seed)
    for _ in range(int(length * fraction)):
        s.apply_action(rnd.choice(s.legal_actions()))
    return s.view(max(0, s.current_player()))


def bench_determinize(config: str, seconds: float) -> dict:
    """Determinizations per second from a view taken ``Game.BENCH_VIEW_FRACTION`` of the way
    through a random game (where the game still hides most)."""
    game = load_game(config)
    view = mid_game_view(game, fraction=game.BENCH_VIEW_FRACTION)
    def run(n: int) -> tuple:
        return n, run_determinizations(view, n)

    n, sec = _timed(run, seconds)
    return {"config": config, "per_s": n / sec}


def bench_lengths(config: str, games: int = 10000, seed: int = 1) -> dict:
    """Length distribution (actions) of random games and how they ended."""
    lengths, endings = run_lengths(load_game(config), games, seed)
    lengths.sort()
    q = lambda f: lengths[min(len(lengths) - 1, int(f * len(lengths)))]
    return {"config": config, "games": games, "mean": statistics.fmean(lengths), "median": q(0.5),
            "p90": q(0.9), "p99": q(0.99), "max": lengths[-1], "endings": endings}


def bench_exact_solve(bench: BenchConfig, deals: int = 200, seed: int = 1) -> dict:
    """Exact solve time of one round over seeded deals, for each of ``bench.solve_cases``:
    (case, actions played first), e.g. Mate's forcing fixed to PASS/PASS and both forcing
    decisions optimised (the C reference mate_solve measures the same two). The solver is the
    generic alpha-beta with the game's own kernel (``Game.EXACT_SOLVER``)."""
    game = load_game(bench.config)
    solver = AlphaBeta(game, 18)
    out = {}
    for case, prefix in bench.solve_cases:
        times, nodes = [], 0
        for i in range(deals):
            s = game.new_initial_state(seed + i)
            for a in prefix:
                s.apply_action(a)
            solver.clear()
            solver.nodes = 0
            t0 = time.perf_counter()
            solver.value(s)
            times.append(time.perf_counter() - t0)
            nodes += solver.nodes
        times.sort()
        out[case] = {
            "deals": deals,
            "median_ms": 1e3 * statistics.median(times),
            "p90_ms": 1e3 * times[int(0.9 * (deals - 1))],
            "p99_ms": 1e3 * times[int(0.99 * (deals - 1))],
            "max_ms": 1e3 * times[-1],
            "nodes_per_s": nodes / sum(times),
        }
    return out


def exact_solve_limits(limits: str, program: str, deals: int) -> Optional[dict]:
    """The C reference's timing (native build) of the same exact-solve cases (RESULT lines,
    case a / b)."""
    exe = os.path.join(limits, "build", "native", program)
    if not os.path.exists(exe):
        return None
    out = subprocess.run([exe, str(deals), "1"], capture_output=True, text=True, check=False).stdout
    res = {}
    for line in out.splitlines():
        if line.startswith("RESULT"):
            kv = dict(x.split("=", 1) for x in line.split()[1:])
            name = "forcing_fixed" if kv.get("case") == "a" else "forcing_optimised"
            res[name] = {"median_ms": float(kv["median_us"]) / 1e3,
                         "p90_ms": float(kv["p90_us"]) / 1e3,
                         "max_ms": float(kv["max_us"]) / 1e3}
    return res
