"""The player interface every bot implements, built-in or plugin.

A bot sees only its seat's :class:`solver.game.View` — never the true state — unless it is an
oracle (``cheats = True``), which the referee hands the full ``State`` instead and every report
marks. A minimal plugin::

    from bots.base import Bot

    class FirstLegal(Bot):
        name = "first-legal"
        def act(self, view):
            return view.legal_actions()[0]
"""
from collections.abc import Collection
from typing import Any, Generic, Optional, TypeVar

from solver.game import Game, State, View
from solver.rng import Random

#: Upper bounds of the common search budgets (a bot's ``RANGES`` use them). Beyond them one
#: decision takes minutes to hours on one core: such a count is a typo, not a plan.
MAX_ITERATIONS = 10_000_000
MAX_WORLDS = 10_000
MAX_SECONDS = 3600.0


#: What a bot's ``act`` is handed: its seat's View, or the full State for an oracle (``cheats``).
Observation = TypeVar("Observation", View, State)


class Bot(Generic[Observation]):
    """Base class of all players.

    Class attributes a bot may set:
      ``name``: its registry name; ``cheats``: True for oracles; ``games``: the game slugs it
      supports (None = every game); ``PARAMS``: {name: (default, doc)} of its keyword
      parameters (types are taken from the defaults); ``CHOICES``: {name: allowed values} for
      the parameters that take one of a few words; ``RANGES``: {name: (low, high)} for the
      numeric ones, both ends inclusive, ``None`` for no bound. A spec whose value is out of
      range is refused when the tournament (or match) is configured, before any game: an
      absurd budget such as ``iterations=10**12`` would otherwise forfeit every game or run
      for days.
    """

    name = "bot"
    cheats = False
    interactive = False     # True for bots that read from a person (never in unattended runs)
    games: Optional[Collection[str]] = None
    PARAMS: dict[str, tuple[Any, str]] = {}
    CHOICES: dict[str, tuple[Any, ...]] = {}
    RANGES: dict[str, tuple[Optional[float], Optional[float]]] = {}
    _rng: Optional[Random]

    def __init__(self, seed: int = 0, **params: Any) -> None:
        unknown = set(params) - set(self.PARAMS)
        if unknown:
            raise TypeError(f"unknown parameter {', '.join(sorted(unknown))} for bot {self.name}")
        self.seed = seed
        for key, (default, _doc) in self.PARAMS.items():
            setattr(self, key, params.get(key, default))

    @classmethod
    def supports(cls, game: Game) -> bool:
        """Whether this bot can play ``game`` (a Game)."""
        return cls.games is None or game.name in cls.games

    def reset(self, game: Game, seat: int, seed: int) -> None:
        """Called before every game with the game, this bot's seat and its seed for the game."""
        self.game, self.seat, self.seed = game, seat, seed
        self._rng = None

    @property
    def rng(self) -> Random:
        """This bot's seeded stream (solver.rng.Random): it restarts from the game's seed at
        every reset (from the constructor's seed if the bot acts without one), so a game
        replays exactly."""
        rng = getattr(self, "_rng", None)
        if rng is None:
            rng = self._rng = Random(self.seed)
        return rng

    def next_seed(self) -> int:
        """A fresh non-negative seed from ``rng``, e.g. one per search."""
        return int(self.rng.next_u64() >> 1)

    def act(self, view: Observation) -> int:
        """The action to play; ``view`` is this seat's View (the State, for oracles)."""
        raise NotImplementedError

    def observe(self, view: View, seat: int, action: int | None) -> None:
        """Called after every action with this bot's new view: ``seat`` played ``action``, or
        ``action`` is None when this seat cannot tell which move it was (a card played face
        down: solver/observation.py)."""

    def __repr__(self) -> str:
        params = ",".join(f"{k}={getattr(self, k)!r}" for k in self.PARAMS)
        return f"{type(self).__name__}({params})"
