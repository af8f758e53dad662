"""Type stubs for the compiled module solver/search/_pimc.pyx (PIMC and the one-state solver)."""
from collections.abc import Callable, Iterable
from typing import Any

from solver.game import Game, State, View
from solver.search._alphabeta import WorldClaims
from solver.search.limits import SearchLimit
from solver.search.result import SearchResult

EVALUATORS: tuple[str, ...]
SOLVERS: tuple[str, ...]

def uct_world_seed(seed: int, world: int) -> int: ...
def solver_world_seed(seed: int, world: int) -> int: ...
def world_solver(game: Game, solver: str) -> str: ...
def uct_world_answer(
    children: list[tuple[int, int, float, float]], exact: dict[int, float]
) -> tuple[dict[int, float], set[int]]: ...

class RootMerge:
    @property
    def worlds(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def iterations(self) -> int: ...
    @property
    def exact(self) -> bool: ...
    def __init__(self, game: Game, legal: list[int]) -> None: ...
    def add_solved(self, values: dict[int, float], nodes: int, exact: bool = True) -> None: ...
    def add_claims(self, job: WorldClaims) -> None: ...
    def add_world(
        self,
        values: dict[int, float],
        best: Iterable[int],
        visits: dict[int, int],
        nodes: int,
        iterations: int,
        exact: bool = False,
    ) -> None: ...
    def rows(
        self,
        text: Callable[[int], str],
        tree_stats: dict[int, tuple[int, float, float]] | None = None,
        single_exact: dict[int, float] | None = None,
    ) -> list[dict[str, Any]]: ...

def pimc_search(
    view: View,
    limit: SearchLimit | str | dict[str, Any],
    seed: int = 0,
    evaluator: str = "uct",
    c: float = ...,
    objective: str = "score",
    horizon: str = "game",
    scale: float | str | None = None,
    solver: str = "auto",
    node_budget: int = 200000,
    tt_bits: int = 16,
    evaluation: str = "auto",
    rollouts: int = 4,
    max_nodes: int = ...,
    rollout: str = "random",
    inference: str = "none",
    particles: int = ...,
    endgame: int = 0,
    endgame_budget: int = ...,
    cutoff: int = 0,
    future: str = "known",
    widen: float = 0.0,
    opponents: str = ...,
) -> SearchResult: ...
def pimc_chance_search(
    state: State,
    limit: SearchLimit | str | dict[str, Any],
    seed: int = 0,
    evaluator: str = "uct",
    c: float = ...,
    objective: str = "score",
    horizon: str = "game",
    scale: float | str | None = None,
    solver: str = "auto",
    node_budget: int = 200000,
    tt_bits: int = 16,
    evaluation: str = "auto",
    rollouts: int = 4,
    max_nodes: int = ...,
    rollout: str = "random",
    endgame: int = 0,
    endgame_budget: int = ...,
    cutoff: int = 0,
    chance: str = "sampled",
    widen: float = 0.0,
) -> SearchResult: ...
def solve_state(
    state: State,
    limit: SearchLimit | str | dict[str, Any] | None = None,
    seed: int = 0,
    solver: str = "auto",
    node_budget: int = 200000,
    tt_bits: int = 16,
    evaluation: str = "auto",
    rollouts: int = 4,
) -> SearchResult: ...
