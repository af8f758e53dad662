"""Type stubs for the compiled module solver/search/_maxn.pyx (max^n and paranoid)."""
from typing import Any

from solver.game import Game, Policy, State

EVALUATIONS: tuple[str, ...]

def heuristic(state: State) -> list[float]: ...

class MaxN:
    nodes: int
    @property
    def game(self) -> Game: ...
    @property
    def paranoid(self) -> bool: ...
    @property
    def fill(self) -> bool: ...
    def __init__(
        self,
        game: Game,
        paranoid: bool = False,
        tt_bits: int = 16,
        evaluation: str = "auto",
        rollouts: int = 4,
        seed: int = 0,
        table: bool = True,
        policy: Policy | None = None,
        fill: bool | None = None,
    ) -> None: ...
    def reset(self, seed: int) -> None: ...
    def forget(self, seed: int) -> None: ...
    def tree_nodes(self, state: State, depth: int, cap: int) -> int: ...
    def solve(
        self,
        state: State,
        node_budget: int = 200000,
        max_depth: int | None = None,
        depth_step: int | None = None,
        time_s: float | None = None,
        order_ties: bool = True,
    ) -> dict[str, Any]: ...
    def _pv(self, root: State, first: int) -> list[int]: ...
