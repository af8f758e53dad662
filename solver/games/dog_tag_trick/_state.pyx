"""Dog Tag Trick's fast engine (Cython twin of ``rules.py``; the differential tests bind them).

The state is the ``DttData`` struct of ``_state.pxd``. Card sets are 36-bit masks in the §2.3
encoding. The 396 moves of §11 (and, for option A1, the 464 unqualified "discard" pairs) are
precomputed once into C tables when the module is imported, numbered as ``rules.py`` numbers
them:

* ``ACT_CARDS[a]`` / ``ACT_EV[a]``: the cards and the announced event of action ``a``;
* ``ACT_KEY[m][e][a]``: the §7 strength of ``a``'s played values in event ``e`` (packed
  base-16, larger = stronger; ``m`` = 1 under ``low_set_tiebreak=min_icon``), or -1 when the
  values do not qualify for ``e`` (used by ``announcement=auto_join_main``);
* per card, its singles (``SINGLE_FIRST``/``SINGLE_CNT``); per card ``i``, the mask of partners
  ``j > i`` forming at least one qualifying move (``PARTNER``) and the moves of each pair as one
  fixed 8-slot block (``PAIR_MOVES``, slot 7 = count), so generating a hand's moves touches only
  qualifying pairs and comes out sorted (singles by card < pairs by (i, j) < discards).

The tables are declared in ``_state.pxd`` so that the rules of thumb (``_policy.pyx``: the
rollout policy, the position estimate and the heuristic's scores) read the same ones. This file
holds the rules only.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int8_t, int16_t
from libc.string cimport memcpy
from cpython.long cimport PyLong_AsUnsignedLongLongMask
from solver.cards cimport popcount, lowest_card, mask_to_array, random_card
from solver.game cimport Game, State, View, MAX_LEGAL, MAX_PLAYERS
from solver.rng cimport Rng, rng_seed, rng_below, rng_below_other
from solver.errors import InvalidOptionError
from solver.registry import BenchConfig, Option
from solver.games.dog_tag_trick import notation, rules

ALL36 = (1ULL << NUM_CARDS) - 1
cdef int HAND_SIZES[6]
HAND_SIZES[:] = [0, 0, 0, 11, 9, 7]
cdef int N_ACTIONS = 0
# For counting a hand's pair moves without listing them: bit j of PAIR_CNT_BIT[b][i] is bit b
# of the number of qualifying moves of the pair (i, j), j > i (0..6 moves: three bit planes),
# so the pair moves of card i with the rest of hand h number
# popcount(P[0][i] & h) + 2 popcount(P[1][i] & h) + 4 popcount(P[2][i] & h).
cdef uint64_t PAIR_CNT_BIT[3][NUM_CARDS]
cdef uint64_t FIVES                    # cards of base 5: two single moves each (as 5 and as 10)


cdef inline int pack4(int a, int b, int c, int d) noexcept nogil:
    return ((a * 16 + b) * 16 + c) * 16 + d


cdef int event_key(int ev, int minicon, int c1, int v1, int c2, int v2) noexcept nogil:
    """§7: the strength key of the played values in event ``ev``, -1 if they do not qualify."""
    cdef int i1 = card_icon(c1), i2
    if ev == EV_ONE:
        return pack4(v1, i1, 0, 0) if c2 < 0 else -1
    if c2 < 0:
        return -1
    i2 = card_icon(c2)
    if ev == EV_SET:
        if v1 != v2:
            return -1
        if minicon:                                       # A7 option: weaker icons first
            return pack4(11 - v1, i1 if i1 < i2 else i2, i2 if i1 < i2 else i1, 0)
        return pack4(11 - v1, i1 if i1 > i2 else i2, i2 if i1 > i2 else i1, 0)
    if ev == EV_RUN:
        if v1 - v2 != 1 and v2 - v1 != 1:
            return -1
        if v1 < v2:
            return pack4(11 - v1, i1, i2, 0)
        return pack4(11 - v2, i2, i1, 0)
    if ev == EV_FIVE:
        if (v1 + v2) % 5 != 0:
            return -1
        if v1 > v2 or (v1 == v2 and i1 > i2):             # the top card (A8)
            return pack4(v1, i1, v2, i2)
        return pack4(v2, i2, v1, i1)
    return -1


cdef int add_action(int ev, int c1, int v1, int c2, int v2) noexcept nogil:
    global N_ACTIONS
    cdef int a = N_ACTIONS, m, e
    ACT_CARDS[a] = (1ULL << c1) | ((1ULL << c2) if c2 >= 0 else 0)
    ACT_EV[a] = ev
    for m in range(2):
        for e in range(4):
            ACT_KEY[m][e][a] = event_key(e, m, c1, v1, c2, v2)
    N_ACTIONS += 1
    return a


cdef void init_tables() noexcept nogil:
    global FIVES
    cdef int c, i, j, a, b, k, q, cnt, x, y
    cdef int vi[2]
    cdef int vj[2]
    cdef int ni, nj
    FIVES = 0
    for c in range(NUM_CARDS):                            # singles: ids 0..39
        if card_base(c) == 5:
            FIVES |= 1ULL << c
        SINGLE_FIRST[c] = N_ACTIONS
        add_action(EV_ONE, c, card_base(c), -1, 0)
        if card_base(c) == 5:
            add_action(EV_ONE, c, 10, -1, 0)
        SINGLE_CNT[c] = N_ACTIONS - SINGLE_FIRST[c]
    # Qualifying pairs get ids 40..395 in card-pair order; the same pass writes the moves of
    # unqualified_pairs=allowed_as_discard, whose ids (396..859) follow all qualifying ones.
    k = 0
    for i in range(NUM_CARDS):
        PARTNER[i] = 0
        for j in range(i + 1, NUM_CARDS):
            PAIR_ID[i][j] = k
            k += 1
    for i in range(NUM_CARDS):
        DPARTNER[i] = 0
        for b in range(3):
            PAIR_CNT_BIT[b][i] = 0
    for q in range(2):                                    # 0: qualifying, 1: discards
        for i in range(NUM_CARDS):
            for j in range(i + 1, NUM_CARDS):
                k = PAIR_ID[i][j]
                vi[0] = card_base(i)
                vi[1] = 10
                vj[0] = card_base(j)
                vj[1] = 10
                ni = 2 if card_base(i) == 5 else 1
                nj = 2 if card_base(j) == 5 else 1
                cnt = 0
                for a in range(ni):
                    for b in range(nj):
                        x = vi[a]
                        y = vj[b]
                        if q == 1:
                            if x != y and x - y != 1 and y - x != 1 and (x + y) % 5 != 0:
                                DISC_MOVES[k][cnt] = add_action(EV_NONE, i, x, j, y)
                                cnt += 1
                            continue
                        if x == y:
                            PAIR_MOVES[k][cnt] = add_action(EV_SET, i, x, j, y)
                            cnt += 1
                        if x - y == 1 or y - x == 1:
                            PAIR_MOVES[k][cnt] = add_action(EV_RUN, i, x, j, y)
                            cnt += 1
                        if (x + y) % 5 == 0:
                            PAIR_MOVES[k][cnt] = add_action(EV_FIVE, i, x, j, y)
                            cnt += 1
                if q == 0:
                    PAIR_MOVES[k][7] = cnt
                    if cnt:
                        PARTNER[i] |= 1ULL << j
                    for b in range(3):
                        if (cnt >> b) & 1:
                            PAIR_CNT_BIT[b][i] |= 1ULL << j
                else:
                    DISC_MOVES[k][3] = cnt
                    if cnt:
                        DPARTNER[i] |= 1ULL << j

init_tables()
assert N_ACTIONS == NUM_ALL == rules.NUM_ALL_ACTIONS, N_ACTIONS
assert SINGLE_FIRST[NUM_CARDS - 1] + SINGLE_CNT[NUM_CARDS - 1] == NUM_SINGLES


cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t hmix(uint64_t h, uint64_t x) noexcept nogil:
    return mix64((h ^ x) + 0x9E3779B97F4A7C15ULL)


cdef inline void deal_round_d(uint64_t* hands, int n, int h, Rng* rng) noexcept nogil:
    """§3: a uniformly random deal, the same draws as rules.deal_round (Fisher-Yates over ids
    0..35, then seat p takes positions p*h .. p*h+h-1; the rest is unused)."""
    cdef uint8_t deck[NUM_CARDS]
    cdef uint8_t t
    cdef int i, j, p, k
    cdef uint64_t m
    for i in range(NUM_CARDS):
        deck[i] = i
    for i in range(NUM_CARDS - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t
    for p in range(n):
        m = 0
        for k in range(p * h, p * h + h):
            m |= 1ULL << deck[k]
        hands[p] = m


cdef inline void start_round_d(DttData* d) noexcept nogil:
    """Take round ``d.round``'s deal out of ``future`` (clearing it) and lead with §4.2's seat."""
    cdef int p
    cdef uint64_t held = 0
    for p in range(d.n):
        d.hand[p] = d.future[d.round][p]
        d.future[d.round][p] = 0
        held |= d.hand[p]
    d.unused = ALL36 & ~held
    d.played = 0
    d.n_hist = 0
    d.pos = 0
    d.lead = (d.first_lead + d.round) % d.n


cdef inline void finish_trick_d(DttData* d) noexcept nogil:
    """§9: score the complete trick (the last n plays of ``hist``), then move to the next trick
    (§4.3) or, after a final trick (§8.2), to the next round or the end (§8.3)."""
    cdef int n = d.n, start = d.n_hist - n, seat = d.lead, j, a, ev, key
    cdef int mi = d.opt_minicon
    cdef int main_ev = -1, m1 = -1, m2 = -1, s1 = -1, k1 = -1, k2 = -1, ks = -1
    cdef bint final = False
    for j in range(n):
        a = d.hist[start + j]
        ev = ACT_EV[a]
        if ev == EV_ONE:                                  # §6.2: every single is a sub competitor
            key = ACT_KEY[mi][EV_ONE][a]
            if key > ks:
                ks = key
                s1 = seat
        elif ev != EV_NONE:                               # a discard competes in nothing (A1)
            if main_ev < 0:                               # §6.1, A5: the first pair fixes it
                main_ev = ev
            # Same announced event, or (A4 option) values that qualify for the main event.
            key = ACT_KEY[mi][main_ev][a] if (ev == main_ev or d.opt_autojoin) else -1
            if key > k1:
                k2 = k1
                m2 = m1
                k1 = key
                m1 = seat
            elif key > k2:
                k2 = key
                m2 = seat
        seat += 1
        if seat == n:
            seat = 0
    for j in range(n):
        if d.hand[j] == 0:
            final = True
    if m1 >= 0:                                           # §8.1
        d.score[m1] += 5 if final else 3
    if m2 >= 0 and not final:                             # A13
        d.score[m2] += 1
    if s1 >= 0:
        d.score[s1] += 1
    d.pos = 0
    if not final:
        d.lead = m1 if m1 >= 0 else (s1 if s1 >= 0 else d.lead)   # §4.3, A14 (A1: same lead)
        return
    if d.round == n - 1:
        d.over = 1
        return
    d.round += 1
    start_round_d(d)


cdef inline void apply_d(DttData* d, int a) noexcept nogil:
    cdef int p = current_player_d(d)
    cdef uint64_t m = ACT_CARDS[a]
    d.hand[p] &= ~m
    d.played |= m
    d.hist[d.n_hist] = <uint16_t>a
    d.n_hist += 1
    d.pos += 1
    if d.pos == d.n:
        finish_trick_d(d)


cdef inline int legal_d(DttData* d, int* out) noexcept nogil:
    """§11: the mover's singles, then its pairs' moves (then discards under A1), ascending.
    Blocks are copied whole (8 or 4 slots) and only their count is kept, so ``out`` needs 8
    slots of slack: at most 15 singles + 6*6 + 49*2 pair moves = 149 < MAX_LEGAL - 8."""
    cdef int p = current_player_d(d)
    cdef uint64_t h, m, pm
    cdef int n = 0, c, i
    cdef int* blk
    if p < 0:
        return 0
    h = d.hand[p]
    m = h
    while m:
        c = lowest_card(m)
        out[n] = SINGLE_FIRST[c]
        out[n + 1] = SINGLE_FIRST[c] + 1
        n += SINGLE_CNT[c]
        m &= m - 1
    m = h
    while m:
        i = lowest_card(m)
        m &= m - 1                                        # now only cards above i
        pm = PARTNER[i] & m
        while pm:
            blk = PAIR_MOVES[PAIR_ID[i][lowest_card(pm)]]
            memcpy(out + n, blk, 8 * sizeof(int))
            n += blk[7]
            pm &= pm - 1
    if d.opt_discard:
        m = h
        while m:
            i = lowest_card(m)
            m &= m - 1
            pm = DPARTNER[i] & m
            while pm:
                blk = DISC_MOVES[PAIR_ID[i][lowest_card(pm)]]
                memcpy(out + n, blk, 4 * sizeof(int))
                n += blk[3]
                pm &= pm - 1
    return n


cdef inline int random_move_d(uint64_t h, Rng* rng) noexcept nogil:
    """The k-th of legal_d's moves for hand ``h`` (without option A1's discards), k uniform,
    found by counting instead of listing them: the singles come first, one per card and two
    per 5/10 card (§5.2), then the pairs' qualifying moves by (i, j) (§5.3), whose numbers per
    card i are three popcounts (PAIR_CNT_BIT). Only the chosen card's block is walked."""
    cdef int per[NUM_CARDS]
    cdef int singles = popcount(h) + popcount(h & FIVES), total, k, i, c
    cdef uint64_t m = h, pm
    cdef int* blk
    total = singles
    while m:
        i = lowest_card(m)
        per[i] = (popcount(PAIR_CNT_BIT[0][i] & h) + 2 * popcount(PAIR_CNT_BIT[1][i] & h)
                  + 4 * popcount(PAIR_CNT_BIT[2][i] & h))
        total += per[i]
        m &= m - 1
    k = <int>rng_below(rng, <uint32_t>total)
    m = h
    if k < singles:
        while True:
            c = lowest_card(m)
            if k < SINGLE_CNT[c]:
                return SINGLE_FIRST[c] + k
            k -= SINGLE_CNT[c]
            m &= m - 1
    k -= singles
    while True:
        i = lowest_card(m)
        m &= m - 1                                        # now only cards above i
        if k < per[i]:
            pm = PARTNER[i] & m
            while True:
                blk = PAIR_MOVES[PAIR_ID[i][lowest_card(pm)]]
                if k < blk[7]:
                    return blk[k]
                k -= blk[7]
                pm &= pm - 1
        k -= per[i]


