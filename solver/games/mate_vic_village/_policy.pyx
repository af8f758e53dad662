"""Mate (Vic Village)'s rules of thumb, apart from its rules (``_state.pyx``): the one
implementation that search rollouts (``rollout_action_c``), the heuristic bot
(``bots/heuristic/mate_vic_village.py``, via ``scores_c``) and the opponent model use.

The rules of thumb (rules: docs/rules/mate-vic-village.md):

1. Score is relative: a point I gain counts +1, a point an opponent gains counts -1/(n-1)
   (the margin against the mean of the others). Hence STAY: lose the trick (-2 to me, or +2
   spread over someone else); GO!: win it (+W) or be 2nd (a reward card, worth the mean number
   still hidden in the reward pile).
2. Last to play: the trick's outcome is certain (§6.4-6.5), so take the exact best of it.
3. Earlier in the trick: estimate how likely a card holds the trick. Whether it holds now and
   which later cards overtake it (a later card of the target number, or of a number >= W unless
   W is the target: later equal numbers win, so an early card is weak) is common to both users.
   The heuristic estimates the later seats from the cards still unseen (hypergeometric odds for
   each seat, respecting its public voids and the follow rule), halfway between a random
   follower and one who beats me whenever he can (GO!) or only when forced to (STAY). The
   rollout, which plays from a full (determinized) state, reads the later hands instead.
4. Leading GO-N with an N is the best lead: either it wins N or a later N makes me 2nd. A low
   lead into STAY is safe (a 1 always loses a STAY-N, N != 1), a high one is not. (These
   follow from rules 3 and 5; no separate code.)
5. Plan the hand: keep as many cards as GO! tricks remain, the ones best placed there (high
   numbers and the numbers of unrevealed GO! cards, which also makes them harmless dumps);
   every other card is a STAY liability, worst when high or matching an unrevealed STAY
   number. Each play is the card maximizing (this trick's value) + (the plan value of the cards
   left), so a sure-to-lose play dumps the worst liability and a trick is only won with a card
   the plan does not need more. The heuristic prices the plan from the unseen cards' numbers
   (``count_d``); the rollout from fixed odds per number (``plan_tables``), cached per set of
   instructions to come.
6. Voids are worth having (when the colour is led I may play anything: a safe dump in STAY, a
   winner in GO!): playing my last card of a colour earns a bonus (the heuristic scales it by
   the tricks left).
7. Discard: the card (4 players) or pair (3 players) whose loss leaves the best plan, with the
   void bonus for each colour it empties.

``scores_c`` (the heuristic) reads only what the player to move knows: its own hand and
discards, the public history (tricks, rewards drawn, voids, hand sizes, the unrevealed
instruction set, removed cards, the reward pile's size); it never looks at a hidden card, so
a bot may call it on any determinization of its view. ``rollout_action_c`` plays for every
seat from the full state (it reads the hands of the seats still to play in the trick).
``evaluate_c`` is the hand-blind symmetric prior of depth-limited searches, or (with
``evaluation="fitted"``, solver/evaluation) a linear model over ``features_d``: for each seat
its hand by number, its cards matching the GO! and STAY numbers still to come, its voids, the
instructions left, its part in the trick in progress (§6.4: whether it holds it, for how much)
and the prior, with weights fitted by ``python -m solver.evaluation.fit`` on seeded self-play
(``mate_vic_village.json``).
"""
from libc.math cimport pow
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int8_t
from solver.cards cimport popcount, lowest_card, highest_card
from solver.game cimport Game, Policy, State, MAX_PLAYERS
from solver.rng cimport Rng, rng_below, rng_uniform
from solver.evaluation._fitted cimport FittedPolicy
from solver.evaluation._linear cimport LinearEval, linear_eval_seats, stage_of
from solver.games.mate_vic_village._state cimport (
    VicData, MateVicVillageState, DISCARD, PLAY, OVER, PAIR_BASE, ALL_CARDS, STRIDE10, COLMASK,
    COLSET, NUM, COL, INSTR_NUM, INSTR_GO, PAIR_LO, PAIR_HI, NUMMASK, GEMASK, seat_after,
    current_player_d, ensure_dealt_d, play_mask_d)


# == rules of thumb both users share =============================================================
cdef inline double opponent_share(int n) noexcept nogil:
    """Rule 1: the weight of a point an opponent gains (against the mean of the others)."""
    return 1.0 / (n - 1)


cdef inline uint16_t future_instructions(VicData* d, int from_trick) noexcept nogil:
    """Rule 5: the instruction ids of the tricks from ``from_trick`` on (a public set: the
    deck's order past the face-up card is hidden, its content is not, §10.1)."""
    cdef uint16_t ids = 0
    cdef int t
    for t in range(from_trick, d.T):
        ids |= <uint16_t>(1 << d.deck[t])
    return ids


