"""Mate (Vic Village)'s fast engine (Cython twin of ``rules.py``; the differential tests bind
them move by move, and determinizations draw for draw).

The state is the ``VicData`` struct of ``_state.pxd``: hands and every per-seat record are
50-bit card masks (``card = 10*colour + number-1``), so a follow check is one AND with a colour
mask (§2.1) and trick resolution works on a 10-bit set of the numbers played. Future chance
events draw from the ``Rng`` inside the struct, so a state is a deterministic game tree and a
determinization only has to re-seed that stream (plus re-deal what the observer cannot see).
"""
from cpython.long cimport PyLong_AsUnsignedLongLongMask
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int8_t, int16_t
from solver.cards cimport popcount, lowest_card, highest_card, mask_to_array, nth_card
from solver.game cimport Game, State, MAX_LEGAL
from solver.rng cimport Rng, rng_seed, rng_next, rng_below, rng_below_other, rng_uniform
from solver.errors import InvalidOptionError
from solver.registry import BenchConfig, Option
from solver.games.mate_vic_village import notation, rules

cdef enum:
    MAX_COMBOS = 512

# -- constant tables (filled once at import; read-only afterwards). The encoding tables the rules
# of thumb share (ALL_CARDS .. GEMASK) are declared in _state.pxd. ------------------------------
cdef int PAIR_ROW[50]           # b -> b*(b-1)/2, the first pair index with higher card b
cdef double BINOM[51][51]       # binomial coefficients (exact in doubles up to n = 50)


cdef void _init_tables():
    global ALL_CARDS, STRIDE10
    cdef int c, s, a, b, n, k
    ALL_CARDS = (1ULL << 50) - 1
    STRIDE10 = 1ULL | (1ULL << 10) | (1ULL << 20) | (1ULL << 30) | (1ULL << 40)
    for c in range(5):
        COLMASK[c] = (<uint64_t>0x3FF) << (10 * c)
    for s in range(32):
        COLSET[s] = 0
        for c in range(5):
            if s >> c & 1:
                COLSET[s] |= COLMASK[c]
    for c in range(50):
        NUM[c] = c % 10 + 1
        COL[c] = c // 10
    for c in range(15):
        INSTR_NUM[c] = c + 1 if c < 10 else 2 * (c - 10) + 1
        INSTR_GO[c] = 1 if c >= 10 else 0
    for b in range(50):
        PAIR_ROW[b] = b * (b - 1) // 2
        for a in range(b):
            PAIR_LO[PAIR_ROW[b] + a] = a
            PAIR_HI[PAIR_ROW[b] + a] = b
    for n in range(12):
        GEMASK[n] = 0
        if n < 11:
            NUMMASK[n] = 0
    for c in range(50):
        NUMMASK[c % 10 + 1] |= 1ULL << c
        for n in range(1, c % 10 + 2):
            GEMASK[n] |= 1ULL << c
    for n in range(51):
        for k in range(51):
            BINOM[n][k] = 0.0
        BINOM[n][0] = 1.0
        for k in range(1, n + 1):
            BINOM[n][k] = BINOM[n - 1][k - 1] + BINOM[n - 1][k]


_init_tables()


# -- small helpers (all nogil, no allocation) -----------------------------------------------------
cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline double binom(int n, int k) noexcept nogil:
    if k < 0 or n < 0 or k > n:
        return 0.0
    return BINOM[n][k]


cdef inline void shuffle_i8(int8_t* a, int length, Rng* rng) noexcept nogil:
    """Fisher-Yates from the end (the draws of solver.rng.Random.shuffle)."""
    cdef int i, j
    cdef int8_t t
    for i in range(length - 1, 0, -1):
        j = rng_below(rng, <uint32_t>(i + 1))
        t = a[i]
        a[i] = a[j]
        a[j] = t


cdef inline void reshuffle_future_d(VicData* d, Rng* rng) noexcept nogil:
    """Re-draw the future no seat knows (§10.3) for determinize_c and resample_chance_c: the
    order of the unrevealed instructions, rebuilt from their set in ascending order (so it never
    depends on the true order) and shuffled, and the chance stream of later rounds."""
    cdef int8_t arr[16]
    cdef uint16_t hidden_instr = 0
    cdef int j, k = 0
    cdef int shown = d.trick + 1 if d.phase == PLAY else (d.T if d.phase == OVER else 0)
    for j in range(shown, d.T):
        hidden_instr |= <uint16_t>(1 << d.deck[j])
    while hidden_instr:
        arr[k] = <int8_t>lowest_card(hidden_instr)
        hidden_instr &= hidden_instr - 1
        k += 1
    shuffle_i8(arr, k, rng)
    for j in range(k):
        d.deck[shown + j] = arr[j]
    rng_seed(&d.rng, rng_next(rng))


cdef inline int mask_to_i8(uint64_t mask, int8_t* out) noexcept nogil:
    cdef int k = 0
    while mask:
        out[k] = <int8_t>lowest_card(mask)
        k += 1
        mask &= mask - 1
    return k


cdef inline uint64_t take_d(uint64_t pool, int k, Rng* rng) noexcept nogil:
    """k cards drawn uniformly from pool (rules.take: partial Fisher-Yates, ascending list)."""
    cdef int8_t arr[50]
    cdef int length = mask_to_i8(pool, arr)
    cdef int i, j
    cdef int8_t t
    cdef uint64_t out = 0
    for i in range(k):
        j = i + <int>rng_below(rng, <uint32_t>(length - i))
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t
        out |= 1ULL << arr[i]
    return out


cdef inline uint64_t plain_deal_d(uint64_t pool, int m, int* caps, uint64_t* hands, int first,
                                  Rng* rng) noexcept nogil:
    """rules._plain_deal: shuffle pool, cut hands first..m-1; returns the free rest."""
    cdef int8_t arr[50]
    cdef int length = mask_to_i8(pool, arr)
    cdef int pos = 0, j, i
    cdef uint64_t h
    shuffle_i8(arr, length, rng)
    for j in range(first, m):
        h = 0
        for i in range(pos, pos + caps[j]):
            h |= 1ULL << arr[i]
        hands[j] = h
        pos += caps[j]
    h = 0
    for i in range(pos, length):
        h |= 1ULL << arr[i]
    return h


