"""``heuristic``: the best action by the game's rules of thumb (its ``Policy`` scores, in
``solver/games/<game>/_policy.pyx``: the same scores the policy rollouts and the opponent model
use). It sees only its view and searches nothing beyond one ply, so it is fast and a fair
middle rung between ``random`` and the search bots.

Every game has a policy, so every game has a heuristic player: by default it scores one world
drawn from the view with the bot's rng and breaks ties with the rng. A game whose player needs
more (a tie tolerance, a fixed world) adds a module here with ``choose(view, rng) -> action``
and one line in ``_GAME_MODULES``."""
import importlib

from bots.base import Bot
from bots.registry import register
from solver.game import Game, View
from solver.rng import Random

_GAME_MODULES = {
    "mate": "bots.heuristic.mate",
    "mate-vic-village": "bots.heuristic.mate_vic_village",
    "mattis": "bots.heuristic.mattis",
    "dog-tag-trick": "bots.heuristic.dog_tag_trick",
}


def has_heuristic(game: Game) -> bool:
    """Whether ``game`` has rules of thumb of its own (a Policy subclass), not only the base
    policy's uniform scores."""
    return game.POLICY is not None


def choose_by_policy(view: View, rng: Random) -> int:
    """The best-scoring action in one world of ``view`` drawn from ``rng``, ties broken by
    ``rng``."""
    world = view.determinize(rng.next_u64())
    best = view.game.policy.best_actions(world)
    return best[rng.randbelow(len(best))] if len(best) > 1 else best[0]


def choose(view: View, rng: Random) -> int:
    """The rule-of-thumb action at ``view``, ties broken with ``rng`` (a solver.rng.Random)."""
    legal = view.legal_actions()
    if len(legal) == 1:
        return legal[0]
    module = _GAME_MODULES.get(view.game.name)
    if module is None:
        return choose_by_policy(view, rng)
    return int(importlib.import_module(module).choose(view, rng))


@register
class HeuristicBot(Bot[View]):
    """Rule-of-thumb player for every game (its Policy's scores; see the module docstring)."""

    name = "heuristic"

    def act(self, view: View) -> int:
        return choose(view, self.rng)
