"""Type stubs for the compiled module solver/search/_pimc.pyx (PIMC and the one-state solver)."""
from typing import Any

from solver.game import State, View
from solver.search.limits import SearchLimit
from solver.search.result import SearchResult

EVALUATORS: tuple[str, ...]
SOLVERS: tuple[str, ...]

def uct_world_seed(seed: int, world: int) -> int: ...

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