cdef inline int pick_d(double* w, int k, Rng* rng) noexcept nogil:
    """rules._pick: an index with probability proportional to w; -1 if no weight is positive."""
    cdef double total = 0.0, u, acc = 0.0
    cdef int i, last = -1
    for i in range(k):
        total += w[i]
    if not total > 0.0:
        return -1
    u = rng_uniform(rng) * total
    for i in range(k):
        if w[i] > 0.0:
            last = i
            acc += w[i]
            if u < acc:
                return i
    return last


cdef inline double pair_completions(int q1, int q2, int q3, int h1, int h2) noexcept nogil:
    cdef double total = 0.0
    cdef int i, lo = h1 - q1, hi = h1 if h1 < q3 else q3
    if lo < 0:
        lo = 0
    for i in range(lo, hi + 1):
        total += binom(q3, i) * binom(q1, h1 - i) * binom(q3 - i + q2, h2)
    return total


cdef uint64_t deal_hidden_d(uint64_t unknown, int m, int* caps, uint64_t* allowed,
                            uint64_t* hands, Rng* rng) noexcept nogil:
    """rules.deal_hidden: deal ``unknown`` into m hands (hand j only from allowed[j]) and a free
    rest, uniformly among all such deals; returns the free rest. Exact sequential sampling:
    each hand's composition by type (which later hands may also hold a card) is drawn in
    proportion to the number of completions of the later hands (closed sums, m <= 3)."""
    cdef uint64_t rem = unknown, a0, a1, a2, both, only0
    cdef uint64_t types[4]
    cdef uint64_t avail[4]
    cdef int R[4]
    cdef int Q[4]
    cdef double weights[MAX_COMBOS]
    cdef int combos[MAX_COMBOS]
    cdef int j, t, q1, q2, q3, h0, h1, h2, lo, hi, i, k, nc, s0, s1, s2, s3
    cdef bint plain = True
    cdef double w
    for j in range(m):
        if rem & ~allowed[j]:
            plain = False
    if plain:
        return plain_deal_d(rem, m, caps, hands, 0, rng)
    for j in range(m):
        a0 = allowed[j] & rem
        if m - j == 1:
            if popcount(a0) < caps[j]:
                return plain_deal_d(rem, m, caps, hands, j, rng)
            hands[j] = take_d(a0, caps[j], rng)
        elif m - j == 2:
            a1 = allowed[j + 1]
            both = a0 & a1
            only0 = a0 & ~a1
            q1 = popcount(only0)
            q3 = popcount(both)
            q2 = popcount(rem & a1 & ~a0)
            h0 = caps[j]
            h1 = caps[j + 1]
            lo = h0 - q1
            if lo < 0:
                lo = 0
            hi = h0 if h0 < q3 else q3
            nc = 0
            for i in range(lo, hi + 1):
                weights[nc] = binom(q3, i) * binom(q1, h0 - i) * binom(q3 - i + q2, h1)
                nc += 1
            k = pick_d(weights, nc, rng)
            if k < 0:
                return plain_deal_d(rem, m, caps, hands, j, rng)
            hands[j] = take_d(both, lo + k, rng)
            hands[j] |= take_d(only0, h0 - lo - k, rng)
        else:
            a1 = allowed[j + 1]
            a2 = allowed[j + 2]
            types[0] = rem & ~a1 & ~a2
            types[1] = rem & a1 & ~a2
            types[2] = rem & ~a1 & a2
            types[3] = rem & a1 & a2
            for t in range(4):
                avail[t] = types[t] & a0
                R[t] = popcount(avail[t])
                Q[t] = popcount(types[t])
            h0 = caps[j]
            h1 = caps[j + 1]
            h2 = caps[j + 2]
            nc = 0
            for s3 in range((R[3] if R[3] < h0 else h0) + 1):
                for s1 in range((R[1] if R[1] < h0 - s3 else h0 - s3) + 1):
                    for s2 in range((R[2] if R[2] < h0 - s3 - s1 else h0 - s3 - s1) + 1):
                        s0 = h0 - s3 - s1 - s2
                        if s0 > R[0] or nc >= MAX_COMBOS:
                            continue
                        w = binom(R[0], s0) * binom(R[1], s1) * binom(R[2], s2) * binom(R[3], s3)
                        w = w * pair_completions(Q[1] - s1, Q[2] - s2, Q[3] - s3, h1, h2)
                        weights[nc] = w
                        combos[nc] = s0 | (s1 << 8) | (s2 << 16) | (s3 << 24)
                        nc += 1
            k = pick_d(weights, nc, rng)
            if k < 0:
                return plain_deal_d(rem, m, caps, hands, j, rng)
            hands[j] = 0
            for t in range(4):
                hands[j] |= take_d(avail[t], (combos[k] >> (8 * t)) & 0xFF, rng)
        rem &= ~hands[j]
    return rem


# -- game mechanics on the struct (seat_after, current_player_d, ensure_dealt_d and
# play_mask_d are inline in _state.pxd) -----------------------------------------------------
cdef uint16_t draw_removed_d(VicData* d) noexcept nogil:
    """rules.draw_removed: partial Fisher-Yates over ids 0..9 (basic) or 0..14 (advanced)."""
    cdef int8_t pool[15]
    cdef int size = 15 if d.opt_advanced else 10
    cdef int i, j
    cdef int8_t t
    cdef uint16_t out = 0
    for i in range(size):
        pool[i] = i
    for i in range(d.nremove):
        j = i + <int>rng_below(&d.rng, <uint32_t>(size - i))
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
        out |= <uint16_t>(1 << pool[i])
    return out


