"""Mattis's rules of thumb (rules: docs/rules/mattis.md), apart from its rules (``_state.pyx``).

One implementation of each rule of thumb, shared by the searches' rollouts (``rollout="policy"``),
the heuristic bot (bots/heuristic/mattis.py plays the best ``scores``) and the opponent model.

Phase 1 (collecting) decides what the phase-2 hand holds, and there quality counts more than
quantity: low plain cards are what make a player the mattis, trumps and high cards are what
shed a hand.

1. Worth of a card for phase 2 (``PLAIN_WORTH``, ``TRUMP_WORTH``; ``worth``): a 2-4 is junk, a
   5-7 poor, 8-10 neutral, J-A good, a trump better still. While trumps are unknown every card
   counts a quarter as a trump.
2. Phase 1, one ply (``phase1_gains``): for each card, the chance it takes the trick (it must top
   this round; every player still to play after us is taken to play a card we have not seen; a
   tie counts half). Taking the trick gains the worth of every card in it; losing it gives our
   card away. Play the card with the best expected gain: junk goes onto tricks others take,
   good cards take tricks (our card comes back with the trick), a trick full of junk is left to
   someone else. Equal gains (within 1e-9) are ties, broken at random.
3. BLIND (the top stock card, allowed while the stock holds two or more) is scored the same way
   over the unseen cards, except that a losing blind card costs us nothing from the hand: it is
   the way out when every hand card would take a junk trick.

Phase 2 (shedding; perfect information):

4. Going out beats everything: lead or beat with a lay that empties the hand (``goes_out``).
5. Following: beat with the cheapest lay (a plain card of the top's suit before a trump, then
   the longest run, then the lowest rank; ``shed_key``) - a beat sheds a card, a pick-up gains
   one.
6. Keep trumps: when the cheapest beat is a trump and ours would not complete the trick (so we
   would not take the lead either), pick up instead (``keeps_trump``).
7. Leading: shed the weakest cards first (low plain cards only ever leave the hand by being
   led): the lowest plain card, as the longest run from it, trumps last (``shed_key``).
8. A phase 2 that drags on (``LONG_GAME`` actions per player) is most likely a cycle: the
   heuristic then leads a random lay and stops saving trumps, the rollout plays at random, so
   that the game ends.

The rollout plays these rules with a uniformly random legal action one time in ten
(``ROLLOUT_EPS``) so that playouts stay diverse. The rules read only what the player to move
knows (phase 1: its own hand, the public trick and won piles, the shown trump card; phase 2:
everything, as the rules make it public), so any world of a seat's view scores alike.

The position estimate (``evaluate_c``, the depth-limited searches' frontier) is the chance of
not being the mattis: by hand, one minus a share proportional to the square of the cards each
player must still shed (``heuristic_d``), or (``evaluation="fitted"``, solver/evaluation) a
linear model over ``features_d`` (cards to shed, against the others', trumps, high and low
cards, rule 1's worth, the trick in progress), fitted by ``python -m solver.evaluation.fit`` on
seeded self-play (``mattis.json``).

Scores: phase 1 the expected gain of rule 2 (ties within 1e-9 given the best value exactly);
phase 2 ordinal, the rules' order packed into one number (higher = preferred).
"""
from libc.math cimport INFINITY
from libc.stdint cimport uint8_t, int8_t, uint64_t
from solver.cards cimport popcount, lowest_card
from solver.evaluation._fitted cimport FittedPolicy
from solver.evaluation._linear cimport LinearEval, linear_eval_seats
from solver.game cimport Game, Policy, State, MAX_LEGAL
from solver.rng cimport Rng, rng_below, rng_uniform
from solver.games.mattis._state cimport (MattisData, MattisState, MattisTables, lookup_tables,
                                         NCARDS, BLIND, PICKUP, PHASE1, OVER)

# Rule 1, in points (percent) of the chance to lose the game per card held at the start of
# phase 2, sign flipped: a least-squares fit of "lost" on the phase-2 starting hands of 800
# four-player games among variants of the heuristic; three- and six-player tables give the
# same shape.
PLAIN_WORTH = (-7, -7, -7, -3, -3, -3, 0, 0, 0, 2, 2, 2, 3)       # rank index 0 (2) ... 12 (A)
TRUMP_WORTH = 5
LONG_GAME = 60                                                     # rule 8, per player
ROLLOUT_EPS = 0.1              # tuned: 0.1-0.15 best, 0 and 0.25 weaker (7-8 players)

