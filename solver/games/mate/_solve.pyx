"""Exact alpha-beta for one Mate game, working directly on ``MateData`` (docs/rules/mate.md §§4–7, 14).

``MateExactSolver`` (``MateGame.EXACT_SOLVER``) is the hook through which the generic
``solver.search`` alpha-beta runs this kernel for Mate states without importing Mate; the
generic negamax over the abstract ``State`` remains the reference it is tested against. Values are integers:
the gain of the player to move from the position to the end of the current game (the mating
player's points, negated for his opponent; 0 for a draw).

The search (fail-soft negamax) runs over *lead positions* ``(hand[0], hand[1], leader, trick)``
with the forced cards fixed; the follower's replies to each lead are an inline min layer.
- Mates need no search: the leader's cards in the follower's void suits × void ranks mate at
  once, and the best of them is a lower bound before any lead is searched.
- Score bounds: a seat can never score more than 10 × its best remaining card value (×20 for a
  non-forcer under double_rule=any_trick10_mate_when_anyone_forced when the opponent forced),
  or 22 × its forced card's value. Trick 10 is evaluated directly (no choice is left).
- Transposition table of 16-byte entries, always replace, generation tags instead of clearing.
  The key is the complete position (both hands, leader, trick, forced cards, double rule), so
  an entry can only be confused with one of an older generation, never with another position.
  Entries are written lock-free (the key XOR the data word beside the data word), so another
  thread's solver may search the same table at once (``share_table_c``).
- Move ordering: the table's lead first, then leads by fewest follower replies; replies that
  win the trick first (lowest winner first), then losing replies (highest first).
- The forcing decisions (dealer, then non-dealer) are two more layers of the same tree.
"""
from libc.stdint cimport uint64_t, uint32_t, int16_t, int8_t, uint8_t, uint16_t
from libc.stdlib cimport calloc, free

cdef extern from "<stdlib.h>" nogil:
    int posix_memalign(void** memptr, size_t alignment, size_t size)
from libc.math cimport ceil, floor
from libc.string cimport memset
from solver.game cimport ExactSolver, Game, State
from solver.games.mate._state cimport MateData, MateState

cdef extern from *:
    """
    #define MATE_PREFETCH_W(p) __builtin_prefetch((const void*)(p), 1, 3)
    /* one aligned 8-byte load or store, never split or merged by the compiler */
    #define MATE_LOAD64(p) __atomic_load_n((p), __ATOMIC_RELAXED)
    #define MATE_STORE64(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
    #define MATE_LOAD16(p) __atomic_load_n((p), __ATOMIC_RELAXED)
    """
    void MATE_PREFETCH_W(const void* p) noexcept nogil
    uint64_t MATE_LOAD64(uint64_t* p) noexcept nogil
    void MATE_STORE64(uint64_t* p, uint64_t v) noexcept nogil
    uint16_t MATE_LOAD16(uint16_t* p) noexcept nogil
    int __builtin_popcount(unsigned int) nogil
    int __builtin_ctz(unsigned int) nogil
    int __builtin_clz(unsigned int) nogil

cdef enum:
    # phases (as in _state.pyx)
    FORCE_DEALER = 0
    FORCE_OTHER = 1
    LEAD = 2
    FOLLOW = 3
    OVER = 4
    INF = 1000              # beyond any Mate game value (|value| <= 242)
    KERNEL_MAX_BITS = 17    # 2 MiB of 16-byte entries: plenty for one game, cache friendly
    TT_EXACT = 1
    TT_LOWER = 2
    TT_UPPER = 3

# Scoring value of each card id (rank = id >> 2: 7, Q, K, 10, A).
cdef int CARD_VALUE[20]
CARD_VALUE[:] = [7, 7, 7, 7, 3, 3, 3, 3, 4, 4, 4, 4, 10, 10, 10, 10, 11, 11, 11, 11]
# Rank masks by descending scoring value: A, 10, 7, K, Q.
cdef uint32_t BY_VALUE[5]
BY_VALUE[:] = [0xF0000, 0x0F000, 0x0000F, 0x00F00, 0x000F0]


