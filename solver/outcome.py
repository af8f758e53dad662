"""The end of a game, as every layer above the engines sees it."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """``returns``: what each seat scored (the value searches maximise); ``ranks``: 0 = first,
    equal ranks share a place (TrueSkill's input); ``termination``: "normal", or a game's
    documented special ending (e.g. Mattis's "move_cap")."""

    returns: tuple[float, ...]
    ranks: tuple[int, ...]
    termination: str = "normal"

    def to_json(self) -> dict[str, Any]:
        return {"returns": list(self.returns), "ranks": list(self.ranks),
                "termination": self.termination}


def ranks_from_values(values: Iterable[float], higher_is_better: bool = True) -> tuple[int, ...]:
    """Competition ranks (0-based; ties share the better place: 10, 7, 7, 3 -> 0, 1, 1, 3)."""
    sign = 1 if higher_is_better else -1
    return tuple(sum(1 for w in values if sign * w > sign * v) for v in values)
