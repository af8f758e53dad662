"""Dog Tag Trick: the readable reference engine, and the test oracle of the Cython engine in
``_state.pyx``. Every rule cites ``docs/rules/dog-tag-trick.md``.

Cards (§2.3): card id ``c = (icon - 1) * 9 + (base - 1)``, icons B, F, H, P = 1..4, ``base``
1..9 where base 5 is the 5/10 card (ids 4, 13, 22, 31). Hands and card sets are 36-bit masks.

Actions (§11): a fixed universe of 396 moves, numbered as the speed-limit program
``dtt_playout.c`` numbers them:

* ids 0..39, the singles (event ONE), by card id; a 5/10 card has two, as 5 then as 10;
* ids 40..395, the pairs, by card pair ``(i, j)`` with ``i < j``, then by the value of card
  ``i`` (base first, then 10), the value of card ``j``, and the event (SET, RUN, FIVE);
* only with ``unqualified_pairs=allowed_as_discard`` (§5.4, A1): ids 396..859, the pairs whose
  values qualify for no event, announced NONE, in the same (i, j, value i, value j) order.

Sorting the legal moves of a hand by id is therefore "singles by card, then pairs by cards".

A state is a whole game (§1): N rounds, each a fresh deal; every round's deal is drawn when the
game starts (from the seed), and the deals of the rounds still to come are part of the state
(hidden from everyone, re-dealt by determinization). The current round keeps its plays in
order (the public history, §10); the seat of each play follows from the trick leads.
"""
from __future__ import annotations

from typing import Any

from solver.errors import IllegalActionError
from solver.rng import Random

NUM_CARDS = 36
ALL_CARDS = (1 << NUM_CARDS) - 1
ICONS = "BFHP"                       # icon strength 1..4 (§2.1)
HAND_SIZE = {3: 11, 4: 9, 5: 7}      # §3
ONE, SET, RUN, FIVE, NONE = range(5)
EVENT_NAMES = ("ONE", "SET", "RUN", "FIVE", "NONE")
NUM_QUALIFYING_ACTIONS = 396         # §11


def base(c: int) -> int:
    """Printed rank 1..9 (5 = the 5/10 card)."""
    return c % 9 + 1


def icon(c: int) -> int:
    """Icon strength 1..4 (B F H P)."""
    return c // 9 + 1


def bit(c: int) -> int:
    return 1 << c


def cards_of(mask: int) -> list[int]:
    return [c for c in range(NUM_CARDS) if mask >> c & 1]


def values_of(c: int) -> tuple[int, ...]:
    """The values card ``c`` can be played at (§2.1: the 5/10 card as 5 or as 10)."""
    return (5, 10) if base(c) == 5 else (base(c),)


def qualifying_events(a: int, b: int) -> list[int]:
    """The pair events the played values ``a``, ``b`` qualify for (§5.3), in SET, RUN, FIVE
    order."""
    out = []
    if a == b:
        out.append(SET)
    if abs(a - b) == 1:
        out.append(RUN)
    if (a + b) % 5 == 0:
        out.append(FIVE)
    return out


class Action:
    """One move of the universe: cards (1 or 2, ascending ids), their played values, event."""

    __slots__ = ("id", "cards", "values", "event", "mask")

    def __init__(self, id: int, cards: tuple[int, ...], values: tuple[int, ...],
                 event: int) -> None:
        self.id, self.cards, self.values, self.event = id, tuple(cards), tuple(values), event
        self.mask = sum(bit(c) for c in cards)

    def __repr__(self) -> str:
        return f"Action({self.id}, {self.cards}, {self.values}, {EVENT_NAMES[self.event]})"


def _build_universe() -> tuple[Action, ...]:
    acts: list[Action] = []
    for c in range(NUM_CARDS):
        for v in values_of(c):
            acts.append(Action(len(acts), (c,), (v,), ONE))
    discards = []
    for i in range(NUM_CARDS):
        for j in range(i + 1, NUM_CARDS):
            for a in values_of(i):
                for b in values_of(j):
                    events = qualifying_events(a, b)
                    for e in events:
                        acts.append(Action(len(acts), (i, j), (a, b), e))
                    if not events:
                        discards.append(((i, j), (a, b)))
    assert len(acts) == NUM_QUALIFYING_ACTIONS
    for cards, values in discards:
        acts.append(Action(len(acts), cards, values, NONE))
    return tuple(acts)


