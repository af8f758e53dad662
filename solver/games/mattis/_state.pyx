"""Mattis's fast engine (Cython twin of ``rules.py``; the differential tests bind them).

The state is the ``MattisData`` struct of ``_state.pxd``: card sets are 52-bit masks in the
§3 encoding, the stock and the phase-1 trick are small byte arrays, the phase-2 trick at most
eight lays. Automatic steps (round resolution, collecting, refilling, the emergency draw, the
end of phase 1) run inside ``apply_action_c``, exactly where ``rules.py`` runs them, so every
non-terminal state is a decision and the two engines agree move by move.

Payoff (rules §11's suggestion on the 0/1 scale): the loser 0, everybody else 1; no loser
(the action cap with ``cap_result = draw``, or a shared maximum under ``most_cards``) gives each
player (n-1)/n. ``scores_c`` is zero until the end and the returns then; ``round_c`` is 0 (a
game is one deal).

Information (§11): in phase 1 the other hands and the stock order are hidden; determinize_c
re-deals them uniformly from the set of unseen cards. From phase 2 on every card's location is
known to a player with perfect recall, so the View is the whole state and determinize_c is the
identity.
"""
from libc.stdint cimport uint8_t, int8_t, int16_t, int32_t, uint32_t, uint64_t
from cpython.long cimport PyLong_AsUnsignedLongLongMask
from solver.cards cimport popcount, lowest_card, mask_to_array, nth_card
from solver.game cimport Game, State, View, MAX_LEGAL, MAX_PLAYERS
from solver.rng cimport Rng, rng_seed, rng_below
from solver.errors import InvalidOptionError
from solver.registry import BenchConfig, Option
from solver.games.mattis import notation, rules

cdef uint64_t ALL52 = (1ULL << 52) - 1

# Lookup tables, filled once at import (see _init_tables).
cdef uint8_t RANK[52]               # rank index of a card
cdef uint64_t SUIT_MASK[4]          # all 13 cards of a suit
cdef uint64_t LAY_MASK[364]         # cards of a lay (card or run)
cdef int8_t LAY_SUIT[364]
cdef int8_t LAY_LO[364]             # lowest rank index of a lay
cdef int8_t LAY_HI[364]             # highest rank index of a lay
cdef int16_t RUN_ID[4][13][13]      # action id of the run (suit, lo, hi), hi > lo
cdef uint64_t RANK_MASK[13]         # all 4 cards of a rank
cdef uint64_t BELOW_MASK[14]        # all cards of rank index < r


cdef void _init_tables():
    cdef int c, s, lo, hi, a
    for c in range(NCARDS):
        RANK[c] = c % 13
        LAY_MASK[c] = 1ULL << c
        LAY_SUIT[c] = c // 13
        LAY_LO[c] = c % 13
        LAY_HI[c] = c % 13
    for c in range(13):
        RANK_MASK[c] = (1ULL << c) | (1ULL << (13 + c)) | (1ULL << (26 + c)) | (1ULL << (39 + c))
    BELOW_MASK[0] = 0
    for c in range(13):
        BELOW_MASK[c + 1] = BELOW_MASK[c] | RANK_MASK[c]
    for s in range(4):
        SUIT_MASK[s] = (<uint64_t>0x1FFF) << (13 * s)
        for lo in range(13):
            for hi in range(lo + 1, 13):
                a = RUN_BASE + 78 * s + 12 * lo - lo * (lo - 1) // 2 + (hi - lo - 1)
                RUN_ID[s][lo][hi] = a
                LAY_MASK[a] = ((1ULL << (hi - lo + 1)) - 1) << (13 * s + lo)
                LAY_SUIT[a] = s
                LAY_LO[a] = lo
                LAY_HI[a] = hi


_init_tables()


cdef MattisTables lookup_tables() noexcept nogil:
    """The lookup tables above, for the modules that cimport this engine (_policy.pyx)."""
    cdef MattisTables t
    t.rank = RANK
    t.suit_mask = SUIT_MASK
    t.rank_mask = RANK_MASK
    t.below_mask = BELOW_MASK
    t.lay_mask = LAY_MASK
    t.lay_suit = LAY_SUIT
    t.lay_lo = LAY_LO
    t.lay_hi = LAY_HI
    return t


cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t u8(int x) noexcept nogil:
    """A small signed field (-1 allowed) as a non-negative key component."""
    return <uint64_t>(<uint8_t>x)


cdef inline int write_cards(uint64_t m, int* out, int k) noexcept nogil:
    while m:
        out[k] = lowest_card(m)
        k += 1
        m &= m - 1
    return k


