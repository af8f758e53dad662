"""Perfect Information Monte Carlo (determinized search) over a ``View``.

Once per decision, ``worlds`` determinizations are sampled from the view (``view.world`` copied
and re-dealt by ``determinize_c`` with the search's own seeded stream); the *same* worlds serve
every candidate action. Each world is searched as a perfect-information game by

* ``evaluator="uct"``: UCT with random rollouts (``_mcts.UCT``, one arena reused across
  worlds); the iteration budget is split evenly over the worlds (a time budget too), and an
  action's value in a world is its root child's mean; the world's best action is its most
  visited child. With ``endgame`` > 0 (horizon round) each world's UCT is an MCTS-solver with
  exact endgames: a world whose root gets proven stops early, its actions are worth their
  exact values, its best actions are the optimal ones, and the iterations it did not use go to
  the next world. ``cutoff`` > 0 cuts its rollouts short (see ``_mcts``). ``future``: each
  world's UCT knows its future chance (``"known"``, the default) or re-draws it every iteration
  with chance nodes where rounds reveal chance (``"sampled"``, see ``_mcts``: the world fixes
  the hands, not the future); or
* ``evaluator="solver"``: the exact solver of the current round: two-player alpha-beta
  (``_alphabeta``, zero-sum games) or max^n / paranoid for any number of players (``_maxn``;
  exact when it fits ``node_budget``, depth-limited with an evaluation otherwise). Values are
  the round's score gain; a world's best actions are all its optimal ones. With perfect
  information there is nothing to sample and one world is solved.

Per action: the mean over worlds, a 95% interval over worlds (with one world: the UCT tree's
interval, or zero width for the solver), visits, and robustness = the fraction of worlds in
which the action was best. The recommendation is the best mean (then robustness, then action
id). Reproducible for a seed and an iteration/world-bound limit.
"""
from libc.stdint cimport uint64_t

import time

from solver.game cimport Game, State, View
from solver.rng cimport Rng, rng_seed
from solver.search._common cimport monotonic
from solver.search._mcts cimport UCT
from solver.search._mcts import check_future, check_future_endgame

from solver.search.params import (DEFAULT_C, DEFAULT_ENDGAME_BUDGET, DEFAULT_MAX_NODES,
                                  DEFAULT_WORLDS, as_limit, check_c, check_cutoff, check_endgame,
                                  check_endgame_budget, check_rollout, check_max_nodes,
                                  check_scale, check_to_act, objective_code, seed_int)
from solver.search.result import build_result, mean_interval
from solver.inference.weighted import DEFAULT_PARTICLES, check_inference, sample_worlds
from solver.rng import Random, derive_seed

EVALUATORS = ("uct", "solver")
SOLVERS = ("auto", "alphabeta", "maxn", "paranoid")


def uct_world_seed(seed, int world):
    """The seed of world ``world``'s UCT search (evaluator uct) in a PIMC search seeded by
    ``seed``: one stream per world, independent of the order the worlds are searched in."""
    return derive_seed(int(seed), "uct-world", world)


def _solver_for(Game game, solver, node_budget, tt_bits, evaluation, rollouts, seed):
    """(name, callable (state, seconds or None) -> (actions {a: value}, nodes, exact), callable
    to call when done with it): max^n deepens within ``node_budget`` nodes and, when given, the
    seconds (alpha-beta is exact). The max^n solver is a kept one reset to ``seed`` when one is
    idle (parallel.take_maxn: the same search as a new one, without a new one's set-up)."""
    if solver not in SOLVERS:
        raise ValueError(f"solver must be one of {', '.join(SOLVERS)}, not {solver!r}")
    if solver == "auto":
        solver = ("alphabeta" if game.num_players == 2 and game.utility_sum() is not None
                  else "maxn")
    if solver == "alphabeta":
        from solver.search._alphabeta import AlphaBeta
        ab = AlphaBeta(game, max(tt_bits, 8))

        def run(State w, time_s):
            r = ab.solve(w, False)
            return r["actions"], r["nodes"], True
        return solver, run, lambda: None
    from solver.search.parallel import give_maxn, take_maxn
    paranoid = solver == "paranoid"
    # the kept solver of a thread search's first thread (its own policy instance: the same
    # answers as the game's shared one, and one kept solver serves both paths)
    mx = take_maxn(game, paranoid, tt_bits, evaluation, rollouts, seed)

    def run(State w, time_s):
        r = mx.solve(w, node_budget, time_s=time_s, order_ties=False)
        return r["actions"], r["nodes"], r["exact"]
    return solver, run, lambda: give_maxn(mx, paranoid, tt_bits, evaluation, rollouts)


