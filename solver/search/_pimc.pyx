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
  the hands, not the future). ``opponents="heuristic"``: in each world's tree the other seats
  play as the heuristic bot would (from their own hands), not as UCT's clairvoyant searchers
  (heuristic opponents, see ``_mcts``); or
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
from libc.math cimport sqrt
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc

import time

from solver.game cimport Game, State, View
from solver.search._alphabeta cimport WorldClaims
from solver.rng cimport Rng, rng_seed
from solver.search._common cimport monotonic
from solver.search._mcts cimport UCT
from solver.search._mcts import check_future, check_future_endgame

from solver.search.params import (DEFAULT_C, DEFAULT_ENDGAME_BUDGET, DEFAULT_MAX_NODES,
                                  DEFAULT_WORLDS, as_limit, check_c, check_cutoff, check_endgame,
                                  check_endgame_budget, check_rollout, check_max_nodes,
                                  check_node_budget, check_pimc_opponents, DEFAULT_OPPONENTS,
                                  check_pimc_widen, check_scale, check_to_act, objective_code,
                                  seed_int)
from solver.search.result import Z95, build_result, mean_interval
from solver.inference.weighted import (DEFAULT_PARTICLES, check_inference, inference_deadline,
                                       sample_worlds, source_params, world_source)
from solver.rng import Random, derive_seed

MASK64 = 0xFFFFFFFFFFFFFFFF     # a derived seed as the solvers' uint64_t seed

EVALUATORS = ("uct", "solver")
SOLVERS = ("auto", "alphabeta", "maxn", "paranoid")


def uct_world_seed(seed, int world):
    """The seed of world ``world``'s UCT search (evaluator uct) in a PIMC search seeded by
    ``seed``: one stream per world, independent of the order the worlds are searched in."""
    return derive_seed(int(seed), "uct-world", world)


def solver_world_seed(seed, int world):
    """The seed max^n solves world ``world`` at (``MaxN.forget``) in a PIMC search seeded by
    ``seed`` within a node budget: each world as a new solver would, whichever thread solves
    it and whatever it solved before."""
    return derive_seed(int(seed), "solver-world", world) & MASK64


# A world's best actions: every action within BEST_EPS of its best value (the solvers' values
# are sums of points: far below any difference of two values, far above rounding error).
cdef double BEST_EPS = 1e-9


cdef double _Z95 = Z95


cdef tuple _mean_interval(double total, double total_sq, long long n):
    """``result.mean_interval`` (the same operations in the same order, hence the same floats)
    without a Python call: once per legal action of every PIMC search."""
    cdef double mean, var, h
    if n <= 0:
        return None, None, None
    mean = total / n
    if n == 1:
        return mean, None, None
    var = (total_sq - total * total / n) / (n - 1)
    if not var > 0.0:
        var = 0.0
    h = _Z95 * sqrt(var / n)
    return mean, mean - h, mean + h


