"""What one seat sees of another seat's move.

A move is hidden from a seat when another legal move of the mover would have left that seat in
the same information set (``State.infoset_key``): a Mate card forced face down (docs/rules/
mate.md §9.2), a Vic Village secret discard (docs/rules/mate-vic-village.md §5). The seat then
knows only *that* the mover moved. A move that ends its round (or the game) is seen by every
seat: the information set after it is the next round's, which no longer shows the round's
plays, so two last cards that scored alike looked alike there; yet the last trick is played
openly in every game here (Dog Tag Trick §10: "every play of the round" is public; 65 of 3,636
moves of 40 random 4-player games were told as hidden, and Mate's game-ending leads too), and
the secret moves all come at a round's start (tester 14).

This decides what the referee tells the bots (``Bot.observe``) and what ``trickhound play`` and
the browser print to the human, so that neither learns more than its view. The same test
(the round's last move included) decides which moves MO-ISMCTS merges into one "hidden" edge
of an observer's tree (solver/search/reference/ismcts.py and its Cython twin).
"""
from __future__ import annotations

from collections.abc import Iterable

from solver.game import State


def ends_round(before: State, after: State) -> bool:
    """Whether the move from ``before`` to ``after`` ended its round (or the game): a move
    every seat sees (module docstring)."""
    return after.is_terminal() or after.round() != before.round()


def seen_by(before: State, action: int, observers: Iterable[int]) -> dict[int, int | None]:
    """``{observer: action as that seat sees it}`` for ``action`` played by the seat to act in
    ``before``: the action itself for the mover, for every seat when it ends the round, and for
    a seat no other legal move of the mover would leave in the same information set; else None
    (the seat cannot tell which it was). Each alternative position is built once for all the
    observers."""
    mover = before.current_player()
    out: dict[int, int | None] = {s: action for s in observers}
    others = [s for s in out if s != mover]
    if not others:
        return out
    after = before.clone()
    after.apply_action(action)
    if ends_round(before, after):
        return out
    keys = {s: after.infoset_key(s) for s in others}
    for other in before.legal_actions():
        if other == action or not others:
            continue
        alt = before.clone()
        alt.apply_action(other)
        for s in [s for s in others if alt.infoset_key(s) == keys[s]]:
            out[s] = None
            others.remove(s)
    return out


def seen_action(before: State, action: int, observer: int) -> int | None:
    """``action`` as ``observer`` sees it (``seen_by`` for one seat)."""
    return seen_by(before, action, (observer,))[observer]


def move_text_for(before: State, action: int, observer: int) -> str:
    """The move as ``observer`` may be told it: the game's notation, or "a hidden move"."""
    seen = seen_action(before, action, observer)
    return "a hidden move" if seen is None else before.action_to_str(seen)
