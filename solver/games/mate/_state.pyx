"""Mate's fast engine (Cython twin of ``rules.py``; the differential tests bind them).

The state is the ``MateData`` struct of ``_state.pxd``. Card sets are 20-bit masks in the
§2.2 encoding, where the larger card id wins a completed trick, so trick resolution is one
comparison and follow sets are two mask intersections.
"""
from cpython.long cimport PyLong_AsUnsignedLongLongMask
from libc.stdint cimport uint32_t, uint64_t
from solver.cards cimport popcount, nth_card, random_subset, lowest_card
from solver.game cimport Game, State, View, MAX_LEGAL
from solver.rng cimport Rng, rng_seed, rng_below
from solver.registry import BenchConfig, Option
from solver.games.mate import notation, rules

cdef uint32_t ALL_CARDS = (1 << 20) - 1


cdef inline int dealer_of(int game_no, int first_dealer) noexcept nogil:
    return first_dealer if (game_no == 1 or game_no == 4) else 1 - first_dealer


cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint32_t legal_mask_d(MateData* d) noexcept nogil:
    """Legal actions as a 21-bit mask (bit 20 = PASS)."""
    cdef int p = current_player_d(d)
    cdef int f
    if p < 0:
        return 0
    if d.phase == LEAD:
        return d.hand[p]
    if d.phase == FOLLOW:
        return follow_set_d(d, p, d.led)
    if d.phase == FORCE_DEALER:
        return d.hand[p] | (1u << PASS)
    f = d.forced[d.dealer]
    if f < 0:
        if d.opt_nd_requires:
            return 1u << PASS
        return d.hand[p] | (1u << PASS)
    return (d.hand[p] & ~suit_mask(f) & ~rank_mask(f)) | (1u << PASS)


cdef inline void start_game_d(MateData* d, uint32_t h0, uint32_t h1) noexcept nogil:
    d.dealer = dealer_of(d.game_no, d.first_dealer)
    d.phase = FORCE_DEALER
    d.trick = 1
    d.leader = d.dealer
    d.led = -1
    d.hand[0] = h0
    d.hand[1] = h1
    d.dealt[0] = h0
    d.dealt[1] = h1
    d.forced[0] = -1
    d.forced[1] = -1
    d.restrict[0] = 0
    d.restrict[1] = 0
    d.voids[0] = 0
    d.voids[1] = 0


cdef inline void finish_game_d(MateData* d, int winner, int card) noexcept nogil:
    cdef int k = d.trick, b, m, pts = 0
    cdef int g = d.game_no - 1
    if winner >= 0:
        b = 1 if d.forced[winner] >= 0 else 0                   # §7: +1 for the scorer's forcing
        if d.opt_double_any:                                      # A11 alternative
            m = 2 if k == 10 and (d.forced[0] >= 0 or d.forced[1] >= 0) else 1
        else:
            m = 2 if k == 10 and card == d.forced[winner] else 1
        pts = card_value(card) * (k + b) * m
        d.totals[winner] += pts
        d.result_trick[g] = k
    else:
        d.result_trick[g] = 10
    d.result_winner[g] = winner
    d.result_points[g] = pts
    d.result_card[g] = card
    if d.game_no == 4:
        d.phase = OVER
        d.led = -1
        return
    cdef uint32_t h0 = d.dealt[0], h1 = d.dealt[1]
    d.game_no += 1
    if d.game_no == 3:
        h0 = d.next_deal[0]
        h1 = d.next_deal[1]
        d.next_deal[0] = 0
        d.next_deal[1] = 0
        start_game_d(d, h0, h1)
    else:                                                         # §3.1: hands exchanged
        start_game_d(d, h1, h0)


cdef inline void apply_force_d(MateData* d, int p, int a) noexcept nogil:
    """Seat p's forcing decision a (a card or PASS, §4.1) in phase FORCE_DEALER/FORCE_OTHER."""
    cdef int n
    if a != PASS:
        d.forced[p] = a
        d.hand[p] &= ~(1u << a)
        if d.phase == FORCE_DEALER:
            n = 1 - p
            d.restrict[n] = d.dealt[n] & (suit_mask(a) | rank_mask(a))
    if d.phase == FORCE_DEALER:
        d.phase = FORCE_OTHER
    else:
        d.phase = LEAD
        d.trick = 1
        d.leader = d.dealer
        d.led = -1


