"""Information Set MCTS (Cowling, Powley & Whitehouse 2012) over a ``View``, generic over
``State``.

Single observer (``observers="single"``, SO-ISMCTS, the default): one tree whose nodes are the
searching seat's information sets, reached by action sequences. Every iteration copies the
view's world and re-deals it with ``determinize_c`` (a fresh determinization), then descends:
at each node only the children whose action is legal in this determinization are candidates
(availability), an untried legal action is expanded first (uniformly at random among them),
otherwise the child maximising ``mean / scale + c * sqrt(ln avail(child) / visits(child))`` is
taken, where ``avail`` counts the iterations in which the child was available and ``scale`` is
the range of every seat's leaf values seen so far (or a fixed number; ``scale="spread"``: their
pooled within-seat standard deviation, a scale that does not grow with outliers). After the
expansion a uniformly random rollout runs to the horizon, and the leaf's vector of values is
backed up: each node accumulates the value of the seat that chose its action (every seat
maximises its own return).

Multi observer (``observers="multi"``, MO-ISMCTS): one tree per seat, all descended together.
A seat's own decisions are taken in its own tree (children keyed by action, statistics of its
own value); the other trees follow the move as *their owner observes it*. Engines do not
describe observations of moves, so they are derived from ``infoset_key_c``: a move by seat j is
seen exactly by seat i when no other legal move of j leads to the same information set of i;
moves i cannot tell apart from another are merged into one "hidden move" edge of i's tree
(Mate's face-down forcing, secret discards). In perfect-information games, or where every move
is public, MO-ISMCTS equals SO-ISMCTS (as in the paper) but costs more.

Memory: per searcher, one arena of edges, grown by doubling (``max_nodes`` caps the nodes; a
node is the block descriptor held by the edge that leads to it); a node's edges (with the
statistics) are a contiguous sorted block of 2 edges at first that moves, doubled, when it
fills, since the set of children grows as determinizations reveal new legal actions; outgrown
blocks are reused, and a big arena lies in huge pages. No allocation per node.
Randomness: one ``Rng`` stream, seeded; a search with an iteration limit is reproducible bit
for bit. The search reads ``view.world`` and ``determinize_c`` only, never a true state.

Exact endgames, ``endgame`` = k > 0 (horizon round): an iteration whose determinized world is,
at the leaf, at most k actions from the end of the round takes that world's exact value
(``_endgame.Endgame``: max^n, or the game's two-player kernel, within ``endgame_budget`` nodes;
over budget it rolls out as usual) instead of a rollout's. That is a proven value of the world,
not of the information set, so it is only backed up as a sample, except where the game has
perfect information and the search is single-observer (Mate with face-up forcing,
docs/rules/mate.md §9.2): every node is then a position, and the search is an MCTS-solver as
``_mcts`` is (a leaf valued exactly or at the horizon is proven; a node whose legal moves all
have proven edges is proven with its mover's best; selection backs up a proven edge's value
without descending; the search stops once the root is proven). Not with heuristic
opponents (below), whose other seats do not play their best.

Chance nodes (``chance="split"``, the default; only games whose rounds reveal chance,
``Game.ROUND_CHANCE``: Vic Village's instructions and reward cards, Mattis's stock draws): an
information set is more than the actions that led to it, it also holds the chance outcomes its
owner has seen since (``State.chance_key_c``). So wherever the owner of a tree has seen new
chance since its last step, the descent first takes the edge keyed by what it saw (the low 31
bits of the key; created when new, which like a new move ends that tree's descent), and the
decisions after it are statistics of that outcome alone. Without them (``chance="merged"``, the
searches before 0.7.0) every later decision of the tree averages over every outcome: a
decision after a turned-up instruction was chosen as if the instruction were unknown, the more
often the deeper the tree, so extra iterations bought little.

Progressive widening, ``widen`` = w > 0 (0, the default, is the search before it): a node
below the roots that its tree has reached N times holds at most ceil(N ** w) of the children
available in the iteration's world before it adds another, and it adds the untried move the
game's rules of thumb score highest there (``Policy.scores_c``; the first of equals). Without
it every node tries each of its moves once before it chooses among them: with 20-45 moves a
node in Dog Tag Trick, the tree of a few thousand iterations hardly gets past the first trick
and extra iterations widen it instead of deepening the lines play takes. The roots always try
every move (the decision weighs them all).

Heuristic opponents, ``opponents="heuristic"`` (single observer only; ``"search"``, the
default, is the search as published): at another seat's node the move is not chosen by UCB but
is the one the heuristic bot would play in the iteration's world (the game policy's
``scores_c``, which reads that seat's own hand and public facts; the best score, ties at
random), and taking it is not an expansion: the descent goes on to the searching seat's next
node. SO-ISMCTS's other seats otherwise choose by statistics pooled over every world, as if
they did not know their own hands; with this model of the table the tree branches on what they
would play holding the cards the world gives them, and it is as right as the model is.

Rollout cut-off, ``cutoff`` = k > 0 (horizon round): a rollout stops after k plies and the leaf
is worth the score gained plus the game's ``Policy.evaluate_c`` estimate of the round's rest.

``reference/ismcts.py`` is the pure-Python twin (same draws, same arithmetic; endgame and
cutoff off; scale="spread" is not in it).
"""
from libc.math cimport sqrt, log, ceil, pow, INFINITY
from libc.stdlib cimport malloc, calloc, realloc, free
from cpython.ref cimport PyObject
from libc.string cimport memcpy, memmove, memset
from libc.stdint cimport uint64_t, int32_t, uint16_t, uint8_t

import time

from solver.game cimport Policy, Game, State, View, MAX_LEGAL, MAX_PLAYERS
from solver.rng cimport Rng, rng_seed, rng_below
from solver.search._common cimport (OBJ_SCORE, OBJ_WIN, HORIZON_GAME, HORIZON_ROUND, monotonic,
                                    at_horizon, rollout, leaf_values, rollout_cut, cut_values,
                                    endgame_values, policy_favourite, heuristic_choice)
from solver.search._endgame cimport Endgame

from solver.search.params import (DEFAULT_C, DEFAULT_CHANCE, DEFAULT_ENDGAME_BUDGET,
                                  DEFAULT_MAX_NODES, as_limit, check_chance, check_c,
                                  check_cutoff, check_endgame, check_endgame_budget,
                                  check_max_nodes, check_scale, check_to_act, objective_code,
                                  seed_int, check_rollout, check_widen, check_opponents,
                                  DEFAULT_OPPONENTS)
from solver.search.result import build_result, mean_interval
from solver.inference.weighted import (DEFAULT_PARTICLES, check_inference, inference_deadline,
                                       source_params, world_pool, world_source)

cdef enum:
    HIDDEN = -1

OBSERVERS = ("single", "multi")

# Statistics live on the edges, and a node's edges are one contiguous block of the edge arena,
# sorted by key: the merge with the sorted legal actions and the UCB scan read consecutive
# memory (opponents' nodes collect many children over the determinizations; a linked list of
# scattered nodes made that scan the search's main cost). A block that fills up moves to the
# end of the arena with twice the room (the old block is kept for reuse, see free_blocks).
# The keys (the action, or HIDDEN for a move the tree's owner cannot see) are a separate array
# from the statistics, so the merge scans a few cache lines of ints.
#
# A node is its block descriptor, and it lives inside the edge that leads to it (the roots'
# in ``roots``): descending one level reads the chosen edge (already in cache from the UCB scan)
# and then the child's key and edge blocks at once, both prefetched during the UCB scan each
# time an edge becomes the best so far (the last one is the chosen edge), while the scan ends
# and the move is applied and the next legal actions generated; the merge then prefetches each
# available edge as it finds it. A separate node array cost one more dependent cache miss per
# level once the tree outgrew the caches. (An expanded edge has no child block yet.)
# A node is named by a reference: an edge index (>= 0) or -1 - t for the root of tree t.
# An Edge is 24 bytes: the block size is a power of two kept as its log2, the edge's own `who`
# fills the descriptor's spare byte, and only the searching seat's root edges keep a sum of
# squares (``root_sq``, by action: no other edge's is read). At 32 bytes with one per edge a
# 1M-iteration tree of Mate Vic Village 4p took 72 MB, at 24 bytes 56 MB; its iterations a
# second did not move measurably either way (A/B over 12 alternated processes).
ctypedef struct Node:
    int32_t first           # offset of the edge block (-1: no edges yet)
    uint16_t n              # edges in use (<= MAX_LEGAL)
    uint8_t cap_log2        # block size 2^cap_log2 (meaningless while first < 0)
    uint8_t who             # (in an edge) the seat whose value the edge's `sum` holds

