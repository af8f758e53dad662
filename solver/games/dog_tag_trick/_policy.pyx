"""Dog Tag Trick's rules of thumb, apart from its rules (``_state.pyx``).

One implementation, on the engine's ``DttData`` struct, that every user reads: search rollouts
(``rollout="policy"``: ``rollout_action_c``), the depth-limited searches' frontier estimate
(``evaluate_c``), and the heuristic bot and the opponent model (``scores_c``). Points are the
§8.1 points; inside, the rollout counts them in integer hundredths.

Rules of thumb both the rollout and the scores use (one inline helper or constant each):

* R1, what a trick pays (§8.1, A13): main #1 3 points plus 0.5 for leading the next trick
  (``PAIR_WIN``), 5 in the round's final trick; main #2 1, nothing in the final trick; sub #1 1.
* R2, the trick so far (``trick_so_far``): the main event is the first pair's announced event
  (§6.1, A5); the strongest and second-strongest main-event keys, and the strongest single.
* R3, which event a pair competes in (``main_key``): the event it announces when it sets the
  main event, else the main event when it announces it or (A4 option ``auto_join_main``) when
  its values qualify for it; otherwise nothing (nor does an A1 discard). It ranks by its §7 key
  in that event: above the best so far it is main #1, above only the second it is main #2.
* R4, the final trick (``surely_final``): a trick is surely the round's last (§8.2) when a hand
  is already empty, a seat still to play holds its last card, or the play empties this hand.
  There cards are worth nothing and main #1 scores 5.
* R5, cards are worth keeping: a play spends ``CARD_COST`` per card plus what its cards are
  worth later (not in the final trick), so two cards are never thrown for nothing and a play
  that wins nothing throws the cheapest card.

The heuristic's scores (``scores_c``; the bot plays the best, ties at random) read only the
seat's own hand and public facts (this round's plays, hand sizes, the lead), so they are the
same in every world of the seat's view. Each play scores its expected points now minus the
value of the cards it spends:

* S1, a single expects sub #1 (R1) times the chance that it beats the best single so far and
  no stronger single is among the cards of the seats still to play (exact hypergeometric chance
  over the cards this seat has not seen: 36 minus its hand and this round's plays).
* S2, a pair that competes (R3) and ranks main #1 so far expects main #1 times the chance that
  no seat still to play holds a stronger pair of that event (each stronger unseen card pair is
  wholly in one of those hands with chance q) plus main #2 times the chance that exactly one
  does; ranked main #2 so far, it expects main #2 times the chance that none does. So leading,
  the pair most likely to stand is led (1-2 runs, low sets, High Fives topped by a 10 or 9),
  and following, a pair joins the main event under its name only to win a place.
* S3, a card's keep value (R5) is its best later role: its chance to take the sub event as a
  single against every other hand, or half of what a pair of it is worth when led later (3
  points times the chance that no other hand holds a stronger pair of that event). A play is
  charged ``KEEP_SHARE`` of its cards' keep values plus ``CARD_COST`` per card.

The rollout (``rollout_action_c``) runs in a determinized world and reads it whole (the hands
of the seats still to play), with cheaper stand-ins: with probability ``ROLLOUT_EPS`` % a
uniformly random legal play (so rollouts stay diverse), else the best score, ties at random:

* a single scores sub #1 when it beats the best single so far and no seat still to play holds
  a stronger single (one mask test, ``SINGLE_BEAT``);
* a pair ranked main #1 so far scores ``PAIR_WIN`` (5 in the final trick) when no seat still to
  play holds a pair of that event of a stronger primary strength (§7: the set's value, the
  run's low card, the five's top card; ``best_strength``), half of that (plus half of main #2)
  when one holds an equally strong one, main #2 when exactly one holds a stronger one; a pair
  ranked main #2 so far scores main #2 when nobody later beats it;
* each card spent costs ``CARD_COST`` plus a fixed ``KEEP[card]`` (5/10s, 9s and the low cards
  of the best sets and runs are worth keeping, 4s, 6s and 7s the least; a stronger icon a
  little more), summed per action once at import (``ACT_COST``).

The position estimate (``evaluate_c``) shares out the points still to come this round: about
4.5 a trick (3 + 1 + 1 when both events have two or more entrants), for about
``min(hand size) / 1.6 + 0.5`` more tricks (the C reference's tricks per round under random
play), each seat's share growing with its high singles (8, 9, the 5/10 card) and with the
qualifying pairs in its hand.

The fitted estimate (``evaluation="fitted"``, solver/evaluation) is a linear model over
``features_d``: for each seat its hand by base value and strength (pairs, best pair of each
event, singles no other hand beats), the hand sizes, its part in the trick so far (R2: main #1,
main #2 or sub #1 so far) and the hand-written estimate above, with weights fitted by
``python -m solver.evaluation.fit`` on seeded self-play (``dog_tag_trick.json``).
"""
from libc.math cimport pow
from libc.stdint cimport int8_t, uint64_t
from solver.cards cimport popcount, lowest_card, highest_card
from solver.game cimport Game, State, Policy, MAX_PLAYERS
from solver.rng cimport Rng, rng_below
from solver.evaluation._fitted cimport FittedPolicy
from solver.evaluation._linear cimport LinearEval, linear_eval_seats, stage_of
from solver.games.dog_tag_trick._state cimport (
    DttData, DogTagTrickState, DTT_MAX_SEATS, NUM_CARDS, NUM_PAIRS, NUM_SINGLES,
    NUM_ALL, EV_ONE, EV_SET, EV_RUN, EV_FIVE, EV_NONE, ALL36, ACT_CARDS, ACT_EV, ACT_KEY,
    SINGLE_FIRST, SINGLE_CNT, PARTNER, PAIR_ID, PAIR_MOVES,
    card_base, card_icon, current_player_d)