cdef class RootMerge:
    """PIMC's merge at the root, one for every path (``pimc_search`` and the thread paths of
    solver/search/parallel.py): the worlds' answers are added in world order and, per legal
    action of the root, it keeps the sum and the sum of squares of the action's values over
    the worlds that valued it (in world order: the same floats to the bit whichever thread
    searched which world), how many worlds valued it, in how many it was best, and its visits;
    over the worlds, their nodes and iterations and whether every one was exact. ``rows``
    then gives the per-action rows of the result: the mean over the worlds with a 95%
    interval over worlds (one world: its tree's interval, or its exact values), the visits,
    robustness = the share of the worlds in which the action was best.

    An action a world values that is not legal at the root is left out (the worlds share the
    searcher's own legal moves: it knows its hand)."""

    cdef int n                          # legal actions at the root
    cdef int n_ids                      # the game's action ids: 0 .. n_ids - 1
    cdef int* acts                      # the legal actions, in legal order
    cdef int* slot                      # action id -> its index in acts, -1 where not legal
    cdef double* sums                   # per legal action: the sum of its values
    cdef double* squares                # and of their squares
    cdef long long* valued              # the worlds that valued it
    cdef long long* best_in             # the worlds in which it was best
    cdef long long* visit_sums          # its visits summed over the worlds
    cdef readonly int worlds            # worlds added
    cdef readonly long long nodes       # their nodes
    cdef readonly long long iterations  # and iterations
    cdef readonly bint exact            # every world added was solved exactly

    def __cinit__(self, Game game, legal):
        cdef int i, a
        self.n_ids = game.num_distinct_actions
        self.n = len(legal)
        self.acts = <int*>malloc(max(1, self.n) * sizeof(int))
        self.slot = <int*>malloc(max(1, self.n_ids) * sizeof(int))
        self.sums = <double*>malloc(max(1, self.n) * sizeof(double))
        self.squares = <double*>malloc(max(1, self.n) * sizeof(double))
        self.valued = <long long*>malloc(max(1, self.n) * sizeof(long long))
        self.best_in = <long long*>malloc(max(1, self.n) * sizeof(long long))
        self.visit_sums = <long long*>malloc(max(1, self.n) * sizeof(long long))
        if not (self.acts and self.slot and self.sums and self.squares and self.valued
                and self.best_in and self.visit_sums):
            raise MemoryError()
        for a in range(self.n_ids):
            self.slot[a] = -1
        for i in range(self.n):
            a = legal[i]
            if not 0 <= a < self.n_ids:
                raise ValueError(f"action {a} is not an action of {game.spec()}")
            self.acts[i] = a
            self.slot[a] = i
            self.sums[i] = 0.0
            self.squares[i] = 0.0
            self.valued[i] = 0
            self.best_in[i] = 0
            self.visit_sums[i] = 0
        self.worlds = 0
        self.nodes = 0
        self.iterations = 0
        self.exact = True

    def __dealloc__(self):
        free(self.acts); free(self.slot); free(self.sums); free(self.squares)
        free(self.valued); free(self.best_in); free(self.visit_sums)

    cdef inline int _slot(self, object action):
        """The index of ``action`` among the root's legal actions, -1 if it is not one."""
        cdef long a = action
        if 0 <= a < self.n_ids:
            return self.slot[a]
        return -1

    cdef inline void _value(self, object action, double v):
        """Add one world's value ``v`` of ``action``."""
        cdef int i = self._slot(action)
        if i >= 0:
            self.sums[i] += v
            self.squares[i] += v * v
            self.valued[i] += 1

    cdef inline void _solved_value(self, long a, double v, double top):
        """A solved world's value ``v`` of action ``a`` (``top``: the world's best value):
        one value, one visit, and best where within BEST_EPS of the top."""
        cdef int i = self.slot[a] if 0 <= a < self.n_ids else -1
        if i >= 0:
            self.sums[i] += v
            self.squares[i] += v * v
            self.valued[i] += 1
            self.visit_sums[i] += 1
            if v >= top - BEST_EPS:
                self.best_in[i] += 1

    cpdef add_solved(self, dict values, long long nodes, bint exact=True):
        """Add the next world (world order), solved by an exact solver (or max^n within a node
        budget, ``exact`` False): ``values`` {action: value}; its best actions are every one
        within BEST_EPS of its best value; one visit and one iteration a world."""
        cdef double v, top = -1e308
        for v in values.values():
            if v > top:
                top = v
        for a, x in values.items():
            self._solved_value(a, x, top)
        self.worlds += 1
        self.nodes += nodes
        self.iterations += 1
        self.exact = self.exact and exact

    def add_claims(self, WorldClaims job):
        """Add every world of ``job`` (``AlphaBeta.solve_claimed`` has returned), in world
        order, as ``add_solved(values, nodes)`` would world by world from ``job.result()`` (a
        repeated world: its first occurrence's values, 0 nodes): the same sums to the bit,
        without a Python object per value (at Mate's forced-card-hidden opening the dicts and
        the calls cost ~15 us of a 0.9 ms search on 2 threads)."""
        cdef int g, w, i, base
        cdef double top
        job.check_valued()
        for g in range(job.given):
            w = job.src[g]
            base = job.start[w]
            top = -1e308
            for i in range(job.counts[w]):
                if job.vals[base + i] > top:
                    top = job.vals[base + i]
            for i in range(job.counts[w]):
                self._solved_value(job.acts[base + i], job.vals[base + i], top)
                if job.first[g]:
                    self.nodes += job.nodes[base + i]
            self.worlds += 1
            self.iterations += 1

    cpdef add_world(self, dict values, best, dict visits, long long nodes,
                    long long iterations, bint exact=False):
        """Add the next world (world order) searched by UCT: ``values`` {action: its mean, or
        its exact value where the world's root is proven}, ``best`` the world's best actions,
        ``visits`` {action: visits} (every root child's, visited or not)."""
        cdef int i
        for a, x in values.items():
            self._value(a, x)
        for a in best:
            i = self._slot(a)
            if i >= 0:
                self.best_in[i] += 1
        for a, k in visits.items():
            i = self._slot(a)
            if i >= 0:
                self.visit_sums[i] += <long long>k
        self.worlds += 1
        self.nodes += nodes
        self.iterations += iterations
        self.exact = self.exact and exact

    def rows(self, text, dict tree_stats=None, dict single_exact=None):
        """The result's rows in legal order: dicts with action, text (``text(action)``), mean,
        ci_low, ci_high, visits, robustness. ``single_exact`` {action: exact value} (one
        world whose root is proven): those actions' values, zero-wide; ``tree_stats``
        {action: (visits, sum, sum of squares)} (one UCT world): the other actions' means
        and intervals over that tree's rollouts; otherwise over the worlds."""
        cdef int i
        rows = []
        for i in range(self.n):
            a = self.acts[i]
            if single_exact is not None and a in single_exact:
                mean = lo = hi = single_exact[a]
            elif tree_stats is not None:
                k, tot, sq = tree_stats.get(a, (0, 0.0, 0.0))
                mean, lo, hi = mean_interval(tot, sq, k)
            else:
                mean, lo, hi = _mean_interval(self.sums[i], self.squares[i], self.valued[i])
            rows.append({"action": a, "text": text(a), "mean": mean, "ci_low": lo,
                         "ci_high": hi, "visits": self.visit_sums[i],
                         "robustness": (<double>self.best_in[i] / self.worlds) if self.worlds
                         else None})
        return rows


