"""UCT (Kocsis & Szepesvari 2006) with random rollouts on a perfect-information ``State``: the
world search of PIMC, and the search of oracle bots that see the true state.

* Arena: the nodes are one array of ``UNode`` structs owned by the searcher, grown by doubling
  (``realloc``) up to ``max_nodes``; a node's children are allocated together, contiguously, the
  first time it is selected. There is no allocation per node. When the arena is full the tree
  stops growing and iterations roll out from the leaf they reach.
* Vector returns: each node stores the value of the seat that chose its action, so every seat
  maximises its own return (max^n-style UCT for any number of players).
* Selection: an untried child (uniformly at random among them) first, else the UCB1 maximum
  of ``mean / scale + c * sqrt(ln N(parent) / N(child))``; the first child wins ties.
* Scale: values are divided by ``scale``. By default (``scale=None``) it is the range
  (max - min) of all leaf values seen so far in this search (1 until two differ); pass a
  number to fix it, or ``"bounds"`` for the span of ``game.utility_bounds()`` (loose for most
  engines, hence not the default; see params.check_scale).
* Objective and horizon: see ``_common.pxd``. The searcher seeds nothing itself: ``run`` takes
  the caller's ``Rng`` and is deterministic given it.

``reference/mcts.py`` is the pure-Python twin (same algorithm, same random draws, same
floating-point operations), used as the test oracle.
"""
from libc.math cimport sqrt, log, INFINITY
from libc.stdlib cimport malloc, realloc, free
from libc.stdint cimport uint64_t

import time

from solver.game cimport Policy, Game, State, MAX_LEGAL, MAX_PLAYERS
from solver.rng cimport Rng, rng_seed, rng_below
from solver.search._common cimport (OBJ_SCORE, OBJ_WIN, HORIZON_GAME, HORIZON_ROUND, monotonic,
                                    at_horizon, rollout, leaf_values)

from solver.search.params import (DEFAULT_C, DEFAULT_MAX_NODES, as_limit, check_c, check_max_nodes,
                                  check_rollout, check_scale, objective_code, seed_int)
from solver.search.result import build_result, mean_interval
from solver.errors import IllegalActionError

cdef long long INITIAL_CAP = 1024