ctypedef struct Edge:
    double sum              # sum of `child.who`'s values over the iterations through this edge
    int32_t visits
    int32_t avail           # iterations in which this edge's action was available
    Node child              # the node it leads to (its block of edges)

cdef extern from *:
    """
    #define TH_PREFETCH(p) __builtin_prefetch((const void*)(p))
    """
    void TH_PREFETCH(const void* p) noexcept nogil

# The growable per-edge arrays (edges, keys, eproof) are regions: cache-line aligned (malloc's
# big blocks start 16 bytes into a page, so even a block's first edge could straddle), and
# once one holds at least `th_map_min` bytes it is an anonymous mapping aligned to 2 MiB with
# madvise(MADV_HUGEPAGE). A tree of a million iterations spans ~56 MB: with 4 KiB pages the
# descent's prefetches waited on page walks and every 4 KiB took a page fault (25k faults; 800
# with huge pages). Measured on the project's VM (Mate Vic Village 4p, 1M iterations): 2.7%
# less user time, but the kernel's zeroing of fresh 2 MiB pages costs about as much system
# time there (clear_page: the host backs the guest's fresh memory on first touch), so the CPU
# total is about even; on a host without that cost it is a plain gain. Small searches (arrays
# under 2 MiB, ~40k iterations) never map. A mapped region grows into a new, larger mapping
# whose first part receives the old pages by mremap (page tables move, nothing is copied);
# where mmap or mremap fails it falls back to aligned malloc + memcpy.
# A searcher that ends gives its mappings to a process-wide cache (at most th_cache_max bytes,
# TH_CACHE_SLOTS mappings), and the next big search of this process takes the largest cached
# mapping of the same array instead of a fresh one: its pages are already there, so a bot's
# every big decision no longer pays the kernel for faulting in and zeroing ~56 MB (Mate Vic
# Village 4p, 1M iterations: 0.04-0.05 s of system time in a 3 s search, nearly all of it
# clear_page; 1.5-1.7 points of the bench's 10k -> 1M drop in CPU time). A region never
# relies on its memory being zeroed (the malloc path never was). The process keeps what it
# cached until release_cached_memory.
cdef extern from *:
    """
    #include <stdlib.h>
    #include <string.h>
    #include <stdint.h>
    #include <sys/mman.h>
    #ifndef MREMAP_MAYMOVE
    #define MREMAP_MAYMOVE 1
    #endif
    #ifndef MREMAP_FIXED
    #define MREMAP_FIXED 2
    #endif
    #define TH_HUGE ((size_t)2 << 20)
    #define TH_LINE ((size_t)64)

    #include <pthread.h>

    /* p: the start; bytes: its size (a multiple of TH_HUGE when mapped, else of TH_LINE);
       mapped: 1 when p came from th_map (free with munmap), 0 from aligned_alloc (free);
       kind: which array it holds (cached mappings go back to the same array). */
    typedef struct { void* p; size_t bytes; int mapped; int kind; } th_region;

    /* The size in bytes from which a region is a huge-page mapping (tests and benchmarks
       move it: 0 maps every region, SIZE_MAX none). */
    static size_t th_map_min = TH_HUGE;

    static size_t th_round_up(size_t n, size_t unit) { return (n + unit - 1) / unit * unit; }

    /* A fresh anonymous mapping of `bytes` (a multiple of TH_HUGE) aligned to TH_HUGE and
       advised for huge pages, or NULL. */
    static void* th_map(size_t bytes) {
        size_t span = bytes + TH_HUGE;
        char* raw = (char*)mmap(NULL, span, PROT_READ | PROT_WRITE,
                                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        char* p;
        size_t head, tail;
        if (raw == (char*)MAP_FAILED) return NULL;
        p = (char*)(((uintptr_t)raw + TH_HUGE - 1) & ~(uintptr_t)(TH_HUGE - 1));
        head = (size_t)(p - raw);
        tail = span - head - bytes;
        if (head) munmap(raw, head);
        if (tail) munmap(p + bytes, tail);
    #ifdef MADV_HUGEPAGE
        madvise(p, bytes, MADV_HUGEPAGE);      /* advice only: failure leaves 4 KiB pages */
    #endif
        return p;
    }

    /* The cache of mappings that ended searchers gave back (p == NULL: a free slot); every
       access holds th_cache_lock (searchers grow their arrays without the GIL). */
    #define TH_CACHE_SLOTS 8
    static th_region th_cache[TH_CACHE_SLOTS];
    static size_t th_cache_max = (size_t)512 << 20;
    static size_t th_cache_held = 0;
    static pthread_mutex_t th_cache_lock = PTHREAD_MUTEX_INITIALIZER;

    /* Into *out, the largest cached mapping of `kind` if it holds at least `bytes`: 1, else 0. */
    static int th_cache_take(int kind, size_t bytes, th_region* out) {
        int i, pick = -1;
        pthread_mutex_lock(&th_cache_lock);
        for (i = 0; i < TH_CACHE_SLOTS; i++)
            if (th_cache[i].p != NULL && th_cache[i].kind == kind
                    && (pick < 0 || th_cache[i].bytes > th_cache[pick].bytes))
                pick = i;
        if (pick >= 0 && th_cache[pick].bytes >= bytes) {
            *out = th_cache[pick];
            th_cache[pick].p = NULL;
            th_cache_held -= out->bytes;
        } else {
            pick = -1;
        }
        pthread_mutex_unlock(&th_cache_lock);
        return pick >= 0;
    }

    /* Keep mapping *r in the cache if it fits (a free slot, th_cache_max): 1, else 0. */
    static int th_cache_keep(const th_region* r) {
        int i, kept = 0;
        pthread_mutex_lock(&th_cache_lock);
        if (th_cache_held + r->bytes <= th_cache_max) {
            for (i = 0; i < TH_CACHE_SLOTS; i++) {
                if (th_cache[i].p == NULL) {
                    th_cache[i] = *r;
                    th_cache_held += r->bytes;
                    kept = 1;
                    break;
                }
            }
        }
        pthread_mutex_unlock(&th_cache_lock);
        return kept;
    }

    /* Unmap every cached mapping; the bytes the cache held. */
    static size_t th_cache_clear(void) {
        int i;
        size_t held;
        pthread_mutex_lock(&th_cache_lock);
        held = th_cache_held;
        for (i = 0; i < TH_CACHE_SLOTS; i++) {
            if (th_cache[i].p != NULL) munmap(th_cache[i].p, th_cache[i].bytes);
            th_cache[i].p = NULL;
        }
        th_cache_held = 0;
        pthread_mutex_unlock(&th_cache_lock);
        return held;
    }

    static size_t th_cache_bytes(void) {
        size_t held;
        pthread_mutex_lock(&th_cache_lock);
        held = th_cache_held;
        pthread_mutex_unlock(&th_cache_lock);
        return held;
    }

    /* The region's memory freed: a mapping to the cache where it fits, else unmapped. */
    static void th_release(th_region* r) {
        if (r->p == NULL) return;
        if (r->mapped) {
            if (!th_cache_keep(r)) munmap(r->p, r->bytes);
        } else {
            free(r->p);
        }
        r->p = NULL;
        r->bytes = 0;
        r->mapped = 0;
    }

    /* Unmapped or freed, never cached: the old block of a region that grew. */
    static void th_drop(th_region* r) {
        if (r->p == NULL) return;
        if (r->mapped) munmap(r->p, r->bytes); else free(r->p);
        r->p = NULL;
        r->bytes = 0;
        r->mapped = 0;
    }

    /* Room for at least `want` bytes keeping the first `used` bytes; 0, or -1 when out of
       memory (the region is then unchanged). A region never shrinks. */
    static int th_reserve(th_region* r, size_t used, size_t want) {
        size_t bytes;
        void* q;
        th_region cached;
        if (want <= r->bytes) return 0;
        if (want >= th_map_min) {
            bytes = th_round_up(want, TH_HUGE);
            if (th_cache_take(r->kind, bytes, &cached)) {
                if (used) memcpy(cached.p, r->p, used);
                th_drop(r);
                r->p = cached.p;
                r->bytes = cached.bytes;
                r->mapped = 1;
                return 0;
            }
            q = th_map(bytes);
            if (q != NULL) {
                if (r->mapped && (void*)mremap(r->p, r->bytes, r->bytes,
                                               MREMAP_MAYMOVE | MREMAP_FIXED, q) != MAP_FAILED) {
                    r->p = NULL;               /* its pages now start the new mapping */
                } else if (used) {
                    memcpy(q, r->p, used);
                }
                th_drop(r);
                r->p = q;
                r->bytes = bytes;
                r->mapped = 1;
                return 0;
            }
        }
        bytes = th_round_up(want, TH_LINE);
        q = aligned_alloc(TH_LINE, bytes);
        if (q == NULL) return -1;
        if (used) memcpy(q, r->p, used);
        th_drop(r);
        r->p = q;
        r->bytes = bytes;
        r->mapped = 0;
        return 0;
    }
    """
    ctypedef struct th_region:
        void* p
        size_t bytes
        int mapped
        int kind
    size_t th_map_min
    size_t th_cache_max
    size_t th_cache_clear() noexcept nogil
    size_t th_cache_bytes() noexcept nogil
    void th_release(th_region* r) noexcept nogil
    int th_reserve(th_region* r, size_t used, size_t want) noexcept nogil


