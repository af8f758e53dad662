"""What one seat sees of another seat's move.

A move is hidden from a seat when another legal move of the mover would have left that seat in
the same information set (``State.infoset_key``): a Mate card forced face down (docs/rules/
mate.md §9.2), a Vic Village secret discard (docs/rules/mate-vic-village.md §5). The seat then
knows only *that* the mover moved. The same test decides which moves MO-ISMCTS merges into one
"hidden" edge (solver/search/reference/ismcts.py); here it decides what the referee tells the
bots (``Bot.observe``) and what ``trickhound play`` and the browser print to the human, so that
neither learns more than its view.
"""
from __future__ import annotations

from solver.game import State


def seen_action(before: State, action: int, observer: int) -> int | None:
    """``action`` (played by the seat to act in ``before``) as ``observer`` sees it: the action
    itself when the mover is the observer or no other legal move of the mover leads to the
    same information set of the observer, else None (the observer cannot tell which it was)."""
    mover = before.current_player()
    if observer == mover:
        return action
    after = before.clone()
    after.apply_action(action)
    key = after.infoset_key(observer)
    for other in before.legal_actions():
        if other == action:
            continue
        alt = before.clone()
        alt.apply_action(other)
        if alt.infoset_key(observer) == key:
            return None
    return action


def move_text_for(before: State, action: int, observer: int) -> str:
    """The move as ``observer`` may be told it: the game's notation, or "a hidden move"."""
    seen = seen_action(before, action, observer)
    return "a hidden move" if seen is None else before.action_to_str(seen)