cdef void deal_round_d(VicData* d) noexcept nogil:
    """§5 steps 1-3 (rules.VicState._deal_round): instruction shuffle, then the 50-card deal.
    The stream is shuffled through a local copy: the int8 stores of a shuffle may alias
    anything, and would otherwise force the generator's state through memory at every swap."""
    cdef int8_t cards[50]
    cdef int i, p, k = 0, pos
    cdef uint64_t h
    cdef Rng r = d.rng
    for i in range(15):
        if not (d.removed >> i) & 1:
            d.deck[k] = i
            k += 1
    shuffle_i8(d.deck, k, &r)
    for i in range(50):
        cards[i] = i
    shuffle_i8(cards, 50, &r)
    d.rng = r
    pos = 0
    for p in range(4):
        h = 0
        if p < d.n:
            for i in range(d.dealt_n):
                h |= 1ULL << cards[pos]
                pos += 1
        d.hand[p] = h
        d.discards[p] = 0
        d.played[p] = 0
        d.drawn[p] = 0
        d.go_tops[p] = 0
        d.stays[p] = 0
        d.voids[p] = 0
        d.round_score[p] = 0
    d.undealt = (1ULL << cards[pos]) | (1ULL << cards[pos + 1])
    d.phase = DISCARD
    d.ndiscarded = 0
    d.trick = 0
    d.ncards = 0
    d.nplays = 0
    d.reward_len = 0
    d.reward_pos = 0


cdef void setup_game_d(VicData* d) noexcept nogil:
    """rules.new_initial_state after seeding: first leader, removal, round 1."""
    d.round = 1
    if d.opt_first_random:
        d.first_leader = <int8_t>rng_below(&d.rng, <uint32_t>d.n)
    d.start = d.first_leader
    d.removed = draw_removed_d(d)
    deal_round_d(d)


cdef void form_reward_pile_d(VicData* d) noexcept nogil:
    """§5 step 5: the discards and the 2 undealt cards, shuffled; trick 1 starts (§6.1)."""
    cdef uint64_t pile = d.undealt
    cdef int p
    cdef Rng r = d.rng                      # a local stream (see deal_round_d)
    for p in range(d.n):
        pile |= d.discards[p]
    d.reward_len = mask_to_i8(pile, d.reward)
    shuffle_i8(d.reward, d.reward_len, &r)
    d.rng = r
    d.reward_pos = 0
    d.phase = PLAY
    d.trick = 0
    d.ncards = 0
    d.nplays = 0
    d.leaders[0] = d.start


cdef int next_starter_d(VicData* d) noexcept nogil:
    """§8 with A15/A16 (rules.next_starter)."""
    cdef int n = d.n, p, low = 32767, best = 32767, q, j, k
    cdef int cands = 0, row = -1
    for p in range(n):
        if d.totals[p] < low:
            low = d.totals[p]
    for p in range(n):
        if d.totals[p] == low:
            cands |= 1 << p
    if popcount(cands) > 1:
        if not d.opt_one_before:
            row = d.round - 1
        elif d.round >= 2:
            row = d.round - 2
        if row >= 0:
            for p in range(n):
                if (cands >> p) & 1 and d.past[4 * row + p] < best:
                    best = d.past[4 * row + p]
            for p in range(n):
                if (cands >> p) & 1 and d.past[4 * row + p] != best:
                    cands &= ~(1 << p)
    if popcount(cands) == 1:
        return lowest_card(cands)
    if d.opt_fallback_random:
        k = <int>rng_below(&d.rng, <uint32_t>popcount(cands))
        for j in range(k):
            cands &= cands - 1
        return lowest_card(cands)
    for j in range(1, n + 1):
        q = (d.start + j) % n
        if (cands >> q) & 1:
            return q
    return d.start


cdef void finish_round_d(VicData* d) noexcept nogil:
    """§7.2 bank the round; §9 end after n rounds; else §8 next starter and §5 next deal."""
    cdef int p
    for p in range(d.n):
        d.past[4 * (d.round - 1) + p] = d.round_score[p]
        d.totals[p] += d.round_score[p]
    if d.round == d.n:
        d.phase = OVER
        return
    d.start = next_starter_d(d)
    d.round += 1
    for p in range(d.n):
        d.round_score[p] = 0
    d.deal_pending = 1          # §4-§5 for the new round: drawn by ensure_dealt_d on first use


cdef void finish_trick_d(VicData* d) noexcept nogil:
    """§6.4-§6.7 for the completed trick d.trick (its cards are the last n of d.plays)."""
    cdef int n = d.n, base = d.trick * n, i
    cdef uint64_t tally = 0
    for i in range(n):
        tally |= 1ULL << (4 * NUM[d.plays[base + i]] + i)
    close_trick_d(d, tally)


cdef inline void close_trick_d(VicData* d, uint64_t tally) noexcept nogil:
    """§6.4-§6.7 for the completed trick d.trick, given its ``tally``: bit 4*v + i is set when
    the card played i-th (0 = the lead) has number v (1..10), so nibble v holds the positions
    of the v cards and the highest set bit's nibble is the highest number played."""
    cdef int n = d.n, t = d.trick, base = t * n, leader = d.leaders[t]
    cdef int instr = d.deck[t], N = INSTR_NUM[instr]
    cdef int i, wi, W, winner, q, c
    cdef uint32_t wpos, others
    W = N if (tally >> (4 * N)) & 0xF else highest_card(tally) >> 2   # §6.4 steps 1-2
    wpos = <uint32_t>(tally >> (4 * W)) & 0xF
    wi = highest_card(wpos)                                   # step 3: the last W card wins
    winner = seat_after(leader, wi, n)
    if INSTR_GO[instr]:
        d.round_score[winner] += W                            # §6.6 face-up pile worth W
        d.go_tops[winner] |= 1ULL << d.plays[base + wi]
        others = wpos & ~(1u << wi)
        if others and (not d.opt_requires_match or W == N):   # §6.5, A4, A5
            while others:                                     # latest other W card first
                if d.reward_pos >= d.reward_len:              # A6 (impossible by default)
                    break
                i = highest_card(others)
                others &= ~(1u << i)
                q = seat_after(leader, i, n)
                c = d.reward[d.reward_pos]
                d.reward_pos += 1
                d.drawn[q] |= 1ULL << c
                d.round_score[q] += NUM[c]
                if not d.opt_all_other_tied:
                    break
    else:
        d.stays[winner] += 1                                  # a face-down pile, -2
        d.round_score[winner] -= 2
    d.trick += 1
    d.ncards = 0
    if d.trick == d.T:
        finish_round_d(d)
    else:
        d.leaders[d.trick] = winner                           # §6.7


