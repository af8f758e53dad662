"""The one place where ``trickhound analyse`` and ``trickhound serve`` reach the search layer.

Everything the review and the web app need from solver/search goes through these few
functions, so a change of the search API (e.g. keyword-only entry points in
``solver.search``) is absorbed here and nowhere else.

Units: every value is a SearchResult mean in the unit its ``value`` names; the exact solvers
(alpha-beta in two-player Mate, max^n elsewhere) and PIMC with the exact solver report
``round_gain``: the points the mover gains from the position to the end of the current round.
"""
from typing import Any, Optional

from solver.game import State, View
from solver.search import (
    ALGORITHMS,
    DEFAULT_LIMITS,
    SearchLimit,
    SearchLimitError,
    SearchResult,
    alphabeta,
    play_defaults,
    recommend,
    replay,
    search_state,
    split_moves,
    view_from_moves,
)

__all__ = ["ALGORITHMS", "DEFAULT_LIMITS", "SearchLimit", "SearchLimitError", "SearchResult",
           "exact_mate_values", "play_defaults", "replay", "search_view", "solve_full_state",
           "split_moves", "view_from_moves"]


def solve_full_state(state: State, node_budget: int, seed: int = 0) -> SearchResult:
    """The double-dummy answer for the seat to move in a full (true) state: every legal
    action's gain to the end of the round, by alpha-beta (two players) or max^n (more),
    exact when the round fits ``node_budget`` nodes (``result.exact``), else the deepest
    iterative-deepening pass that fits."""
    return search_state(state, "solver", None, seed, node_budget=node_budget)


def search_view(view: View, algo: str = "solver", limit: Optional[SearchLimit | str] = None,
                seed: int = 0, **params: Any) -> SearchResult:
    """What the seat of ``view`` could have known: a search of its information set
    (``algo`` ismcts, pimc or solver; ``limit`` a SearchLimit or its text)."""
    return recommend(view, algo, limit, seed, **params)


def exact_mate_values(state: State) -> dict:
    """{action: gain to the end of the round} by the two-player alpha-beta solver (Mate);
    the oracle the review's exact losses are tested against."""
    return dict(alphabeta(state, pv=False).values())
