"""Search: ISMCTS, PIMC, UCT, alpha-beta, max^n / paranoid (DESIGN §5).

Entry points: :func:`solver.search.recommend.recommend` (a View -> SearchResult),
:func:`solver.search.recommend.search_state` (a true State, for oracles), and per algorithm
``_ismcts.ismcts_search``, ``_pimc.pimc_search`` / ``solve_state``, ``_mcts.uct_search``,
``_maxn.MaxN``, ``_alphabeta.AlphaBeta``. Budgets are :class:`SearchLimit`, answers
:class:`SearchResult`. ``reference/`` holds the pure-Python twins used as test oracles.
"""
from solver.search.limits import SearchLimit, SearchLimitError
from solver.search.result import ActionStats, SearchResult

__all__ = ["SearchLimit", "SearchLimitError", "SearchResult", "ActionStats"]
