"""Two experimental selection rules for PIMC's move (the screen of seed 142 in README.md): the
pimc bot as it is, except for which move it plays once its worlds are searched.

``VisitsPIMC`` plays the move with the most visits summed over the worlds, ``RobustPIMC`` the
move best in the most worlds (each then the higher mean), where the pimc bot plays the best
mean over the worlds that valued the move. Not part of the product: run them by path, e.g.
``--candidate 'results/strength/dtt5p-pimc-screens/select_bots.py:VisitsPIMC(iterations=990)'``.
"""
from dataclasses import replace

from bots.search_bots import PIMCBot
from solver.game import View
from solver.search.result import ActionStats, SearchResult


class VisitsPIMC(PIMCBot):
    """pimc playing the move with the most visits summed over its worlds."""

    name = "pimc_visits"

    def rank(self, a: ActionStats) -> tuple[float, float]:
        """The key the played move maximises."""
        return (a.visits, a.mean if a.mean is not None else -1e9)

    def search(self, view: View) -> SearchResult:
        # PIMCBot.act plays search(view).chosen where it searches
        result = super().search(view)
        return replace(result, chosen=max(result.actions, key=self.rank).action)


class RobustPIMC(VisitsPIMC):
    """pimc playing the move best in the most worlds."""

    name = "pimc_robust"

    def rank(self, a: ActionStats) -> tuple[float, float]:
        return (a.robustness or 0.0, a.mean if a.mean is not None else -1e9)
