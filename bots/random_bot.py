"""The uniform random player: the floor every other bot must clear."""
from bots.base import Bot
from bots.registry import register


@register
class RandomBot(Bot):
    """Plays a uniformly random legal action (seeded, so games replay exactly)."""

    name = "random"

    def act(self, view):
        legal = view.legal_actions()
        return legal[self.rng.randbelow(len(legal))]
