"""Dog Tag Trick rules of thumb (rules: ../shared/rules/dog-tag-trick.md):

1. Every play is worth what it can score in this trick: main #1 (3, or 5 in the final trick),
   main #2 (1, nothing in the final trick), sub #1 (1). A play that cannot place scores
   nothing: a pair announced for an event other than the main event, a pair ranked #3, a
   single below the best single already played, a NONE discard.
2. A play's chance to hold is judged from the cards this seat has not seen (the 36 cards minus
   its hand and this round's plays): a single holds when none of the higher singles sits in
   the hands still to play this trick (exact hypergeometric chance); a pair holds when no seat
   still to play holds a stronger pair of the same event (each stronger unseen pair counted
   with the chance that one of those seats holds both its cards); beaten by exactly one, it is
   still main #2. Nothing is inferred from how the others played.
3. Leading, or following before anyone played a pair: a pair sets the main event, and a lone
   main competitor is main #1, so lead the pair most likely to stand (1-2 runs, low sets,
   High Fives topped by a 10 or a 9); winning the main event also keeps the lead, which is
   worth a little more.
4. Following a main event: join it with a pair of that event (the announced event decides,
   so 2-3 and 7-8 are announced as the main event) when it beats the best pair so far and
   is likely to hold; a pair that can only be #2 is worth 1 point and costs two cards.
5. Otherwise play for the sub event with the cheapest single likely to be the highest, or
   throw the least useful card: the one whose loss costs least (below).
6. Cards are worth keeping: each card's value is its best role later (half of the lead value
   of the best pair of the hand it is in, or its chance to win the sub event as a single);
   a play is charged a share of the value of the cards it spends plus a flat price per card,
   so a pair must earn clearly more than a single (and two cards are never thrown for
   nothing). Among winning plays this picks the cheapest winner. In a trick that is surely
   the last of the round (a hand already emptied, a seat still to play holds one card, or the
   play empties this hand) cards are worthless and main #1 scores 5.
7. Ties are broken at random.

Options are honoured: ``announcement=auto_join_main`` (a pair whose values qualify for the
main event competes in it whatever it announced), ``low_set_tiebreak=min_icon`` (set keys).
The seat reads only its own hand and public facts (plays, hand sizes) from one sampled world.
"""
from bisect import bisect_left

from solver.games.dog_tag_trick import rules as R

ONE, SET, RUN, FIVE, NONE = R.ONE, R.SET, R.RUN, R.FIVE, R.NONE
PAIR_EVENTS = (SET, RUN, FIVE)

LEAD_BONUS = 0.5     # the value of leading the next trick (winning the main event)
KEEP = 0.75          # share of a spent card's keep value charged to the play
LEAD_POINTS = 3.0    # what a pair led later is worth when it stands
CARD_COST = 0.8      # every card is worth a little (options later): never spend two for nothing


def _pack(key):
    """A strength tuple (rules.strength) as one int, larger = stronger (every part <= 11)."""
    v = 0
    for k in key:
        v = v * 16 + k
    return v << (4 * (4 - len(key)))


class _Tables:
    """Per low_set_tiebreak option: each action's packed key in each event it qualifies for,
    and, per pair event, every card pair's best key in that event (the threats), strongest
    first."""

    def __init__(self, options):
        self.key = {}                                # (action, event) -> packed key
        best = {e: {} for e in PAIR_EVENTS}          # event -> {pair mask: best key}
        for act in R.ACTIONS:
            if act.event == ONE:
                self.key[act.id, ONE] = _pack(R.strength(ONE, act.cards, act.values, options))
                continue
            for e in R.qualifying_events(*act.values):
                k = _pack(R.strength(e, act.cards, act.values, options))
                self.key[act.id, e] = k
                if k > best[e].get(act.mask, -1):
                    best[e][act.mask] = k
        self.threats = {e: sorted(((k, m) for m, k in best[e].items()), reverse=True)
                        for e in PAIR_EVENTS}
        # Each card's strongest single key (a 5/10 card as 10).
        self.single = [max(self.key[a, ONE] for a in R.MOVES_BY_CARDS[R.bit(c)])
                       for c in range(R.NUM_CARDS)]


_TABLES = {}


def _tables(options):
    mode = options.get("low_set_tiebreak", "max_icon")
    t = _TABLES.get(mode)
    if t is None:
        t = _TABLES[mode] = _Tables(options)
    return t


def _popcount(m):
    return bin(m).count("1")


def _none_held(beaters, unseen, held):
    """Chance that none of ``beaters`` particular unseen cards is among ``held`` cards dealt
    uniformly from ``unseen`` (hypergeometric)."""
    p = 1.0
    for i in range(held):
        if unseen - i <= 0:
            break
        p *= max(0.0, (unseen - beaters - i) / (unseen - i))
        if p == 0.0:
            break
    return p


def _pair_q(sizes, unseen):
    """Chance that one given pair of unseen cards is wholly in the hand of one of the seats
    whose hand sizes are ``sizes``."""
    if unseen < 2:
        return 0.0
    return min(0.999, sum(h * (h - 1) for h in sizes) / (unseen * (unseen - 1)))


