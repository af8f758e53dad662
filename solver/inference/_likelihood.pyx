# cython: language_level=3, boundscheck=False, wraparound=False
"""The opponent model's likelihood of one observed decision of a policy-ranked kind, in C.

Weighted determinization asks it for every opponent decision replayed in every candidate world
(Dog Tag Trick, Vic Village: tens of decisions times 64 worlds per search), and the positions
differ from world to world, so nothing is cached: per call one legal-move generation, one call
of the game's rules of thumb (``Policy.scores_c``) and a sort of at most MAX_LEGAL scores, with
no Python object made. The model is solver/inference/model.py's: u = -rank (the number of legal
actions scoring strictly higher; ties share a rank) and
P(action) = eps / n + (1 - eps) exp(u(action) / T) / sum_k exp(u_k / T).
"""
from libc.math cimport exp, log, INFINITY
from libc.stdlib cimport qsort

from solver.game cimport Policy, State, MAX_LEGAL


cdef int _descending(const void* a, const void* b) noexcept nogil:
    cdef double x = (<const double*>a)[0]
    cdef double y = (<const double*>b)[0]
    return (x < y) - (x > y)


cdef double policy_log_probability_c(Policy policy, State state, int action, double temperature,
                                     double uniform_mix) noexcept:
    """log P(action | state) under the policy-ranked mixture; -inf when ``action`` is not legal
    or has probability 0; 0 when it is the only legal action (a forced move)."""
    cdef int acts[MAX_LEGAL]
    cdef double scores[MAX_LEGAL]
    cdef int n, i, j, idx = -1, rank = -1
    cdef double mine, z = 0.0, p
    n = state.legal_actions_c(acts)
    for i in range(n):
        if acts[i] == action:
            idx = i
            break
    if idx < 0:
        return -INFINITY
    if n == 1:
        return 0.0
    policy.scores_c(state, acts, n, scores)
    mine = scores[idx]
    qsort(scores, n, sizeof(double), _descending)
    i = 0
    while i < n:                     # one group of equal scores: scores[i..j), rank i
        j = i + 1
        while j < n and scores[j] == scores[i]:
            j += 1
        if scores[i] == mine:
            rank = i
        z += (j - i) * exp(-i / temperature)
        i = j
    p = uniform_mix / n + (1.0 - uniform_mix) * exp(-rank / temperature) / z
    return log(p) if p > 0.0 else -INFINITY


def policy_log_probability(Policy policy, State state, int action, double temperature,
                           double uniform_mix):
    """log P(action | state) for a policy-ranked decision kind (see the module docstring)."""
    if not temperature > 0.0:
        raise ValueError("temperature must be > 0")
    return policy_log_probability_c(policy, state, action, temperature, uniform_mix)


def decisions_log_likelihood(Policy policy, decisions, double temperature, double uniform_mix):
    """The sum, in order, of log P(action | state) over ``decisions`` ((seat, action, state)
    triples, ``Game.observed_decisions``), all of one policy-ranked kind: the Markov chain's
    likelihood of a world (solver/inference/mcmc.py), one C call per decision instead of a
    Python call (the chain evaluates thousands of worlds a decision). The same floats as
    adding ``policy_log_probability`` decision by decision."""
    cdef double total = 0.0
    cdef State state
    if not temperature > 0.0:
        raise ValueError("temperature must be > 0")
    for _seat, action, state in decisions:
        total += policy_log_probability_c(policy, state, action, temperature, uniform_mix)
    return total