cdef inline bint holds_trick(uint32_t numset, int mx, int N, int v, int* W) noexcept nogil:
    """Rule 3 (§6.4): whether a card of number v played now holds the trick whose earlier cards
    show the numbers ``numset`` (highest ``mx``, 0 when leading) under target N; W is the
    trick's winning number with it. A later card of number W wins, so a card that holds now
    may still be overtaken (see ``overtaking``)."""
    if (numset >> N) & 1 or v == N:
        W[0] = N
        return v == N
    if v >= mx:
        W[0] = v
        return True
    W[0] = mx
    return False


cdef inline uint64_t overtaking(int N, int W) noexcept nogil:
    """Rule 3: the cards a later seat takes a trick of winning number W from me with: a target
    number N; when W is not the target, also any number >= W (equal: the later card wins)."""
    if W == N:
        return NUMMASK[N]
    return NUMMASK[N] | GEMASK[W]


cdef inline bint second_place_pays(VicData* d, int W, int N) noexcept nogil:
    """Rule 1 / §6.5, A5: whether a tie on W in a GO! trick earns the 2nd a reward card."""
    return W == N or not d.opt_requires_match


cdef inline bint empties_colour(uint64_t hand, int x) noexcept nogil:
    """Rule 6: card x is the last card of its colour in ``hand``."""
    return (hand & COLMASK[COL[x]]) == (1ULL << x)


cdef inline int colours_emptied(int* ncol, int a) noexcept nogil:
    """Rule 7: how many colours the discard action ``a`` (a card, or a 3-player pair) empties,
    given ``ncol[c]``, the hand's cards of each colour before it."""
    cdef int lo, hi
    if a < PAIR_BASE:
        return ncol[COL[a]] == 1
    lo = PAIR_LO[a - PAIR_BASE]
    hi = PAIR_HI[a - PAIR_BASE]
    if COL[lo] == COL[hi]:
        return ncol[COL[lo]] == 2
    return (ncol[COL[lo]] == 1) + (ncol[COL[hi]] == 1)


# == the rollout policy (rollout_action_c): cheap, from the full state ===========================
# This trick's value plus the change of a hand plan (rule 5), with the plan's odds from fixed
# tables. It plays for every seat from the full (determinized) state, so it reads the hands of
# the seats still to play in the trick instead of estimating them. No allocation, no Python
# objects; ties go to a random one of the best actions, and with probability RO_EPS a uniformly
# random legal action is played (rollouts stay diverse). Cost: ISMCTS runs about 5-6x fewer
# iterations per second than with uniform rollouts.
cdef double RO_EPS = 0.05         # probability of a uniformly random legal action instead
cdef double RO_REWARD = 5.0       # value of a GO! 2nd place (one reward card, about 5.5)
cdef double RO_VOID_DISC = 3.0    # discard: bonus for each colour it empties (rule 7)
cdef double RO_VOID_PLAY = 1.0    # play: bonus for playing the last card of a colour (rule 6)
cdef double HOLD_NE[5][11]        # [others][v]: a card v (not the target) holds a trick
cdef double HOLD_EQ[5]            # [others]: a target-number card holds a trick


cdef void _init_rollout_tables():
    """Rule 5's odds with the unseen cards spread evenly over the numbers (1/10 each)."""
    cdef int o, v, i
    cdef double below, pm, miss
    for o in range(5):
        miss = 1.0
        HOLD_EQ[o] = 1.0
        for i in range(o):
            miss *= 0.9
            HOLD_EQ[o] *= 0.95
        HOLD_NE[o][0] = 0.0
        for v in range(1, 11):
            below = 0.1 * (v - 1) + 0.05
            pm = 1.0
            for i in range(o):
                pm *= below
            HOLD_NE[o][v] = miss * pm


_init_rollout_tables()


ctypedef struct Plan:
    double* asset        # [v]: value of keeping a card of number v for a GO! trick to come
    double* liab         # [v]: cost of holding it through the STAY tricks (a share of -2)
    int cnt[11]          # cards of number v in hand
    int kept[11]         # of which kept for the GO! tricks (the best ``g`` by asset + liab)
    double promote       # asset + liab of the best card not kept (it moves up if a kept one goes)


cdef void plan_tables(PlanCache* pc, int o, int g, int s, uint32_t gom,
                      uint32_t stm) noexcept nogil:
    """Each number's asset and liability for the instructions still to come (the GO! numbers
    gom, the STAY numbers stm), and the numbers ordered by asset + liability."""
    cdef int v, j
    cdef double eq, b, inv_g = 1.0 / g if g else 0.0, inv_s = 1.0 / s if s else 0.0
    cdef double key[11]
    pc.asset[0] = 0.0
    pc.liab[0] = 0.0
    for v in range(1, 11):
        b = HOLD_NE[o][v]
        if g == 0:
            pc.asset[v] = 0.0
        elif (gom >> v) & 1:
            eq = HOLD_EQ[o] * v
            pc.asset[v] = 0.5 * (eq + (eq + (g - 1) * b * v) * inv_g)
        else:
            pc.asset[v] = b * v
        if s == 0:
            pc.liab[v] = 0.0
        elif (stm >> v) & 1:
            pc.liab[v] = (HOLD_EQ[o] + (s - 1) * b) * inv_s
        else:
            pc.liab[v] = b
        key[v] = pc.asset[v] + pc.liab[v]
        j = v - 1                                   # insertion sort, best first
        while j > 0 and key[pc.order[j - 1]] < key[v]:
            pc.order[j] = pc.order[j - 1]
            j -= 1
        pc.order[j] = v


