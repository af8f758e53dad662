# The rules of thumb of a game with a fitted position estimate (solver/evaluation): a Policy
# that carries the linear model beside its hand-written estimate. Each game's policy subclasses
# it, computes its own features in C and picks the model or the hand-written estimate in its
# evaluate_c by `model.on`; loading the weights and switching between the two estimates is
# here, once.
from solver.game cimport Policy
from solver.evaluation._linear cimport LinearEval


cdef class FittedPolicy(Policy):
    cdef LinearEval model      # the fitted estimate (solver/evaluation/<game>.json)
    cdef int nf                # features per seat of the game's fitted estimate