def set_map_threshold(long long min_bytes):
    """From how many bytes an edge array is a 2 MiB-aligned huge-page mapping rather than an
    aligned malloc block (see the comment above th_region; default 2 MiB), for every searcher
    of this process: for tests of the two allocation paths and for benchmarks. ``min_bytes``
    < 0: never map. Returns the previous threshold (-1 for never)."""
    global th_map_min
    cdef size_t old = th_map_min
    th_map_min = <size_t>-1 if min_bytes < 0 else <size_t>min_bytes
    return -1 if old == <size_t>-1 else <long long>old


def set_cache_limit(max_bytes):
    """How many bytes of ended searchers' mappings this process keeps for its next big
    searches (see the comment above th_region; default 512 MiB; 0 keeps none). Cached
    mappings beyond a smaller limit stay until the next ``release_cached_memory``. Returns the
    previous limit."""
    global th_cache_max
    cdef size_t old = th_cache_max
    if (isinstance(max_bytes, bool) or not isinstance(max_bytes, int)
            or not 0 <= max_bytes < (1 << 62)):
        # (a float was truncated: 1.5 set 1 byte; tester 14)
        raise ValueError(f"the cache limit must be a whole number of bytes >= 0, "
                         f"got {max_bytes!r}")
    th_cache_max = <size_t>max_bytes
    return <long long>old


def cached_memory():
    """Bytes of mappings the process-wide cache holds for the next big ISMCTS search."""
    return <long long>th_cache_bytes()


def release_cached_memory():
    """Unmap every mapping the cache holds (a long-lived process done with big searches);
    returns how many bytes it held."""
    return <long long>th_cache_clear()


cdef long long INITIAL_NODES = 4096
cdef enum:
    FIRST_BLOCK_LOG2 = 1            # a node's first edge block: 2^1 edges
    FREE_CLASSES = 16               # block sizes 2^0 .. 2^15 (MAX_LEGAL = 512 needs 2^9)
# Exact endgames: visits of a node before its world is solved (0: at the leaf an iteration
# creates; 1: when reached again, before its first edge). Each iteration ends at one new node
# either way, so 1 only solves positions one ply bigger (Dog Tag Trick 4p, endgame=4: 9.1 ms
# a 2000-iteration search against 6.2 ms with 0); UCT differs (_mcts.DEFAULT_SOLVE_AFTER).
DEFAULT_SOLVE_AFTER = 0


# The logs of availability counts (UCB's ln avail) come from a lazily filled table of
# TH_LOG_LAZY counts: a block of 4096 computed by libm the first time a count in it is asked
# for (under a lock: searchers run in parallel), the same values libm gives. The root's count
# is the iteration number and the nodes below it count on into the hundreds of thousands: with
# a fixed table of 8192 a big search called libm's log once or twice an iteration (1.5% of a
# 1M-iteration search). Its 16 MB are untouched bytes of the process until a search gets
# there (8 MB at 1M iterations); past it, libm.
cdef extern from *:
    """
    #include <math.h>
    #include <stdint.h>
    #include <pthread.h>
    #define TH_LOG_BLOCK_BITS 12
    #define TH_LOG_LAZY ((int32_t)1 << 21)
    static double th_log_lazy[1 << 21];
    static unsigned char th_log_ready[(1 << 21) >> TH_LOG_BLOCK_BITS];
    static pthread_mutex_t th_log_lock = PTHREAD_MUTEX_INITIALIZER;

    /* log(n) for 0 <= n < TH_LOG_LAZY, from the table (its block filled on first use). */
    static double th_log_lazy_get(int32_t n) {
        int b = n >> TH_LOG_BLOCK_BITS;
        if (!__atomic_load_n(&th_log_ready[b], __ATOMIC_ACQUIRE)) {
            pthread_mutex_lock(&th_log_lock);
            if (!th_log_ready[b]) {
                int32_t i, lo = (int32_t)b << TH_LOG_BLOCK_BITS;
                for (i = 0; i < ((int32_t)1 << TH_LOG_BLOCK_BITS); i++)
                    th_log_lazy[lo + i] = log((double)(lo + i));
                __atomic_store_n(&th_log_ready[b], 1, __ATOMIC_RELEASE);
            }
            pthread_mutex_unlock(&th_log_lock);
        }
        return th_log_lazy[n];
    }
    """
    int32_t TH_LOG_LAZY
    double th_log_lazy_get(int32_t n) noexcept nogil


cdef inline double log_count(int32_t n) noexcept nogil:
    """log(n) for a positive count (the table up to TH_LOG_LAZY: the same values libm gives)."""
    if n < TH_LOG_LAZY:
        return th_log_lazy_get(n)
    return log(<double>n)