cdef void make_plan(VicData* d, PlanCache* pc, uint64_t hand, int from_trick,
                    Plan* pl) noexcept nogil:
    """Rule 5: the GO! and STAY instructions still to come (from ``from_trick``; the whole deck
    during the discard), and the hand's cards kept for the GO! tricks. The per-number tables
    only depend on the instructions to come, so they are cached in ``pc``."""
    cdef int v, g, s, need, i, c
    cdef uint32_t gom = 0, stm, key
    cdef uint16_t ids = future_instructions(d, from_trick), go_ids = ids >> 10
    cdef uint64_t h = hand
    s = popcount(ids & 0x3FF)
    stm = (<uint32_t>(ids & 0x3FF)) << 1             # STAY id i has number i + 1
    g = popcount(go_ids)
    while go_ids:                                    # GO id 10 + k has number 2k + 1
        gom |= 1u << (2 * lowest_card(go_ids) + 1)
        go_ids &= go_ids - 1
    key = gom | (stm << 11) | (1u << 22) | (<uint32_t>d.n << 23)
    if pc.key != key:
        plan_tables(pc, d.n - 1, g, s, gom, stm)
        pc.key = key
    pl.asset = pc.asset
    pl.liab = pc.liab
    pl.cnt[0] = 0
    pl.kept[0] = 0
    for v in range(1, 11):                          # the 5 colour bits of number v, summed
        pl.cnt[v] = <int>(((((h >> (v - 1)) & STRIDE10) * STRIDE10) >> 40) & 7)
        pl.kept[v] = 0
    pl.promote = 0.0
    need = g
    for i in range(10):
        v = pc.order[i]
        c = pl.cnt[v]
        if c == 0:
            continue
        if need >= c:
            pl.kept[v] = c
            need -= c
        else:
            pl.kept[v] = need
            pl.promote = pc.asset[v] + pc.liab[v]
            return


cdef inline double plan_delta(Plan* pl, int v) noexcept nogil:
    """The plan's change when one card of number v leaves the hand."""
    if pl.cnt[v] > pl.kept[v]:
        return pl.liab[v]                              # a liability gone
    return pl.promote - pl.asset[v]                    # a kept card gone; the next moves up


cdef int rollout_discard_d(VicData* d, PlanCache* pc, int p, int* acts, int na,
                           Rng* rng) noexcept nogil:
    """Rule 7: the card (pair) whose loss leaves the best plan, a bonus per colour emptied."""
    cdef uint64_t hand = d.hand[p]
    cdef int j, a, v, lo, hi, best = acts[0], ties = 0, emptied
    cdef int ncol[5]
    cdef double one[11]       # the plan's change when one card of number v goes
    cdef double two[11]       # ... when two go
    cdef double score, top = -1e300
    cdef Plan pl
    make_plan(d, pc, hand, 0, &pl)
    for v in range(1, 11):
        if pl.cnt[v]:
            one[v] = plan_delta(&pl, v)
            if pl.cnt[v] >= 2:
                pl.cnt[v] -= 1
                two[v] = one[v] + plan_delta(&pl, v)
                pl.cnt[v] += 1
    for j in range(5):
        ncol[j] = popcount(hand & COLMASK[j])
    for j in range(na):
        a = acts[j]
        if a >= PAIR_BASE:
            lo = PAIR_LO[a - PAIR_BASE]
            hi = PAIR_HI[a - PAIR_BASE]
            score = two[NUM[lo]] if NUM[lo] == NUM[hi] else one[NUM[lo]] + one[NUM[hi]]
        else:
            score = one[NUM[a]]
        emptied = colours_emptied(ncol, a)
        if emptied:                                  # one bonus per colour, added one by one
            score += RO_VOID_DISC
            if emptied == 2:
                score += RO_VOID_DISC
        if score > top:
            top = score
            best = a
            ties = 1
        elif score == top:
            ties += 1
            if rng_below(rng, <uint32_t>ties) == 0:
                best = a
    return best


