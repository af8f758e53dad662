# The rules of thumb of a game with a fitted position estimate (solver/evaluation): a Policy
# that carries the linear model beside its hand-written estimate. Each game's policy subclasses
# it, computes its own features in C (features_c, the one hook: the fit reads them through
# ``features`` here, the game's evaluate_c applies the model to the same code's output) and
# picks the model or the hand-written estimate in its evaluate_c by `model.on`; loading the
# weights, switching between the two estimates and the Python face of the features are here,
# once.
from solver.game cimport Policy, State
from solver.evaluation._linear cimport LinearEval


cdef class FittedPolicy(Policy):
    cdef LinearEval model      # the fitted estimate (solver/evaluation/<game>.json)
    cdef int nf                # features per seat of the game's fitted estimate
    # The fitted estimate's features of every seat p of `state` (a state of the policy's game),
    # written to out[p * nf + i] (names in solver/evaluation/features.py, same order); False,
    # writing nothing, where there are none (the game is over). The base class has none.
    cdef bint features_c(self, State state, double* out) noexcept nogil
