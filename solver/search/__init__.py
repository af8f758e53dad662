"""Search: ISMCTS, PIMC, UCT, alpha-beta, max^n / paranoid (docs/architecture.md §5) — the public
API.

Every search takes the position first (a :class:`~solver.game.View` for the imperfect-
information searches, a full :class:`~solver.game.State` for the perfect-information ones),
then keyword-only parameters, and returns a :class:`SearchResult`::

    from solver.search import SearchLimit, ismcts, pimc, uct, alphabeta, maxn, paranoid
    res = ismcts(view, limit=SearchLimit(iterations=20000), seed=1, rollout="policy")
    res = pimc(view, limit="iterations=20000,worlds=20", seed=1, threads=2)   # two cores
    res = alphabeta(state)                  # exact value of the round, every move's value, pv
    print(res.table(view)); res.chosen; res.values(); res.to_json()

``recommend``/``search_state`` pick the algorithm by name (the CLI's ``recommend``);
:class:`AlphaBeta` and :class:`MaxN` are reusable solvers (one transposition table kept
across calls, as PIMC does) to pass as ``solver=``. The ``_x`` modules are private;
``reference/`` holds the pure-Python twins used as test oracles. ``threads=N`` on ``ismcts``,
``pimc`` and ``recommend`` runs a root-parallel search on N cores (``parallel.py``).
"""
from dataclasses import replace
from typing import Optional, Union

from solver.game import State, View
from solver.search._alphabeta import AlphaBeta
from solver.search._ismcts import (
    cached_memory,
    ismcts_search,
    release_cached_memory,
    set_cache_limit,
)
from solver.search._maxn import MaxN
from solver.search._mcts import uct_search
from solver.search._pimc import pimc_search
from solver.search.limits import SearchLimit, SearchLimitError
from solver.search.parallel import ismcts_threads, pimc_threads
from solver.search.params import (
    DEFAULT_C,
    DEFAULT_CHANCE,
    DEFAULT_ENDGAME_BUDGET,
    DEFAULT_MAX_NODES,
    DEFAULT_OPPONENTS,
    DEFAULT_WIDEN,
)
from solver.search.recommend import (
    ALGORITHMS,
    DEFAULT_LIMITS,
    SearchParamError,
    algorithm_params,
    choose_algorithm,
    perfect_information_for,
    play_defaults,
    recommend,
    replay,
    search_state,
    split_moves,
    view_from_moves,
    view_hides_nothing,
)
from solver.search.result import ActionStats, SearchResult, build_result

__all__ = ["SearchLimit", "SearchLimitError", "SearchResult", "ActionStats", "SearchParamError",
           "ismcts", "pimc", "uct", "alphabeta", "maxn", "paranoid", "AlphaBeta", "MaxN",
           "recommend", "search_state", "play_defaults", "algorithm_params", "ALGORITHMS",
           "DEFAULT_LIMITS", "choose_algorithm", "perfect_information_for",
           "view_hides_nothing",
           "view_from_moves", "replay", "split_moves",
           "cached_memory", "release_cached_memory", "set_cache_limit"]

Limit = Union[SearchLimit, str, dict]
# The UCB value scale (params.check_scale): None (adaptive), a positive number or "bounds".
Scale = Optional[Union[float, str]]


def ismcts(view: View, *, limit: Limit, seed: int = 0, c: float = DEFAULT_C,
           objective: str = "score", horizon: str = "game", scale: Scale = None,
           observers: str = "single", max_nodes: int = DEFAULT_MAX_NODES,
           rollout: str = "random", inference: str = "none", particles: int = 64,
           threads: int = 1, endgame: int = 0, endgame_budget: int = DEFAULT_ENDGAME_BUDGET,
           cutoff: int = 0, chance: str = DEFAULT_CHANCE,
           widen: float = DEFAULT_WIDEN, opponents: str = DEFAULT_OPPONENTS) -> SearchResult:
    """Information-set MCTS for ``view.player`` (who must be to act): SO-ISMCTS, or MO-ISMCTS
    with ``observers="multi"``. The recommended action is the most visited root child.
    ``inference="policy"``: the iterations search ``particles`` worlds resampled by the
    opponent model's weights (solver/inference) instead of fresh uniform ones; ``"mcmc"``:
    ``particles`` worlds of a Markov chain that follows the model (solver/inference/mcmc.py).
    ``threads=N``: N trees searched in parallel and pooled at the root (parallel.py).
    ``endgame`` > 0 values an iteration's world exactly instead of rolling out once it is
    within that many actions of the round's end; ``cutoff`` > 0 stops rollouts after that many
    plies and adds the game's evaluation (both horizon round; 0 = off). ``chance="split"``:
    decisions after a card turned up inside a round are searched per outcome (chance nodes,
    solver/search/_ismcts.pyx); "merged" averages them over the outcomes. ``widen`` > 0:
    progressive widening below the root, the policy's moves first (_ismcts.pyx).
    ``opponents="heuristic"``: the other seats' moves in the tree are the heuristic bot's in each
    world (heuristic opponents, _ismcts.pyx); "search" chooses them by UCB."""
    if threads != 1:
        return ismcts_threads(view, limit, seed, threads, c=c, objective=objective,
                              horizon=horizon, scale=scale, observers=observers,
                              max_nodes=max_nodes, rollout=rollout, inference=inference,
                              particles=particles, endgame=endgame,
                              endgame_budget=endgame_budget, cutoff=cutoff, chance=chance,
                              widen=widen, opponents=opponents)
    return ismcts_search(view, limit, seed, c=c, objective=objective, horizon=horizon,
                         scale=scale, observers=observers, max_nodes=max_nodes, rollout=rollout,
                         inference=inference, particles=particles, endgame=endgame,
                         endgame_budget=endgame_budget, cutoff=cutoff, chance=chance,
                         widen=widen, opponents=opponents)


