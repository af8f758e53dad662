from libc.stdint cimport int32_t, int16_t, uint8_t
from solver.game cimport Game, Policy, State, MAX_PLAYERS
from solver.rng cimport Rng
from solver.search._endgame cimport Endgame

# One node of a UCT tree. A node's children are contiguous in the arena
# (first_child .. first_child + num_children - 1), in ascending action order, except a chance
# node's (future="sampled" in a game with ROUND_CHANCE): its action revealed chance, and its
# children are the outcomes seen so far, created one at a time, a list linked by `next` from
# first_child (newest first). 48 bytes, as before chance nodes (mover and tried shrank).
ctypedef struct UNode:
    double sum              # sum of the values, for `mover`, of the iterations through here
    double sumsq
    int32_t parent          # -1 at the root
    int32_t first_child     # -1 while not expanded
    int32_t num_children
    int32_t action          # the action leading here
    int32_t visits
    # MCTS-solver (endgame > 0 only): offset in UCT.proven of this node's exact vector of
    # values (num_players doubles), -1 while unproven; `tried`: the endgame solver was asked.
    int32_t proof
    int32_t next            # a chance outcome: the next outcome of its chance node (-1: last)
    int16_t mover           # the seat that chose `action` (an outcome: its chance node's)
    uint8_t tried
    uint8_t chance          # 1: a chance node; its children are outcomes (`action` = the key)


cdef class UCT:
    cdef UNode* nodes
    cdef long long count, cap, max_nodes
    cdef readonly Game game
    cdef int n_players, objective, horizon, root_round
    cdef double c, scale, lo, hi
    cdef readonly double widen  # progressive widening exponent (0: try every child first)
    cdef readonly bint model_opponents  # opponents="heuristic" (_mcts.pyx)
    cdef int me                 # the root's mover: the seat the tree searches for
    cdef Policy policy          # None: uniformly random rollouts
    cdef double base[MAX_PLAYERS]
    cdef State root, s
    cdef readonly long long iterations
    # Exact endgames (MCTS-solver) and rollout cut-off (both horizon round; 0 / None = off).
    cdef Endgame endgame        # None: no exact leaves, no proofs (plain UCT)
    cdef Policy evaluator       # the game's policy, for evaluate_c at a cut-off
    cdef readonly int cutoff
    cdef readonly int solve_after  # visits before a small node is solved (_mcts.DEFAULT_SOLVE_AFTER)
    cdef double* proven         # arena of proven vectors (num_players doubles each)
    cdef long long proven_count, proven_cap
    # future="sampled": every iteration re-draws the world's hidden-from-everyone chance
    # (State.resample_chance_c) and the tree stays in the root's round; chance_nodes: the
    # game reveals chance inside a round (ROUND_CHANCE), so the tree splits by outcome.
    cdef readonly bint sampled_future
    cdef readonly bint chance_nodes
    cdef readonly long long chance_mismatches   # descents cut short by an inconsistent node

    cdef bint reserve(self, long long n) noexcept nogil
    cdef long long outcome(self, long long node, int key, bint* created) noexcept nogil

    cdef int reset(self, State root) except -1
    cdef long long run(self, long long max_iterations, double deadline, Rng* rng) noexcept
    cdef long long _run(self, State s, State root, long long max_iterations, double deadline,
                        Rng* rng) noexcept nogil
    cdef bint expand(self, long long node, State s, Rng* rng, double* scratch) noexcept nogil
    cdef bint prove(self, long long node, double* v) noexcept nogil
    cdef void propagate(self, long long node) noexcept nogil