cdef void apply_d(MateData* d, int a) noexcept nogil:
    cdef int p = current_player_d(d)
    if d.phase <= FORCE_OTHER:
        apply_force_d(d, p, a)
        return
    d.hand[p] &= ~(1u << a)
    if d.phase == LEAD:
        if follow_set_d(d, 1 - p, a) == 0:                        # §6: mate
            finish_game_d(d, p, a)
        else:
            d.led = a
            d.phase = FOLLOW
        return
    if (a & 3) != (d.led & 3):
        d.voids[p] |= 1 << (d.led & 3)
    if a > d.led:                                                 # §5.4: larger id wins
        d.leader = p
    d.led = -1
    d.trick += 1
    if d.trick == 10:                                             # §4.2: forced cards return
        if d.forced[0] >= 0:
            d.hand[0] |= 1u << d.forced[0]
        if d.forced[1] >= 0:
            d.hand[1] |= 1u << d.forced[1]
    if d.trick > 10:
        finish_game_d(d, -1, -1)
    else:
        d.phase = LEAD


cdef inline uint64_t seed64(object seed) except? 0:
    """``int(seed) & (2**64 - 1)``, the seed as the Rng takes it, without Python arithmetic
    for a plain int (a bench deals millions of matches through new_initial_state)."""
    if type(seed) is int:
        return PyLong_AsUnsignedLongLongMask(seed)
    return <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)


cdef void play_tricks_d(MateData* d, Rng* rng) noexcept nogil:
    """The random rollout of the current game's tricks (phase LEAD, no card led), lead and
    follow in one step: ``apply_d`` for the uniformly chosen card (the k-th card of a mask is
    the k-th of the sorted legal actions, §5.1-§5.2). Ends when the game does (finish_game_d:
    the next game is dealt or the match is over). The hands, the seat and the stream live in
    locals for the loop: stores to the struct's int8 fields may alias anything, and would
    otherwise force them through memory at every card."""
    cdef Rng r = rng[0]
    cdef uint32_t h[2]
    cdef int p = d.leader, o, trick = d.trick, c, f, winner = -1
    cdef uint32_t s
    h[0] = d.hand[0]
    h[1] = d.hand[1]
    while True:
        o = 1 - p
        c = nth_card(h[p], <int>rng_below(&r, <uint32_t>popcount(h[p])))
        h[p] &= ~(1u << c)
        s = h[o] & suit_mask(c)                                   # §5.3: suit, else rank
        if s == 0:
            s = h[o] & rank_mask(c)
            if s == 0:                                            # §6: mate
                winner = p
                break
        f = nth_card(s, <int>rng_below(&r, <uint32_t>popcount(s)))
        h[o] &= ~(1u << f)
        if (f & 3) != (c & 3):                                    # rank-follow: void shown
            d.voids[o] |= 1 << (c & 3)
        if f > c:                                                 # §5.4: larger id wins
            p = o
        trick += 1
        if trick == 10:                                           # §4.2: forced cards return
            if d.forced[0] >= 0:
                h[0] |= 1u << d.forced[0]
            if d.forced[1] >= 0:
                h[1] |= 1u << d.forced[1]
        elif trick > 10:                                          # no mate: a draw
            c = -1
            break
    rng[0] = r
    d.hand[0] = h[0]
    d.hand[1] = h[1]
    d.trick = trick
    d.leader = p
    finish_game_d(d, winner, c)