cdef double plain_worth[13]
for _r in range(13):
    plain_worth[_r] = PLAIN_WORTH[_r]
cdef double trump_worth = TRUMP_WORTH
cdef int long_game = LONG_GAME
cdef double rollout_eps = ROLLOUT_EPS

cdef uint64_t ALL_CARDS = (1ULL << NCARDS) - 1

# The engine's lookup tables (see _state.pxd).
cdef MattisTables T = lookup_tables()
cdef const uint8_t* RANK = T.rank
cdef const uint64_t* SUIT_MASK = T.suit_mask
cdef const uint64_t* RANK_MASK = T.rank_mask
cdef const uint64_t* BELOW_MASK = T.below_mask
cdef const uint64_t* LAY_MASK = T.lay_mask
cdef const int8_t* LAY_SUIT = T.lay_suit
cdef const int8_t* LAY_LO = T.lay_lo
cdef const int8_t* LAY_HI = T.lay_hi

# Phase-2 scores (ordinal): going out above all, a trump-saving pick-up above every beat, lays
# at -(shed_key + id / 512) <= 0, any other pick-up below every lay.
cdef double GO_OUT = 1e4
cdef double PICKUP_KEEPS_TRUMP = 1.0
cdef double PICKUP_ELSE = -1e4


# -- phase 1 -----------------------------------------------------------------------------------
cdef inline double worth(int c, int trumps) noexcept nogil:
    """Rule 1: the worth of card ``c`` for phase 2 (``trumps`` -1 while unknown)."""
    if trumps < 0:
        return 0.75 * plain_worth[RANK[c]] + 0.25 * trump_worth
    return trump_worth if LAY_SUIT[c] == trumps else plain_worth[RANK[c]]


cdef void phase1_gains(MattisData* d, int* acts, int n, double* out) noexcept nogil:
    """Rules 2 and 3: the expected gain of each of the n phase-1 actions in acts, written to
    out (-inf for BLIND when no card is unseen, which the rules never allow)."""
    cdef int p = d.cont[d.cpos]
    cdef int after = d.ncont - d.cpos - 1          # contenders still to play after p
    cdef int i, j, r, a, top = -1, u, cnt, ct
    cdef uint64_t seen = d.hand[p], unseen
    cdef double pot = 0.0, q, pt, g, wsum
    cdef double ptake[13]
    for i in range(d.tn):
        seen |= 1ULL << d.tc[i]
        pot += worth(d.tc[i], d.trumps)
        if i >= d.round_start and <int>RANK[d.tc[i]] > top:
            top = RANK[d.tc[i]]
    for i in range(d.n):
        seen |= d.won[i]
    if d.trump_card >= 0:
        seen |= 1ULL << d.trump_card
    unseen = ALL_CARDS & ~seen
    u = popcount(unseen)
    for r in range(13):                     # the chance a card of rank r takes the trick
        if r < top:
            ptake[r] = 0.0
            continue
        if u:
            q = (popcount(unseen & BELOW_MASK[r]) + 0.5 * popcount(unseen & RANK_MASK[r])) / u
        else:
            q = 1.0
        pt = 0.5 if r == top else 1.0
        for j in range(after):
            pt *= q
        ptake[r] = pt
    for i in range(n):
        a = acts[i]
        if a == BLIND:                      # rule 3
            if not u:
                out[i] = -INFINITY
                continue
            g = 0.0
            for r in range(13):
                cnt = popcount(unseen & RANK_MASK[r])
                if not cnt or ptake[r] == 0.0:
                    continue
                if d.trumps < 0:
                    wsum = cnt * (0.75 * plain_worth[r] + 0.25 * trump_worth)
                else:
                    ct = popcount(unseen & RANK_MASK[r] & SUIT_MASK[d.trumps])
                    wsum = ct * trump_worth + (cnt - ct) * plain_worth[r]
                g += ptake[r] * (cnt * pot + wsum)
            out[i] = g / u
        else:                               # rule 2
            pt = ptake[RANK[a]]
            out[i] = pt * pot - (1.0 - pt) * worth(a, d.trumps)


