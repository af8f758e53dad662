"""Type stubs for the compiled module solver/search/_mcts.pyx (UCT on a full state)."""
from collections.abc import Sequence
from typing import Any

from solver.game import Game, Policy, State
from solver.search.limits import SearchLimit
from solver.search.result import SearchResult

DEFAULT_SOLVE_AFTER: int
FUTURES: tuple[str, ...]

def check_future(future: str) -> str: ...
def check_future_endgame(game: Game, future: str, endgame: int) -> None: ...

class UCT:
    @property
    def game(self) -> Game: ...
    @property
    def iterations(self) -> int: ...
    @property
    def node_count(self) -> int: ...
    @property
    def cutoff(self) -> int: ...
    @property
    def solve_after(self) -> int: ...
    @property
    def root_proven(self) -> bool: ...
    @property
    def sampled_future(self) -> bool: ...
    @property
    def chance_nodes(self) -> bool: ...
    @property
    def chance_mismatches(self) -> int: ...
    @property
    def widen(self) -> float: ...
    @property
    def model_opponents(self) -> bool: ...
    @property
    def endgame_stats(self) -> tuple[int, int, int] | None: ...
    def __init__(
        self,
        game: Game,
        c: float = ...,
        objective: int = 0,
        horizon: int = 0,
        scale: float = 0.0,
        max_nodes: int = ...,
        policy: bool | Policy = False,
        endgame: int = 0,
        endgame_budget: int = ...,
        cutoff: int = 0,
        solve_after: int = ...,
        future: str = "known",
        widen: float = 0.0,
        model_opponents: bool = False,
    ) -> None: ...
    def root_exact(self) -> dict[int, float]: ...
    def node_keys(self, path: Sequence[int]) -> tuple[bool, list[int]]: ...
    def root_children(self) -> list[tuple[int, int, float, float]]: ...
    def search(
        self, state: State, iterations: int, seed: int, deadline: float = 0.0
    ) -> list[tuple[int, int, float, float]]: ...

def best_child(children: Sequence[tuple[int, int, float, float]]) -> int: ...
def uct_search(
    state: State,
    limit: SearchLimit | str | dict[str, Any],
    seed: int = 0,
    c: float = ...,
    objective: str = "score",
    horizon: str = "game",
    scale: float | str | None = None,
    max_nodes: int = ...,
    rollout: str = "random",
    endgame: int = 0,
    endgame_budget: int = ...,
    cutoff: int = 0,
    opponents: str = ...,
) -> SearchResult: ...
