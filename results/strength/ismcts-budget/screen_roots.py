"""How concentrated ISMCTS's root visits are at 1x and 16x its budget, on positions from seeded
heuristic play (the diagnosis of the Dog Tag Trick plateau: near-uniform visits = flat Monte
Carlo over the rollouts).

    PYTHONPATH=$PWD python results/strength/ismcts-budget/screen_roots.py GAME N BASE [C]

Per position: legal moves, the top two visit shares and the spread of the move means at each
budget, and the moves chosen with seeds 1 and 2; then how often two seeds agree.
"""
import sys

from solver.registry import load_game
from solver.search import recommend
from tournaments.evaluate import calibration_positions


def main(game_text: str, n_pos: int, base: int, c: float) -> None:
    """Print the root statistics of every position and the agreement rates."""
    game = load_game(game_text)
    kw = {"rollout": "policy", "horizon": "round", "c": c}
    agree = []
    for i, s in enumerate(calibration_positions(game, n_pos, 1)):
        view = s.view(s.current_player())
        line, chosen = [], {}
        for its in (base, 16 * base):
            results = [recommend(view, "ismcts", f"iterations={its}", seed, check=False, **kw)
                       for seed in (1, 2)]
            chosen[its] = [r.chosen for r in results]
            stats = sorted(results[0].actions, key=lambda a: -a.visits)
            total = sum(a.visits for a in stats)
            means = [a.mean for a in stats if a.visits > 0]
            line.append(f"{its}: n={len(stats)} top={stats[0].visits / total:.2f} "
                        f"2nd={stats[1].visits / total:.2f} spread={max(means) - min(means):.2f}")
        agree.append((chosen[base][0] == chosen[base][1],
                      chosen[16 * base][0] == chosen[16 * base][1],
                      chosen[base][0] == chosen[16 * base][0]))
        print(i, " | ".join(line), chosen, flush=True)
    rates = [sum(a[k] for a in agree) / len(agree) for k in range(3)]
    print("agreement 1x-1x, 16x-16x, 1x-16x:", [f"{r:.2f}" for r in rates])


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]),
         float(sys.argv[4]) if len(sys.argv) > 4 else 0.7)
