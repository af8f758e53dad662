# The fitted position evaluation's linear model, shared by every game's rules of thumb
# (solver/games/<game>/_policy.pyx): weights loaded once from solver/evaluation/<game>.json when
# the policy is made, applied in C at the depth-limited searches' frontier (no allocation, no
# Python objects). The features themselves are each game's own (its features_d). One weight
# vector per stage of the round (early / mid / late, EVAL_STAGES): the feature at `stage_col`
# (every game's third feature, "stage") holds the stage 0..EVAL_STAGES-1 and picks the vector,
# so what a card is worth may change as the round runs out. The link is the identity (a least-
# squares fit, clipped to [lo, hi]) or logistic (lo + (hi - lo) * sigmoid: a game whose gain is
# one of two outcomes, such as Mattis' 1 for not being the loser).
from libc.math cimport exp

cdef enum:
    EVAL_MAX_FEATURES = 64     # upper bound on a game's feature count
    EVAL_STAGES = 3            # stages of a round with their own weights
    EVAL_STAGE_COL = 2         # index of the "stage" feature

ctypedef struct LinearEval:
    int k                      # features of the game; 0 = no fitted model loaded
    bint on                    # evaluate_c uses the fitted model (else the hand-written one)
    bint logistic              # link: logistic (else identity)
    double w[EVAL_STAGES][EVAL_MAX_FEATURES]
    double lo                  # predictions are clipped to [lo, hi] (the game's bounds of a
    double hi                  # seat's gain over the rest of a round)


cdef inline double linear_eval(LinearEval* m, double* f) noexcept nogil:
    """w[stage] . f clipped to [lo, hi], the stage being f[EVAL_STAGE_COL]."""
    cdef double s = 0.0
    cdef int i, st = <int>f[EVAL_STAGE_COL]
    if st < 0:
        st = 0
    elif st >= EVAL_STAGES:
        st = EVAL_STAGES - 1
    for i in range(m.k):
        s += m.w[st][i] * f[i]
    if m.logistic:
        return m.lo + (m.hi - m.lo) / (1.0 + exp(-s))
    if s < m.lo:
        return m.lo
    if s > m.hi:
        return m.hi
    return s


cdef inline int stage_of(double done) noexcept nogil:
    """The stage of a round ``done`` (0..1) through: early, mid or late third."""
    cdef int st = <int>(done * EVAL_STAGES)
    return st if st < EVAL_STAGES else EVAL_STAGES - 1


cdef inline int load_weights(LinearEval* m, object weights, int k, double lo, double hi,
                             bint on, bint logistic) except -1:
    """Load ``weights`` (EVAL_STAGES lists of k floats; empty: no model), the bounds and the
    link; the model is used when ``on`` and loaded."""
    cdef int st, i
    if len(weights) == 0:
        m.k = 0
        m.on = False
        return 0
    if k > EVAL_MAX_FEATURES or len(weights) != EVAL_STAGES:
        raise ValueError(f"need {EVAL_STAGES} weight lists of {k} features")
    for st in range(EVAL_STAGES):
        if len(weights[st]) != k:
            raise ValueError(f"need {EVAL_STAGES} weight lists of {k} features")
    for st in range(EVAL_STAGES):
        for i in range(k):
            m.w[st][i] = float(weights[st][i])
    m.k = k
    m.lo = lo
    m.hi = hi
    m.logistic = logistic
    m.on = on
    return 0