class _Position:
    """The public facts of the decision, read from one sampled world (own hand + public)."""

    def __init__(self, view, rng):
        world = view.determinize(rng.next_u64()).to_reference()
        self.options = world.options
        self.t = _tables(self.options)
        n = self.n = world.n
        me = self.me = view.player
        self.hand = world.hands[me]
        self.sizes = [_popcount(h) for h in world.hands]           # public hand sizes
        hist = world.history
        pos = len(hist) % n
        self.trick = hist[len(hist) - pos:]                          # this trick's plays so far
        played = 0
        for a in hist:
            played |= R.ACTIONS[a].mask
        self.unseen = R.ALL_CARDS & ~self.hand & ~played
        self.n_unseen = _popcount(self.unseen)
        lead = world.lead
        later = [(lead + k) % n for k in range(pos + 1, n)]
        self.later_sizes = [self.sizes[p] for p in later]
        self.other_sizes = [self.sizes[p] for p in range(n) if p != me]
        self.autojoin = self.options.get("announcement") == "auto_join_main"
        # A trick is final when a hand is empty after it (§8.2): surely so when a hand is
        # already empty or a seat still to play holds its last card.
        self.final = any(h == 0 for h in self.sizes) or any(h == 1 for h in self.later_sizes)
        # The trick so far: main event, its competitors' keys, the best single.
        self.main = None
        self.main_keys = []
        self.best_single = -1
        key = self.t.key
        for a in self.trick:
            act = R.ACTIONS[a]
            if act.event == ONE:
                self.best_single = max(self.best_single, key[a, ONE])
                continue
            if act.event == NONE:
                continue
            if self.main is None:
                self.main = act.event
            e = self._competes(act)
            if e is not None:
                self.main_keys.append(key[a, e])
        # Stronger-pair threats still possible: the unseen card pairs, per event, by key.
        self.avail = {}
        self.q_later = _pair_q(self.later_sizes, self.n_unseen)
        self.q_all = _pair_q(self.other_sizes, self.n_unseen)

    def _competes(self, act):
        """The event in which pair ``act`` competes for the main event (None: nothing)."""
        if act.event in (ONE, NONE):
            return None
        if self.main is None or act.event == self.main:
            return act.event
        if self.autojoin and self.main in R.qualifying_events(*act.values):
            return self.main
        return None

    def _threat_keys(self, e):
        """Ascending keys of the unseen card pairs in event ``e``."""
        ks = self.avail.get(e)
        if ks is None:
            u = self.unseen
            ks = [k for k, m in self.t.threats[e] if m & u == m]
            ks.reverse()
            self.avail[e] = ks
        return ks

    def stronger_pairs(self, e, k):
        ks = self._threat_keys(e)
        return len(ks) - bisect_left(ks, k + 1)

    def stronger_singles(self, k):
        single, u = self.t.single, self.unseen
        return sum(1 for c in R.cards_of(u) if single[c] > k)


def _keep_values(P, legal):
    """Rule 6: what each card of the hand is worth keeping for later tricks."""
    key = P.t.key
    later = sum(P.other_sizes)
    keep = {}
    for c in R.cards_of(P.hand):
        beaters = P.stronger_singles(P.t.single[c])
        keep[c] = _none_held(beaters, P.n_unseen, later)
    q = P.q_all
    for a in legal:
        act = R.ACTIONS[a]
        if act.event not in PAIR_EVENTS:
            continue
        k = key[a, act.event]
        v = LEAD_POINTS * (1.0 - q) ** P.stronger_pairs(act.event, k) / 2
        for c in act.cards:
            if v > keep[c]:
                keep[c] = v
    return keep


def _scores(P, legal):
    """Rules 1-6: each legal action's expected points now minus the value of the cards spent."""
    key = P.t.key
    keep = _keep_values(P, legal)
    hand_size = _popcount(P.hand)
    later_cards = sum(P.later_sizes)
    out = []
    for a in legal:
        act = R.ACTIONS[a]
        final = P.final or len(act.cards) == hand_size
        m1 = 5.0 if final else 3.0 + LEAD_BONUS
        m2 = 0.0 if final else 1.0
        ev = 0.0
        if act.event == ONE:
            k = key[a, ONE]
            if k > P.best_single:
                ev = _none_held(P.stronger_singles(k), P.n_unseen, later_cards)
        else:
            e = P._competes(act)
            if e is not None:
                k = key[a, e]
                rank = sum(1 for x in P.main_keys if x > k)
                beaters = P.stronger_pairs(e, k)
                q = P.q_later
                hold = (1.0 - q) ** beaters
                if rank == 0:
                    # beaten by exactly one later pair: still main #2
                    once = beaters * q * (1.0 - q) ** (beaters - 1) if beaters else 0.0
                    ev = hold * m1 + once * m2
                elif rank == 1:
                    ev = hold * m2
        cost = 0.0
        if not final:
            cost = KEEP * sum(keep[c] for c in act.cards) + CARD_COST * len(act.cards)
        out.append(ev - cost)
    return out


def choose(view, rng):
    legal = view.legal_actions()
    P = _Position(view, rng)
    scores = _scores(P, legal)
    best = max(scores)
    ties = [a for a, s in zip(legal, scores) if s >= best - 1e-9]
    return ties[rng.randbelow(len(ties))] if len(ties) > 1 else ties[0]
