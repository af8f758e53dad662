"""Mate (the 2-player classic): the readable reference engine, and the test oracle of the
Cython engine in ``_state.pyx``. Every rule cites ``docs/rules/mate.md``.

Encoding (§2.2): card id ``c = 4*rank + suit``, ranks 7,Q,K,10,A = 0..4, suits D,H,S,C = 0..3;
in a completed trick the larger id wins. Actions: 0..19 = that card (force it, lead it or
follow with it, by phase); 20 = PASS (decline to force).

A state is a whole four-game match (§3). Seats: seat ``first_dealer`` deals games 1 and 4.
"""
from __future__ import annotations

from typing import Any

from solver.cards import draw_subset
from solver.errors import IllegalActionError
from solver.rng import Random

PASS = 20
NUM_ACTIONS = 21
ALL_CARDS = (1 << 20) - 1
VALUE = (7, 3, 4, 10, 11)             # by rank index (§2.1)
SUIT_MASK = tuple(0x11111 << s for s in range(4))
RANK_MASK = tuple(0xF << (4 * r) for r in range(5))

# Phases within one game (§10).
FORCE_DEALER, FORCE_OTHER, LEAD, FOLLOW, OVER = range(5)
PHASE_NAMES = ("force_dealer", "force_other", "lead", "follow", "over")


def rank(c: int) -> int:
    return c >> 2


def suit(c: int) -> int:
    return c & 3


def bit(c: int) -> int:
    return 1 << c


def cards_of(mask: int) -> list[int]:
    return [c for c in range(20) if mask >> c & 1]


def dealer_of(game_no: int, first_dealer: int) -> int:
    """§3.1: games 1 and 4 are dealt by the first dealer, games 2 and 3 by the other seat."""
    return first_dealer if game_no in (1, 4) else 1 - first_dealer


