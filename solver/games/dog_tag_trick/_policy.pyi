"""Type stubs for the compiled module solver/games/dog_tag_trick/_policy.pyx (the game's rules of
thumb; scores, rollout action and evaluation are the base Policy's Python methods)."""
from solver.evaluation._fitted import FittedPolicy
from solver.game import Game

class DogTagTrickPolicy(FittedPolicy):
    def __init__(self, game: Game | None = None) -> None: ...