cdef int rollout_phase1(MattisData* d, int* acts, int n, Rng* rng) noexcept nogil:
    """The best gain of rule 2-3; ties (within 1e-9 of the running best) by reservoir
    sampling."""
    cdef double gain[MAX_LEGAL]
    cdef double g, best = -1e300
    cdef int i, nbest = 0, pick = 0
    phase1_gains(d, acts, n, gain)
    for i in range(n):
        g = gain[i]
        if g == -INFINITY:
            continue
        if g > best + 1e-9:
            best = g
            nbest = 1
            pick = acts[i]
        elif g >= best - 1e-9:              # a tie: reservoir sampling
            nbest += 1
            if rng_below(rng, <unsigned int>nbest) == 0:
                pick = acts[i]
    if nbest == 0:
        return acts[rng_below(rng, <unsigned int>n)]
    return pick


# -- phase 2 -----------------------------------------------------------------------------------
cdef inline bint goes_out(MattisData* d, int a) noexcept nogil:
    """Rule 4: the lay ``a`` empties the hand of the player to act."""
    return a != PICKUP and LAY_MASK[a] == d.hand[d.to_act]


cdef inline bint game_drags_on(MattisData* d) noexcept nogil:
    """Rule 8: LONG_GAME actions per player in phase 2, most likely a cycle."""
    return d.p2_actions >= long_game * d.n


cdef inline int shed_key(MattisData* d, int a) noexcept nogil:
    """Rules 5 and 7: the order in which lays are shed (smaller first). Leading: plain before
    trump, lowest rank, longest run; following: plain (the top's suit) before trump, longest
    run, lowest rank."""
    cdef int trump = LAY_SUIT[a] == d.trumps
    cdef int lo = LAY_LO[a], span = LAY_HI[a] - LAY_LO[a]
    if d.leading:
        return (trump << 12) | (lo << 4) | (15 - span)
    return (trump << 12) | ((15 - span) << 4) | lo


cdef inline bint keeps_trump(MattisData* d, int beat) noexcept nogil:
    """Rule 6: pick up rather than beat with ``beat``, a trump that would not complete the
    trick (its size counts played lays, or with trick_count=present the lays lying in it)."""
    cdef int size
    if d.leading or LAY_SUIT[beat] != d.trumps:
        return False
    size = d.nlays if d.opt_present else d.played
    return size + 1 < d.N


cdef int rollout_phase2(MattisData* d, int* acts, int n, Rng* rng) noexcept nogil:
    cdef int i, a, key, best_key = 1 << 30, pick = -1
    for i in range(n):                      # rule 4
        if goes_out(d, acts[i]):
            return acts[i]
    if game_drags_on(d):                    # rule 8: at random
        return acts[rng_below(rng, <unsigned int>n)]
    for i in range(n):                      # rules 5 and 7
        a = acts[i]
        if a == PICKUP:
            continue
        key = shed_key(d, a)
        if key < best_key:
            best_key = key
            pick = a
    if pick < 0 or keeps_trump(d, pick):    # rule 6
        return PICKUP
    return pick


cdef void phase2_scores(MattisData* d, int* acts, int n, double* out) noexcept nogil:
    """Rules 4-8 as ordinal scores (see GO_OUT); equal lays (0) only when leading a game that
    drags on."""
    cdef bint drags = game_drags_on(d)
    cdef int i, a, key, best_key = 1 << 30, beat = -1, pickup = -1
    for i in range(n):
        a = acts[i]
        if a == PICKUP:
            pickup = i
        elif goes_out(d, a):
            out[i] = GO_OUT
        elif d.leading and drags:
            out[i] = 0.0
        else:
            key = shed_key(d, a)
            out[i] = -(key + a / 512.0)     # ids < 512: the smaller id breaks equal keys
            if key < best_key:
                best_key = key
                beat = a
    if pickup >= 0:
        out[pickup] = (PICKUP_KEEPS_TRUMP if beat >= 0 and not drags and keeps_trump(d, beat)
                       else PICKUP_ELSE)


