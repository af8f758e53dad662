# Mate's exact game solver: alpha-beta specialised to MateData (used by solver.search._alphabeta).
from libc.stdint cimport uint64_t, uint32_t, int16_t, int8_t, uint8_t, uint16_t
from solver.game cimport ExactSolver
from solver.games.mate._state cimport MateData

ctypedef struct MateTTEntry:
    uint64_t key           # the complete position (see _solve.pyx: no collisions, only slots)
    int16_t value
    uint8_t flag           # 0 empty, EXACT, LOWER, UPPER
    int8_t move            # best lead, or -1
    uint16_t gen           # generation tag: entries of older generations are ignored
    uint16_t pad

ctypedef struct MateSolver:
    MateTTEntry* tt
    int shift              # 64 - log2(table size)
    int tt_bits
    uint16_t gen
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
    cdef MateSolver x
