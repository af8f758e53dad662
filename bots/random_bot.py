"""The uniform random player: the floor every other bot must clear."""
from bots.base import Bot
from bots.registry import register
from solver.game import View


@register
class RandomBot(Bot[View]):
    """Plays a uniformly random legal action (seeded, so games replay exactly)."""

    name = "random"

    def act(self, view: View) -> int:
        legal = view.legal_actions()
        return legal[self.rng.randbelow(len(legal))]
