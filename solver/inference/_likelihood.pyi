"""Type stubs for the compiled module solver/inference/_likelihood.pyx."""
from solver.game import Policy, State

def policy_log_probability(
    policy: Policy, state: State, action: int, temperature: float, uniform_mix: float
) -> float: ...