cdef enum:
    # R1: what a trick pays, in hundredths of a point (§8.1, A13)
    MAIN_FIRST = 300          # main #1 in a normal trick
    LEAD_BONUS = 50           # winning the main event also leads the next trick (§4.3)
    PAIR_WIN = 350            # MAIN_FIRST + LEAD_BONUS
    MAIN_FIRST_FINAL = 500    # main #1 in the final trick
    MAIN_SECOND = 100         # main #2 (normal trick only)
    SUB_FIRST = 100           # sub #1
    # R5: hundredths of a point per card spent (not in a final trick)
    CARD_COST = 80
    # the rollout's share (percent) of uniformly random moves
    ROLLOUT_EPS = 15

# The same constants in points for the scores (every one exact in binary but 0.8, which is
# the double nearest 0.8 either way, as the division is correctly rounded).
cdef double PT_PAIR_WIN = PAIR_WIN / 100.0
cdef double PT_MAIN_FIRST = MAIN_FIRST / 100.0
cdef double PT_MAIN_FIRST_FINAL = MAIN_FIRST_FINAL / 100.0
cdef double PT_MAIN_SECOND = MAIN_SECOND / 100.0
cdef double PT_SUB_FIRST = SUB_FIRST / 100.0
cdef double PT_CARD_COST = CARD_COST / 100.0
cdef double KEEP_SHARE = 0.75   # S3: share of a spent card's keep value charged to the play


# -- shared rules of thumb ------------------------------------------------------------------
ctypedef struct Trick:
    int main_ev     # the main event (R2); -1: no pair played yet
    int k1          # the strongest main-event key so far; -1: none
    int k2          # the second strongest; -1: none
    int ks          # the strongest single's key so far; -1: none


cdef inline int main_key(DttData* d, int main_ev, int a, int* event) noexcept nogil:
    """R3: the §7 key with which action ``a`` competes for the main event ``main_ev`` (-1: no
    pair yet), its event in ``event``; -1 when it competes in nothing (a single, a discard, a
    pair of another event)."""
    cdef int ev = ACT_EV[a], e
    if ev == EV_ONE or ev == EV_NONE:
        return -1
    e = ev if main_ev < 0 else main_ev
    event[0] = e
    if e == ev or d.opt_autojoin:
        return ACT_KEY[d.opt_minicon][e][a]             # -1 when the values do not qualify
    return -1


cdef inline void trick_so_far(DttData* d, Trick* t) noexcept nogil:
    """R2: the current trick's plays so far (the last ``pos`` plays of the round)."""
    cdef int j, a, ev, key, e = 0
    t.main_ev = -1
    t.k1 = -1
    t.k2 = -1
    t.ks = -1
    for j in range(d.n_hist - d.pos, d.n_hist):
        a = d.hist[j]
        ev = ACT_EV[a]
        if ev == EV_ONE:
            key = ACT_KEY[d.opt_minicon][EV_ONE][a]
            if key > t.ks:
                t.ks = key
        elif ev != EV_NONE:
            if t.main_ev < 0:
                t.main_ev = ev
            key = main_key(d, t.main_ev, a, &e)
            if key > t.k1:
                t.k2 = t.k1
                t.k1 = key
            elif key > t.k2:
                t.k2 = key