cdef inline int write_runs(uint64_t hand, int suit, int min_lo, int min_len, int* out,
                           int k) noexcept nogil:
    """Append every run of ``suit`` in ``hand`` whose lowest rank is >= min_lo and whose length
    is >= min_len (sub-runs included, §8), ascending by action id."""
    cdef uint64_t b = (hand >> (13 * suit)) & 0x1FFF
    cdef int lo, hi
    for lo in range(min_lo, 12):
        if not (b >> lo) & 1:
            continue
        hi = lo + 1
        while hi < 13 and (b >> hi) & 1:
            if hi - lo + 1 >= min_len:
                out[k] = RUN_ID[suit][lo][hi]
                k += 1
            hi += 1
    return k


# -- phase 1 (§5) ------------------------------------------------------------------------------
cdef inline void draw_d(MattisData* d, int p) noexcept nogil:
    """Top stock card to p; the last one is shown and fixes trumps, and with
    trump_card=reserved it lies in front of p instead of joining the hand (§5.4, A-7)."""
    cdef int c = d.stock[d.stock_top]
    d.stock_top += 1
    d.stock_n -= 1
    d.drew[p] |= 1ULL << c
    if d.stock_n == 0:
        d.trump_card = c
        d.trumps = LAY_SUIT[c]
        if d.opt_reserved:
            d.reserved_by = p
            return
    d.hand[p] |= 1ULL << c


cdef inline void start_trick_d(MattisData* d, int leader) noexcept nogil:
    cdef int j, q = leader
    d.leader = leader
    d.round = 1
    d.round_start = 0
    d.ncont = d.n
    d.cpos = 0
    for j in range(d.n):
        d.cont[j] = q
        q += 1
        if q == d.n:
            q = 0


cdef inline int next_leader_d(MattisData* d, int p) noexcept nogil:
    """§7.6, A-16, A-17: first player clockwise after p (p last) who is in with a card."""
    cdef int j, q = p
    for j in range(d.n):
        q += 1
        if q == d.n:
            q = 0
        if (d.inmask >> q) & 1 and d.hand[q]:
            return q
    return -1


cdef inline int next_in_d(MattisData* d, int p) noexcept nogil:
    cdef int q = p
    while True:
        q += 1
        if q == d.n:
            q = 0
        if (d.inmask >> q) & 1:
            return q


cdef void end_phase1_d(MattisData* d) noexcept nogil:
    """§5.6: unfinished trick back to whoever played each card (a blind card to the player who
    turned it, A-9); phase-2 hand = won pile + hand (+ reserved trump card, A-10); the winner
    of the last completed trick leads (A-11)."""
    cdef int i, p, l
    for i in range(d.tn):
        d.hand[d.tp[i]] |= 1ULL << d.tc[i]
    for p in range(d.n):
        d.hand[p] |= d.won[p]
        d.won[p] = 0
    if d.reserved_by >= 0:
        d.hand[d.reserved_by] |= 1ULL << d.trump_card
    l = d.last_winner if d.last_winner >= 0 else d.leader
    d.inmask = <uint8_t>((1 << d.n) - 1)
    if not d.hand[l]:                       # posed positions only (see rules._end_phase1)
        l = next_leader_d(d, l)
    d.phase = PHASE2
    d.reserved_by = -1
    d.tn = 0
    d.trick_blind = 0
    d.leader = -1
    d.last_winner = -1
    d.round = 0
    d.round_start = 0
    d.ncont = 0
    d.cpos = 0
    d.to_act = l
    d.leading = 1
    d.nlays = 0
    d.N = 0
    d.played = 0
    d.p2_actions = 0


cdef inline void win_trick_d(MattisData* d, int w) noexcept nogil:
    """§5.2 steps 3-5: the winner collects every card; refill from the winner clockwise, each
    to 3 cards (A-4); the winner leads."""
    cdef uint64_t m = 0
    cdef int i, j, q
    for i in range(d.tn):
        m |= 1ULL << d.tc[i]
    d.won[w] |= m
    d.last_winner = w
    d.tn = 0
    d.trick_blind = 0
    if not d.opt_immediate:
        q = w
        for j in range(d.n):
            if d.stock_n == 0:
                break
            while popcount(d.hand[q]) < 3 and d.stock_n > 0:
                draw_d(d, q)
            q += 1
            if q == d.n:
                q = 0
    start_trick_d(d, w)


cdef inline void resolve_round_d(MattisData* d) noexcept nogil:
    """§5.2 step 2 (A-5): only this round's cards count; players tied on the highest rank play
    again, in the same order."""
    cdef int i, r, top = -1, nt = 0
    if d.round_start == d.tn:               # survivor_wins: nobody could play this round
        end_phase1_d(d)
        return
    for i in range(d.round_start, d.tn):
        r = RANK[d.tc[i]]
        if r > top:
            top = r
    for i in range(d.round_start, d.tn):
        if RANK[d.tc[i]] == top:
            d.cont[nt] = d.tp[i]
            nt += 1
    if nt == 1:
        win_trick_d(d, d.cont[0])
    else:
        d.round += 1
        d.ncont = nt
        d.cpos = 0
        d.round_start = d.tn