cdef inline uint32_t follow_set(uint32_t hand, int c) noexcept nogil:
    cdef uint32_t s = hand & ((<uint32_t>0x11111) << (c & 3))
    return s if s else hand & ((<uint32_t>0xF) << ((c >> 2) << 2))


cdef inline uint32_t mating_leads(uint32_t hL, uint32_t hF) noexcept nogil:
    """The leader's cards the follower can answer in neither suit nor rank."""
    cdef uint32_t s = hF | (hF >> 4) | (hF >> 8) | (hF >> 12) | (hF >> 16)
    cdef uint32_t r = hF | (hF >> 1) | (hF >> 2) | (hF >> 3)
    return hL & ((~s & 0xFu) * 0x11111u) & ((~r & 0x11111u) * 0xFu)


cdef inline int max_value(uint32_t m) noexcept nogil:
    """The highest scoring value among the cards of m (A 11, 10 10, 7 7, K 4, Q 3), 0 if none."""
    if m & 0xF0000u:
        return 11
    if m & 0x0F000u:
        return 10
    if m & 0x0000Fu:
        return 7
    if m & 0x00F00u:
        return 4
    if m & 0x000F0u:
        return 3
    return 0


cdef inline int max_value_card(uint32_t m) noexcept nogil:
    """A card of m with the highest scoring value (m non-empty)."""
    if m & 0xF0000u:
        return __builtin_ctz(m & 0xF0000u)
    if m & 0x0F000u:
        return __builtin_ctz(m & 0x0F000u)
    if m & 0x0000Fu:
        return __builtin_ctz(m & 0x0000Fu)
    if m & 0x00F00u:
        return __builtin_ctz(m & 0x00F00u)
    return __builtin_ctz(m & 0x000F0u)


cdef inline void set_forced(MateSolver* x, int f0, int f1) noexcept nogil:
    x.forced[0] = f0
    x.forced[1] = f1
    x.nf_mult[0] = 20 if (x.double_any and f1 >= 0) else 10
    x.nf_mult[1] = 20 if (x.double_any and f0 >= 0) else 10
    x.fkey = ((<uint64_t>(f0 + 1)) << 41) | ((<uint64_t>(f1 + 1)) << 46) | \
        ((<uint64_t>x.double_any) << 55)


cdef inline int mate_points(MateSolver* x, int p, int c, int k) noexcept nogil:
    """§7: points for seat p mating with card c on trick k."""
    cdef int b = x.forced[p] >= 0
    cdef int m = 1
    if k == 10:
        if x.double_any:
            m = 2 if (x.forced[0] >= 0 or x.forced[1] >= 0) else 1
        else:
            m = 2 if c == x.forced[p] else 1
    return CARD_VALUE[c] * (k + b) * m


cdef inline int upper_bound(MateSolver* x, int p, uint32_t hand, int k) noexcept nogil:
    """Most seat p can still score from a lead position at trick k < 10 (its hand excludes its
    forced card). Mates on tricks k..9 score at most (9 + b) × V; on trick 10 a forcer mates
    with his forced card (22 × V), a non-forcer with his last hand card (10 × V, or 20 × V when
    doubled under the any-trick-10 rule)."""
    cdef int f = x.forced[p]
    cdef int a, b
    if f < 0:
        return x.nf_mult[p] * max_value(hand)
    a = 10 * max_value(hand)
    b = 22 * CARD_VALUE[f]
    return a if a > b else b


cdef inline int trick10(MateSolver* x, uint32_t hL, uint32_t hF, int L) noexcept nogil:
    """Value for the leader of a lead position at trick 10: the best of his cards (one, in any
    reachable position) — a mate scores, a completed trick is a draw."""
    cdef int best = -INF, c, v
    while hL:
        c = __builtin_ctz(hL)
        hL &= hL - 1
        v = mate_points(x, L, c, 10) if follow_set(hF, c) == 0 else 0
        if v > best:
            best = v
    return best


