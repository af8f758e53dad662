"""Type stubs for the compiled module solver/games/mattis/_policy.pyx (the game's rules of
thumb; scores, rollout action and evaluation are the base Policy's Python methods)."""
from solver.evaluation._fitted import FittedPolicy
from solver.game import Game

PLAIN_WORTH: tuple[int, ...]
TRUMP_WORTH: int
LONG_GAME: int
ROLLOUT_EPS: float

class MattisPolicy(FittedPolicy):
    def __init__(self, game: Game | None = None) -> None: ...
    def worth(self, card: int, trumps: int) -> int: ...
