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
    int nk                     # features read: those with a nonzero weight in some stage,
    int idx[EVAL_MAX_FEATURES] # their indices ascending. Skipping a weight of 0 in every stage
                               # leaves each sum's bits as they were: 0 * f = +-0 for a finite
                               # f, and s + +-0 = s (s never is -0: it starts at +0 and round-
                               # to-nearest gives +0 for x + -x)
    double w[EVAL_STAGES][EVAL_MAX_FEATURES]
    double lo                  # predictions are clipped to [lo, hi] (the game's bounds of a
    double hi                  # seat's gain over the rest of a round)


cdef inline int stage_index(double stage) noexcept nogil:
    """The weight vector of a position whose ``stage`` feature is ``stage`` (clamped)."""
    cdef int st = <int>stage
    if st < 0:
        return 0
    if st >= EVAL_STAGES:
        return EVAL_STAGES - 1
    return st


cdef inline double linear_link(LinearEval* m, double s) noexcept nogil:
    """The model's link applied to the linear score ``s``: logistic between lo and hi, else
    ``s`` clipped to [lo, hi]."""
    if m.logistic:
        return m.lo + (m.hi - m.lo) / (1.0 + exp(-s))
    if s < m.lo:
        return m.lo
    if s > m.hi:
        return m.hi
    return s


cdef inline double linear_eval(LinearEval* m, double* f) noexcept nogil:
    """w[stage] . f through the link, the stage being f[EVAL_STAGE_COL]."""
    cdef double s = 0.0
    cdef double* w = m.w[stage_index(f[EVAL_STAGE_COL])]
    cdef int j, i
    for j in range(m.nk):
        i = m.idx[j]
        s += w[i] * f[i]
    return linear_link(m, s)


cdef inline void linear_eval_seats(LinearEval* m, double* f, int n, int stride,
                                   double* out) noexcept nogil:
    """linear_eval of the n seats' feature rows f[p * stride ...] into out[p]. Four seats'
    sums run side by side in registers (feature by feature, every seat's sum in linear_eval's
    order, so each result is bit for bit linear_eval's): four independent chains of additions
    instead of one chain four times as long, whose latency bounded the frontier evaluation. A
    group of fewer than four seats repeats its last seat's row in the spare lanes (valid
    memory; those sums are dropped)."""
    cdef double s0, s1, s2, s3
    cdef double* f0
    cdef double* f1
    cdef double* f2
    cdef double* f3
    cdef double* w0
    cdef double* w1
    cdef double* w2
    cdef double* w3
    cdef int j, i, p = 0, last = n - 1
    while p < n:
        f0 = f + p * stride
        f1 = f + (p + 1 if p + 1 < n else last) * stride
        f2 = f + (p + 2 if p + 2 < n else last) * stride
        f3 = f + (p + 3 if p + 3 < n else last) * stride
        w0 = m.w[stage_index(f0[EVAL_STAGE_COL])]
        w1 = m.w[stage_index(f1[EVAL_STAGE_COL])]
        w2 = m.w[stage_index(f2[EVAL_STAGE_COL])]
        w3 = m.w[stage_index(f3[EVAL_STAGE_COL])]
        s0 = 0.0
        s1 = 0.0
        s2 = 0.0
        s3 = 0.0
        if w0 == w1 and w1 == w2 and w2 == w3:            # one stage (every game's case)
            for j in range(m.nk):
                i = m.idx[j]
                s0 += w0[i] * f0[i]
                s1 += w0[i] * f1[i]
                s2 += w0[i] * f2[i]
                s3 += w0[i] * f3[i]
        else:
            for j in range(m.nk):
                i = m.idx[j]
                s0 += w0[i] * f0[i]
                s1 += w1[i] * f1[i]
                s2 += w2[i] * f2[i]
                s3 += w3[i] * f3[i]
        out[p] = linear_link(m, s0)
        if p + 1 < n:
            out[p + 1] = linear_link(m, s1)
        if p + 2 < n:
            out[p + 2] = linear_link(m, s2)
        if p + 3 < n:
            out[p + 3] = linear_link(m, s3)
        p += 4


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
        m.nk = 0
        m.on = False
        return 0
    if k > EVAL_MAX_FEATURES or len(weights) != EVAL_STAGES:
        raise ValueError(f"need {EVAL_STAGES} weight lists of {k} features")
    for st in range(EVAL_STAGES):
        if len(weights[st]) != k:
            raise ValueError(f"need {EVAL_STAGES} weight lists of {k} features")
    m.nk = 0
    for i in range(k):
        for st in range(EVAL_STAGES):
            m.w[st][i] = float(weights[st][i])
        for st in range(EVAL_STAGES):
            if m.w[st][i] != 0.0:
                m.idx[m.nk] = i
                m.nk += 1
                break
    m.k = k
    m.lo = lo
    m.hi = hi
    m.logistic = logistic
    m.on = on
    return 0