cdef tuple _evaluate(list worlds, int player, object limit, Rng* rng, str evaluator, double c,
                     str objective, str horizon, object scale, str solver, long long node_budget,
                     int tt_bits, str evaluation, int rollouts, long long max_nodes, double t0,
                     uint64_t seed, bint policy=False, int endgame=0,
                     long long endgame_budget=DEFAULT_ENDGAME_BUDGET, int cutoff=0,
                     str future="known"):
    cdef State w0 = <State>worlds[0]
    cdef Game game = w0.game
    cdef UCT uct
    cdef Rng wrng
    cdef double deadline = 0.0, start
    cdef long long iters, per
    cdef int W = len(worlds), wi
    per_world = []          # per world: {action: value}
    best_sets = []          # per world: set of best actions
    visits = {}
    tree_stats = None
    single_exact = {}       # with one world whose root is proven: {action: exact value}
    nodes = 0
    iterations = 0
    all_exact = True
    acts = w0.legal_actions()
    if evaluator == "uct":
        obj, hor, kind = objective_code(objective, horizon)
        uct = UCT(game, c, obj, hor, check_scale(scale, game, objective, horizon), max_nodes, policy,
                  endgame, endgame_budget, cutoff, future=future)
        start = monotonic()
        for wi in range(W):
            if limit.iterations is not None:
                # an even share per world: a world proven before its share is spent leaves the
                # rest unspent (handing it on would tie each world's budget to the ones before
                # it, and threads=N would no longer give the threads=1 answer)
                iters = limit.iterations // W + (1 if wi < limit.iterations % W else 0)
            else:
                iters = 1 << 62
            if limit.time_s is not None:
                deadline = start + limit.time_s * (wi + 1) / W
            # Each world's UCT has its own stream (uct_world_seed), so that the worlds can be
            # split over threads (solver/search/parallel.py) and give this very answer.
            rng_seed(&wrng, uct_world_seed(seed, wi))
            uct.reset(<State>worlds[wi])
            uct.run(iters, deadline, &wrng)
            children = uct.root_children()
            exact_vals = uct.root_exact() if uct.root_proven else {}
            vals = {}
            for a, n, tot, sq in children:
                visits[a] = visits.get(a, 0) + n
                if a in exact_vals:
                    vals[a] = exact_vals[a]
                elif n > 0:
                    vals[a] = tot / n
            per_world.append(vals)
            if exact_vals:
                top = max(exact_vals.values())
                best_sets.append({a for a, v in exact_vals.items() if v >= top - 1e-9})
            elif any(n > 0 for _, n, _, _ in children):
                most = min(children, key=lambda ch: (-ch[1], -(ch[2] / ch[1]) if ch[1] else 0.0, ch[0]))
                best_sets.append({most[0]})
            else:
                best_sets.append(set())
            nodes += uct.count
            iterations += uct.iterations
            if W == 1:
                tree_stats = {a: (n, tot, sq) for a, n, tot, sq in children}
                single_exact = exact_vals
        all_exact = W == 1 and bool(single_exact)
    else:
        if objective != "score":
            raise ValueError("the exact solvers maximise the round's score (objective=score)")
        kind = "round_gain"
        solver, run, done = _solver_for(game, solver, node_budget, tt_bits, evaluation,
                                        rollouts, seed)
        try:
            for wi in range(W):
                share = None
                if limit.time_s is not None:
                    left = limit.time_s - (time.perf_counter() - t0)
                    if wi > 0 and left <= 0:
                        break
                    share = max(left, 1e-6) / (W - wi)   # the time left, shared by the worlds left
                values, n_nodes, exact = run(<State>worlds[wi], share)
                per_world.append(values)
                top = max(values.values())
                best_sets.append({a for a, v in values.items() if v >= top - 1e-9})
                for a in values:
                    visits[a] = visits.get(a, 0) + 1
                nodes += n_nodes
                iterations += 1
                all_exact = all_exact and exact
        finally:
            done()
    used = len(per_world)
    rows = []
    for a in acts:
        vs = [pw[a] for pw in per_world if a in pw]
        if a in single_exact:           # the one world is proven: its exact values
            mean = lo = hi = single_exact[a]
        elif tree_stats is not None:
            n, tot, sq = tree_stats.get(a, (0, 0.0, 0.0))
            mean, lo, hi = mean_interval(tot, sq, n)
        else:
            mean, lo, hi = mean_interval(sum(vs), sum(x * x for x in vs), len(vs))
        rob = sum(1 for b in best_sets if a in b) / used if used else None
        rows.append({"action": a, "text": w0.action_to_str(a), "mean": mean, "ci_low": lo,
                     "ci_high": hi, "visits": visits.get(a, 0), "robustness": rob})
    return rows, kind, nodes, iterations, used, all_exact, solver


