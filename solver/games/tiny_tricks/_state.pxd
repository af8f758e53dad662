# Tiny Tricks' fast engine: the game as one C struct (rules.py is the readable twin).
from libc.stdint cimport uint16_t, int8_t
from solver.game cimport Game, State

ctypedef struct TinyData:
    uint16_t deal[3]       # the hands as dealt (T2)
    uint16_t hand[3]       # the cards still held
    uint16_t played_by[3]  # the cards each seat has played
    int8_t voids[3]        # suit bits each seat has shown it lacks (T8)
    int8_t points[3]
    int8_t trick[3]        # the current trick's cards, in play order
    int8_t history[9]      # every card played, in order
    int8_t n_played        # len(history)
    int8_t n_trick         # len(trick)
    int8_t leader
    int8_t first_leader
    int8_t players
    int8_t opt_bonus       # O2: the last trick scores 2


cdef class TinyTricksGame(Game):
    cdef TinyData template   # options filled in; used to initialise new states


cdef class TinyTricksState(State):
    cdef TinyData d


cdef int current_player_d(TinyData* d) noexcept nogil
cdef uint16_t legal_mask_d(TinyData* d) noexcept nogil