class MateState:
    """The full truth of a Mate match (plain Python; see the module docstring)."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = dict(options)
        self.first_dealer = 0
        self.game_no = 1
        self.dealer = 0
        self.phase = FORCE_DEALER
        self.trick = 1            # 1..10; 11 only transiently
        self.leader = 0
        self.led = -1             # card led in the current trick, or -1
        self.hand = [0, 0]        # cards available to play (forced cards excluded until trick 10)
        self.dealt = [0, 0]       # the ten cards each seat was dealt for this game (§3.2)
        self.next_deal = [0, 0]   # the game-3 hands by seat (dealt at match start, hidden, §9.1)
        self.forced = [-1, -1]    # forced card per seat, or -1 (§4)
        self.restrict = [0, 0]    # the non-dealer's cards barred by the dealer's forced card
        self.voids = [0, 0]       # suit bits each seat revealed it lacks by a rank-follow
        self.totals = [0, 0]
        # per finished game: (winner or -1, points, trick, card or -1)
        self.results: list[tuple[int, int, int, int]] = []

    # -- set-up -----------------------------------------------------------------------------
    def _start_game(self, hands: list[int]) -> None:
        self.dealer = dealer_of(self.game_no, self.first_dealer)
        self.phase = FORCE_DEALER
        self.trick, self.leader, self.led = 1, self.dealer, -1
        self.hand = list(hands)
        self.dealt = list(hands)
        self.forced = [-1, -1]
        self.restrict = [0, 0]
        self.voids = [0, 0]

    def clone(self) -> MateState:
        s = MateState.__new__(MateState)
        s.__dict__ = {k: (list(v) if isinstance(v, list) else v) for k, v in self.__dict__.items()}
        s.options = self.options
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MateState) and self.__dict__ == other.__dict__

    # -- queries ----------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == OVER:
            return -1
        if self.phase == FORCE_DEALER:
            return self.dealer
        if self.phase == FORCE_OTHER:
            return 1 - self.dealer
        if self.phase == LEAD:
            return self.leader
        return 1 - self.leader

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def follow_set(self, follower: int, led: int) -> int:
        """§5.3: the led suit if held, else the led rank; empty means mate (§6)."""
        h = self.hand[follower]
        s = h & SUIT_MASK[suit(led)]
        return s if s else h & RANK_MASK[rank(led)]

    def legal_actions(self) -> list[int]:
        p = self.current_player()
        if p < 0:
            return []
        h = self.hand[p]
        if self.phase == FORCE_DEALER:                       # §4.1 step 1
            return cards_of(h) + [PASS]
        if self.phase == FORCE_OTHER:                        # §4.1 step 2, A4, A5
            f = self.forced[self.dealer]
            if f < 0:
                if self.options["nondealer_force_requires_dealer_force"]:
                    return [PASS]
                return cards_of(h) + [PASS]
            return cards_of(h & ~SUIT_MASK[suit(f)] & ~RANK_MASK[rank(f)]) + [PASS]
        if self.phase == LEAD:                               # §5.2
            return cards_of(h)
        return cards_of(self.follow_set(p, self.led))        # §5.3

    # -- moves ------------------------------------------------------------------------------
    def apply_action(self, a: int) -> None:
        if a not in self.legal_actions():
            raise IllegalActionError(f"action {a} is not legal here")
        p = self.current_player()
        if self.phase in (FORCE_DEALER, FORCE_OTHER):
            if a != PASS:
                self.forced[p] = a
                self.hand[p] &= ~bit(a)
                if self.phase == FORCE_DEALER:
                    # The non-dealer's observation: which of his cards the rule bars (§9.2).
                    n = 1 - p
                    self.restrict[n] = self.dealt[n] & (SUIT_MASK[suit(a)] | RANK_MASK[rank(a)])
            if self.phase == FORCE_DEALER:
                self.phase = FORCE_OTHER
            else:
                self.phase, self.trick, self.leader, self.led = LEAD, 1, self.dealer, -1
            return
        if self.phase == LEAD:
            self.hand[p] &= ~bit(a)
            if self.follow_set(1 - p, a) == 0:              # §6: mate at the lead
                self._finish_game(p, a)
            else:
                self.led, self.phase = a, FOLLOW
            return
        # FOLLOW
        self.hand[p] &= ~bit(a)
        if suit(a) != suit(self.led):
            self.voids[p] |= 1 << suit(self.led)            # a rank-follow shows a void
        self.leader = self.leader if self.led > a else p    # §5.4: the larger id wins
        self.led = -1
        self.trick += 1
        if self.trick == 10:                                # §4.2: forced cards come back
            for q in (0, 1):
                if self.forced[q] >= 0:
                    self.hand[q] |= bit(self.forced[q])
        if self.trick > 10:                                 # §6: trick 10 completed: draw
            self._finish_game(-1, -1)
        else:
            self.phase = LEAD

    def points(self, winner: int, card: int) -> int:
        """§7: V × (k + b) × m, with option double_rule (A11)."""
        k = self.trick
        b = 1 if self.forced[winner] >= 0 else 0
        if self.options["double_rule"] == "own_forced_card":
            m = 2 if k == 10 and card == self.forced[winner] else 1
        else:  # any_trick10_mate_when_anyone_forced
            m = 2 if k == 10 and (self.forced[0] >= 0 or self.forced[1] >= 0) else 1
        return VALUE[rank(card)] * (k + b) * m

    def _finish_game(self, winner: int, card: int) -> None:
        if winner >= 0:
            pts = self.points(winner, card)
            self.totals[winner] += pts
            self.results.append((winner, pts, self.trick, card))
        else:
            self.results.append((-1, 0, 10, -1))
        if self.game_no == 4:                               # §8: exactly four games
            self.phase, self.led = OVER, -1
            return
        prev = self.dealt
        self.game_no += 1
        if self.game_no in (2, 4):                          # §3.1: the hands exchanged
            hands = [prev[1], prev[0]]
        else:
            hands = list(self.next_deal)
            self.next_deal = [0, 0]
        self._start_game(hands)

    # -- results ----------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """Running zero-sum point difference (§8's per-game utility, summed)."""
        d = self.totals[0] - self.totals[1]
        return [float(d), float(-d)]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        d = self.totals[0] - self.totals[1]
        if self.options["utility"] == "match_result":       # A21
            d = (d > 0) - (d < 0)
        return [float(d), float(-d)]


def new_initial_state(options: dict[str, Any], seed: int = 0) -> Any:
    """A match whose two shuffles (games 1 and 3) and first dealer are drawn from ``seed``."""
    rng = Random(seed)
    s = MateState(options)
    fd = options["first_dealer"]
    s.first_dealer = rng.randbelow(2) if fd == "random" else int(fd)
    first = draw_subset(rng, ALL_CARDS, 10)               # game 1: the first dealer's hand
    third = draw_subset(rng, ALL_CARDS, 10)               # game 3: its dealer's hand
    hands1 = [0, 0]
    hands1[s.first_dealer] = first
    hands1[1 - s.first_dealer] = ALL_CARDS & ~first
    d3 = 1 - s.first_dealer
    s.next_deal[d3] = third
    s.next_deal[1 - d3] = ALL_CARDS & ~third
    s._start_game(hands1)
    return s