def _checked_args(game, evaluator, c, objective, horizon, scale, endgame, cutoff,
                  endgame_budget, max_nodes, future="known"):
    """The checks both PIMC entry points make of their arguments (ValueError naming the bad
    one); returns ``c`` as checked."""
    if evaluator not in EVALUATORS:
        raise ValueError(f"evaluator must be one of {', '.join(EVALUATORS)}, not {evaluator!r}")
    check_future(future)
    if future != "known" and evaluator != "uct":
        raise ValueError(f"future={future} needs evaluator=uct (the solver evaluator knows "
                         "each world's future)")
    if evaluator == "uct":
        objective_code(objective, horizon)
        c = check_c(c)
        check_scale(scale, game, objective, horizon)
        check_endgame(endgame, horizon)
        check_cutoff(cutoff, horizon)
        check_endgame_budget(endgame_budget)
        check_future_endgame(game, future, endgame)
    check_max_nodes(max_nodes)
    return c


def _result_params(evaluator, c, objective, horizon, scale, max_nodes, rollout, endgame,
                   endgame_budget, cutoff, solver_used, node_budget, evaluation, rollouts,
                   tt_bits):
    """The SearchResult's params of a PIMC search: its evaluator's settings."""
    if evaluator == "uct":
        return {"evaluator": "uct", "c": c, "objective": objective, "horizon": horizon,
                "scale": scale, "max_nodes": max_nodes, "rollout": rollout,
                "endgame": endgame, "endgame_budget": endgame_budget, "cutoff": cutoff}
    return {"evaluator": "solver", "solver": solver_used, "node_budget": node_budget,
            "evaluation": evaluation, "rollouts": rollouts, "tt_bits": tt_bits}


def pimc_search(View view, limit, seed=0, evaluator="uct", c=DEFAULT_C, objective="score",
                horizon="game", scale=None, solver="auto", node_budget=200000, tt_bits=16,
                evaluation="auto", rollouts=4, max_nodes=DEFAULT_MAX_NODES, rollout="random",
                inference="none", particles=DEFAULT_PARTICLES, endgame=0,
                endgame_budget=DEFAULT_ENDGAME_BUDGET, cutoff=0, future="known"):
    """PIMC for ``view.player`` (who must be to act). Returns a SearchResult (algorithm
    "pimc"). ``limit.worlds`` worlds are sampled (default 20; one for the solver when the game
    has perfect information): uniformly (``inference="none"``), or (``"policy"``) resampled
    from ``particles`` candidates weighted by the opponent model (solver/inference), whose
    effective sample size the result's params report as ``ess``. With ``evaluator="uct"``,
    ``endgame`` > 0 solves worlds within that many actions of the round's end exactly
    (MCTS-solver, ``endgame_budget`` nodes a solve) and ``cutoff`` > 0 stops rollouts after
    that many plies (both horizon round; 0 = off). ``future``: a world's UCT knows the world's
    future chance (``"known"``) or re-draws it every iteration (``"sampled"``, ``_mcts``); the
    solver evaluator always knows it."""
    cdef Rng rng
    cdef State w
    cdef int W, i
    limit = as_limit(limit)
    seed = seed_int(seed)
    c = _checked_args(view.world.game, evaluator, c, objective, horizon, scale, endgame,
                      cutoff, endgame_budget, max_nodes, future)
    check_to_act(view)
    t0 = time.perf_counter()
    game = view.world.game
    W = limit.worlds if limit.worlds is not None else DEFAULT_WORLDS
    if evaluator == "solver" and game.perfect_information:
        W = 1
    check_inference(inference)
    if particles < 1:
        raise ValueError("particles must be >= 1")
    rng_seed(&rng, <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF))
    ess = None
    if inference == "policy" and not game.perfect_information:
        worlds, ess = sample_worlds(view, W, Random(derive_seed(seed, "inference")), inference,
                                    particles)
    else:
        worlds = []
        for i in range(W):
            w = view.world.clone()
            w.determinize_c(view.player, &rng)
            worlds.append(w)
    rows, kind, nodes, iterations, used, exact, solver_used = _evaluate(
        worlds, view.player, limit, &rng, evaluator, c, objective, horizon, scale, solver,
        node_budget, tt_bits, evaluation, rollouts, max_nodes, t0,
        <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF), check_rollout(rollout),
        endgame if evaluator == "uct" else 0, endgame_budget, cutoff if evaluator == "uct" else 0,
        future)
    params = _result_params(evaluator, c, objective, horizon, scale, max_nodes, rollout,
                            endgame, endgame_budget, cutoff, solver_used, node_budget,
                            evaluation, rollouts, tt_bits)
    if evaluator == "uct":
        params["future"] = future
    return build_result("pimc", view.player, rows, value=kind, nodes=nodes, iterations=iterations,
                        worlds=used, rank_by="mean",
                        params=dict(params, inference=inference, particles=particles, ess=ess),
                        limit=limit, seed=seed,
                        seconds=time.perf_counter() - t0,
                        exact=exact and used == 1 and game.perfect_information)


