# Dog Tag Trick's fast engine: the whole game as one C struct (see rules.py for the readable twin).
from libc.stdint cimport uint16_t, uint64_t, int8_t, int16_t
from solver.game cimport Game, State
from solver.rng cimport Rng

cdef enum:
    DTT_MAX_SEATS = 5
    DTT_MAX_ROUNDS = 5     # as many rounds as players (§1)
    DTT_MAX_PLAYS = 36     # plays in one round: at most all 36 cards, one per play

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


cdef class DogTagTrickGame(Game):
    cdef DttData template   # options filled in; used to initialise new states
    cdef bint random_lead   # first_lead = random: drawn from the seed (§4.1, A16)


cdef class DogTagTrickState(State):
    cdef DttData d
    cdef int rollout_action_c(self, int* acts, int n, Rng* rng) noexcept nogil
