"""Type stubs for the compiled module solver/search/_ismcts.pyx (SO- and MO-ISMCTS)."""
from collections.abc import Sequence
from typing import Any

from solver.game import Game, Policy, State, View
from solver.search.limits import SearchLimit
from solver.search.result import SearchResult

OBSERVERS: tuple[str, ...]
SPREAD: str

DEFAULT_SOLVE_AFTER: int

class ISMCTS:
    @property
    def game(self) -> Game: ...
    @property
    def iterations(self) -> int: ...
    @property
    def greedy_iterations(self) -> int: ...
    @property
    def node_count(self) -> int: ...
    @property
    def arena_edges(self) -> int: ...
    @property
    def cutoff(self) -> int: ...
    @property
    def spread(self) -> bool: ...
    @property
    def chance_nodes(self) -> bool: ...
    @property
    def widen(self) -> float: ...
    @property
    def model_opponents(self) -> bool: ...
    @property
    def value_scale(self) -> float: ...
    @property
    def solve_after(self) -> int: ...
    @property
    def solving(self) -> bool: ...
    @property
    def root_proven(self) -> bool: ...
    @property
    def endgame_stats(self) -> tuple[int, int, int] | None: ...
    def __init__(
        self,
        game: Game,
        c: float = ...,
        objective: int = 0,
        horizon: int = 0,
        scale: float = 0.0,
        multi: bool = False,
        max_nodes: int = ...,
        policy: bool | Policy = False,
        endgame: int = 0,
        endgame_budget: int = ...,
        cutoff: int = 0,
        solve_after: int = ...,
        initial_edges: int = 0,
        spread: bool = False,
        chance: bool = True,
        widen: float = 0.0,
        model_opponents: bool = False,
    ) -> None: ...
    def root_exact(self) -> dict[int, float]: ...
    def root_children(self) -> list[tuple[int, int, float, float, int, int]]: ...
    def tree_root_keys(self, tree: int) -> list[int]: ...
    def node_keys(self, tree: int, path: Sequence[int]) -> list[int]: ...
    def search(
        self, view: View, iterations: int, seed: int, deadline: float = 0.0,
        pool: Sequence[State] | None = None,
    ) -> list[tuple[int, int, float, float, int, int]]: ...
    def set_world_pool(self, worlds: Sequence[State] | None) -> None: ...

def set_map_threshold(min_bytes: int) -> int: ...
def set_cache_limit(max_bytes: int) -> int: ...
def cached_memory() -> int: ...
def release_cached_memory() -> int: ...

def ismcts_search(
    view: View,
    limit: SearchLimit | str | dict[str, Any],
    seed: int = 0,
    c: float = ...,
    objective: str = "score",
    horizon: str = "game",
    scale: float | str | None = None,
    observers: str = "single",
    max_nodes: int = ...,
    rollout: str = "random",
    inference: str = "none",
    particles: int = ...,
    endgame: int = 0,
    endgame_budget: int = ...,
    cutoff: int = 0,
    chance: str = ...,
    widen: float = 0.0,
    opponents: str = ...,
) -> SearchResult: ...
def bench_ismcts(view: View, iterations: int, seed: int = 1, **params: Any) -> float: ...