cdef inline void apply_d(VicData* d, int a) noexcept nogil:
    cdef int p = current_player_d(d)
    cdef uint64_t cards
    if d.phase == DISCARD:
        if a >= PAIR_BASE:
            cards = (1ULL << PAIR_LO[a - PAIR_BASE]) | (1ULL << PAIR_HI[a - PAIR_BASE])
        else:
            cards = 1ULL << a
        d.hand[p] &= ~cards
        d.discards[p] = cards
        d.ndiscarded += 1
        if d.ndiscarded == d.n:
            form_reward_pile_d(d)
        return
    play_card_d(d, p, a)


cdef inline void play_card_d(VicData* d, int p, int a) noexcept nogil:
    """Seat p (the seat to play) plays card a in the PLAY phase."""
    cdef int lead
    if d.ncards:
        lead = d.plays[d.trick * d.n]
        if COL[a] != COL[lead]:
            d.voids[p] |= <uint8_t>(1 << COL[lead])              # §10.4
    d.hand[p] &= ~(1ULL << a)
    d.played[p] |= 1ULL << a
    d.plays[d.nplays] = a
    d.nplays += 1
    d.ncards += 1
    if d.ncards == d.n:
        finish_trick_d(d)


cdef inline int random_discard_d(VicData* d, int p, Rng* rng) noexcept nogil:
    """The k-th of seat p's sorted discard actions, k uniform (§5 step 4, §11.1): a card, or
    with 3 players a pair. legal_actions_c lists the pairs of the hand's cards c_0 < c_1 < ...
    as (c_i, c_j), i < j, by j then i, i.e. pair (i, j) is number j*(j-1)/2 + i."""
    cdef uint64_t h = d.hand[p]
    cdef int k = popcount(h), x, j
    if d.ndisc == 1:
        return nth_card(h, <int>rng_below(rng, <uint32_t>k))
    x = <int>rng_below(rng, <uint32_t>(k * (k - 1) // 2))
    j = 1
    while (j + 1) * j // 2 <= x:
        j += 1
    return PAIR_BASE + PAIR_ROW[nth_card(h, j)] + nth_card(h, x - j * (j - 1) // 2)


cdef void play_tricks_d(VicData* d, Rng* rng) noexcept nogil:
    """The random rollout of whole tricks from the start of one (phase PLAY, no card played)
    to the end of the round: each seat plays the k-th card of its play mask, k uniform (the
    k-th of the sorted legal actions: §6.3 follow colour if able), exactly as play_card_d
    would, then close_trick_d scores the trick from a tally kept on the way. The seat, the
    lead colour and the stream live in locals: stores to the struct's int8 fields may alias
    anything. The played sets are written once at the end: hand | played of a seat does not
    change while it plays, and nothing on the way reads them."""
    cdef Rng r = rng[0]
    cdef int n = d.n, T = d.T, base = d.nplays, p, i, c, col
    cdef uint64_t h, f, bit, cm, tally
    cdef uint64_t held[4]                 # hand | played per seat: constant while tricks run
    for p in range(n):
        held[p] = d.hand[p] | d.played[p]
    while True:
        p = d.leaders[d.trick]
        h = d.hand[p]
        c = nth_card(h, <int>rng_below(&r, <uint32_t>popcount(h)))
        bit = 1ULL << c
        d.hand[p] = h & ~bit
        d.plays[base] = c
        tally = 1ULL << (4 * NUM[c])
        col = COL[c]
        cm = COLMASK[col]
        for i in range(1, n):
            p += 1
            if p == n:
                p = 0
            h = d.hand[p]
            f = h & cm
            if f == 0:                              # void in the lead colour (§10.4)
                f = h
                d.voids[p] |= <uint8_t>(1 << col)
            c = nth_card(f, <int>rng_below(&r, <uint32_t>popcount(f)))
            bit = 1ULL << c
            d.hand[p] = h & ~bit
            d.plays[base + i] = c
            tally |= 1ULL << (4 * NUM[c] + i)
        base += n
        d.nplays = base
        d.ncards = n
        close_trick_d(d, tally)
        if d.trick == T or d.phase != PLAY:        # the round is over (banked by finish_round_d)
            break
    for p in range(n):                      # the played sets, once (nothing above reads them)
        d.played[p] = held[p] & ~d.hand[p]
    rng[0] = r


cdef inline uint64_t seed64(object seed) except? 0:
    """``seed & (2**64 - 1)``, the seed as the Rng takes it, without Python arithmetic for a
    plain int (a bench deals millions of games through new_initial_state)."""
    if type(seed) is int:
        return PyLong_AsUnsignedLongLongMask(seed)
    return <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF)


cdef class MateVicVillageGame(Game):
    """Mate (Vic Village): 3-4 player trick taking over n rounds
    (rules: docs/rules/mate-vic-village.md)."""

    # §10.7: hidden cards move between hidden holders, voids kept (State.exchange_hidden_c)
    EXCHANGES_HIDDEN = True
    # Each trick turns up an instruction and its places draw reward cards (§6.1, §6.5).
    ROUND_CHANCE = True

    OPTIONS = {
        "players": Option(4, convert=lambda v: _players(v), doc="§3: 3 or 4 players"),
        "mode": Option("basic", ("basic", "advanced"), doc="§4"),
        "first_leader": Option(0, ("random", 0, 1, 2, 3), doc="§4, A13: seat or random"),
        "removed_scope": Option("game", ("game", "round"), doc="A1"),
        "go_second_place": Option("second_latest", ("second_latest", "all_other_tied"), doc="A4"),
        "go_second_requires_target_match": Option(False, (False, True), doc="A5"),
        "tiebreak_round": Option("just_completed", ("just_completed", "one_before"), doc="A15"),
        "next_start_fallback": Option("clockwise_after_previous_starter",
                                      ("clockwise_after_previous_starter", "random"), doc="A16"),
        "recall_played_cards": Option(True, (True, False), doc="A11: observation only"),
    }
    notation = notation
    POLICY = "solver.games.mate_vic_village._policy:MateVicVillagePolicy"
    # Game strings the contract tests and the bench run (every option exercised somewhere).
    EXAMPLE_CONFIGS = (
        "mate-vic-village",
        "mate-vic-village(players=3)",
        "mate-vic-village(players=3,mode=advanced,removed_scope=round,"
        "go_second_place=all_other_tied,tiebreak_round=one_before,next_start_fallback=random,"
        "first_leader=random)",
        "mate-vic-village(mode=advanced,go_second_requires_target_match=true,first_leader=2,"
        "recall_played_cards=false)",
    )

    BENCH_CONFIGS = (
        BenchConfig("mate-vic-village(players=3)", c_reference="vic_playout 3 {games} 1"),
        BenchConfig("mate-vic-village(players=4)", c_reference="vic_playout 4 {games} 1",
                    anchor=True, label="Vic 4p"),
    )

    def __init__(self, dict options):
        cdef int n = options["players"]
        cfg = rules.SETUP[n]
        fl = options["first_leader"]
        if fl != "random" and not 0 <= fl < n:
            raise InvalidOptionError(
                f"option first_leader={fl} is not a seat of a {n}-player game (0..{n - 1} or random)")
        self.name = "mate-vic-village"
        self.options = options
        self.num_players = n
        self.num_distinct_actions = rules.NUM_ACTIONS if n == 3 else 50
        self.max_game_length = n * (n + cfg["tricks"] * n)
        self.perfect_information = False
        self.rules = rules
        t = &self.template
        t.n = n
        t.ndisc = cfg["discards"]
        t.dealt_n = cfg["dealt"]
        t.T = cfg["tricks"]
        t.nremove = cfg["removed"]
        t.round = 1
        t.first_leader = 0 if fl == "random" else fl
        t.opt_advanced = options["mode"] == "advanced"
        t.opt_removed_round = options["removed_scope"] == "round"
        t.opt_all_other_tied = options["go_second_place"] == "all_other_tied"
        t.opt_requires_match = bool(options["go_second_requires_target_match"])
        t.opt_one_before = options["tiebreak_round"] == "one_before"
        t.opt_fallback_random = options["next_start_fallback"] == "random"
        t.opt_first_random = fl == "random"

    def rounds_add_up(self):
        """The final total is the sum of the round scores (§7.2, §9); every round is dealt
        afresh (§5)."""
        return True

    def setup_plies(self):
        """Each seat's discard precedes the first lead of a round (§5)."""
        return self.num_players

    def utility_bounds(self):
        """(min, max) of a seat's return (its final total), not tight: at most 16 tricks a
        round, each worth between -2 (a face-down pile) and 10 + 10 (a GO! pile and a reward
        card, §7.1), over as many rounds as players."""
        n = self.num_players
        return (-2 * 16 * n, 20 * 16 * n)

    cdef State new_state(self):
        cdef MateVicVillageState s = MateVicVillageState.__new__(MateVicVillageState)
        s.game = self
        s.d = self.template
        return s

    def new_initial_state(self, seed=0):
        """A game whose setup and every later chance event are drawn from ``seed`` (the same
        draws as rules.new_initial_state)."""
        cdef MateVicVillageState s = MateVicVillageState.__new__(MateVicVillageState)
        s.game = self
        s.d = self.template
        rng_seed(&s.d.rng, seed64(seed))
        setup_game_d(&s.d)
        return s

    def state_from_reference(self, ref):
        cdef MateVicVillageState s = <MateVicVillageState>self.new_state()
        cdef VicData* d = &s.d
        cdef int p, i, r
        st = ref.rng.__getstate__()
        for i in range(4):
            d.rng.s[i] = st[i]
        d.first_leader = ref.first_leader
        d.removed = ref.removed
        d.round = ref.round
        d.phase = ref.phase
        d.start = ref.start
        d.ndiscarded = ref.ndiscarded
        for i in range(16):
            d.past[i] = 0
        for r, row in enumerate(ref.past):
            for p in range(d.n):
                d.past[4 * r + p] = row[p]
        for p in range(d.n):
            d.totals[p] = ref.totals[p]
            d.round_score[p] = ref.round_score[p]
            d.hand[p] = ref.hands[p]
            d.discards[p] = ref.discards[p]
            d.played[p] = ref.played[p]
            d.voids[p] = ref.voids[p]
            d.drawn[p] = ref.drawn[p]
            d.go_tops[p] = ref.go_tops[p]
            d.stays[p] = ref.stays[p]
        d.undealt = ref.undealt
        for i, x in enumerate(ref.deck):
            d.deck[i] = x
        d.reward_len = len(ref.reward)
        for i, x in enumerate(ref.reward):
            d.reward[i] = x
        d.reward_pos = ref.reward_pos
        d.nplays = len(ref.plays)
        for i, x in enumerate(ref.plays):
            d.plays[i] = x
        for i, x in enumerate(ref.leaders):
            d.leaders[i] = x
        d.trick = ref.trick
        d.ncards = ref.ncards
        return s

    # -- inference hooks (solver/inference) -------------------------------------------------
    def observed_decisions(self, State world, int observer):
        """The other seats' card plays of the current round (§6; plays are public) that had
        two or more legal moves, each as (seat, card, the state before it) rebuilt in
        ``world``: the round's first trick is rebuilt from the world's hands plus each seat's
        played cards, with nothing yet won, drawn or shown void (§6.1), and the plays are
        replayed in order (the tricks' instructions and the reward pile's drawn cards are the
        world's own, so each trick scores as it did). The secret discards (§5) are not
        replayed, and earlier rounds are dealt afresh. A forced play weighs nothing and is
        left out."""
        cdef VicData* w = &(<MateVicVillageState>world).d
        cdef MateVicVillageState before
        cdef VicData* b
        cdef int acts[MAX_LEGAL]
        cdef int i, p, a
        if w.phase != PLAY or w.nplays == 0:
            return []
        before = <MateVicVillageState>self.new_state()
        before.d = w[0]
        b = &before.d
        for p in range(4):
            b.hand[p] |= w.played[p]
            b.played[p] = 0
            b.drawn[p] = 0
            b.go_tops[p] = 0
            b.stays[p] = 0
            b.voids[p] = 0
            b.round_score[p] = 0
        b.reward_pos = 0
        b.trick = 0
        b.ncards = 0
        b.nplays = 0
        out = []
        for i in range(w.nplays):
            a = w.plays[i]
            p = current_player_d(b)
            if p != observer and before.legal_actions_c(acts) > 1:
                out.append((p, a, before.clone()))
            apply_d(b, a)
        return out


def _next_starter(MateVicVillageGame game, past, int start, uint64_t seed=0):
    """Test hook: the engine's §8 rule (next_starter_d) after the rounds whose scores are
    ``past`` (one list per completed round), the last round having been started by ``start``;
    ``seed`` feeds the random fallback."""
    cdef VicData d = game.template
    cdef int r, p
    d.round = len(past)
    d.start = start
    rng_seed(&d.rng, seed)
    for p in range(d.n):
        d.totals[p] = 0
    for r, row in enumerate(past):
        for p in range(d.n):
            d.past[4 * r + p] = row[p]
            d.totals[p] += row[p]
    return next_starter_d(&d)


def _players(v):
    if isinstance(v, bool) or v not in (3, 4):
        raise ValueError(f"Mate (Vic Village) is played by 3 or 4 players (rules §3, A21), "
                         f"not {v!r}")
    return v


cdef class MateVicVillageState(State):
    """A Mate (Vic Village) position (the full truth)."""

    cdef int current_player_c(self) noexcept nogil:
        ensure_dealt_d(&self.d)
        return current_player_d(&self.d)

    cdef bint is_terminal_c(self) noexcept nogil:
        return self.d.phase == OVER

    cdef int legal_actions_c(self, int* out) noexcept nogil:
        cdef VicData* d = &self.d
        cdef int p = current_player_d(d), k = 0, i, j, row
        cdef int cards[16]
        cdef int nc
        cdef uint64_t m
        if d.deal_pending:
            ensure_dealt_d(d)
            p = current_player_d(d)
        if p < 0:
            return 0
        if d.phase == PLAY or d.ndisc == 1:
            m = play_mask_d(d, p) if d.phase == PLAY else d.hand[p]
            while m:
                out[k] = lowest_card(m)
                k += 1
                m &= m - 1
            return k
        nc = mask_to_array(d.hand[p], cards)              # 3 players: every pair, ascending
        for j in range(1, nc):
            row = PAIR_BASE + PAIR_ROW[cards[j]]
            for i in range(j):
                out[k] = row + cards[i]
                k += 1
        return k

    cdef void apply_action_c(self, int action) noexcept nogil:
        ensure_dealt_d(&self.d)
        apply_d(&self.d, action)

    cdef void random_playout_c(self, Rng* rng, int stop_round) noexcept nogil:
        """State.random_playout_c on the struct: the k-th legal action, k uniform, chosen from
        masks (random_discard_d, and play_tricks_d for whole tricks), so the rollout is the
        generic one, move for move."""
        cdef VicData* d = &self.d
        cdef int p
        cdef uint64_t m
        while d.phase != OVER and (stop_round < 0 or d.round == stop_round):
            ensure_dealt_d(d)
            if d.phase == DISCARD:
                apply_d(d, random_discard_d(d, current_player_d(d), rng))
            elif d.ncards == 0:
                play_tricks_d(d, rng)
            else:                                   # a trick in progress: one card at a time
                p = seat_after(d.leaders[d.trick], d.ncards, d.n)
                m = play_mask_d(d, p)
                play_card_d(d, p, nth_card(m, <int>rng_below(rng, <unsigned int>popcount(m))))

    cdef void returns_c(self, double* out) noexcept nogil:
        cdef int p
        for p in range(self.d.n):
            out[p] = self.d.totals[p] if self.d.phase == OVER else 0.0

    cdef void scores_c(self, double* out) noexcept nogil:
        cdef int p
        for p in range(self.d.n):
            out[p] = self.d.totals[p]
            if self.d.phase != OVER:
                out[p] += self.d.round_score[p]

    cdef int round_c(self) noexcept nogil:
        # Rounds are numbered 1..n as in the JSON; n + 1 once the game is over, so a solver
        # valuing "the rest of this round" sees the last round end too.
        return self.d.round + 1 if self.d.phase == OVER else self.d.round

    cdef void copy_from(self, State other) noexcept nogil:
        self.d = (<MateVicVillageState>other).d

    cdef void determinize_c(self, int observer, Rng* rng) noexcept nogil:
        """rules.determinize: re-deal, uniformly among the worlds consistent with what
        ``observer`` knows, the other hands (respecting every revealed void), the other seats'
        discards and the undealt cards, the hidden reward cards and the pile order, the order
        of the unrevealed instructions, and the future chance stream. Everything is rebuilt
        from card *sets* (the union of the hidden cards, in ascending order), so the result
        never depends on where a hidden card truly is."""
        cdef VicData* d = &self.d
        cdef int n = d.n, p = observer, q, m = 0, k, j
        cdef int caps[4]
        cdef int seats[4]
        cdef uint64_t allowed[4]
        cdef uint64_t hands[4]
        cdef uint64_t seen, unknown, free, pool, drawn_all = 0, mine
        ensure_dealt_d(d)
        seen = d.hand[p] | d.discards[p]
        for q in range(n):
            seen |= d.played[q] | d.drawn[q]
            drawn_all |= d.drawn[q]
        unknown = ALL_CARDS & ~seen
        for q in range(n):
            if q != p and d.hand[q]:
                seats[m] = q
                caps[m] = popcount(d.hand[q])
                allowed[m] = COLSET[~d.voids[q] & 0x1F]
                m += 1
        free = deal_hidden_d(unknown, m, caps, allowed, hands, rng)
        for q in range(n):
            if q != p:
                d.hand[q] = 0
        for j in range(m):
            d.hand[seats[j]] = hands[j]
        if d.phase == DISCARD:
            pool = free                         # the undealt cards + discards made by others
            for j in range(d.ndiscarded):
                q = (d.start + j) % n
                if q != p:
                    d.discards[q] = take_d(pool, d.ndisc, rng)
                    pool &= ~d.discards[q]
        else:
            mine = d.discards[p] & ~drawn_all   # the observer's discards still in the pile
            k = mask_to_i8(mine | free, &d.reward[d.reward_pos])
            shuffle_i8(&d.reward[d.reward_pos], k, rng)
            pool = (drawn_all | mine | free) & ~d.discards[p]
            for q in range(n):
                if q != p:
                    d.discards[q] = take_d(pool, d.ndisc, rng)
                    pool &= ~d.discards[q]
        d.undealt = pool
        reshuffle_future_d(d, rng)

    cdef bint exchange_hidden_c(self, int observer, Rng* rng) noexcept nogil:
        """rules.exchange_hidden (§10.7): a card of one hidden holder (another non-empty hand,
        in seat order, or the hidden pile: the unknown cards no hand holds) exchanged for a card
        of another that the first may hold (its voids, §10.4), if the first card suits the
        second holder too; False, the state untouched, when it does not or fewer than two
        holders hide cards. A pile card that leaves hands its slot in the reward pile and its
        place among its owner's discards (or the undealt cards) to the card coming in."""
        cdef VicData* d = &self.d
        cdef int n = d.n, p = observer, q, k = 0, a, b, h, j
        cdef int seats[4]
        cdef uint64_t held[4]
        cdef uint64_t allowed[4]
        cdef uint64_t seen, pile, fit, swap
        cdef int x, y, out, into
        ensure_dealt_d(d)
        seen = d.hand[p] | d.discards[p]
        for q in range(n):
            seen |= d.played[q] | d.drawn[q]
        pile = ALL_CARDS & ~seen
        for q in range(n):
            if q != p and d.hand[q]:
                seats[k] = q
                held[k] = d.hand[q]
                allowed[k] = COLSET[~d.voids[q] & 0x1F]
                pile &= ~d.hand[q]
                k += 1
        if pile:                                # slot k: the hidden pile, any colour
            held[k] = pile
            allowed[k] = ALL_CARDS
            seats[k] = -1
            k += 1
        if k < 2:
            return False
        a = rng_below(rng, k)
        b = rng_below_other(rng, k, a)
        x = nth_card(held[a], <int>rng_below(rng, <uint32_t>popcount(held[a])))
        fit = held[b] & allowed[a]
        if not fit:
            return False
        y = nth_card(fit, <int>rng_below(rng, <uint32_t>popcount(fit)))
        if not (allowed[b] >> x) & 1:
            return False
        swap = (1ULL << x) | (1ULL << y)
        for h in range(2):
            q = seats[a] if h == 0 else seats[b]
            if q >= 0:
                d.hand[q] ^= swap
                continue
            out = x if h == 0 else y
            into = y if h == 0 else x
            for q in range(n):
                if q != p and (d.discards[q] >> out) & 1:
                    d.discards[q] ^= swap
                    break
            else:
                d.undealt ^= swap
            if d.phase != DISCARD:
                for j in range(d.reward_pos, d.reward_len):
                    if d.reward[j] == out:
                        d.reward[j] = <int8_t>into
                        break
        return True

    cdef void resample_chance_c(self, Rng* rng) noexcept nogil:
        """rules.resample_chance: re-draw what no seat knows (§10.3), keeping every hand, every
        discard and the public history: the order of the reward cards still in the pile, the
        order of the unrevealed instructions (which later tricks are STAY or GO! and their
        targets) and the future chance stream. Both orders are rebuilt from their sets in
        ascending order, so the result never depends on the true order."""
        cdef VicData* d = &self.d
        cdef int k, j
        cdef uint64_t pile = 0
        ensure_dealt_d(d)
        for j in range(d.reward_pos, d.reward_len):      # the undrawn reward cards, as a set
            pile |= 1ULL << d.reward[j]
        k = mask_to_i8(pile, &d.reward[d.reward_pos])
        shuffle_i8(&d.reward[d.reward_pos], k, rng)
        reshuffle_future_d(d, rng)

    cdef uint64_t hash_c(self) noexcept nogil:
        """The full position (hands, hidden orders, history, scores); the chance stream for
        later rounds is left out: it is not part of the position a search compares."""
        cdef VicData* d = &self.d
        cdef uint64_t h = 0x9E3779B97F4A7C15ULL
        cdef int p, i
        ensure_dealt_d(d)
        for p in range(d.n):
            h = mix64(h ^ d.hand[p])
            h = mix64(h ^ d.discards[p] ^ (<uint64_t>(<uint16_t>d.totals[p]) << 50))
            h = mix64(h ^ d.drawn[p] ^ (<uint64_t>(<uint16_t>d.round_score[p]) << 50))
        for i in range(16):
            h = mix64(h ^ <uint16_t>d.past[i] ^ (<uint64_t>i << 20))
        h = mix64(h ^ d.undealt ^ (<uint64_t>d.removed << 50))
        h = mix64(h ^ <uint64_t>d.round ^ (<uint64_t>d.phase << 8) ^ (<uint64_t>d.start << 16)
                  ^ (<uint64_t>d.ndiscarded << 24) ^ (<uint64_t>d.first_leader << 32)
                  ^ (<uint64_t>d.reward_pos << 40) ^ (<uint64_t>d.reward_len << 48))
        for i in range(d.reward_len):
            h = (h ^ <uint8_t>d.reward[i]) * 0x100000001B3ULL
        for i in range(d.T):
            h = (h ^ <uint8_t>d.deck[i]) * 0x100000001B3ULL
        for i in range(d.nplays):
            h = (h ^ <uint8_t>d.plays[i]) * 0x100000001B3ULL
        return mix64(h ^ <uint64_t>d.nplays)

    cdef uint64_t infoset_key_c(self, int player) noexcept nogil:
        """What ``player`` knows: own hand and discards, the public history of the round (the
        revealed instructions, every card played in order, the rewards drawn), removed cards,
        scores and the position of the turn."""
        cdef VicData* d = &self.d
        cdef uint64_t h = mix64(0xC2B2AE3D27D4EB4FULL ^ <uint64_t>player)
        cdef int p, i, shown
        ensure_dealt_d(d)
        h = mix64(h ^ d.hand[player])
        h = mix64(h ^ d.discards[player])
        for p in range(d.n):
            h = mix64(h ^ d.drawn[p] ^ (<uint64_t>(<uint16_t>d.totals[p]) << 50))
        for i in range(16):
            h = mix64(h ^ <uint16_t>d.past[i] ^ (<uint64_t>i << 20))
        h = mix64(h ^ <uint64_t>d.round ^ (<uint64_t>d.phase << 8) ^ (<uint64_t>d.start << 16)
                  ^ (<uint64_t>d.ndiscarded << 24) ^ (<uint64_t>d.removed << 32))
        shown = d.trick + 1 if d.phase == PLAY else (d.T if d.phase == OVER else 0)
        for i in range(shown):
            h = (h ^ <uint8_t>d.deck[i]) * 0x100000001B3ULL
        for i in range(d.nplays):
            h = (h ^ <uint8_t>d.plays[i]) * 0x100000001B3ULL
        return mix64(h ^ (<uint64_t>d.nplays << 8) ^ <uint64_t>shown)

    cdef uint64_t chance_key_c(self, int player) noexcept nogil:
        """The round's turned-up instructions and drawn reward cards (§6.1, §6.5; public, so
        the same for every seat): the last discard turns up the first instruction, a trick's
        last card the next one and the rewards its places draw. Keyed by the round, how many
        instructions are up, the latest one and every drawn card: along one action sequence
        the count is fixed, so the key tells the outcomes of one reveal apart. A round over
        with the next not dealt yet is one key of its own (the deal is not drawn here)."""
        cdef VicData* d = &self.d
        cdef int shown, p
        cdef uint64_t drawn = 0, latest = 0
        if d.deal_pending:
            return mix64(0xD1CE ^ (<uint64_t>d.round << 8))
        shown = d.trick + 1 if d.phase == PLAY else (d.T if d.phase == OVER else 0)
        if shown > 0:
            latest = <uint8_t>d.deck[shown - 1] + 1
        for p in range(d.n):
            drawn |= d.drawn[p]
        return mix64(mix64(drawn) ^ (<uint64_t>d.round << 8) ^ <uint64_t>shown ^ (latest << 16))

    # -- Python side ------------------------------------------------------------------------
    def to_reference(self):
        cdef VicData* d = &self.d
        cdef int n = d.n, ntricks, done
        ensure_dealt_d(d)
        ref = rules.VicState(self.game.options)
        ref.rng.__setstate__((d.rng.s[0], d.rng.s[1], d.rng.s[2], d.rng.s[3]))
        ref.first_leader = d.first_leader
        ref.removed = d.removed
        ref.round = d.round
        ref.phase = d.phase
        ref.start = d.start
        ref.ndiscarded = d.ndiscarded
        done = n if d.phase == OVER else d.round - 1
        ref.past = [[d.past[4 * r + p] for p in range(n)] for r in range(done)]
        ref.totals = [d.totals[p] for p in range(n)]
        ref.round_score = [d.round_score[p] for p in range(n)]
        ref.hands = [d.hand[p] for p in range(n)]
        ref.discards = [d.discards[p] for p in range(n)]
        ref.played = [d.played[p] for p in range(n)]
        ref.voids = [d.voids[p] for p in range(n)]
        ref.drawn = [d.drawn[p] for p in range(n)]
        ref.go_tops = [d.go_tops[p] for p in range(n)]
        ref.stays = [d.stays[p] for p in range(n)]
        ref.undealt = d.undealt
        ref.deck = [d.deck[i] for i in range(d.T)]
        ref.reward = [d.reward[i] for i in range(d.reward_len)]
        ref.reward_pos = d.reward_pos
        ref.plays = [d.plays[i] for i in range(d.nplays)]
        ntricks = d.trick + 1 if d.phase == PLAY else (d.T if d.phase == OVER else 0)
        ref.leaders = [d.leaders[t] for t in range(ntricks)]
        return ref

    def ranks(self):
        """Competition ranks of the final totals: joint winners share rank 0 (§9, A20)."""
        t = [self.d.totals[p] for p in range(self.d.n)]
        return tuple(sum(1 for u in t if u > v) for v in t)

    def phase_name(self):
        ensure_dealt_d(&self.d)
        return rules.PHASE_NAMES[self.d.phase]
