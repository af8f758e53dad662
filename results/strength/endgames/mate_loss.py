"""Mate (default options, perfect information): points lost per decision against alpha-beta's
exact values, by ISMCTS and PIMC searching as the bots do (rollout=policy, horizon=round), with
exact endgames on (endgame=22: the whole game, 2 forcing decisions + 20 cards) and off, on 60
positions sampled from seeded heuristic self-play (decisions with two or more legal moves).

    PYTHONPATH=$PWD python results/strength/endgames/mate_loss.py 8 2000

(8 self-play deals, 2000 iterations a search; PIMC over 20 worlds.) Output: mate-loss.txt.
"""
import random
import statistics
import sys
import time
from collections.abc import Callable

from bots.registry import make_bot
from bots.spec import BotSpec
from solver.game import State, View
from solver.registry import load_game
from solver.search import AlphaBeta, SearchResult, alphabeta, ismcts, pimc


def positions(deals: int, count: int = 60) -> list[State]:
    """``count`` decisions sampled (seeded) from heuristic self-play on ``deals`` deals."""
    game = load_game("mate")
    bot = make_bot(BotSpec.parse("heuristic"))
    found = []
    for d in range(deals):
        s = game.new_initial_state(1000 + d)
        bot.reset(game, 0, d)
        while not s.is_terminal():
            if len(s.legal_actions()) >= 2:
                found.append(s.clone())
            s.apply_action(bot.act(s.view(s.current_player())))
    return random.Random(5).sample(found, min(len(found), count))


def searches(iters: int) -> dict[str, Callable[[View, int], SearchResult]]:
    """The four searches compared, by label."""
    common = {"horizon": "round", "rollout": "policy"}
    return {
        "ismcts eg=0": lambda v, sd: ismcts(v, limit=f"iterations={iters}", seed=sd, **common),
        "ismcts eg=22": lambda v, sd: ismcts(v, limit=f"iterations={iters}", seed=sd,
                                             endgame=22, **common),
        "pimc eg=0": lambda v, sd: pimc(v, limit=f"iterations={iters},worlds=20", seed=sd,
                                        **common),
        "pimc eg=22": lambda v, sd: pimc(v, limit=f"iterations={iters},worlds=20", seed=sd,
                                         endgame=22, **common),
    }


def main(deals: int, iters: int) -> None:
    """Print each search's mean loss per decision with a 95% normal interval."""
    pos = positions(deals)
    ab = AlphaBeta(load_game("mate"))
    cfgs = searches(iters)
    loss: dict[str, list[float]] = {k: [] for k in cfgs}
    cpu = dict.fromkeys(cfgs, 0.0)
    for i, s in enumerate(pos):
        exact = {a.action: a.mean for a in alphabeta(s, solver=ab).actions}
        best = max(exact.values())
        view = s.view(s.current_player())
        for k, search in cfgs.items():
            t0 = time.process_time()
            res = search(view, i)
            cpu[k] += time.process_time() - t0
            loss[k].append(best - exact[res.chosen])
    n = len(pos)
    print(f"Mate, {n} positions from {deals} heuristic self-play deals, {iters} iterations")
    for k, xs in loss.items():
        m, se = statistics.mean(xs), statistics.stdev(xs) / n ** 0.5
        print(f"{k:14s} loss/decision {m:6.2f} +- {1.96 * se:5.2f} (95%)  zero-loss "
              f"{sum(x == 0 for x in xs)}/{n}  cpu ms/decision {1000 * cpu[k] / n:.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