cdef class ISMCTS:
    """A reusable ISMCTS searcher for one game (the arenas survive ``reset``)."""

    cdef Node* roots                # one per tree
    cdef Edge* edges                # = edge_region.p (and keys, eproof likewise)
    cdef int32_t* keys
    cdef th_region edge_region, key_region, eproof_region
    # Blocks a node outgrew, by log2 of their size: a linked list through the blocks' first
    # key (the next block's offset, -1 ends it). A new block reuses one (or splits a bigger
    # one) before the arena grows: abandoned, they took 2.32 arena edges a node after 20k
    # iterations of Mate Vic Village 4p instead of 1.47, every one page-faulted and zeroed,
    # and spread the live blocks over more pages.
    cdef int32_t free_blocks[FREE_CLASSES]
    cdef long long count, edge_top, edge_cap, max_nodes
    cdef long long* path            # per tree: the edges taken this iteration
    cdef long long path_stride
    cdef int32_t* greedy            # by action: root greedy counts
    # by action: the sum of squares of the searching seat's root edges' values (the intervals
    # of the root's moves; no other edge needs one, and 8 bytes fewer per edge is a quarter
    # less memory for a big tree's levels)
    cdef double* root_sq
    cdef readonly Game game
    cdef int n_players, objective, horizon, root_round, player, n_trees
    cdef bint multi, hidden_moves
    cdef readonly bint chance_nodes  # chance="split" in a game with ROUND_CHANCE
    cdef readonly double widen      # progressive widening exponent (0: expand every move first)
    cdef readonly bint model_opponents  # opponents="heuristic" (module docstring)
    cdef Policy policy
    cdef double c, scale, lo, hi
    # Exploration scale ``spread`` (scale="spread"): UCB divides values by the pooled
    # within-seat standard deviation of the leaf values seen (vsum/vsq: per seat, over the
    # vn iterations backed up) instead of their range hi - lo.
    cdef readonly bint spread
    cdef double vsum[MAX_PLAYERS]
    cdef double vsq[MAX_PLAYERS]
    cdef long long vn
    cdef double base[MAX_PLAYERS]
    cdef State world, s, scratch
    cdef readonly long long iterations, greedy_iterations
    cdef int n_root_actions
    cdef uint64_t obs[MAX_LEGAL * MAX_PLAYERS]
    # Exact endgames and rollout cut-off (module docstring); 0 / None = off.
    cdef Endgame endgame            # None: rollouts only
    cdef Policy evaluator           # the game's policy (the searcher's own instance where it
                                    # has one): evaluate_c at a cut-off, scores_c when widening
    cdef readonly int cutoff
    cdef readonly int solve_after   # visits before a node's world is solved (as in _mcts)
    cdef readonly bint solving      # MCTS-solver proofs (perfect information, single observer)
    cdef int32_t* eproof            # by edge, parallel to `edges`: offset in `proven`, or -1
    cdef int32_t root_proof         # the (single) root's proof, or -1
    cdef int32_t* nlegal            # legal actions at each node of this iteration's path
    cdef double* proven             # arena of proven vectors (num_players doubles each)
    cdef long long proven_count, proven_cap

    # --- world source (inference, solver/inference) ----------------------------------------
    # None: every iteration re-deals the view's world with determinize_c (uniform among the
    # worlds consistent with the hard facts). Otherwise a list of full states of this game,
    # each a determinization of the view (resampled by the opponent model's weights), and
    # iteration i searches pool[i % len(pool)] as it is (no re-deal).
    cdef list pool
    cdef PyObject** pool_worlds     # borrowed pointers to pool's states, for the nogil loop
    cdef Py_ssize_t pool_n          # len(pool); 0: no pool
    # --- end world source ------------------------------------------------------------------

    def __cinit__(self, Game game, double c=DEFAULT_C, int objective=OBJ_SCORE,
                  int horizon=HORIZON_GAME, double scale=0.0, bint multi=False,
                  long long max_nodes=DEFAULT_MAX_NODES, policy=False, int endgame=0,
                  long long endgame_budget=DEFAULT_ENDGAME_BUDGET, int cutoff=0,
                  int solve_after=DEFAULT_SOLVE_AFTER, long long initial_edges=0,
                  bint spread=False, bint chance=True, double widen=0.0,
                  bint model_opponents=False):
        # ``policy``: False (random rollouts), True (the game's shared policy) or a Policy
        # instance of this game's own (one per thread when searches run in parallel).
        cdef int lg
        # ``initial_edges``: the edge arrays' first capacity (<= 0: the default; a search's
        # answers do not depend on it, only how often the arrays grow).
        self.eproof = NULL
        self.edges = NULL
        self.keys = NULL
        self.edge_region.p = NULL
        self.edge_region.bytes = 0
        self.edge_region.mapped = 0
        self.key_region = self.edge_region
        self.eproof_region = self.edge_region
        self.pool_worlds = NULL
        self.pool_n = 0
        self.nlegal = NULL
        self.proven = NULL
        if (endgame > 0 or cutoff > 0) and horizon != HORIZON_ROUND:
            raise ValueError("endgame and cutoff value a world to the end of its round; "
                             "use horizon=round")
        self.endgame = Endgame(game, endgame, endgame_budget) if endgame > 0 else None
        # evaluate_c at a cut-off: the searcher's own policy instance where it has one
        self.evaluator = policy if isinstance(policy, Policy) else game.policy
        self.cutoff = cutoff if cutoff > 0 else 0
        self.solve_after = solve_after if solve_after > 0 else 0
        # (proofs take each mover's best: not where the heuristic plays the other seats)
        self.solving = (endgame > 0 and game.perfect_information and not multi
                        and not model_opponents)
        self.proven_cap = 0
        self.proven_count = 0
        self.root_proof = -1
        self.game = game
        self.policy = policy if isinstance(policy, Policy) else (game.policy if policy else None)
        self.n_players = game.num_players
        self.c = c
        self.objective = objective
        self.horizon = horizon
        self.scale = scale
        self.spread = spread
        self.multi = multi
        self.n_trees = game.num_players if multi else 1
        self.hidden_moves = not game.perfect_information
        self.chance_nodes = chance and bool(getattr(game, "ROUND_CHANCE", False))
        if not 0.0 <= widen < 1.0:
            raise ValueError(f"widen must be in [0, 1), not {widen}")
        self.widen = widen
        if model_opponents and multi:
            raise ValueError("opponents=heuristic applies to observers=single (SO-ISMCTS)")
        self.model_opponents = model_opponents
        self.max_nodes = max_nodes if max_nodes > self.n_trees else self.n_trees + 1
        self.edge_cap = initial_edges if initial_edges > 0 else 4 * INITIAL_NODES
        if self.edge_cap > 0x7FFFFFFF:
            raise ValueError("initial_edges must be < 2**31")
        # a path holds at most one chance edge before each move
        self.path_stride = (2 if self.chance_nodes else 1) * game.max_game_length + 2
        self.roots = <Node*>malloc(self.n_trees * sizeof(Node))
        self.edge_region.kind = 1
        self.key_region.kind = 2
        self.eproof_region.kind = 3
        if (th_reserve(&self.edge_region, 0, self.edge_cap * sizeof(Edge)) < 0
                or th_reserve(&self.key_region, 0, self.edge_cap * sizeof(int32_t)) < 0
                or th_reserve(&self.eproof_region, 0, self.edge_cap * sizeof(int32_t)) < 0):
            raise MemoryError()
        self.edges = <Edge*>self.edge_region.p
        self.keys = <int32_t*>self.key_region.p
        self.eproof = <int32_t*>self.eproof_region.p
        self.path = <long long*>malloc(self.n_trees * self.path_stride * sizeof(long long))
        self.greedy = <int32_t*>calloc(game.num_distinct_actions + 1, sizeof(int32_t))
        self.root_sq = <double*>calloc(game.num_distinct_actions + 1, sizeof(double))
        self.nlegal = <int32_t*>malloc(self.path_stride * sizeof(int32_t))
        if (self.roots == NULL or self.path == NULL or self.greedy == NULL
                or self.root_sq == NULL or self.nlegal == NULL):
            raise MemoryError()
        self.world = game.new_state()
        self.s = game.new_state()
        self.scratch = game.new_state()
        self.count = 0
        self.edge_top = 0
        for lg in range(FREE_CLASSES):
            self.free_blocks[lg] = -1

    def __dealloc__(self):
        free(self.roots)
        th_release(&self.edge_region)
        th_release(&self.key_region)
        th_release(&self.eproof_region)
        free(self.path)
        free(self.greedy)
        free(self.root_sq)
        free(self.nlegal)
        free(self.pool_worlds)
        free(self.proven)

    cdef int reset(self, View view) except -1:
        cdef int acts[MAX_LEGAL]
        cdef int t
        check_to_act(view)
        if view.world.game is not self.game and view.world.game != self.game:
            raise ValueError(f"this searcher is for {self.game.spec()}, not {view.world.game.spec()}")
        self.world.copy_from(view.world)
        self.player = view.player
        self.root_round = self.world.round_c()
        self.world.scores_c(self.base)
        self.n_root_actions = self.world.legal_actions_c(acts)
        self.lo = INFINITY
        self.hi = -INFINITY
        memset(self.vsum, 0, MAX_PLAYERS * sizeof(double))
        memset(self.vsq, 0, MAX_PLAYERS * sizeof(double))
        self.vn = 0
        self.iterations = 0
        self.greedy_iterations = 0
        memset(self.greedy, 0, (self.game.num_distinct_actions + 1) * sizeof(int32_t))
        memset(self.root_sq, 0, (self.game.num_distinct_actions + 1) * sizeof(double))
        self.count = self.n_trees
        self.edge_top = 0
        for t in range(FREE_CLASSES):
            self.free_blocks[t] = -1
        self.root_proof = -1
        self.proven_count = 0
        for t in range(self.n_trees):
            self.roots[t].first = -1
            self.roots[t].n = 0
            self.roots[t].cap_log2 = 0
            self.roots[t].who = 0
        return 0

    cdef double value_scale_c(self) noexcept nogil:
        """The divisor of values in UCB: ``scale`` when fixed (> 0); else, with ``spread``,
        the pooled within-seat standard deviation of the leaf values backed up so far
        (sqrt(sum over seats of the sum of squared deviations / (seats * (iterations - 1))));
        else the range hi - lo of every seat's leaf values; 1 until there are two distinct
        values."""
        cdef double var = 0.0
        cdef int i
        if self.scale > 0:
            return self.scale
        if self.spread:
            if self.vn < 2:
                return 1.0
            for i in range(self.n_players):
                var += self.vsq[i] - self.vsum[i] * self.vsum[i] / self.vn
            var /= self.n_players * (self.vn - 1)
            return sqrt(var) if var > 1e-12 else 1.0
        if self.hi > self.lo:
            return self.hi - self.lo
        return 1.0

    @property
    def value_scale(self):
        """The value scale UCB divides by at this point of the search (value_scale_c)."""
        return self.value_scale_c()

    cdef inline Node* node_of(self, long long ref) noexcept nogil:
        """The block descriptor of node ``ref`` (an edge index, or -1 - t: root of tree t).
        Valid until the edge arena grows or the block holding that edge moves."""
        if ref >= 0:
            return &self.edges[ref].child
        return &self.roots[-1 - ref]

    cdef long long reserve_edges(self, int lg) noexcept nogil:
        """Offset of a block of 2^``lg`` edges, from the outgrown ones if any, else from the
        arena's end (-1 if out of memory).
        Where blocks lie does not change a search's answers (only their order within a block
        matters)."""
        cdef long long newcap, off
        cdef long long size = 1 << lg
        cdef size_t used = self.edge_top
        cdef int k = lg
        while k < FREE_CLASSES and self.free_blocks[k] < 0:
            k += 1
        if k < FREE_CLASSES:
            # an outgrown block of this size, or the first part of a bigger one whose rest
            # joins the lists as blocks of 2^lg, 2^(lg+1), ..., 2^(k-1) edges
            off = self.free_blocks[k]
            self.free_blocks[k] = self.keys[off]
            while k > lg:
                k -= 1
                self.keys[off + (1 << k)] = self.free_blocks[k]
                self.free_blocks[k] = <int32_t>(off + (1 << k))
            return off
        if self.edge_top + size > self.edge_cap:
            newcap = self.edge_cap * 2
            while newcap < self.edge_top + size:
                newcap *= 2
            if newcap > 0x7FFFFFFF:
                return -1
            # (a region that grew keeps its larger size if a later one fails; harmless)
            if th_reserve(&self.edge_region, used * sizeof(Edge), newcap * sizeof(Edge)) < 0:
                return -1
            self.edges = <Edge*>self.edge_region.p
            if th_reserve(&self.key_region, used * sizeof(int32_t),
                          newcap * sizeof(int32_t)) < 0:
                return -1
            self.keys = <int32_t*>self.key_region.p
            if self.solving:                # eproof is kept only by a solving search
                if th_reserve(&self.eproof_region, used * sizeof(int32_t),
                              newcap * sizeof(int32_t)) < 0:
                    return -1
                self.eproof = <int32_t*>self.eproof_region.p
            self.edge_cap = newcap
        self.edge_top += size
        return self.edge_top - size

    cdef long long insert_edge(self, long long node, int pos, int key, int who) noexcept nogil:
        """A new child of ``node`` reached by ``key``, inserted at ``pos`` of its sorted block.
        Returns the edge's index, -1 when full. Indices of ``node``'s other edges shift; other
        nodes' edges keep theirs."""
        cdef long long off
        cdef int lg
        cdef Node* nd
        cdef Edge* e
        if self.count >= self.max_nodes:
            return -1
        nd = self.node_of(node)
        if nd.first < 0 or nd.n == (1 << nd.cap_log2):
            # the first block holds 2 edges, each later one twice its predecessor. Most nodes
            # of a big tree lie near the frontier with one or two children: a first block as
            # big as the legal moves (8 in Mate Vic Village) left most of the arena unused
            # (2.4M edges for 1M nodes; 1.4M with 2), and outgrown blocks are reused.
            lg = nd.cap_log2 + 1 if nd.first >= 0 else FIRST_BLOCK_LOG2
            off = self.reserve_edges(lg)
            if off < 0:
                return -1
            nd = self.node_of(node)         # the arena may have moved
            if nd.n > 0:
                memcpy(&self.edges[off], &self.edges[nd.first], nd.n * sizeof(Edge))
                memcpy(&self.keys[off], &self.keys[nd.first], nd.n * sizeof(int32_t))
                if self.solving:
                    memcpy(&self.eproof[off], &self.eproof[nd.first], nd.n * sizeof(int32_t))
                # the outgrown block (no index into it survives: the path holds the edges
                # leading to nodes, which lie in their parents' blocks) joins its free list
                self.keys[nd.first] = self.free_blocks[nd.cap_log2]
                self.free_blocks[nd.cap_log2] = nd.first
            nd.first = <int32_t>off
            nd.cap_log2 = <uint8_t>lg
        if pos < nd.n:
            memmove(&self.edges[nd.first + pos + 1], &self.edges[nd.first + pos],
                    (nd.n - pos) * sizeof(Edge))
            memmove(&self.keys[nd.first + pos + 1], &self.keys[nd.first + pos],
                    (nd.n - pos) * sizeof(int32_t))
            if self.solving:
                memmove(&self.eproof[nd.first + pos + 1], &self.eproof[nd.first + pos],
                        (nd.n - pos) * sizeof(int32_t))
        nd.n += 1
        self.keys[nd.first + pos] = key
        if self.solving:                    # (a third array touched per insert otherwise)
            self.eproof[nd.first + pos] = -1
        e = &self.edges[nd.first + pos]
        e.sum = 0.0
        e.child.first = -1
        e.child.n = 0
        e.child.cap_log2 = 0
        e.child.who = <uint8_t>who
        e.visits = 0
        e.avail = 0
        self.count += 1
        return nd.first + pos

    cdef long long edge_with_key(self, long long node, int key, int who,
                                 bint* created) noexcept nogil:
        """The edge of ``node`` with ``key``, created if missing (-1 when full)."""
        cdef Node* nd = self.node_of(node)
        cdef int pos = 0
        while pos < nd.n and self.keys[nd.first + pos] < key:
            pos += 1
        if pos < nd.n and self.keys[nd.first + pos] == key:
            created[0] = False
            return nd.first + pos
        created[0] = True
        return self.insert_edge(node, pos, key, who)

    # --- world source (inference, solver/inference) ----------------------------------------
    def set_world_pool(self, worlds):
        """Search ``worlds`` (full states of this game, determinizations of the view to be
        searched, e.g. resampled by the opponent model) instead of re-dealing the view's world
        each iteration; None restores the uniform re-deal. Call after the reset."""
        cdef State w
        cdef PyObject** grown
        cdef Py_ssize_t i
        if worlds is None:
            self.pool = None
            self.pool_n = 0
            return
        pool = []
        for w in worlds:
            if w.game is not self.game and w.game != self.game:
                raise ValueError(f"a pooled world is of {w.game.spec()}, not {self.game.spec()}")
            if (w.current_player_c() != self.player
                    or w.infoset_key_c(self.player) != self.world.infoset_key_c(self.player)):
                raise ValueError("a pooled world is not at the view's position")
            pool.append(w)
        if not pool:
            raise ValueError("the world pool is empty")
        grown = <PyObject**>realloc(self.pool_worlds, len(pool) * sizeof(PyObject*))
        if grown == NULL:
            raise MemoryError()
        self.pool_worlds = grown
        for i in range(len(pool)):
            self.pool_worlds[i] = <PyObject*>pool[i]    # kept alive by self.pool
        self.pool = pool
        self.pool_n = len(pool)

    # --- end world source ------------------------------------------------------------------

    cdef int32_t store_proof(self, double* v) noexcept nogil:
        """A copy of the vector ``v`` in the proven arena: its offset, or -1 when out of memory
        (``v`` must not point into the arena, which may move)."""
        cdef int P = self.n_players
        cdef long long newcap
        cdef double* grown
        if self.proven_count + P > self.proven_cap:
            newcap = self.proven_cap * 2 if self.proven_cap > 0 else 256 * P
            if newcap > 0x7FFFFFFF:
                return -1
            grown = <double*>realloc(self.proven, newcap * sizeof(double))
            if grown == NULL:
                return -1
            self.proven = grown
            self.proven_cap = newcap
        memcpy(&self.proven[self.proven_count], v, P * sizeof(double))
        self.proven_count += P
        return <int32_t>(self.proven_count - P)

    cdef void prove_edge(self, long long e, double* v, bint at_root) noexcept nogil:
        """Mark edge ``e`` (the position it leads to; ``at_root``: one of the root's) proven
        with the vector ``v``; its statistics become the exact value of its seat times its
        visits."""
        cdef int32_t off = self.store_proof(v)
        cdef Edge* ed
        cdef double x
        if off < 0:
            return
        self.eproof[e] = off
        ed = &self.edges[e]
        x = v[ed.child.who]
        ed.sum = x * ed.visits
        if at_root and self.keys[e] >= 0:
            self.root_sq[self.keys[e]] = x * x * ed.visits

    cdef void propagate(self, int plen) noexcept nogil:
        """After the last edge of this iteration's path (of ``plen`` edges, tree 0) was proven:
        prove each node up the path all of whose legal moves (``nlegal``) have proven edges,
        with the best of them for its mover (the first in action order on ties); the root too."""
        cdef double v[MAX_PLAYERS]
        cdef int i, k, who
        cdef long long e, best, first
        cdef Node* nd
        cdef long long* path = self.path
        i = plen - 1
        while i >= 0:
            # the node whose child edge path[i] is: edge path[i - 1]'s child, or the root
            nd = self.node_of(path[i - 1] if i > 0 else -1)
            if nd.n != self.nlegal[i]:
                return                      # a legal move without an edge yet
            first = nd.first
            best = -1
            for k in range(nd.n):
                e = first + k
                if self.eproof[e] < 0:
                    return
                who = self.edges[e].child.who
                if best < 0 or (self.proven[self.eproof[e] + who]
                                > self.proven[self.eproof[best] + who]):
                    best = e
            memcpy(v, &self.proven[self.eproof[best]], self.n_players * sizeof(double))
            if i > 0:
                if self.eproof[path[i - 1]] >= 0:
                    return
                self.prove_edge(path[i - 1], v, i == 1)
                if self.eproof[path[i - 1]] < 0:
                    return                  # out of memory
            else:
                self.root_proof = self.store_proof(v)
            i -= 1

    cdef inline void follow(self, int t, int key, int who, long long* cur, int* plen,
                            bint* alive) noexcept nogil:
        """Tree ``t`` takes the edge ``key`` of its current node (created for seat ``who`` when
        missing: a new node is the tree's frontier for this iteration, and a full arena ends the
        tree's descent), appended to its path."""
        cdef bint created
        cdef long long e = self.edge_with_key(cur[t], key, who, &created)
        if e < 0:
            alive[t] = False
            return
        if created:
            alive[t] = False
        self.path[t * self.path_stride + plen[t]] = e
        plen[t] += 1
        cur[t] = e

    cdef long long run(self, long long max_iterations, double deadline, Rng* rng) noexcept:
        """Add iterations until ``max_iterations`` or the monotonic clock passes ``deadline``
        (<= 0: none); runs without the GIL. Returns the iterations done."""
        cdef State s = self.s, world = self.world, scratch = self.scratch
        cdef long long it
        with nogil:
            it = self._run(s, world, scratch, max_iterations, deadline, rng)
        return it

    cdef long long _run(self, State s, State world, State scratch, long long max_iterations,
                        double deadline, Rng* rng) noexcept nogil:
        cdef int acts[MAX_LEGAL]
        cdef int untried[MAX_LEGAL]
        cdef int ins[MAX_LEGAL]
        cdef long long avl[MAX_LEGAL]
        cdef long long cur[MAX_PLAYERS]
        cdef uint64_t seen[MAX_PLAYERS]     # each tree owner's chance key at its node
        cdef uint64_t ck
        cdef int plen[MAX_PLAYERS]
        cdef bint alive[MAX_PLAYERS]
        cdef double v[MAX_PLAYERS]
        cdef double gain[MAX_PLAYERS]
        cdef bint at_proven, solving = self.solving, exact_leaf, solved
        cdef long long it = 0, node, e, chosen, best_e, g, first
        cdef int i, k, q, n, nu, nav, a, j, tj, t, ai, cnt, key, rt, pos, nn
        cdef int K = self.n_trees, P = self.n_players
        cdef long long stride = self.path_stride
        cdef bint expanded, have_obs, ends_round = False, modelled
        cdef double r, ucb, best, x, m, log_avail = 0.0
        cdef int32_t logged
        cdef double prior[MAX_LEGAL]
        cdef long long node_visits
        cdef bint widening = self.widen > 0.0
        cdef Edge* edges
        cdef Edge* ed
        cdef Node* nd
        cdef int32_t* keys
        rt = self.player if self.multi else 0
        while it < max_iterations:
            if deadline > 0 and (it & 63) == 0 and monotonic() >= deadline:
                break
            if solving and self.root_proof >= 0:
                break                       # the root is proven: nothing left to learn
            if self.pool_n > 0:            # world source: iteration i searches pool[i % n]
                s.copy_from(<State>self.pool_worlds[(self.iterations + it) % self.pool_n])
            else:
                s.copy_from(world)
                s.determinize_c(self.player, rng)
            at_proven = False
            solved = False
            r = self.value_scale_c()       # fixed during the descent (it changes at backup)
            for t in range(K):
                cur[t] = -1 - t
                plen[t] = 0
                alive[t] = True
                if self.chance_nodes:
                    seen[t] = s.chance_key_c(t if self.multi else self.player)
            while not at_horizon(s, self.horizon, self.root_round):
                if self.chance_nodes:
                    for t in range(K):
                        if not alive[t]:
                            continue
                        ck = s.chance_key_c(t if self.multi else self.player)
                        if ck == seen[t]:
                            continue
                        seen[t] = ck
                        self.follow(t, <int>(ck & 0x7FFFFFFF), t if self.multi else self.player,
                                    cur, plen, alive)
                j = s.current_player_c()
                tj = j if self.multi else 0
                if not alive[tj]:
                    break
                node = cur[tj]
                if (self.endgame is not None and self.solve_after > 0 and node >= 0
                        and self.edges[node].child.first < 0
                        and self.edges[node].visits >= self.solve_after):
                    # a node reached again before its first edge: its world solved if small
                    if self.endgame.value_c(s, gain):
                        endgame_values(s, P, gain, self.base, v)
                        solved = True
                        break
                n = s.legal_actions_c(acts)
                edges = self.edges
                keys = self.keys
                nd = self.node_of(node)
                first = nd.first
                nn = nd.n
                pos = 0
                nav = 0
                nu = 0
                for i in range(n):
                    a = acts[i]
                    while pos < nn and keys[first + pos] < a:
                        pos += 1
                    if pos < nn and keys[first + pos] == a:
                        avl[nav] = first + pos
                        # its statistics, fetched while the merge goes on: only the block's
                        # first line was prefetched, and an opponent's node holds many more
                        # children (one per determinization's move) than are available here
                        TH_PREFETCH(&edges[first + pos])
                        nav += 1
                        pos += 1
                    else:
                        untried[nu] = a
                        ins[nu] = pos
                        nu += 1
                expanded = False
                modelled = self.model_opponents and j != self.player
                if modelled:
                    # heuristic opponents: the heuristic bot's move in this world, its edge
                    # created when new; not an expansion, so the descent goes on
                    a = acts[heuristic_choice(self.evaluator, s, acts, n, prior, rng)]
                    chosen = -1
                    for i in range(nav):
                        if keys[avl[i]] == a:
                            chosen = avl[i]
                        edges[avl[i]].avail += 1
                    if chosen < 0:
                        if self.count >= self.max_nodes:
                            break                  # arena full: roll out from here
                        k = 0
                        while untried[k] != a:
                            k += 1
                        chosen = self.insert_edge(node, ins[k], a, j)
                        if chosen < 0:
                            break
                        self.edges[chosen].avail = 1
                elif nu > 0 and widening and node >= 0 and nav > 0:
                    # progressive widening below the roots: a node seen N times keeps its
                    # available children to ceil(N ** widen) before it adds another (the root
                    # always tries every move: the decision must weigh them all)
                    node_visits = self.edges[node].visits
                    if nav >= ceil(pow(<double>node_visits, self.widen)):
                        nu = 0
                if modelled:
                    pass
                elif nu > 0:
                    if widening and node >= 0:
                        # the untried move the policy likes best (the first of equals), so that
                        # a narrow node holds the moves play makes
                        k = policy_favourite(self.evaluator, s, untried, nu, prior)
                    else:
                        k = <int>rng_below(rng, <unsigned int>nu)
                    if self.count >= self.max_nodes:
                        break                      # arena full: roll out from here
                    for i in range(nav):
                        edges[avl[i]].avail += 1
                    chosen = self.insert_edge(node, ins[k], untried[k], j)
                    if chosen < 0:
                        break
                    self.edges[chosen].avail = 1
                    a = untried[k]
                    expanded = True
                else:
                    best = -INFINITY
                    best_e = avl[0]
                    # children available together mostly share their count (every root move
                    # is available at each iteration): one log per count, not per child
                    logged = -1
                    for i in range(nav):
                        ed = &edges[avl[i]]
                        if ed.avail != logged:
                            logged = ed.avail
                            log_avail = log_count(logged)
                        ucb = (ed.sum / ed.visits) / r + self.c * sqrt(log_avail / ed.visits)
                        if ucb > best:
                            best = ucb
                            best_e = avl[i]
                            if ed.child.first >= 0:   # the next level's blocks, early
                                TH_PREFETCH(&keys[ed.child.first])
                                TH_PREFETCH(&edges[ed.child.first])
                    for i in range(nav):
                        edges[avl[i]].avail += 1
                    chosen = best_e
                    a = keys[chosen]
                self.path[tj * stride + plen[tj]] = chosen
                if solving:
                    self.nlegal[plen[tj]] = n
                plen[tj] += 1
                cur[tj] = chosen
                if solving and self.eproof[chosen] >= 0:
                    at_proven = True        # never descend into a proven subtree
                    break
                if self.multi:
                    have_obs = False
                    for t in range(K):
                        if t == tj or not alive[t]:
                            continue
                        key = a
                        if self.hidden_moves:
                            if not have_obs:
                                for i in range(n):
                                    scratch.copy_from(s)
                                    scratch.apply_action_c(acts[i])
                                    for q in range(K):
                                        if q != tj:
                                            self.obs[i * MAX_PLAYERS + q] = scratch.infoset_key_c(q)
                                    if acts[i] == a:
                                        # a round's last move is public (solver/observation.py:
                                        # the next round's information set no longer shows it)
                                        ends_round = (scratch.is_terminal_c()
                                                      or scratch.round_c() != s.round_c())
                                have_obs = True
                            ai = 0
                            while acts[ai] != a:
                                ai += 1
                            cnt = 0
                            for i in range(n):
                                if self.obs[i * MAX_PLAYERS + t] == self.obs[ai * MAX_PLAYERS + t]:
                                    cnt += 1
                            if cnt > 1 and not ends_round:
                                key = HIDDEN
                        self.follow(t, key, t, cur, plen, alive)
                s.apply_action_c(a)
                if expanded:
                    alive[tj] = False
                    break
            exact_leaf = solved
            if at_proven:
                memcpy(v, &self.proven[self.eproof[self.path[plen[0] - 1]]], P * sizeof(double))
            elif solved:
                pass                        # v holds the world's exact value
            elif self.endgame is None:
                if rollout_cut(s, rng, self.horizon, self.root_round, self.policy, self.cutoff):
                    cut_values(s, P, self.evaluator, self.base, v)
                else:
                    leaf_values(s, P, self.objective, self.horizon, self.base, v)
            elif at_horizon(s, self.horizon, self.root_round):
                leaf_values(s, P, self.objective, self.horizon, self.base, v)
                exact_leaf = True
            elif self.solve_after == 0 and self.endgame.value_c(s, gain):
                endgame_values(s, P, gain, self.base, v)
                exact_leaf = True
            elif rollout_cut(s, rng, self.horizon, self.root_round, self.policy, self.cutoff):
                cut_values(s, P, self.evaluator, self.base, v)
            else:
                leaf_values(s, P, self.objective, self.horizon, self.base, v)
            if exact_leaf and solving and plen[0] > 0 and self.eproof[self.path[plen[0] - 1]] < 0:
                self.prove_edge(self.path[plen[0] - 1], v, plen[0] == 1)
            for i in range(P):
                if v[i] < self.lo:
                    self.lo = v[i]
                if v[i] > self.hi:
                    self.hi = v[i]
                if self.spread:
                    self.vsum[i] += v[i]
                    self.vsq[i] += v[i] * v[i]
            if self.spread:
                self.vn += 1
            edges = self.edges
            for t in range(K):
                for i in range(plen[t]):
                    ed = &edges[self.path[t * stride + i]]
                    x = v[ed.child.who]
                    ed.visits += 1
                    ed.sum += x
            if plen[rt] > 0:
                # the searching seat's root edge (its path's first: the seat is to move there)
                e = self.path[rt * stride]
                if self.keys[e] >= 0:
                    x = v[edges[e].child.who]
                    self.root_sq[self.keys[e]] += x * x
            if exact_leaf and solving and plen[0] > 0 and self.eproof[self.path[plen[0] - 1]] >= 0:
                self.propagate(plen[0])
            # robustness bookkeeping: the greedy root action after this iteration
            first = self.roots[rt].first
            nn = self.roots[rt].n
            cnt = 0
            g = -1
            best = -INFINITY
            for i in range(nn):
                ed = &edges[first + i]
                if self.keys[first + i] >= 0:
                    cnt += 1
                    if ed.visits > 0:
                        m = ed.sum / ed.visits
                        if m > best:
                            best = m
                            g = self.keys[first + i]
            if cnt == self.n_root_actions and g >= 0:
                self.greedy[g] += 1
                self.greedy_iterations += 1
            it += 1
        self.iterations += it
        return it

    # -- Python side ------------------------------------------------------------------------
    def root_children(self):
        """[(action, visits, sum, sumsq, avail, greedy)] of the searching seat's root,
        ascending by action."""
        cdef Node nd = self.roots[self.player if self.multi else 0]
        cdef Edge ed
        cdef int i
        out = []
        cdef int key
        for i in range(nd.n):
            ed = self.edges[nd.first + i]
            key = self.keys[nd.first + i]
            if key >= 0:
                out.append((key, ed.visits, ed.sum, self.root_sq[key], ed.avail,
                            self.greedy[key]))
        return out

    def root_exact(self):
        """{action: exact value for the searching seat} of the root's proven edges (empty
        unless the search is an MCTS-solver: endgame > 0 with perfect information)."""
        cdef Node nd = self.roots[0]
        cdef int i
        cdef long long e
        out = {}
        if not self.solving or nd.first < 0:
            return out
        for i in range(nd.n):
            e = nd.first + i
            if self.eproof[e] >= 0:
                out[self.keys[e]] = self.proven[self.eproof[e] + self.edges[e].child.who]
        return out

    @property
    def root_proven(self):
        """Whether the root is proven (perfect information: every move's exact value known)."""
        return self.solving and self.root_proof >= 0

    @property
    def endgame_stats(self):
        """(solved, gave up, too far) counts of the endgame solver, or None when off."""
        if self.endgame is None:
            return None
        return (self.endgame.solved, self.endgame.gave_up, self.endgame.too_far)

    def tree_root_keys(self, int tree):
        """Keys of the root edges of one tree (MO: seat ``tree``'s; HIDDEN = -1 marks a move
        that seat cannot see). For tests."""
        cdef Node nd
        cdef int i
        if not 0 <= tree < self.n_trees:
            raise ValueError(f"tree {tree} out of range (this searcher has {self.n_trees})")
        nd = self.roots[tree]
        return [self.keys[nd.first + i] for i in range(nd.n)]

    def node_keys(self, int tree, path):
        """Keys of the edges of the node of tree ``tree`` reached from its root along the edge
        keys ``path`` (actions, HIDDEN, or chance keys: the low 31 bits of
        ``State.chance_key_c``); [] for a node without edges. For tests."""
        cdef long long ref
        cdef Node* nd
        cdef int i
        if not 0 <= tree < self.n_trees:
            raise ValueError(f"tree {tree} out of range (this searcher has {self.n_trees})")
        ref = -1 - tree
        for key in path:
            nd = self.node_of(ref)
            for i in range(nd.n if nd.first >= 0 else 0):
                if self.keys[nd.first + i] == key:
                    ref = nd.first + i
                    break
            else:
                raise KeyError(f"no edge {key} at that node")
        nd = self.node_of(ref)
        return [self.keys[nd.first + i] for i in range(nd.n if nd.first >= 0 else 0)]

    @property
    def node_count(self):
        return self.count

    @property
    def arena_edges(self):
        """Edges taken from the arena so far (blocks in use and outgrown blocks awaiting
        reuse): the tree's memory is this times 36 bytes (Edge and key)."""
        return self.edge_top

    def search(self, View view, long long iterations, uint64_t seed, double deadline=0.0,
               pool=None):
        """Reset at ``view`` and run ``iterations`` iterations seeded by ``seed`` (tests,
        benchmarks and the threads of solver/search/parallel.py), stopping early at
        ``deadline`` (a time.perf_counter() instant; 0: none), over the world ``pool`` if given
        (set_world_pool). Returns root_children()."""
        cdef Rng rng
        rng_seed(&rng, seed)
        self.reset(view)
        if pool is not None:
            self.set_world_pool(pool)
        self.run(iterations, deadline, &rng)
        return self.root_children()