cdef int rollout_play_d(VicData* d, PlanCache* pc, int p, int* acts, int na,
                        Rng* rng) noexcept nogil:
    """Rules 1-6 for one card: this trick's value (relative: a point an opponent gains counts
    -1/(n-1)) plus the plan's change plus the void bonus. For each legal card: does it hold the
    trick now, and can a later seat overtake it (GO!: it would, a trick is worth taking) or
    must it (STAY: it ducks when it can), given the later hands and the follow rule? GO!: a
    card no later seat can overtake wins W; one only a card of its own number can overtake
    makes me 2nd (a reward card); one a later seat can beat outright earns nothing. STAY: a
    card that holds the trick and that no later seat is forced to overtake costs -2."""
    cdef int n = d.n, k = d.ncards, base = d.trick * n
    cdef int instr = d.deck[d.trick], N = INSTR_NUM[instr], go = INSTR_GO[instr]
    cdef int j, i, x, v, W, col, mx = 0, best = acts[0], ties = 0, nlater = n - 1 - k
    cdef int later[4]
    cdef uint32_t numset = 0
    cdef uint64_t over, same, L, h, hand = d.hand[p]
    cdef uint64_t follow[4]
    cdef bint wins, canbeat, canstrict, forced
    cdef double score, top = -1e300, rel = 1.0 + opponent_share(n)
    cdef Plan pl
    for i in range(k):
        numset |= 1u << NUM[d.plays[base + i]]
    if numset:
        mx = highest_card(numset)
    j = p
    for i in range(nlater):                         # the seats still to play, in order
        j += 1
        if j == n:
            j = 0
        later[i] = j
        if k:                                       # their legal cards (the lead is known)
            follow[i] = play_mask_d(d, j)
    make_plan(d, pc, hand, d.trick + 1, &pl)
    for j in range(na):
        x = acts[j]
        v = NUM[x]
        wins = holds_trick(numset, mx, N, v, &W)
        canbeat = canstrict = forced = False
        if wins and nlater:
            over = overtaking(N, W)                 # W == N: only a later N (I'd be 2nd)
            same = NUMMASK[W]
            col = COL[x]
            for i in range(nlater):
                if k:
                    L = follow[i]
                else:                               # I lead: x sets the colour
                    h = d.hand[later[i]]
                    L = h & COLMASK[col]
                    if L == 0:
                        L = h
                if L & over:
                    canbeat = True
                    if L & over & ~same:
                        canstrict = True
                    if (L & ~over) == 0:
                        forced = True
        score = plan_delta(&pl, v)
        if go:
            if wins:
                if not canbeat:
                    score += rel * W
                elif not canstrict and second_place_pays(d, W, N):
                    score += RO_REWARD
        elif wins and not forced:
            score -= rel * 2.0
        if empties_colour(hand, x):
            score += RO_VOID_PLAY
        if score > top:
            top = score
            best = x
            ties = 1
        elif score == top:
            ties += 1
            if rng_below(rng, <uint32_t>ties) == 0:
                best = x
    return best


cdef int rollout_d(VicData* d, PlanCache* pc, int* acts, int na, Rng* rng) noexcept nogil:
    """The rollout policy: one of the na legal actions in acts."""
    if na == 1:
        return acts[0]
    if rng_uniform(rng) < RO_EPS:
        return acts[rng_below(rng, <uint32_t>na)]
    if d.phase == DISCARD:
        return rollout_discard_d(d, pc, current_player_d(d), acts, na, rng)
    return rollout_play_d(d, pc, current_player_d(d), acts, na, rng)


# == the heuristic's scores (scores_c): from what the player to move knows =======================
# Every float operation below is in the order of the pure-Python heuristic it replaced (tests pin
# its choices on recorded lines of play), so scores compare exactly, ties included.
cdef double RANDOM_WEIGHT = 0.5   # rule 3: weight of the random-follower model (vs strategic)
cdef double LIABILITY = 0.5       # rule 5: share of a STAY liability that materializes
cdef double VOID_BONUS = 1.5      # rules 6-7: plan value of a void for a whole round (points)


ctypedef struct Counting:
    # The public facts of one decision, seen from seat ``me`` (the heuristic's card counting).
    int n
    int me
    uint64_t hand
    uint64_t unknown        # cards ``me`` has not seen: in other hands, the undealt/discarded rest
    double freq[11]         # [v]: share of the unknown cards that have number v
    int sizes[4]            # hand sizes (public)
    uint8_t voids[4]        # colours each seat showed void in (public, §10.4)
    int nfuture             # instructions of the tricks after this decision's trick
    double reward           # mean number of a reward card still to draw (rule 1's 2nd place)
    int ngo                 # GO! tricks to come: the plan keeps that many cards (rule 5)
    double asset[11]        # [v]: value of a card of number v kept for the GO! tricks
    double liability[11]    # [v]: expected loss of a card of number v held through STAY tricks
    double liab[50]         # [c]: LIABILITY * liability of card c (hand cards only)
    double base             # the plan with every card a STAY card: -sum of liab
    int nsorted             # hand cards by asset + liab, best first (ties: higher card first)
    int8_t sorted_card[16]
    double sorted_key[16]


