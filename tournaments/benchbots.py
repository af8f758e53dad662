"""Bots for measuring the tournament runner (``trickhound bench``) — not players.

``BusyBot(ms=1.0)`` burns ``ms`` milliseconds of CPU per move (a busy loop, so it uses a core
the way a search bot does) and then plays a seeded random legal move. Use it as a plugin:
``/path/to/tournaments/benchbots.py:BusyBot(ms=1.0)``.
"""
import time

from bots.base import Bot
from solver.game import View


class BusyBot(Bot[View]):
    name = "busy"
    PARAMS = {"ms": (1.0, "milliseconds of CPU burnt per move")}
    ms: float

    def act(self, view: View) -> int:
        end = time.perf_counter() + self.ms / 1e3
        x = 0
        while time.perf_counter() < end:
            x += 1
        legal = view.legal_actions()
        return legal[self.rng.randbelow(len(legal))]


def spec(ms: float = 1.0) -> str:
    """The plugin spec of a BusyBot of ``ms`` milliseconds per move."""
    return f"{__file__.replace('.pyc', '.py')}:BusyBot(ms={ms})"