cdef class MateGame(Game):
    """Mate: the 2-player classic, a four-game match (rules: docs/rules/mate.md)."""

    OPTIONS = {
        "forced_visibility": Option("public", ("public", "hidden"), doc="§9.2, A2"),
        "nondealer_force_requires_dealer_force": Option(False, (False, True), doc="A4"),
        "double_rule": Option("own_forced_card",
                              ("own_forced_card", "any_trick10_mate_when_anyone_forced"), doc="A11"),
        "utility": Option("points", ("points", "match_result"), doc="A21"),
        "first_dealer": Option("random", ("random", 0, 1), doc="§3.1, A15"),
    }
    notation = notation
    POLICY = "solver.games.mate._policy:MatePolicy"
    # Game strings the contract tests and the bench run (every option exercised somewhere).
    EXAMPLE_CONFIGS = ("mate", "mate(forced_visibility=hidden)",
                       "mate(first_dealer=1,utility=match_result,"
                       "double_rule=any_trick10_mate_when_anyone_forced,"
                       "nondealer_force_requires_dealer_force=true)")

    # trickhound bench: Mate's C reference counts one deal where our state is a four-deal match;
    # the exact-solve timing runs on first_dealer=0 with forcing fixed (PASS PASS) and optimised.
    BENCH_CONFIGS = (
        BenchConfig("mate", unit=4, c_reference="mate_playout {games} 1"),
        BenchConfig("mate(first_dealer=0)", playouts=False, search=False,
                    solve_cases=(("forcing_fixed", (20, 20)), ("forcing_optimised", ())),
                    solve_c_reference="mate_solve"),
    )
    # The exact kernel on MateData the generic alpha-beta runs for Mate states (_solve.pyx).
    EXACT_SOLVER = "solver.games.mate._solve:MateExactSolver"

    def __init__(self, dict options):
        self.name = "mate"
        self.options = options
        self.num_players = 2
        self.num_distinct_actions = 21
        self.max_game_length = 4 * 22
        self.perfect_information = options["forced_visibility"] == "public"
        self.rules = rules
        self.template.opt_hidden = options["forced_visibility"] == "hidden"
        self.template.opt_nd_requires = bool(options["nondealer_force_requires_dealer_force"])
        self.template.opt_double_any = options["double_rule"] != "own_forced_card"
        self.template.opt_match_result = options["utility"] == "match_result"
        fd = options["first_dealer"]
        self.fixed_dealer = -1 if fd == "random" else int(fd)

    def rounds_add_up(self):
        """Four games (rounds) whose point differences add up to the return (§8), and a game's
        play changes none of the deals after it; not when the return is the match result
        (utility=match_result)."""
        return self.options["utility"] == "points"

    def setup_plies(self):
        """The dealer's and the non-dealer's forcing decisions precede the first lead (§4)."""
        return 2

    def utility_bounds(self):
        """(min, max) of a seat's return: the match point difference (at most 242 per game,
        §7), or the match result in {-1, 0, 1}."""
        return (-1, 1) if self.options["utility"] == "match_result" else (-4 * 242, 4 * 242)

    def utility_sum(self):
        """0.0: one seat's return is the other's loss (both utilities)."""
        return 0.0

    def decision_kind(self, State state):
        """The opponent model's decision kinds (solver/inference): "force" (either forcing
        decision, §4), "lead" or "follow" (§5); "over" at the end of the match."""
        cdef int ph = (<MateState>state).d.phase
        if ph <= FORCE_OTHER:
            return "force"
        return "lead" if ph == LEAD else ("follow" if ph == FOLLOW else "over")

    def observed_decisions(self, State world, int observer):
        """The opponent's forcing decision of the current game when its forced card is face
        down (forced_visibility=hidden, §9.2): [(seat, forced card, the state before it)], the
        state rebuilt in ``world`` from the dealt hands (§3.2) and, when the opponent is the
        non-dealer, the dealer's forcing (§4.1). Both hands are known to both seats, so that
        state is the same in every world the observer cannot tell apart; only the card differs.
        Leads and follows are not returned: the state keeps the cards played as a set, not
        their order, so their states cannot be rebuilt (their hard facts, the voids, are
        already in the determinization). Public forced cards and passes are the same in every
        world and weigh nothing, so they are left out."""
        cdef MateState w = <MateState>world
        cdef MateState before
        cdef int o = 1 - observer, dealer = w.d.dealer
        if not w.d.opt_hidden or w.d.phase == OVER or w.d.trick >= 10 or w.d.forced[o] < 0:
            return []
        if w.d.phase == FORCE_DEALER or (o != dealer and w.d.phase == FORCE_OTHER):
            return []                                 # the opponent has not forced yet
        before = <MateState>self.new_state()
        before.d = w.d
        start_game_d(&before.d, w.d.dealt[0], w.d.dealt[1])
        if o != dealer:
            apply_d(&before.d, w.d.forced[dealer] if w.d.forced[dealer] >= 0 else PASS)
        return [(o, <int>w.d.forced[o], before)]

    cdef State new_state(self):
        cdef MateState s = MateState.__new__(MateState)
        s.game = self
        s.d = self.template
        return s

    def new_initial_state(self, seed=0):
        """A match whose first dealer (if random) and two shuffles are drawn from ``seed``
        (the same draws as rules.new_initial_state)."""
        cdef MateState s = MateState.__new__(MateState)
        cdef Rng rng
        cdef uint32_t first, third
        cdef int d3
        s.game = self
        s.d = self.template
        rng_seed(&rng, seed64(seed))
        s.d.first_dealer = rng_below(&rng, 2) if self.fixed_dealer < 0 else self.fixed_dealer
        first = <uint32_t>random_subset(ALL_CARDS, 10, &rng)
        third = <uint32_t>random_subset(ALL_CARDS, 10, &rng)
        s.d.game_no = 1
        s.d.totals[0] = 0
        s.d.totals[1] = 0
        d3 = 1 - s.d.first_dealer
        s.d.next_deal[d3] = third
        s.d.next_deal[1 - d3] = ALL_CARDS & ~third
        if s.d.first_dealer == 0:
            start_game_d(&s.d, first, ALL_CARDS & ~first)
        else:
            start_game_d(&s.d, ALL_CARDS & ~first, first)
        return s

    def state_from_reference(self, ref):
        cdef MateState s = <MateState>self.new_state()
        cdef int i
        s.d.game_no = ref.game_no
        s.d.first_dealer = ref.first_dealer
        s.d.dealer = ref.dealer
        s.d.phase = ref.phase
        s.d.trick = ref.trick
        s.d.leader = ref.leader
        s.d.led = ref.led
        for i in range(2):
            s.d.hand[i] = ref.hand[i]
            s.d.dealt[i] = ref.dealt[i]
            s.d.next_deal[i] = ref.next_deal[i]
            s.d.restrict[i] = ref.restrict[i]
            s.d.forced[i] = ref.forced[i]
            s.d.voids[i] = ref.voids[i]
            s.d.totals[i] = ref.totals[i]
        for i in range(4):
            s.d.result_winner[i] = -2
        for i, (w, pts, k, c) in enumerate(ref.results):
            s.d.result_winner[i] = w
            s.d.result_points[i] = pts
            s.d.result_trick[i] = k
            s.d.result_card[i] = c
        return s


