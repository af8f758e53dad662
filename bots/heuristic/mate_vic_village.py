"""Mate (Vic Village) rules of thumb (rules: ../shared/rules/mate-vic-village.md):

1. Score is relative: a point I gain counts +1, a point an opponent gains counts -1/(n-1)
   (the margin against the mean of the others). Hence STAY: lose the trick (-2 to me, or +2
   spread over someone else); GO!: win it (+W) or be 2nd (a reward card, worth the mean number
   still hidden in the reward pile).
2. Last to play: the trick's outcome is certain (§6.4-6.5), so take the exact best of it.
3. Earlier in the trick: estimate how likely a card holds the trick from the cards still
   unseen (hypergeometric odds for each later seat, respecting its public voids and the
   follow rule), halfway between a random follower and one who beats me whenever he can (GO!)
   or only when forced to (STAY). Later equal numbers win, so an early card is weak.
4. Leading GO-N with an N is the best lead: either it wins N or a later N makes me 2nd. A low
   lead into STAY is safe (a 1 always loses a STAY-N, N != 1), a high one is not.
5. Plan the hand: keep as many cards as GO! tricks remain, the ones best placed there (high
   numbers and the numbers of unrevealed GO! cards, which also makes them harmless dumps);
   every other card is a STAY liability, worst when high or matching an unrevealed STAY
   number. Each play is the card maximizing (this trick's expected value) + (the plan value of
   the cards left), so a sure-to-lose play dumps the worst liability and a trick is only won
   with a card the plan does not need more.
6. Voids are worth having (when the colour is led I may play anything: a safe dump in STAY, a
   winner in GO!): playing my last card of a colour earns a bonus, scaled by the tricks left.
7. Discard: the card (4 players) or pair (3 players) whose loss leaves the best plan, with the
   void bonus for each colour it empties.

Reads the view only through public facts and this seat's own cards: one redacted world
(``view.determinize(0)``, a fixed seed) gives the trick history, voids, hand sizes, reward
pile size and the unrevealed instruction multiset; hidden cards are never looked at, so the
decision is a function of the view. Ties are broken with ``rng``. Pure Python: a median play
takes under 0.1 ms, the 3-player discard (120 pairs) about 0.5 ms.
"""
from solver.games.mate_vic_village import rules as R

NUM_MASK = (0,) + tuple(sum(1 << (10 * c + v - 1) for c in range(5)) for v in range(1, 11))
# Rule 3: weight of the random-follower model against the strategic one.
RANDOM_WEIGHT = 0.5
# Rule 5: share of a STAY liability that materializes (it can often be dumped safely).
LIABILITY = 0.5
# Rules 6-7: plan value of a void for a whole round (points).
VOID_BONUS = 1.5


def choose(view, rng):
    world = view.determinize(0).to_reference()
    me = view.player
    legal = view.legal_actions()
    ctx = _Context(world, me)
    if world.phase == R.DISCARD:
        cards = R.cards_of(ctx.hand)
        pairs = {R.pair_id(a, b): (a, b) for j, b in enumerate(cards) for a in cards[:j]}
        per_colour = [(ctx.hand & m).bit_count() for m in R.COLOR_MASK]
        scored = [(_discard_value(ctx, pairs.get(a, (a,)), per_colour), a) for a in legal]
    else:
        scored = _play_values(ctx, world, me, legal)
    best = max(v for v, _ in scored)
    top = [a for v, a in scored if v >= best - 1e-9]
    return top[rng.randbelow(len(top))] if len(top) > 1 else top[0]


class _Context:
    """The public facts of one decision, seen from seat ``me``."""

    def __init__(self, w, me):
        self.n = n = w.n
        self.me = me
        self.hand = w.hands[me]
        seen = w.hands[me] | w.discards[me]
        for q in range(n):
            seen |= w.played[q] | w.drawn[q]
        self.unknown = R.ALL_CARDS & ~seen
        u = self.unknown.bit_count()
        self.freq = [(self.unknown & NUM_MASK[v]).bit_count() / u if u else 0.0 for v in range(11)]
        self.sizes = [w.hands[q].bit_count() for q in range(n)]
        self.voids = list(w.voids)
        self.options = w.options
        # The instruction cards of the tricks still to come after this decision's trick.
        self.future = w.unrevealed() if w.phase == R.PLAY else sorted(
            i for i in range(R.NUM_INSTRUCTIONS) if not w.removed >> i & 1)
        # Mean number of a reward card (my undrawn discards are known pile cards).
        drawn = 0
        for q in range(n):
            drawn |= w.drawn[q]
        pile = len(w.reward) - w.reward_pos if w.phase == R.PLAY else 0
        mine = w.discards[me] & ~drawn
        mean_unknown = sum(v * self.freq[v] for v in range(1, 11)) or 5.5
        if pile:
            known = sum(R.number(c) for c in R.cards_of(mine))
            self.reward = (known + (pile - mine.bit_count()) * mean_unknown) / pile
        else:
            self.reward = mean_unknown
        self._card_values()
        self._sorted = None

    def _card_values(self):
        """Rule 5: per number, its value in a GO! trick still to come and its STAY liability."""
        n, f = self.n, self.freq
        others = n - 1
        below = [0.0] * 11
        acc = 0.0
        for v in range(1, 11):
            below[v] = acc + 0.5 * f[v]          # a random other card is lower (ties: half later)
            acc += f[v]
        gos = [R.instr_number(i) for i in self.future if R.instr_type(i) == R.GO]
        stays = [R.instr_number(i) for i in self.future if R.instr_type(i) == R.STAY]
        self.ngo = len(gos)
        self.asset = [0.0] * 11
        self.liability = [0.0] * 11
        for v in range(1, 11):
            p_max = below[v] ** others

            def hold(N):
                if v == N:
                    return (1.0 - 0.5 * f[N]) ** others
                return (1.0 - f[N]) ** others * p_max
            if gos:
                vals = [hold(N) * (N if v == N else v) for N in gos]
                self.asset[v] = 0.5 * (max(vals) + sum(vals) / len(vals))
            if stays:
                self.liability[v] = 2.0 * sum(hold(N) for N in stays) / len(stays)

    def plan_without(self, gone):
        """Rule 5: the plan value of my hand less the cards ``gone`` (a set of ids): the best
        split into GO! cards (as many as GO! tricks remain) and STAY cards, each GO! card
        worth its asset, each STAY card its liability times LIABILITY (negative)."""
        if self._sorted is None:
            cards = R.cards_of(self.hand)
            self._liab = {c: LIABILITY * self.liability[c % 10 + 1] for c in cards}
            self._base = -sum(self._liab.values())
            self._sorted = sorted(((self.asset[c % 10 + 1] + self._liab[c], c) for c in cards),
                                  reverse=True)
        value = self._base + sum(self._liab[c] for c in gone)
        k = self.ngo
        for key, c in self._sorted:
            if k == 0:
                break
            if c not in gone:
                value += key
                k -= 1
        return value