cdef void settle_d(MattisData* d) noexcept nogil:
    """Apply phase 1's automatic steps until a player must decide (§5.5, §5.7)."""
    cdef int p
    while d.phase == PHASE1:
        if d.cpos == d.ncont:
            resolve_round_d(d)
            continue
        p = d.cont[d.cpos]
        if d.hand[p] or d.stock_n >= 2:
            return
        if d.stock_n == 1:                  # §5.5 case 2: emergency draw of the last card
            draw_d(d, p)
            if d.hand[p]:
                return
        if d.opt_survivor and d.round >= 2:  # §5.5 case 3, survivor_wins: drop out of the tie
            d.cpos += 1
            continue
        end_phase1_d(d)                     # §5.5 case 3 (A-6, A-8)


cdef inline void apply_phase1_d(MattisData* d, int a) noexcept nogil:
    cdef int p = d.cont[d.cpos]
    cdef int c
    if a == BLIND:                          # §5.3: top stock card, unseen (stock >= 2)
        c = d.stock[d.stock_top]
        d.stock_top += 1
        d.stock_n -= 1
        d.blinds |= 1ULL << c
        d.trick_blind |= 1ULL << d.tn
    else:
        c = a
        d.hand[p] &= ~(1ULL << c)
        if d.opt_immediate and d.stock_n > 0:   # draw_timing=immediate (A-3)
            draw_d(d, p)
    d.tp[d.tn] = p
    d.tc[d.tn] = c
    d.tr[d.tn] = d.round
    d.tn += 1
    d.cpos += 1
    settle_d(d)


# -- phase 2 (§7) ------------------------------------------------------------------------------
cdef inline void finish_d(MattisData* d, int loser, int capped) noexcept nogil:
    d.phase = OVER
    d.loser = loser
    d.capped = capped
    d.to_act = -1
    d.leading = 0


cdef inline bint went_out_d(MattisData* d, int p) noexcept nogil:
    """§7.7: p emptied the hand by playing: out; if one player is left in, the game is over
    and that player is the loser. Returns True when the game ended."""
    d.inmask &= ~(1 << p)
    if (d.inmask & (d.inmask - 1)) == 0:
        finish_d(d, lowest_card(d.inmask), 0)
        return True
    return False


cdef inline void trick_over_d(MattisData* d, int leader) noexcept nogil:
    d.nlays = 0
    d.N = 0
    d.played = 0
    if leader < 0:                          # nobody in holds a card: posed positions only
        finish_d(d, -1, 0)
        return
    d.to_act = leader
    d.leading = 1


cdef inline int pickup_index_d(MattisData* d) noexcept nogil:
    """A-13: bottom lay; or the lay whose lowest card has the lowest face value, a plain lay
    before a trump one, then the one nearer the bottom."""
    cdef int i, best = 0, key, best_key = 1000
    if not d.opt_lowface:
        return 0
    for i in range(d.nlays):
        key = 2 * LAY_LO[d.lays[i]] + (1 if LAY_SUIT[d.lays[i]] == d.trumps else 0)
        if key < best_key:
            best_key = key
            best = i
    return best


cdef inline void end_by_cap_d(MattisData* d) noexcept nogil:
    """§10 (engine option): a draw, or with cap_result=most_cards the player in holding the most
    cards loses (a shared maximum is a draw)."""
    cdef int p, k, most = -1, loser = -1
    if d.opt_cap_most:
        for p in range(d.n):
            if (d.inmask >> p) & 1:
                k = popcount(d.hand[p])
                if k > most:
                    most = k
                    loser = p
                elif k == most:
                    loser = -1
    finish_d(d, loser, 1)


