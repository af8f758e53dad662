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


ctypedef struct PlanCache:
    # The rollout policy's per-number tables for one set of instructions still to come
    # (rollout_action_c; _state.pyx make_plan). Not part of the position: copy_from leaves it.
    uint32_t key            # the instruction set the tables are for (0: none yet)
    double asset[11]
    double liab[11]
    int8_t order[10]        # numbers 1..10, best asset + liability first


cdef class MateVicVillageGame(Game):
    cdef VicData template   # options and set-up constants filled in; copied into new states


cdef class MateVicVillageState(State):
    cdef VicData d
    cdef PlanCache plan_cache

    cdef int rollout_action_c(self, int* acts, int n, Rng* rng) noexcept nogil
    cdef void random_playout_c(self, Rng* rng, int stop_round) noexcept nogil
