"""Type stubs for the compiled module solver/games/mate/_solve.pyx (Mate's exact solver, the
``MateGame.EXACT_SOLVER`` hook; its kernel is C only)."""
from solver.game import ExactSolver, Game

class MateExactSolver(ExactSolver):
    def __init__(self, game: Game, tt_bits: int = 18) -> None: ...
