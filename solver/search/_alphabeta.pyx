"""Exact alpha-beta for two-player constant-sum perfect-information play, generic over ``State``.

It solves the *current round* (a Mate game, forcing decisions included when they are still
open): the value of a position is what the player to move gains from here to the end of the
round, ``scores_c(end) - scores_c(now)``, under best play by both. Rounds are independent under
the games' point utilities (docs/rules/mate.md §14), so the round's optimum is the match's optimum.

The search itself is a zero-sum negamax on the *difference* of the two seats' gains; in a
constant-sum game (``Game.utility_sum()`` declared) the two gains add up to the same total R on
every line of the round, so a seat's gain is ``(difference + R) / 2`` (R = 0 when zero-sum).

``solve`` values every root action exactly (``values="all"``, PIMC's need), or, when only the
best move is wanted (``values="best"``: the solver bot with perfect information), solves the
root once and probes each action with a null window around that value (the game's kernel
through ``ExactSolver.value_window_c``): the same optimal set, the others only bounded.

Negamax with fail-soft bounds, a transposition table of fixed size (one allocation per solver,
none per node), the table's best move first and a history heuristic for the rest. Consecutive
moves by the same player (Mate: the follower who wins a trick leads next) keep the sign.

A game may plug in its own exact kernel through the hook declared on ``Game``
(``Game.EXACT_SOLVER`` -> an :class:`solver.game.ExactSolver`); Mate does (a kernel on its C
struct: integer values, lead positions with inline replies, mates found without search, score
bounds, forcing layers in the same tree) and it gives the same values as the generic search
(tests/games/mate/test_solver.py) for every option. This module imports no game.
``AlphaBeta(game, kernel=False)`` forces the generic search.

Two entry points serve root-parallel search (solver/search/parallel.py, issue 18 item 4), each
one call that runs its whole search without the GIL when the game has a kernel (the generic
negamax keeps Python objects in its state pool and holds the GIL): ``solve_claimed`` values
every action of PIMC's distinct worlds with the other threads (``WorldClaims``: worlds owned
whole, their last actions taken from the back by the threads that ran out of worlds; one GIL
hand-off per thread, not one per world or root child), and ``split_search`` a
principal-variation search of one root shared by the threads (``RootSplit``: one
perfect-information decision).
"""
from libc.math cimport INFINITY
from libc.stdint cimport uint64_t, int16_t, int8_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset
from cpython.ref cimport PyObject

import time

from solver.game cimport ExactSolver, Game, State, MAX_LEGAL, MAX_PLAYERS
from solver.search._common cimport monotonic

cdef extern from "sched.h" nogil:
    int sched_yield()

# A mutex and condition variable (WorldClaims: the caller's thread sleeps until the helpers
# still searching are done, rather than spin on a core a helper may need).
cdef extern from "<pthread.h>" nogil:
    # (the types: _alphabeta.pxd)
    int pthread_mutex_init(pthread_mutex_t* m, void* attr)
    int pthread_mutex_destroy(pthread_mutex_t* m)
    int pthread_mutex_lock(pthread_mutex_t* m)
    int pthread_mutex_unlock(pthread_mutex_t* m)
    int pthread_cond_init(pthread_cond_t* c, void* attr)
    int pthread_cond_destroy(pthread_cond_t* c)
    int pthread_cond_wait(pthread_cond_t* c, pthread_mutex_t* m)
    int pthread_cond_signal(pthread_cond_t* c)
    int pthread_cond_broadcast(pthread_cond_t* c)

# Atomics on the fields a RootSplit's threads share (GCC/Clang builtins, sequentially
# consistent: a helper's "active" increment and the caller's "closed" store are ordered, so
# either the helper sees the job closed or the caller sees it active and waits for it).
cdef extern from *:
    """
    static inline int th_add(int *p, int v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
    static inline int th_load(int *p) { return __atomic_load_n(p, __ATOMIC_SEQ_CST); }
    static inline void th_store(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_SEQ_CST); }
    static inline void* th_load_ptr(void **p) { return __atomic_load_n(p, __ATOMIC_SEQ_CST); }
    static inline void th_store_ptr(void **p, void *v) { __atomic_store_n(p, v, __ATOMIC_SEQ_CST); }
    static inline int th_cas(int *p, int expected, int desired) {
        return __atomic_compare_exchange_n(p, &expected, desired, 0, __ATOMIC_SEQ_CST,
                                           __ATOMIC_SEQ_CST);
    }
    static inline void th_pause(void) {       /* a spin-wait hint to the core */
    #if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
    #elif defined(__aarch64__)
        __asm__ __volatile__("yield");
    #endif
    }
    static inline double th_load_d(double *p) {
        double v; __atomic_load(p, &v, __ATOMIC_SEQ_CST); return v;
    }
    static inline void th_max_d(double *p, double v) {
        double cur; __atomic_load(p, &cur, __ATOMIC_SEQ_CST);
        while (v > cur && !__atomic_compare_exchange(p, &cur, &v, 0, __ATOMIC_SEQ_CST,
                                                     __ATOMIC_SEQ_CST)) {}
    }
    """
    int th_add(int* p, int v) nogil
    int th_load(int* p) nogil
    void th_pause() nogil
    void th_store(int* p, int v) nogil
    bint th_cas(int* p, int expected, int desired) nogil
    void* th_load_ptr(void** p) nogil
    void th_store_ptr(void** p, void* v) nogil
    double th_load_d(double* p) nogil
    void th_max_d(double* p, double v) nogil

cdef enum:
    EXACT = 1
    LOWER = 2
    UPPER = 3

ctypedef struct TTEntry:
    uint64_t key
    double value
    int16_t best
    int8_t flag


cdef enum:
    SPLIT_NONE = 0     # a RootSplit move not searched (yet)
    SPLIT_EXACT = 1    # its difference is exact
    SPLIT_UPPER = 2    # its difference is an upper bound, strictly below the root's value