cdef void card_values(Counting* ct, uint16_t future) noexcept nogil:
    """Rule 5: per number, its value in a GO! trick still to come and its STAY liability, from
    the unseen cards' numbers (a random other card is lower with the odds ``below``; a card
    holds a trick when no other seat shows the target or a higher number)."""
    cdef double below[11]
    cdef double acc = 0.0, p_max, hold, val, top = 0.0, tot
    cdef double* f = ct.freq
    cdef double others = ct.n - 1
    cdef int gos[5]
    cdef int stays[10]
    cdef int ngo = 0, nstay = 0, i, v, N
    for i in range(15):                              # ascending ids: STAY 1..10, GO 1,3,..,9
        if (future >> i) & 1:
            if INSTR_GO[i]:
                gos[ngo] = INSTR_NUM[i]
                ngo += 1
            else:
                stays[nstay] = INSTR_NUM[i]
                nstay += 1
    ct.ngo = ngo
    for v in range(1, 11):
        below[v] = acc + 0.5 * f[v]                  # ties count half: the later card wins
        acc += f[v]
    ct.asset[0] = ct.liability[0] = 0.0
    for v in range(1, 11):
        p_max = pow(below[v], others)
        ct.asset[v] = 0.0
        ct.liability[v] = 0.0
        if ngo:
            tot = 0.0
            for i in range(ngo):
                N = gos[i]
                if v == N:
                    val = pow(1.0 - 0.5 * f[N], others) * N
                else:
                    val = pow(1.0 - f[N], others) * p_max * v
                tot += val
                if i == 0 or val > top:
                    top = val
            ct.asset[v] = 0.5 * (top + tot / ngo)
        if nstay:
            tot = 0.0
            for i in range(nstay):
                N = stays[i]
                if v == N:
                    hold = pow(1.0 - 0.5 * f[N], others)
                else:
                    hold = pow(1.0 - f[N], others) * p_max
                tot += hold
            ct.liability[v] = 2.0 * tot / nstay


cdef void count_d(VicData* d, int me, Counting* ct) noexcept nogil:
    """The public facts of the decision of seat ``me`` (rules 1, 3 and 5)."""
    cdef int n = d.n, q, v, u, i, j, pile, known = 0
    cdef uint64_t seen = d.hand[me] | d.discards[me], drawn = 0, mine, m
    cdef uint16_t future
    cdef double mean_unknown = 0.0, key
    cdef int8_t c
    ct.n = n
    ct.me = me
    ct.hand = d.hand[me]
    for q in range(n):
        seen |= d.played[q] | d.drawn[q]
        drawn |= d.drawn[q]
        ct.sizes[q] = popcount(d.hand[q])
        ct.voids[q] = d.voids[q]
    ct.unknown = ALL_CARDS & ~seen
    u = popcount(ct.unknown)
    ct.freq[0] = 0.0
    for v in range(1, 11):
        ct.freq[v] = <double>popcount(ct.unknown & NUMMASK[v]) / u if u else 0.0
    # The instructions of the tricks after this one (the whole deck during the discard).
    future = future_instructions(d, d.trick + 1 if d.phase == PLAY else 0)
    ct.nfuture = popcount(future)
    # Rule 1: the mean number of a reward card still in the pile (my undrawn discards are
    # known pile cards; the rest are unknown cards, of the unknown cards' mean number).
    pile = d.reward_len - d.reward_pos if d.phase == PLAY else 0
    mine = d.discards[me] & ~drawn
    for v in range(1, 11):
        mean_unknown += v * ct.freq[v]
    if mean_unknown == 0.0:
        mean_unknown = 5.5
    if pile:
        m = mine
        while m:
            known += NUM[lowest_card(m)]
            m &= m - 1
        ct.reward = (known + (pile - popcount(mine)) * mean_unknown) / pile
    else:
        ct.reward = mean_unknown
    card_values(ct, future)
    # Rule 5's plan: every card a STAY liability (base), and the cards by the gain of keeping
    # them for a GO! trick instead (asset + liability), best first.
    ct.base = 0.0
    ct.nsorted = 0
    m = ct.hand
    while m:
        c = <int8_t>lowest_card(m)
        m &= m - 1
        ct.liab[c] = LIABILITY * ct.liability[NUM[c]]
        ct.base += ct.liab[c]
        key = ct.asset[NUM[c]] + ct.liab[c]
        j = ct.nsorted                               # insertion sort: key, then card, descending
        while j > 0 and (ct.sorted_key[j - 1] < key
                         or (ct.sorted_key[j - 1] == key and ct.sorted_card[j - 1] < c)):
            ct.sorted_key[j] = ct.sorted_key[j - 1]
            ct.sorted_card[j] = ct.sorted_card[j - 1]
            j -= 1
        ct.sorted_key[j] = key
        ct.sorted_card[j] = c
        ct.nsorted += 1
    ct.base = -ct.base


cdef inline double plan_without(Counting* ct, int gone1, int gone2) noexcept nogil:
    """Rule 5: the plan value of my hand less the cards gone1 and gone2 (-1: none): the best
    split into GO! cards (as many as GO! tricks remain) and STAY cards, each GO! card worth its
    asset, each STAY card its liability times LIABILITY (negative)."""
    cdef double gone = ct.liab[gone1], value
    cdef int k = ct.ngo, i, c
    if gone2 >= 0:
        gone += ct.liab[gone2]
    value = ct.base + gone
    for i in range(ct.nsorted):
        if k == 0:
            break
        c = ct.sorted_card[i]
        if c != gone1 and c != gone2:
            value += ct.sorted_key[i]
            k -= 1
    return value