cdef inline bint surely_final(DttData* d, int me) noexcept nogil:
    """R4 before the play: a hand is empty, or a seat still to play (after ``me``) holds one
    card, so a hand is empty after this trick (§8.2). (The play itself may empty ``me``'s.)"""
    cdef int j, seat = me
    for j in range(d.n):
        if d.hand[j] == 0:
            return True
    for j in range(d.n - 1 - d.pos):
        seat += 1
        if seat == d.n:
            seat = 0
        if popcount(d.hand[seat]) == 1:
            return True
    return False


cdef uint64_t SINGLE_BEAT[NUM_SINGLES]    # single action -> cards with a stronger single


cdef void init_shared_tables() noexcept nogil:
    cdef int c, a
    cdef int top[NUM_CARDS]
    for c in range(NUM_CARDS):
        top[c] = ACT_KEY[0][EV_ONE][SINGLE_FIRST[c] + SINGLE_CNT[c] - 1]   # a 5/10 as 10
    for a in range(NUM_SINGLES):
        SINGLE_BEAT[a] = 0
        for c in range(NUM_CARDS):
            if top[c] > ACT_KEY[0][EV_ONE][a]:        # single keys ignore low_set_tiebreak
                SINGLE_BEAT[a] |= 1ULL << c


init_shared_tables()


cdef inline uint64_t stronger_singles(int card) noexcept nogil:
    """The cards whose top single is stronger than ``card``'s top single (a 5/10 as 10)."""
    return SINGLE_BEAT[SINGLE_FIRST[card] + SINGLE_CNT[card] - 1]


# -- the rollout policy ---------------------------------------------------------------------
cdef int KEEP_BY_BASE[10]
KEEP_BY_BASE[:] = [0, 50, 45, 35, 25, 90, 20, 25, 40, 60]
cdef int KEEP[NUM_CARDS]                  # a card's fixed keep value (hundredths)
cdef int ACT_COST[NUM_ALL]                # an action's cards: sum of CARD_COST + KEEP[card]
cdef uint64_t VALMASK[11]                 # cards that can be played at value v (1..10)
cdef int FIVE_T[8]                        # High Five value pairs (top, other) without two 5/10s,
cdef int FIVE_O[8]                        # strongest top first
FIVE_T[:] = [9, 9, 8, 8, 7, 6, 4, 3]
FIVE_O[:] = [1, 6, 2, 7, 3, 4, 1, 2]


cdef inline int best_strength(uint64_t h, int ev) noexcept nogil:
    """The primary strength (§7, the top digit of the key: 11 - v for SET, 11 - low for RUN,
    the top value for FIVE) of the strongest pair of event ``ev`` in hand ``h``; 0: none."""
    cdef int v
    if ev == EV_SET:
        for v in range(1, 11):
            if popcount(h & VALMASK[v]) >= 2:
                return 11 - v
    elif ev == EV_RUN:
        for v in range(1, 10):
            if (h & VALMASK[v]) and (h & VALMASK[v + 1]):
                return 11 - v
    elif ev == EV_FIVE:
        if popcount(h & VALMASK[10]) >= 2:               # two 5/10s: 10 + 5 (or 10 + 10)
            return 10
        for v in range(8):
            if (h & VALMASK[FIVE_T[v]]) and (h & VALMASK[FIVE_O[v]]):
                return FIVE_T[v]
    return 0


cdef void init_rollout_tables() noexcept nogil:
    cdef int c, v, a
    cdef uint64_t m
    for c in range(NUM_CARDS):
        KEEP[c] = KEEP_BY_BASE[card_base(c)] + 2 * card_icon(c)
    for a in range(NUM_ALL):
        ACT_COST[a] = 0
        m = ACT_CARDS[a]
        while m:
            ACT_COST[a] += CARD_COST + KEEP[lowest_card(m)]
            m &= m - 1
    for v in range(11):
        VALMASK[v] = 0
    for c in range(NUM_CARDS):
        VALMASK[card_base(c)] |= 1ULL << c
    VALMASK[10] = VALMASK[5]


init_rollout_tables()