# How long a ClaimHelper woken by ``arm`` waits, spinning, for its job to be posted before it
# goes back to sleep (seconds): the caller posts it ~10-40 us after arming (the worlds hashed,
# the claims built); past this the caller went another way (e.g. an error).
cdef double ARMED_SPIN_S = 0.002
# How long ``ClaimHelper.post`` waits for the thread to leave its previous job (it is past the
# job's last action once the caller returned; only a preempted thread takes longer).
cdef double POST_WAIT_S = 20e-6
# How long the caller's thread of a WorldClaims job spins (yielding) for a helper's last action
# before it sleeps on the job's condition variable (seconds).
cdef double CLOSE_SPIN_S = 200e-6
# How long a ClaimHelper stays awake after a job, spinning (yielding its core to any other
# runnable thread) for the next arm or post before it sleeps (seconds). A sleeping core's
# wake-up on a virtual machine is tens of microseconds, which a search of the next decision
# (Mate's forced-card-hidden PIMC: ~1 ms on two threads) would wait for: measured ~50 us of
# its 0.97 ms when the searches follow each other within this time (issue 18 item 4). The
# price: up to this much of one core after each such search, which process CPU time counts
# (as OpenMP's and TBB's worker threads spin before they sleep).
cdef double LINGER_S = 0.002


cdef double _remaining_line(State s, int rnd, int* plies=NULL) noexcept nogil:
    """R from ``s``: what the two seats gain together to the end of round ``rnd``, the same on
    every line of a constant-sum round, read off the line of the lowest legal actions (``s``
    is played out along it: scratch); that line's length into ``plies`` when given."""
    cdef double before[MAX_PLAYERS]
    cdef double after[MAX_PLAYERS]
    cdef int acts[MAX_LEGAL]
    cdef int n = 0
    s.scores_c(before)
    while not s.is_terminal_c() and s.round_c() == rnd:
        s.legal_actions_c(acts)
        s.apply_action_c(acts[0])
        n += 1
    if plies != NULL:
        plies[0] = n
    s.scores_c(after)
    return (after[0] - before[0]) + (after[1] - before[1])


cdef class RootSplit:
    """One perfect-information root shared by several threads' ``AlphaBeta.split_search``
    (solver/search/parallel.py: the solver bot's decision in Mate with its default rules).
    The caller's thread values the first move exactly; the other moves are claimed one at a
    time from a shared counter, so the threads stay busy however unequal the moves are, and
    each probe uses the best exact value any thread has found so far. Whatever the timing, the best exact value is the position's and the moves
    reaching it are exactly its optimal moves (a move whose probe failed low is below some
    exact value, hence below the best); which moves are only bounded, and the node counts,
    depend on the timing. Read the answer with ``result`` once the caller's thread returned."""

    cdef State root
    cdef int n, rnd, me
    cdef int acts[MAX_LEGAL]
    cdef double diffs[MAX_LEGAL]        # the mover's gain minus the other's, per move
    cdef int flags[MAX_LEGAL]           # SPLIT_*
    cdef long long move_nodes[MAX_LEGAL]
    cdef double total                   # R: what both seats gain to the end of the round
    cdef readonly int plies             # plies to the end of the round (the lowest line)
    # shared between the threads, through the th_* atomics only:
    cdef int next                       # the next move to claim (from 1: 0 is the caller's)
    cdef int active                     # helpers inside the search
    cdef int closed                     # the caller's thread has run out of moves
    cdef double best                    # the best exact difference so far (-inf: none)

    def __cinit__(self, State state):
        cdef int i
        if state.is_terminal_c():
            raise ValueError("the game is over; there is nothing to solve")
        if state.game.num_players != 2:
            raise ValueError("a root split needs a two-player game")
        self.root = state.clone()
        self.rnd = state.round_c()
        self.me = state.current_player_c()
        self.n = state.legal_actions_c(self.acts)
        for i in range(self.n):
            self.flags[i] = SPLIT_NONE
            self.move_nodes[i] = 0
        self.total = _remaining_line(state.clone(), self.rnd, &self.plies)
        self.next = 1                   # move 0 is the caller's (split_search)
        self.active = 0
        self.closed = 0
        self.best = -INFINITY

    def result(self):
        """A dict as ``AlphaBeta.solve(values="best")``'s: ``player``, ``value`` (each seat's
        gain to the end of the round), ``actions`` (every legal action's value for the mover;
        an upper bound for the ``bounded`` ones), ``best`` (every optimal action, ascending),
        ``bounded``, ``nodes``."""
        cdef int i
        # (a helper that started late may still be passing through, touching nothing)
        if th_load(&self.next) < self.n:
            raise RuntimeError("the root split is still running")
        for i in range(self.n):
            if self.flags[i] == SPLIT_NONE:
                raise RuntimeError("a move of the root split was not searched")
        top = 0.5 * (self.best + self.total)
        found = {self.acts[i]: 0.5 * (self.diffs[i] + self.total) for i in range(self.n)}
        return {"player": self.me,
                "value": [top if p == self.me else self.total - top for p in range(2)],
                "actions": found,
                "best": [self.acts[i] for i in range(self.n)
                         if self.flags[i] == SPLIT_EXACT and self.diffs[i] == self.best],
                "bounded": [self.acts[i] for i in range(self.n)
                            if self.flags[i] == SPLIT_UPPER],
                "nodes": sum(self.move_nodes[i] for i in range(self.n))}


