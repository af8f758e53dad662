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
"""
from libc.math cimport INFINITY
from libc.stdint cimport uint64_t, int16_t, int8_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

import time

from solver.game cimport ExactSolver, Game, State, MAX_LEGAL, MAX_PLAYERS

cdef enum:
    EXACT = 1
    LOWER = 2
    UPPER = 3

ctypedef struct TTEntry:
    uint64_t key
    double value
    int16_t best
    int8_t flag


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
        memset(self.table, 0, (self.mask + 1) * sizeof(TTEntry))
        memset(self.history, 0, sizeof(self.history))
        if self.uses_kernel:
            self.kernel.clear_c()

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
