"""Why ISMCTS gains little from 16x its budget in Mate (Vic Village): on positions from seeded
heuristic play, how the root's visits spread at 1x / 16x / 64x the budget, how the root's value
moves, how noisy one iteration's return is against the gap between the two best moves, how
much a 1x and a 16x decision lose against the means of an independent 64x search (another
seed), and the UCB value scale (range of the leaf values seen vs their standard deviation).

    PYTHONPATH=$PWD python results/strength/ismcts-budget/screen_values.py GAME N BASE [C] [CUTOFF]

Per position: legal moves; per budget the top visit share, the root's mean value (over every
iteration), the gap between the two best move means and the mean sd of a move's returns; then
the regret of the 1x and 16x choices (most visited) in the 64x search's means. Last line:
averages over positions with 2+ moves.
"""
import math
import sys

from solver.game import Game, View
from solver.registry import load_game
from solver.search._ismcts import ISMCTS
from solver.search.params import objective_code
from tournaments.evaluate import calibration_positions

REFERENCE_SEED = 99     # the 64x reference search: a seed of its own, not a prefix of the 1x run


def search(game: Game, view: View, iterations: int, seed: int, c: float, cutoff: int,
           spread: bool = False) -> tuple[dict[int, tuple[int, float, float]], float]:
    """(root children with visits, value scale) of one SO-ISMCTS search at the bots' settings
    (policy rollouts, horizon round)."""
    obj, hor, _ = objective_code("score", "round")
    tree = ISMCTS(game, c, obj, hor, 0.0, False, 1 << 22, True, 0, 4096, cutoff, spread=spread)
    children = tree.search(view, iterations, seed)
    return {a: (n, s, sq) for a, n, s, sq, _avail, _greedy in children if n > 0}, tree.value_scale


def main(game_text: str, n_pos: int, base: int, c: float, cutoff: int) -> None:
    """Print one line per position and the averages."""
    game = load_game(game_text)
    rows = []
    for i, s in enumerate(calibration_positions(game, n_pos, 1)):
        if len(s.legal_actions()) < 2:
            continue
        view = s.view(s.current_player())
        line, picks, means = [], {}, {}
        for its in (base, 16 * base, 64 * base):
            stats, scale = search(game, view, its, REFERENCE_SEED if its == 64 * base else 1,
                                  c, cutoff)
            total = sum(v[0] for v in stats.values())
            picks[its] = max(stats, key=lambda a: stats[a][0])
            means[its] = {a: v[1] / v[0] for a, v in stats.items()}
            ordered = sorted(means[its].values(), reverse=True)
            sds = [math.sqrt(max(v[2] / v[0] - (v[1] / v[0]) ** 2, 0.0))
                   for v in stats.values() if v[0] > 1]
            line.append((stats[picks[its]][0] / total, sum(v[1] for v in stats.values()) / total,
                         ordered[0] - ordered[1] if len(ordered) > 1 else 0.0,
                         sum(sds) / len(sds) if sds else 0.0, scale))
        _, spread = search(game, view, base, 1, c, cutoff, spread=True)
        ref = means[64 * base]
        regret = [max(ref.values()) - ref[picks[its]] for its in (base, 16 * base)]
        rows.append([line[0][0], line[1][0], line[2][0], line[0][1], line[1][1], line[2][1],
                     line[0][3], *regret, line[0][4], spread])
        print(i, f"moves={len(ref)}", " ".join(
            f"[{m}x top={x[0]:.2f} root={x[1]:.2f} gap={x[2]:.2f} sd={x[3]:.1f}]"
            for m, x in zip((1, 16, 64), line)),
            f"regret 1x={regret[0]:.2f} 16x={regret[1]:.2f} range={line[0][4]:.1f} "
            f"spread={spread:.2f}", flush=True)
    n = len(rows)
    avg = [sum(r[k] for r in rows) / n for k in range(len(rows[0]))]
    errs = [sum(r[7 + k] > 1e-9 for r in rows) for k in range(2)]
    print(f"{n} positions: top share 1x {avg[0]:.2f} 16x {avg[1]:.2f} 64x {avg[2]:.2f}; "
          f"root value 1x {avg[3]:.2f} 16x {avg[4]:.2f} 64x {avg[5]:.2f}; move sd {avg[6]:.2f}; "
          f"regret vs 64x (seed {REFERENCE_SEED}) 1x {avg[7]:.3f} ({errs[0]} moves differ) "
          f"16x {avg[8]:.3f} ({errs[1]}); value scale: range {avg[9]:.1f} spread {avg[10]:.2f}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]),
         float(sys.argv[4]) if len(sys.argv) > 4 else 0.7,
         int(sys.argv[5]) if len(sys.argv) > 5 else 0)