cdef double hyp0(int a, int s, int h) noexcept nogil:
    """P(a hand of h cards drawn from a pool of a cards holds none of s marked ones)."""
    cdef double p = 1.0
    cdef int i
    if h <= 0 or s <= 0:
        return 1.0
    if a - s < h:
        return 0.0
    for i in range(h):
        p *= <double>(a - s - i) / <double>(a - i)
    return p


cdef double beat_prob(Counting* ct, int seat, int lead_colour, uint64_t beat,
                      bint stay) noexcept nogil:
    """Rule 3: probability that ``seat`` (to play later in this trick) plays a card of
    ``beat``: halfway between a random legal card and a strategic one (GO!: he beats me
    whenever he can; STAY: only when every legal card of his does)."""
    cdef int h = ct.sizes[seat], a, nl, nr, lb, rb
    cdef uint64_t pool = ct.unknown & ~COLSET[ct.voids[seat]], L, rest
    cdef double p_nol, p_has, q_rand, q_strat, p_nol_in, t
    a = popcount(pool)
    if a == 0 or h == 0:
        return 0.0
    L = pool & COLMASK[lead_colour]
    rest = pool & ~L
    nl = popcount(L)
    nr = popcount(rest)
    lb = popcount(L & beat)
    rb = popcount(rest & beat)
    p_nol = hyp0(a, nl, h)                           # he cannot follow the lead colour
    p_has = 1.0 - p_nol
    q_rand = (p_has * (<double>lb / nl if nl else 0.0)
              + p_nol * (<double>rb / nr if nr else 0.0))
    if stay:
        p_nol_in = p_nol * hyp0(nr, nr - rb, h) if nr >= h else 0.0
        t = hyp0(a, nl - lb, h) - p_nol
        q_strat = (t if t > 0.0 else 0.0) + p_nol_in
    else:
        q_strat = (1.0 - hyp0(a, lb, h)) + p_nol * ((1.0 - hyp0(nr, rb, h)) if nr >= h else 0.0)
    return RANDOM_WEIGHT * q_rand + (1.0 - RANDOM_WEIGHT) * q_strat


cdef void discard_scores(Counting* ct, int* acts, int na, double* out) noexcept nogil:
    """Rule 7: the plan left after the discard, plus the void bonus per colour emptied."""
    cdef int ncol[5]
    cdef int j, a
    for j in range(5):
        ncol[j] = popcount(ct.hand & COLMASK[j])
    for j in range(na):
        a = acts[j]
        if a >= PAIR_BASE:
            out[j] = plan_without(ct, PAIR_LO[a - PAIR_BASE], PAIR_HI[a - PAIR_BASE])
        else:
            out[j] = plan_without(ct, a, -1)
        out[j] = out[j] + VOID_BONUS * colours_emptied(ncol, a)


cdef void play_scores(VicData* d, Counting* ct, int* acts, int na, double* out) noexcept nogil:
    """Rules 1-3 and 6 for each card (this trick's expected relative value and the void bonus)
    plus rule 5's plan of the cards left."""
    cdef int n = d.n, k = d.ncards, base = d.trick * n, leader = d.leaders[d.trick]
    cdef int instr = d.deck[d.trick], N = INSTR_NUM[instr], go = INSTR_GO[instr]
    cdef int me = ct.me, nlater = n - 1 - k, mx = 0, j, i, x, v, W, wi, ntied, lead_colour
    cdef uint32_t numset = 0
    cdef uint64_t beat, equal
    cdef double share = opponent_share(n), now, tot, keep, p_eq, p_any, pb, second, r
    cdef double gain[4]
    cdef bint mine
    for i in range(k):
        numset |= 1u << NUM[d.plays[base + i]]
    if numset:
        mx = highest_card(numset)
    for j in range(na):
        x = acts[j]
        v = NUM[x]
        mine = holds_trick(numset, mx, N, v, &W)
        if nlater == 0:                              # rule 2: the outcome is certain
            wi = k if v == W else -1                 # the last card of number W wins
            ntied = v == W
            for i in range(k - 1, -1, -1):
                if NUM[d.plays[base + i]] == W:
                    ntied += 1
                    if wi < 0:
                        wi = i
            for i in range(n):
                gain[i] = 0.0
            if go:
                gain[seat_after(leader, wi, n)] += W
                if ntied >= 2 and second_place_pays(d, W, N):     # §6.5: latest other W first
                    for i in range(wi - 1, -1, -1):
                        if NUM[d.plays[base + i]] == W:
                            gain[seat_after(leader, i, n)] += ct.reward
                            if not d.opt_all_other_tied:
                                break
            else:
                gain[seat_after(leader, wi, n)] -= 2
            tot = 0.0
            for i in range(n):
                tot += gain[i]
            now = gain[me] - share * (tot - gain[me])
        elif not mine:                               # someone else holds it
            now = -share * W if go else 2 * share
        else:                                        # rule 3: estimate
            lead_colour = COL[d.plays[base]] if k else COL[x]
            beat = overtaking(N, W)
            equal = NUMMASK[W]
            keep = 1.0
            p_eq = 0.0
            p_any = 0.0
            for i in range(1, nlater + 1):
                pb = beat_prob(ct, seat_after(me, i, n), lead_colour, beat, not go)
                keep *= 1.0 - pb
                if go:
                    p_eq += beat_prob(ct, seat_after(me, i, n), lead_colour, equal, False)
                    p_any += pb
            if go:
                second = 0.0
                if p_any > 0 and second_place_pays(d, W, N):
                    r = p_eq / p_any
                    second = (1.0 - keep) * (r if r < 1.0 else 1.0)
                now = keep * W - (1.0 - keep) * share * W + second * ct.reward
            else:
                now = -2.0 * keep + 2.0 * share * (1.0 - keep)
        if empties_colour(ct.hand, x):               # rule 6: a void from now on
            now += VOID_BONUS * ct.nfuture / (ct.nfuture + 1)
        out[j] = now + plan_without(ct, x, -1)