def _rollout_move(uint64_t hand, uint64_t seed):
    """Test hook: random_move_d's move for ``hand`` (a card mask) with a stream seeded by
    ``seed``; the rollout's twin test checks it against the listed moves."""
    cdef Rng rng
    if hand == 0 or hand & ~((1ULL << NUM_CARDS) - 1):
        raise ValueError("hand must be a non-empty mask of the 36 cards")
    rng_seed(&rng, seed)
    return random_move_d(hand, &rng)


def strength_key(int action, int event, bint min_icon=False):
    """The engine's §7 strength of ``action``'s played values in ``event`` (0 ONE, 1 SET,
    2 RUN, 3 FIVE) as its packed integer, larger = stronger; -1 when the values do not qualify
    for ``event``. (For tests and bots; the engine reads the table directly.)"""
    if not 0 <= action < NUM_ALL or not 0 <= event < 4:
        raise ValueError(f"no action {action} / event {event}")
    return ACT_KEY[1 if min_icon else 0][event][action]


def _players(v):
    if isinstance(v, bool) or not isinstance(v, int) or v not in (3, 4, 5):
        raise ValueError(f"Dog Tag Trick is played by 3, 4 or 5 players (§3), not {v!r}")
    return v


def _first_lead(v):
    if isinstance(v, str) and v.strip().lower() == "random":
        return "random"
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 4:
        raise ValueError("first_lead is a seat number or 'random' (§4.1, A16)")
    return v


