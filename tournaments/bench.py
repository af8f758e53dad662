"""``trickhound bench``: the speed of every engine and search, as a table and as JSON.

Each measurement runs for a fixed amount of work sized to take about ``seconds`` on this
machine, and reports rates. With ``--limits DIR`` (a built copy of ../shared/limits, see its
README) the C reference programs run in the same invocation and the ratios are printed.
"""
import json
import os
import platform
import random
import re
import statistics
import subprocess
import time

from solver.registry import available_games, game_class, load_game
from solver.search._playout import run_determinizations, run_playouts

# Per game: configurations to bench, the unit the C reference counts, and its program.
# Mate counts one *game* (one deal) where our state is a four-game match.
PLAYOUT_CONFIGS = {
    "mate": [("mate", 4, "mate_playout {games} 1")],
}


def register_playout(slug, configs):
    PLAYOUT_CONFIGS[slug] = configs


def _default_playout_configs(slug):
    cls = game_class(slug)
    return [(cfg, 1, None) for cfg in cls.EXAMPLE_CONFIGS[:1]]


def _timed(fn, seconds, start=64):
    """Call fn(n) with n doubling until one call takes >= seconds/4, then once sized to take
    about ``seconds``; returns that call's result."""
    n = start
    while True:
        t0 = time.perf_counter()
        out = fn(n)
        dt = time.perf_counter() - t0
        if dt >= seconds / 4 or n >= 1 << 30:
            break
        n *= 2
    m = max(1, int(n * seconds / max(dt, 1e-6)))
    return fn(m)


def bench_playouts(config, seconds):
    game = load_game(config)
    games, moves, sec, _ = _timed(lambda n: run_playouts(game, n, 1), seconds)
    return {"config": config, "games": games, "games_per_s": games / sec,
            "moves_per_s": moves / sec, "seconds": sec}


def bench_reference(config, seconds):
    game = load_game(config)
    rnd = random.Random(1)

    def run(n):
        t0 = time.perf_counter()
        moves = 0
        for i in range(n):
            s = game.rules.new_initial_state(game.options, 1 + i)
            while not s.is_terminal():
                s.apply_action(rnd.choice(s.legal_actions()))
                moves += 1
        return n, moves, time.perf_counter() - t0

    games, moves, sec = _timed(run, seconds, start=1)
    return {"config": config, "games": games, "games_per_s": games / sec, "moves_per_s": moves / sec}


def mid_game_view(game, seed=3, fraction=0.4):
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


def bench_determinize(config, seconds):
    game = load_game(config)
    view = mid_game_view(game)

    def run(n):
        return n, run_determinizations(view, n)

    n, sec = _timed(run, seconds)
    return {"config": config, "per_s": n / sec}


def bench_mate_solve(deals=200, seed=1):
    """Exact solve time per Mate game over seeded deals, forcing fixed to PASS/PASS and with
    both forcing decisions optimised (the C reference mate_solve measures the same two)."""
    from solver.search._alphabeta import AlphaBeta
    game = load_game("mate(first_dealer=0)")
    solver = AlphaBeta(game, 18)
    out = {}
    for case, prefix in (("forcing_fixed", (20, 20)), ("forcing_optimised", ())):
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


def run_limit(limits_dir, command):
    """Run one C reference program and parse its RESULT line."""
    exe = os.path.join(limits_dir, "build", "o2", command.split()[0])
    if not os.path.exists(exe):
        return None
    out = subprocess.run([exe] + command.split()[1:], capture_output=True, text=True, check=False).stdout
    for line in out.splitlines():
        if line.startswith("RESULT"):
            return dict(kv.split("=", 1) for kv in line.split()[1:])
    return None


