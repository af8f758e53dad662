"""Mate's heuristic player (rules: docs/rules/mate.md): the best action by the rules of thumb of
``solver/games/mate/_policy.pyx`` (``MatePolicy.scores``), which the searches' policy rollouts
and the opponent model share. The rules, in order:

1. Never force a card (PASS): forcing helps only with exact calculation.
2. Leading: if some lead mates now (the opponent holds neither its suit nor its rank), lead the
   mating card worth the most points.
3. Otherwise lead a card after which the opponent cannot mate us at once on his next lead,
   preferring leads he must answer while losing the trick (we keep the lead), then leads that
   leave him the fewest replies, then low-value cards (keep the high-value mating cards).
4. Following: win the trick with the cheapest winning card (we lead next); else give the card
   whose loss matters least (lowest value), preferring cards after which the opponent, to
   lead, has no immediate mate. On the tenth trick (the game ends either way) the lowest value.

The opponent's hand is known (Mate's default information model), so the view's world holds it;
with hidden forcing the heuristic reasons on one world sampled with the bot's rng. Ties are
broken by card id inside the scores, so the choice is a function of that world.
"""
from solver.game import View
from solver.rng import Random


def choose(view: View, rng: Random) -> int:
    """The rules-of-thumb action at ``view`` (one world drawn from ``rng``, as always)."""
    world = view.determinize(rng.next_u64())
    return view.game.policy.best_actions(world)[0]      # the scores have no ties