cdef class WorldClaims:
    """The worlds of one PIMC search (perfect-information states of a game with an exact
    kernel), every legal action of each to be valued exactly, by one thread or shared by
    several threads' ``AlphaBeta.solve_claimed`` (solver/search/parallel.py
    ``claim_worlds``). Sampled worlds repeat (Mate with the forced card hidden: 16
    draws of a handful of possible forced cards), so the worlds are grouped by position (the
    64-bit key the solvers' own tables trust) and only the distinct ones are searched: a
    repeat takes its first occurrence's values, at 0 nodes.

    A free thread takes the next distinct world not yet owned (a shared counter) and values
    its actions from the front, in legal order, on one table (cleared, O(1), as it starts the
    world); once every world is owned, a free thread takes actions from the back of the world
    with the most actions left, one at a time, searching that world's owner's table, until
    the front and the back meet. So the threads end within one action of each other (an
    action 2-150 us at Mate's opening with the forced card hidden, a world 0.2-0.5 ms), and
    only the actions taken from the back are valued away from their world's thread (measured
    there, 2 threads against 1: 1.80-1.85x, from 1.73-1.75x with the last world cut in two
    fixed halves). Each action's slot is written by the one thread that took it (a
    compare-and-swap on the world's span of actions left) and published with th_store. All
    without the GIL.

    The values are exact, hence the same whoever valued what. Each action's node count is
    its valuer's: with one thread it is a cleared solver's valuing the world in legal order
    (``solve_values``); with more it depends on where the front and the back met, which
    timing decides (the answer does not). ``owned``: every world counts as owned already, so
    the threads only take actions from the back (a test hook for the thieves' path).

    The caller's thread (``helper`` False) returns once every action is valued, waiting
    (without the GIL) for the helpers still searching; a helper that starts after the caller's
    thread ran out of actions does nothing, so nobody waits for a thread that did not get a
    core. Read the answer with ``result`` (or ``RootMerge.add_claims``) once the caller's
    thread has returned."""

    def __cinit__(self, list worlds, bint owned=False):
        cdef int g, w, d, total
        cdef int buf[MAX_LEGAL]
        cdef State st, scratch = None
        cdef uint64_t* keys = NULL
        cdef uint64_t key
        cdef size_t m
        self.sync_ready = False
        self.src = NULL
        self.first = NULL
        self.ptrs = NULL
        self.start = NULL
        self.acts = NULL
        self.vals = NULL
        self.nodes = NULL
        self.solved = NULL
        self.counts = NULL
        self.totals = NULL
        self.span = NULL
        self.owners = NULL
        for obj in worlds:
            st = <State?>obj
            if st.is_terminal_c():
                raise ValueError("the game is over; there is nothing to solve")
            if type(st) is not type(worlds[0]):
                raise ValueError("the worlds are states of different games")
        self.worlds = list(worlds)
        self.given = len(self.worlds)
        self.active = 0
        self.closed = 0
        m = max(1, self.given)
        self.src = <int*>malloc(m * sizeof(int))
        self.first = <int*>malloc(m * sizeof(int))
        self.ptrs = <PyObject**>malloc(m * sizeof(PyObject*))
        keys = <uint64_t*>malloc(m * sizeof(uint64_t))
        if not (self.src and self.first and self.ptrs and keys):
            free(keys)
            raise MemoryError()
        # the distinct worlds, in order of first occurrence (a few dozen worlds at most: a
        # linear scan of the keys seen; keys[0 .. n - 1] are the distinct worlds')
        self.n = 0
        for g in range(self.given):
            st = <State>self.worlds[g]
            key = st.hash_c()
            d = -1
            for w in range(self.n):
                if keys[w] == key:
                    d = w
                    break
            self.first[g] = d < 0
            if d < 0:
                d = self.n
                self.n += 1
                keys[d] = key
                self.ptrs[d] = <PyObject*>st
            self.src[g] = d
        free(keys)
        self.next_world = self.n if owned else 0
        m = max(1, self.n)
        self.counts = <int*>malloc(m * sizeof(int))
        self.start = <int*>malloc(m * sizeof(int))
        self.totals = <double*>malloc(m * sizeof(double))
        self.span = <int*>malloc(m * sizeof(int))
        self.owners = <void**>calloc(m, sizeof(void*))
        if not (self.counts and self.start and self.totals and self.span and self.owners):
            raise MemoryError()
        total = 0
        for w in range(self.n):
            self.start[w] = total
            self.counts[w] = (<State>self.ptrs[w]).legal_actions_c(buf)
            total += self.counts[w]
        m = max(1, total)
        self.acts = <int*>malloc(m * sizeof(int))
        self.vals = <double*>malloc(m * sizeof(double))
        self.nodes = <long long*>calloc(m, sizeof(long long))
        self.solved = <int*>calloc(m, sizeof(int))
        if not (self.acts and self.vals and self.nodes and self.solved):
            raise MemoryError()
        for w in range(self.n):
            st = <State>self.ptrs[w]
            st.legal_actions_c(self.acts + self.start[w])
            if scratch is None:
                scratch = st.clone()            # one scratch state played out for every world
            else:
                scratch.copy_from(st)
            self.totals[w] = _remaining_line(scratch, st.round_c())
            self.span[w] = self.counts[w] << 16         # lo 0, hi the action count
        if pthread_mutex_init(&self.lock, NULL) != 0:
            raise MemoryError()
        if pthread_cond_init(&self.done, NULL) != 0:
            pthread_mutex_destroy(&self.lock)
            raise MemoryError()
        self.sync_ready = True

    def __dealloc__(self):
        if self.sync_ready:
            pthread_cond_destroy(&self.done)
            pthread_mutex_destroy(&self.lock)
        free(self.src); free(self.first); free(self.start)
        free(self.ptrs); free(self.acts); free(self.vals); free(self.nodes); free(self.solved)
        free(self.counts); free(self.totals); free(self.span); free(self.owners)

    @property
    def actions(self) -> int:
        """The actions to value, over the distinct worlds."""
        return sum(self.counts[w] for w in range(self.n))

    @property
    def distinct(self) -> int:
        """How many of the worlds are distinct (the ones searched)."""
        return self.n

    cdef int check_valued(self) except -1:
        """Raise unless the job is over and every action of every distinct world is valued."""
        cdef int w, i, active
        pthread_mutex_lock(&self.lock)
        active = self.active
        pthread_mutex_unlock(&self.lock)
        if active > 0:
            raise RuntimeError("the world claims are still being searched")
        for w in range(self.n):
            for i in range(self.counts[w]):
                if not th_load(&self.solved[self.start[w] + i]):
                    raise RuntimeError("an action of the world claims was not valued")
        return 0

    def result(self):
        """[({action: exact value for the mover}, nodes)] for each world given, in order: the
        values ``AlphaBeta.solve_values([world])`` gives; the nodes its actions' valuers took
        (0 for a repeat of an earlier world)."""
        cdef int g, w, i
        self.check_valued()
        per_distinct = [({self.acts[self.start[w] + i]: self.vals[self.start[w] + i]
                          for i in range(self.counts[w])},
                         sum(self.nodes[self.start[w] + i] for i in range(self.counts[w])))
                        for w in range(self.n)]
        out = []
        for g in range(self.given):
            values, n_nodes = per_distinct[self.src[g]]
            out.append((values if self.first[g] else dict(values),
                        n_nodes if self.first[g] else 0))
        return out

    cdef int take_front(self, int w) noexcept nogil:
        """The owner's next action of world w (its index), or -1 when none is left."""
        cdef int sp, lo, hi
        while True:
            sp = th_load(&self.span[w])
            lo = sp & 0xFFFF
            hi = sp >> 16
            if lo >= hi:
                return -1
            if th_cas(&self.span[w], sp, (lo + 1) | (hi << 16)):
                return lo

    cdef int take_back(self, int* world) noexcept nogil:
        """A thief's action (its index; its world in ``world``) from the back of the world
        with the most actions left, or -1 when no world has any."""
        cdef int w, sp, left, most, lo, hi
        while True:
            most = 0
            world[0] = -1
            for w in range(self.n):
                sp = th_load(&self.span[w])
                left = (sp >> 16) - (sp & 0xFFFF)
                if left > most:
                    most = left
                    world[0] = w
            if world[0] < 0:
                return -1
            sp = th_load(&self.span[world[0]])
            lo = sp & 0xFFFF
            hi = sp >> 16
            if lo < hi and th_cas(&self.span[world[0]], sp, lo | ((hi - 1) << 16)):
                return hi - 1


