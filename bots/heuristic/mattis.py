"""Mattis rules of thumb (rules: ../shared/rules/mattis.md).

Phase 1 (collecting) decides what the phase-2 hand holds, and there quality counts more than
quantity: low plain cards are what make a player the mattis, trumps and high cards are what
shed a hand.

1. Worth of a card for phase 2 (``PLAIN_WORTH``, ``TRUMP_WORTH``): a 2-4 is junk, a 5-7 poor,
   8-10 neutral, J-A good, a trump better still. While trumps are unknown every card counts a
   quarter as a trump.
2. Phase 1, one ply: for each card, the chance it takes the trick (it must top this round; every
   player still to play after us is taken to play an unseen card; a tie counts half). Taking
   the trick gains the worth of every card in it; losing it gives our card away. Play the card
   with the best expected gain: junk goes onto tricks others take, good cards take tricks
   (our card comes back with the trick), a trick full of junk is left to someone else.
3. BLIND (top stock card, allowed while the stock holds two or more) is scored the same way
   over the unseen cards, except that a losing blind card costs us nothing from the hand: it is
   the way out when every hand card would take a junk trick.

Phase 2 (shedding; perfect information):

4. Going out beats everything: lead or beat with a lay that empties the hand.
5. Following: beat with the cheapest lay (a plain card of the top's suit before a trump, then
   the longest run, then the lowest rank) - a beat sheds a card, a pick-up gains one.
6. Keep trumps: when the only beats are trumps and ours would not complete the trick (so we
   would not take the lead either), pick up instead.
7. Leading: shed the weakest cards first (low plain cards only ever leave the hand by being
   led): the lowest plain card, as the longest run from it, trumps last.
8. A phase 2 that drags on (``LONG_GAME`` actions per player) is most likely a cycle: then lead
   a random lay and stop saving trumps, so that the game ends.

The bot reads only the view JSON (phase 1: its own hand, the public trick and won piles, sizes;
phase 2: everything, as the rules make it public). One ply at most, no sampling; ties in the
scores are broken with the rng.
"""
from solver.games.mattis import notation as N
from solver.games.mattis import rules as R

BLIND = R.BLIND
PICKUP = R.PICKUP

# Rule 1, in points (percent) of the chance to lose the game per card held at the start of
# phase 2, sign flipped: a least-squares fit of "lost" on the phase-2 starting hands of 800
# four-player games among variants of this bot; three- and six-player tables give the same shape.
PLAIN_WORTH = (-7, -7, -7, -3, -3, -3, 0, 0, 0, 2, 2, 2, 3)        # rank index 0 (2) ... 12 (A)
TRUMP_WORTH = 5
LONG_GAME = 60                                                      # rule 8, per player

# Text -> id for every card and run (the view JSON spells them as text).
_LAY = {N.action_to_str(a): a for a in range(R.BLIND)}


def choose(view, rng):
    j = view.to_json()
    legal = view.legal_actions()
    if j["phase"] == "phase1":
        best = _phase1(j, view.player, legal)
    else:
        best = _phase2(j, view.player, legal, view.game.options)
    return best[rng.randbelow(len(best))] if len(best) > 1 else best[0]


def _mask(names):
    m = 0
    for t in names:
        m |= R.lay_cards(_LAY[t])
    return m


def _worth(c, trumps):
    """Rule 1 (``trumps`` -1 while unknown)."""
    if trumps < 0:
        return 0.75 * PLAIN_WORTH[R.rank(c)] + 0.25 * TRUMP_WORTH
    return TRUMP_WORTH if R.suit(c) == trumps else PLAIN_WORTH[R.rank(c)]


