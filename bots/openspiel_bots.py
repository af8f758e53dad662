"""OpenSpiel's own Python ISMCTS and MCTS as trickhound bots, through the adapter in
``solver.interop.openspiel`` (needs the ``openspiel`` extra: ``pip install '.[openspiel]'``).

Each bot gets its seat's View, builds an OpenSpiel state from one world sampled from that view
(never the truth), and lets OpenSpiel search: ISMCTS resamples worlds itself through our
determinization; MCTS searches the one sampled world (a single-world PIMC). Their randomness
comes from numpy RandomStates seeded by the bot's seed, so games replay exactly.
"""
from typing import Any

from bots.base import MAX_ITERATIONS, Bot
from bots.registry import register
from bots.spec import BotSpecError
from solver.game import Game, View


def _openspiel() -> tuple[Any, Any, Any, Any]:
    import numpy as np
    try:
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        raise BotSpecError("OpenSpiel bots need the openspiel extra: "
                           "pip install '.[openspiel]'") from None
    from solver.interop import openspiel as adapter
    return np, ismcts, mcts, adapter


class _OpenSpielBot(Bot[View]):
    """Shared plumbing and parameters of the OpenSpiel bots."""

    PARAMS = {
        "iterations": (500, "simulations per move"),
        "c": (2.0, "UCT exploration constant"),
        "rollouts": (1, "random rollouts per leaf evaluation"),
    }
    RANGES = {"iterations": (1, MAX_ITERATIONS), "c": (0.0, 100.0), "rollouts": (1, 1000)}
    iterations: int
    c: float
    rollouts: int

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed=seed, **params)
        _openspiel()  # fail at configuration time if the extra is missing

    def reset(self, game: Game, seat: int, seed: int) -> None:
        super().reset(game, seat, seed)
        np, ismcts, mcts, adapter = _openspiel()
        self._adapter = adapter
        self._os_game = adapter.openspiel_game(game)
        self._np_rng = np.random.RandomState(seed % 2**32)
        self._bot = self._make(np, ismcts, mcts)

    def _make(self, np: Any, ismcts: Any, mcts: Any) -> Any:
        """The OpenSpiel bot that searches for this seat (each subclass builds its own)."""
        raise NotImplementedError

    def act(self, view: View) -> int:
        if not hasattr(self, "_bot") or self._os_game is None:
            self.reset(view.game, view.player, self.seed)
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        state = self._adapter.state_from_view(self._os_game, view,
                                              int(self._np_rng.randint(2**31)))
        return int(self._bot.step(state))


@register
class OpenSpielISMCTSBot(_OpenSpielBot):
    """OpenSpiel's Python ISMCTS (random-rollout evaluator) on our games (needs the openspiel
    extra: pip install '.[openspiel]')."""

    name = "openspiel-ismcts"

    def _make(self, np: Any, ismcts: Any, mcts: Any) -> Any:
        ev = mcts.RandomRolloutEvaluator(self.rollouts, self._np_rng)
        bot = ismcts.ISMCTSBot(self._os_game, ev, self.c, self.iterations,
                               random_state=self._np_rng)
        # OpenSpiel's default resampler draws from an unseeded sampler; ours is seeded.
        uniform = self._np_rng.uniform
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, uniform))
        return bot


@register
class OpenSpielMCTSBot(_OpenSpielBot):
    """OpenSpiel's Python MCTS on one world sampled from the view (single-world PIMC; needs
    the openspiel extra: pip install '.[openspiel]')."""

    name = "openspiel-mcts"

    def _make(self, np: Any, ismcts: Any, mcts: Any) -> Any:
        ev = mcts.RandomRolloutEvaluator(self.rollouts, self._np_rng)
        return mcts.MCTSBot(self._os_game, self.c, self.iterations, ev,
                            random_state=self._np_rng, solve=False)
