"""Mattis's heuristic player (rules: docs/rules/mattis.md): the best action by the rules of thumb
of ``solver/games/mattis/_policy.pyx`` (``MattisPolicy.scores``; its docstring gives the rules
in full), which the searches' policy rollouts and the opponent model share:

1. Worth of a card for phase 2: a 2-4 is junk, a 5-7 poor, 8-10 neutral, J-A good, a trump
   better still; while trumps are unknown every card counts a quarter as a trump.
2. Phase 1, one ply: play the card with the best expected gain (the chance it takes the trick
   against the cards we have not seen x the worth of the trick, minus the other chance x the
   worth of the card given away).
3. BLIND is scored the same way over the unseen cards: the way out when every hand card would
   take a junk trick.
4. Phase 2: going out beats everything.
5. Following: beat with the cheapest lay (the top's suit before a trump, the longest run, the
   lowest rank).
6. Keep trumps: pick up rather than beat with a trump that would not complete the trick.
7. Leading: the lowest plain card, as the longest run from it, trumps last.
8. After LONG_GAME actions per player in phase 2 (most likely a cycle) lead a random lay and
   stop saving trumps, so that the game ends.

The rules read only what the seat knows (phase 1: its own hand, the public trick and won piles;
phase 2: everything, as the rules make it public), so any world of the view scores alike. One
ply at most, no sampling; equal best scores are broken with the rng.
"""
from solver.game import View
from solver.rng import Random

# Any fixed seed: the scores do not depend on the hidden cards a world re-deals.
_WORLD_SEED = 0


def choose(view: View, rng: Random) -> int:
    """The rules-of-thumb action at ``view``; one rng draw when several actions tie."""
    best = view.game.policy.best_actions(view.determinize(_WORLD_SEED))
    return best[rng.randbelow(len(best))] if len(best) > 1 else best[0]