# == the position estimate (evaluate_c) ============================================================
cdef void evaluate_d(VicData* d, double* out) noexcept nogil:
    """A symmetric prior for the rest of the round: every instruction still to be played
    is worth, in total, -2 (STAY) or about 0.3*N + 6.3 plus one reward draw in five (GO!:
    W is N when someone plays an N, which happens in roughly 30 % of tricks, else the high
    card, about 9); each seat is credited an equal share. It ignores the hands: it is the
    neutral estimate a depth-limited search falls back on, not a player model."""
    cdef int first, t, p, instr
    cdef double total = 0.0
    for p in range(MAX_PLAYERS):
        out[p] = 0.0
    if d.phase == OVER:
        return
    ensure_dealt_d(d)
    first = d.trick if d.phase == PLAY else 0
    for t in range(first, d.T):
        instr = d.deck[t]
        if INSTR_GO[instr]:
            total += 0.3 * INSTR_NUM[instr] + 6.3 + 0.2 * 5.5
        else:
            total -= 2.0
    for p in range(d.n):
        out[p] = total / d.n


# == the fitted estimate's features ===============================================================
cdef enum:
    VIC_NF = 37     # features per seat: solver/evaluation/features.py FEATURES["mate-vic-village"]

# Per instruction id, what the features add up over the instructions still to come, so that
# the loop over them has no branch: evaluate_d's term (the same double: -2.0 is added as
# -(2.0), which is subtracting 2.0 exactly), the GO! number (0 for STAY) and the cards of its
# number, as a GO! or as a STAY target.
cdef double INSTR_VALUE[15]
cdef int INSTR_GO_NUM[15]
cdef uint64_t INSTR_GO_CARDS[15]
cdef uint64_t INSTR_STAY_CARDS[15]
for _i in range(15):
    if INSTR_GO[_i]:
        INSTR_VALUE[_i] = 0.3 * INSTR_NUM[_i] + 6.3 + 0.2 * 5.5
        INSTR_GO_NUM[_i] = INSTR_NUM[_i]
        INSTR_GO_CARDS[_i] = NUMMASK[INSTR_NUM[_i]]
        INSTR_STAY_CARDS[_i] = 0
    else:
        INSTR_VALUE[_i] = -2.0
        INSTR_GO_NUM[_i] = 0
        INSTR_GO_CARDS[_i] = 0
        INSTR_STAY_CARDS[_i] = NUMMASK[INSTR_NUM[_i]]


