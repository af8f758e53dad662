"""Exact max^n cost against the actions left in the round: the measurement behind the solver
bot's EXACT_ACTIONS (bots/solver_bot.py). On seeded heuristic self-play, at every decision with
a choice at most CAP actions from the round's end (counted as the bot counts them,
exact_actions_left, in a world sampled from the mover's view), one max^n solve of that world
to the end of the round (3,000,000 nodes at most; a reused solver, 2^16 table); nodes and CPU
milliseconds per actions left, median / 90th percentile / max.

    PYTHONPATH=$PWD python results/strength/solver-hybrid/exact_cost.py "dog-tag-trick" 6 14
"""
import sys
import time
from collections import defaultdict

from bots.heuristic import choose
from bots.solver_bot import exact_actions_left
from solver.registry import load_game
from solver.rng import Random
from solver.search import MaxN


def main(config: str, games: int, cap: int, paranoid: bool = False) -> None:
    """Print the table for ``games`` seeded self-play games of ``config``."""
    game = load_game(config)
    mx = MaxN(game, paranoid, 16, "auto", 2, 0)
    stats: dict[int, list[tuple[int, bool, float]]] = defaultdict(list)
    for seed in range(1, games + 1):
        rng = Random(seed)
        s = game.new_initial_state(seed)
        while not s.is_terminal():
            view = s.view(s.current_player())
            if len(s.legal_actions()) > 1:
                world = view.determinize(rng.next_u64())
                left = exact_actions_left(world, cap)
                if left <= cap:
                    t = time.process_time()
                    out = mx.solve(world, 3_000_000)
                    stats[left].append((out["nodes"], out["exact"], time.process_time() - t))
            s.apply_action(choose(view, Random(rng.next_u64())))
    print(f"{config} ({'paranoid' if paranoid else 'max^n'}), {games} games")
    print("left  solves  exact  nodes median / p90 / max          ms median / p90 / max")
    for left in sorted(stats):
        nodes = sorted(x[0] for x in stats[left])
        ms = sorted(1000 * x[2] for x in stats[left])
        exact = sum(x[1] for x in stats[left])

        def q(a: list, f: float) -> float:
            return a[min(len(a) - 1, int(f * len(a)))]
        print(f"{left:4d}  {len(nodes):6d}  {exact:5d}  {q(nodes, .5):9d} / {q(nodes, .9):9d} /"
              f" {nodes[-1]:9d}  {q(ms, .5):8.2f} / {q(ms, .9):8.2f} / {ms[-1]:8.2f}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]),
         len(sys.argv) > 4 and sys.argv[4] == "paranoid")