cdef int rollout_d(DttData* d, int* acts, int n_acts, Rng* rng) noexcept nogil:
    """The rollout policy's play for the seat to act, one of ``acts`` (module docstring)."""
    cdef int me = current_player_d(d), n = d.n, mi = d.opt_minicon, later_n = n - 1 - d.pos
    cdef int i, j, a, ev, e = 0, key, st, seat, gain, nbeat, neq, sc
    cdef int best = -1000000, nbest = 0, choice = acts[0]
    cdef int lbest[4][DTT_MAX_SEATS]                     # [event][later seat]: best pair strength
    cdef uint64_t later = 0, h = d.hand[me], m
    cdef bint final, fin
    cdef Trick t
    if n_acts == 1:
        return acts[0]
    if <int>rng_below(rng, 100) < ROLLOUT_EPS:
        return acts[rng_below(rng, <unsigned int>n_acts)]
    trick_so_far(d, &t)
    final = surely_final(d, me)
    seat = me
    for j in range(later_n):                              # the seats still to play
        seat += 1
        if seat == n:
            seat = 0
        m = d.hand[seat]
        later |= m
        for e in range(EV_SET, EV_FIVE + 1):
            lbest[e][j] = best_strength(m, e) if (t.main_ev < 0 or e == t.main_ev) else 0
    for i in range(n_acts):
        a = acts[i]
        ev = ACT_EV[a]
        m = ACT_CARDS[a]
        fin = final or m == h
        gain = 0
        if ev == EV_ONE:
            if ACT_KEY[mi][EV_ONE][a] > t.ks and (later & SINGLE_BEAT[a]) == 0:
                gain = SUB_FIRST
        else:
            key = main_key(d, t.main_ev, a, &e)
            if key > t.k2:
                st = key >> 12
                nbeat = 0
                neq = 0
                for j in range(later_n):
                    if lbest[e][j] > st:
                        nbeat += 1
                    elif lbest[e][j] == st:
                        neq += 1
                if key > t.k1:
                    if nbeat == 0:
                        if fin:
                            gain = MAIN_FIRST_FINAL if neq == 0 else MAIN_FIRST_FINAL // 2
                        else:
                            gain = PAIR_WIN if neq == 0 else (PAIR_WIN + MAIN_SECOND) // 2
                    elif nbeat == 1 and not fin:
                        gain = MAIN_SECOND if neq == 0 else MAIN_SECOND // 2
                elif nbeat == 0 and not fin:
                    gain = MAIN_SECOND if neq == 0 else MAIN_SECOND // 2
        sc = gain if fin else gain - ACT_COST[a]         # R5: a final trick's cards are free
        if sc > best:
            best = sc
            nbest = 1
            choice = a
        elif sc == best:
            nbest += 1
            if rng_below(rng, <unsigned int>nbest) == 0:
                choice = a
    return choice


# -- the heuristic's scores -----------------------------------------------------------------
# Per low_set_tiebreak (0 max_icon, 1 min_icon) and pair event: every card pair's best key in
# that event (over its value assignments), strongest first, with the pair's mask: the stronger
# pairs an unseen card pair may form (S2, S3).
cdef int THREAT_KEY[2][4][NUM_PAIRS]
cdef uint64_t THREAT_MASK[2][4][NUM_PAIRS]
cdef int THREAT_N[2][4]


cdef void init_threats() noexcept nogil:
    cdef int mi, e, i, j, k, s, a, key, best, pos
    for mi in range(2):
        for e in range(4):
            THREAT_N[mi][e] = 0
        for e in range(EV_SET, EV_FIVE + 1):
            for i in range(NUM_CARDS):
                for j in range(i + 1, NUM_CARDS):
                    k = PAIR_ID[i][j]
                    best = -1
                    for s in range(PAIR_MOVES[k][7]):
                        a = PAIR_MOVES[k][s]
                        key = ACT_KEY[mi][e][a]
                        if key > best:
                            best = key
                    if best < 0:
                        continue
                    pos = THREAT_N[mi][e]                 # insertion: keys descending
                    while pos > 0 and THREAT_KEY[mi][e][pos - 1] < best:
                        THREAT_KEY[mi][e][pos] = THREAT_KEY[mi][e][pos - 1]
                        THREAT_MASK[mi][e][pos] = THREAT_MASK[mi][e][pos - 1]
                        pos -= 1
                    THREAT_KEY[mi][e][pos] = best
                    THREAT_MASK[mi][e][pos] = (1ULL << i) | (1ULL << j)
                    THREAT_N[mi][e] += 1


init_threats()


# Where an action's key falls in each event's threat list: THREAT_POS[mi][e][a] threats of
# event e are stronger than action a's key in e (ACT_KEY[mi][e][a] >= 0; keys descend).
cdef int THREAT_POS[2][4][NUM_ALL]