ACTIONS = _build_universe()          # every action, qualifying ones first, then NONE discards
NUM_ALL_ACTIONS = len(ACTIONS)       # 396 + 464 discards
# Moves by the cards they use (mask -> ids ascending), for legal-move generation (§11).
MOVES_BY_CARDS: dict[int, list[int]] = {}
for _a in ACTIONS:
    MOVES_BY_CARDS.setdefault(_a.mask, []).append(_a.id)
del _a


def num_actions(options: dict[str, Any]) -> int:
    """Size of the action space under ``options`` (the discards exist only with option A1)."""
    return NUM_ALL_ACTIONS if options["unqualified_pairs"] == "allowed_as_discard" \
        else NUM_QUALIFYING_ACTIONS


def strength(event: int, cards: tuple[int, ...], values: tuple[int, ...],
             options: dict[str, Any]) -> tuple[int, ...]:
    """§7: the ranking key of a play in ``event`` (a tuple; larger = stronger). ``cards`` and
    ``values`` are the play's cards and played values (the values must qualify for ``event``)."""
    if event == ONE:
        return (values[0], icon(cards[0]))
    (c1, c2), (v1, v2) = cards, values
    i1, i2 = icon(c1), icon(c2)
    if event == SET:                                     # lower value wins; A7 icon tie-break
        hi, lo = max(i1, i2), min(i1, i2)
        if options["low_set_tiebreak"] == "min_icon":
            return (11 - v1, lo, hi)
        return (11 - v1, hi, lo)
    if event == RUN:                                     # lower low card wins; its icon breaks ties
        if v1 < v2:
            return (11 - v1, i1, i2)
        return (11 - v2, i2, i1)
    # FIVE: the top card (greater by (value, icon), A8) decides; the sum does not matter
    if (v1, i1) > (v2, i2):
        return (v1, i1, v2, i2)
    return (v2, i2, v1, i1)


def resolve_trick(plays: list[int], lead: int, n: int, is_final: bool,
                  options: dict[str, Any]) -> tuple[list[int], int]:
    """§9: score one complete trick. ``plays`` are the N action ids from the lead in play
    order. Returns (points per seat, next lead)."""
    main_event = None
    main, sub = [], []
    for k, a in enumerate(plays):
        seat = (lead + k) % n
        act = ACTIONS[a]
        if act.event == ONE:                             # §6.2: every single is in the sub event
            sub.append((strength(ONE, act.cards, act.values, options), seat))
        elif act.event != NONE:                          # a NONE discard competes in nothing (A1)
            if main_event is None:                       # §6.1, A5: the first pair fixes it
                main_event = act.event
            if act.event == main_event:
                main.append((strength(main_event, act.cards, act.values, options), seat))
            elif (options["announcement"] == "auto_join_main"
                  and main_event in qualifying_events(*act.values)):   # A4 alternative
                main.append((strength(main_event, act.cards, act.values, options), seat))
    main.sort(reverse=True)
    sub.sort(reverse=True)
    # §7.1: exact ties are impossible (one card per (icon, rank)).
    assert len({k for k, _ in main}) == len(main) and len({k for k, _ in sub}) == len(sub)
    pts = [0] * n
    m1 = main[0][1] if main else None
    m2 = main[1][1] if len(main) > 1 else None
    s1 = sub[0][1] if sub else None
    if m1 is not None:
        pts[m1] += 5 if is_final else 3                  # §8.1
    if m2 is not None and not is_final:                  # A13: main #2 scores 0 in the final trick
        pts[m2] += 1
    if s1 is not None:
        pts[s1] += 1
    if m1 is not None:                                   # §4.3, A14
        nxt = m1
    elif s1 is not None:
        nxt = s1
    else:
        nxt = lead                                       # only discards (A1): the lead again
    return pts, nxt


def deal_round(rng: Random, n: int) -> list[int]:
    """§3: a uniformly random deal of all 36 cards (Fisher-Yates over ids 0..35, then seat p
    gets the cards in positions p*H .. p*H+H-1). Returns the N hand masks; the rest is unused."""
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)
    h = HAND_SIZE[n]
    return [sum(bit(c) for c in deck[p * h:(p + 1) * h]) for p in range(n)]