def pimc_chance_search(State state, limit, seed=0, evaluator="uct", c=DEFAULT_C,
                       objective="score", horizon="game", scale=None, solver="auto",
                       node_budget=200000, tt_bits=16, evaluation="auto", rollouts=4,
                       max_nodes=DEFAULT_MAX_NODES, rollout="random", endgame=0,
                       endgame_budget=DEFAULT_ENDGAME_BUDGET, cutoff=0, chance="sampled"):
    """PIMC on a TRUE state whose worlds re-draw only the chance hidden from every seat
    (``State.resample_chance``: e.g. Vic Village's unrevealed instruction order and reward-pile
    order), keeping every hand: the oracle bot's ``chance="sampled"``, which knows the hands
    but not the future. The same worlds and iterations split as ``pimc_search`` (the worlds
    are drawn from the search's seeded stream, then each is searched by ``evaluator``).
    ``chance="known"``: the worlds are plain copies of the state (the future known), the same
    search otherwise: the control that tells the search method's effect from the future's.
    Returns a SearchResult (algorithm "pimc", params chance)."""
    cdef Rng rng
    cdef State w
    cdef int W, i
    if state.is_terminal_c():
        from solver.errors import IllegalActionError
        raise IllegalActionError("the game is over; there is no move to search")
    limit = as_limit(limit)
    seed = seed_int(seed)
    game = state.game
    c = _checked_args(game, evaluator, c, objective, horizon, scale, endgame, cutoff,
                      endgame_budget, max_nodes)
    if chance not in ("sampled", "known"):
        raise ValueError(f"chance must be sampled or known, not {chance!r}")
    t0 = time.perf_counter()
    W = limit.worlds if limit.worlds is not None else DEFAULT_WORLDS
    rng_seed(&rng, <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF))
    worlds = []
    for i in range(W):
        w = state.clone()
        if chance == "sampled":
            w.resample_chance_c(&rng)
        worlds.append(w)
    player = state.current_player_c()
    rows, kind, nodes, iterations, used, exact, solver_used = _evaluate(
        worlds, player, limit, &rng, evaluator, c, objective, horizon, scale, solver,
        node_budget, tt_bits, evaluation, rollouts, max_nodes, t0,
        <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF), check_rollout(rollout),
        endgame if evaluator == "uct" else 0, endgame_budget, cutoff if evaluator == "uct" else 0)
    params = _result_params(evaluator, c, objective, horizon, scale, max_nodes, rollout,
                            endgame, endgame_budget, cutoff, solver_used, node_budget,
                            evaluation, rollouts, tt_bits)
    return build_result("pimc", player, rows, value=kind, nodes=nodes, iterations=iterations,
                        worlds=used, rank_by="mean", params=dict(params, chance=chance),
                        limit=limit, seed=seed, seconds=time.perf_counter() - t0,
                        exact=False)


def solve_state(State state, limit=None, seed=0, solver="auto", node_budget=200000, tt_bits=16,
                evaluation="auto", rollouts=4):
    """The exact solver on one full state (perfect-information play, oracle bots): the
    current round's value of every legal action for the seat to move. Returns a SearchResult
    (algorithm "solver")."""
    cdef Rng rng
    if state.is_terminal_c():
        from solver.errors import IllegalActionError
        raise IllegalActionError("the game is over; there is no move to search")
    from solver.search.limits import SearchLimit
    limit = as_limit(limit) if limit is not None else SearchLimit(iterations=1, worlds=1)
    seed = seed_int(seed)
    t0 = time.perf_counter()
    rng_seed(&rng, <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF))
    rows, kind, nodes, iterations, used, exact, solver_used = _evaluate(
        [state.clone()], state.current_player_c(), limit, &rng, "solver", 0.0, "score", "round",
        None, solver, node_budget, tt_bits, evaluation, rollouts, DEFAULT_MAX_NODES, t0,
        <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF))
    params = {"solver": solver_used, "node_budget": node_budget, "evaluation": evaluation,
              "rollouts": rollouts, "tt_bits": tt_bits}
    return build_result("solver", state.current_player_c(), rows, value=kind, nodes=nodes,
                        iterations=iterations, worlds=1, rank_by="mean", params=params,
                        limit=limit, seed=seed, seconds=time.perf_counter() - t0, exact=exact)