cdef int replies(MateSolver* x, uint32_t nhL, uint32_t hF, int L, int k, int c,
                 int alpha, int beta) noexcept nogil:
    """Value for leader L, who has led the non-mating card c on trick k (nhL: his hand after
    the lead), over the follower's replies (a min layer; fail-soft in (alpha, beta))."""
    cdef uint32_t S = follow_set(hF, c)
    cdef uint32_t win = S & ~(((<uint32_t>2) << c) - 1)
    cdef uint32_t lose = S & (((<uint32_t>1) << c) - 1)
    cdef uint32_t nhF, n0, n1
    cdef int F = L ^ 1, vc = INF, d, b, val
    x.nodes += 1
    if k == 10:
        return 0                      # trick 10 completed: a draw whatever the reply
    while win | lose:
        if win:
            d = __builtin_ctz(win)
            win &= win - 1
        else:
            d = 31 - __builtin_clz(lose)
            lose &= ~((<uint32_t>1) << d)
        b = beta if beta < vc else vc
        nhF = hF & ~((<uint32_t>1) << d)
        if L:
            n0 = nhF
            n1 = nhL
        else:
            n0 = nhL
            n1 = nhF
        if k == 9:                    # §4.2: the forced cards come back for trick 10
            if x.forced[0] >= 0:
                n0 |= (<uint32_t>1) << x.forced[0]
            if x.forced[1] >= 0:
                n1 |= (<uint32_t>1) << x.forced[1]
        if d > c:                     # the larger id wins the trick (§2.2)
            val = -search(x, n0, n1, F, k + 1, -b, -alpha)
        else:
            val = search(x, n0, n1, L, k + 1, alpha, b)
        if val < vc:
            vc = val
            if vc <= alpha:
                break
    return vc


# A table entry's data word (MateTTEntry): value in bits 0-15 (two's complement), flag 16-23,
# best lead 24-31 (-1 as 0xFF), generation 32-47.
cdef inline uint64_t tt_pack(int value, int flag, int move, uint16_t gen) noexcept nogil:
    return ((<uint64_t>(<uint16_t>(<int16_t>value))) | ((<uint64_t>(<uint8_t>flag)) << 16) |
            ((<uint64_t>(<uint8_t>(<int8_t>move))) << 24) | ((<uint64_t>gen) << 32))


cdef int search(MateSolver* x, uint32_t h0, uint32_t h1, int L, int k,
                int alpha, int beta) noexcept nogil:
    """Value for the leader L of the lead position (h0, h1, L) at trick k."""
    cdef int F = L ^ 1
    cdef uint32_t hL = h1 if L else h0
    cdef uint32_t hF = h0 if L else h1
    cdef int ub, lb, ttmove = -1, v, best = -INF, bestmove = -1, c, i, j, s, n, a, vc
    cdef uint64_t key, data
    cdef MateTTEntry* e
    cdef uint32_t mating, leads, m
    cdef int order[20]
    cdef int okey[20]
    x.nodes += 1
    if k >= 10:
        return trick10(x, hL, hF, L)
    ub = upper_bound(x, L, hL, k)
    if ub <= alpha:
        return ub
    lb = -upper_bound(x, F, hF, k)
    if lb >= beta:
        return lb

    key = (<uint64_t>h0) | ((<uint64_t>h1) << 20) | ((<uint64_t>L) << 40) | \
        ((<uint64_t>k) << 51) | x.fkey
    e = &x.tt[(key * 0x9E3779B97F4A7C15ULL) >> x.shift]
    data = MATE_LOAD64(&e.data)
    if MATE_LOAD64(&e.check) ^ data == key and <uint16_t>(data >> 32) == x.gen:
        ttmove = <int8_t>(data >> 24)
        v = <int16_t>data
        if <uint8_t>(data >> 16) == TT_EXACT:
            return v
        if <uint8_t>(data >> 16) == TT_LOWER and v >= beta:
            return v
        if <uint8_t>(data >> 16) == TT_UPPER and v <= alpha:
            return v

    mating = mating_leads(hL, hF)
    if mating:
        bestmove = max_value_card(mating)
        best = CARD_VALUE[bestmove] * (k + (x.forced[L] >= 0))
    leads = hL & ~mating
    if leads and best < beta:
        # Move ordering: table move, then fewest follower replies (ties: higher id first).
        n = 0
        m = leads
        while m:
            c = __builtin_ctz(m)
            m &= m - 1
            s = -1000 if c == ttmove else __builtin_popcount(follow_set(hF, c)) * 32 - c
            i = n
            n += 1
            while i > 0 and okey[i - 1] > s:
                order[i] = order[i - 1]
                okey[i] = okey[i - 1]
                i -= 1
            order[i] = c
            okey[i] = s
        a = alpha if alpha > best else best
        for j in range(n):
            c = order[j]
            vc = replies(x, hL & ~((<uint32_t>1) << c), hF, L, k, c, a, beta)
            if vc > best:
                best = vc
                bestmove = c
                if best > a:
                    a = best
                    if best >= beta:
                        break
    data = tt_pack(best, TT_UPPER if best <= alpha else (TT_LOWER if best >= beta else TT_EXACT),
                   bestmove, x.gen)
    MATE_STORE64(&e.data, data)
    MATE_STORE64(&e.check, key ^ data)
    return best


