"""Speed of the searches, per game configuration (for ``trickhound bench``).

    python -m solver.search.bench [--seconds S] [CONFIG ...]

Positions are built from seeded random play, the same for every run:

* the *opening*: the first lead of round 1 (after Mate's two forcing decisions and Mate (Vic
  Village)'s discards; the first decision elsewhere);
* the *endgame*: the position ``4 * players`` plies (4 tricks in the trick games) before the
  end of round 1, where the exact solvers are meant to be exact.

Measured: ISMCTS iterations/s (one random rollout each, to the end of the game and to the end
of the round), UCT iterations/s on one determinized world, PIMC worlds/s with the exact solver
(opening: within the default node budget, hence usually depth-limited; endgame: exact), and the
median / max time of an exact max^n and paranoid solve of the endgame.
"""
import argparse
import json
import statistics
import time
from typing import Optional

from solver.game import Game, State, View
from solver.registry import example_configs, load_game
from solver.search import MaxN, maxn, paranoid, pimc
from solver.search._ismcts import bench_ismcts
from solver.search._mcts import UCT
from solver.search._playout import run_determinizations, run_lengths, run_playouts
from solver.search.limits import SearchLimit

# The raw speed probes the bench layer (tournaments/bench) times, public from here.
__all__ = ["bench_ismcts", "run_playouts", "run_determinizations", "run_lengths", "random_line",
           "opening_state", "endgame_state", "pimc_worlds_per_s", "bench_config", "ENDGAME_BUDGET"]

ENDGAME_BUDGET = 500_000     # nodes per endgame solve (exact when it fits)
OPENING_WORLDS = 8


def random_line(game: Game, seed: int) -> list[State]:
    """Every state of one seeded uniformly random game, the deal first."""
    import random
    rnd = random.Random(seed)
    s = game.new_initial_state(seed)
    line = [s.clone()]
    while not s.is_terminal():
        s.apply_action(rnd.choice(s.legal_actions()))
        line.append(s.clone())
    return line


def opening_state(game: Game, seed: int = 1) -> State:
    """The first lead of round 1 of a seeded random game (after ``game.setup_plies()``)."""
    line = random_line(game, seed)
    k = game.setup_plies()      # the decisions before the first lead of round 1 (Game contract)
    return line[min(k, len(line) - 2)]


def endgame_state(game: Game, seed: int = 1, tricks: int = 4) -> Optional[State]:
    """``tricks * players`` plies before the end of round 1 (None if the round is shorter)."""
    line = random_line(game, seed)
    for i in range(1, len(line)):
        if line[i].is_terminal() or line[i].round() != line[i - 1].round():
            j = i - tricks * game.num_players
            return line[j] if j >= 0 and line[j].round() == line[i - 1].round() else None
    return None


def pimc_worlds_per_s(view: View, worlds: int, node_budget: int = 200000) -> float:
    """Worlds solved per second by PIMC with the exact solver (with perfect information PIMC
    solves one world; the rate is then that of repeated solves)."""
    n = 1 if view.game.perfect_information else worlds
    reps = worlds if n == 1 else 1
    t0 = time.perf_counter()
    for r in range(reps):
        pimc(view, limit=SearchLimit(iterations=1, worlds=n), seed=r, evaluator="solver",
             node_budget=node_budget)
    return n * reps / (time.perf_counter() - t0)


def bench_config(config: str, seconds: float = 1.0, endgames: int = 25) -> dict:
    """Every search speed of one game configuration (see the module docstring)."""
    game = load_game(config)
    s = opening_state(game)
    view = s.view(s.current_player())
    out = {"config": config, "players": game.num_players, "opening": s.summary()}
    its = max(2000, int(100000 * seconds))
    out["ismcts_game_its_per_s"] = bench_ismcts(view, its, 1)
    out["ismcts_round_its_per_s"] = bench_ismcts(view, its, 1, horizon="round")
    uct = UCT(game)
    world = view.determinize(1)
    t0 = time.perf_counter()
    uct.search(world, its, 1)
    out["uct_game_its_per_s"] = its / (time.perf_counter() - t0)

    out["pimc_solver_worlds_per_s_opening"] = pimc_worlds_per_s(view, OPENING_WORLDS)
    times, ptimes, exact, wps = [], [], 0, []
    mx, par = MaxN(game), MaxN(game, paranoid=True)     # reused, as PIMC does
    for seed in range(1, endgames + 1):
        e = endgame_state(game, seed)
        if e is None:
            continue
        m = maxn(e, node_budget=ENDGAME_BUDGET, solver=mx)
        times.append(m.seconds)
        exact += m.exact
        ptimes.append(paranoid(e, node_budget=ENDGAME_BUDGET, solver=par).seconds)
        if seed <= 3:
            wps.append(pimc_worlds_per_s(e.view(e.current_player()), 10, ENDGAME_BUDGET))
    if times:
        out["endgame"] = f"last 4 tricks of round 1 ({4 * game.num_players} plies)"
        out["maxn_exact_median_ms"] = 1000 * statistics.median(times)
        out["maxn_exact_max_ms"] = 1000 * max(times)
        out["maxn_exact_fraction"] = exact / len(times)
        out["paranoid_median_ms"] = 1000 * statistics.median(ptimes)
        out["pimc_solver_worlds_per_s_endgame"] = statistics.median(wps) if wps else None
    return out


def main(argv: Optional[list[str]] = None) -> None:
    """``python -m solver.search.bench``: print (or --json) bench_config for each config."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("configs", nargs="*", help="game strings (default: every example config)")
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows = [bench_config(c, args.seconds) for c in (args.configs or example_configs())]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    for r in rows:
        print(f"{r['config']}  ({r['players']} players; opening: {r['opening']})")
        print(f"  ISMCTS it/s: {r['ismcts_game_its_per_s']:,.0f} (rollout to game end), "
              f"{r['ismcts_round_its_per_s']:,.0f} (to round end); UCT on a world: "
              f"{r['uct_game_its_per_s']:,.0f}")
        line = (f"  PIMC-solver worlds/s: {r['pimc_solver_worlds_per_s_opening']:,.1f}"
                " at the opening")
        if "maxn_exact_median_ms" in r:
            line += (f", {r['pimc_solver_worlds_per_s_endgame']:,.1f} at the endgame\n"
                     f"  {r['endgame']}: max^n median {r['maxn_exact_median_ms']:.2f} ms "
                     f"(max {r['maxn_exact_max_ms']:.1f}, exact {r['maxn_exact_fraction']:.0%}), "
                     f"paranoid median {r['paranoid_median_ms']:.2f} ms")
        print(line)


if __name__ == "__main__":
    main()