cdef class AlphaBeta:
    """A reusable solver for one game. ``solve(state)`` answers with the value, every optimal
    action and a principal variation."""

    cdef TTEntry* table
    cdef uint64_t mask
    cdef list pool
    cdef int root_round
    cdef long long history[1024]
    cdef public long long nodes
    cdef readonly Game game
    cdef ExactSolver kernel           # the game's own exact solver, or None
    cdef readonly bint uses_kernel    # positions go to the game's kernel (Game.EXACT_SOLVER)

    def __cinit__(self, Game game, int tt_bits=18, bint kernel=True):
        if game.num_players != 2:
            raise ValueError(f"alpha-beta needs a two-player game, {game.spec()} has {game.num_players}")
        if game.utility_sum() is None:
            raise ValueError(f"alpha-beta needs a constant-sum game; {game.spec()} declares none "
                             f"(Game.utility_sum): use max^n")
        if not 8 <= tt_bits <= 28:
            raise ValueError("tt_bits must be in 8..28")
        self.game = game
        self.table = <TTEntry*>calloc(1 << tt_bits, sizeof(TTEntry))
        if self.table == NULL:
            raise MemoryError()
        self.mask = (1 << tt_bits) - 1
        self.pool = [game.new_state() for _ in range(64)]
        self.nodes = 0
        self.kernel = game.exact_solver(tt_bits) if kernel else None
        self.uses_kernel = self.kernel is not None

    def __dealloc__(self):
        free(self.table)

    def clear(self):
        """Forget every stored position, as after construction. With a kernel the generic
        table is never searched (every position goes to the kernel), so only the kernel's is
        cleared: zeroing 1.5 MB (16 bits) cost ~0.1 ms, PIMC's threads' whole set-up budget."""
        if self.uses_kernel:
            self.kernel.clear_c()
            return
        memset(self.table, 0, (self.mask + 1) * sizeof(TTEntry))
        memset(self.history, 0, sizeof(self.history))

    def share_table(self, AlphaBeta owner):
        """Search ``owner``'s kernel table (its entries, its generation) until ``clear``: what a
        thread valuing the last actions of a world another thread owns does (``WorldClaims``),
        here for one thread at a time (tests). Without a kernel on either side: this solver's
        own table, cleared."""
        if owner.game is not self.game:
            raise ValueError("the owner solves another game")
        if self.uses_kernel and owner.uses_kernel:
            self.kernel.share_table_c(<void*>owner.kernel)
        else:
            self.clear()

    cdef double negamax(self, State s, int ply, double alpha, double beta):
        """The player to move's gain minus the other's, from ``s`` to the end of the round."""
        cdef int acts[MAX_LEGAL]
        cdef double before[MAX_PLAYERS]
        cdef double after[MAX_PLAYERS]
        cdef int n, i, j, a, tmp, me, best_a = -1
        cdef double best = -INFINITY, v, delta, alpha0 = alpha
        cdef uint64_t key = s.hash_c()
        cdef TTEntry* e = &self.table[key & self.mask]
        cdef State child
        self.nodes += 1
        if e.key == key and e.flag:
            if e.flag == EXACT:
                return e.value
            if e.flag == LOWER and e.value >= beta:
                return e.value
            if e.flag == UPPER and e.value <= alpha:
                return e.value
        n = s.legal_actions_c(acts)
        # Move ordering: the table's move first, then by history score (insertion sort).
        for i in range(1, n):
            a = acts[i]
            j = i
            while j > 0 and self.history[acts[j - 1]] < self.history[a]:
                acts[j] = acts[j - 1]
                j -= 1
            acts[j] = a
        if e.key == key and e.best >= 0:
            for i in range(n):
                if acts[i] == e.best:
                    tmp = acts[i]
                    for j in range(i, 0, -1):
                        acts[j] = acts[j - 1]
                    acts[0] = tmp
                    break
        me = s.current_player_c()
        s.scores_c(before)
        if ply + 1 >= len(self.pool):
            self.pool.append(self.game.new_state())
        child = <State>self.pool[ply + 1]
        for i in range(n):
            a = acts[i]
            child.copy_from(s)
            child.apply_action_c(a)
            child.scores_c(after)
            delta = (after[me] - before[me]) - (after[1 - me] - before[1 - me])
            if child.is_terminal_c() or child.round_c() != self.root_round:
                v = delta
            elif child.current_player_c() == me:
                v = delta + self.negamax(child, ply + 1, alpha - delta, beta - delta)
            else:
                v = delta - self.negamax(child, ply + 1, -(beta - delta), -(alpha - delta))
            if v > best:
                best = v
                best_a = a
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self.history[a] += 1 << min(ply, 20)
                        break
        e.key = key
        e.value = best
        e.best = best_a
        e.flag = UPPER if best <= alpha0 else (LOWER if best >= beta else EXACT)
        return best

    cdef double exact(self, State s, int ply):
        """The mover's gain minus the other's from ``s`` to the end of the round. A game's
        kernel values zero-sum rounds by the mover's gain, half the difference."""
        cdef double v
        if self.uses_kernel:
            with nogil:                 # the kernel is nogil: threads solve worlds in parallel
                v = self.kernel.value_c(s)
            self.nodes += self.kernel.nodes
            return 2.0 * v
        return self.negamax(s, ply, -INFINITY, INFINITY)

    cdef double window(self, State s, int ply, double alpha, double beta):
        """``exact`` searched within (alpha, beta), fail-soft: exact strictly inside the window,
        else a bound on the side it fell (the kernel's window is half the difference's)."""
        cdef double v
        if self.uses_kernel:
            v = self.kernel.value_window_c(s, 0.5 * alpha, 0.5 * beta)
            self.nodes += self.kernel.nodes
            return 2.0 * v
        return self.negamax(s, ply, alpha, beta)

    cdef double remaining(self, State state):
        """R: what the two seats gain together from ``state`` to the end of its round, the same
        on every line of a constant-sum game (read off one line: the lowest legal actions)."""
        cdef double before[MAX_PLAYERS]
        cdef double after[MAX_PLAYERS]
        cdef int acts[MAX_LEGAL]
        cdef State s = <State>self.pool[len(self.pool) - 1]
        s.copy_from(state)
        s.scores_c(before)
        while not s.is_terminal_c() and s.round_c() == self.root_round:
            s.legal_actions_c(acts)
            s.apply_action_c(acts[0])
        s.scores_c(after)
        return (after[0] - before[0]) + (after[1] - before[1])

    def value(self, State state):
        """Gain of the player to move from ``state`` to the end of its round, best play."""
        self.root_round = state.round_c()
        if state.is_terminal_c():
            return 0.0
        (<State>self.pool[0]).copy_from(state)
        return 0.5 * (self.exact(<State>self.pool[0], 0) + self.remaining(state))

    def solve(self, State state, bint pv=True, str values="all"):
        """A dict: ``value`` (for each seat, gain to the end of the round), ``actions`` (every
        legal action with its value for the mover), ``best`` (all optimal actions), ``pv``
        (a principal variation), ``nodes``, ``seconds`` and ``bounded``.

        ``values="all"`` values every action exactly (each root child searched with a full
        window: PIMC averages every action's value over its worlds). ``values="best"`` is for
        a caller that only plays the best move (the solver bot with perfect information): the
        root is solved once (one full-window search, the kernel ordering its own moves), then
        each action is probed with a null window around that value — a probe that fails low
        proves the action worse, and its ``actions`` entry is then only an upper bound (strictly
        below the best; such actions are listed in ``bounded``); the optimal actions, ``best``,
        ``value`` and ``pv`` are the same as with ``"all"`` (issue 18 item 3)."""
        cdef double before[MAX_PLAYERS]
        cdef State root, child
        cdef int me
        cdef double root_d, lo, hi, d, eps
        if values not in ("all", "best"):
            raise ValueError(f"values must be 'all' or 'best', not {values!r}")
        if state.is_terminal_c():
            raise ValueError("the game is over; there is nothing to solve")
        t0 = time.perf_counter()
        self.nodes = 0
        self.root_round = state.round_c()
        me = state.current_player_c()
        root = state.clone()
        root.scores_c(before)
        total = self.remaining(root)
        found = {}
        bounded = []
        if values == "all":
            for a in root.legal_actions():
                child = root.clone()
                child.apply_action_c(a)
                found[a] = 0.5 * (self._gain(child, me, before, -INFINITY, INFINITY) + total)
        else:
            (<State>self.pool[0]).copy_from(root)
            root_d = self.exact(<State>self.pool[0], 0)
            # The null window around the root's value (differences are exact sums of points:
            # eps far below any difference between two values, far above rounding error).
            eps = 1e-7 * max(1.0, abs(root_d))
            lo = root_d - eps
            hi = root_d + eps
            for a in root.legal_actions():
                child = root.clone()
                child.apply_action_c(a)
                d = self._gain(child, me, before, lo, hi)
                if d <= lo:
                    bounded.append(a)       # worse than the best: d is an upper bound
                elif d >= hi:
                    raise AssertionError("alpha-beta: an action beats the position's value")
                found[a] = 0.5 * (d + total)
        best_v = max(found.values())
        out = {
            "player": me,
            "value": [best_v if p == me else total - best_v for p in range(2)],
            "actions": found,
            "best": [a for a, v in found.items() if v == best_v and a not in bounded],
            "bounded": bounded,
            "pv": self.principal_variation(root) if pv else [],
            "nodes": self.nodes,
        }
        out["seconds"] = time.perf_counter() - t0
        return out

    cdef double _gain(self, State child, int me, double* before, double alpha, double beta):
        """Seat ``me``'s gain minus the other's from the parent of ``child`` to the end of the
        round, searched within (alpha, beta) of that difference (fail-soft: exact inside)."""
        cdef double after[MAX_PLAYERS]
        child.scores_c(after)
        cdef double delta = (after[me] - before[me]) - (after[1 - me] - before[1 - me])
        if child.is_terminal_c() or child.round_c() != self.root_round:
            return delta
        (<State>self.pool[1]).copy_from(child)
        if alpha == -INFINITY and beta == INFINITY:
            if child.current_player_c() == me:
                return delta + self.exact(<State>self.pool[1], 1)
            return delta - self.exact(<State>self.pool[1], 1)
        if child.current_player_c() == me:
            return delta + self.window(<State>self.pool[1], 1, alpha - delta, beta - delta)
        return delta - self.window(<State>self.pool[1], 1, delta - beta, delta - alpha)

    cdef double _kernel_gain_c(self, State root, int a, State child, int rnd, double alpha,
                               double beta) noexcept nogil:
        """``_gain`` through the kernel without the GIL: the mover's gain minus the other's
        from ``root`` after action ``a`` (played on the scratch ``child``) to the end of round
        ``rnd``, searched within (alpha, beta) of that difference (both infinite: exact)."""
        cdef double before[MAX_PLAYERS]
        cdef double after[MAX_PLAYERS]
        cdef int me = root.current_player_c()
        cdef double delta, v
        root.scores_c(before)
        child.copy_from(root)
        child.apply_action_c(a)
        child.scores_c(after)
        delta = (after[me] - before[me]) - (after[1 - me] - before[1 - me])
        if child.is_terminal_c() or child.round_c() != rnd:
            return delta
        # the kernel's value is the mover's gain, half the difference (zero-sum rounds)
        if alpha == -INFINITY and beta == INFINITY:
            v = 2.0 * self.kernel.value_c(child)
        elif child.current_player_c() == me:
            v = 2.0 * self.kernel.value_window_c(child, 0.5 * (alpha - delta),
                                                 0.5 * (beta - delta))
        else:
            v = 2.0 * self.kernel.value_window_c(child, 0.5 * (delta - beta),
                                                 0.5 * (delta - alpha))
        self.nodes += self.kernel.nodes
        return delta + v if child.current_player_c() == me else delta - v

    def solve_values(self, list worlds, actions=None):
        """[({action: exact value for the mover}, nodes)] for each state of ``worlds``, in
        order: what ``solve(world, False)["actions"]`` gives (the round's gain after each
        action, best play), restricted to the legal actions in ``actions`` when given, with
        the kernel's searches of every world in ONE section without the GIL (a thread's share
        of PIMC's worlds costs one hand-off, not one per root child). Without a kernel the
        worlds are solved one by one.

        ``actions`` lets threads split the root's moves rather than the worlds: sampled
        worlds share most of their positions, so one solver's table carries a move's subtree
        over from world to world (in Mate the first world costs ~1 ms, the next ~0.03 ms);
        a thread that valued every move of half the worlds would pay the first world again."""
        cdef Py_ssize_t n_w = len(worlds), w
        cdef int i, n, rnd, a
        cdef int* acts
        cdef int* counts
        cdef double* vals
        cdef long long* nodes
        cdef PyObject** ptrs
        cdef State st, child, scratch
        cdef double total, d
        cdef bint* wanted = NULL
        for obj in worlds:
            st = <State?>obj
            if st.is_terminal_c():
                raise ValueError("the game is over; there is nothing to solve")
        if actions is not None:
            actions = frozenset(actions)
        if not self.uses_kernel:
            out = []
            for obj in worlds:
                r = self.solve(obj, False)
                out.append(({a: v for a, v in r["actions"].items()
                             if actions is None or a in actions}, r["nodes"]))
            return out
        if n_w == 0:
            return []
        acts = <int*>malloc(n_w * MAX_LEGAL * sizeof(int))
        vals = <double*>malloc(n_w * MAX_LEGAL * sizeof(double))
        counts = <int*>malloc(n_w * sizeof(int))
        nodes = <long long*>malloc(n_w * sizeof(long long))
        ptrs = <PyObject**>malloc(n_w * sizeof(PyObject*))
        # wanted[a]: action a is to be valued (every action when ``actions`` is None)
        wanted = <bint*>calloc(self.game.num_distinct_actions, sizeof(bint))
        if not (acts and vals and counts and nodes and ptrs and wanted):
            free(acts); free(vals); free(counts); free(nodes); free(ptrs); free(wanted)
            raise MemoryError()
        for i in range(self.game.num_distinct_actions):
            wanted[i] = actions is None or i in actions
        for w in range(n_w):
            ptrs[w] = <PyObject*>worlds[w]       # borrowed: ``worlds`` holds them
        child = <State>self.pool[1]
        scratch = <State>self.pool[2]
        try:
            with nogil:
                for w in range(n_w):
                    self.nodes = 0
                    rnd = (<State>ptrs[w]).round_c()
                    scratch.copy_from(<State>ptrs[w])
                    total = _remaining_line(scratch, rnd)
                    n = (<State>ptrs[w]).legal_actions_c(acts + w * MAX_LEGAL)
                    counts[w] = 0
                    for i in range(n):
                        a = acts[w * MAX_LEGAL + i]
                        if not wanted[a]:
                            continue
                        d = self._kernel_gain_c(<State>ptrs[w], a, child, rnd, -INFINITY,
                                                INFINITY)
                        acts[w * MAX_LEGAL + counts[w]] = a
                        vals[w * MAX_LEGAL + counts[w]] = 0.5 * (d + total)
                        counts[w] += 1
                    nodes[w] = self.nodes
            return [({acts[w * MAX_LEGAL + i]: vals[w * MAX_LEGAL + i]
                      for i in range(counts[w])}, nodes[w]) for w in range(n_w)]
        finally:
            free(acts); free(vals); free(counts); free(nodes); free(ptrs); free(wanted)

    def solve_claimed(self, WorldClaims job, bint helper=False):
        """Take part in ``job`` (``WorldClaims``): own the next world not yet owned and value
        its actions from the front, as ``solve_values`` would; with none left, take actions
        from the back of the world with the most left; until every action is taken. The
        kernel is cleared (O(1): a new generation of its table) as a world is started or a
        thief moves to another world. The whole loop runs without the GIL: two threads hand
        the GIL to each other only when they start and end, not around every world (a claim
        per ``solve_values`` call cost a hand-off, ~20-40 us, several times a search). The
        caller's thread (``helper`` False) then waits without the GIL (asleep on the job's
        condition variable) for the helpers still searching (an action or less); a ``helper``
        that starts after the caller's thread has run out of actions returns at once."""
        cdef State child
        if not self.uses_kernel:
            raise ValueError("solve_claimed needs the game's exact kernel (the generic search "
                             "holds the GIL)")
        if job.n and type(job.worlds[0]) is not type(self.pool[0]):
            raise ValueError("the claims' worlds are of another game")
        child = <State>self.pool[1]
        with nogil:
            self._claimed_c(job, child, helper)

    cdef void _value_claimed_c(self, WorldClaims job, State child, int w, int i) noexcept nogil:
        """Value action i of job's world w exactly (its slots written, then published)."""
        cdef long long n0 = self.nodes
        cdef PyObject* st = job.ptrs[w]             # borrowed: job.worlds holds it
        cdef int k = job.start[w] + i
        cdef double d = self._kernel_gain_c(<State>st, job.acts[k], child,
                                            (<State>st).round_c(), -INFINITY, INFINITY)
        job.vals[k] = 0.5 * (d + job.totals[w])
        job.nodes[k] = self.nodes - n0
        th_store(&job.solved[k], 1)

    cdef void _claimed_c(self, WorldClaims job, State child, bint helper) noexcept nogil:
        """``solve_claimed``'s loop. The helpers' ``active`` count and the caller's ``closed``
        flag change under the job's lock, so either a helper sees the job closed and leaves,
        or the caller sees it active and sleeps until it is done (a spin here cost a helper
        that shared the caller's core on a busy machine its turn: 2 threads measured 0.45x
        one)."""
        cdef int w, i, last = -1
        cdef bint owning = True             # worlds may be left to own (next_world < n)
        cdef double until
        cdef void* owner
        if helper:
            pthread_mutex_lock(&job.lock)
            if job.closed:
                pthread_mutex_unlock(&job.lock)
                return
            job.active += 1
            pthread_mutex_unlock(&job.lock)
        # this thread's table, cold when the core ran something else since (another search):
        # its lines prefetched at once rather than missed one at a time as the search first
        # reaches them (Mate's forced-card-hidden opening, 2 threads against 1 alternated:
        # 0.88 ms a search against 0.91, 1.75x against 1.69x)
        self.kernel.warm_c()
        self.nodes = 0
        while True:
            # (once every world is handed out, no more increments of the shared counter)
            w = th_add(&job.next_world, 1) if owning else job.n
            owning = w < job.n
            if owning:                          # a world of its own, from the front
                self.kernel.clear_c()
                th_store_ptr(&job.owners[w], <void*>self.kernel)
                last = w
                i = job.take_front(w)
                while i >= 0:
                    self._value_claimed_c(job, child, w, i)
                    i = job.take_front(w)
                continue
            i = job.take_back(&w)               # every world owned: from the back of one
            if i < 0:
                break
            owner = th_load_ptr(&job.owners[w])
            if owner != NULL:
                # the owner's table (its entries for the actions it valued already), at each
                # action: it also picks up the generation of an owner that had just started
                self.kernel.share_table_c(owner)
            elif w != last:
                self.kernel.clear_c()
            last = w
            self._value_claimed_c(job, child, w, i)
        self.kernel.own_table_c()
        pthread_mutex_lock(&job.lock)
        if helper:
            th_add(&job.active, -1)     # (read by the caller's spin without the lock)
            if job.active == 0:
                pthread_cond_broadcast(&job.done)
        else:
            job.closed = 1
            if job.active > 0:
                # a helper is on its last action: spin for it a little (a sleeping thread's
                # wake-up costs tens of us on a virtual machine), yielding the core at each
                # turn (a helper sharing it gets its turn), then sleep until it is done
                pthread_mutex_unlock(&job.lock)
                until = monotonic() + CLOSE_SPIN_S
                while th_load(&job.active) > 0 and monotonic() < until:
                    sched_yield()
                pthread_mutex_lock(&job.lock)
            while job.active > 0:
                pthread_cond_wait(&job.done, &job.lock)
        pthread_mutex_unlock(&job.lock)

    def split_search(self, RootSplit job, bint helper):
        """Take part in ``job``, a shared principal-variation search of one root (see
        ``RootSplit``): claim its moves one at a time until none is left and value each — the
        first with a full window while no exact value is known yet, the others with a null
        window around the best exact value found so far by any thread (re-searched exactly when
        the probe fails high). The whole loop runs without the GIL. A ``helper`` that starts
        after the caller's thread has closed the job does nothing (so the caller never waits
        for a thread that did not get a core); the caller's thread (``helper`` False) closes
        the job when the moves run out and waits for the helpers still searching."""
        cdef State child, root
        if not self.uses_kernel:
            raise ValueError("split_search needs the game's exact kernel (the generic search "
                             "holds the GIL)")
        if type(job.root) is not type(self.pool[0]):
            raise ValueError("the job's position is of another game")
        child = <State>self.pool[1]
        root = job.root
        with nogil:
            self._split_c(job, root, child, helper)

    cdef void _split_c(self, RootSplit job, State root, State child, bint helper) noexcept nogil:
        """``split_search``'s loop (the th_* atomics order the shared fields)."""
        cdef int i
        cdef double b, d, eps
        cdef long long n0
        cdef bint mine
        if helper:
            th_add(&job.active, 1)
            if th_load(&job.closed):
                th_add(&job.active, -1)
                return
        # The caller's thread searches the first move itself (reserved: ``next`` starts at 1),
        # so the younger moves never wait on a helper that lost its core.
        mine = not helper
        while True:
            if mine:
                i = 0
                mine = False
            else:
                i = th_add(&job.next, 1)
                if i >= job.n:
                    break
            n0 = self.nodes
            b = th_load_d(&job.best)
            # The younger moves wait for the first move's exact value: searched with a full
            # window instead, a second move costs up to 5x the probe around that value.
            while i > 0 and b == -INFINITY:
                sched_yield()
                b = th_load_d(&job.best)
            if b == -INFINITY:
                d = self._kernel_gain_c(root, job.acts[i], child, job.rnd, -INFINITY,
                                        INFINITY)
                job.flags[i] = SPLIT_EXACT
            else:
                # the null window around the best so far (values are sums of points and half
                # points: eps far below any difference of two values, far above rounding)
                eps = 1e-7 * max(1.0, abs(b))
                d = self._kernel_gain_c(root, job.acts[i], child, job.rnd, b - eps, b + eps)
                if d <= b - eps:
                    job.flags[i] = SPLIT_UPPER
                elif d >= b + eps:
                    d = self._kernel_gain_c(root, job.acts[i], child, job.rnd, -INFINITY,
                                            INFINITY)
                    job.flags[i] = SPLIT_EXACT
                else:
                    job.flags[i] = SPLIT_EXACT
            job.diffs[i] = d
            job.move_nodes[i] = self.nodes - n0
            if job.flags[i] == SPLIT_EXACT:
                th_max_d(&job.best, d)
        if helper:
            th_add(&job.active, -1)
            return
        th_store(&job.closed, 1)
        while th_load(&job.active) > 0:
            sched_yield()

    def principal_variation(self, State state):
        """The actions of one optimal line from ``state`` to the end of its round."""
        cdef double before[MAX_PLAYERS]
        cdef State s = state.clone(), child
        cdef int me
        line = []
        self.root_round = state.round_c()
        while not s.is_terminal_c() and s.round_c() == self.root_round:
            me = s.current_player_c()
            s.scores_c(before)
            best_a, best_v = None, -INFINITY
            for a in s.legal_actions():
                child = s.clone()
                child.apply_action_c(a)
                v = self._gain(child, me, before, -INFINITY, INFINITY)
                if v > best_v:
                    best_a, best_v = a, v
            line.append(best_a)
            s.apply_action_c(best_a)
        return line