def uct_world_answer(list children, dict exact):
    """One world's UCT answer from its root children [(action, visits, value sum, sum of
    squares)] and ``exact`` ({action: exact value} where the world's root is proven, else
    empty): ({action: its mean, or its exact value}, the world's best actions: every optimal
    one when proven, else the most visited child, then the higher mean, then the lower
    action; none when no child was visited)."""
    values = {}
    for a, n, tot, _ in children:
        if a in exact:
            values[a] = exact[a]
        elif n > 0:
            values[a] = tot / n
    if exact:
        top = max(exact.values())
        return values, {a for a, v in exact.items() if v >= top - BEST_EPS}
    visited = [ch for ch in children if ch[1] > 0]
    if not visited:
        return values, set()
    return values, {min(visited, key=lambda ch: (-ch[1], -(ch[2] / ch[1]), ch[0]))[0]}


def world_solver(Game game, solver):
    """The exact solver PIMC's solver evaluator runs in each world: ``solver``, with "auto"
    resolved (alpha-beta for two players in a constant-sum game, else max^n); a ValueError
    names an unknown one."""
    if solver not in SOLVERS:
        raise ValueError(f"solver must be one of {', '.join(SOLVERS)}, not {solver!r}")
    if solver == "auto":
        return ("alphabeta" if game.num_players == 2 and game.utility_sum() is not None
                else "maxn")
    return solver


