"""Mate (Vic Village) heuristic: the game's rules of thumb, played greedily. They are
implemented once, in ``solver/games/mate_vic_village/_policy.pyx`` (``MateVicVillagePolicy``,
whose docstring details them and which the search rollouts and the opponent model also use):

1. Score is relative: a point I gain counts +1, a point an opponent gains -1/(n-1). STAY: lose
   the trick; GO!: win it (+W) or be 2nd (a reward card, the mean number left in the pile).
2. Last to play: the trick's outcome is certain (§6.4-6.5): take the exact best of it.
3. Earlier in the trick: the odds that a card holds the trick, from the unseen cards
   (hypergeometric, per later seat, with its public voids and the follow rule), halfway
   between a random follower and one who beats me when he can (GO!) or must (STAY).
4. Leading GO-N with an N is the best lead; a low lead into STAY is safe.
5. Plan the hand: keep as many cards as GO! tricks remain, the best placed there; every other
   card is a STAY liability. Each play maximizes this trick's value plus the plan left.
6. Voids are worth having: playing the last card of a colour earns a bonus.
7. Discard: the card (4 players) or pair (3 players) leaving the best plan, plus the void
   bonus per colour it empties.

The decision reads one redacted world (``view.determinize(0)``, a fixed seed): the policy's
scores use only the public facts and this seat's own cards, so the choice is a function of the
view. Ties (scores within ``TIE``) are broken with ``rng``.
"""
from solver.game import View
from solver.rng import Random

# Scores this close to the best count as tied (broken by the bot's rng).
TIE = 1e-9


def choose(view: View, rng: Random) -> int:
    """The action with the best rules-of-thumb score at ``view`` (its seat must be to act);
    among near-equal best scores, one drawn with ``rng`` (one draw, only when they tie)."""
    world = view.determinize(0)
    legal = view.legal_actions()
    scores = world.game.policy.scores(world, legal)
    best = max(scores)
    top = [a for a, v in zip(legal, scores) if v >= best - TIE]
    return top[rng.randbelow(len(top))] if len(top) > 1 else top[0]