cdef inline void apply_phase2_d(MattisData* d, int a) noexcept nogil:
    cdef int p = d.to_act
    cdef int i, size
    cdef uint64_t m
    d.p2_actions += 1
    if d.leading:                           # §7.3: N counted before the leader may go out
        d.N = popcount(d.inmask)
        d.lays[0] = a
        d.nlays = 1
        d.played = 1
        d.leading = 0
        d.hand[p] &= ~LAY_MASK[a]
        if d.hand[p] == 0 and went_out_d(d, p):
            return
        d.to_act = next_in_d(d, p)
    elif a == PICKUP:                       # §7.4: played is not changed
        i = pickup_index_d(d)
        d.hand[p] |= LAY_MASK[d.lays[i]]
        d.nlays -= 1
        while i < d.nlays:
            d.lays[i] = d.lays[i + 1]
            i += 1
        if d.nlays:
            d.to_act = next_in_d(d, p)
        else:                               # §7.6: over by full pick-up
            trick_over_d(d, next_leader_d(d, p))
    else:                                   # a beat
        d.lays[d.nlays] = a
        d.nlays += 1
        d.played += 1
        d.hand[p] &= ~LAY_MASK[a]
        if d.hand[p] == 0 and went_out_d(d, p):
            return
        size = d.nlays if d.opt_present else d.played
        if size == d.N:                     # §7.5: complete by count, the lays lying set aside
            m = 0
            for i in range(d.nlays):
                m |= LAY_MASK[d.lays[i]]
            d.aside |= m
            trick_over_d(d, p if (d.inmask >> p) & 1 else next_leader_d(d, p))
        else:
            d.to_act = next_in_d(d, p)
    if d.phase == PHASE2 and d.cap > 0 and d.p2_actions >= d.cap:
        end_by_cap_d(d)


cdef inline int legal_d(MattisData* d, int* out) noexcept nogil:
    """§12, ascending action ids."""
    cdef int p, k, s, top, st, th
    cdef uint64_t h, m
    if d.phase == PHASE1:
        p = d.cont[d.cpos]
        k = write_cards(d.hand[p], out, 0)
        if d.stock_n >= 2:
            out[k] = BLIND
            k += 1
        return k
    if d.phase != PHASE2:
        return 0
    h = d.hand[d.to_act]
    if d.leading:
        k = write_cards(h, out, 0)
        if d.opt_sequences:
            for s in range(4):
                k = write_runs(h, s, 0, d.opt_minlen, out, k)
        return k
    top = d.lays[d.nlays - 1]               # A-12: beat the top lay
    st = LAY_SUIT[top]
    th = LAY_HI[top]
    k = write_cards(beat_mask_d(d, h), out, 0)
    if d.opt_sequences:
        for s in range(4):
            if s == st:
                k = write_runs(h, s, th + 1, d.opt_minlen, out, k)
            elif s == d.trumps:
                k = write_runs(h, s, 0, d.opt_minlen, out, k)
    out[k] = PICKUP
    return k + 1


cdef inline uint64_t beat_mask_d(MattisData* d, uint64_t h) noexcept nogil:
    """§7.2, A-12: the cards of ``h`` that beat the top lay: higher cards of its suit, and any
    trump when the top lay is not a trump."""
    cdef int top = d.lays[d.nlays - 1], st = LAY_SUIT[top]
    cdef uint64_t m = h & SUIT_MASK[st] & ~((2ULL << (13 * st + LAY_HI[top])) - 1)
    if st != d.trumps and d.trumps >= 0:
        m |= h & SUIT_MASK[d.trumps]
    return m


cdef void random_playout_plain_d(MattisData* d, Rng* rng) noexcept nogil:
    """The random rollout to the end without the sequences variant, where every decision's
    sorted legal actions are the cards of one mask then at most one extra action with the
    largest id (§12: BLIND in phase 1 while the stock holds two cards; PICKUP when beating):
    the k-th of them is the k-th set bit of the mask, or that extra action for k = the mask's
    size. The same moves as the generic loop over legal_d, without writing the actions."""
    cdef uint64_t m
    cdef int k, x, p
    while d.phase == PHASE1:
        m = d.hand[d.cont[d.cpos]]
        k = popcount(m)
        x = <int>rng_below(rng, <uint32_t>(k + (1 if d.stock_n >= 2 else 0)))
        apply_phase1_d(d, BLIND if x == k else nth_card(m, x))
    while d.phase == PHASE2:
        p = d.to_act
        if d.leading:
            m = d.hand[p]
            apply_phase2_d(d, nth_card(m, <int>rng_below(rng, <uint32_t>popcount(m))))
        else:
            m = beat_mask_d(d, d.hand[p])
            k = popcount(m)
            x = <int>rng_below(rng, <uint32_t>(k + 1))
            apply_phase2_d(d, PICKUP if x == k else nth_card(m, x))


