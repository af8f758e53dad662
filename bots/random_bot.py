"""The uniform random player: the floor every other bot must clear."""
from bots.base import Bot
from bots.registry import register
from solver.rng import Random


@register
class RandomBot(Bot):
    """Plays a uniformly random legal action (seeded, so games replay exactly)."""

    name = "random"

    def reset(self, game, seat, seed):
        super().reset(game, seat, seed)
        self._rng = Random(seed)

    def act(self, view):
        if not hasattr(self, "_rng"):
            self._rng = Random(self.seed)
        legal = view.legal_actions()
        return legal[self._rng.randbelow(len(legal))]
