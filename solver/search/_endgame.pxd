# Exact endgames for the sampling searches (solver/search/_endgame.pyx): the value of a small
# perfect-information position, computed without the GIL, for UCT (MCTS-solver) and ISMCTS.
from cpython.ref cimport PyObject
from libc.stdint cimport uint64_t
from solver.game cimport ExactSolver, Game, State, MAX_PLAYERS

# One transposition-table slot: the full-state key (State.hash_c) and the index of its vector of
# gains (num_players doubles, in Endgame.tt_values). key == 0 marks an empty slot.
ctypedef struct EndgameEntry:
    uint64_t key


cdef class Endgame:
    cdef readonly Game game
    cdef readonly int max_plies          # positions at most this many actions from the round's end
    cdef readonly long long node_budget  # nodes per solve before it gives up
    # The threshold in force: starts at max_plies and drops below the probe length of every
    # position whose solve gave up, so that a search does not pay the budget again and again
    # on positions of that size (the solver's lifetime is one search).
    cdef readonly int limit
    cdef int last_plies                  # the probe's length for the last position asked
    cdef int n_players, depth_cap, root_round
    cdef list _states                    # owns the states the stack points at
    cdef PyObject** stack                # borrowed: stack[d] is the position at depth d
    cdef ExactSolver kernel              # the game's own two-player kernel, or None
    cdef EndgameEntry* tt
    cdef double* tt_values
    cdef uint64_t tt_mask
    cdef long long budget_left
    cdef public long long nodes          # max^n nodes searched (all calls)
    cdef public long long solved         # positions valued exactly
    cdef public long long gave_up        # positions over the budget (the caller rolls out)
    cdef public long long too_far        # positions more than max_plies from the round's end

    cdef bint small_c(self, State s, double* line_gain) noexcept nogil
    cdef bint value_c(self, State s, double* out) noexcept nogil
    cdef bint _maxn(self, int d, double* out) noexcept nogil