cdef uint64_t public_key_d(MattisData* d) noexcept nogil:
    """Key of everything public: phase 1's won piles, table, counts, trump card, turn;
    phase 2's whole position."""
    cdef uint64_t h = mix64(0x4D41545449530000ULL ^ u8(d.phase) ^ (u8(d.n) << 8))
    cdef int i, p
    h = mix64(h ^ u8(d.trumps) ^ (u8(d.trump_card) << 8) ^ (u8(d.reserved_by) << 16))
    cdef uint64_t tb = (1ULL << d.trump_card) if d.trump_card >= 0 else 0
    if d.phase == PHASE1:
        for p in range(d.n):             # won piles, hand sizes, who holds the shown trump card
            h = mix64(h ^ d.won[p] ^ (d.hand[p] & tb) ^ (<uint64_t>popcount(d.hand[p]) << 56))
        h = mix64(h ^ u8(d.stock_n) ^ (u8(d.leader) << 8) ^ (u8(d.last_winner) << 16)
                  ^ (u8(d.round) << 24) ^ (u8(d.cpos) << 32) ^ (u8(d.ncont) << 40))
        for i in range(d.tn):
            h = mix64(h ^ (<uint64_t>d.tp[i]) ^ (<uint64_t>d.tc[i] << 8)
                      ^ (<uint64_t>d.tr[i] << 16) ^ (((d.trick_blind >> i) & 1) << 24))
        for i in range(d.ncont):
            h = mix64(h ^ (<uint64_t>d.cont[i] + 11))
        return h
    for p in range(d.n):
        h = mix64(h ^ d.hand[p])
    h = mix64(h ^ d.aside)
    h = mix64(h ^ u8(d.to_act) ^ (u8(d.leading) << 8) ^ (u8(d.N) << 16) ^ (u8(d.inmask) << 24)
              ^ (u8(d.loser) << 32) ^ (u8(d.capped) << 40))
    h = mix64(h ^ (<uint64_t><uint32_t>d.played) ^ ((<uint64_t><uint32_t>d.p2_actions) << 32))
    for i in range(d.nlays):
        h = mix64(h ^ (<uint64_t>d.lays[i] + 1))
    return h


# -- options ------------------------------------------------------------------------------------
def _players(v):
    if isinstance(v, bool) or not isinstance(v, int) or not 3 <= v <= 8:
        raise ValueError(f"Mattis is played by 3 to 8 players, not {v!r}")
    return v


def _dealer(v):
    if v == "random":
        return v
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < 8:
        raise ValueError("dealer is 'random' or a seat number")
    return v


def _cap(v):
    if v is None or (isinstance(v, str) and v.lower() == "none"):
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 2**31 - 1:
        raise ValueError("phase2_action_cap is a positive integer or none")
    return v


cdef inline uint64_t seed64(object seed) except? 0:
    """``int(seed) & (2**64 - 1)``, the seed as the Rng takes it, without Python arithmetic
    for a plain int (a bench deals millions of games through new_initial_state)."""
    if type(seed) is int:
        return PyLong_AsUnsignedLongLongMask(seed)
    return <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)