def run_bench(seconds=1.0, games=None, limits=None, solve_deals=200, extra=True):
    """Every measurement; returns a JSON-able dict."""
    report = {"machine": {"python": platform.python_version(), "machine": platform.machine(),
                          "processor": platform.processor() or platform.machine(),
                          "cpus": os.cpu_count()},
              "playouts": [], "determinize": [], "solve": None, "search": []}
    slugs = games or available_games()
    for slug in slugs:
        for config, unit, c_cmd in PLAYOUT_CONFIGS.get(slug) or _default_playout_configs(slug):
            row = bench_playouts(config, seconds)
            ref = bench_reference(config, seconds / 2)
            row["unit_games_per_s"] = row["games_per_s"] * unit
            row["reference_games_per_s"] = ref["games_per_s"] * unit
            row["vs_reference"] = row["games_per_s"] / ref["games_per_s"]
            if limits and c_cmd:
                c_games = max(10000, int(row["unit_games_per_s"] * seconds * 2))
                res = run_limit(limits, c_cmd.format(games=c_games))
                if res:
                    row["c_games_per_s"] = float(res["games_per_s"])
                    row["vs_c"] = row["unit_games_per_s"] / row["c_games_per_s"]
            report["playouts"].append(row)
        game = load_game(slug)
        for config in game_class(slug).EXAMPLE_CONFIGS:
            if not load_game(config).perfect_information:
                report["determinize"].append(bench_determinize(config, seconds / 2))
    if "mate" in slugs and solve_deals:
        report["solve"] = bench_mate_solve(solve_deals)
        if limits:
            res = _mate_solve_limits(limits, solve_deals)
            if res:
                report["solve_c"] = res
    if extra:
        for fn in _EXTRA_BENCHES:
            report["search"].extend(fn(seconds, slugs) or [])
    return report


_EXTRA_BENCHES = []


def register_bench(fn):
    """Later layers (search, tournaments) add measurements: fn(seconds, slugs) -> [rows]."""
    _EXTRA_BENCHES.append(fn)
    return fn


def _mate_solve_limits(limits, deals):
    exe = os.path.join(limits, "build", "o2", "mate_solve")
    if not os.path.exists(exe):
        return None
    out = subprocess.run([exe, str(deals), "1"], capture_output=True, text=True, check=False).stdout
    res = {}
    for line in out.splitlines():
        if line.startswith("RESULT"):
            kv = dict(x.split("=", 1) for x in line.split()[1:])
            name = "forcing_fixed" if kv.get("case") == "a" else "forcing_optimised"
            res[name] = {"median_ms": float(kv["median_us"]) / 1e3, "p90_ms": float(kv["p90_us"]) / 1e3,
                         "max_ms": float(kv["max_us"]) / 1e3}
    return res


def format_report(r):
    lines = [f"trickhound bench — Python {r['machine']['python']} on {r['machine']['machine']}, "
             f"{r['machine']['cpus']} cpus (one core used)", ""]
    lines.append("Random playouts (Cython loop over the State interface; dealing included)")
    lines.append(f"  {'game':44s} {'games/s':>12s} {'moves/s':>12s} {'rules.py':>10s} {'x ref':>7s} {'C -O2':>10s} {'vs C':>6s}")
    for row in r["playouts"]:
        c = f"{row['c_games_per_s']:>10,.0f} {100 * row['vs_c']:>5.0f}%" if "vs_c" in row else f"{'-':>10s} {'-':>6s}"
        lines.append(f"  {row['config']:44s} {row['unit_games_per_s']:>12,.0f} {row['moves_per_s']:>12,.0f} "
                     f"{row['reference_games_per_s']:>10,.0f} {row['vs_reference']:>6.0f}x {c}")
    if r["determinize"]:
        lines.append("")
        lines.append("Determinizations from a mid-game view")
        for row in r["determinize"]:
            lines.append(f"  {row['config']:44s} {row['per_s']:>12,.0f} /s")
    if r.get("solve"):
        lines.append("")
        lines.append("Mate exact solve, one game (alpha-beta + TT), seeded deals")
        for case, row in r["solve"].items():
            c = r.get("solve_c", {}).get(case)
            cs = f"   C -O2 median {c['median_ms']:.2f} ms" if c else ""
            lines.append(f"  {case:18s} median {row['median_ms']:6.2f} ms  p90 {row['p90_ms']:6.2f}  "
                         f"p99 {row['p99_ms']:6.2f}  max {row['max_ms']:6.2f} ms  "
                         f"{row['nodes_per_s'] / 1e6:5.1f} M nodes/s  ({row['deals']} deals){cs}")
    if r.get("search"):
        lines.append("")
        lines.append("Search")
        for row in r["search"]:
            lines.append(f"  {row['name']:44s} {row['value']:>12,.0f} {row['unit']}"
                         + (f"   ({row['note']})" if row.get("note") else ""))
    return "\n".join(lines)


def save_report(report, directory):
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, time.strftime("bench-%Y%m%d-%H%M%S.json"))
    with open(path, "w") as f:
        json.dump(report, f, indent=2)
    return path