cdef void init_threat_pos() noexcept nogil:
    cdef int mi, e, a, key, pos
    for mi in range(2):
        for e in range(4):
            for a in range(NUM_ALL):
                key = ACT_KEY[mi][e][a] if EV_SET <= e <= EV_FIVE else -1
                pos = 0
                if key >= 0:
                    while pos < THREAT_N[mi][e] and THREAT_KEY[mi][e][pos] > key:
                        pos += 1
                THREAT_POS[mi][e][a] = pos


init_threat_pos()


ctypedef struct ThreatCounts:
    # One scoring's counts of the threats wholly among its unseen cards, so that each event's
    # threat list is walked once per scoring, not once per key. Invariant: for i <= walked[e],
    # held[e][i] is how many of threats 0..i-1 of event e are wholly unseen.
    int walked[4]
    int held[4][NUM_PAIRS + 1]


cdef inline int stronger_pairs(ThreatCounts* tc, int mi, int e, int a,
                               uint64_t unseen) noexcept nogil:
    """How many card pairs wholly among ``unseen`` form a pair of event ``e`` stronger than
    action ``a``'s key in ``e`` (``unseen`` the same for every call on one ``tc``)."""
    cdef int pos = THREAT_POS[mi][e][a], i = tc.walked[e]
    cdef uint64_t m
    while i < pos:
        m = THREAT_MASK[mi][e][i]
        tc.held[e][i + 1] = tc.held[e][i] + (1 if m & unseen == m else 0)
        i += 1
    if i > tc.walked[e]:
        tc.walked[e] = i
    return tc.held[e][pos]


cdef double none_held_loop(int beaters, int unseen, int held) noexcept nogil:
    """The chance that none of ``beaters`` particular unseen cards is among ``held`` cards dealt
    uniformly from ``unseen`` (hypergeometric)."""
    cdef double p = 1.0, x
    cdef int i
    for i in range(held):
        if unseen - i <= 0:
            break
        x = <double>(unseen - beaters - i) / <double>(unseen - i)
        p *= x if x > 0.0 else 0.0
        if p == 0.0:
            break
    return p


# none_held for every (beaters, unseen, held) of 0..36, computed once at import by the loop
# above (the same doubles): the scores ask for it per card and per single, on every rollout ply.
cdef double NONE_HELD[NUM_CARDS + 1][NUM_CARDS + 1][NUM_CARDS + 1]


cdef void init_none_held() noexcept nogil:
    cdef int b, u, k
    for b in range(NUM_CARDS + 1):
        for u in range(NUM_CARDS + 1):
            for k in range(NUM_CARDS + 1):
                NONE_HELD[b][u][k] = none_held_loop(b, u, k)


init_none_held()


cdef inline double none_held(int beaters, int unseen, int held) noexcept nogil:
    """none_held_loop from the table (every argument within 0..36)."""
    return NONE_HELD[beaters][unseen][held]


ctypedef struct Powers:
    # (1 - q) ** k memoised for one scoring's q and k < 64 (pow is a fifth of a heuristic
    # rollout's cost): value[k] is set where bit k of known is.
    double base
    uint64_t known
    double value[64]


cdef inline void powers_init(Powers* pw, double base) noexcept nogil:
    pw.base = base
    pw.known = 0


cdef inline double power(Powers* pw, int k) noexcept nogil:
    """pow(pw.base, k), the same double, computed once per k below 64."""
    if k >= 64:
        return pow(pw.base, k)
    if not (pw.known >> k) & 1:
        pw.value[k] = pow(pw.base, k)
        pw.known |= 1ULL << k
    return pw.value[k]


cdef inline double pair_q(int sum_hh, int unseen) noexcept nogil:
    """The chance that one given pair of unseen cards is wholly in one hand of some seats,
    ``sum_hh`` being the sum of h * (h - 1) over their hand sizes h (capped below 1)."""
    cdef double x
    if unseen < 2:
        return 0.0
    x = <double>sum_hh / <double>(unseen * (unseen - 1))
    return x if x < 0.999 else 0.999


