"""Checks shared by the games' position texts (view and state JSON) that name what is wrong.

A view or state JSON lists cards in several places (a hand, discards, tricks, won piles); a
card listed in two of them cannot arise, and the count checks that follow would only report a
mismatch of totals. ``CardPlaces`` records each card's first place and names both;
``only_own`` refuses a view's cards of seats it cannot see; ``same_players`` names a player
count that differs from the game's before any per-seat list is read."""
from __future__ import annotations

from collections.abc import Callable

from solver.errors import InvalidStateError


def same_players(obj: dict, n: int) -> None:
    """The position's ``players``, where given, must be the game's ``n`` (option players)."""
    if obj.get("players", n) != n:
        raise InvalidStateError(f"the position has {obj.get('players')!r} players but the game "
                                f"is set up for {n} (option players)")


def only_own(lists: list, seat: int, field: str) -> None:
    """A view's per-seat ``field`` (hands, discards) lists the viewing seat's cards only; a list
    for another seat would be silently ignored, so it is refused (tester 24)."""
    for p, cards in enumerate(lists):
        if p != seat and cards is not None:
            raise InvalidStateError(f"{field}[{p}]: seat {seat} cannot see it, so a view gives "
                                    f"null there (a state JSON gives every seat's cards)")


class CardPlaces:
    """Cards seen so far (a bit mask) and the place each was seen in."""

    def __init__(self, card_name: Callable[[int], str]) -> None:
        self.card_name = card_name
        self.seen = 0
        self.where: dict[int, str] = {}

    def add(self, mask: int, place: str) -> None:
        """Record the cards of ``mask`` (bit c: card c) as shown in ``place``; a card already
        shown elsewhere raises InvalidStateError naming it and both places."""
        clash = mask & self.seen
        if clash:
            c = (clash & -clash).bit_length() - 1
            raise InvalidStateError(f"duplicate card {self.card_name(c)}: in {self.where[c]} "
                                    f"and {place}")
        self.seen |= mask
        m = mask
        while m:
            c = (m & -m).bit_length() - 1
            self.where[c] = place
            m &= m - 1
