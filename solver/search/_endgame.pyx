"""Exact endgames inside the sampling searches (issue 15): the value of a small
perfect-information position (a determinized world near the end of its round) for every seat,
computed without the GIL, so that UCT (``_mcts``, MCTS-solver) and ISMCTS (``_ismcts``) can
replace a rollout by the exact value of the round's rest.

* *Small* means at most ``max_plies`` actions from the end of the current round along one line
  (the first legal action each time; a cheap probe that stops after ``max_plies + 1`` actions).
  Where every line of a round is about as long (one card a turn) this is "the last k tricks";
  the node budget, not the probe, bounds the cost. Where lines differ in length (Dog Tag
  Trick's pairs) the probe can call a big position small: when a solve gives up, the threshold
  in force (``limit``) drops below that position's probe length for the solver's lifetime
  (one search), so the budget is not spent in vain on positions of that size again.
* Two-player constant-sum games with their own exact kernel (``Game.EXACT_SOLVER``, Mate):
  the kernel's ``value_c`` gives the mover's gain, the other seat gets the rest of the round's
  constant total (read off the probe's line, as the generic alpha-beta does).
* Otherwise max^n (Luckhardt & Irani 1986) over the generic ``State``: every seat maximises its
  own gain to the end of the round; the first action in ascending order wins ties (the answer
  is deterministic, as in ``_maxn``). The positions live on a stack of states allocated once
  (``stack[d]`` is the position at depth d, each child copied into the next slot), a
  transposition table of fixed size keyed by ``State.hash_c`` holds exact vectors of gains,
  and a search that exceeds ``node_budget`` nodes gives up (the caller rolls out instead).

Values are gains relative to the position (``scores_c(end) - scores_c(here)``), so table
entries stay valid across positions and worlds of the same game. No allocation per node.
"""
from cpython.ref cimport PyObject
from libc.math cimport INFINITY
from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset

from solver.game cimport ExactSolver, Game, State, MAX_LEGAL, MAX_PLAYERS

DEFAULT_NODE_BUDGET = 4096
DEFAULT_TT_BITS = 14