cdef void scores_d(DttData* d, int* acts, int n_acts, double* out) noexcept nogil:
    """S1-S3 (module docstring): each of ``acts``' expected points now minus the value of the
    cards it spends, for the seat to act. Reads its hand and public facts only."""
    cdef int me = current_player_d(d), n = d.n, mi = d.opt_minicon
    cdef uint64_t h = d.hand[me], unseen = ALL36 & ~h & ~d.played, m, pm
    cdef int n_unseen = popcount(unseen)
    cdef int i, j, c, c2, s, a, e = 0, key, beaters, size, seat
    cdef int later_cards = 0, other_cards = 0, later_hh = 0, other_hh = 0
    cdef int* blk
    cdef double keep[NUM_CARDS]
    cdef double q_later, q_all, v, m1, m2, gain, cost, hold, once, spent
    cdef bint final, fin
    cdef Trick t
    cdef ThreatCounts tc
    cdef Powers pw_later, pw_all
    for e in range(4):
        tc.walked[e] = 0
        tc.held[e][0] = 0
    e = 0
    trick_so_far(d, &t)
    final = surely_final(d, me)
    for j in range(n):                                    # public hand sizes
        if j != me:
            size = popcount(d.hand[j])
            other_cards += size
            other_hh += size * (size - 1)
    seat = me
    for j in range(n - 1 - d.pos):                        # the seats still to play
        seat += 1
        if seat == n:
            seat = 0
        size = popcount(d.hand[seat])
        later_cards += size
        later_hh += size * (size - 1)
    q_later = pair_q(later_hh, n_unseen)
    q_all = pair_q(other_hh, n_unseen)
    powers_init(&pw_later, 1.0 - q_later)
    powers_init(&pw_all, 1.0 - q_all)
    # S3: keep values of the hand's cards (as a single against every other hand; as half of a
    # pair's lead value)
    m = h
    while m:
        c = lowest_card(m)
        m &= m - 1
        keep[c] = none_held(popcount(unseen & stronger_singles(c)), n_unseen, other_cards)
    m = h
    while m:
        c = lowest_card(m)
        m &= m - 1                                        # now only cards above c
        pm = PARTNER[c] & m
        while pm:
            c2 = lowest_card(pm)
            pm &= pm - 1
            blk = PAIR_MOVES[PAIR_ID[c][c2]]
            for s in range(blk[7]):
                a = blk[s]
                e = ACT_EV[a]
                v = PT_MAIN_FIRST * power(&pw_all, stronger_pairs(&tc, mi, e, a, unseen)) / 2
                if v > keep[c]:
                    keep[c] = v
                if v > keep[c2]:
                    keep[c2] = v
    for i in range(n_acts):
        a = acts[i]
        m = ACT_CARDS[a]
        fin = final or m == h
        m1 = PT_MAIN_FIRST_FINAL if fin else PT_PAIR_WIN
        m2 = 0.0 if fin else PT_MAIN_SECOND
        gain = 0.0
        if ACT_EV[a] == EV_ONE:                           # S1
            if ACT_KEY[mi][EV_ONE][a] > t.ks:
                gain = PT_SUB_FIRST * none_held(popcount(unseen & SINGLE_BEAT[a]), n_unseen,
                                                later_cards)
        else:                                             # S2
            key = main_key(d, t.main_ev, a, &e)
            if key >= 0:
                beaters = stronger_pairs(&tc, mi, e, a, unseen)
                hold = power(&pw_later, beaters)
                if key > t.k1:                            # main #1 so far
                    once = (beaters * q_later * power(&pw_later, beaters - 1)
                            if beaters else 0.0)          # beaten once: still main #2
                    gain = hold * m1 + once * m2
                elif key > t.k2:                          # main #2 so far
                    gain = hold * m2
        cost = 0.0
        if not fin:                                       # R5, S3
            spent = 0.0
            pm = m
            while pm:
                spent += keep[lowest_card(pm)]
                pm &= pm - 1
            cost = KEEP_SHARE * spent + PT_CARD_COST * popcount(m)
        out[i] = gain - cost


# -- the position estimate ------------------------------------------------------------------
cdef void evaluate_d(DttData* d, double* out) noexcept nogil:
    """The points each seat still gains this round, roughly (module docstring); zeros at the
    end of the game."""
    cdef double strength[DTT_MAX_SEATS]
    cdef double total = 0.0, remaining
    cdef int p, c, smallest = 99, size
    cdef uint64_t m, h
    for p in range(MAX_PLAYERS):
        out[p] = 0.0
    if d.over:
        return
    for p in range(d.n):
        h = d.hand[p]
        size = popcount(h)
        if size < smallest:
            smallest = size
        strength[p] = 1.0
        m = h
        while m:
            c = lowest_card(m)
            m &= m - 1
            if card_base(c) >= 8 or card_base(c) == 5:
                strength[p] += 1.0
            strength[p] += 0.5 * popcount(PARTNER[c] & m)
        total += strength[p]
    remaining = 4.5 * (smallest / 1.6 + 0.5)
    for p in range(d.n):
        out[p] = remaining * strength[p] / total


