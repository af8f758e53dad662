# Mattis's fast engine: one game as one C struct (see rules.py for the readable twin).
#
# Cards: id = 13*suit + rank_index (C D H S; 2..A = 0..12), sets are 52-bit masks. Actions:
# 0..51 a card, 52..363 a run (sequences variant), 364 BLIND, 365 PICKUP (docs/rules/mattis.md §3).
#
# What the rules of thumb (_policy.pyx) read of the engine is declared here: the struct, the
# action and phase codes, and the lookup tables (lookup_tables).
from libc.stdint cimport uint8_t, int8_t, int16_t, int32_t, uint64_t
from solver.game cimport Game, State
from solver.rng cimport Rng

cdef enum:
    NCARDS = 52
    RUN_BASE = 52          # first run action
    BLIND = 364
    PICKUP = 365
    NUM_ACTIONS = 366
    # MattisData.phase
    PHASE1 = 1
    PHASE2 = 2
    OVER = 3

ctypedef struct MattisData:
    uint64_t hand[8]       # phase 1: playable hand cards (a reserved trump card excluded);
                           # phase 2: the hand
    uint64_t won[8]        # phase-1 won piles (merged into the hands when phase 2 starts)
    uint64_t aside         # phase 2: set-aside cards, out of play
    uint64_t drew[8]       # cards each seat drew from the stock (what it saw of chance; a
                           # determinization keeps only its observer's: the others' are hidden)
    uint64_t blinds        # cards turned up by BLIND plays (public)
    uint64_t trick_blind   # phase 1: bit i set when trick entry i was a BLIND play
    int32_t played         # phase 2: lays played to the trick since its lead (A-15)
    int32_t p2_actions     # phase-2 actions so far (leads, beats, pick-ups), for the cap
    int32_t cap            # option phase2_action_cap; 0 = no cap
    int16_t lays[8]        # phase-2 trick, bottom first, as action ids. At most N <= 8 lays
                           # ever lie in a trick: each lay was played, and a trick is complete
                           # once N lays were played (or, with trick_count=present, lie in it).
    uint8_t stock[52]      # the stock: stock[stock_top .. stock_top+stock_n-1], top first
    uint8_t tp[52]         # phase-1 trick entries in play order: player,
    uint8_t tc[52]         #   card,
    uint8_t tr[52]         #   round (1 = every player, 2.. = tie-break rounds)
    int8_t cont[8]         # phase 1: contenders of the current round, in playing order
    int8_t n
    int8_t phase           # PHASE1, PHASE2, OVER
    int8_t stock_top
    int8_t stock_n
    int8_t trumps          # suit, -1 until the last stock card is drawn
    int8_t trump_card      # the last stock card, -1 until drawn
    int8_t reserved_by     # trump_card=reserved: the seat it lies in front of (phase 1), else -1
    int8_t leader          # phase 1: leader of the current trick
    int8_t last_winner     # phase 1: winner of the last completed trick, -1 before any
    int8_t tn              # phase 1: trick entries
    int8_t round           # phase 1: current round of the trick
    int8_t round_start     # phase 1: first trick entry of the current round
    int8_t ncont           # phase 1: number of contenders this round
    int8_t cpos            # phase 1: index in cont of the player due to play
    int8_t to_act          # phase 2: seat to act (-1 when over)
    int8_t leading         # phase 2: whether to_act leads a new trick
    int8_t N               # phase 2: the trick's target size, fixed at the lead
    int8_t nlays           # phase 2: lays lying in the trick
    int8_t loser           # over: the loser, -1 for none
    int8_t capped          # over: 1 when the action cap ended the game
    uint8_t inmask         # phase 2: bit p set while player p is in
    # options, copied with the state so the hot code never looks at Python objects
    int8_t opt_sequences
    int8_t opt_minlen
    int8_t opt_immediate
    int8_t opt_survivor
    int8_t opt_reserved
    int8_t opt_present
    int8_t opt_lowface
    int8_t opt_cap_most


# The engine's lookup tables (filled once at import of _state), for the rules of thumb.
ctypedef struct MattisTables:
    const uint8_t* rank          # [52] rank index of a card (2..A = 0..12)
    const uint64_t* suit_mask    # [4] all 13 cards of a suit
    const uint64_t* rank_mask    # [13] all 4 cards of a rank
    const uint64_t* below_mask   # [14] all cards of rank index < r
    const uint64_t* lay_mask     # [364] cards of a lay (card or run)
    const int8_t* lay_suit       # [364]
    const int8_t* lay_lo         # [364] lowest rank index of a lay
    const int8_t* lay_hi         # [364] highest rank index of a lay

cdef MattisTables lookup_tables() noexcept nogil


cdef class MattisGame(Game):
    cdef MattisData template   # options filled in; used to initialise new states


cdef class MattisState(State):
    cdef MattisData d

    cdef void random_playout_c(self, Rng* rng, int stop_round) noexcept nogil