SPREAD = "spread"


def _fixed_scale(scale, Game game, objective, horizon):
    """The searcher's ``scale`` argument: 0.0 (adaptive) for "spread", else check_scale's."""
    if isinstance(scale, str) and scale == SPREAD:
        return 0.0
    return check_scale(scale, game, objective, horizon)


def ismcts_search(View view, limit, seed=0, c=DEFAULT_C, objective="score", horizon="game",
                  scale=None, observers="single", max_nodes=DEFAULT_MAX_NODES, rollout="random",
                  inference="none", particles=DEFAULT_PARTICLES, endgame=0,
                  endgame_budget=DEFAULT_ENDGAME_BUDGET, cutoff=0, chance=DEFAULT_CHANCE,
                  widen=0.0, opponents=DEFAULT_OPPONENTS):
    """ISMCTS for ``view.player`` (who must be to act). Returns a SearchResult (algorithm
    "ismcts"); the recommended action is the most visited root child, or the best exact value
    once the root is proven. ``inference="policy"`` (where the game hides anything): the
    iterations search ``particles`` worlds resampled from as many candidates weighted by the
    opponent model (solver/inference), in turn, instead of a fresh uniform determinization
    each; the result's params report their ``ess``; ``"mcmc"``: ``particles`` worlds of a
    Markov chain over the hidden cards that follows the model (``acceptance`` in the params).
    ``endgame`` > 0: worlds within that many
    actions of the round's end are valued exactly (proven where the game has perfect
    information); ``cutoff`` > 0: rollouts stop after that many plies and add the game's
    evaluation (both horizon round). ``scale``: None (the range of leaf values seen), a positive
    number, "bounds" (params.check_scale) or "spread" (their standard deviation). ``chance``:
    "split" (chance nodes, module docstring) or "merged". ``widen`` > 0: progressive widening
    below the root (module docstring). ``opponents="heuristic"``: the other seats' moves in the
    tree are the heuristic bot's in each world (module docstring; observers="single")."""
    cdef Rng rng
    cdef ISMCTS tree
    cdef long long iters
    cdef double deadline = 0.0
    limit = as_limit(limit)
    obj, hor, kind = objective_code(objective, horizon)
    seed = seed_int(seed)
    if observers not in OBSERVERS:
        raise ValueError(f"observers must be one of {', '.join(OBSERVERS)}, not {observers!r}")
    check_to_act(view)
    tree = ISMCTS(view.world.game, check_c(c), obj, hor,
                  _fixed_scale(scale, view.world.game, objective, horizon), observers == "multi",
                  check_max_nodes(max_nodes), check_rollout(rollout, view.world.game),
                  check_endgame(endgame, horizon), check_endgame_budget(endgame_budget),
                  check_cutoff(cutoff, horizon), spread=scale == SPREAD,
                  chance=check_chance(chance), widen=check_widen(widen),
                  model_opponents=check_opponents(opponents, observers))
    check_inference(inference)
    if particles < 1:
        raise ValueError("particles must be >= 1")
    t0 = time.perf_counter()
    tree.reset(view)
    # --- world source (inference) ---
    info = None
    if world_source(inference, view.world.game) != "none":
        # a time limit gives the inference at most half of it (the search takes the rest)
        pool, info = world_pool(view, seed, particles, inference, inference_deadline(limit, t0))
        tree.set_world_pool(pool)
    # --- end world source ---
    rng_seed(&rng, <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF))
    iters = limit.iterations if limit.iterations is not None else (1 << 62)
    if limit.time_s is not None:
        deadline = monotonic() + limit.time_s - (time.perf_counter() - t0)
    tree.run(iters, deadline, &rng)
    seconds = time.perf_counter() - t0
    stats = {ch[0]: ch for ch in tree.root_children()}
    rows = []
    gi = tree.greedy_iterations
    exact = tree.root_exact() if tree.root_proven else {}
    for a in view.world.legal_actions():
        _, n, tot, sq, _, greedy = stats.get(a, (a, 0, 0.0, 0.0, 0, 0))
        if a in exact:                  # proven: the exact value, a zero-width interval
            mean = lo = hi = exact[a]
        else:
            mean, lo, hi = mean_interval(tot, sq, n)
        rows.append({"action": a, "text": view.action_to_str(a), "mean": mean, "ci_low": lo,
                     "ci_high": hi, "visits": n, "robustness": (greedy / gi) if gi else None})
    params = {"c": c, "objective": objective, "horizon": horizon, "scale": scale,
              "observers": observers, "max_nodes": max_nodes, "rollout": rollout,
              "inference": inference, "particles": particles,
              **source_params(inference, view.world.game, info),
              "endgame": endgame, "endgame_budget": endgame_budget, "cutoff": cutoff,
              "chance": chance, "widen": widen, "opponents": opponents}
    return build_result("ismcts", view.player, rows, value=kind, nodes=tree.count,
                        iterations=tree.iterations, worlds=tree.iterations,
                        rank_by="mean" if exact else "visits", params=params, limit=limit,
                        seed=seed, seconds=seconds, exact=bool(exact))