# -- the fitted estimate's features ------------------------------------------------------------
cdef enum:
    DTT_NF = 32     # features per seat: solver/evaluation/features.py FEATURES["dog-tag-trick"]

# Card sets and per-card facts the features read as popcounts and lookups instead of loops over
# a hand's cards (they run for every seat at every max^n frontier node).
cdef uint64_t PAW_CARDS                    # cards of icon 4 (the paw)
cdef uint64_t HIGH_CARDS                   # high singles: base 8, 9 and the 5/10 card
cdef int TOP_KEY[NUM_CARDS]                # a card's strongest single's key (a 5/10 as 10)
cdef uint64_t NOT_BEATEN_BY[NUM_CARDS]     # cards whose top single is at least card c's
cdef int8_t FIVE_BEST[2048]                # values held (bit v, 1..10) -> best_strength(EV_FIVE)
                                           # without two 5/10s
cdef double TENTHS[11]                     # k / 10.0: a strength feature without a division
cdef int STRONG_VALUES[9]                  # top single values, strongest first (5/10 as 10)
STRONG_VALUES[:] = [5, 9, 8, 7, 6, 4, 3, 2, 1]


cdef void init_feature_tables() noexcept nogil:
    global PAW_CARDS, HIGH_CARDS
    cdef int c, c2, has, v
    PAW_CARDS = 0
    HIGH_CARDS = 0
    for c in range(NUM_CARDS):
        if card_icon(c) == 4:
            PAW_CARDS |= 1ULL << c
        if card_base(c) >= 8 or card_base(c) == 5:
            HIGH_CARDS |= 1ULL << c
        TOP_KEY[c] = ACT_KEY[0][EV_ONE][SINGLE_FIRST[c] + SINGLE_CNT[c] - 1]
    for c in range(NUM_CARDS):
        NOT_BEATEN_BY[c] = 0
        for c2 in range(NUM_CARDS):
            if TOP_KEY[c2] >= TOP_KEY[c]:
                NOT_BEATEN_BY[c] |= 1ULL << c2
    for v in range(11):
        TENTHS[v] = v / 10.0
    for has in range(2048):
        FIVE_BEST[has] = 0
        for v in range(8):
            if (has >> FIVE_T[v]) & 1 and (has >> FIVE_O[v]) & 1:
                FIVE_BEST[has] = FIVE_T[v]
                break


init_feature_tables()