def _lower(v):
    return str(v).strip().lower()


cdef inline uint64_t seed64(object seed) except? 0:
    """``int(seed) & (2**64 - 1)``, the seed as the Rng takes it, without Python arithmetic
    for a plain int (a bench deals millions of games through new_initial_state)."""
    if type(seed) is int:
        return PyLong_AsUnsignedLongLongMask(seed)
    return <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)


cdef class DogTagTrickGame(Game):
    """Dog Tag Trick: 3-5 players, N rounds of tricks of singles and pairs
    (rules: docs/rules/dog-tag-trick.md). Returns are the final points (§8.3); ranks give
    tied leaders a shared first place (A20)."""

    # §10: hidden cards lie anywhere their holders' sizes allow (State.exchange_hidden_c)
    EXCHANGES_HIDDEN = True
    OPTIONS = {
        "players": Option(4, convert=_players, doc="§3: 3, 4 or 5"),
        "first_lead": Option(0, convert=_first_lead,
                             doc="§4.1, A16: round 1's first lead, a seat or random"),
        "unqualified_pairs": Option("forbidden", ("forbidden", "allowed_as_discard"),
                                    convert=_lower, doc="§5.4, A1"),
        "announcement": Option("binding", ("binding", "auto_join_main"), convert=_lower,
                               doc="A4"),
        "low_set_tiebreak": Option("max_icon", ("max_icon", "min_icon"), convert=_lower,
                                   doc="§7, A7"),
    }
    notation = notation
    POLICY = "solver.games.dog_tag_trick._policy:DogTagTrickPolicy"
    # Game strings the contract tests and the bench run (every option exercised somewhere).
    EXAMPLE_CONFIGS = (
        "dog-tag-trick",
        "dog-tag-trick(players=3)",
        "dog-tag-trick(players=5,first_lead=random,low_set_tiebreak=min_icon)",
        "dog-tag-trick(players=3,first_lead=2,unqualified_pairs=allowed_as_discard,"
        "announcement=auto_join_main)",
    )

    BENCH_CONFIGS = (
        BenchConfig("dog-tag-trick(players=3)", c_reference="dtt_playout 3 {games} 1"),
        BenchConfig("dog-tag-trick(players=4)", c_reference="dtt_playout 4 {games} 1"),
        BenchConfig("dog-tag-trick(players=5)", c_reference="dtt_playout 5 {games} 1"),
    )

    def __init__(self, dict options):
        cdef int n = options["players"]
        fl = options["first_lead"]
        if fl != "random" and not 0 <= fl < n:
            raise InvalidOptionError(f"first_lead={fl} is not a seat of a {n}-player game (0..{n - 1})")
        self.name = "dog-tag-trick"
        self.options = options
        self.num_players = n
        self.num_distinct_actions = rules.num_actions(options)
        self.max_game_length = n * n * HAND_SIZES[n]     # every card of every deal, one per play
        self.perfect_information = False
        self.rules = rules
        self.random_lead = fl == "random"
        self.template.n = n
        self.template.hand_size = HAND_SIZES[n]
        self.template.first_lead = 0 if self.random_lead else fl
        self.template.opt_discard = options["unqualified_pairs"] == "allowed_as_discard"
        self.template.opt_autojoin = options["announcement"] == "auto_join_main"
        self.template.opt_minicon = options["low_set_tiebreak"] == "min_icon"

    def rounds_add_up(self):
        """The final points are the sum of the rounds' points (§8.1, §8.3); every round is
        dealt afresh (§3)."""
        return True

    def utility_bounds(self):
        """(min, max) of a seat's return, its final points: at most 3 a normal trick and 5 a
        final trick (§8.1), at most H tricks a round (H = hand size), N rounds."""
        n = self.num_players
        return (0, n * (3 * (HAND_SIZES[n] - 1) + 5))

    cdef State new_state(self):
        cdef DogTagTrickState s = DogTagTrickState.__new__(DogTagTrickState)
        s.game = self
        s.d = self.template
        return s

    def new_initial_state(self, seed=0):
        """A game whose first lead (if random) and N deals are drawn from ``seed``, in that
        order (the same draws as rules.new_initial_state)."""
        cdef DogTagTrickState s = DogTagTrickState.__new__(DogTagTrickState)
        cdef Rng rng
        cdef int r
        s.game = self
        s.d = self.template
        rng_seed(&rng, seed64(seed))
        if self.random_lead:                  # (no nogil block: its GIL hand-off costs more)
            s.d.first_lead = rng_below(&rng, s.d.n)
        for r in range(s.d.n):
            deal_round_d(s.d.future[r], s.d.n, s.d.hand_size, &rng)
        s.d.round = 0
        start_round_d(&s.d)
        return s

    def state_from_reference(self, ref):
        cdef DogTagTrickState s = <DogTagTrickState>self.new_state()
        cdef int p, r, i
        cdef uint64_t played = 0
        n = ref.n
        if n != self.num_players:
            raise ValueError(f"reference state has {n} players, the game {self.num_players}")
        s.d.round = ref.round
        s.d.first_lead = ref.first_lead
        s.d.lead = ref.lead
        s.d.over = ref.over
        for p in range(n):
            s.d.hand[p] = ref.hands[p]
            s.d.score[p] = ref.totals[p]
        s.d.unused = ref.unused
        for i, a in enumerate(ref.history):
            s.d.hist[i] = a
            played |= ACT_CARDS[<int>a]
        s.d.n_hist = len(ref.history)
        s.d.played = played
        s.d.pos = 0 if ref.over else len(ref.history) % n
        for r, deal in enumerate(ref.future):
            for p in range(n):
                s.d.future[ref.round + 1 + r][p] = deal[p]
        return s

    # -- inference hooks (solver/inference) -------------------------------------------------
    def observed_decisions(self, State world, int observer):
        """The other seats' plays of the current round (§5; plays are public, §10) that had
        two or more legal moves, each as (seat, action, the state before it) rebuilt in
        ``world``: the round's deal is the world's hands plus each seat's played cards, the
        round's first lead is §4.2's seat, and the round's points so far are taken off the
        running scores; the plays are then replayed in order. Earlier rounds are dealt afresh
        (§3) and say nothing about this one. A forced play (one legal move) weighs nothing and
        is left out."""
        cdef DttData* w = &(<DogTagTrickState>world).d
        cdef DttData scratch
        cdef DogTagTrickState before
        cdef int8_t owner[DTT_MAX_PLAYS]
        cdef int acts[MAX_LEGAL]
        cdef int i, p, a
        if w.over or w.n_hist == 0:
            return []
        # Pass 1: who made each play (the lead moves with the trick winners, §4.3) and the
        # round's points so far. Full hands keep every replayed trick from looking final
        # (§8.2); the current round's completed tricks are never final.
        scratch = w[0]
        for p in range(w.n):
            scratch.hand[p] = ALL36
        scratch.played = 0
        scratch.n_hist = 0
        scratch.pos = 0
        scratch.lead = (w.first_lead + w.round) % w.n
        for i in range(w.n_hist):
            owner[i] = <int8_t>current_player_d(&scratch)
            apply_d(&scratch, w.hist[i])
        # Pass 2: the round's start in this world, then the plays replayed.
        before = <DogTagTrickState>self.new_state()
        before.d = w[0]
        for p in range(w.n):
            before.d.score[p] = w.score[p] - (scratch.score[p] - w.score[p])
        for i in range(w.n_hist):
            before.d.hand[owner[i]] |= ACT_CARDS[w.hist[i]]
        before.d.played = 0
        before.d.n_hist = 0
        before.d.pos = 0
        before.d.lead = (w.first_lead + w.round) % w.n
        out = []
        for i in range(w.n_hist):
            a = w.hist[i]
            if owner[i] != observer and legal_d(&before.d, acts) > 1:
                out.append((<int>owner[i], a, before.clone()))
            apply_d(&before.d, a)
        return out


