# Mate (Vic Village)'s rules of thumb (_policy.pyx): the rollout policy, the heuristic's action
# scores and the position estimates (hand-written and fitted), on the engine's VicData struct
# (_state.pxd).
from libc.stdint cimport uint32_t, int8_t
from solver.evaluation._fitted cimport FittedPolicy


ctypedef struct PlanCache:
    # The rollout policy's per-number tables for one set of instructions still to come
    # (_policy.pyx make_plan). Scratch memory of the policy object, not part of any position.
    uint32_t key            # the instruction set the tables are for (0: none yet)
    double asset[11]
    double liab[11]
    int8_t order[10]        # numbers 1..10, best asset + liability first


cdef class MateVicVillagePolicy(FittedPolicy):
    cdef PlanCache plan_cache