cdef class ClaimHelper:
    """A helper thread for ``WorldClaims`` that never takes the GIL: its thread (``serve``,
    the target of a daemon Python thread) sleeps on a condition variable without the GIL and
    takes part in the jobs posted to it (``AlphaBeta.solve_claimed`` as a helper, with the
    solver posted along). Through a thread pool each search paid a task hand-off (a future,
    a queue, the pool thread taking the GIL to start and to finish: 20-50 us of the caller's
    time before it started solving at Mate's forced-card-hidden opening, and the pool thread
    ~40 us later still); here posting is a store under a lock. ``arm`` wakes the thread before
    the job is ready, so that its wake-up (a sleeping core's: tens of us on a virtual machine)
    overlaps the caller's set-up: woken, it spins (ARMED_SPIN_S at most) until the job comes.
    After a job it stays awake for the next one (LINGER_S, yielding its core), so that a
    search that follows within that time does not wait for a sleeping core at all.

    One caller at a time (solver/search/parallel.py hands the helpers out like the solvers).
    A posted job and its solver are kept referenced by the helper until the next post, and a
    post is refused (False) while the thread is still inside its previous job, so the thread
    never reads a freed job; a helper that takes a job after the caller's thread ran out of
    actions finds it closed and leaves it (WorldClaims)."""

    cdef pthread_mutex_t lock
    cdef pthread_cond_t wake
    cdef bint sync_ready                # lock and wake initialised
    # under ``lock`` (``posted`` and ``armed`` also read by the spinning thread via th_load):
    cdef int posted                     # a job waits to be taken
    cdef int armed                      # a job is coming: spin for it rather than sleep
    cdef int holding                    # the thread has taken a job and not yet let it go
    cdef int stopping                   # ``stop``: the thread returns from ``serve``
    cdef int in_serve                   # the thread is inside ``serve``
    cdef PyObject* job_ptr              # borrowed from job_ref (kept until the next post)
    cdef PyObject* solver_ptr           # borrowed from solver_ref
    cdef PyObject* child_ptr            # the solver's scratch state (its pool holds it)
    cdef object job_ref, solver_ref
    cdef readonly long long jobs        # jobs the thread has taken (for tests)
    cdef readonly double took_at        # when it took its last job, and when it left it
    cdef readonly double left_at        # (time.perf_counter's clock: to trace the hand-off)

    def __cinit__(self):
        self.sync_ready = False
        if pthread_mutex_init(&self.lock, NULL) != 0:
            raise MemoryError()
        if pthread_cond_init(&self.wake, NULL) != 0:
            pthread_mutex_destroy(&self.lock)
            raise MemoryError()
        self.sync_ready = True
        self.posted = 0
        self.armed = 0
        self.holding = 0
        self.stopping = 0
        self.in_serve = 0
        self.job_ptr = NULL
        self.solver_ptr = NULL
        self.child_ptr = NULL
        self.jobs = 0
        self.took_at = 0.0
        self.left_at = 0.0

    def __dealloc__(self):
        # (a serving thread holds a reference to the helper through its target: a helper is
        # only freed once its thread has returned from serve)
        if self.sync_ready:
            pthread_cond_destroy(&self.wake)
            pthread_mutex_destroy(&self.lock)

    def serve(self):
        """The helper thread's loop, without the GIL, until ``stop``."""
        pthread_mutex_lock(&self.lock)
        if self.in_serve:
            pthread_mutex_unlock(&self.lock)
            raise RuntimeError("the claim helper already has its thread")
        self.in_serve = 1
        pthread_mutex_unlock(&self.lock)
        with nogil:
            self._serve_c()

    cdef void _serve_c(self) noexcept nogil:
        cdef double until
        cdef bint found
        pthread_mutex_lock(&self.lock)
        while True:
            while not self.posted and not self.armed and not self.stopping:
                pthread_cond_wait(&self.wake, &self.lock)
            if self.stopping:
                break
            if not self.posted:
                # armed: the job is being prepared; spin (without the lock) until it comes
                pthread_mutex_unlock(&self.lock)
                found = False
                until = monotonic() + ARMED_SPIN_S
                while True:
                    if th_load(&self.posted) or th_load(&self.stopping):
                        found = True
                        break
                    if not th_load(&self.armed) or monotonic() > until:
                        break
                    th_pause()
                pthread_mutex_lock(&self.lock)
                if not found and not self.posted:
                    self.armed = 0          # no job came: sleep until the next arm or post
                continue
            self.posted = 0
            self.armed = 0
            self.holding = 1
            pthread_mutex_unlock(&self.lock)
            self.took_at = monotonic()
            (<AlphaBeta>self.solver_ptr)._claimed_c(<WorldClaims>self.job_ptr,
                                                   <State>self.child_ptr, True)
            self.left_at = monotonic()
            pthread_mutex_lock(&self.lock)
            self.holding = 0
            self.jobs += 1
            if not self.posted and not self.armed and not self.stopping:
                # awake a little longer, for the next decision's job (LINGER_S)
                pthread_mutex_unlock(&self.lock)
                until = monotonic() + LINGER_S
                while monotonic() < until:
                    if th_load(&self.posted) or th_load(&self.armed) or th_load(&self.stopping):
                        break
                    sched_yield()
                pthread_mutex_lock(&self.lock)
        self.in_serve = 0
        pthread_mutex_unlock(&self.lock)

    def arm(self):
        """Wake the thread for a job about to be posted (it spins for it, ARMED_SPIN_S at
        most). Nothing when it is still inside a job."""
        pthread_mutex_lock(&self.lock)
        if not self.holding and not self.armed:
            th_store(&self.armed, 1)
            pthread_cond_signal(&self.wake)
        pthread_mutex_unlock(&self.lock)

    def post(self, WorldClaims job, AlphaBeta solver):
        """Give the thread ``job`` to take part in with ``solver`` (its kernel, which nobody
        else may use until the job is done: the caller's solve_claimed has returned). False,
        and nothing posted, while the thread is still inside its previous job or has no thread
        serving it."""
        if not solver.uses_kernel:
            raise ValueError("a claim helper needs the game's exact kernel (the generic "
                             "search holds the GIL)")
        if job.n and type(job.worlds[0]) is not type(solver.pool[0]):
            raise ValueError("the claims' worlds are of another game")
        cdef double until = monotonic() + POST_WAIT_S
        pthread_mutex_lock(&self.lock)
        while self.holding and monotonic() < until:
            # the thread is leaving its previous job (it clears ``holding`` right after)
            pthread_mutex_unlock(&self.lock)
            sched_yield()
            pthread_mutex_lock(&self.lock)
        if self.holding or not self.in_serve or self.stopping:
            pthread_mutex_unlock(&self.lock)
            return False
        # the previous job and solver (if any) are no longer read: replaced, they may go
        self.job_ref = job
        self.solver_ref = solver
        self.job_ptr = <PyObject*>job
        self.solver_ptr = <PyObject*>solver
        self.child_ptr = <PyObject*>solver.pool[1]
        th_store(&self.posted, 1)
        pthread_cond_signal(&self.wake)
        pthread_mutex_unlock(&self.lock)
        return True

    def retract(self):
        """Take back a posted job the thread has not taken (the caller's thread valued every
        action first), so that it does not wake for nothing; disarm."""
        pthread_mutex_lock(&self.lock)
        th_store(&self.posted, 0)
        th_store(&self.armed, 0)
        pthread_mutex_unlock(&self.lock)

    def stop(self):
        """Make the thread return from ``serve`` (after its current job)."""
        pthread_mutex_lock(&self.lock)
        th_store(&self.stopping, 1)
        pthread_cond_signal(&self.wake)
        pthread_mutex_unlock(&self.lock)

    @property
    def serving(self) -> bool:
        """Whether a thread is inside ``serve``."""
        return bool(th_load(&self.in_serve))

    @property
    def busy(self) -> bool:
        """Whether the thread is inside a job."""
        return bool(th_load(&self.holding))