# -- forcing layers (§4) ---------------------------------------------------------------------
cdef inline int forcing_options(uint32_t allowed, int* out) noexcept nogil:
    """PASS (-1) first, then the allowed cards by descending scoring value."""
    cdef int n = 1, i
    cdef uint32_t m
    out[0] = -1
    for i in range(5):
        m = allowed & BY_VALUE[i]
        while m:
            out[n] = __builtin_ctz(m)
            n += 1
            m &= m - 1
    return n


cdef int force_other(MateSolver* x, uint32_t hD, uint32_t hN, int D, int fd,
                     int alpha, int beta) noexcept nogil:
    """Value for the dealer D (who forced fd, or -1; hD excludes it) over the non-dealer's
    forcing choices (a min layer), each followed by the play from trick 1."""
    cdef int opts[12]
    cdef int n, i, fn, val, v = INF, b
    cdef uint32_t allowed, hn
    if fd < 0:
        allowed = 0 if x.nd_requires else hN
    else:
        allowed = hN & ~(((<uint32_t>0x11111) << (fd & 3)) | ((<uint32_t>0xF) << ((fd >> 2) << 2)))
    n = forcing_options(allowed, opts)
    for i in range(n):
        fn = opts[i]
        if D == 0:
            set_forced(x, fd, fn)
        else:
            set_forced(x, fn, fd)
        b = beta if beta < v else v
        hn = hN & ~((<uint32_t>1) << fn) if fn >= 0 else hN
        if D == 0:
            val = search(x, hD, hn, D, 1, alpha, b)
        else:
            val = search(x, hn, hD, D, 1, alpha, b)
        if val < v:
            v = val
            if v <= alpha:
                break
    return v


cdef int force_dealer(MateSolver* x, uint32_t hD, uint32_t hN, int D,
                      int alpha, int beta) noexcept nogil:
    """Value for the dealer D over his own forcing choices (a max layer)."""
    cdef int opts[12]
    cdef int n, i, fd, val, best = -INF, a = alpha
    n = forcing_options(hD, opts)
    for i in range(n):
        fd = opts[i]
        if fd >= 0:
            val = force_other(x, hD & ~((<uint32_t>1) << fd), hN, D, fd, a, beta)
        else:
            val = force_other(x, hD, hN, D, -1, a, beta)
        if val > best:
            best = val
            if best > a:
                a = best
                if best >= beta:
                    break
    return best


# -- entry points ------------------------------------------------------------------------------
cdef int mate_solver_init(MateSolver* x, int tt_bits) except -1:
    x.tt = <MateTTEntry*>calloc((<size_t>1) << tt_bits, sizeof(MateTTEntry))
    if x.tt == NULL:
        raise MemoryError()
    x.tt_bits = tt_bits
    x.shift = 64 - tt_bits
    x.gen = 1
    x.own_tt = NULL
    x.sharing = 0
    x.nodes = 0
    set_forced(x, -1, -1)
    return 0


cdef void mate_solver_free(MateSolver* x) noexcept nogil:
    free(x.tt)
    x.tt = NULL


cdef void mate_solver_clear(MateSolver* x) noexcept nogil:
    """Forget every stored position (a new generation; a real wipe every 65,535)."""
    x.gen += 1
    if x.gen == 0:
        memset(x.tt, 0, ((<size_t>1) << x.tt_bits) * sizeof(MateTTEntry))
        x.gen = 1