def _solver_for(Game game, solver, node_budget, tt_bits, evaluation, rollouts, seed):
    """(name, callable (state, seconds or None, world index) -> (actions {a: value}, nodes,
    exact), callable to call when done with it): max^n deepens within ``node_budget`` nodes
    and, when given, the seconds (alpha-beta is exact). The solver is a kept one when one is
    idle, cleared (parallel.take_alphabeta) or reset to ``seed`` (parallel.take_maxn): the same
    search as a new one, without a new one's set-up.

    Within a node budget max^n solves each world as a new solver at the world's own seed
    (``MaxN.forget``, O(1)), as the threads of parallel.pimc_threads do: a table carried over
    from the worlds before (a repeated world, or a late position two worlds share) answered
    nodes from deeper passes, so the one-thread answer depended on the worlds' order and
    differed from the threads' (tester 22: Mattis 3p late in phase 1). Under a time limit
    the table carries over, as each thread's does there (no time-limited answer reproduces)."""
    solver = world_solver(game, solver)
    from solver.search.parallel import give_alphabeta, give_maxn, take_alphabeta, take_maxn
    if solver == "alphabeta":
        # a kept solver, cleared (a new one's tables are fresh pages the search faults in)
        ab = take_alphabeta(game, max(tt_bits, 8))

        def run(State w, time_s, int world):
            r = ab.solve(w, False)
            return r["actions"], r["nodes"], True
        return solver, run, lambda: give_alphabeta(ab, max(tt_bits, 8))
    paranoid = solver == "paranoid"
    # the kept solver of a thread search's first thread (its own policy instance: the same
    # answers as the game's shared one, and one kept solver serves both paths)
    mx = take_maxn(game, paranoid, tt_bits, evaluation, rollouts, seed)

    def run(State w, time_s, int world):
        if time_s is None:
            mx.forget(solver_world_seed(seed, world))
        r = mx.solve(w, node_budget, time_s=time_s, order_ties=False)
        return r["actions"], r["nodes"], r["exact"]
    return solver, run, lambda: give_maxn(mx, paranoid, tt_bits, evaluation, rollouts)


cdef tuple _evaluate(list worlds, int player, object limit, Rng* rng, str evaluator, double c,
                     str objective, str horizon, object scale, str solver, long long node_budget,
                     int tt_bits, str evaluation, int rollouts, long long max_nodes, double t0,
                     uint64_t seed, object policy=False, int endgame=0,
                     long long endgame_budget=DEFAULT_ENDGAME_BUDGET, int cutoff=0,
                     str future="known", double widen=0.0, bint model_opponents=False):
    cdef State w0 = <State>worlds[0]
    cdef Game game = w0.game
    cdef UCT uct
    cdef Rng wrng
    cdef double deadline = 0.0, start
    cdef long long iters, per
    cdef int W = len(worlds), wi
    cdef RootMerge merge = RootMerge(game, w0.legal_actions())   # the worlds in world order
    tree_stats = None
    single_exact = None     # with one world whose root is proven: {action: exact value}
    if evaluator == "uct":
        obj, hor, kind = objective_code(objective, horizon)
        uct = UCT(game, c, obj, hor, check_scale(scale, game, objective, horizon), max_nodes, policy,
                  endgame, endgame_budget, cutoff, future=future, widen=widen,
                  model_opponents=model_opponents)
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
            values, best = uct_world_answer(children, exact_vals)
            merge.add_world(values, best, {a: n for a, n, _, _ in children}, uct.count,
                            uct.iterations)
            if W == 1:
                tree_stats = {a: (n, tot, sq) for a, n, tot, sq in children}
                single_exact = exact_vals
        all_exact = W == 1 and bool(single_exact)
    else:
        if objective != "score":
            raise ValueError("the exact solvers maximise the round's score (objective=score)")
        kind = "round_gain"
        solver = world_solver(game, solver)
        if solver == "alphabeta" and limit.time_s is None:
            # exact values, no time to share: the distinct worlds valued in one call without
            # the GIL, as the threads share them (parallel.claim_worlds), a repeated world at
            # 0 nodes; a kept solver, cleared
            from solver.search.parallel import (add_claimed, claim_worlds, give_alphabeta,
                                                take_alphabeta)
            ab = take_alphabeta(game, max(tt_bits, 8))
            try:
                add_claimed(merge, claim_worlds(worlds, [ab]))
            finally:
                give_alphabeta(ab, max(tt_bits, 8))
            rows = merge.rows(w0.action_to_str, None, None)
            return rows, kind, merge.nodes, merge.iterations, merge.worlds, merge.exact, solver
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
                values, n_nodes, exact = run(<State>worlds[wi], share, wi)
                merge.add_solved(values, n_nodes, exact)
        finally:
            done()
        all_exact = merge.exact
    rows = merge.rows(w0.action_to_str, tree_stats, single_exact)
    return rows, kind, merge.nodes, merge.iterations, merge.worlds, all_exact, solver


