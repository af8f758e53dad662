"""Type stubs for the compiled module solver/games/mattis/_policy.pyx (the game's rules of
thumb; scores, rollout action and evaluation are the base Policy's Python methods)."""
from collections.abc import Sequence

import numpy as np

from solver.game import Game, Policy, State

PLAIN_WORTH: tuple[int, ...]
TRUMP_WORTH: int
LONG_GAME: int
ROLLOUT_EPS: float

class MattisPolicy(Policy):
    def __init__(self, game: Game | None = None) -> None: ...
    def worth(self, card: int, trumps: int) -> int: ...
    def _set_model(self, weights: Sequence[Sequence[float]], lo: float, hi: float, on: bool,
                   logistic: bool = False) -> None: ...
    @property
    def num_features(self) -> int: ...
    @property
    def evaluation(self) -> str: ...
    @evaluation.setter
    def evaluation(self, name: str) -> None: ...
    def features(self, state: State) -> np.ndarray: ...
