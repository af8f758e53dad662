# Dog Tag Trick's rules of thumb (see _policy.pyx): the rollout policy, the position estimates
# (hand-written and fitted) and the heuristic's scores, on the engine's struct (_state.pxd).
from solver.evaluation._fitted cimport FittedPolicy


cdef class DogTagTrickPolicy(FittedPolicy):
    pass   # its fitted model lives in FittedPolicy
