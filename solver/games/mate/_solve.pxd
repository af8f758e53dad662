# Mate's exact game solver: alpha-beta specialised to MateData (used by solver.search._alphabeta).
from libc.stdint cimport uint64_t, uint32_t, int16_t, int8_t, uint8_t, uint16_t
from solver.game cimport ExactSolver
from solver.games.mate._state cimport MateData

ctypedef struct MateTTEntry:
    # Written lock-free, so that two threads may share a table (PIMC's threads, where one
    # values the last actions of a world another owns): ``data`` packs the entry (value, flag,
    # best lead, generation; _solve.pyx tt_pack) and ``check`` is the complete position's key
    # XOR data, so an entry torn by two threads' stores (one's check, the other's data) fails
    # the check and reads as empty. Each is one aligned 8-byte access.
    uint64_t check
    uint64_t data

ctypedef struct MateSolver:
    MateTTEntry* tt
    int shift              # 64 - log2(table size)
    int tt_bits
    uint16_t gen
    # while searching another solver's table (MateExactSolver.share_table_c): its own
    MateTTEntry* own_tt
    int own_shift
    int own_bits
    uint16_t own_gen
    int sharing
    long long nodes        # lead positions searched + follow positions expanded
    # context of the search in progress (set per forcing combination)
    int forced[2]          # forced card per seat, or -1
    int nf_mult[2]         # most a non-forcing seat's mate can be multiplied by (10 or 20)
    uint64_t fkey          # forced cards, trick-independent part of the TT key
    int double_any         # option double_rule = any_trick10_mate_when_anyone_forced
    int nd_requires        # option nondealer_force_requires_dealer_force


cdef int mate_solver_init(MateSolver* x, int tt_bits) except -1
cdef void mate_solver_free(MateSolver* x) noexcept nogil
cdef void mate_solver_clear(MateSolver* x) noexcept nogil
# Gain of the player to move in ``d`` from ``d`` to the end of the current game, with best play
# by both (fail-soft within (alpha, beta)). ``d`` must not be terminal (phase OVER).
cdef int mate_value(MateSolver* x, MateData* d, int alpha, int beta) noexcept nogil


cdef class MateExactSolver(ExactSolver):
    # The kernel behind MateGame.EXACT_SOLVER: the generic alpha-beta's hook (solver/game.pxd).
    # Its own cache lines (allocated 64-byte aligned, whole lines): the search writes x.nodes at
    # every node, and two solvers' structs inside Python objects 144 bytes apart shared lines
    # between two threads' searches (false sharing).
    cdef MateSolver* x
