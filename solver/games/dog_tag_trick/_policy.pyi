"""Type stubs for the compiled module solver/games/dog_tag_trick/_policy.pyx (the game's rules of
thumb; scores, rollout action and evaluation are the base Policy's Python methods)."""
from solver.game import Policy

class DogTagTrickPolicy(Policy):
    pass