cdef class MattisGame(Game):
    """Mattis: 3-8 players, collect in phase 1, shed in phase 2; one loser
    (rules: docs/rules/mattis.md). Option ``players`` is the rules' ``n_players``."""

    # Phase 1 refills hands from the stock and BLIND turns up its top card (§5).
    ROUND_CHANCE = True
    # A seat's return is 1 unless it is the mattis (§2): values are chances of not losing.
    VALUE_UNIT = "the chance of not being the loser"

    OPTIONS = {
        "players": Option(4, convert=_players, doc="3-8 players (§4)"),
        "dealer": Option("random", convert=_dealer,
                         doc="the dealer's seat, or random (an RNG draw after the shuffle, §4)"),
        "sequences": Option(False, (False, True), doc="§8 variant: runs of one suit"),
        "sequence_min_length": Option(2, (2, 3), doc="§8: shortest run"),
        "draw_timing": Option("after_trick", ("after_trick", "immediate"), doc="§9, A-3"),
        "tie_exhaustion": Option("end_phase", ("end_phase", "survivor_wins"), doc="§5.5, A-6"),
        "trump_card": Option("playable", ("playable", "reserved"), doc="§5.4, A-7"),
        "trick_count": Option("played", ("played", "present"), doc="§7.5, A-15"),
        "pickup": Option("bottom", ("bottom", "lowest_face_value"), doc="§7.4, A-13"),
        "phase2_action_cap": Option(10000, convert=_cap,
                                    doc="ENGINE OPTION (not a rule), §10; none = no cap"),
        "cap_result": Option("draw", ("draw", "most_cards"), doc="ENGINE OPTION, §10"),
    }
    notation = notation
    POLICY = "solver.games.mattis._policy:MattisPolicy"
    # Game strings the contract tests and the bench run (every option and player count 3-8
    # exercised somewhere; small caps so the cap ending occurs).
    EXAMPLE_CONFIGS = (
        "mattis",
        "mattis(players=3)",
        "mattis(players=5,sequences=true,sequence_min_length=3,draw_timing=immediate,"
        "tie_exhaustion=survivor_wins,trump_card=reserved)",
        "mattis(players=6,sequences=true,pickup=lowest_face_value,phase2_action_cap=150)",
        "mattis(players=7,dealer=2,trick_count=present)",
        "mattis(players=8,trick_count=present,pickup=lowest_face_value,phase2_action_cap=300,"
        "cap_result=most_cards)",
    )

    # The C reference plays trick_count=present; the rules' default (played) is benched too, and
    # its random games' lengths reported (phase 2 can cycle; the cap ends it).
    BENCH_CONFIGS = (
        BenchConfig("mattis(players=3)", playouts=False),
        BenchConfig("mattis(players=4,trick_count=present)",
                    c_reference="mattis_playout 4 {games} 1", search=False),
        BenchConfig("mattis(players=8,trick_count=present)",
                    c_reference="mattis_playout 8 {games} 1", search=False),
        BenchConfig("mattis(players=4)", lengths=True),
        BenchConfig("mattis(players=8)", lengths=True),
    )
    # Mattis's hidden information lives in phase 1 (its first ~15% of actions; phase 2 hides
    # nothing), so the bench determinizes a view from early in the game.
    BENCH_VIEW_FRACTION = 0.07

    def __init__(self, dict options):
        n = options["players"]
        if options["dealer"] != "random" and options["dealer"] >= n:
            raise InvalidOptionError(
                f"option dealer={options['dealer']} is not a seat of a {n}-player game")
        self.name = "mattis"
        self.options = options
        self.num_players = n
        self.num_distinct_actions = NUM_ACTIONS
        cap = options["phase2_action_cap"]
        # Phase 1 has at most 52 plays (§5.8); phase 2 at most `cap` actions. Without a cap
        # phase 2 has no bound (§10); 2**31 - 1 stands for "unbounded".
        self.max_game_length = 52 + cap if cap is not None else 2**31 - 1
        self.perfect_information = False
        self.rules = rules
        t = &self.template
        t.n = n
        t.phase = PHASE1
        t.trumps = -1
        t.trump_card = -1
        t.reserved_by = -1
        t.last_winner = -1
        t.loser = -1
        t.to_act = -1
        t.cap = cap if cap is not None else 0
        t.opt_sequences = bool(options["sequences"])
        t.opt_minlen = options["sequence_min_length"]
        t.opt_immediate = options["draw_timing"] == "immediate"
        t.opt_survivor = options["tie_exhaustion"] == "survivor_wins"
        t.opt_reserved = options["trump_card"] == "reserved"
        t.opt_present = options["trick_count"] == "present"
        t.opt_lowface = options["pickup"] == "lowest_face_value"
        t.opt_cap_most = options["cap_result"] == "most_cards"

    def utility_bounds(self):
        """(min, max) of a seat's return: 0 for the loser, 1 for everyone else."""
        return (0.0, 1.0)

    cdef State new_state(self):
        cdef MattisState s = MattisState.__new__(MattisState)
        s.game = self
        s.d = self.template
        return s

    def new_initial_state(self, seed=0):
        """A fresh deal from ``seed``: Fisher-Yates shuffle, then the dealer if random (the same
        draws as rules.new_initial_state); 3 cards each one at a time from the dealer's left,
        the rest is the stock (§4, A-22)."""
        cdef MattisState s = <MattisState>self.new_state()
        cdef MattisData* d = &s.d
        cdef Rng rng
        cdef uint8_t deck[52]
        cdef uint8_t t
        cdef int i, j, k, r, dealer, n = d.n
        rng_seed(&rng, seed64(seed))
        for i in range(NCARDS):
            deck[i] = i
        for i in range(NCARDS - 1, 0, -1):
            j = rng_below(&rng, <unsigned int>(i + 1))
            t = deck[i]
            deck[i] = deck[j]
            deck[j] = t
        dv = self.options["dealer"]
        dealer = rng_below(&rng, <unsigned int>n) if dv == "random" else dv
        k = 0
        for r in range(3):
            for j in range(1, n + 1):
                d.hand[(dealer + j) % n] |= 1ULL << deck[k]
                k += 1
        d.stock_top = 0
        d.stock_n = NCARDS - k
        for i in range(d.stock_n):
            d.stock[i] = deck[k + i]
        start_trick_d(d, (dealer + 1) % n)
        return s

    def state_from_reference(self, ref):
        """The engine state of a reference state (the notation builds and checks those)."""
        cdef MattisState s = <MattisState>self.new_state()
        cdef MattisData* d = &s.d
        cdef int i
        d.phase = ref.phase
        for i in range(d.n):
            d.hand[i] = ref.hands[i]
            d.won[i] = ref.won[i]
        d.aside = ref.aside
        d.stock_top = 0
        d.stock_n = len(ref.stock)
        for i, c in enumerate(ref.stock):
            d.stock[i] = c
        d.trumps = ref.trumps
        d.trump_card = ref.trump_card
        d.reserved_by = ref.reserved_by
        d.leader = ref.leader
        d.last_winner = ref.last_winner
        d.tn = len(ref.trick)
        d.trick_blind = 0
        d.round_start = d.tn
        for i, (p, c, r, b) in enumerate(ref.trick):
            d.tp[i] = p
            d.tc[i] = c
            d.tr[i] = r
            if b:
                d.trick_blind |= 1ULL << i
            if r == ref.round and i < d.round_start:
                d.round_start = i
        d.round = ref.round
        d.ncont = len(ref.contenders)
        for i, p in enumerate(ref.contenders):
            d.cont[i] = p
        d.cpos = ref.pos
        d.inmask = 0
        for i in range(d.n):
            if not ref.out[i]:
                d.inmask |= 1 << i
        d.to_act = ref.to_act
        d.leading = ref.leading
        d.nlays = len(ref.lays)
        for i, a in enumerate(ref.lays):
            d.lays[i] = a
        d.N = ref.trick_size
        d.played = ref.played
        d.p2_actions = ref.p2_actions
        d.loser = ref.loser
        d.capped = ref.termination == "move_cap"
        return s