cdef class Endgame:
    """A reusable exact endgame solver for one game (its table survives between calls)."""

    def __cinit__(self, Game game, int max_plies, long long node_budget=DEFAULT_NODE_BUDGET,
                  int tt_bits=DEFAULT_TT_BITS):
        cdef int i
        self.stack = NULL
        self.tt = NULL
        self.tt_values = NULL
        if max_plies < 1:
            raise ValueError(f"an endgame is at least 1 action from the round's end, "
                             f"got max_plies={max_plies}")
        if node_budget < 1:
            raise ValueError(f"node_budget must be >= 1, got {node_budget}")
        if not 4 <= tt_bits <= 24:
            raise ValueError(f"tt_bits must be in 4..24, got {tt_bits}")
        self.game = game
        self.n_players = game.num_players
        self.max_plies = max_plies
        self.node_budget = node_budget
        self.limit = max_plies
        # Lines of a round may be longer than the probe's; deeper than this, the solve gives up.
        self.depth_cap = 2 * max_plies + 8
        self._states = [game.new_state() for i in range(self.depth_cap + 1)]
        self.stack = <PyObject**>calloc(self.depth_cap + 1, sizeof(PyObject*))
        self.tt = <EndgameEntry*>calloc(1 << tt_bits, sizeof(EndgameEntry))
        self.tt_values = <double*>calloc((1 << tt_bits) * self.n_players, sizeof(double))
        if self.stack == NULL or self.tt == NULL or self.tt_values == NULL:
            raise MemoryError()
        for i in range(self.depth_cap + 1):
            self.stack[i] = <PyObject*>self._states[i]
        self.tt_mask = (1 << tt_bits) - 1
        self.kernel = None
        if game.num_players == 2 and game.utility_sum() is not None:
            self.kernel = game.exact_solver(18)

    def __dealloc__(self):
        free(self.stack)
        free(self.tt)
        free(self.tt_values)

    cdef bint small_c(self, State s, double* line_gain) noexcept nogil:
        """Whether ``s`` (not at its round's end) is at most ``limit`` actions from the end
        of its round along the line of first legal actions; ``line_gain`` gets each seat's gain
        along that line when it is (a constant-sum game's round total)."""
        cdef int acts[MAX_LEGAL]
        cdef double before[MAX_PLAYERS]
        cdef int i, plies = 0, rnd = s.round_c()
        cdef PyObject* probe = self.stack[0]     # borrowed (no reference counting without the GIL)
        (<State>probe).copy_from(s)
        while not (<State>probe).is_terminal_c() and (<State>probe).round_c() == rnd:
            if plies == self.limit:
                return False
            (<State>probe).legal_actions_c(acts)
            (<State>probe).apply_action_c(acts[0])
            plies += 1
        self.last_plies = plies
        s.scores_c(before)
        (<State>probe).scores_c(line_gain)
        for i in range(self.n_players):
            line_gain[i] -= before[i]
        return True

    cdef bint value_c(self, State s, double* out) noexcept nogil:
        """Each seat's gain from ``s`` to the end of its round under best play (max^n, or the
        game's two-player kernel), into out[0..num_players); False (out undefined) when ``s``
        is not small or the solve exceeds the node budget. ``s`` itself is not changed."""
        cdef double line[MAX_PLAYERS]
        cdef int me, i
        cdef double g
        if s.is_terminal_c():
            for i in range(self.n_players):
                out[i] = 0.0
            return True
        if not self.small_c(s, line):
            self.too_far += 1
            return False
        (<State>self.stack[0]).copy_from(s)
        if self.kernel is not None:
            # Constant-sum: the mover's gain from the kernel, the other seat's is the rest of
            # the round's total (the same on every line, so the probe's line tells it).
            me = s.current_player_c()
            g = self.kernel.value_c(<State>self.stack[0])
            out[me] = g
            out[1 - me] = (line[0] + line[1]) - g
            self.solved += 1
            return True
        self.root_round = s.round_c()
        self.budget_left = self.node_budget
        if self._maxn(0, out):
            self.solved += 1
            return True
        self.gave_up += 1
        if self.last_plies - 1 < self.limit:
            self.limit = self.last_plies - 1
        return False

    cdef bint _maxn(self, int d, double* out) noexcept nogil:
        """max^n of stack[d] (inside the root's round, not terminal): each seat's gain to the end
        of the round into out; False when the budget or the depth cap runs out."""
        cdef int acts[MAX_LEGAL]
        cdef double before[MAX_PLAYERS]
        cdef double after[MAX_PLAYERS]
        cdef double v[MAX_PLAYERS]
        cdef int n, i, j, me, P = self.n_players
        cdef bint have = False
        # borrowed pointers into the stack (no reference counting without the GIL)
        cdef PyObject* s = self.stack[d]
        cdef PyObject* child
        cdef uint64_t key = (<State>s).hash_c()
        cdef uint64_t slot
        if key == 0:
            key = 1                          # 0 marks an empty slot
        slot = key & self.tt_mask
        if self.tt[slot].key == key:
            memcpy(out, &self.tt_values[slot * P], P * sizeof(double))
            return True
        if self.budget_left <= 0 or d + 1 > self.depth_cap:
            return False
        self.budget_left -= 1
        self.nodes += 1
        child = self.stack[d + 1]
        n = (<State>s).legal_actions_c(acts)
        me = (<State>s).current_player_c()
        (<State>s).scores_c(before)
        for i in range(n):
            (<State>child).copy_from(<State>s)
            (<State>child).apply_action_c(acts[i])
            (<State>child).scores_c(after)
            if (<State>child).is_terminal_c() or (<State>child).round_c() != self.root_round:
                for j in range(P):
                    v[j] = after[j] - before[j]
            else:
                if not self._maxn(d + 1, v):
                    return False
                for j in range(P):
                    v[j] += after[j] - before[j]
            # the first action (ascending) keeps a tie: strict improvement only
            if not have or v[me] > out[me]:
                memcpy(out, v, P * sizeof(double))
                have = True
        self.tt[slot].key = key
        memcpy(&self.tt_values[slot * P], out, P * sizeof(double))
        return True

    # -- Python side ------------------------------------------------------------------------
    def value(self, State state):
        """Each seat's gain from ``state`` to the end of its round under best play, or None
        when the position is more than ``max_plies`` actions from the round's end or the solve
        exceeds the node budget."""
        cdef double out[MAX_PLAYERS]
        if state.game != self.game:
            raise ValueError(f"an endgame solver of {self.game.spec()} cannot solve "
                             f"{state.game.spec()}")
        if not self.value_c(state, out):
            return None
        return [out[i] for i in range(self.n_players)]

    def clear(self):
        """Forget the transposition table (the kernel's too), the counters and the lowered
        threshold."""
        memset(self.tt, 0, (self.tt_mask + 1) * sizeof(EndgameEntry))
        if self.kernel is not None:
            self.kernel.clear_c()
        self.nodes = self.solved = self.gave_up = self.too_far = 0
        self.limit = self.max_plies

    @property
    def uses_kernel(self):
        """Whether positions go to the game's own two-player kernel (Game.EXACT_SOLVER)."""
        return self.kernel is not None
