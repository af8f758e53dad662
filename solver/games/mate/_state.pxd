# Mate's fast engine: the match as one C struct (see rules.py for the readable twin).
from libc.stdint cimport uint32_t, uint64_t, int8_t, int16_t
from solver.game cimport Game, State
from solver.rng cimport Rng

ctypedef struct MateData:
    uint32_t hand[2]       # playable cards (forced cards excluded until trick 10)
    uint32_t dealt[2]      # cards dealt to each seat for the current game (§3.2)
    uint32_t next_deal[2]  # game-3 hands by seat, hidden from both until game 3 (§9.1)
    uint32_t restrict[2]   # the non-dealer's cards barred by the dealer's forced card
    int16_t totals[2]
    int16_t result_points[4]
    int8_t result_winner[4]   # -1 = draw
    int8_t result_trick[4]
    int8_t result_card[4]
    int8_t forced[2]       # card id or -1
    int8_t voids[2]        # suit bits revealed by rank-follows
    int8_t game_no         # 1..4
    int8_t first_dealer
    int8_t dealer
    int8_t phase           # FORCE_DEALER, FORCE_OTHER, LEAD, FOLLOW, OVER
    int8_t trick           # 1..10
    int8_t leader
    int8_t led             # card id or -1
    # options, copied with the state so the hot code never looks at Python objects
    int8_t opt_hidden
    int8_t opt_nd_requires
    int8_t opt_double_any
    int8_t opt_match_result


cdef class MateGame(Game):
    cdef MateData template   # options filled in; used to initialise new states


cdef class MateState(State):
    cdef MateData d

    cdef int rollout_action_c(self, int* acts, int n, Rng* rng) noexcept nogil