cdef class DogTagTrickState(State):
    """A Dog Tag Trick game position (the full truth: every hand, the unused pile and the
    deals of the rounds to come)."""

    cdef int current_player_c(self) noexcept nogil:
        return current_player_d(&self.d)

    cdef bint is_terminal_c(self) noexcept nogil:
        return self.d.over

    cdef int legal_actions_c(self, int* out) noexcept nogil:
        return legal_d(&self.d, out)

    cdef void apply_action_c(self, int action) noexcept nogil:
        apply_d(&self.d, action)

    cdef void random_playout_c(self, Rng* rng, int stop_round) noexcept nogil:
        """State.random_playout_c on the struct: each move is the k-th of the sorted legal
        moves, k uniform, picked by random_move_d without listing them (the generic loop with
        legal_d under option A1, whose discards follow the pairs). The same moves and draws as
        the generic loop."""
        cdef DttData* d = &self.d
        cdef int acts[MAX_LEGAL]
        cdef int n
        while not d.over and (stop_round < 0 or d.round == stop_round):
            if d.opt_discard:
                n = legal_d(d, acts)
                apply_d(d, acts[rng_below(rng, <unsigned int>n)])
            else:
                apply_d(d, random_move_d(d.hand[current_player_d(d)], rng))

    cdef void returns_c(self, double* out) noexcept nogil:
        """Final points (§8.3); zeros before the end."""
        cdef int p
        for p in range(self.d.n):
            out[p] = self.d.score[p] if self.d.over else 0.0

    cdef void scores_c(self, double* out) noexcept nogil:
        cdef int p
        for p in range(self.d.n):
            out[p] = self.d.score[p]

    cdef int round_c(self) noexcept nogil:
        return self.d.n if self.d.over else self.d.round

    cdef void copy_from(self, State other) noexcept nogil:
        self.d = (<DogTagTrickState>other).d

    cdef void determinize_c(self, int observer, Rng* rng) noexcept nogil:
        """§10: re-deal the cards ``observer`` has not seen (36 - own hand - played this round)
        uniformly to the other hands, by their public sizes, and the unused pile; and re-deal
        every later round. Reads only the observer's hand, the played set and hand sizes."""
        cdef DttData* d = &self.d
        cdef int pool[NUM_CARDS]
        cdef int k, i, j, t, p, idx = 0, size
        cdef uint64_t m
        k = mask_to_array(ALL36 & ~d.hand[observer] & ~d.played, pool)
        for i in range(k - 1, 0, -1):                     # Fisher-Yates: a uniform order
            j = rng_below(rng, i + 1)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        for p in range(d.n):
            if p == observer:
                continue
            size = popcount(d.hand[p])
            m = 0
            for i in range(idx, idx + size):
                m |= 1ULL << pool[i]
            idx += size
            d.hand[p] = m
        m = 0
        for i in range(idx, k):
            m |= 1ULL << pool[i]
        d.unused = m
        for p in range(d.round + 1, d.n):                # later rounds: unknown to everyone
            deal_round_d(d.future[p], d.n, d.hand_size, rng)

    cdef bint exchange_hidden_c(self, int observer, Rng* rng) noexcept nogil:
        """§10: the hidden holders are the other hands and the unused pile; nothing but their
        sizes constrains where a hidden card lies (no follow duty, so no voids), so any
        exchange of two hidden cards between two of them is again a world ``observer`` cannot
        tell apart. Later rounds' deals are left as they are."""
        cdef DttData* d = &self.d
        cdef uint64_t* holder[DTT_MAX_SEATS + 1]
        cdef int k = 0, p, a, b
        cdef uint64_t ca, cb
        for p in range(d.n):
            if p != observer and d.hand[p]:
                holder[k] = &d.hand[p]
                k += 1
        if d.unused:
            holder[k] = &d.unused
            k += 1
        if k < 2:
            return False
        a = rng_below(rng, k)
        b = rng_below_other(rng, k, a)
        ca = 1ULL << random_card(holder[a][0], rng)
        cb = 1ULL << random_card(holder[b][0], rng)
        holder[a][0] ^= ca | cb
        holder[b][0] ^= ca | cb
        return True

    cdef void resample_chance_c(self, Rng* rng) noexcept nogil:
        """§10: inside a round only the deal is chance, and every hand is dealt (the unused
        pile is their complement), so only the later rounds' deals are hidden from every seat:
        they are re-dealt (the draws of determinize_c's last step); this round is kept."""
        cdef DttData* d = &self.d
        cdef int p
        for p in range(d.round + 1, d.n):
            deal_round_d(d.future[p], d.n, d.hand_size, rng)

    cdef uint64_t hash_c(self) noexcept nogil:
        cdef DttData* d = &self.d
        cdef uint64_t h = 0x6A09E667F3BCC909ULL
        cdef int p, r, i
        for p in range(d.n):
            h = hmix(h, d.hand[p] | (<uint64_t>(<uint16_t>d.score[p]) << 40))
        h = hmix(h, d.unused | (<uint64_t>d.round << 40) | (<uint64_t>d.first_lead << 44)
                 | (<uint64_t>d.lead << 48) | (<uint64_t>d.over << 52))
        for i in range(d.n_hist):
            h = hmix(h, d.hist[i])
        for r in range(d.round + 1, d.n):
            for p in range(d.n):
                h = hmix(h, d.future[r][p])
        return h

    cdef uint64_t infoset_key_c(self, int player) noexcept nogil:
        """What ``player`` knows (§10): own hand, this round's plays, scores, round, leads."""
        cdef DttData* d = &self.d
        cdef uint64_t h = 0xBB67AE8584CAA73BULL ^ <uint64_t>player
        cdef int p, i
        h = hmix(h, d.hand[player])
        for p in range(d.n):
            h = hmix(h, <uint64_t>(<uint16_t>d.score[p]))
        h = hmix(h, (<uint64_t>d.round) | (<uint64_t>d.first_lead << 8) | (<uint64_t>d.lead << 16)
                 | (<uint64_t>d.over << 24))
        for i in range(d.n_hist):
            h = hmix(h, d.hist[i])
        return h

    # -- Python side ------------------------------------------------------------------------
    def to_reference(self):
        cdef DttData* d = &self.d
        cdef int p, r, i
        n = d.n
        ref = rules.DogTagTrickState(self.game.options)
        ref.round, ref.first_lead, ref.lead = d.round, d.first_lead, d.lead
        ref.over = bool(d.over)
        ref.totals = [d.score[p] for p in range(n)]
        ref.hands = [d.hand[p] for p in range(n)]
        ref.unused = d.unused
        ref.history = [d.hist[i] for i in range(d.n_hist)]
        ref.future = [[d.future[r][p] for p in range(n)] for r in range(d.round + 1, n)]
        return ref

    def hand_sizes(self):
        """Every seat's number of cards in hand (public, §10)."""
        return [popcount(self.d.hand[p]) for p in range(self.d.n)]