def pimc(view: View, *, limit: Limit, seed: int = 0, evaluator: str = "uct", c: float = DEFAULT_C,
         objective: str = "score", horizon: str = "game", scale: Scale = None,
         solver: str = "auto", node_budget: int = 200000, tt_bits: int = 16,
         evaluation: str = "auto", rollouts: int = 4, max_nodes: int = DEFAULT_MAX_NODES,
         rollout: str = "random", inference: str = "none", particles: int = 64,
         threads: int = 1, endgame: int = 0, endgame_budget: int = DEFAULT_ENDGAME_BUDGET,
         cutoff: int = 0, future: str = "known", widen: float = 0.0,
         opponents: str = DEFAULT_OPPONENTS) -> SearchResult:
    """Perfect-information Monte Carlo for ``view.player``: ``limit.worlds`` sampled worlds,
    each searched by UCT (``evaluator="uct"``) or the exact solver (``"solver"``: alpha-beta for
    two players, else max^n / paranoid within ``node_budget`` nodes). ``inference="policy"``
    resamples the worlds from ``particles`` weighted by the opponent model (solver/inference),
    ``"mcmc"`` keeps them from a Markov chain that follows it (solver/inference/mcmc.py).
    ``threads=N``: the same worlds split over N threads, the same answer (parallel.py).
    With UCT, ``endgame`` and ``cutoff`` as for :func:`uct` (0 = off); ``future="sampled"``:
    each world keeps its hands and re-draws its future chance every iteration (chance nodes in
    its tree, solver/search/_mcts.pyx), "known" searches the world's own future. ``widen`` > 0:
    each world's UCT widens progressively below its root (solver/search/_mcts.pyx).
    ``opponents="heuristic"``: the other seats in each world's UCT play as the heuristic bot
    (heuristic opponents, solver/search/_mcts.pyx)."""
    if threads != 1:
        return pimc_threads(view, limit, seed, threads, evaluator=evaluator, c=c,
                            objective=objective, horizon=horizon, scale=scale, solver=solver,
                            node_budget=node_budget, tt_bits=tt_bits, evaluation=evaluation,
                            rollouts=rollouts, max_nodes=max_nodes, rollout=rollout,
                            inference=inference, particles=particles, endgame=endgame,
                            endgame_budget=endgame_budget, cutoff=cutoff, future=future,
                            widen=widen, opponents=opponents)
    return pimc_search(view, limit, seed, evaluator=evaluator, c=c, objective=objective,
                       horizon=horizon, scale=scale, solver=solver, node_budget=node_budget,
                       tt_bits=tt_bits, evaluation=evaluation, rollouts=rollouts,
                       max_nodes=max_nodes, rollout=rollout, inference=inference,
                       particles=particles, endgame=endgame, endgame_budget=endgame_budget,
                       cutoff=cutoff, future=future, widen=widen, opponents=opponents)


def uct(state: State, *, limit: Limit, seed: int = 0, c: float = DEFAULT_C,
        objective: str = "score", horizon: str = "game", scale: Scale = None,
        max_nodes: int = DEFAULT_MAX_NODES, rollout: str = "random", endgame: int = 0,
        endgame_budget: int = DEFAULT_ENDGAME_BUDGET, cutoff: int = 0,
        opponents: str = DEFAULT_OPPONENTS) -> SearchResult:
    """UCT on a full state as a perfect-information game (values for the seat to move).
    ``endgame`` > 0: leaves within that many actions of the round's end are solved exactly and
    proven values backed up (MCTS-solver; ``result.exact`` once the root is proven);
    ``cutoff`` > 0: rollouts stop after that many plies and add the game's evaluation (both
    horizon round; 0 = off). ``opponents="heuristic"``: the other seats play as the heuristic
    bot (solver/search/_mcts.pyx)."""
    return uct_search(state, limit, seed, c=c, objective=objective, horizon=horizon,
                      scale=scale, max_nodes=max_nodes, rollout=rollout, endgame=endgame,
                      endgame_budget=endgame_budget, cutoff=cutoff, opponents=opponents)


