"""Tiny Tricks' rules of thumb (the policy behind rollouts, the heuristic bot and the opponent
model; the rules themselves are in _state.pyx):

1. Lead your highest card (the lowest suit among equals).
2. Following suit: win the trick with the cheapest card that beats the best card of the led
   suit so far; if none beats it, play your lowest card of the suit.
3. Unable to follow: throw your lowest card (the highest suit among equals keeps suits short).
"""
from libc.stdint cimport uint16_t

from solver.game cimport Policy, State
from solver.rng cimport Rng, rng_below
from solver.games.tiny_tricks._state cimport TinyData, TinyTricksState, current_player_d


cdef inline double score_d(TinyData* d, int c) noexcept nogil:
    """Higher is better; every card gets a distinct score, so the best is unique."""
    cdef int led, best = -1, i
    cdef int rank = c % 3, suit = c // 3
    if d.n_trick == 0:
        return 10.0 * rank - suit                           # rule 1
    led = d.trick[0] // 3
    if suit != led:
        return -10.0 * rank + suit                          # rule 3
    for i in range(d.n_trick):
        if d.trick[i] // 3 == led and d.trick[i] % 3 > best:
            best = d.trick[i] % 3
    if rank > best:
        return 100.0 - rank                                 # rule 2: the cheapest winner
    return 50.0 - rank                                      # rule 2: the lowest loser


cdef class TinyTricksPolicy(Policy):
    """Rules of thumb for Tiny Tricks (see the module docstring)."""

    cdef void scores_c(self, State state, int* acts, int n, double* out) noexcept nogil:
        cdef TinyData* d = &(<TinyTricksState>state).d
        cdef int i
        for i in range(n):
            out[i] = score_d(d, acts[i])

    cdef int rollout_action_c(self, State state, int* acts, int n, Rng* rng) noexcept nogil:
        """The best-scoring action (the scores never tie)."""
        cdef TinyData* d = &(<TinyTricksState>state).d
        cdef int i, best = 0
        cdef double v, top = score_d(d, acts[0])
        for i in range(1, n):
            v = score_d(d, acts[i])
            if v > top:
                top = v
                best = i
        return acts[best]

    cdef void evaluate_c(self, State state, double* out) noexcept nogil:
        """The points still to play for, shared equally (no knowledge of the hands)."""
        cdef TinyData* d = &(<TinyTricksState>state).d
        cdef int p, tricks_left = 3 - d.n_played // d.players
        cdef double left = tricks_left + (1.0 if d.opt_bonus and tricks_left > 0 else 0.0)
        for p in range(d.players):
            out[p] = left / d.players