# -- the position estimates --------------------------------------------------------------------
cdef inline int to_shed(MattisData* d, int p) noexcept nogil:
    """The cards seat ``p`` must still shed: in phase 1 the cards it holds or has won (all of
    them make its phase-2 hand, §6), in phase 2 its hand; 0 once out."""
    if d.phase == PHASE1:
        return popcount(d.hand[p] | d.won[p]) + (1 if d.reserved_by == p else 0)
    if (d.inmask >> p) & 1:
        return popcount(d.hand[p])
    return 0


cdef void heuristic_d(MattisData* d, double* out) noexcept nogil:
    """The hand-written guess at each player's return (before the end): the chance of being
    the loser is taken proportional to the square of the cards a player must still shed (one
    more for a player in phase 2); players out get 1."""
    cdef double w[8]
    cdef double total = 0.0
    cdef int p, k, n = d.n
    for p in range(8):
        out[p] = 0.0
    for p in range(n):
        k = to_shed(d, p)
        if d.phase != PHASE1 and (d.inmask >> p) & 1:
            k += 1
        w[p] = <double>k * k
        total += w[p]
    for p in range(n):
        out[p] = 1.0 - (w[p] / total if total > 0 else 1.0 / n)


cdef enum:
    MATTIS_NF = 21  # features per seat: solver/evaluation/features.py FEATURES["mattis"]


# Card facts the features read as popcounts and lookups instead of tests per card (they run for
# every seat at every max^n frontier node).
cdef uint64_t HIGH_RANKS = 0            # cards of rank index >= 9 (J, Q, K, A)
cdef uint64_t LOW_RANKS = 0             # cards of rank index <= 2 (2, 3, 4)
cdef double WORTH_10[5][NCARDS]         # [trumps + 1][card]: worth(card, trumps) / 10.0
cdef double SQUARE_100[NCARDS + 2]      # k * k / 100.0 for the cards to shed k (at most 53)
for _c in range(NCARDS + 2):
    SQUARE_100[_c] = _c * _c / 100.0
for _c in range(NCARDS):
    if RANK[_c] >= 9:
        HIGH_RANKS |= 1ULL << _c
    elif RANK[_c] <= 2:
        LOW_RANKS |= 1ULL << _c
    for _t in range(-1, 4):
        WORTH_10[_t + 1][_c] = worth(_c, _t) / 10.0


cdef bint features_d(MattisData* d, double* out) noexcept nogil:
    """The fitted estimate's features of every seat p, written to out[p * MATTIS_NF ...] (names
    in solver/evaluation/features.py, same order); False, writing nothing, at the end of the
    game. The hand-written estimate (``heuristic``) is heuristic_d's, bit for bit, from the
    same counts. The cards to shed are counted once per seat, a seat's trumps, high and low
    cards as popcounts: this runs at every frontier node."""
    cdef int j, p, k, n_in = 0, sum_in = 0, others_min, c
    cdef int shed[8]
    cdef bint live[8]                                     # in the game (phase 1: everyone)
    cdef double w[8]                                      # heuristic_d's weights
    cdef double total = 0.0, worth_sum, in_share, stock_share = d.stock_n / 52.0
    cdef uint64_t cards, m
    cdef double stage = (0.0 if d.stock_n > 0 else 1.0) if d.phase == PHASE1 else 2.0
    cdef double* f
    cdef double* worth_10
    if d.phase == OVER:
        return False
    worth_10 = WORTH_10[d.trumps + 1]
    for j in range(d.n):
        shed[j] = to_shed(d, j)
        live[j] = d.phase == PHASE1 or (d.inmask >> j) & 1
        if live[j]:
            n_in += 1
            sum_in += shed[j]
        # heuristic_d: one more card for a player in phase 2, squared (exact integers)
        k = shed[j] + 1 if d.phase != PHASE1 and (d.inmask >> j) & 1 else shed[j]
        w[j] = <double>k * k
        total += w[j]
    in_share = n_in / <double>d.n
    for p in range(d.n):
        f = out + p * MATTIS_NF
        k = shed[p]
        # every feature is written (no zeroing pass: a rep stos per seat cost more than the
        # features it cleared)
        f[0] = 1.0
        f[1] = 1.0 - (w[p] / total if total > 0 else 1.0 / d.n)     # heuristic_d
        f[2] = stage                                      # collecting while the stock lasts,
        f[3] = 1.0 if d.phase == PHASE1 else 0.0          # after it, then shedding
        f[4] = 1.0 if live[p] else 0.0
        f[5] = k
        f[6] = SQUARE_100[k]
        others_min = 99
        f[9] = 0.0
        f[10] = 0.0
        for j in range(d.n):
            if live[j] and j != p:
                if shed[j] > k:
                    f[9] += 1.0
                elif shed[j] < k:
                    f[10] += 1.0
                if shed[j] < others_min:
                    others_min = shed[j]
        f[7] = k * n_in / <double>sum_in if sum_in > 0 else 0.0
        f[8] = in_share
        cards = d.hand[p] | (d.won[p] if d.phase == PHASE1 else 0)
        f[11] = popcount(cards & SUIT_MASK[d.trumps]) if d.trumps >= 0 else 0
        f[12] = popcount(cards & HIGH_RANKS)
        f[13] = popcount(cards & LOW_RANKS)
        worth_sum = 0.0                                   # card by card, as the fit saw it
        m = cards
        while m:
            c = lowest_card(m)
            m &= m - 1
            worth_sum += worth_10[c]
        f[20] = worth_sum
        f[14] = stock_share
        if d.phase != PHASE1:
            f[15] = 1.0 if d.to_act == p else 0.0
            f[16] = d.nlays
            f[17] = d.N
        else:
            f[15] = 0.0
            f[16] = 0.0
            f[17] = 0.0
        f[18] = others_min if others_min < 99 else 0
        f[19] = 1.0 if live[p] and n_in == 1 else 0.0
    return True


