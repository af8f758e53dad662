"""Max^n (Luckhardt & Irani 1986) and paranoid (Sturtevant & Korf 2000) search for any number of
players, generic over ``State``, on a perfect-information position (a PIMC world, or a true
state for the oracle).

Both value the *current round*, like the two-player alpha-beta: a position's value for seat i
is what i gains from here to the end of the round, ``scores_c(end) - scores_c(now)``.

* max^n: every seat maximises its own component of the vector of gains; the first action (in
  ascending order) wins ties, so the answer is deterministic.
* paranoid: the searching seat (the player to move at the root) maximises its own gain and all
  the others minimise it (a two-sided reduction, with alpha-beta pruning).

Exact when it fits: ``solve`` first searches to the end of the round within ``node_budget``
nodes; if that runs out it deepens iteratively (depth 1, then ``depth_step`` plies at a time,
default one trick's worth = the number of players) within a fresh budget, evaluating the frontier with
the game policy's ``evaluate_c`` (``heuristic``, the default) or the mean of ``rollouts`` playouts to the end of the round, random
(``rollout``) or by the game's rollout policy (``policy``),
and answers with the deepest completed iteration. ``exact`` in the answer says whether no
frontier was evaluated.

A transposition table of fixed size (``tt_bits``; one allocation per solver, none per node),
keyed by ``hash_c``; entries hold gains relative to the stored position, so they stay valid
across searches of the same game (nothing to clear between PIMC worlds). Entries record the
depth they were searched to (or exactness); paranoid entries carry alpha-beta bound flags and
the seat they were searched for.

Every pass runs without the GIL (so PIMC's worlds can be solved on several threads at once,
solver/search/parallel.py): the per-ply states are reached through a C array of borrowed
pointers into ``pool`` (no reference counting, as in _endgame), grown for the pass's depth
before the GIL is released; only the set-up and the answer's dicts hold it.

``reference/maxn.py`` is the pure-Python twin (no table) used as the brute-force oracle.
"""
from cpython.ref cimport PyObject
from libc.math cimport INFINITY
from libc.stdint cimport uint64_t, int16_t, int8_t
from libc.stdlib cimport calloc, free, realloc
from libc.string cimport memcpy, memset
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

import time

from solver.game cimport Game, Policy, State, MAX_LEGAL, MAX_PLAYERS
from solver.rng cimport Rng, rng_below, rng_seed
from solver.search._common cimport HORIZON_ROUND, rollout

cdef enum:
    EXACT = 1
    LOWER = 2
    UPPER = 3
    MODE_MAXN = 1
    MODE_PARANOID = 2
    EVAL_HEURISTIC = 0
    EVAL_ROLLOUT = 1
    EVAL_POLICY = 2

cdef int DEPTH_EXACT = 32767
cdef enum:
    CHAIN = 32              # forced moves followed in place before recursing
    TT_TRIAL = 4096
    TIME_CHECK_MASK = 1023  # the clock is read every 1024 nodes when a deadline is set

# forget's salt step: odd, so forgets * SALT_STEP (mod 2^64) differs for every count
cdef uint64_t SALT_STEP = 0x9E3779B97F4A7C15


cdef inline double _now() noexcept nogil:
    """Monotonic seconds (the deadline's clock)."""
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9
# The "exact" pass is a depth-limited pass this deep: rounds are far shorter, and the cap keeps
# the C stack bounded in games whose "round" is the whole (long) game.
cdef int DEPTH_FULL = 1000
# solve's exact first pass is tried when Knuth's estimate of the round's tree (KNUTH_PROBES
# random lines) is at most EXACT_FIRST_RATIO times the node budget (the table makes the real
# search smaller than the tree).
cdef int KNUTH_PROBES = 16
cdef double EXACT_FIRST_RATIO = 4.0

# The frontier evaluations: "auto" (the game's fitted estimate where it has one, else its
# hand-written one), "fitted", "heuristic" (the hand-written estimate), both Policy.evaluate_c,
# or the mean of ``rollouts`` playouts, "rollout" (random) or "policy" (the rollout policy).
EVALUATIONS = ("auto", "fitted", "heuristic", "rollout", "policy")


def frontier_policy(Game game, str evaluation, Policy policy=None):
    """The Policy whose evaluate_c gives the estimate ``evaluation`` ("auto", "fitted" or
    "heuristic") in ``game``: ``policy`` (a searcher's own, e.g. one per thread) set to it, or
    the game's shared policy when it already gives it, else a fresh instance set to it — a
    search never switches the shared policy's estimate under another bot of the process."""
    from solver.evaluation import EvaluationError, has_fitted
    modes = hasattr(game.policy, "evaluation")      # games with a fitted model can switch
    if evaluation == "auto":
        evaluation = "fitted" if has_fitted(game) else "heuristic"
    if evaluation == "fitted" and not (modes and has_fitted(game)):
        raise ValueError(f"no fitted evaluation for {game.spec()} (evaluation=heuristic)")
    if not modes:
        return policy if policy is not None else game.policy
    if policy is None:
        if game.policy.evaluation == evaluation:
            return game.policy
        policy = game.new_policy()
    try:
        policy.evaluation = evaluation
    except EvaluationError as e:
        raise ValueError(str(e)) from None
    return policy

