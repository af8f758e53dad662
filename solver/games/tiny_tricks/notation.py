"""Tiny Tricks notation: cards as text (``KD`` = king of diamonds, T1) and the JSON formats.

State JSON (the full truth)::

    {"first_leader": 0, "deal": [["JC","QC","KD"], ["KC","JD","QD"]], "history": ["QC","KC"]}

``deal`` are the hands as dealt (T2), ``history`` every card played in order; the position is
the deal replayed through the history, so an impossible history (a card not in the player's
hand, a revoke) is refused with the move that breaks it.

View JSON (what seat ``seat`` knows, T8)::

    {"seat": 0, "first_leader": 0, "hand": ["JC","KD"], "history": ["QC","KC"]}

The other seats' hand sizes and voids follow from the history.
"""
from __future__ import annotations

from typing import Any

from solver.errors import IllegalActionError, InvalidActionError, InvalidStateError
from solver.games.tiny_tricks import rules as R


def card_name(c: int) -> str:
    return R.RANKS[R.rank(c)] + R.SUITS[R.suit(c)]


def parse_card(text: Any, options: dict[str, Any] | None = None) -> int:
    """The id of a card written rank then suit (``JC``, ``qd``)."""
    t = str(text).strip().upper()
    n = (options or {}).get("players", 3)
    if len(t) == 2 and t[0] in R.RANKS and t[1] in R.SUITS[:n]:
        return 3 * R.SUITS.index(t[1]) + R.RANKS.index(t[0])
    raise InvalidActionError(
        f"unknown card {text!r} (cards are J Q K + {' '.join(R.SUITS[:n])}, e.g. KD)")


def action_to_str(a: int, options: dict[str, Any] | None = None) -> str:
    n = (options or {}).get("players", 3)
    if 0 <= a < R.num_cards(n):
        return card_name(a)
    raise InvalidActionError(f"no Tiny Tricks action has id {a}")


def parse_action(text: str, options: dict[str, Any] | None = None) -> int:
    return parse_card(text, options)


def _names(mask: int) -> list[str]:
    return [card_name(c) for c in R.cards_of(mask)]


def _cards(obj: Any, what: str, options: dict[str, Any]) -> list[int]:
    if not isinstance(obj, list):
        raise InvalidStateError(f"{what} must be a list of cards")
    try:
        cards = [parse_card(x, options) for x in obj]
    except InvalidActionError as e:
        raise InvalidStateError(f"{what}: {e}") from None
    if len(set(cards)) != len(cards):
        raise InvalidStateError(f"{what} lists a card twice")
    return cards


def _first_leader(obj: dict[str, Any], n: int) -> int:
    fl = obj.get("first_leader", 0)
    if not isinstance(fl, int) or isinstance(fl, bool) or not 0 <= fl < n:
        raise InvalidStateError(f"first_leader must be a seat 0..{n - 1}, got {fl!r}")
    return fl


def _replay(s: R.TinyTricksState, history: list[int]) -> R.TinyTricksState:
    for k, c in enumerate(history):
        try:
            s.apply_action(c)
        except IllegalActionError:
            raise InvalidStateError(
                f"history move {k + 1} ({card_name(c)}) is not legal for seat "
                f"{s.current_player()}") from None
    return s


def state_to_json(s: R.TinyTricksState) -> dict[str, Any]:
    return {"first_leader": s.first_leader, "deal": [_names(h) for h in s.deal],
            "history": [card_name(c) for c in s.history]}


def state_from_json(obj: dict[str, Any], options: dict[str, Any]) -> R.TinyTricksState:
    n = options["players"]
    deal = obj.get("deal")
    if not isinstance(deal, list) or len(deal) != n:
        raise InvalidStateError(f"deal must list {n} hands")
    hands = []
    for p, h in enumerate(deal):
        cards = _cards(h, f"deal[{p}]", options)
        if len(cards) != R.HAND_SIZE:
            raise InvalidStateError(f"deal[{p}] must hold {R.HAND_SIZE} cards, got {len(cards)}")
        hands.append(sum(R.bit(c) for c in cards))
    union = 0
    for h in hands:
        if union & h:
            raise InvalidStateError("a card is dealt to two seats")
        union |= h
    history = _cards(obj.get("history", []), "history", options)
    s = R.new_state(options, hands, _first_leader(obj, n))
    return _replay(s, history)


