# Mate (Vic Village)'s fast engine: the whole game as one C struct (rules.py is the readable
# twin; the module docstring there documents the card, instruction and action encodings).
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int8_t, int16_t
from solver.game cimport Game, State
from solver.rng cimport Rng

ctypedef struct VicData:
    # -- card sets (bit c = dog card c), per seat; seats >= n stay 0 ----------------------------
    uint64_t hand[4]        # current hands
    uint64_t discards[4]    # this round's discards (0 until the seat has discarded)
    uint64_t played[4]      # cards each seat has played this round
    uint64_t drawn[4]       # reward cards each seat drew this round (face up, public)
    uint64_t go_tops[4]     # top cards of each seat's face-up GO! piles this round
    uint64_t undealt        # the 2 undealt dog cards (§5 step 3)
    Rng rng                 # the stream of every future chance event (rules.py docstring)
    # -- scores --------------------------------------------------------------------------------
    int16_t totals[4]       # completed rounds only
    int16_t round_score[4]  # running score of the current round (§7.1)
    int16_t past[16]        # past[4*r + p]: seat p's score in completed round r (0-based)
    # -- the round's public history and hidden orders --------------------------------------------
    int8_t plays[48]        # cards in play order; trick t = plays[t*n .. t*n+n)
    int8_t leaders[16]      # leader of trick t
    int8_t deck[16]         # instruction ids in this round's order; deck[trick] is face up
    int8_t reward[8]        # the reward pile as shuffled, top first; reward[reward_pos:] remain
    int8_t stays[4]         # face-down piles per seat
    uint8_t voids[4]        # colour bits each seat showed void in (§10.4)
    uint16_t removed        # instruction ids laid aside face up (§4)
    # -- counters --------------------------------------------------------------------------------
    int8_t n                # players (3 or 4)
    int8_t ndisc            # discards per player (2 or 1)
    int8_t dealt_n          # cards dealt per player (16 or 12)
    int8_t T                # tricks per round == instruction deck size (14 or 11)
    int8_t nremove          # instruction cards removed (1 or 4)
    int8_t round            # 1..n
    int8_t phase            # DISCARD, PLAY, OVER
    int8_t start            # this round's starter (§8)
    int8_t first_leader
    int8_t ndiscarded       # seats that have discarded, clockwise from start
    int8_t trick            # trick in progress (0-based); T once the game is over
    int8_t ncards           # cards already played to the trick in progress
    int8_t nplays           # == trick*n + ncards
    int8_t reward_len       # reward pile size as formed (8 or 6; 0 before the discards end)
    int8_t reward_pos       # reward cards drawn so far
    int8_t deal_pending     # a round was banked and the next one is not dealt yet (the deal is
                            # drawn on first use: ensure_dealt_d; solvers stopping at the round
                            # end never pay for it)
    # -- options, copied with the state so the hot code never reads Python objects -------------
    int8_t opt_advanced           # mode == "advanced"
    int8_t opt_removed_round      # removed_scope == "round"
    int8_t opt_all_other_tied     # go_second_place == "all_other_tied"
    int8_t opt_requires_match     # go_second_requires_target_match
    int8_t opt_one_before         # tiebreak_round == "one_before"
    int8_t opt_fallback_random    # next_start_fallback == "random"
    int8_t opt_first_random       # first_leader == "random"


# -- phases and action encoding (rules.py docstring) ----------------------------------------------
cdef enum:
    DISCARD = 0
    PLAY = 1
    OVER = 2
    PAIR_BASE = 50          # action of the 3-player discard pair {a < b}: 50 + b*(b-1)/2 + a
    NUM_PAIRS = 1225

# -- constant tables of the encodings (filled once when _state is imported; read-only after) ----
# Declared here so that the rules of thumb (_policy.pyx) read the same tables as the rules.
cdef uint64_t ALL_CARDS         # the 50 dog cards
cdef uint64_t STRIDE10          # bit 0 of every colour block: (m >> (v-1)) & STRIDE10 = v's cards
cdef uint64_t COLMASK[5]        # cards of one colour
cdef uint64_t COLSET[32]        # cards of a set of colours (5-bit mask)
cdef int8_t NUM[50]             # card -> number 1..10
cdef int8_t COL[50]             # card -> colour 0..4
cdef int8_t INSTR_NUM[15]       # instruction id -> target number N
cdef int8_t INSTR_GO[15]        # instruction id -> 1 for GO!, 0 for STAY
cdef int8_t PAIR_LO[1225]       # pair action - 50 -> lower card
cdef int8_t PAIR_HI[1225]       # pair action - 50 -> higher card
cdef uint64_t NUMMASK[11]       # cards of one number (index 1..10; 0 is empty)
cdef uint64_t GEMASK[12]        # cards of number >= v (index 1..11; 11 is empty)


# -- the engine's functions that the rules of thumb use (defined in _state.pyx) ------------------
cdef uint16_t draw_removed_d(VicData* d) noexcept nogil
cdef void deal_round_d(VicData* d) noexcept nogil


cdef inline int seat_after(int seat, int k, int n) noexcept nogil:
    """(seat + k) mod n for 0 <= seat < n, 0 <= k <= n, without a division (hot paths)."""
    seat += k
    return seat - n if seat >= n else seat


cdef inline int current_player_d(VicData* d) noexcept nogil:
    if d.phase == PLAY:
        return seat_after(d.leaders[d.trick], d.ncards, d.n)
    if d.phase == DISCARD:
        return seat_after(d.start, d.ndiscarded, d.n)
    return -1


cdef inline void ensure_dealt_d(VicData* d) noexcept nogil:
    """Draw the deal of a round banked by finish_round_d (the removal if removed_scope is
    round, then §5), from the same stream and in the same order as an eager deal would."""
    if d.deal_pending:
        d.deal_pending = 0
        if d.opt_removed_round:
            d.removed = draw_removed_d(d)
        deal_round_d(d)


cdef inline uint64_t play_mask_d(VicData* d, int p) noexcept nogil:
    """§6.3 / §11.2: the leader may play anything; a follower must follow colour if able."""
    cdef uint64_t h = d.hand[p], f
    if d.ncards:
        f = h & COLMASK[COL[d.plays[d.trick * d.n]]]
        if f:
            return f
    return h


cdef class MateVicVillageGame(Game):
    cdef VicData template   # options and set-up constants filled in; copied into new states


cdef class MateVicVillageState(State):
    # The rules only: the rules of thumb (rollout policy, heuristic, evaluation) are in
    # _policy.pyx, which reads ``d`` directly.
    cdef VicData d

    cdef void random_playout_c(self, Rng* rng, int stop_round) noexcept nogil
