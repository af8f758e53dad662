"""``heuristic``: a hand-written player per game, built from that game's obvious rules of
thumb (each game's module docstring lists them). It sees only its view and searches nothing
beyond one ply, so it is fast and a fair middle rung between ``random`` and the search bots.

A game joins by adding a module here with ``choose(view, rng) -> action`` and one line in
``_GAME_MODULES``."""
import importlib

from bots.base import Bot
from bots.registry import register

_GAME_MODULES = {
    "mate": "bots.heuristic.mate",
    "mate-vic-village": "bots.heuristic.mate_vic_village",
    "mattis": "bots.heuristic.mattis",
    "dog-tag-trick": "bots.heuristic.dog_tag_trick",
}


def has_heuristic(game):
    """Whether ``game`` (a Game) has a rule-of-thumb player here."""
    return game.name in _GAME_MODULES


def choose(view, rng):
    """The rule-of-thumb action at ``view``, ties broken with ``rng`` (a solver.rng.Random)."""
    legal = view.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return importlib.import_module(_GAME_MODULES[view.game.name]).choose(view, rng)


@register
class HeuristicBot(Bot):
    """Rule-of-thumb player for each game (see bots/heuristic/<game>.py)."""

    name = "heuristic"
    games = tuple(_GAME_MODULES)

    def act(self, view):
        return choose(view, self.rng)