cdef void fitted_d(MattisData* d, LinearEval* model, double* out) noexcept nogil:
    """The fitted estimate for every seat (before the end of the game); a player already out
    has its return, 1, exactly."""
    cdef double f[8 * MATTIS_NF]
    cdef int p
    for p in range(8):
        out[p] = 0.0
    features_d(d, f)
    linear_eval_seats(model, f, d.n, MATTIS_NF, out)
    if d.phase != PHASE1:
        for p in range(d.n):
            if not (d.inmask >> p) & 1:
                out[p] = 1.0                              # out: surely not the mattis (§7.7)


cdef class MattisPolicy(FittedPolicy):
    """Mattis's rules of thumb (see the module docstring)."""

    cdef void scores_c(self, State state, int* acts, int n, double* out) noexcept nogil:
        cdef MattisData* d = &(<MattisState>state).d
        cdef double best = -INFINITY
        cdef int i
        if d.phase != PHASE1:
            phase2_scores(d, acts, n, out)
            return
        phase1_gains(d, acts, n, out)
        for i in range(n):
            if out[i] > best:
                best = out[i]
        for i in range(n):                  # rule 2's ties: the best value exactly
            if out[i] >= best - 1e-9:
                out[i] = best

    cdef int rollout_action_c(self, State state, int* acts, int n, Rng* rng) noexcept nogil:
        """Rules 2-8, a uniformly random legal action with probability ROLLOUT_EPS."""
        cdef MattisData* d = &(<MattisState>state).d
        if n <= 1:
            return acts[0]
        if rng_uniform(rng) < rollout_eps:
            return acts[rng_below(rng, <unsigned int>n)]
        if d.phase == PHASE1:
            return rollout_phase1(d, acts, n, rng)
        return rollout_phase2(d, acts, n, rng)

    cdef void evaluate_c(self, State state, double* out) noexcept nogil:
        """Over: the returns. Else the fitted estimate (``evaluation="fitted"``) or the
        hand-written one (``heuristic_d``)."""
        cdef MattisData* d = &(<MattisState>state).d
        if d.phase == OVER:
            state.returns_c(out)
        elif self.model.on:
            fitted_d(d, &self.model, out)
        else:
            heuristic_d(d, out)

    def __init__(self, Game game=None):
        FittedPolicy.__init__(self, game, MATTIS_NF)

    cdef bint features_c(self, State state, double* out) noexcept nogil:
        return features_d(&(<MattisState>state).d, out)

    def worth(self, int card, int trumps):
        """Rule 1: the worth of ``card`` for phase 2 (``trumps`` a suit index, -1 while
        unknown)."""
        if not 0 <= card < NCARDS or not -1 <= trumps < 4:
            raise ValueError(f"no card {card} / trump suit {trumps}")
        return worth(card, trumps)
