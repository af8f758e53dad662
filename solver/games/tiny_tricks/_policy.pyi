"""Type stubs for the compiled module solver/games/tiny_tricks/_policy.pyx (the game's rules of
thumb; scores, rollout action and evaluation are the base Policy's Python methods)."""
from solver.game import Policy

class TinyTricksPolicy(Policy):
    pass
