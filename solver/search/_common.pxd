# Inline helpers shared by the Cython searches (_mcts, _ismcts, _pimc, _maxn): objectives,
# horizons, rollouts and the clock. Header-only (no .pyx), so nothing extra to build.
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