class DogTagTrickState:
    """The full truth of a Dog Tag Trick game (plain Python; see the module docstring)."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = dict(options)
        self.n = options["players"]
        self.hand_size = HAND_SIZE[self.n]
        self.round = 0                 # 0..N-1 (§1)
        self.first_lead = 0            # first-trick lead of round 0 (§4.1)
        self.lead = 0                  # lead of the current trick
        self.totals = [0] * self.n     # running points (§8.1)
        self.hands = [0] * self.n
        self.unused = 0                # this round's face-down unused cards (§3, A18)
        self.history: list[int] = []   # this round's plays (action ids) in play order
        self.future: list[list[int]] = []  # the deals of rounds round+1 .. N-1 (hand masks by seat)
        self.over = False

    def clone(self) -> DogTagTrickState:
        s = DogTagTrickState.__new__(DogTagTrickState)
        s.__dict__ = {k: (list(v) if isinstance(v, list) else v) for k, v in self.__dict__.items()}
        s.future = [list(d) for d in self.future]
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DogTagTrickState) and self.__dict__ == other.__dict__

    # -- set-up -----------------------------------------------------------------------------
    def round_first_lead(self, r: None = None) -> int:
        """§4.2: the first lead rotates clockwise by one seat each round."""
        return (self.first_lead + (self.round if r is None else r)) % self.n

    def start_round(self, hands: list[int]) -> None:
        self.hands = list(hands)
        self.unused = ALL_CARDS
        for h in hands:
            self.unused &= ~h
        self.history = []
        self.lead = self.round_first_lead()

    # -- queries ----------------------------------------------------------------------------
    def played(self) -> int:
        """Cards played so far this round (public, §10)."""
        m = 0
        for a in self.history:
            m |= ACTIONS[a].mask
        return m

    def position_in_trick(self) -> int:
        return len(self.history) % self.n

    def current_player(self) -> int:
        if self.over:
            return -1
        return (self.lead + self.position_in_trick()) % self.n

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list[int]:
        """§5.1, §11: every single and every qualifying (pair, values, event) of the mover's
        hand; nothing else matters (no follow obligation, A3)."""
        if self.over:
            return []
        hand = cards_of(self.hands[self.current_player()])
        allowed = num_actions(self.options)
        out = []
        for k, i in enumerate(hand):
            out += MOVES_BY_CARDS[bit(i)]
            for j in hand[k + 1:]:
                out += [a for a in MOVES_BY_CARDS[bit(i) | bit(j)] if a < allowed]
        return sorted(out)

    def trick_leads(self) -> list[int]:
        """The lead of every trick of this round that has at least one play (recomputed from
        the history: §4.2 for the first, §4.3 for the others)."""
        hist, n = self.history, self.n
        leads = []
        lead = self.round_first_lead()
        for t in range(0, len(hist), n):
            leads.append(lead)
            if t + n <= len(hist):
                _, lead = resolve_trick(hist[t:t + n], lead, n, False, self.options)
        return leads

    # -- moves ------------------------------------------------------------------------------
    def apply_action(self, a: int) -> None:
        if a not in self.legal_actions():
            raise IllegalActionError(f"action {a} is not legal here")
        p = self.current_player()
        self.hands[p] &= ~ACTIONS[a].mask
        self.history.append(a)
        if self.position_in_trick() == 0:
            self._finish_trick()

    def _finish_trick(self) -> None:
        n = self.n
        is_final = any(h == 0 for h in self.hands)       # §8.2
        pts, nxt = resolve_trick(self.history[-n:], self.lead, n, is_final, self.options)
        for p in range(n):
            self.totals[p] += pts[p]
        if not is_final:
            self.lead = nxt
            return
        if self.round == n - 1:                          # §8.3: N rounds
            self.over = True
            return
        self.round += 1                                  # §3: a fresh deal every round
        self.start_round(self.future.pop(0))

    # -- results ----------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """The running points of every seat (§8.1)."""
        return [float(x) for x in self.totals]

    def returns(self) -> list[float]:
        """Each seat's final points (§8.3); zeros before the end."""
        if not self.over:
            return [0.0] * self.n
        return [float(x) for x in self.totals]

    def winners(self) -> list[int]:
        """§8.3, A20: every seat with the highest total shares the victory."""
        best = max(self.totals)
        return [p for p in range(self.n) if self.totals[p] == best]


def new_initial_state(options: dict[str, Any], seed: int = 0) -> DogTagTrickState:
    """A game whose first lead (if random, §4.1) and N deals (§3) are drawn from ``seed``, in
    that order: the same draws as the Cython engine's new_initial_state."""
    rng = Random(seed)
    s = DogTagTrickState(options)
    fl = options["first_lead"]
    s.first_lead = rng.randbelow(s.n) if fl == "random" else int(fl)
    deals = [deal_round(rng, s.n) for _ in range(s.n)]
    s.future = deals[1:]
    s.start_round(deals[0])
    return s
