"""Brute-force twins of ``_maxn.pyx``: max^n and paranoid by plain recursion over the Python
API of ``State`` (no transposition table, no pruning). Values are gains to the end of the
current round, ``scores(end) - scores(now)``; max^n breaks ties by the first (lowest) action,
like the Cython solver. Exponential: small endgames only (``max_nodes`` raises TooLarge beyond
that many nodes).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solver.game import State

# A frontier evaluation: a state -> every seat's estimated gain.
Evaluate = Callable[["State"], Sequence[float]]


class TooLarge(Exception):
    """The brute force would visit more than ``max_nodes`` nodes."""


class _Counter:
    def __init__(self, max_nodes: int | None) -> None:
        self.n, self.max = 0, max_nodes

    def tick(self) -> None:
        self.n += 1
        if self.max is not None and self.n > self.max:
            raise TooLarge(self.max)


def _gain(before: Sequence[float], after: Sequence[float]) -> list[float]:
    return [a - b for a, b in zip(after, before)]


def maxn_values(state: State, depth: int | None = None, evaluate: Evaluate | None = None,
                max_nodes: int | None = None) -> dict[int, list[float]]:
    """{action: vector of every seat's gain to the end of the round} at the root, each seat
    maximising its own gain. ``depth`` limits the plies, the root action included (None: to the
    end of the round); ``evaluate(state) -> vector`` values the frontier."""
    root_round = state.round()
    count = _Counter(max_nodes)

    def value(s: State, d: int | None) -> list[float]:
        count.tick()
        if d is not None and d <= 0:
            assert evaluate is not None, "a depth limit needs evaluate"
            return list(evaluate(s))
        me = s.current_player()
        before = s.scores()
        best = None
        for a in s.legal_actions():
            c = s.child(a)
            sub = _gain(before, c.scores())
            if not (c.is_terminal() or c.round() != root_round):
                sub = [x + y for x, y in zip(value(c, None if d is None else d - 1), sub)]
            if best is None or sub[me] > best[me]:
                best = sub
        assert best is not None  # a state inside the round has a legal action
        return best

    out = {}
    before = state.scores()
    for a in state.legal_actions():
        c = state.child(a)
        g = _gain(before, c.scores())
        if not (c.is_terminal() or c.round() != root_round):
            g = [x + y for x, y in zip(value(c, None if depth is None else depth - 1), g)]
        out[a] = g
    return out


def paranoid_values(state: State, depth: int | None = None, evaluate: Evaluate | None = None,
                    max_nodes: int | None = None) -> dict[int, float]:
    """{action: the root seat's gain to the end of the round} when every other seat plays to
    minimise it (plain minimax, no pruning)."""
    root_round = state.round()
    R = state.current_player()
    count = _Counter(max_nodes)

    def value(s: State, d: int | None) -> float:
        count.tick()
        if d is not None and d <= 0:
            assert evaluate is not None, "a depth limit needs evaluate"
            return evaluate(s)[R]
        before = s.scores()[R]
        vals = []
        for a in s.legal_actions():
            c = s.child(a)
            v = c.scores()[R] - before
            if not (c.is_terminal() or c.round() != root_round):
                v += value(c, None if d is None else d - 1)
            vals.append(v)
        return max(vals) if s.current_player() == R else min(vals)

    out = {}
    before = state.scores()[R]
    for a in state.legal_actions():
        c = state.child(a)
        v = c.scores()[R] - before
        if not (c.is_terminal() or c.round() != root_round):
            v += value(c, None if depth is None else depth - 1)
        out[a] = v
    return out