def _discard_value(ctx, cards, per_colour):
    """Rule 7 (``per_colour``: my cards of each colour before the discard)."""
    voids = 0
    if len(cards) == 1:
        voids = per_colour[cards[0] // 10] == 1
    elif cards[0] // 10 == cards[1] // 10:
        voids = per_colour[cards[0] // 10] == 2
    else:
        voids = (per_colour[cards[0] // 10] == 1) + (per_colour[cards[1] // 10] == 1)
    return ctx.plan_without(cards) + VOID_BONUS * voids


def _hyp0(a, s, h):
    """P(a hand of h cards drawn from a pool of a cards holds none of s marked ones)."""
    if h <= 0 or s <= 0:
        return 1.0
    if a - s < h:
        return 0.0
    p = 1.0
    for i in range(h):
        p *= (a - s - i) / (a - i)
    return p


def _beat_prob(ctx, seat, lead_colour, beat, stay):
    """Rule 3: probability that seat (to play later in this trick) plays a card of ``beat``."""
    h = ctx.sizes[seat]
    pool = ctx.unknown & ~R.colour_set(ctx.voids[seat])
    a = pool.bit_count()
    if a == 0 or h == 0:
        return 0.0
    L = pool & R.COLOR_MASK[lead_colour]
    rest = pool & ~L
    nl, nr = L.bit_count(), rest.bit_count()
    lb, rb = (L & beat).bit_count(), (rest & beat).bit_count()
    p_nol = _hyp0(a, nl, h)
    p_has = 1.0 - p_nol
    q_rand = p_has * (lb / nl if nl else 0.0) + p_nol * (rb / nr if nr else 0.0)
    if stay:     # he beats me only when every legal card of his does
        p_nol_in = p_nol * _hyp0(nr, nr - rb, h) if nr >= h else 0.0
        q_strat = max(0.0, _hyp0(a, nl - lb, h) - p_nol) + p_nol_in
    else:        # he beats me whenever he can
        q_strat = (1.0 - _hyp0(a, lb, h)) + p_nol * (1.0 - _hyp0(nr, rb, h) if nr >= h else 0.0)
    return RANDOM_WEIGHT * q_rand + (1.0 - RANDOM_WEIGHT) * q_strat


def _play_values(ctx, w, me, legal):
    n = ctx.n
    instr = w.instruction()
    go = R.instr_type(instr) == R.GO
    N = R.instr_number(instr)
    t = w.trick
    cur = w.plays[t * n:]
    leader = w.leaders[t]
    later = [(leader + i) % n for i in range(len(cur) + 1, n)]
    share = 1.0 / (n - 1)
    out = []
    for x in legal:
        cards = cur + [x]
        W, wi, tied = R.resolve_trick(instr, cards)
        mine = wi == len(cur)
        if not later:                                         # rule 2: exact
            gain = [0.0] * n
            winner = (leader + wi) % n
            if go:
                gain[winner] += W
                for qi in R.reward_qualifiers(instr, W, tied, ctx.options):
                    gain[(leader + qi) % n] += ctx.reward
            else:
                gain[winner] -= 2
            now = gain[me] - share * (sum(gain) - gain[me])
        elif not mine:                                        # someone else holds it
            now = -share * W if go else 2 * share
        else:                                                 # rule 3: estimate
            lead_colour = R.color(cards[0])
            if W == N:
                beat = equal = NUM_MASK[N]
            else:
                equal = NUM_MASK[W]
                beat = NUM_MASK[N]
                for v in range(W, 11):
                    beat |= NUM_MASK[v]
            keep, p_eq, p_any = 1.0, 0.0, 0.0
            for q in later:
                pb = _beat_prob(ctx, q, lead_colour, beat, not go)
                keep *= 1.0 - pb
                if go:
                    pe = _beat_prob(ctx, q, lead_colour, equal, False)
                    p_eq += pe
                    p_any += pb
            if go:
                second = 0.0
                if p_any > 0 and not (ctx.options["go_second_requires_target_match"] and W != N):
                    second = (1.0 - keep) * min(1.0, p_eq / p_any)
                now = keep * W - (1.0 - keep) * share * W + second * ctx.reward
            else:
                now = -2.0 * keep + 2.0 * share * (1.0 - keep)
        if ctx.hand & R.COLOR_MASK[R.color(x)] == 1 << x:     # rule 6: a void from now on
            now += VOID_BONUS * len(ctx.future) / (len(ctx.future) + 1)
        out.append((now + ctx.plan_without((x,)), x))
    return out