def _exact_result(algorithm: str, state: State, out: dict, params: dict) -> SearchResult:
    """A SearchResult from a solver's answer dict: each action's value is the mover's gain to
    the end of the round (a zero-width interval when exact), the principal variation's first
    move is chosen, ``seat_values`` holds every seat's gain along it."""
    exact = bool(out["exact"])
    rows = [{"action": a, "text": state.action_to_str(a), "mean": v,
             "ci_low": v if exact else None, "ci_high": v if exact else None,
             "visits": 1, "robustness": 1.0 if a in out["best"] else 0.0}
            for a, v in out["actions"].items()]
    res = build_result(algorithm, out["player"], rows, value="round_gain", nodes=out["nodes"],
                       iterations=1, worlds=1, rank_by="mean", params=params,
                       seconds=out["seconds"], exact=exact,
                       chosen=out["pv"][0] if out["pv"] else None)
    return replace(res, pv=tuple(out["pv"]),
                   seat_values=tuple(float(x) for x in out["value"]))


def alphabeta(state: State, *, tt_bits: int = 18, kernel: bool = True, pv: bool = True,
              solver: Optional[AlphaBeta] = None) -> SearchResult:
    """Exact alpha-beta of ``state``'s current round (two players, zero-sum; the game's own
    kernel when it declares one, ``Game.EXACT_SOLVER``, unless ``kernel=False``). Every legal
    action's value is the mover's gain to the end of the round; ``pv`` a principal variation.
    ``solver``: an :class:`AlphaBeta` to reuse (its table persists across calls)."""
    ab = solver if solver is not None else AlphaBeta(state.game, tt_bits, kernel)
    out = ab.solve(state, pv)
    out["exact"] = True
    return _exact_result("alphabeta", state, out,
                         {"tt_bits": tt_bits, "kernel": ab.uses_kernel})


def _maxn(algorithm: str, state: State, paranoid_: bool, node_budget: int,
          max_depth: Optional[int], depth_step: Optional[int], tt_bits: int, evaluation: str,
          rollouts: int, seed: int, solver: Optional[MaxN]) -> SearchResult:
    mx = solver if solver is not None else MaxN(state.game, paranoid_, tt_bits, evaluation,
                                                rollouts, seed)
    if mx.paranoid != paranoid_:
        raise ValueError(f"solver= is a {'paranoid' if mx.paranoid else 'max^n'} solver")
    out = mx.solve(state, node_budget, max_depth, depth_step)
    params = {"node_budget": node_budget, "max_depth": max_depth, "tt_bits": tt_bits,
              "evaluation": evaluation, "rollouts": rollouts, "depth": out["depth"]}
    return _exact_result(algorithm, state, out, params)


def maxn(state: State, *, node_budget: int = 200000, max_depth: Optional[int] = None,
         depth_step: Optional[int] = None, tt_bits: int = 16, evaluation: str = "auto",
         rollouts: int = 4, seed: int = 0, solver: Optional[MaxN] = None) -> SearchResult:
    """max^n of ``state``'s current round (any number of players): exact when it fits
    ``node_budget`` nodes (``result.exact``), else the deepest iterative-deepening pass that
    fits, its frontier valued by ``evaluation``: "auto" (the game's fitted estimate where it has
    one, else "heuristic", its hand-written one), "fitted", "heuristic", or the mean of
    ``rollouts`` playouts, "rollout" (random) or "policy" (the rollout policy).
    ``seat_values`` holds every seat's gain along the chosen line."""
    return _maxn("maxn", state, False, node_budget, max_depth, depth_step, tt_bits, evaluation,
                 rollouts, seed, solver)


def paranoid(state: State, *, node_budget: int = 200000, max_depth: Optional[int] = None,
             depth_step: Optional[int] = None, tt_bits: int = 16, evaluation: str = "auto",
             rollouts: int = 4, seed: int = 0, solver: Optional[MaxN] = None) -> SearchResult:
    """Paranoid search of ``state``'s current round: the mover against a coalition of all the
    others (the mover's gain is maximised, the others minimise it); as :func:`maxn` otherwise."""
    return _maxn("paranoid", state, True, node_budget, max_depth, depth_step, tt_bits,
                 evaluation, rollouts, seed, solver)