# -- phase 1 ----------------------------------------------------------------------------------
def _round(j, me):
    """(cards played so far in the current round, players still to play after ``me`` in it)."""
    n = j["players"]
    trick = j["trick"]
    order = [(j["leader"] + k) % n for k in range(n)]
    if not trick:
        return [], order[order.index(me) + 1:]
    last = max(e["round"] for e in trick)
    plays = [(e["player"], _LAY[e["card"]]) for e in trick if e["round"] == last]
    if any(p == me for p, _c in plays):
        # We played in the newest round already, so it is complete and tied: a tie-break round
        # among the tied players begins (in the same order) and we are the first to play in it.
        top = max(R.rank(c) for _p, c in plays)
        tied = [p for p, c in plays if R.rank(c) == top]
        return [], tied[tied.index(me) + 1:]
    if last == 1:
        contenders = order
    else:
        prev = [(e["player"], _LAY[e["card"]]) for e in trick if e["round"] == last - 1]
        top = max(R.rank(c) for _p, c in prev)
        contenders = [p for p, c in prev if R.rank(c) == top]
    done = {p for p, _c in plays}
    after = contenders[contenders.index(me) + 1:] if me in contenders else []
    return [c for _p, c in plays], [p for p in after if p not in done]


def _unseen(j):
    """The cards this seat has not seen: the other hands' hidden cards and the stock."""
    seen = 0
    for names in j["hands"] + j["won"]:
        seen |= _mask(names)
    seen |= _mask([e["card"] for e in j["trick"]])
    if j["trump_card"] is not None:
        seen |= R.bit(_LAY[j["trump_card"]])
    return R.cards_of(R.ALL_CARDS & ~seen)


def _phase1(j, me, legal):
    trumps = N.SUITS.index(j["trumps"]) if j["trumps"] is not None else -1
    plays, after = _round(j, me)
    top = max((R.rank(c) for c in plays), default=-1)
    pot = sum(_worth(_LAY[e["card"]], trumps) for e in j["trick"])
    unseen = _unseen(j)
    below = [0] * 14                                # below[r]: unseen cards of rank index < r
    for c in unseen:
        below[R.rank(c) + 1] += 1
    for r in range(1, 14):
        below[r] += below[r - 1]

    def p_take(r):
        """Rule 2: the chance that a card of rank index ``r`` takes the trick."""
        if r < top:
            return 0.0
        q = (below[r] + 0.5 * (below[r + 1] - below[r])) / len(unseen) if unseen else 1.0
        return q ** len(after) * (0.5 if r == top else 1.0)

    scored = []
    for a in legal:
        if a == BLIND:                              # rule 3
            if not unseen:
                continue
            g = sum(p_take(R.rank(b)) * (pot + _worth(b, trumps)) for b in unseen) / len(unseen)
        else:                                       # rule 2
            p = p_take(R.rank(a))
            g = p * pot - (1 - p) * _worth(a, trumps)
        scored.append((g, a))
    best = max(g for g, _a in scored)
    return [a for g, a in scored if g >= best - 1e-9]


# -- phase 2 ----------------------------------------------------------------------------------
def _phase2(j, me, legal, options):
    trumps = N.SUITS.index(j["trumps"])
    hand = _mask(j["hands"][me])
    lays = [a for a in legal if a != PICKUP]
    if not lays:
        return [PICKUP]
    out = [a for a in lays if R.lay_cards(a) == hand]               # rule 4
    if out:
        return out[:1]
    long_game = j["phase2_actions"] >= LONG_GAME * j["players"]     # rule 8
    if j["leading"]:
        if long_game:
            return lays
        return [min(lays, key=lambda a: (R.lay_suit(a) == trumps, R.lay_lo(a),   # rule 7
                                         -R.lay_length(a), a))]
    beat = min(lays, key=lambda a: (R.lay_suit(a) == trumps, -R.lay_length(a),   # rule 5
                                    R.lay_lo(a), a))
    if R.lay_suit(beat) == trumps and not long_game:                # rule 6
        size = len(j["lays"]) if options["trick_count"] == "present" else j["played"]
        if size + 1 < j["trick_size"]:
            return [PICKUP]
    return [beat]
