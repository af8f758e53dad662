"""ISMCTS's UCB value scale at 1x and 16x the budget: the range of the leaf values seen (the
default) and their pooled within-seat standard deviation (scale="spread"), on positions from
seeded heuristic play (policy rollouts, horizon round, c = 0.7).

    PYTHONPATH=$PWD python results/strength/ismcts-budget/screen_scale.py GAME N BASE
"""
import statistics
import sys

from solver.registry import load_game
from solver.search._ismcts import ISMCTS
from solver.search.params import objective_code
from tournaments.evaluate import calibration_positions


def main(game_text: str, n_pos: int, base: int) -> None:
    """Print range 1x, range 16x, sd 1x, sd 16x per position, then their medians."""
    game = load_game(game_text)
    obj, hor, _ = objective_code("score", "round")
    rows = []
    for s in calibration_positions(game, n_pos, 1):
        view = s.view(s.current_player())
        row = []
        for spread in (False, True):
            for its in (base, 16 * base):
                tree = ISMCTS(game, 0.7, obj, hor, 0.0, False, 1 << 21, True, spread=spread)
                tree.search(view, its, 1)
                row.append(tree.value_scale)
        rows.append(row)
        print(" ".join(f"{x:.2f}" for x in row), flush=True)
    for k, name in enumerate(("range 1x", "range 16x", "sd 1x", "sd 16x")):
        print(name, f"median {statistics.median(r[k] for r in rows):.2f}")
    print(f"range/sd at 1x median {statistics.median(r[0] / r[2] for r in rows):.1f}; "
          f"range 16x/1x median {statistics.median(r[1] / r[0] for r in rows):.2f}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