def bench_ismcts(View view, long long iterations, seed=1, **params):
    """Iterations per second of SO-ISMCTS (one rollout per iteration, random unless
    rollout="policy") from ``view``
    (search set-up excluded; ``params`` as for ismcts_search)."""
    cdef Rng rng
    cdef ISMCTS tree
    obj, hor, _ = objective_code(params.get("objective", "score"), params.get("horizon", "game"))
    tree = ISMCTS(view.world.game, check_c(params.get("c", DEFAULT_C)), obj, hor,
                  _fixed_scale(params.get("scale"), view.world.game,
                               params.get("objective", "score"), params.get("horizon", "game")),
                  params.get("observers", "single") == "multi",
                  check_max_nodes(params.get("max_nodes", DEFAULT_MAX_NODES)),
                  check_rollout(params.get("rollout", "random"), view.world.game),
                  check_endgame(params.get("endgame", 0), params.get("horizon", "game")),
                  check_endgame_budget(params.get("endgame_budget", DEFAULT_ENDGAME_BUDGET)),
                  check_cutoff(params.get("cutoff", 0), params.get("horizon", "game")),
                  spread=params.get("scale") == SPREAD,
                  chance=check_chance(params.get("chance", DEFAULT_CHANCE)),
                  model_opponents=check_opponents(params.get("opponents", DEFAULT_OPPONENTS),
                                                  params.get("observers", "single")))
    tree.reset(view)
    rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    t0 = time.perf_counter()
    tree.run(iterations, 0.0, &rng)
    return iterations / (time.perf_counter() - t0)
