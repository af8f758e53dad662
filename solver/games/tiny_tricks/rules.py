"""Tiny Tricks: the readable reference engine, and the test oracle of the Cython engine in
``_state.pyx``. Every rule cites ``docs/rules/tiny-tricks.md``.

Encoding (T1): card id ``c = 3 * suit + rank`` with suits C, D, H = 0, 1, 2 and ranks J, Q, K =
0, 1, 2; a card set is an int bit mask; an action is the id of the card played. Seats play
clockwise, ``p`` then ``p + 1 mod n``.
"""
from __future__ import annotations

from typing import Any

from solver.cards import draw_subset
from solver.errors import IllegalActionError
from solver.rng import Random

HAND_SIZE = 3
TRICKS = 3
SUITS = "CDH"
RANKS = "JQK"


def suit(c: int) -> int:
    return c // 3


def rank(c: int) -> int:
    return c % 3


def bit(c: int) -> int:
    return 1 << c


def num_cards(players: int) -> int:
    """T1: two suits for two players, three for three."""
    return 3 * players


def suit_mask(s: int) -> int:
    return 0b111 << (3 * s)


def void_mask(voids: int) -> int:
    """The cards of every suit in the suit-bit set ``voids``."""
    return sum(suit_mask(s) for s in range(3) if voids >> s & 1)


def cards_of(mask: int) -> list[int]:
    return [c for c in range(9) if mask >> c & 1]


def popcount(mask: int) -> int:
    return bin(mask).count("1")


class TinyTricksState:
    """The full truth of a Tiny Tricks game (plain Python; see the module docstring)."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = dict(options)
        self.players: int = options["players"]
        self.first_leader = 0
        self.deal = [0] * self.players        # the hands as dealt (T2)
        self.hand = [0] * self.players        # the cards still held
        self.played_by = [0] * self.players   # the cards each seat has played
        self.voids = [0] * self.players       # suit bits each seat has shown it lacks (T8)
        self.points = [0] * self.players
        self.leader = 0
        self.trick: list[int] = []            # the current trick's cards, in play order
        self.history: list[int] = []          # every card played, in order

    def clone(self) -> TinyTricksState:
        s = TinyTricksState.__new__(TinyTricksState)
        s.__dict__ = {k: (list(v) if isinstance(v, list) else v) for k, v in self.__dict__.items()}
        s.options = self.options
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TinyTricksState) and self.__dict__ == other.__dict__

    # -- queries ----------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return len(self.history) == TRICKS * self.players           # T7

    def current_player(self) -> int:
        if self.is_terminal():
            return -1
        return (self.leader + len(self.trick)) % self.players      # T4: clockwise

    def legal_actions(self) -> list[int]:
        p = self.current_player()
        if p < 0:
            return []
        h = self.hand[p]
        if self.trick:                                              # T4: follow suit if able
            same = h & suit_mask(suit(self.trick[0]))
            if same:
                return cards_of(same)
        return cards_of(h)                                          # T3, or no card of the suit

    # -- moves ------------------------------------------------------------------------------
    def apply_action(self, a: int) -> None:
        if a not in self.legal_actions():
            raise IllegalActionError(f"action {a} is not legal here")
        p = self.current_player()
        if self.trick and suit(a) != suit(self.trick[0]):
            self.voids[p] |= 1 << suit(self.trick[0])              # T8: a shown void
        self.hand[p] &= ~bit(a)
        self.played_by[p] |= bit(a)
        self.trick.append(a)
        self.history.append(a)
        if len(self.trick) == self.players:
            self._finish_trick()

    def _finish_trick(self) -> None:
        led = suit(self.trick[0])
        best = max((i for i in range(self.players) if suit(self.trick[i]) == led),
                   key=lambda i: rank(self.trick[i]))                # T5
        winner = (self.leader + best) % self.players
        last = len(self.history) == TRICKS * self.players
        self.points[winner] += 2 if last and self.options["last_trick_bonus"] else 1   # T6, O2
        self.leader = winner
        self.trick = []

    # -- results ----------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(x) for x in self.points]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        return self.scores()


def new_state(options: dict[str, Any], deal: list[int], first_leader: int) -> TinyTricksState:
    """A game about to start from the given hands."""
    s = TinyTricksState(options)
    s.deal = list(deal)
    s.hand = list(deal)
    s.first_leader = s.leader = first_leader
    return s


def new_initial_state(options: dict[str, Any], seed: int = 0) -> TinyTricksState:
    """T2: the first leader (O3) then each seat's hand in seat order, drawn from ``seed``."""
    rng = Random(seed)
    n = options["players"]
    fl = options["first_leader"]
    first = rng.randbelow(n) if fl == "random" else int(fl)
    rest = (1 << num_cards(n)) - 1
    deal = []
    for _ in range(n):
        h = draw_subset(rng, rest, HAND_SIZE)
        rest &= ~h
        deal.append(h)
    return new_state(options, deal, first)


def consistent_splits(s: TinyTricksState, observer: int) -> list[int]:
    """T8: the hands the seat after ``observer`` may hold (three players): every subset of the
    cards unseen by the observer of the right size that respects both other seats' voids, in
    ascending order of mask. (With two players the other hand is known.)"""
    a, b = (observer + 1) % 3, (observer + 2) % 3
    unseen = s.hand[a] | s.hand[b]
    out = []
    for m in range(1 << 9):
        if m & ~unseen or popcount(m) != popcount(s.hand[a]):
            continue
        if m & void_mask(s.voids[a]) or (unseen & ~m) & void_mask(s.voids[b]):
            continue
        out.append(m)
    return out


def determinize(s: TinyTricksState, observer: int, rng: Random) -> TinyTricksState:
    """A copy with the cards hidden from ``observer`` re-dealt uniformly among the consistent
    deals (T8): the same draw as the engine's determinize_c."""
    w = s.clone()
    if s.players == 2:
        return w
    splits = consistent_splits(s, observer)
    m = splits[rng.randbelow(len(splits))]
    a, b = (observer + 1) % 3, (observer + 2) % 3
    unseen = s.hand[a] | s.hand[b]
    w.hand[a], w.hand[b] = m, unseen & ~m
    w.deal[a], w.deal[b] = m | s.played_by[a], (unseen & ~m) | s.played_by[b]
    return w