def view_to_json(s: R.TinyTricksState, seat: int) -> dict[str, Any]:
    return {"seat": seat, "first_leader": s.first_leader, "hand": _names(s.hand[seat]),
            "history": [card_name(c) for c in s.history]}


def view_from_json(obj: dict[str, Any], options: dict[str, Any]) -> tuple[R.TinyTricksState, int]:
    """A full state consistent with the view (the other seats' unseen cards in the first
    consistent split) and the seat: the View made from it re-deals them anyway."""
    n = options["players"]
    seat = obj.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise InvalidStateError(f"seat must be 0..{n - 1}, got {seat!r}")
    fl = _first_leader(obj, n)
    hand = _cards(obj.get("hand"), "hand", options)
    history = _cards(obj.get("history", []), "history", options)
    if set(hand) & set(history):
        raise InvalidStateError("a card in the hand was already played")
    # Who played what: replay the seat order on a scratch state whose hands are unknown.
    played_by = [0] * n
    probe = R.TinyTricksState(options)
    probe.first_leader = probe.leader = fl
    probe.hand = [(1 << R.num_cards(n)) - 1] * n
    for c in history:
        played_by[probe.current_player()] |= R.bit(c)
        probe.hand = [h & ~R.bit(c) for h in probe.hand]
        probe.trick.append(c)
        probe.history.append(c)
        if len(probe.trick) == n:
            probe._finish_trick()
    if len(hand) + R.popcount(played_by[seat]) != R.HAND_SIZE:
        raise InvalidStateError(
            f"seat {seat} holds {len(hand)} cards after playing {R.popcount(played_by[seat])}; "
            f"a hand is {R.HAND_SIZE} cards")
    unseen = (1 << R.num_cards(n)) - 1 & ~sum(R.bit(c) for c in hand)
    for p in range(n):
        unseen &= ~played_by[p]
    deal = [0] * n
    deal[seat] = sum(R.bit(c) for c in hand) | played_by[seat]
    others = [(seat + k) % n for k in range(1, n)]
    # Hand out the unseen cards in the first split that lets the history replay (voids).
    for fill in _splits(unseen, [R.HAND_SIZE - R.popcount(played_by[p]) for p in others]):
        for p, m in zip(others, fill):
            deal[p] = m | played_by[p]
        try:
            return _replay(R.new_state(options, deal, fl), history), seat
        except InvalidStateError:
            continue
    raise InvalidStateError("no deal of the unseen cards is consistent with the history")


def _splits(unseen: int, sizes: list[int]) -> list[list[int]]:
    """Every way to split ``unseen`` into hands of the given sizes, in ascending mask order."""
    if not sizes:
        return [[]] if unseen == 0 else []
    out = []
    for m in range(1 << 9):
        if m & ~unseen or R.popcount(m) != sizes[0]:
            continue
        out += [[m] + rest for rest in _splits(unseen & ~m, sizes[1:])]
    return out


def summary(s: R.TinyTricksState) -> str:
    if s.is_terminal():
        return f"over, points {s.points}"
    trick = " ".join(card_name(c) for c in s.trick) or "-"
    return (f"trick {len(s.history) // s.players + 1}, seat {s.current_player()} to play, "
            f"on the table: {trick}, points {s.points}")


def render(s: R.TinyTricksState, perspective: int | None = None) -> str:
    lines = [summary(s)]
    for p in range(s.players):
        held = " ".join(_names(s.hand[p])) if perspective in (None, p) else \
            f"{R.popcount(s.hand[p])} cards"
        lines.append(f"  seat {p}: {held:<12} points {s.points[p]}")
    return "\n".join(lines)
