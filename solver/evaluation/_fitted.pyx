"""The base of every game policy with a fitted position estimate (solver/evaluation).

A game's rules of thumb (solver/games/<game>/_policy.pyx) estimate a position for each seat in
two ways: the hand-written estimate and a linear model fitted from self-play
(``python -m solver.evaluation.fit``). :class:`FittedPolicy` holds the model's weights, loads
them from the game's data file when the policy is made (switched on where the file says the
fitted estimate is the measured default), and switches between the two estimates by name
(``policy.evaluation = "fitted" | "heuristic"``). The features and the choice inside
``evaluate_c`` stay with each game (``features_c``), whose C code reads ``self.model``;
``features`` turns them into the numpy rows the fit reads.
"""
import numpy as np

from solver.evaluation import EvaluationError, check_evaluation, load_fitted
from solver.evaluation._linear cimport load_weights
from solver.game cimport Game, Policy, State


cdef class FittedPolicy(Policy):
    """A Policy with a fitted estimate of ``num_features`` features per seat."""

    def __init__(self, Game game=None, int num_features=0):
        Policy.__init__(self, game)
        self.nf = num_features
        self.model.k = 0
        self.model.on = False
        self.model.logistic = False
        if game is not None:
            load_fitted(self, game)

    def _set_model(self, weights, double lo, double hi, bint on, bint logistic=False):
        """Load the fitted weights (one list per stage, one weight per feature; empty: none),
        the bounds of the estimate and its link (``logistic``, else linear and clipped);
        ``on``: use them."""
        load_weights(&self.model, weights, self.nf, lo, hi, on, logistic)

    cdef bint features_c(self, State state, double* out) noexcept nogil:
        return False

    def features(self, State state):
        """The fitted estimate's features, one row per seat (numpy, shape (num_players, k)),
        computed by the same C code as ``evaluate_c`` (``features_c``; zeros once the game is
        over). ``state`` must be a state of the policy's game."""
        if self.game is None or type(state.game) is not type(self.game):
            raise TypeError(f"{state.game.spec()} is not a state of this policy's game")
        rows = np.zeros((state.game.num_players, self.nf), dtype=np.float64)
        cdef double[:, ::1] out = rows
        if self.nf > 0:
            self.features_c(state, &out[0, 0])
        return rows

    @property
    def num_features(self):
        """Features per seat of the fitted estimate."""
        return self.nf

    @property
    def evaluation(self):
        """The estimate ``evaluate`` (and the searches' frontier) uses: "fitted" or
        "heuristic" (the hand-written one)."""
        return "fitted" if self.model.on else "heuristic"

    @evaluation.setter
    def evaluation(self, name):
        if check_evaluation(name) == "fitted" and self.model.k == 0:
            raise EvaluationError(f"no fitted evaluation for {self.game.spec()}")
        self.model.on = name == "fitted"