cdef class MattisState(State):
    """A Mattis position (the full truth)."""

    cdef int current_player_c(self) noexcept nogil:
        if self.d.phase == PHASE1:
            return self.d.cont[self.d.cpos]
        if self.d.phase == PHASE2:
            return self.d.to_act
        return -1

    cdef bint is_terminal_c(self) noexcept nogil:
        return self.d.phase == OVER

    cdef int legal_actions_c(self, int* out) noexcept nogil:
        return legal_d(&self.d, out)

    cdef void apply_action_c(self, int action) noexcept nogil:
        if self.d.phase == PHASE1:
            apply_phase1_d(&self.d, action)
        else:
            apply_phase2_d(&self.d, action)

    cdef void random_playout_c(self, Rng* rng, int stop_round) noexcept nogil:
        """State.random_playout_c on the struct (random_playout_plain_d) unless the sequences
        variant puts runs among the legal actions. A game is one round (round_c is 0), so
        any other stop_round stops at once, as in the generic loop."""
        cdef int acts[MAX_LEGAL]
        cdef int n
        if stop_round > 0:
            return
        if not self.d.opt_sequences:
            random_playout_plain_d(&self.d, rng)
            return
        while self.d.phase != OVER:
            n = legal_d(&self.d, acts)
            self.apply_action_c(acts[rng_below(rng, <unsigned int>n)])

    cdef void returns_c(self, double* out) noexcept nogil:
        cdef int p, n = self.d.n
        for p in range(n):
            out[p] = 0.0
        if self.d.phase != OVER:
            return
        for p in range(n):
            if self.d.loser < 0:
                out[p] = (n - 1.0) / n
            else:
                out[p] = 0.0 if p == self.d.loser else 1.0

    cdef void scores_c(self, double* out) noexcept nogil:
        self.returns_c(out)

    cdef int round_c(self) noexcept nogil:
        return 0

    cdef void copy_from(self, State other) noexcept nogil:
        self.d = (<MattisState>other).d

    cdef void determinize_c(self, int observer, Rng* rng) noexcept nogil:
        """Phase 1: deal the cards ``observer`` has not seen — 52 minus its own hand, every won
        pile, the cards on the table and the shown trump card — uniformly to the other hands
        (their sizes are public; a held face-up trump card stays put) and to the stock in
        random order (§11). Only these public sets and counts are read, never where a hidden
        card is. Phase 2 and after: perfect information for a player with perfect recall
        (§11), so nothing is re-dealt (identity)."""
        cdef MattisData* d = &self.d
        cdef uint64_t known, tb, m
        cdef int pool[52]
        cdef int i, j, k, t, q, need, idx = 0
        for q in range(d.n):               # what the others drew is theirs to know
            if q != observer:
                d.drew[q] = 0
        if d.phase != PHASE1:
            return
        tb = (1ULL << d.trump_card) if d.trump_card >= 0 else 0
        known = d.hand[observer] | tb
        for q in range(d.n):
            known |= d.won[q]
        for i in range(d.tn):
            known |= 1ULL << d.tc[i]
        k = mask_to_array(ALL52 & ~known, pool)
        for i in range(k - 1, 0, -1):        # Fisher-Yates over the unseen cards
            j = rng_below(rng, <unsigned int>(i + 1))
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        for q in range(d.n):
            if q == observer:
                continue
            m = d.hand[q] & tb
            need = popcount(d.hand[q] & ~tb)
            for i in range(need):
                m |= 1ULL << pool[idx]
                idx += 1
            d.hand[q] = m
        for i in range(d.stock_n):
            d.stock[d.stock_top + i] = pool[idx]
            idx += 1

    cdef void resample_chance_c(self, Rng* rng) noexcept nogil:
        """Phase 1: the stock's order is hidden from every seat (§11; its last card, the trump,
        is shown only when drawn): the stock's cards are put in a fresh uniform order, rebuilt
        from their set in ascending order (never from the true order). Hands, won piles and the
        table are kept. After phase 1 there is no stock and nothing hidden: identity."""
        cdef MattisData* d = &self.d
        cdef uint64_t m = 0
        cdef int pool[52]
        cdef int i, j, t, k
        if d.phase != PHASE1:
            return
        for i in range(d.stock_n):
            m |= 1ULL << d.stock[d.stock_top + i]
        k = mask_to_array(m, pool)
        for i in range(k - 1, 0, -1):        # Fisher-Yates over the stock's cards
            j = rng_below(rng, <unsigned int>(i + 1))
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        for i in range(k):
            d.stock[d.stock_top + i] = pool[i]

    cdef uint64_t hash_c(self) noexcept nogil:
        cdef MattisData* d = &self.d
        cdef uint64_t h = public_key_d(d)
        cdef int i, p
        if d.phase != PHASE1:
            return h
        for p in range(d.n):
            h = mix64(h ^ d.hand[p])
        for i in range(d.stock_n):
            h = mix64(h ^ (<uint64_t>d.stock[d.stock_top + i] + 97))
        return h

    cdef uint64_t chance_key_c(self, int player) noexcept nogil:
        """The chance ``player`` has seen: the cards it drew from the stock (§5, its own), the
        cards BLIND plays turned up and the shown trump card (§5.3, §5.4; public). It changes
        exactly at a draw of ``player``'s, a BLIND play and the trump's showing, and never in
        phase 2 (perfect information, §11)."""
        cdef MattisData* d = &self.d
        return mix64(mix64(d.drew[player] ^ 0x3C6EF372FE94F82BULL) ^ mix64(d.blinds)
                     ^ (<uint64_t>(d.trump_card + 1) << 56))

    cdef uint64_t infoset_key_c(self, int player) noexcept nogil:
        cdef MattisData* d = &self.d
        cdef uint64_t h = public_key_d(d)
        if d.phase == PHASE1:
            h = mix64(h ^ d.hand[player])
        return mix64(h ^ (<uint64_t>player + 0x51))

    # -- Python side ------------------------------------------------------------------------
    def to_reference(self):
        cdef MattisData* d = &self.d
        cdef int i, n = d.n
        ref = rules.MattisState(self.game.options)
        ref.phase = d.phase
        ref.hands = [d.hand[i] for i in range(n)]
        ref.won = [d.won[i] for i in range(n)]
        ref.stock = [d.stock[d.stock_top + i] for i in range(d.stock_n)]
        ref.trumps = d.trumps
        ref.trump_card = d.trump_card
        ref.reserved_by = d.reserved_by
        ref.leader = d.leader
        ref.last_winner = d.last_winner
        ref.trick = [(d.tp[i], d.tc[i], d.tr[i], bool((d.trick_blind >> i) & 1))
                     for i in range(d.tn)]
        ref.round = d.round
        ref.contenders = [d.cont[i] for i in range(d.ncont)]
        ref.pos = d.cpos
        ref.out = [not ((d.inmask >> i) & 1) for i in range(n)] if d.phase != PHASE1 else [False] * n
        ref.to_act = d.to_act
        ref.leading = bool(d.leading)
        ref.lays = [d.lays[i] for i in range(d.nlays)]
        ref.trick_size = d.N
        ref.played = d.played
        ref.aside = d.aside
        ref.p2_actions = d.p2_actions
        ref.loser = d.loser
        ref.termination = ("move_cap" if d.capped else "normal") if d.phase == OVER else ""
        return ref

    def termination(self):
        """``move_cap`` when the engine's action cap ended the game (§10), else ``normal``."""
        return "move_cap" if self.d.phase == OVER and self.d.capped else "normal"

    def loser(self):
        """The loser's seat (the mattis) at the end; None before the end or without a loser."""
        return self.d.loser if self.d.phase == OVER and self.d.loser >= 0 else None

    def phase(self):
        return rules.PHASE_NAMES[self.d.phase]

    def ranks(self):
        """Everybody shares first place except the loser, who is last; a draw: all first."""
        n = self.d.n
        if self.d.phase != OVER or self.d.loser < 0:
            return [0] * n
        return [n - 1 if p == self.d.loser else 0 for p in range(n)]