cdef bint features_d(DttData* d, double* out) noexcept nogil:
    """The fitted estimate's features of every seat p, written to out[p * DTT_NF ...] (names in
    solver/evaluation/features.py, same order); False, writing nothing, at the end of the game.
    The hand-written estimate (``heuristic``) is evaluate_d's, bit for bit, from the same
    counts. What every seat shares (hand sizes, pair and high-card counts, the trick so far) is
    computed once, a hand's values and cards by base as popcounts: this runs at every frontier
    node."""
    cdef uint64_t all_cards = 0, h, m, others, unbeaten
    cdef int j, p, b, smallest = 99, total = 0, all_pairs = 0, all_high = 0
    cdef int jp, a, e = 0, key, mi = d.opt_minicon, stage, has, two, run
    cdef int size[DTT_MAX_SEATS]
    cdef int pairs[DTT_MAX_SEATS]
    cdef int high[DTT_MAX_SEATS]
    cdef int cnt[10]
    cdef double strength_total = 0.0, remaining
    cdef bint final = False
    cdef double* f
    cdef Trick t
    if d.over:
        return False
    for j in range(d.n):
        h = d.hand[j]
        all_cards |= h
        size[j] = popcount(h)
        total += size[j]
        if size[j] < smallest:
            smallest = size[j]
        if size[j] <= 1:
            final = True                                  # R4: this trick ends the round
        pairs[j] = 0
        m = h
        while m:
            pairs[j] += popcount(PARTNER[lowest_card(m)] & h)   # PARTNER[c]: cards above c
            m &= m - 1
        high[j] = popcount(h & HIGH_CARDS)
        all_pairs += pairs[j]
        all_high += high[j]
        # evaluate_d's strength: 1 + high cards + pairs / 2, every partial sum a small multiple
        # of 0.5 (exact), so the same double as its card-by-card sum
        strength_total += 1.0 + high[j] + 0.5 * pairs[j]
    trick_so_far(d, &t)                                   # no plays yet: all -1
    remaining = 4.5 * (smallest / 1.6 + 0.5)
    stage = stage_of(1.0 - smallest / <double>d.hand_size)   # the round ends as a hand empties
    for p in range(d.n):
        f = out + p * DTT_NF
        h = d.hand[p]
        # every feature is written (no zeroing pass: a rep stos per seat cost more than the
        # features it cleared)
        f[0] = 1.0
        f[1] = remaining * (1.0 + high[p] + 0.5 * pairs[p]) / strength_total   # evaluate_d
        f[2] = stage
        f[3] = size[p]
        f[4] = smallest
        f[5] = (total - size[p]) / (d.n - 1.0)
        has = 0
        two = 0
        for b in range(1, 10):
            cnt[b] = popcount(h & VALMASK[b])
            f[5 + b] = cnt[b]                             # base1..base9: f[6..14]
            if cnt[b]:
                has |= 1 << b
                if cnt[b] >= 2:
                    two |= 1 << b
        if cnt[5]:
            has |= 1 << 10                                # the 5/10 card as 10
        f[15] = popcount(h & PAW_CARDS)
        f[16] = pairs[p]
        # best_strength: the lowest value held twice (SET), the lowest of two adjacent values
        # (RUN), two 5/10s or the strongest High Five value pair (FIVE)
        f[17] = TENTHS[11 - lowest_card(<uint64_t>two) if two else 0]
        run = has & (has >> 1) & 0x3FE
        f[18] = TENTHS[11 - lowest_card(<uint64_t>run) if run else 0]
        f[19] = TENTHS[10 if cnt[5] >= 2 else FIVE_BEST[has]]
        # singles no other hand beats: the others' strongest single is at most theirs
        # (TOP_KEY), all of them when the other hands are empty. Singles rank by top value,
        # then icon (§7), so the strongest is the highest card id of the strongest value held
        others = all_cards & ~h
        unbeaten = h
        for j in range(9):
            m = others & VALMASK[STRONG_VALUES[j]]
            if m:
                unbeaten = h & NOT_BEATEN_BY[highest_card(m)]
                break
        f[20] = popcount(unbeaten)
        f[21] = 1.0 if d.lead == p else 0.0
        f[22] = d.pos
        f[23] = 0.0
        f[24] = 0.0
        f[25] = 0.0
        f[26] = 0.0
        jp = p - d.lead
        if jp < 0:
            jp += d.n
        if jp < d.pos:                                    # p has played to this trick (R2)
            f[23] = 1.0
            a = d.hist[d.n_hist - d.pos + jp]
            if ACT_EV[a] == EV_ONE:
                if ACT_KEY[mi][EV_ONE][a] == t.ks:
                    f[26] = 1.0
            else:
                key = main_key(d, t.main_ev, a, &e)
                if key >= 0 and key == t.k1:
                    f[24] = 1.0
                elif key >= 0 and key == t.k2:
                    f[25] = 1.0
        f[27] = 1.0 if final else 0.0
        f[28] = pairs[p] * smallest
        f[29] = high[p] * smallest
        f[30] = pairs[p] * smallest / <double>all_pairs if all_pairs else 0.0
        f[31] = high[p] * smallest / <double>all_high if all_high else 0.0
    return True


cdef void fitted_d(DttData* d, LinearEval* model, double* out) noexcept nogil:
    """The fitted estimate for every seat (zeros at the end of the game)."""
    cdef double f[DTT_MAX_SEATS * DTT_NF]
    cdef int p
    for p in range(MAX_PLAYERS):
        out[p] = 0.0
    if features_d(d, f):
        linear_eval_seats(model, f, d.n, DTT_NF, out)


cdef class DogTagTrickPolicy(FittedPolicy):
    """Dog Tag Trick's rules of thumb (module docstring) for ``game.policy``."""

    cdef void scores_c(self, State state, int* acts, int n, double* out) noexcept nogil:
        scores_d(&(<DogTagTrickState>state).d, acts, n, out)

    cdef int rollout_action_c(self, State state, int* acts, int n, Rng* rng) noexcept nogil:
        return rollout_d(&(<DogTagTrickState>state).d, acts, n, rng)

    def __init__(self, Game game=None):
        FittedPolicy.__init__(self, game, DTT_NF)

    cdef bint features_c(self, State state, double* out) noexcept nogil:
        return features_d(&(<DogTagTrickState>state).d, out)

    cdef void evaluate_c(self, State state, double* out) noexcept nogil:
        if self.model.on:
            fitted_d(&(<DogTagTrickState>state).d, &self.model, out)
        else:
            evaluate_d(&(<DogTagTrickState>state).d, out)
