"""Tiny Tricks' fast engine (rules: docs/rules/tiny-tricks.md; readable twin: rules.py).

The whole game is one ``TinyData`` struct: card sets are 9-bit masks (card ``3 * suit + rank``),
so copying a state is one struct assignment and every hot method runs without the GIL.
"""
from libc.stdint cimport uint16_t, uint64_t

from solver.cards cimport lowest_card, popcount, random_subset
from solver.game cimport Game, State
from solver.registry import Option
from solver.rng cimport Rng, rng_below, rng_seed

from solver.games.tiny_tricks import notation, rules

cdef enum:
    HAND_SIZE = 3
    TRICKS = 3


cdef inline uint16_t suit_mask(int s) noexcept nogil:
    return <uint16_t>(7 << (3 * s))


cdef inline uint16_t void_mask(int voids) noexcept nogil:
    cdef uint16_t m = 0
    cdef int s
    for s in range(3):
        if voids >> s & 1:
            m |= suit_mask(s)
    return m


cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef int current_player_d(TinyData* d) noexcept nogil:
    if d.n_played == TRICKS * d.players:                  # T7
        return -1
    return (d.leader + d.n_trick) % d.players            # T4: clockwise


cdef uint16_t legal_mask_d(TinyData* d) noexcept nogil:
    cdef int p = current_player_d(d)
    cdef uint16_t h, same
    if p < 0:
        return 0
    h = d.hand[p]
    if d.n_trick > 0:                                    # T4: follow suit if able
        same = h & suit_mask(d.trick[0] // 3)
        if same:
            return same
    return h                                             # T3, or no card of the led suit


cdef inline void finish_trick_d(TinyData* d) noexcept nogil:
    cdef int led = d.trick[0] // 3
    cdef int best = 0, i
    for i in range(1, d.players):                        # T5: highest of the led suit
        if d.trick[i] // 3 == led and d.trick[i] % 3 > d.trick[best] % 3:
            best = i
    cdef int winner = (d.leader + best) % d.players
    if d.n_played == TRICKS * d.players and d.opt_bonus:  # T6, O2
        d.points[winner] += 2
    else:
        d.points[winner] += 1
    d.leader = winner
    d.n_trick = 0


cdef inline void apply_d(TinyData* d, int a) noexcept nogil:
    cdef int p = current_player_d(d)
    if d.n_trick > 0 and a // 3 != d.trick[0] // 3:
        d.voids[p] |= 1 << (d.trick[0] // 3)             # T8: a shown void
    d.hand[p] &= ~(1 << a)
    d.played_by[p] |= 1 << a
    d.trick[d.n_trick] = a
    d.n_trick += 1
    d.history[d.n_played] = a
    d.n_played += 1
    if d.n_trick == d.players:
        finish_trick_d(d)


cdef class TinyTricksGame(Game):
    """Tiny Tricks: three tricks, two or three players (rules: docs/rules/tiny-tricks.md)."""

    OPTIONS = {
        "players": Option(2, (2, 3), doc="O1"),
        "last_trick_bonus": Option(False, (False, True), doc="O2"),
        "first_leader": Option(0, (0, "random"), doc="O3"),
    }
    EXAMPLE_CONFIGS = ("tiny-tricks", "tiny-tricks(players=3)",
                       "tiny-tricks(players=3,last_trick_bonus=true,first_leader=random)")
    POLICY = "solver.games.tiny_tricks._policy:TinyTricksPolicy"
    notation = notation

    def __init__(self, dict options):
        cdef int n = options["players"]
        self.name = "tiny-tricks"
        self.options = options
        self.num_players = n
        self.num_distinct_actions = 3 * n
        self.max_game_length = TRICKS * n
        self.perfect_information = n == 2                 # T8: two hands, all cards dealt
        self.rules = rules
        self.template.players = n
        self.template.opt_bonus = bool(options["last_trick_bonus"])

    def utility_bounds(self):
        """(min, max) of a seat's return: the points of all three tricks (T6)."""
        return (0.0, 4.0 if self.options["last_trick_bonus"] else 3.0)

    def utility_sum(self):
        """Every trick's points go to someone (T6): the returns always add up to 3 (4 with the
        last-trick bonus)."""
        return 4.0 if self.options["last_trick_bonus"] else 3.0

    cdef State new_state(self):
        cdef TinyTricksState s = TinyTricksState.__new__(TinyTricksState)
        s.game = self
        s.d = self.template
        return s

    def new_initial_state(self, seed=0):
        """T2: the first leader (O3) then each seat's hand in seat order, drawn from ``seed``
        (the same draws as rules.new_initial_state)."""
        cdef TinyTricksState s = <TinyTricksState>self.new_state()
        cdef Rng rng
        cdef int p, n = self.num_players
        cdef uint16_t rest = (1 << (3 * n)) - 1
        rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        fl = self.options["first_leader"]
        s.d.first_leader = rng_below(&rng, n) if fl == "random" else int(fl)
        s.d.leader = s.d.first_leader
        for p in range(n):
            s.d.deal[p] = <uint16_t>random_subset(rest, HAND_SIZE, &rng)
            s.d.hand[p] = s.d.deal[p]
            rest &= ~s.d.deal[p]
        return s

    def state_from_reference(self, ref):
        cdef TinyTricksState s = <TinyTricksState>self.new_state()
        cdef int p, i
        for p in range(self.num_players):
            s.d.deal[p] = ref.deal[p]
            s.d.hand[p] = ref.hand[p]
            s.d.played_by[p] = ref.played_by[p]
            s.d.voids[p] = ref.voids[p]
            s.d.points[p] = ref.points[p]
        for i, c in enumerate(ref.trick):
            s.d.trick[i] = c
        for i, c in enumerate(ref.history):
            s.d.history[i] = c
        s.d.n_trick = len(ref.trick)
        s.d.n_played = len(ref.history)
        s.d.leader = ref.leader
        s.d.first_leader = ref.first_leader
        return s


cdef class TinyTricksState(State):
    """A Tiny Tricks position (the full truth)."""

    cdef int current_player_c(self) noexcept nogil:
        return current_player_d(&self.d)

    cdef bint is_terminal_c(self) noexcept nogil:
        return self.d.n_played == TRICKS * self.d.players

    cdef int legal_actions_c(self, int* out) noexcept nogil:
        cdef uint16_t m = legal_mask_d(&self.d)
        cdef int n = 0
        while m:
            out[n] = lowest_card(m)
            m &= m - 1
            n += 1
        return n

    cdef void apply_action_c(self, int action) noexcept nogil:
        apply_d(&self.d, action)

    cdef void returns_c(self, double* out) noexcept nogil:
        self.scores_c(out)

    cdef void scores_c(self, double* out) noexcept nogil:
        cdef int p
        for p in range(self.d.players):
            out[p] = self.d.points[p]

    cdef int round_c(self) noexcept nogil:
        return 0                                         # one round: the whole game

    cdef void copy_from(self, State other) noexcept nogil:
        self.d = (<TinyTricksState>other).d

    cdef void determinize_c(self, int observer, Rng* rng) noexcept nogil:
        """T8: the two other hands re-dealt uniformly among the splits of the unseen cards
        that respect both seats' voids and hand sizes (three players; with two the other hand
        is known). Reads only the unseen *set*, sizes and voids. The splits are counted in
        ascending mask order, the same draw as rules.determinize."""
        cdef TinyData* d = &self.d
        cdef int a, b, k, count = 0, pick
        cdef uint16_t unseen, m, bad_a, bad_b
        if d.players == 2:
            return
        a = (observer + 1) % 3
        b = (observer + 2) % 3
        unseen = d.hand[a] | d.hand[b]
        k = popcount(d.hand[a])
        bad_a = void_mask(d.voids[a])
        bad_b = void_mask(d.voids[b])
        for m in range(512):
            if not (m & ~unseen) and popcount(m) == k and not (m & bad_a) \
                    and not ((unseen & ~m) & bad_b):
                count += 1
        pick = rng_below(rng, count)
        for m in range(512):
            if not (m & ~unseen) and popcount(m) == k and not (m & bad_a) \
                    and not ((unseen & ~m) & bad_b):
                if pick == 0:
                    d.hand[a] = m
                    d.hand[b] = unseen & ~m
                    d.deal[a] = m | d.played_by[a]
                    d.deal[b] = (unseen & ~m) | d.played_by[b]
                    return
                pick -= 1

    cdef void resample_chance_c(self, Rng* rng) noexcept nogil:
        """T2: every card is dealt at the start and there is no later chance, so nothing is
        hidden from every seat: identity."""
        pass

    cdef uint64_t hash_c(self) noexcept nogil:
        """The deal, the first leader and the history: they fix the whole state (T2)."""
        cdef TinyData* d = &self.d
        cdef uint64_t h = <uint64_t>d.deal[0] | (<uint64_t>d.deal[1] << 9) \
            | (<uint64_t>d.deal[2] << 18) | (<uint64_t>d.first_leader << 27)
        cdef int i
        for i in range(d.n_played):
            h = mix64(h ^ (<uint64_t>(d.history[i] + 1) << 32) ^ <uint64_t>i)
        return mix64(h ^ (<uint64_t>d.n_played << 40))

    cdef uint64_t infoset_key_c(self, int player) noexcept nogil:
        """The seat's hand and the history (which fixes who played what, the voids and the
        points): everything the seat knows (T8)."""
        cdef TinyData* d = &self.d
        cdef uint64_t h = <uint64_t>d.hand[player] | (<uint64_t>player << 9) \
            | (<uint64_t>d.first_leader << 11)
        cdef int i
        for i in range(d.n_played):
            h = mix64(h ^ (<uint64_t>(d.history[i] + 1) << 13) ^ <uint64_t>i)
        return mix64(h ^ <uint64_t>d.n_played)

    # -- Python side ------------------------------------------------------------------------
    def to_reference(self):
        ref = rules.TinyTricksState(self.game.options)
        d = self.d
        n = d.players
        ref.first_leader, ref.leader = d.first_leader, d.leader
        ref.deal = [d.deal[p] for p in range(n)]
        ref.hand = [d.hand[p] for p in range(n)]
        ref.played_by = [d.played_by[p] for p in range(n)]
        ref.voids = [d.voids[p] for p in range(n)]
        ref.points = [d.points[p] for p in range(n)]
        ref.trick = [d.trick[i] for i in range(d.n_trick)]
        ref.history = [d.history[i] for i in range(d.n_played)]
        return ref
