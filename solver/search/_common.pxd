# Inline helpers shared by the Cython searches (_mcts, _ismcts, _pimc, _maxn): objectives,
# horizons, rollouts, progressive widening's choice and the clock. Header-only (no .pyx), so nothing extra to build.
#
# Objective ``score``: a leaf is worth returns_c (horizon ``game``) or, with horizon ``round``,
# the score gained from the search root to the end of the current round
# (scores_c(leaf) - scores_c(root)), the quantity the exact solvers value.
# Objective ``win``: 1/k for each of the k seats sharing the best return at the terminal state,
# 0 for the others (a shared first place shares the win); horizon ``game`` only.
from libc.math cimport INFINITY
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

from solver.game cimport Policy, State, MAX_LEGAL, MAX_PLAYERS
from solver.rng cimport Rng, rng_below

cdef enum:
    OBJ_SCORE = 0
    OBJ_WIN = 1
    HORIZON_GAME = 0
    HORIZON_ROUND = 1


cdef inline double monotonic() noexcept nogil:
    """Seconds on the monotonic clock (the clock time.perf_counter reads on Linux)."""
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return <double>ts.tv_sec + <double>ts.tv_nsec * 1e-9


cdef inline bint at_horizon(State s, int horizon, int root_round) noexcept nogil:
    """Whether a search stops at ``s``: the game is over, or (horizon round) the round the
    search started in is over."""
    if s.is_terminal_c():
        return True
    return horizon == HORIZON_ROUND and s.round_c() != root_round


cdef inline int policy_favourite(Policy policy, State s, int* acts, int n,
                                 double* scores) noexcept nogil:
    """The index in acts[0..n) (n >= 1) of the move the rules of thumb score highest at ``s``,
    the first of equals: the move progressive widening adds next (ISMCTS and UCT).
    ``scores`` is scratch room for n doubles."""
    cdef int i, k = 0
    policy.scores_c(s, acts, n, scores)
    for i in range(1, n):
        if scores[i] > scores[k]:
            k = i
    return k


cdef inline int heuristic_choice(Policy policy, State s, int* acts, int n,
                                 double* scores, Rng* rng) noexcept nogil:
    """The index in acts[0..n) (n >= 1) of the move the heuristic bot plays at ``s``: the best
    of the policy's scores, ties uniformly at random (one draw per tie met, as a reservoir).
    The searches' heuristic opponents (``opponents="heuristic"``, ISMCTS and UCT).
    ``scores`` is scratch room for n doubles."""
    cdef int i, k = 0, ties = 1
    policy.scores_c(s, acts, n, scores)
    for i in range(1, n):
        if scores[i] > scores[k]:
            k = i
            ties = 1
        elif scores[i] == scores[k]:
            ties += 1
            if rng_below(rng, <unsigned int>ties) == 0:
                k = i
    return k


cdef inline void rollout(State s, Rng* rng, int horizon, int root_round,
                         Policy policy=None) noexcept nogil:
    """Legal actions until the horizon: uniformly random (State.random_playout_c) when
    ``policy`` is None, else the game's rollout policy (Policy.rollout_action_c)."""
    cdef int acts[MAX_LEGAL]
    cdef int n
    if policy is None:
        s.random_playout_c(rng, root_round if horizon == HORIZON_ROUND else -1)
        return
    while not at_horizon(s, horizon, root_round):
        n = s.legal_actions_c(acts)
        s.apply_action_c(policy.rollout_action_c(s, acts, n, rng))


cdef inline void leaf_values(State s, int n_players, int objective, int horizon,
                             double* base, double* out) noexcept nogil:
    """The value of a leaf (at the horizon) for every seat, per objective (see the header)."""
    cdef int i, k = 0
    cdef double best = -INFINITY
    if horizon == HORIZON_ROUND:
        s.scores_c(out)
        for i in range(n_players):
            out[i] -= base[i]
        return
    s.returns_c(out)
    if objective == OBJ_WIN:
        for i in range(n_players):
            if out[i] > best:
                best = out[i]
        for i in range(n_players):
            if out[i] == best:
                k += 1
        for i in range(n_players):
            out[i] = (1.0 / k) if out[i] == best else 0.0


cdef inline bint rollout_cut(State s, Rng* rng, int horizon, int root_round, Policy policy,
                             int cutoff) noexcept nogil:
    """The rollout of ``rollout``, stopped after ``cutoff`` plies (``cutoff`` > 0; 0: never):
    True when it stopped there before the horizon, so the leaf needs ``cut_values``. Random
    actions are drawn as ``State.random_playout_c`` draws them (acts[rng_below(n)])."""
    cdef int acts[MAX_LEGAL]
    cdef int n, plies = 0
    if cutoff <= 0:
        rollout(s, rng, horizon, root_round, policy)
        return False
    while not at_horizon(s, horizon, root_round):
        if plies == cutoff:
            return True
        n = s.legal_actions_c(acts)
        if policy is None:
            s.apply_action_c(acts[rng_below(rng, <unsigned int>n)])
        else:
            s.apply_action_c(policy.rollout_action_c(s, acts, n, rng))
        plies += 1
    return False


cdef inline void cut_values(State s, int n_players, Policy evaluator, double* base,
                            double* out) noexcept nogil:
    """The value of a rollout cut short inside the search's round (objective score, horizon
    round): each seat's score gained since the root plus the game's estimate of what it still
    gains until the end of the round (Policy.evaluate_c)."""
    cdef double est[MAX_PLAYERS]
    cdef int i
    s.scores_c(out)
    evaluator.evaluate_c(s, est)
    for i in range(n_players):
        out[i] += est[i] - base[i]


cdef inline void endgame_values(State s, int n_players, double* gain, double* base,
                                double* out) noexcept nogil:
    """The value of a leaf solved exactly to the end of its round (horizon round): the score
    gained from the root to ``s`` plus ``gain``, each seat's exact gain from ``s`` on."""
    cdef int i
    s.scores_c(out)
    for i in range(n_players):
        out[i] += gain[i] - base[i]
