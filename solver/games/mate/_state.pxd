# Mate's fast engine: the match as one C struct (see rules.py for the readable twin).
#
# What the rules of thumb (_policy.pyx) read of the engine is declared here: the struct, the
# action and phase codes, and the small inline rule helpers; apply_d is shared through the
# module's C API (the policy's one-ply look-ahead plays moves on a copy of the struct).
from libc.stdint cimport uint32_t, uint64_t, int8_t, int16_t
from solver.game cimport Game, State
from solver.rng cimport Rng

cdef enum:
    PASS = 20              # action 20: no forcing (cards are actions 0..19, §2.2 ids)
    # MateData.phase
    FORCE_DEALER = 0
    FORCE_OTHER = 1
    LEAD = 2
    FOLLOW = 3
    OVER = 4

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



cdef inline int card_value(int c) noexcept nogil:
    """A card's points (§2.1) by its rank index c >> 2 (7, Q, K, 10, A = 0..4 score 7, 3, 4,
    10, 11): one hex digit per rank of 0xBA437."""
    return (0xBA437 >> (4 * (c >> 2))) & 0xF


cdef inline uint32_t suit_mask(int c) noexcept nogil:
    return (<uint32_t>0x11111) << (c & 3)


cdef inline uint32_t rank_mask(int c) noexcept nogil:
    return (<uint32_t>0xF) << (4 * (c >> 2))


cdef inline int current_player_d(MateData* d) noexcept nogil:
    if d.phase == OVER:
        return -1
    if d.phase == FORCE_DEALER:
        return d.dealer
    if d.phase == FORCE_OTHER:
        return 1 - d.dealer
    if d.phase == LEAD:
        return d.leader
    return 1 - d.leader


cdef inline uint32_t follow_set_d(MateData* d, int follower, int led) noexcept nogil:
    """The cards ``follower`` may play to ``led`` (§5.2): its suit, else its rank; empty =
    mate (§6)."""
    cdef uint32_t h = d.hand[follower]
    cdef uint32_t s = h & suit_mask(led)
    return s if s else h & rank_mask(led)


# Play a legal action (the caller guarantees legality).
cdef void apply_d(MateData* d, int a) noexcept nogil


cdef class MateGame(Game):
    cdef MateData template   # options filled in; used to initialise new states
    cdef int fixed_dealer    # option first_dealer as a seat, or -1 for "random" (drawn per deal)


cdef class MateState(State):
    cdef MateData d

    cdef void random_playout_c(self, Rng* rng, int stop_round) noexcept nogil