cdef bint features_d(VicData* d, double* out) noexcept nogil:
    """The fitted estimate's features of every seat p, written to out[p * VIC_NF ...] (names in
    solver/evaluation/features.py, same order); False, writing nothing, at the end of the game.
    A pending round is dealt first (as evaluate_d does). The hand-written estimate
    (``heuristic``) is evaluate_d's, bit for bit (the same sum over the same instructions).
    What every seat shares (the instructions to come, all hands, who holds the trick) is
    computed once, a hand's numbers as popcounts: this runs at every frontier node."""
    cdef uint64_t h, h_all = 0, go_cards = 0, stay_cards = 0
    cdef uint64_t low_cards = NUMMASK[1] | NUMMASK[2] | NUMMASK[3]
    cdef int first, t, instr = 0, c, v, j, k, p, cnt
    cdef int best = -1, win = -1, N = 0, W = 0, high, low, tl, num_sum
    cdef int n_go = 0, n_stay = 0, go_sum = 0, all_high, all_go, all_stay, stage
    cdef double total = 0.0, heur
    cdef double* f
    if d.phase == OVER:
        return False
    ensure_dealt_d(d)
    first = d.trick if d.phase == PLAY else 0
    tl = d.T - first
    for j in range(d.n):
        h_all |= d.hand[j]
    for t in range(first, d.T):
        instr = d.deck[t]
        total += INSTR_VALUE[instr]                       # evaluate_d's sum, in its order
        n_go += INSTR_GO[instr]
        go_sum += INSTR_GO_NUM[instr]
        go_cards |= INSTR_GO_CARDS[instr]                 # cards of a GO! number to come
        stay_cards |= INSTR_STAY_CARDS[instr]
    n_stay = tl - n_go
    heur = total / d.n
    # shares of all hands' high cards and target-number cards: who takes the GO! points and
    # who is left with the STAY tricks
    all_high = popcount(h_all & GEMASK[8])
    all_go = popcount(h_all & go_cards)
    all_stay = popcount(h_all & stay_cards)
    if d.phase == PLAY:
        instr = d.deck[d.trick]
        N = INSTR_NUM[instr]
        for j in range(d.ncards):                         # §6.4: who holds the trick so far
            v = NUM[d.plays[d.trick * d.n + j]]
            t = 100 + v if v == N else v                  # a target number beats every other
            if t >= best:                                 # equal numbers: the later card wins
                best = t
                win = j
        W = best - 100 if best > 100 else best
    stage = stage_of(first / <double>d.T)
    for p in range(d.n):
        f = out + p * VIC_NF
        h = d.hand[p]
        # every feature is written (no zeroing pass: a rep stos per seat cost more than the
        # features it cleared)
        f[0] = 1.0
        f[1] = heur
        f[2] = stage
        f[3] = tl
        f[4] = n_go
        f[5] = n_stay
        f[6] = go_sum
        f[7] = 1.0 if d.phase == DISCARD else 0.0
        num_sum = 0
        for v in range(1, 11):
            cnt = popcount(h & NUMMASK[v])
            f[7 + v] = cnt                                # num1..num10: f[8..17]
            num_sum += v * cnt
        f[18] = popcount(h & go_cards)
        f[19] = popcount(h & stay_cards)
        high = popcount(h & GEMASK[8])
        low = popcount(h & low_cards)
        f[32] = num_sum
        f[20] = 0.0
        for c in range(5):
            if (h & COLMASK[c]) == 0:
                f[20] += 1.0
        f[21] = popcount(h)
        f[22] = high * n_go / <double>tl if tl > 0 else 0.0
        f[23] = low * n_stay / <double>tl if tl > 0 else 0.0
        for j in range(24, 31):
            f[j] = 0.0
        if d.phase == PLAY:
            f[24] = INSTR_GO[instr]
            f[25] = N * INSTR_GO[instr]
            k = p - d.leaders[d.trick]
            if k < 0:
                k += d.n
            f[30] = k
            if k < d.ncards:
                f[26] = 1.0
            if d.ncards and win == k:
                f[27] = 1.0
                f[28] = W * INSTR_GO[instr]
                f[29] = 1.0 - INSTR_GO[instr]
        f[31] = d.reward_len - d.reward_pos
        f[33] = high * go_sum / <double>all_high if all_high else 0.0
        f[34] = high * n_stay / <double>all_high if all_high else 0.0
        f[35] = f[18] * go_sum / all_go if all_go else 0.0
        f[36] = f[19] * n_stay / all_stay if all_stay else 0.0
    return True


cdef void fitted_d(VicData* d, LinearEval* model, double* out) noexcept nogil:
    """The fitted estimate for every seat (zeros at the end of the game)."""
    cdef double f[4 * VIC_NF]
    cdef int p
    for p in range(MAX_PLAYERS):
        out[p] = 0.0
    if features_d(d, f):                                  # deals a pending round
        linear_eval_seats(model, f, d.n, VIC_NF, out)


cdef class MateVicVillagePolicy(FittedPolicy):
    """Mate (Vic Village)'s rules of thumb (see the module docstring): ``scores`` are the
    heuristic's values (expected relative points of this trick plus the plan value of the hand
    left), ``rollout_action`` the cheap rollout policy, ``evaluate`` the hand-blind prior."""

    cdef void scores_c(self, State state, int* acts, int n, double* out) noexcept nogil:
        cdef VicData* d = &(<MateVicVillageState>state).d
        cdef Counting ct
        ensure_dealt_d(d)
        count_d(d, current_player_d(d), &ct)
        if d.phase == DISCARD:
            discard_scores(&ct, acts, n, out)
        else:
            play_scores(d, &ct, acts, n, out)

    cdef int rollout_action_c(self, State state, int* acts, int n, Rng* rng) noexcept nogil:
        cdef VicData* d = &(<MateVicVillageState>state).d
        ensure_dealt_d(d)
        return rollout_d(d, &self.plan_cache, acts, n, rng)

    def __init__(self, Game game=None):
        FittedPolicy.__init__(self, game, VIC_NF)

    cdef bint features_c(self, State state, double* out) noexcept nogil:
        return features_d(&(<MateVicVillageState>state).d, out)

    cdef void evaluate_c(self, State state, double* out) noexcept nogil:
        if self.model.on:
            fitted_d(&(<MateVicVillageState>state).d, &self.model, out)
        else:
            evaluate_d(&(<MateVicVillageState>state).d, out)
