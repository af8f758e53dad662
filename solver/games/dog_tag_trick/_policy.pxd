# Dog Tag Trick's rules of thumb (see _policy.pyx): the rollout policy, the position estimate and
# the heuristic's scores, on the engine's struct (_state.pxd).
from solver.game cimport Policy


cdef class DogTagTrickPolicy(Policy):
    pass