def _checked_args(game, evaluator, c, objective, horizon, scale, endgame, cutoff,
                  endgame_budget, max_nodes, future="known", node_budget=200000):
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
    else:
        check_node_budget(node_budget)
    check_max_nodes(max_nodes)
    return c


def _result_params(evaluator, c, objective, horizon, scale, max_nodes, rollout, endgame,
                   endgame_budget, cutoff, solver_used, node_budget, evaluation, rollouts,
                   tt_bits, widen=0.0, opponents=DEFAULT_OPPONENTS):
    """The SearchResult's params of a PIMC search: its evaluator's settings."""
    if evaluator == "uct":
        return {"evaluator": "uct", "c": c, "objective": objective, "horizon": horizon,
                "scale": scale, "max_nodes": max_nodes, "rollout": rollout,
                "endgame": endgame, "endgame_budget": endgame_budget, "cutoff": cutoff,
                "widen": widen, "opponents": opponents}
    return {"evaluator": "solver", "solver": solver_used, "node_budget": node_budget,
            "evaluation": evaluation, "rollouts": rollouts, "tt_bits": tt_bits}


def pimc_search(View view, limit, seed=0, evaluator="uct", c=DEFAULT_C, objective="score",
                horizon="game", scale=None, solver="auto", node_budget=200000, tt_bits=16,
                evaluation="auto", rollouts=4, max_nodes=DEFAULT_MAX_NODES, rollout="random",
                inference="none", particles=DEFAULT_PARTICLES, endgame=0,
                endgame_budget=DEFAULT_ENDGAME_BUDGET, cutoff=0, future="known", widen=0.0,
                opponents=DEFAULT_OPPONENTS):
    """PIMC for ``view.player`` (who must be to act). Returns a SearchResult (algorithm
    "pimc"). ``limit.worlds`` worlds are sampled (default 20; one for the solver when the game
    has perfect information): uniformly (``inference="none"``), (``"policy"``) resampled
    from ``particles`` candidates weighted by the opponent model (solver/inference), whose
    effective sample size the result's params report as ``ess``, or (``"mcmc"``) kept from a
    Markov chain over the hidden cards that follows the model (``particles`` steps of burn-in;
    its acceptance rate in ``acceptance``; "policy" where the engine has no exchange).
    With ``evaluator="uct"``,
    ``endgame`` > 0 solves worlds within that many actions of the round's end exactly
    (MCTS-solver, ``endgame_budget`` nodes a solve) and ``cutoff`` > 0 stops rollouts after
    that many plies (both horizon round; 0 = off). ``future``: a world's UCT knows the world's
    future chance (``"known"``) or re-draws it every iteration (``"sampled"``, ``_mcts``); the
    solver evaluator always knows it. ``widen`` > 0: each world's UCT widens progressively
    below its root (``_mcts``). ``opponents="heuristic"``: the other seats in each world's UCT
    play as the heuristic bot (heuristic opponents, ``_mcts``; the UCT evaluator only)."""
    cdef Rng rng
    cdef State w
    cdef int W, i
    limit = as_limit(limit)
    seed = seed_int(seed)
    c = _checked_args(view.world.game, evaluator, c, objective, horizon, scale, endgame,
                      cutoff, endgame_budget, max_nodes, future, node_budget)
    widen = check_pimc_widen(evaluator, widen)
    model = check_pimc_opponents(evaluator, opponents)
    if solver not in SOLVERS:       # with either evaluator (UCT's never reads it)
        raise ValueError(f"solver must be one of {', '.join(SOLVERS)}, not {solver!r}")
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
    info = None
    if world_source(inference, game) != "none":
        # a time limit gives the inference at most half of it (the search takes the rest)
        worlds, info = sample_worlds(view, W, Random(derive_seed(seed, "inference")), inference,
                                     particles, deadline=inference_deadline(limit, t0))
    else:
        worlds = []
        for i in range(W):
            w = view.world.clone()
            w.determinize_c(view.player, &rng)
            worlds.append(w)
    rows, kind, nodes, iterations, used, exact, solver_used = _evaluate(
        worlds, view.player, limit, &rng, evaluator, c, objective, horizon, scale, solver,
        node_budget, tt_bits, evaluation, rollouts, max_nodes, t0,
        <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF), check_rollout(rollout, game),
        endgame if evaluator == "uct" else 0, endgame_budget, cutoff if evaluator == "uct" else 0,
        future, widen, model)
    params = _result_params(evaluator, c, objective, horizon, scale, max_nodes, rollout,
                            endgame, endgame_budget, cutoff, solver_used, node_budget,
                            evaluation, rollouts, tt_bits, widen, opponents)
    if evaluator == "uct":
        params["future"] = future
    return build_result("pimc", view.player, rows, value=kind, nodes=nodes, iterations=iterations,
                        worlds=used, rank_by="mean",
                        params=dict(params, inference=inference, particles=particles,
                                    **source_params(inference, game, info)),
                        limit=limit, seed=seed,
                        seconds=time.perf_counter() - t0,
                        exact=exact and used == 1 and game.perfect_information)