cdef class UCT:
    """A reusable UCT searcher for one game (the arena survives ``reset``)."""

    def __cinit__(self, Game game, double c=DEFAULT_C, int objective=OBJ_SCORE,
                  int horizon=HORIZON_GAME, double scale=0.0, long long max_nodes=DEFAULT_MAX_NODES,
                  policy=False):
        # ``policy``: False (random rollouts), True (the game's shared policy) or a Policy
        # instance of this game's own (one per thread when searches run in parallel).
        self.game = game
        self.policy = policy if isinstance(policy, Policy) else (game.policy if policy else None)
        self.n_players = game.num_players
        self.c = c
        self.objective = objective
        self.horizon = horizon
        self.scale = scale
        self.max_nodes = max_nodes
        self.cap = INITIAL_CAP if INITIAL_CAP < max_nodes else max_nodes
        self.nodes = <UNode*>malloc(self.cap * sizeof(UNode))
        if self.nodes == NULL:
            raise MemoryError()
        self.root = game.new_state()
        self.s = game.new_state()
        self.count = 0

    def __dealloc__(self):
        free(self.nodes)

    cdef int reset(self, State root) except -1:
        """Start a fresh tree at ``root`` (copied)."""
        if root.is_terminal_c():
            raise IllegalActionError("the game is over; there is no move to search")
        self.root.copy_from(root)
        self.root_round = root.round_c()
        root.scores_c(self.base)
        self.lo = INFINITY
        self.hi = -INFINITY
        self.iterations = 0
        self.count = 1
        self.nodes[0].sum = 0.0
        self.nodes[0].sumsq = 0.0
        self.nodes[0].parent = -1
        self.nodes[0].first_child = -1
        self.nodes[0].num_children = 0
        self.nodes[0].action = -1
        self.nodes[0].visits = 0
        self.nodes[0].mover = -1
        return 0

    cdef bint expand(self, long long node, State s) noexcept nogil:
        """Create all children of ``node`` (whose position is ``s``); False if the arena is full."""
        cdef int acts[MAX_LEGAL]
        cdef int n = s.legal_actions_c(acts)
        cdef int i, me = s.current_player_c()
        cdef long long newcap
        cdef UNode* grown
        cdef UNode* ch
        if self.count + n > self.cap:
            if self.count + n > self.max_nodes:
                return False
            newcap = self.cap * 2
            while newcap < self.count + n:
                newcap *= 2
            if newcap > self.max_nodes:
                newcap = self.max_nodes
            grown = <UNode*>realloc(self.nodes, newcap * sizeof(UNode))
            if grown == NULL:
                return False
            self.nodes = grown
            self.cap = newcap
        self.nodes[node].first_child = <int>self.count
        self.nodes[node].num_children = n
        for i in range(n):
            ch = &self.nodes[self.count + i]
            ch.sum = 0.0
            ch.sumsq = 0.0
            ch.parent = <int>node
            ch.first_child = -1
            ch.num_children = 0
            ch.action = acts[i]
            ch.visits = 0
            ch.mover = me
        self.count += n
        return True

    cdef long long run(self, long long max_iterations, double deadline, Rng* rng) noexcept:
        """Add iterations to the current tree until ``max_iterations`` are done or the monotonic
        clock passes ``deadline`` (<= 0: no deadline). Returns the iterations done. Runs
        without the GIL."""
        cdef State s = self.s, root = self.root
        cdef long long it
        with nogil:
            it = self._run(s, root, max_iterations, deadline, rng)
        return it

    cdef long long _run(self, State s, State root, long long max_iterations, double deadline,
                        Rng* rng) noexcept nogil:
        cdef long long it = 0, node, ch, best_ch, first
        cdef int i, k, n, nu
        cdef double v[MAX_PLAYERS]
        cdef double logn, ucb, best, r, x
        cdef UNode* nodes
        while it < max_iterations:
            if deadline > 0 and (it & 63) == 0 and monotonic() >= deadline:
                break
            s.copy_from(root)
            node = 0
            while not at_horizon(s, self.horizon, self.root_round):
                if self.nodes[node].first_child < 0:
                    if not self.expand(node, s):
                        break
                nodes = self.nodes
                first = nodes[node].first_child
                n = nodes[node].num_children
                nu = 0
                for i in range(n):
                    if nodes[first + i].visits == 0:
                        nu += 1
                if nu > 0:
                    k = <int>rng_below(rng, <unsigned int>nu)
                    ch = first
                    for i in range(n):
                        if nodes[first + i].visits == 0:
                            if k == 0:
                                ch = first + i
                                break
                            k -= 1
                    s.apply_action_c(nodes[ch].action)
                    node = ch
                    break
                if self.scale > 0:
                    r = self.scale
                elif self.hi > self.lo:
                    r = self.hi - self.lo
                else:
                    r = 1.0
                logn = log(<double>nodes[node].visits)
                best = -INFINITY
                best_ch = first
                for i in range(n):
                    ch = first + i
                    ucb = (nodes[ch].sum / nodes[ch].visits) / r + self.c * sqrt(logn / nodes[ch].visits)
                    if ucb > best:
                        best = ucb
                        best_ch = ch
                s.apply_action_c(nodes[best_ch].action)
                node = best_ch
            rollout(s, rng, self.horizon, self.root_round, self.policy)
            leaf_values(s, self.n_players, self.objective, self.horizon, self.base, v)
            for i in range(self.n_players):
                if v[i] < self.lo:
                    self.lo = v[i]
                if v[i] > self.hi:
                    self.hi = v[i]
            nodes = self.nodes
            while node > 0:
                x = v[nodes[node].mover]
                nodes[node].visits += 1
                nodes[node].sum += x
                nodes[node].sumsq += x * x
                node = nodes[node].parent
            nodes[0].visits += 1
            it += 1
        self.iterations += it
        return it

    # -- Python side ------------------------------------------------------------------------
    def root_children(self):
        """[(action, visits, sum, sumsq)] of the root's children, ascending by action."""
        cdef long long first = self.nodes[0].first_child
        cdef int i
        if first < 0:
            return []
        return [(self.nodes[first + i].action, self.nodes[first + i].visits,
                 self.nodes[first + i].sum, self.nodes[first + i].sumsq)
                for i in range(self.nodes[0].num_children)]

    @property
    def node_count(self):
        return self.count

    def search(self, State state, long long iterations, uint64_t seed, double deadline=0.0):
        """Reset at ``state`` and run ``iterations`` iterations with an Rng seeded by ``seed``
        (tests, benchmarks and the threads of solver/search/parallel.py), stopping early at
        ``deadline`` (a time.perf_counter() instant; 0: none). Returns root_children()."""
        cdef Rng rng
        rng_seed(&rng, seed)
        self.reset(state)
        self.run(iterations, deadline, &rng)
        return self.root_children()


def best_child(children):
    """The most visited child (then the higher mean, then the lower action): the action UCT
    plays. ``children`` as from UCT.root_children()."""
    return min(children, key=lambda c: (-c[1], -(c[2] / c[1]) if c[1] else 0.0, c[0]))[0]


def uct_search(State state, limit, seed=0, c=DEFAULT_C, objective="score", horizon="game",
               scale=None, max_nodes=DEFAULT_MAX_NODES, rollout="random"):
    """UCT on a full (perfect-information) state: the oracle search. Returns a SearchResult
    (algorithm "uct"; values for the seat to move)."""
    cdef Rng rng
    cdef UCT uct
    cdef long long iters
    cdef double deadline = 0.0
    limit = as_limit(limit)
    obj, hor, kind = objective_code(objective, horizon)
    seed = seed_int(seed)
    uct = UCT(state.game, check_c(c), obj, hor, check_scale(scale, state.game, objective, horizon),
              check_max_nodes(max_nodes), check_rollout(rollout))
    t0 = time.perf_counter()
    uct.reset(state)
    rng_seed(&rng, <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF))
    iters = limit.iterations if limit.iterations is not None else (1 << 62)
    if limit.time_s is not None:
        deadline = monotonic() + limit.time_s
    uct.run(iters, deadline, &rng)
    rows = []
    for a, n, tot, sq in uct.root_children():
        mean, lo, hi = mean_interval(tot, sq, n)
        rows.append({"action": a, "text": state.action_to_str(a), "mean": mean, "ci_low": lo,
                     "ci_high": hi, "visits": n, "robustness": None})
    params = {"c": c, "objective": objective, "horizon": horizon, "scale": scale,
              "max_nodes": max_nodes, "rollout": rollout}
    return build_result("uct", state.current_player_c(), rows, value=kind, nodes=uct.count,
                        iterations=uct.iterations, worlds=1, rank_by="visits", params=params,
                        limit=limit, seed=seed, seconds=time.perf_counter() - t0)
