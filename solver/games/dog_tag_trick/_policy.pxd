# Dog Tag Trick's rules of thumb (see _policy.pyx): the rollout policy, the position estimates
# (hand-written and fitted) and the heuristic's scores, on the engine's struct (_state.pxd).
from solver.game cimport Policy
from solver.evaluation._linear cimport LinearEval


cdef class DogTagTrickPolicy(Policy):
    cdef LinearEval model      # the fitted estimate (solver/evaluation/dog_tag_trick.json)