ctypedef struct MEntry:
    uint64_t key
    double value[MAX_PLAYERS]
    int16_t best
    int16_t depth       # remaining depth searched, DEPTH_EXACT when no frontier was evaluated
    int8_t flag         # 0 = empty, EXACT / LOWER / UPPER
    int8_t mode
    int8_t owner        # paranoid: the maximising seat


def heuristic(State state):
    """The game policy's estimate of what each seat will still gain this round."""
    return state.game.policy.evaluate(state)


cdef class MaxN:
    """A reusable max^n / paranoid solver for one game."""

    cdef MEntry* table
    cdef uint64_t mask
    cdef readonly Game game
    cdef Policy policy              # the game's rules of thumb (frontier evaluation, playouts)
    cdef readonly bint paranoid
    cdef int n_players, root_player, root_round, eval_mode, rollouts
    cdef public long long nodes
    cdef long long budget, cutoffs, tt_probes, tt_hits
    cdef double deadline            # monotonic seconds after which a pass aborts; 0: none
    cdef double projected           # an aborted pass: its nodes so far scaled by the share
                                    # of root children begun (a lower bound on its cost)
    cdef bint aborted, tt_on, use_table
    cdef bint table_option          # the constructor's ``table`` (forget restores use_table)
    cdef uint64_t salt              # XORed into every table key: a new salt empties the table
                                    # in O(1) (forget); entries under an old one never match
    cdef uint64_t forgets           # forget calls so far: salt = forgets * SALT_STEP, so a
                                    # salt never recurs in one solver's life
    cdef readonly bint fill         # shallower passes while a whole trick does not fit (solve)
    cdef Rng rng
    cdef list pool                  # owns the per-ply states (grows; see _grow)
    # Borrowed pointers to pool's states (stack[ply] = pool[ply]; the list keeps them alive):
    # the search reaches its per-ply states through these without the GIL, so without
    # reference counting (as _endgame does). stack_len = len(pool) once _grow has run.
    cdef PyObject** stack
    cdef int stack_len
    cdef State scratch

    def __cinit__(self, Game game, bint paranoid=False, int tt_bits=16, evaluation="auto",
                  int rollouts=4, uint64_t seed=0, bint table=True, Policy policy=None,
                  fill=None):
        # ``fill`` (None: on with the cheap estimates (auto, fitted, heuristic) only; see
        # solve). Measured with the
        # solver bot's playout frontier (node_budget 500, 2 policy playouts, 100 duplicate
        # deals, 4 players, paired margin over heuristic, fill minus no fill): Dog Tag Trick
        # -0.24 +- 0.53, Vic Village -1.45 +- 1.73, at 2.3-2.8x the CPU (each extra pass's
        # frontier costs playouts) — so not there, and without it the deepening is the one the
        # bot's defaults were measured with; with the cheap heuristic frontier (recommend
        # --algo solver's default) a Dog Tag Trick opening is searched 3 plies deep instead of
        # 1, in less time.
        if not 8 <= tt_bits <= 26:
            raise ValueError("tt_bits must be in 8..26")
        if evaluation not in EVALUATIONS:
            raise ValueError(f"evaluation must be one of {', '.join(EVALUATIONS)}, not {evaluation!r}")
        if rollouts < 1:
            raise ValueError("rollouts must be >= 1")
        self.game = game
        # ``policy``: a Policy instance of this game's own (one per thread in parallel
        # searches); None: the game's shared one (or a fresh one where the estimate asked for
        # is not the shared one's: frontier_policy).
        cheap = evaluation in ("auto", "fitted", "heuristic")
        if cheap:
            policy = frontier_policy(game, evaluation, policy)
        self.policy = policy if policy is not None else game.policy
        self.use_table = table
        self.table_option = table
        self.salt = 0
        self.fill = cheap if fill is None else bool(fill)
        self.paranoid = paranoid
        self.n_players = game.num_players
        self.eval_mode = (EVAL_HEURISTIC if cheap
                          else EVAL_ROLLOUT if evaluation == "rollout" else EVAL_POLICY)
        self.rollouts = rollouts
        rng_seed(&self.rng, seed)
        self.table = <MEntry*>calloc(1 << tt_bits, sizeof(MEntry))
        if self.table == NULL:
            raise MemoryError()
        self.mask = (1 << tt_bits) - 1
        self.pool = [game.new_state() for _ in range(min(64, game.max_game_length + 2))]  # grows
        self.scratch = game.new_state()

    def __dealloc__(self):
        free(self.table)
        free(self.stack)

    def reset(self, uint64_t seed):
        """Forget the table and restart the playout stream at ``seed``: the solver then
        searches exactly as a new one built with the same options and this seed (the thread
        paths of solver/search/parallel.py keep their solvers from search to search rather
        than pay a new one's set-up, with the GIL held, each time). The table is cleared
        without the GIL."""
        with nogil:
            memset(self.table, 0, (self.mask + 1) * sizeof(MEntry))
        self.use_table = self.table_option      # as a new one's (a solve may switch it off)
        rng_seed(&self.rng, seed)

    def forget(self, uint64_t seed):
        """``reset`` in O(1), for one solver that solves many small worlds in turn: the table
        keys take a salt this solver has never used, so no entry stored before can match a probe
        (every store replaces its slot's entry, so an old entry never blocks a new one), the
        table's use is as at construction, and the playout stream restarts at ``seed``. A
        solve after ``forget(seed)`` therefore gives the answer, node count and depth of a
        new solver's solve with that seed (but for a 2^-64 key collision, as in any table):
        what lets the threads of parallel.py claim worlds in any order reproducibly."""
        # The salt is the count of forgets times an odd constant (a bijection of 64-bit
        # integers), never the seed's: a salt drawn from the seed recurred whenever a kept
        # solver was forgotten to a seed it had had before (the same PIMC seed searched again),
        # and entries stored under it matched again (a Mattis world then took 10x the nodes
        # and changed its answer). The XOR moves every key's slot by the same bits, so which
        # positions share a slot, hence the search, is the same under every salt.
        self.forgets += 1
        self.salt = self.forgets * SALT_STEP
        self.use_table = self.table_option
        rng_seed(&self.rng, seed)

    cdef int _grow(self, int size) except -1:
        """Make stack[0..size) valid (GIL held): a search that reaches ply p uses stack[p + 1],
        so a pass of depth d needs min(d, max_game_length) + 2 slots (solve grows the stack
        before it releases the GIL; a ply is at least one action and at most d plies are
        searched below the root)."""
        cdef PyObject** grown
        cdef int i
        if size <= self.stack_len:
            return 0
        while len(self.pool) < size:
            self.pool.append(self.game.new_state())
        grown = <PyObject**>realloc(self.stack, len(self.pool) * sizeof(PyObject*))
        if grown == NULL:
            raise MemoryError()
        self.stack = grown
        for i in range(len(self.pool)):
            self.stack[i] = <PyObject*>self.pool[i]
        self.stack_len = len(self.pool)
        return 0

    cdef int _stack_for(self, int depth) except -1:
        """Grow the stack for a pass of ``depth`` plies (see _grow). At most DEPTH_FULL + 2
        slots: only a line longer than that (a ``max_depth`` beyond it in a game whose round
        is the whole game) would reach further, and _slot grows the stack for it."""
        cdef int need = depth
        if need > self.game.max_game_length:
            need = self.game.max_game_length
        if need > DEPTH_FULL:
            need = DEPTH_FULL
        return self._grow(need + 2)

    cdef PyObject* _slot(self, int ply) noexcept nogil:
        """The borrowed state of ``ply``. solve grows the stack for the pass before releasing
        the GIL, so the growth here (taking the GIL) is a safety net that does not run; if
        even that fails (no memory) the pass aborts (the caller checks ``aborted``)."""
        if ply >= self.stack_len:
            with gil:
                try:
                    self._grow(ply + 1)
                except MemoryError:
                    pass
            if ply >= self.stack_len:
                self.aborted = True
                return <PyObject*>self.scratch
        return self.stack[ply]

    cdef void evaluate(self, State s, double* out) noexcept nogil:
        """Estimated gains from ``s`` to the end of its round."""
        cdef double before[MAX_PLAYERS]
        cdef double after[MAX_PLAYERS]
        cdef int i, k
        self.cutoffs += 1
        if self.eval_mode == EVAL_HEURISTIC:
            self.policy.evaluate_c(s, out)
            return
        s.scores_c(before)
        for i in range(self.n_players):
            out[i] = 0.0
        for k in range(self.rollouts):
            self.scratch.copy_from(s)
            if self.eval_mode == EVAL_POLICY:
                rollout(self.scratch, &self.rng, HORIZON_ROUND, s.round_c(), self.policy)
            else:
                rollout(self.scratch, &self.rng, HORIZON_ROUND, s.round_c())
            self.scratch.scores_c(after)
            for i in range(self.n_players):
                out[i] += after[i] - before[i]
        for i in range(self.n_players):
            out[i] /= self.rollouts

    cdef bint tt_probe(self, uint64_t key, MEntry** out) noexcept nogil:
        """The table slot of ``key`` in ``out``; whether the table is in use. After
        TT_TRIAL probes without a single hit the table is switched off for the rest of the solve
        (a game whose hash_c never transposes, e.g. one that hashes the play history, gains
        nothing from it); the solver then leaves it off for later solves as well."""
        out[0] = &self.table[key & self.mask]
        self.tt_probes += 1
        if out[0].flag and out[0].key == key:
            self.tt_hits += 1
        elif self.tt_hits == 0 and self.tt_probes >= TT_TRIAL:
            self.tt_on = False
            self.use_table = False          # for later solves with this solver too
        return True

    cdef inline bint enter_node(self) noexcept nogil:
        """Count a node and check the node budget and (every 1024 nodes) the deadline:
        whether the pass is aborted."""
        self.nodes += 1
        if self.budget > 0 and self.nodes > self.budget:
            self.aborted = True
        if (self.deadline > 0 and (self.nodes & TIME_CHECK_MASK) == 0
                and _now() > self.deadline):
            self.aborted = True
        return self.aborted

    cdef void maxn(self, State s, int ply, int depth, double* out) noexcept nogil:
        """Gains of every seat from ``s`` to the end of the round (max^n). Forced moves are
        played in place (``s`` may change: callers copy a fresh child for every action)."""
        cdef int acts[MAX_LEGAL]
        cdef double before[MAX_PLAYERS]
        cdef double after[MAX_PLAYERS]
        cdef double sub[MAX_PLAYERS]
        cdef double best[MAX_PLAYERS]
        cdef double chain[CHAIN * MAX_PLAYERS]
        cdef int nchain = 0
        cdef int n = 0, i, k, p, me, best_a = -1
        cdef uint64_t key = 0
        cdef long long c0
        cdef MEntry* e = NULL
        cdef PyObject* child            # borrowed (stack slots or ``s``): no GIL, no refcounts
        cdef PyObject* spare
        cdef int P = self.n_players
        cdef bint done = False, use_tt = False
        while True:
            if self.enter_node():
                return
            if depth <= 0:
                self.evaluate(s, best)
                done = True
                break
            n = s.legal_actions_c(acts)
            if n != 1 or nchain == CHAIN:
                break
            s.scores_c(before)
            s.apply_action_c(acts[0])
            s.scores_c(after)
            for p in range(P):
                chain[nchain * MAX_PLAYERS + p] = after[p] - before[p]
            nchain += 1
            depth -= 1
            if s.is_terminal_c() or s.round_c() != self.root_round:
                for p in range(P):
                    best[p] = 0.0
                done = True
                break
        # Frontier parents (depth 1: every child is evaluated, none searched) neither probe nor
        # store the table: an entry would save one node's evaluations only when the same
        # position recurs at depth >= 1, which the openings measured never did (identical node
        # counts), and the probe and the store are two cache misses per frontier parent:
        # max^n nodes/s +22% in Mate (Vic Village) 4p, +26% in Mattis 4p (openings, CPU time).
        # Values can differ only where a deeper entry (an earlier pass or solve) would have
        # answered a depth-1 node: the pass now searches it at its own depth instead.
        if not done and self.tt_on and depth > 1:
            use_tt = True
            key = s.hash_c() ^ self.salt
            self.tt_probe(key, &e)
            if e.flag and e.key == key and e.mode == MODE_MAXN and e.depth >= depth:
                memcpy(best, e.value, P * sizeof(double))
                if e.depth != DEPTH_EXACT:
                    self.cutoffs += 1
                done = True
        if not done:
            me = s.current_player_c()
            s.scores_c(before)
            spare = self._slot(ply + 1)
            if self.aborted:
                return
            c0 = self.cutoffs
            for i in range(n):
                # The last child is played on ``s`` itself: nothing reads ``s`` after it (the
                # caller copies a fresh state for each of its own children), so one copy_from
                # a node is saved. Its subtree then uses the pool from ply + 2 on, as any child.
                if i == n - 1:
                    child = <PyObject*>s
                else:
                    child = spare
                    (<State>child).copy_from(s)
                (<State>child).apply_action_c(acts[i])
                (<State>child).scores_c(after)
                if (<State>child).is_terminal_c() or (<State>child).round_c() != self.root_round:
                    for p in range(P):
                        sub[p] = after[p] - before[p]
                else:
                    if depth == 1:
                        # A frontier child: what maxn(child, ply + 1, 0, sub) does (count the
                        # node, evaluate it), without the call — most nodes of a
                        # depth-limited pass are frontier nodes.
                        if self.enter_node():
                            return
                        self.evaluate(<State>child, sub)
                    else:
                        self.maxn(<State>child, ply + 1, depth - 1, sub)
                        if self.aborted:
                            return
                    for p in range(P):
                        sub[p] += after[p] - before[p]
                if best_a < 0 or sub[me] > best[me]:
                    memcpy(best, sub, P * sizeof(double))
                    best_a = acts[i]
            if use_tt:
                e = &self.table[key & self.mask]
                e.key = key
                memcpy(e.value, best, P * sizeof(double))
                e.best = best_a
                e.depth = DEPTH_EXACT if self.cutoffs == c0 else depth
                e.flag = EXACT
                e.mode = MODE_MAXN
                e.owner = -1
        # the forced moves on the way: out = d1 + (d2 + (... + (dk + best)))
        for k in range(nchain - 1, -1, -1):
            for p in range(P):
                best[p] = chain[k * MAX_PLAYERS + p] + best[p]
        memcpy(out, best, P * sizeof(double))

    cdef double par(self, State s, int ply, int depth, double alpha, double beta) noexcept nogil:
        """Gain of the root seat from ``s`` to the end of the round, the others minimising it
        (fail-soft alpha-beta). Forced moves are played in place, as in maxn."""
        cdef int acts[MAX_LEGAL]
        cdef double before[MAX_PLAYERS]
        cdef double after[MAX_PLAYERS]
        cdef double ev[MAX_PLAYERS]
        cdef double chain[CHAIN]
        cdef int nchain = 0
        cdef int n = 0, i, j, k, tmp, me, best_a = -1
        cdef int R = self.root_player
        cdef bint maximise, done = False, use_tt = False
        cdef uint64_t key = 0
        cdef long long c0
        cdef double best = 0.0, v, delta, D = 0.0, alpha0, beta0
        cdef MEntry* e = NULL
        cdef PyObject* child            # borrowed (stack slots or ``s``): no GIL, no refcounts
        cdef PyObject* spare
        while True:
            if self.enter_node():
                return 0.0
            if depth <= 0:
                self.evaluate(s, ev)
                best = ev[R]
                done = True
                break
            n = s.legal_actions_c(acts)
            if n != 1 or nchain == CHAIN:
                break
            s.scores_c(before)
            s.apply_action_c(acts[0])
            s.scores_c(after)
            chain[nchain] = after[R] - before[R]
            D += chain[nchain]
            nchain += 1
            depth -= 1
            if s.is_terminal_c() or s.round_c() != self.root_round:
                best = 0.0
                done = True
                break
        alpha -= D
        beta -= D
        alpha0 = alpha
        beta0 = beta
        if not done and self.tt_on:
            use_tt = True
            key = s.hash_c() ^ self.salt
            self.tt_probe(key, &e)
            if (e.flag and e.key == key and e.mode == MODE_PARANOID and e.owner == R
                    and e.depth >= depth):
                if (e.flag == EXACT or (e.flag == LOWER and e.value[0] >= beta)
                        or (e.flag == UPPER and e.value[0] <= alpha)):
                    if e.depth != DEPTH_EXACT:
                        self.cutoffs += 1
                    best = e.value[0]
                    done = True
        if not done:
            if use_tt and e.flag and e.key == key and e.mode == MODE_PARANOID and e.owner == R \
                    and e.best >= 0:
                for i in range(n):
                    if acts[i] == e.best:
                        tmp = acts[i]
                        for j in range(i, 0, -1):
                            acts[j] = acts[j - 1]
                        acts[0] = tmp
                        break
            me = s.current_player_c()
            maximise = me == R
            best = -INFINITY if maximise else INFINITY
            s.scores_c(before)
            spare = self._slot(ply + 1)
            if self.aborted:
                return 0.0
            c0 = self.cutoffs
            for i in range(n):
                if i == n - 1:              # the last child on ``s`` itself, as in maxn
                    child = <PyObject*>s
                else:
                    child = spare
                    (<State>child).copy_from(s)
                (<State>child).apply_action_c(acts[i])
                (<State>child).scores_c(after)
                delta = after[R] - before[R]
                if (<State>child).is_terminal_c() or (<State>child).round_c() != self.root_round:
                    v = delta
                elif depth == 1:
                    # a frontier child, inline (as in maxn): par(child, ply + 1, 0, ...)
                    if self.enter_node():
                        return 0.0
                    self.evaluate(<State>child, ev)
                    v = delta + ev[R]
                else:
                    v = delta + self.par(<State>child, ply + 1, depth - 1, alpha - delta,
                                         beta - delta)
                    if self.aborted:
                        return 0.0
                if maximise:
                    if v > best:
                        best = v
                        best_a = acts[i]
                        if best > alpha:
                            alpha = best
                else:
                    if v < best:
                        best = v
                        best_a = acts[i]
                        if best < beta:
                            beta = best
                if alpha >= beta:
                    break
            if use_tt:
                e = &self.table[key & self.mask]
                e.key = key
                e.value[0] = best
                e.best = best_a
                e.depth = DEPTH_EXACT if self.cutoffs == c0 else depth
                e.flag = UPPER if best <= alpha0 else (LOWER if best >= beta0 else EXACT)
                e.mode = MODE_PARANOID
                e.owner = R
        for k in range(nchain - 1, -1, -1):
            best = chain[k] + best
        return best

    cdef dict _root(self, State root, int depth):
        """{action: gain vector (max^n) or [root gain] (paranoid)} at ``depth``, or None if the
        node budget ran out: the pass (_root_c) runs without the GIL on a stack grown for it."""
        cdef int acts[MAX_LEGAL]
        cdef double values[MAX_LEGAL * MAX_PLAYERS]
        cdef int n, i, p
        cdef int P = 1 if self.paranoid else self.n_players
        self._stack_for(depth)
        with nogil:
            n = self._root_c(root, depth, acts, values)
        if n < 0:
            return None
        return {acts[i]: [values[i * MAX_PLAYERS + p] for p in range(P)] for i in range(n)}

    cdef int _root_c(self, State root, int depth, int* acts, double* values) noexcept nogil:
        """One pass at ``depth``: the root's legal actions into ``acts`` and, for the i-th, the
        gain vector (max^n) or [root gain] (paranoid) at values[i * MAX_PLAYERS ...]; the number
        of actions, or -1 if the node budget or the time ran out. The stack must hold
        min(depth, max_game_length) + 2 states (_stack_for)."""
        cdef double before[MAX_PLAYERS]
        cdef double after[MAX_PLAYERS]
        cdef double sub[MAX_PLAYERS]
        cdef int n, i, p
        cdef PyObject* child = self._slot(1)     # borrowed
        cdef int P = self.n_players
        cdef double v
        cdef double started = _now()
        cdef bint ended
        if self.aborted:
            return -1
        root.scores_c(before)
        n = root.legal_actions_c(acts)
        for i in range(n):
            (<State>child).copy_from(root)
            (<State>child).apply_action_c(acts[i])
            (<State>child).scores_c(after)
            ended = ((<State>child).is_terminal_c()
                     or (<State>child).round_c() != self.root_round)
            if self.paranoid:
                v = after[self.root_player] - before[self.root_player]
                if not ended:
                    v += self.par(<State>child, 1, depth - 1, -INFINITY, INFINITY)
                values[i * MAX_PLAYERS] = v
            else:
                if ended:
                    for p in range(P):
                        sub[p] = 0.0
                else:
                    self.maxn(<State>child, 1, depth - 1, sub)
                for p in range(P):
                    values[i * MAX_PLAYERS + p] = sub[p] + (after[p] - before[p])
            # On track to overrun? The root's children so far predict the pass's cost (nodes
            # and time alike); give up now rather than at the budget.
            if not self.aborted and i + 1 < n and self.budget > 0 and (
                    self.nodes * n > self.budget * (i + 1)):
                self.aborted = True
            if (not self.aborted and i + 1 < n and self.deadline > 0
                    and (_now() - started) * n > (self.deadline - started) * (i + 1)):
                self.aborted = True
            if self.aborted:
                self.projected = <double>self.nodes * n / (i + 1)
                return -1
        return n

    def tree_nodes(self, State state, int depth, long long cap):
        """min(N, ``cap`` + 1), N the nodes of ``state``'s round tree cut ``depth`` plies
        below it (``state`` and every node above the cut counted, as a depth-limited pass
        visits them without a table; the count stops once it passes ``cap``): a cheap measure
        of how big a world's search will be, which orders the worlds threads claim (largest
        first, so that no thread is left with a big world at the end; solver/search/
        parallel.py). Touches neither the table nor the stream: a later solve is unchanged.
        Runs without the GIL."""
        cdef long long n
        if depth < 0:
            raise ValueError("depth must be >= 0")
        self._stack_for(depth)
        self.aborted = False            # _slot's out-of-memory signal (every pass resets it)
        with nogil:
            n = self._tree_nodes(state, state.round_c(), 0, depth, cap)
        self.aborted = False
        return n

    cdef long long _tree_nodes(self, State s, int rnd, int ply, int depth,
                               long long cap) noexcept nogil:
        """tree_nodes' count of ``s``'s subtree (``s`` at ``ply``, its children on
        stack[ply + 1]): min(its nodes, ``cap`` + 1), ``cap`` >= 0 (by induction: each child
        gets the cap left, so the running total stops at exactly cap + 1 once past it)."""
        cdef int acts[MAX_LEGAL]
        cdef int n, i
        cdef long long total = 1
        cdef PyObject* child
        if depth <= 0 or cap < 1 or s.is_terminal_c() or s.round_c() != rnd:
            return 1                # (cap < 1: the caller's count is at its cap already)
        if depth == 1:
            # every child is a leaf of the count (one node each, whatever it is): no need to
            # play them, so a count costs the plays above its last ply only
            n = s.legal_actions_c(acts)
            return 1 + n if 1 + n <= cap else cap + 1
        child = self._slot(ply + 1)
        if self.aborted:            # no stack slot (out of memory): this node alone
            return total
        n = s.legal_actions_c(acts)
        for i in range(n):
            (<State>child).copy_from(s)
            (<State>child).apply_action_c(acts[i])
            total += self._tree_nodes(<State>child, rnd, ply + 1, depth - 1, cap - total)
            if total > cap:
                break
        return total

    cdef bint small_round(self, State root, double limit) noexcept nogil:
        """Whether Knuth's (1975) estimate of the nodes in ``root``'s round tree is at most
        ``limit``: along a random line 1 + b1 + b1*b2 + ..., averaged over KNUTH_PROBES lines
        (unbiased for the tree). The lines stop as soon as their sum passes ``limit`` times the
        probes, so an opening costs a few plies, not whole lines; a stream of its own, so the
        search's draws do not depend on it. Runs without the GIL (on ``scratch``)."""
        cdef int acts[MAX_LEGAL]
        cdef Rng rng
        cdef double cap = limit * KNUTH_PROBES, total = 0.0, prod
        cdef int k, n
        rng_seed(&rng, root.hash_c() ^ <uint64_t>0x4B4E555448)
        for k in range(KNUTH_PROBES):
            self.scratch.copy_from(root)
            prod = 1.0
            total += 1.0
            while not self.scratch.is_terminal_c() and self.scratch.round_c() == self.root_round:
                if total > cap:
                    return False
                n = self.scratch.legal_actions_c(acts)
                prod *= n
                total += prod
                self.scratch.apply_action_c(acts[rng_below(&rng, <unsigned int>n)])
        return total <= cap

    def solve(self, State state, long long node_budget=200000, max_depth=None, depth_step=None,
              time_s=None, bint order_ties=True):
        """Solve ``state``'s current round: an exact pass first where Knuth's estimate of the
        round's tree says it can fit the budget (near the end of a round), then, unless that
        finished and unless ``max_depth`` is given, iterative deepening (depth 1, then ``depth_step``
        plies at a time, default one trick = the number of players) within ``node_budget``
        nodes in all and, when given, ``time_s`` seconds; exact once a pass evaluates no
        frontier (the round ends inside it), else the deepest pass that completed.

        A pass that cannot finish is not run to the end of the budget: from the third pass on
        (with ``fill``, the solver's option: from the second, the root counting as a pass of
        depth 0), its cost is predicted before it starts (the last pass's frontier count times
        the frontier's growth per ply between the last two passes) and a pass predicted to
        overrun the nodes or the time left is not started: with ``fill``, until one trick has
        been searched, the deepest
        shallower one predicted to fit is run instead (a Dog Tag Trick opening's 26 leads make
        one trick, 4 plies, far too big for 200,000 nodes, but 3 plies fit), and if no deeper
        one fits the search stops; every pass gives up as soon as the root
        children searched so far predict an overrun (their cost times the share of children
        left). Issue 15: out of 400k nodes a world, a Dog Tag Trick opening's answer needed 27.
        With ``fill``, a pass that gives up before a whole trick has been searched is followed
        by the deepest shallower pass its own projected cost predicts to fit (_retry_depth).

        Ties at the root (max^n) are broken towards guaranteed outcomes: the tied actions are
        ordered by the mover's paranoid value (the others all playing against it, frontier by
        the policy's ``evaluate_c``), so e.g. in Mattis playing the last card — out, whatever
        the others do — comes before a pick-up the max^n model merely expects to end as well.
        ``order_ties=False`` skips that extra search (``best`` then in action order,
        ``guaranteed`` empty): PIMC reads only a world's values, and the tie search made a
        tied world cost up to twice an untied one (the threads' idle tail).

        A dict: ``player``; ``values`` {action: vector of every seat's gain (max^n) / [root
        gain] (paranoid)}; ``actions`` {action: gain of the mover}; ``best`` (the actions with
        the best gain, the guaranteed first); ``guaranteed`` ({tied action: paranoid value},
        empty without a tie); ``value`` (the first best action's vector); ``exact``; ``depth``
        (plies; None when exact); ``pv`` (exact only); ``nodes``; ``passes`` [(depth, nodes,
        completed)]; ``seconds``."""
        cdef State root
        cdef bint small
        cdef double knuth_limit
        if state.is_terminal_c():
            raise ValueError("the game is over; there is nothing to solve")
        if node_budget < 1:
            raise ValueError("node_budget must be >= 1")
        if time_s is not None and not time_s > 0:
            raise ValueError("time_s must be > 0 seconds")
        t0 = time.perf_counter()
        c0 = _now()
        self.tt_on, self.tt_probes, self.tt_hits = self.use_table, 0, 0
        root = state.clone()
        self.root_player = root.current_player_c()
        self.root_round = root.round_c()
        step = int(depth_step) if depth_step else self.n_players
        if step < 1:
            raise ValueError("depth_step must be >= 1")
        cap = DEPTH_FULL if max_depth is None else max(1, int(max_depth))
        values, depth, exact = None, None, False
        passes = []
        total_nodes = 0
        small = False
        if max_depth is None:
            knuth_limit = EXACT_FIRST_RATIO * node_budget
            with nogil:
                small = self.small_round(root, knuth_limit)
        if small:
            # A round small enough to solve (by Knuth's estimate): one exact pass within the
            # budget answers at once; if it runs out, the deepening below starts with the table
            # it filled. Openings skip it: their exact pass could not finish.
            self.nodes, self.cutoffs, self.aborted = 0, 0, False
            self.budget = node_budget
            self.deadline = c0 + time_s if time_s is not None else 0.0
            got = self._root(root, DEPTH_FULL)
            total_nodes += self.nodes
            passes.append((DEPTH_FULL, self.nodes, got is not None and self.cutoffs == 0))
            if got is not None and self.cutoffs == 0:
                values, exact = got, True
        d = 1
        # (depth, frontier count) of the pass before last — with ``fill`` the root alone before
        # any pass, so that the second pass is predicted too; without, the second pass runs
        # unpredicted (the schedule the solver bot's defaults were measured with) — and
        # (depth, frontier count, nodes) of the last pass.
        root_pass = (0, 1) if self.fill else None
        prev, last = root_pass, None
        ceiling = cap + 1           # the shallowest pass that gave up: none at or beyond it again
        while not exact:
            if d >= ceiling:
                d = ceiling - 1
                if last is None or d <= last[0]:
                    break
            if last is not None and prev is not None:
                # Frontier growth per ply between the last two passes (the first pass against
                # the root itself), extrapolated: the next depth of the schedule is run if it is
                # predicted to fit the nodes and time left. With ``fill``, until a whole step
                # (a trick) has been searched, a shallower pass predicted to fit is run instead
                # (as many plies as fit); after that, a frontier inside a trick would be no
                # better than the last trick-aligned one, and the search stops.
                grow = max(1.0, (last[1] / max(1, prev[1])) ** (1.0 / max(1, last[0] - prev[0])))
                spent = _now() - c0
                lowest = last[0] if (last[0] < step and self.fill) else d - 1
                while d > lowest:
                    predicted = max(1.0, last[1]) * grow ** (d - last[0])
                    if total_nodes + predicted <= node_budget and (
                            time_s is None or total_nodes == 0
                            or spent + predicted * spent / total_nodes <= time_s):
                        break
                    d -= 1
                if d == lowest:
                    break
            self.nodes, self.cutoffs, self.aborted = 0, 0, False
            self.budget = node_budget - total_nodes if values is not None else 0
            self.deadline = c0 + time_s if (time_s is not None and values is not None) else 0.0
            got = self._root(root, d)       # the depth-1 pass runs unbounded: always an answer
            total_nodes += self.nodes
            passes.append((d, self.nodes, got is not None))
            if got is None:
                # With ``fill``, before a whole trick has been searched, a pass that gave up
                # (mispredicted: the growth per ply is not even) is followed by the deepest
                # shallower one that its own cost predicts to fit the nodes (and time) left,
                # rather than ending on the last pass (e.g. a Mattis 8-player opening within
                # 20,000 nodes: depth 6 instead of 1); never again as deep as one that gave up.
                ceiling = d
                d = self._retry_depth(d, last, step, node_budget, total_nodes, time_s, c0)
                if d > 0:
                    continue
                break
            prev = root_pass if last is None else (last[0], last[1])
            last = (d, self.cutoffs, self.nodes)
            values, depth = got, d
            if self.cutoffs == 0:
                exact = True
                break
            if d >= cap:
                break
            d = min(cap, max(step, (d // step + 1) * step))
        self.deadline = 0.0
        me = self.root_player
        k = 0 if self.paranoid else me
        actions = {a: v[k] for a, v in values.items()}
        best_v = max(actions.values())
        best = [a for a, v in actions.items() if v == best_v]
        guaranteed = {}
        if len(best) > 1 and not self.paranoid and order_ties:
            guaranteed = self._guaranteed(root, best, DEPTH_FULL if exact else depth, node_budget)
            total_nodes += self.nodes
            best.sort(key=lambda a: -guaranteed[a])     # stable: ascending action among equals
        out = {"player": me, "values": values, "actions": actions, "best": best,
               "guaranteed": guaranteed, "value": values[best[0]], "exact": exact,
               "depth": None if exact else depth, "nodes": total_nodes, "passes": passes}
        out["pv"] = self._pv(root, best[0]) if exact else []
        out["seconds"] = time.perf_counter() - t0
        return out

    cdef int _retry_depth(self, int d, object last, int step, long long node_budget,
                          long long total_nodes, object time_s, double c0):
        """After the pass at depth ``d`` gave up: the deepest depth between the last completed
        pass (``last`` = (depth, frontier, nodes)) and ``d`` predicted to fit the nodes and
        time left, or 0 for none (no retry without ``fill``, or once a whole ``step`` has been
        searched). The per-ply growth is taken from the aborted pass's projected cost
        (``projected``) against the last pass's nodes, so each retry predicts from what the
        deeper pass really cost."""
        cdef double grow, predicted, spent
        cdef int k
        if not self.fill or last is None or last[0] >= step or d - 1 <= last[0]:
            return 0
        grow = max(1.0, (self.projected / max(1, last[2])) ** (1.0 / (d - last[0])))
        spent = _now() - c0
        for k in range(d - 1, last[0], -1):
            predicted = max(1.0, <double>last[2]) * grow ** (k - last[0])
            if total_nodes + predicted <= node_budget and (
                    time_s is None or spent + predicted * spent / max(1, total_nodes) <= time_s):
                return k
        return 0

    cdef dict _guaranteed(self, State root, list tied, int depth, long long node_budget):
        """{action: the mover's paranoid gain after it} for the tied root actions: what the
        mover keeps whatever the others do (to ``depth`` plies, frontier by the policy's
        ``evaluate_c``; depth 1 when that overruns ``node_budget``). ``self.nodes`` holds the
        nodes spent."""
        cdef double before[MAX_PLAYERS]
        cdef double after[MAX_PLAYERS]
        cdef State child
        cdef int mode = self.eval_mode
        cdef long long spent = 0
        cdef int a, d, R = self.root_player
        cdef double v
        out = {}
        self._stack_for(depth)
        child = <State>self.stack[1]
        self.eval_mode = EVAL_HEURISTIC     # deterministic and cheap: no playouts
        root.scores_c(before)
        try:
            for a in tied:
                for d in (depth, 1):
                    child.copy_from(root)
                    child.apply_action_c(a)
                    child.scores_c(after)
                    self.nodes, self.cutoffs, self.aborted = 0, 0, False
                    self.budget = node_budget if d == depth and depth > 1 else 0
                    v = after[R] - before[R]
                    if not (child.is_terminal_c() or child.round_c() != self.root_round):
                        with nogil:
                            v += self.par(child, 1, d - 1, -INFINITY, INFINITY)
                    spent += self.nodes
                    if not self.aborted:
                        out[a] = v
                        break
        finally:
            self.eval_mode = mode
            self.aborted = False
        self.nodes = spent
        return out

    def _pv(self, State root, int first):
        """One optimal line from the table (exact searches only)."""
        cdef State s = root.clone()
        cdef MEntry* e
        cdef uint64_t key
        line = [first]
        s.apply_action_c(first)
        while not s.is_terminal_c() and s.round_c() == self.root_round and len(line) < 1000:
            key = s.hash_c() ^ self.salt
            e = &self.table[key & self.mask]
            if not (e.flag and e.key == key and e.best >= 0
                    and e.mode == (MODE_PARANOID if self.paranoid else MODE_MAXN)):
                break
            if self.paranoid and (e.owner != self.root_player or e.flag != EXACT):
                break
            line.append(e.best)
            s.apply_action_c(e.best)
        return line
