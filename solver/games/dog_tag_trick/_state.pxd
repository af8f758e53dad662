# Dog Tag Trick's fast engine: the whole game as one C struct (see rules.py for the readable twin).
# Besides the struct and the classes, this declares what the rules of thumb (_policy.pyx) read of
# the engine: the card/event encoding, the move tables built by _state.pyx at import, and the
# small inline helpers on the struct.
from libc.stdint cimport uint16_t, uint64_t, int8_t, int16_t
from solver.game cimport Game, State
from solver.rng cimport Rng

cdef enum:
    DTT_MAX_SEATS = 5
    DTT_MAX_ROUNDS = 5     # as many rounds as players (§1)
    DTT_MAX_PLAYS = 36     # plays in one round: at most all 36 cards, one per play

cdef enum:
    NUM_CARDS = 36                     # card id = (icon - 1) * 9 + base - 1 (§2.3)
    NUM_PAIRS = 630                    # 36 * 35 / 2
    NUM_QUAL = 396                     # qualifying moves (§11)
    NUM_ALL = 860                      # + 464 unqualified pairs (option A1)
    NUM_SINGLES = 40                   # single moves: one per card, two per 5/10 card
    # events (§6): an action's announced event, also the index of ACT_KEY's event axis
    EV_ONE = 0
    EV_SET = 1
    EV_RUN = 2
    EV_FIVE = 3
    EV_NONE = 4                        # an unqualified pair played as a discard (A1)

ctypedef struct DttData:
    uint64_t hand[DTT_MAX_SEATS]       # current hands (36-bit card masks, §2.3)
    uint64_t unused                    # this round's unused pile (hidden from everyone, A18)
    uint64_t played                    # cards played this round (public, §10)
    # Deals of the rounds still to come, [round][seat]; the slot of a round is cleared when the
    # round starts, so no past or current deal (which would reveal hidden cards) stays here.
    uint64_t future[DTT_MAX_ROUNDS][DTT_MAX_SEATS]
    int16_t score[DTT_MAX_SEATS]       # running points (§8.1)
    uint16_t hist[DTT_MAX_PLAYS]       # this round's plays (action ids) in play order
    int8_t n                           # players 3..5
    int8_t hand_size                   # 11 / 9 / 7 (§3)
    int8_t round                       # 0..n-1
    int8_t first_lead                  # first-trick lead of round 0 (§4.1)
    int8_t lead                        # lead of the current trick
    int8_t pos                         # plays made in the current trick (0..n-1)
    int8_t n_hist                      # plays made this round
    int8_t over                        # game over (after round n-1's final trick)
    # options, copied with the state so the hot code never looks at Python objects
    int8_t opt_discard                 # unqualified_pairs = allowed_as_discard (A1)
    int8_t opt_autojoin                # announcement = auto_join_main (A4)
    int8_t opt_minicon                 # low_set_tiebreak = min_icon (A7)

# The move tables (filled when _state is imported; numbering as rules.py, see _state.pyx).
cdef uint64_t ALL36                    # every card
cdef uint64_t ACT_CARDS[NUM_ALL]       # action -> its cards
cdef int8_t ACT_EV[NUM_ALL]            # action -> its announced event
# [min_icon][event][action]: §7 strength of the played values in the event (packed base-16,
# larger = stronger, the top digit is the primary strength), -1 if they do not qualify
cdef int ACT_KEY[2][4][NUM_ALL]
cdef int SINGLE_FIRST[NUM_CARDS]       # card -> its first single move (a 5/10: as 5, then 10)
cdef int SINGLE_CNT[NUM_CARDS]         # card -> its number of single moves (1 or 2)
cdef uint64_t PARTNER[NUM_CARDS]       # j > i with at least one qualifying move of (i, j)
cdef uint64_t DPARTNER[NUM_CARDS]      # j > i with at least one unqualified value assignment
cdef uint16_t PAIR_ID[NUM_CARDS][NUM_CARDS]   # i < j -> index of the card pair
cdef int PAIR_MOVES[NUM_PAIRS][8]      # qualifying moves of a pair (at most 6), slot 7 = count
cdef int DISC_MOVES[NUM_PAIRS][4]      # discard moves of a pair (at most 2), slot 3 = count


cdef inline int card_base(int c) noexcept nogil:
    """The printed base value 1..9 of card ``c`` (§2.1)."""
    return c % 9 + 1


cdef inline int card_icon(int c) noexcept nogil:
    """The icon 1..4 of card ``c`` (§2.2; larger = stronger in ties)."""
    return c // 9 + 1


cdef inline int current_player_d(DttData* d) noexcept nogil:
    """The seat to play (§4): the trick's lead plus the plays made in it; -1 when over."""
    cdef int p
    if d.over:
        return -1
    p = d.lead + d.pos
    return p - d.n if p >= d.n else p


cdef class DogTagTrickGame(Game):
    cdef DttData template   # options filled in; used to initialise new states
    cdef bint random_lead   # first_lead = random: drawn from the seed (§4.1, A16)


cdef class DogTagTrickState(State):
    cdef DttData d

    cdef void random_playout_c(self, Rng* rng, int stop_round) noexcept nogil
