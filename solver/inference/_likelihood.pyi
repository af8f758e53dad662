"""Type stubs for the compiled module solver/inference/_likelihood.pyx."""
from collections.abc import Iterable

from solver.game import Policy, State

def policy_log_probability(
    policy: Policy, state: State, action: int, temperature: float, uniform_mix: float
) -> float: ...
def decisions_log_likelihood(
    policy: Policy, decisions: Iterable[tuple[int, int, State]], temperature: float,
    uniform_mix: float
) -> float: ...