cdef int mate_value(MateSolver* x, MateData* d, int alpha, int beta) noexcept nogil:
    cdef int D = d.dealer, L = d.leader
    x.double_any = d.opt_double_any
    x.nd_requires = d.opt_nd_requires
    if d.phase == LEAD:
        set_forced(x, d.forced[0], d.forced[1])
        return search(x, d.hand[0], d.hand[1], L, d.trick, alpha, beta)
    if d.phase == FOLLOW:                       # the follower is to move: the leader's value, negated
        set_forced(x, d.forced[0], d.forced[1])
        return -replies(x, d.hand[L], d.hand[1 - L], L, d.trick, d.led, -beta, -alpha)
    if d.phase == FORCE_DEALER:
        return force_dealer(x, d.hand[D], d.hand[1 - D], D, alpha, beta)
    if d.phase == FORCE_OTHER:                  # the non-dealer is to move
        return -force_other(x, d.hand[D], d.hand[1 - D], D, d.forced[D], -beta, -alpha)
    return 0


cdef class MateExactSolver(ExactSolver):
    """Mate's exact solver as the generic alpha-beta's hook (``MateGame.EXACT_SOLVER``): one
    kernel (its own transposition table, at most 2**17 entries) per solver object."""

    def __cinit__(self, Game game, int tt_bits=18):
        cdef void* p = NULL
        # whole 64-byte lines of its own (see _solve.pxd)
        if posix_memalign(&p, 64, (sizeof(MateSolver) + 63) & ~(<size_t>63)) != 0:
            raise MemoryError()
        memset(p, 0, sizeof(MateSolver))
        self.x = <MateSolver*>p
        mate_solver_init(self.x, max(8, min(tt_bits, KERNEL_MAX_BITS)))

    def __dealloc__(self):
        if self.x == NULL:
            return
        self.own_table_c()
        if self.x.tt != NULL:
            mate_solver_free(self.x)
        free(self.x)
        self.x = NULL

    cdef double value_c(self, State state) noexcept nogil:
        cdef int v
        self.x.nodes = 0
        v = mate_value(self.x, &(<MateState>state).d, -INF, INF)
        self.nodes = self.x.nodes
        return v

    cdef double value_window_c(self, State state, double alpha, double beta) noexcept nogil:
        # Mate's values are integers: the window widened to integers, (floor(alpha),
        # ceil(beta)), contains the same values plus only its own ends, so the fail-soft answer
        # keeps its meaning for the caller's window (inside: exact; at or beyond an end: a
        # bound on that side). Ends beyond any game value are clamped to +-INF.
        cdef int a, b, v
        a = -INF if alpha <= -INF else <int>floor(alpha)
        b = INF if beta >= INF else <int>ceil(beta)
        self.x.nodes = 0
        v = mate_value(self.x, &(<MateState>state).d, a, b)
        self.nodes = self.x.nodes
        return v

    cdef void clear_c(self) noexcept nogil:
        self.own_table_c()
        mate_solver_clear(self.x)

    cdef void share_table_c(self, void* owner) noexcept nogil:
        # the owner's table, size and generation (read once: the owner bumps its generation
        # only as it starts another world, never while a thief is meant to share it)
        cdef MateSolver* o = (<MateExactSolver>owner).x
        if not self.x.sharing:
            self.x.own_tt = self.x.tt
            self.x.own_shift = self.x.shift
            self.x.own_bits = self.x.tt_bits
            self.x.own_gen = self.x.gen
            self.x.sharing = 1
        self.x.tt = o.tt
        self.x.shift = o.shift
        self.x.tt_bits = o.tt_bits
        self.x.gen = MATE_LOAD16(&o.gen)

    cdef void own_table_c(self) noexcept nogil:
        if self.x.sharing:
            self.x.tt = self.x.own_tt
            self.x.shift = self.x.own_shift
            self.x.tt_bits = self.x.own_bits
            self.x.gen = self.x.own_gen
            self.x.sharing = 0

    cdef void warm_c(self) noexcept nogil:
        # every 64-byte line (4 entries) of the table, prefetched for writing: a search
        # stores at nearly every position it visits
        cdef size_t i, n = (<size_t>1) << self.x.tt_bits
        for i in range(0, n, 4):
            MATE_PREFETCH_W(&self.x.tt[i])