def pimc_chance_search(State state, limit, seed=0, evaluator="uct", c=DEFAULT_C,
                       objective="score", horizon="game", scale=None, solver="auto",
                       node_budget=200000, tt_bits=16, evaluation="auto", rollouts=4,
                       max_nodes=DEFAULT_MAX_NODES, rollout="random", endgame=0,
                       endgame_budget=DEFAULT_ENDGAME_BUDGET, cutoff=0, chance="sampled",
                       widen=0.0):
    """PIMC on a TRUE state whose worlds re-draw only the chance hidden from every seat
    (``State.resample_chance``: e.g. Vic Village's unrevealed instruction order and reward-pile
    order), keeping every hand: the oracle bot's ``chance="sampled"``, which knows the hands
    but not the future. The same worlds and iterations split as ``pimc_search`` (the worlds
    are drawn from the search's seeded stream, then each is searched by ``evaluator``).
    ``chance="known"``: the worlds are plain copies of the state (the future known), the same
    search otherwise: the control that tells the search method's effect from the future's.
    ``widen`` as in ``pimc_search``. Returns a SearchResult (algorithm "pimc", params
    chance)."""
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
                      endgame_budget, max_nodes, node_budget=node_budget)
    widen = check_pimc_widen(evaluator, widen)
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
        <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF), check_rollout(rollout, state.game),
        endgame if evaluator == "uct" else 0, endgame_budget, cutoff if evaluator == "uct" else 0,
        "known", widen)
    params = _result_params(evaluator, c, objective, horizon, scale, max_nodes, rollout,
                            endgame, endgame_budget, cutoff, solver_used, node_budget,
                            evaluation, rollouts, tt_bits, widen)
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
