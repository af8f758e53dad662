"""The exact player for two-player games: alpha-beta on the position (Mate).

With perfect information (Mate's default rules) it plays a move the exact solver proves
optimal for the current game. With hidden information (``mate(forced_visibility=hidden)``) it
is PIMC over ``worlds`` sampled worlds, each solved exactly: it plays the action with the best
mean value across the worlds. Ties are broken by the bot's seed.
"""
from bots.base import Bot
from bots.registry import register
from solver.rng import Random, derive_seed
from solver.search._alphabeta import AlphaBeta


@register
class SolverBot(Bot):
    name = "solver"
    games = ("mate",)
    PARAMS = {
        "worlds": (24, "worlds sampled per decision when information is hidden"),
        "tt_bits": (18, "log2 of the transposition table size"),
    }

    def reset(self, game, seat, seed):
        super().reset(game, seat, seed)
        self._rng = Random(seed)
        self._solver = AlphaBeta(game, self.tt_bits)

    def _ensure(self, view):
        if not hasattr(self, "_solver") or self._solver.game != view.game:
            self.reset(view.game, view.player, self.seed)

    def action_values(self, view):
        """{action: mean exact value for this seat} over the worlds (one world when nothing
        is hidden)."""
        self._ensure(view)
        legal = view.legal_actions()
        if len(legal) == 1:
            return {legal[0]: 0.0}
        if view.game.perfect_information:
            worlds = [view.determinize(0)]
        else:
            base = self._rng.next_u64()
            worlds = [view.determinize(derive_seed(base, i)) for i in range(self.worlds)]
        totals = dict.fromkeys(legal, 0.0)
        for w in worlds:
            for a, v in self._solver.solve(w, pv=False)["actions"].items():
                totals[a] += v
        return {a: v / len(worlds) for a, v in totals.items()}

    def act(self, view):
        values = self.action_values(view)
        best = max(values.values())
        choices = [a for a, v in values.items() if v >= best - 1e-9]
        return choices[self._rng.randbelow(len(choices))]