cdef class MateState(State):
    """A Mate match position (the full truth)."""

    cdef int current_player_c(self) noexcept nogil:
        return current_player_d(&self.d)

    cdef bint is_terminal_c(self) noexcept nogil:
        return self.d.phase == OVER

    cdef int legal_actions_c(self, int* out) noexcept nogil:
        cdef uint32_t m = legal_mask_d(&self.d)
        cdef int n = 0
        while m:
            out[n] = lowest_card(m)
            n += 1
            m &= m - 1
        return n

    cdef void apply_action_c(self, int action) noexcept nogil:
        apply_d(&self.d, action)

    cdef void random_playout_c(self, Rng* rng, int stop_round) noexcept nogil:
        """State.random_playout_c on the struct: each decision plays the k-th set bit of the
        legal-action mask (bit 20 = PASS sorts last, as in legal_actions_c), k uniform, so the
        rollout is the generic one move for move; the tricks run in play_tricks_d."""
        cdef MateData* d = &self.d
        cdef uint32_t m
        cdef int a
        while d.phase != OVER and (stop_round < 0 or d.game_no == stop_round):
            if d.phase == LEAD:
                play_tricks_d(d, rng)
            else:
                m = legal_mask_d(d)
                a = nth_card(m, <int>rng_below(rng, <uint32_t>popcount(m)))
                if d.phase <= FORCE_OTHER:
                    apply_force_d(d, current_player_d(d), a)
                else:
                    apply_d(d, a)

    cdef void returns_c(self, double* out) noexcept nogil:
        cdef int diff = self.d.totals[0] - self.d.totals[1]
        if self.d.phase != OVER:
            out[0] = 0.0
            out[1] = 0.0
            return
        if self.d.opt_match_result:
            diff = (diff > 0) - (diff < 0)
        out[0] = diff
        out[1] = -diff

    cdef void scores_c(self, double* out) noexcept nogil:
        out[0] = self.d.totals[0] - self.d.totals[1]
        out[1] = -out[0]

    cdef int round_c(self) noexcept nogil:
        return self.d.game_no if self.d.phase != OVER else 5

    cdef void copy_from(self, State other) noexcept nogil:
        self.d = (<MateState>other).d

    cdef void determinize_c(self, int observer, Rng* rng) noexcept nogil:
        """Re-deal what ``observer`` cannot know: the game-3 deal while games 1-2 are on, and
        (forced_visibility=hidden) the opponent's face-down forced card among his unseen dealt
        cards, subject to the voids he showed and the forcing restriction (§9.2)."""
        cdef MateData* d = &self.d
        cdef uint32_t third, unseen, cand, pool, voided
        cdef int o = 1 - observer, d3, x, c, f, n
        if d.game_no <= 2 and d.phase != OVER:
            third = <uint32_t>random_subset(ALL_CARDS, 10, rng)
            d3 = 1 - d.first_dealer
            d.next_deal[d3] = third
            d.next_deal[1 - d3] = ALL_CARDS & ~third
        if not d.opt_hidden or d.forced[o] < 0 or d.trick >= 10 or d.phase == OVER:
            return
        # The opponent's unseen cards: dealt minus played, a public set (§9.2).
        unseen = d.hand[o] | (1u << d.forced[o])
        cand = unseen
        voided = 0
        for x in range(4):
            if d.voids[o] >> x & 1:
                voided |= 0x11111u << x
        if unseen & voided:                  # a card of a void suit can only be the forced one
            cand &= voided
        # Keep candidates whose forcing restriction matches what the observer saw.
        pool = cand
        n = popcount(pool)
        for x in range(n):
            f = nth_card(pool, x)
            if o == d.dealer and (d.dealt[observer] & (suit_mask(f) | rank_mask(f))) != d.restrict[observer]:
                cand &= ~(1u << f)
                continue
            if o != d.dealer and d.forced[observer] >= 0 and (
                    (f & 3) == (d.forced[observer] & 3) or (f >> 2) == (d.forced[observer] >> 2)):
                cand &= ~(1u << f)
                continue
        if cand == 0:
            return                           # inconsistent input; leave the world as it is
        c = nth_card(cand, rng_below(rng, popcount(cand)))
        d.forced[o] = c
        d.hand[o] = unseen & ~(1u << c)

    cdef void resample_chance_c(self, Rng* rng) noexcept nogil:
        """Only the game-3 deal is chance no seat knows while games 1-2 are on: it is re-dealt
        (determinize_c's first draw); every hand and the forced cards are kept."""
        cdef MateData* d = &self.d
        cdef uint32_t third
        cdef int d3
        if d.game_no <= 2 and d.phase != OVER:
            third = <uint32_t>random_subset(ALL_CARDS, 10, rng)
            d3 = 1 - d.first_dealer
            d.next_deal[d3] = third
            d.next_deal[1 - d3] = ALL_CARDS & ~third

    cdef uint64_t hash_c(self) noexcept nogil:
        cdef MateData* d = &self.d
        cdef uint64_t h = (<uint64_t>d.hand[0]) | ((<uint64_t>d.hand[1]) << 20)
        h ^= (<uint64_t>(d.forced[0] + 1) << 40) ^ (<uint64_t>(d.forced[1] + 1) << 45)
        h ^= (<uint64_t>(d.led + 1) << 50) ^ (<uint64_t>d.leader << 55) ^ (<uint64_t>d.phase << 56)
        h ^= (<uint64_t>d.game_no << 59)
        h = mix64(h)
        return mix64(h ^ (<uint64_t>d.totals[0] << 16) ^ <uint64_t>d.totals[1] ^ (<uint64_t>d.trick << 40))

    cdef uint64_t infoset_key_c(self, int player) noexcept nogil:
        cdef MateData* d = &self.d
        cdef int o = 1 - player
        cdef uint64_t h
        if not d.opt_hidden or d.forced[o] < 0 or d.trick >= 10:
            h = self.hash_c()
            return mix64(h ^ <uint64_t>player)   # game-3 deal is not part of hash_c
        h = (<uint64_t>d.hand[player]) | ((<uint64_t>(d.hand[o] | (1u << d.forced[o]))) << 20)
        h ^= (<uint64_t>(d.forced[player] + 1) << 40) ^ (<uint64_t>(d.led + 1) << 50)
        h ^= (<uint64_t>d.leader << 55) ^ (<uint64_t>d.phase << 56) ^ (<uint64_t>d.game_no << 59)
        return mix64(mix64(h) ^ (<uint64_t>d.totals[0] << 16) ^ <uint64_t>d.totals[1] ^ (<uint64_t>player << 62))

    # -- Python side ------------------------------------------------------------------------
    def to_reference(self):
        ref = rules.MateState(self.game.options)
        d = self.d
        ref.game_no, ref.first_dealer, ref.dealer = d.game_no, d.first_dealer, d.dealer
        ref.phase, ref.trick, ref.leader, ref.led = d.phase, d.trick, d.leader, d.led
        ref.hand = [d.hand[0], d.hand[1]]
        ref.dealt = [d.dealt[0], d.dealt[1]]
        ref.next_deal = [d.next_deal[0], d.next_deal[1]]
        ref.restrict = [d.restrict[0], d.restrict[1]]
        ref.forced = [d.forced[0], d.forced[1]]
        ref.voids = [d.voids[0], d.voids[1]]
        ref.totals = [d.totals[0], d.totals[1]]
        n_done = d.game_no - 1 + (1 if d.phase == OVER else 0)
        ref.results = [(d.result_winner[g], d.result_points[g], d.result_trick[g], d.result_card[g])
                       for g in range(n_done) if d.result_winner[g] != -2]
        return ref

    def ranks(self):
        t = self.d.totals
        if t[0] == t[1]:
            return [0, 0]
        return [0, 1] if t[0] > t[1] else [1, 0]

    def phase_name(self):
        return rules.PHASE_NAMES[self.d.phase]
