"""``SearchLimit``: how much work a search may do for one decision.

``iterations``  search iterations (ISMCTS/UCT: one descent + rollout each). For PIMC with UCT the
                budget is the total over all worlds, split evenly between them.
``time_s``      wall-clock seconds (checked every few dozen iterations, so a search overruns by
                microseconds, not more).
``worlds``      PIMC: the number of determinizations sampled per decision (default 20 when
                omitted); ignored by ISMCTS, which samples a fresh world every iteration.

At least one of ``iterations`` and ``time_s`` must be given; with both, the search stops at
whichever comes first. The exact PIMC solver solves ``worlds`` worlds and stops early only when
``time_s`` runs out (``iterations`` does not bound it). A limit with only ``time_s`` is not
reproducible run to run; one with ``iterations`` is (for the same seed).

Text form (CLI): ``iterations=2000,time_s=1.5,worlds=16``; short keys ``it``, ``t``/``time``,
``w``; a bare integer means iterations and a number with ``s`` seconds (``2000``, ``0.5s``).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from solver.errors import TrickhoundError


class SearchLimitError(TrickhoundError, ValueError):
    """A search limit that is malformed or sets no budget."""


_KEYS = {"iterations": "iterations", "it": "iterations", "iters": "iterations",
         "time_s": "time_s", "time": "time_s", "t": "time_s", "seconds": "time_s",
         "worlds": "worlds", "w": "worlds"}


def _positive_int(name: str, v: object) -> int | None:
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int):
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        else:
            raise SearchLimitError(f"{name} must be a positive integer, got {v!r}")
    if v < 1:
        raise SearchLimitError(f"{name} must be a positive integer, got {v!r}")
    return v


@dataclass(frozen=True)
class SearchLimit:
    iterations: int | None = None
    time_s: float | None = None
    worlds: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "iterations", _positive_int("iterations", self.iterations))
        object.__setattr__(self, "worlds", _positive_int("worlds", self.worlds))
        t = self.time_s
        if t is not None:
            if (isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t)
                    or t <= 0):
                raise SearchLimitError(f"time_s must be a positive number of seconds, got {t!r}")
            object.__setattr__(self, "time_s", float(t))
        if self.iterations is None and self.time_s is None:
            raise SearchLimitError("a search limit needs iterations or time_s (or both)")

    @classmethod
    def parse(cls, text: SearchLimit | str | int | dict[str, Any]) -> SearchLimit:
        """A limit from its text form (see the module docstring); a SearchLimit passes through."""
        if isinstance(text, SearchLimit):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            return cls(iterations=text)
        if not isinstance(text, str) or not text.strip():
            raise SearchLimitError(f"cannot parse search limit {text!r}")
        t = text.strip()
        if re.fullmatch(r"\d+", t):
            return cls(iterations=int(t))
        m = re.fullmatch(r"(\d+(?:\.\d*)?|\.\d+)\s*s", t)
        if m:
            return cls(time_s=float(m.group(1)))
        kw: dict[str, Any] = {}
        for part in t.split(","):
            if "=" not in part:
                raise SearchLimitError(f"search limit part {part.strip()!r} is not key=value "
                                       f"(keys: iterations, time_s, worlds)")
            k, v = (x.strip() for x in part.split("=", 1))
            key = _KEYS.get(k.lower())
            if key is None:
                raise SearchLimitError(f"unknown search limit key {k!r} (keys: iterations, "
                                       "time_s, worlds)")
            if key in kw:
                raise SearchLimitError(f"search limit key {key!r} given twice")
            try:
                kw[key] = float(v.rstrip("s")) if key == "time_s" else int(v)
            except ValueError:
                raise SearchLimitError(f"search limit {key}={v!r} is not a number") from None
        return cls(**kw)

    def __str__(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"iterations={self.iterations}")
        if self.time_s is not None:
            parts.append(f"time_s={self.time_s:g}")
        if self.worlds is not None:
            parts.append(f"worlds={self.worlds}")
        return ",".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {"iterations": self.iterations, "time_s": self.time_s, "worlds": self.worlds}

    @classmethod
    def from_json(cls, obj: object) -> SearchLimit:
        if not isinstance(obj, dict):
            raise SearchLimitError(f"a search limit JSON must be an object, got {obj!r}")
        unknown = set(obj) - {"iterations", "time_s", "worlds"}
        if unknown:
            raise SearchLimitError(f"unknown search limit keys: {', '.join(sorted(unknown))}")
        return cls(obj.get("iterations"), obj.get("time_s"), obj.get("worlds"))
