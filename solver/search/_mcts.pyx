"""UCT (Kocsis & Szepesvari 2006) with random rollouts on a perfect-information ``State``: the
world search of PIMC, and the search of oracle bots that see the true state.

* Arena: the nodes are one array of ``UNode`` structs owned by the searcher, grown by doubling
  (``realloc``) up to ``max_nodes``; a node's children are allocated together, contiguously, the
  first time it is selected. There is no allocation per node. When the arena is full the tree
  stops growing and iterations roll out from the leaf they reach.
* Vector returns: each node stores the value of the seat that chose its action, so every seat
  maximises its own return (max^n-style UCT for any number of players).
* Selection: an untried child (uniformly at random among them) first, else the UCB1 maximum
  of ``mean / scale + c * sqrt(ln N(parent) / N(child))``; the first child wins ties.
* Progressive widening, ``widen`` = w > 0 (0, the default, is the search above): below the
  root, a node reached N times holds at most ceil(N ** w) tried children before it tries
  another, and the one it tries is the untried move the game's rules of thumb score highest
  (``Policy.scores_c``; the first of equals), not a random one; UCB chooses among the tried.
  A PIMC world's tree gets ~100 iterations over nodes of 20-45 moves (Dog Tag Trick), so
  without it the replies below a root move are uniformly random moves followed by rollouts;
  with it they are the moves play makes. The root always tries every move. As ISMCTS's
  ``widen`` (_ismcts.pyx), on a perfect-information tree.
* Heuristic opponents, ``opponents="heuristic"`` (``"search"``, the default, is UCT above): at a
  node where a seat other than the root's mover is to play, the child taken is the move the
  heuristic bot would play there (the game policy's ``scores_c``, from that seat's own hand and
  public facts; the best score, ties at random), tried or not, and the descent goes on through
  it. In a PIMC world every seat sees every hand, and UCT's other seats find the reply that
  beats the searcher in that world (the paranoia of clairvoyant opponents); with the model they
  play as they would holding only their own cards, and the tree branches on the searcher's
  moves. A world's position at a node is the same at every visit, so the heuristic's move is
  chosen once, when the node is expanded, and is its only child: the scoring is paid once per
  node, not once per visit, and the arena holds no move the model never takes (ties are broken
  once, at random, so the world's opponent plays one fixed move there). Exact endgames (below)
  still value leaves by max^n; an opponent's node is proven when its one child is.
* Scale: values are divided by ``scale``. By default (``scale=None``) it is the range
  (max - min) of all leaf values seen so far in this search (1 until two differ); pass a
  number to fix it, or ``"bounds"`` for the span of ``game.utility_bounds()`` (loose for most
  engines, hence not the default; see params.check_scale).
* Objective and horizon: see ``_common.pxd``. The searcher seeds nothing itself: ``run`` takes
  the caller's ``Rng`` and is deterministic given it.

* Exact endgames, MCTS-solver (Winands, Bjornsson & Saito 2008), ``endgame`` = k > 0 (horizon
  round): a new leaf at most k actions from the end of the round is valued exactly
  (``_endgame.Endgame``: max^n, or the game's two-player kernel, within ``endgame_budget``
  nodes; over budget it is rolled out as usual) and marked *proven* with its exact vector of
  values, as is a leaf at the horizon; a node all of whose children are proven is proven with
  the child best for its player to move (the first in action order on ties). A proven node's
  statistics are its exact value times its visits; selection that picks a proven child backs up
  its exact value without descending or rolling out, and the search stops once the root is
  proven (``run`` returns early). ``endgame=0`` is plain UCT (the reference twin's algorithm).
* Rollout cut-off, ``cutoff`` = k > 0 (horizon round): a rollout stops after k plies and the
  leaf is worth the score gained so far plus the game's ``Policy.evaluate_c`` estimate of each
  seat's gain to the end of the round.

* Future chance, ``future``: ``"known"`` (the default) searches the world as it is, its future
  chance included (Vic Village's instruction order and reward pile, Mattis's stock order, later
  rounds' deals): inside a PIMC world the search *knows the future* (strategy fusion on
  chance). ``"sampled"``: every iteration copies the world and re-draws the chance hidden from
  every seat (``State.resample_chance_c``; hands and everything seen are kept), so the tree
  searches the world's hands against the future's distribution:

  - chance nodes (games with ``Game.ROUND_CHANCE``, as ISMCTS's ``chance="split"``): wherever
    the descent has seen new chance since its last step (the key of what every seat has seen,
    ``chance_seen``: ``State.chance_key_c`` of each seat, mixed), it first takes the child
    keyed by the outcome (the low 31 bits of that key; created when new, which ends the
    descent like a new move), so the decisions after a reveal are statistics of that outcome
    alone; a move's own statistics average over the outcomes it may reveal. A chance node's
    outcomes are created one at a time (a list, in the arena like every node);
  - the tree stays in the root's round: past it the next deal is re-drawn every iteration, so
    a descent that leaves the round stops there and rolls out (horizon game);
  - ``endgame`` > 0 is refused where rounds reveal chance (a world's exact value is not the
    value of a position whose future is re-drawn).

  A descent that meets a node whose chance does not match (a move's node reached once with new
  chance and once without: the engines say a reveal is public and fixed by the actions, so
  never, up to key collisions) stops there and rolls out, and ``chance_mismatches`` counts it.

``reference/mcts.py`` is the pure-Python twin (same algorithm, same random draws, same
floating-point operations), used as the test oracle (endgame and cutoff off).
"""
from libc.math cimport sqrt, log, pow, ceil, INFINITY
from libc.stdlib cimport malloc, realloc, free
from libc.stdint cimport uint64_t, int32_t, int16_t
from libc.string cimport memcpy

import time

from solver.game cimport Policy, Game, State, MAX_LEGAL, MAX_PLAYERS
from solver.rng cimport Rng, rng_seed, rng_below
from solver.search._common cimport (OBJ_SCORE, OBJ_WIN, HORIZON_GAME, HORIZON_ROUND, monotonic,
                                    at_horizon, rollout, leaf_values, rollout_cut, cut_values,
                                    endgame_values, policy_favourite, heuristic_choice)
from solver.search._endgame cimport Endgame

from solver.search.params import (DEFAULT_C, DEFAULT_ENDGAME_BUDGET, DEFAULT_MAX_NODES, as_limit,
                                  check_c, check_cutoff, check_endgame, check_endgame_budget,
                                  check_max_nodes, check_rollout, check_scale, objective_code,
                                  seed_int, check_opponents, DEFAULT_OPPONENTS)
from solver.search.result import build_result, mean_interval
from solver.errors import IllegalActionError

cdef long long INITIAL_CAP = 1024
FUTURES = ("known", "sampled")
# chance_seen's multiplier (the 64-bit FNV prime): mixes the seats' keys in seat order, so
# equal public keys (Vic Village's) do not cancel as they would under XOR.
cdef uint64_t SEEN_MUL = 0x100000001B3ULL
# MCTS-solver: a small node is solved the first time an iteration reaches it after this many
# visits (0: as soon as it is created; 1: when reached again, so that nodes no iteration
# returns to cost one rollout, not a solve).
DEFAULT_SOLVE_AFTER = 1


def check_future(future: str) -> str:
    """``future`` if it is one of FUTURES (ValueError naming it otherwise)."""
    if future not in FUTURES:
        raise ValueError(f"future must be one of {', '.join(FUTURES)}, not {future!r}")
    return future


def check_future_endgame(Game game, str future, int endgame) -> None:
    """ValueError where exact endgames meet a sampled future in a game whose rounds reveal
    chance: a world's proven value would stand for every future of its node."""
    if endgame > 0 and future == "sampled" and getattr(game, "ROUND_CHANCE", False):
        raise ValueError(f"endgame > 0 needs future=known in {game.name}: its rounds reveal "
                         "chance, so a world's exact value is not its node's")


cdef inline uint64_t chance_seen(State s, int n_players) noexcept nogil:
    """The key of the chance every seat has seen revealed in the round (each seat's
    ``chance_key_c``, mixed in seat order): in a perfect-information tree an outcome is what
    anyone saw (Mattis's own stock draws are private to the drawer, the others public)."""
    cdef uint64_t k = 0
    cdef int p
    for p in range(n_players):
        k = k * SEEN_MUL + s.chance_key_c(p)
    return k


cdef class UCT:
    """A reusable UCT searcher for one game (the arena survives ``reset``)."""

    def __cinit__(self, Game game, double c=DEFAULT_C, int objective=OBJ_SCORE,
                  int horizon=HORIZON_GAME, double scale=0.0, long long max_nodes=DEFAULT_MAX_NODES,
                  policy=False, int endgame=0, long long endgame_budget=DEFAULT_ENDGAME_BUDGET,
                  int cutoff=0, int solve_after=DEFAULT_SOLVE_AFTER, str future="known",
                  double widen=0.0, bint model_opponents=False):
        # ``policy``: False (random rollouts), True (the game's shared policy) or a Policy
        # instance of this game's own (one per thread when searches run in parallel).
        self.proven = NULL
        if (endgame > 0 or cutoff > 0) and horizon != HORIZON_ROUND:
            raise ValueError("endgame and cutoff value a world to the end of its round; "
                             "use horizon=round")
        check_future(future)
        check_future_endgame(game, future, endgame)
        if not 0.0 <= widen < 1.0:
            raise ValueError(f"widen must be in [0, 1), not {widen}")
        self.widen = widen
        if model_opponents and future == "sampled":
            # expand() fixes an opponent's move once per node: sound while a node is one
            # position, i.e. while the world's future is known
            raise ValueError("heuristic opponents need future='known'")
        self.model_opponents = model_opponents
        self.sampled_future = future == "sampled"
        self.chance_nodes = self.sampled_future and bool(getattr(game, "ROUND_CHANCE", False))
        self.chance_mismatches = 0
        self.endgame = Endgame(game, endgame, endgame_budget) if endgame > 0 else None
        # evaluate_c at a cut-off: the searcher's own policy instance where it has one
        self.evaluator = policy if isinstance(policy, Policy) else game.policy
        self.cutoff = cutoff if cutoff > 0 else 0
        self.solve_after = solve_after if solve_after > 0 else 0
        self.proven_cap = 0
        self.proven_count = 0
        self.game = game
        self.policy = policy if isinstance(policy, Policy) else (game.policy if policy else None)
        self.n_players = game.num_players
        self.c = c
        self.objective = objective
        self.horizon = horizon
        self.scale = scale
        self.max_nodes = max_nodes
        self.cap = INITIAL_CAP if INITIAL_CAP < max_nodes else max_nodes
        self.nodes = <UNode*>malloc(self.cap * sizeof(UNode))
        if self.nodes == NULL:
            raise MemoryError()
        self.root = game.new_state()
        self.s = game.new_state()
        self.count = 0

    def __dealloc__(self):
        free(self.nodes)
        free(self.proven)

    cdef int reset(self, State root) except -1:
        """Start a fresh tree at ``root`` (copied)."""
        if root.is_terminal_c():
            raise IllegalActionError("the game is over; there is no move to search")
        self.root.copy_from(root)
        self.root_round = root.round_c()
        self.me = root.current_player_c()
        root.scores_c(self.base)
        self.lo = INFINITY
        self.hi = -INFINITY
        self.iterations = 0
        self.count = 1
        self.nodes[0].sum = 0.0
        self.nodes[0].sumsq = 0.0
        self.nodes[0].parent = -1
        self.nodes[0].first_child = -1
        self.nodes[0].num_children = 0
        self.nodes[0].action = -1
        self.nodes[0].visits = 0
        self.nodes[0].mover = -1
        self.nodes[0].proof = -1
        self.nodes[0].tried = 0
        self.nodes[0].next = -1
        self.nodes[0].chance = 0
        self.proven_count = 0
        self.chance_mismatches = 0
        return 0

    cdef bint reserve(self, long long n) noexcept nogil:
        """Room in the arena for ``n`` more nodes (grown by doubling up to ``max_nodes``);
        False when it is full."""
        cdef long long newcap
        cdef UNode* grown
        if self.count + n > self.cap:
            if self.count + n > self.max_nodes:
                return False
            newcap = self.cap * 2
            while newcap < self.count + n:
                newcap *= 2
            if newcap > self.max_nodes:
                newcap = self.max_nodes
            grown = <UNode*>realloc(self.nodes, newcap * sizeof(UNode))
            if grown == NULL:
                return False
            self.nodes = grown
            self.cap = newcap
        return True

    cdef long long outcome(self, long long node, int key, bint* created) noexcept nogil:
        """The child of chance node ``node`` for outcome ``key`` (made a chance node if it
        was a leaf), created at the head of its list if new; -1 when the arena is full."""
        cdef long long o = self.nodes[node].first_child
        cdef UNode* ch
        while o >= 0:
            if self.nodes[o].action == key:
                created[0] = False
                return o
            o = self.nodes[o].next
        created[0] = True
        if not self.reserve(1):
            return -1
        o = self.count
        self.count += 1
        ch = &self.nodes[o]
        ch.sum = 0.0
        ch.sumsq = 0.0
        ch.parent = <int32_t>node
        ch.first_child = -1
        ch.num_children = 0
        ch.action = key
        ch.visits = 0
        ch.mover = self.nodes[node].mover
        ch.proof = -1
        ch.tried = 0
        ch.chance = 0
        ch.next = self.nodes[node].first_child
        self.nodes[node].first_child = <int32_t>o
        self.nodes[node].num_children += 1
        self.nodes[node].chance = 1
        return o

    cdef bint expand(self, long long node, State s, Rng* rng, double* scratch) noexcept nogil:
        """Create the children of ``node`` (whose position is ``s``): every legal move, or
        with heuristic opponents at another seat's node the heuristic bot's move only (chosen
        here, once: a world's position is the same at every visit, ties broken by ``rng``;
        ``scratch`` holds MAX_LEGAL doubles). False if the arena is full."""
        cdef int acts[MAX_LEGAL]
        cdef int n = s.legal_actions_c(acts)
        cdef int i, me = s.current_player_c()
        cdef UNode* ch
        if self.model_opponents and me != self.me and n > 1:
            acts[0] = acts[heuristic_choice(self.evaluator, s, acts, n, scratch, rng)]
            n = 1
        if not self.reserve(n):
            return False
        self.nodes[node].first_child = <int>self.count
        self.nodes[node].num_children = n
        for i in range(n):
            ch = &self.nodes[self.count + i]
            ch.sum = 0.0
            ch.sumsq = 0.0
            ch.parent = <int>node
            ch.first_child = -1
            ch.num_children = 0
            ch.action = acts[i]
            ch.visits = 0
            ch.mover = <int16_t>me
            ch.proof = -1
            ch.tried = 0
            ch.next = -1
            ch.chance = 0
        self.count += n
        return True

    cdef bint prove(self, long long node, double* v) noexcept nogil:
        """Mark ``node`` proven with the exact vector of values ``v`` (copied; ``v`` must not
        point into the proven arena, which may move) and make its statistics exact: its value
        times its visits. False (nothing changes) when out of memory."""
        cdef int P = self.n_players
        cdef long long newcap
        cdef double* grown
        cdef double x
        cdef UNode* nd
        if self.proven_count + P > self.proven_cap:
            newcap = self.proven_cap * 2 if self.proven_cap > 0 else 256 * P
            grown = <double*>realloc(self.proven, newcap * sizeof(double))
            if grown == NULL or newcap > 0x7FFFFFFF:
                if grown != NULL:
                    self.proven = grown
                return False
            self.proven = grown
            self.proven_cap = newcap
        memcpy(&self.proven[self.proven_count], v, P * sizeof(double))
        nd = &self.nodes[node]
        nd.proof = <int32_t>self.proven_count
        self.proven_count += P
        if nd.mover >= 0:
            x = v[nd.mover]
            nd.sum = x * nd.visits
            nd.sumsq = x * x * nd.visits
        return True

    cdef void propagate(self, long long node) noexcept nogil:
        """After ``node`` was proven: prove its ancestors all of whose children are proven, each
        with its best child's vector for the ancestor's player to move (the children's
        ``mover``; the first child in action order keeps a tie)."""
        cdef double v[MAX_PLAYERS]
        cdef long long parent, first, ch, best
        cdef int i, n, me
        cdef UNode* nodes = self.nodes
        while node > 0:
            parent = nodes[node].parent
            if nodes[parent].proof >= 0:
                return
            first = nodes[parent].first_child
            n = nodes[parent].num_children
            best = -1
            for i in range(n):
                ch = first + i
                if nodes[ch].proof < 0:
                    return
                me = nodes[ch].mover
                if best < 0 or self.proven[nodes[ch].proof + me] > self.proven[nodes[best].proof + me]:
                    best = ch
            memcpy(v, &self.proven[nodes[best].proof], self.n_players * sizeof(double))
            if not self.prove(parent, v):
                return
            node = parent

    cdef long long run(self, long long max_iterations, double deadline, Rng* rng) noexcept:
        """Add iterations to the current tree until ``max_iterations`` are done or the monotonic
        clock passes ``deadline`` (<= 0: no deadline). Returns the iterations done. Runs
        without the GIL."""
        cdef State s = self.s, root = self.root
        cdef long long it
        with nogil:
            it = self._run(s, root, max_iterations, deadline, rng)
        return it

    cdef long long _run(self, State s, State root, long long max_iterations, double deadline,
                        Rng* rng) noexcept nogil:
        cdef long long it = 0, node, ch, best_ch, first, leaf
        cdef int i, k, n, nu
        cdef int untried[MAX_LEGAL]         # widening: the untried children's actions
        cdef double prior[MAX_LEGAL]        # and their rules-of-thumb scores
        cdef bint widening = self.widen > 0.0
        cdef double v[MAX_PLAYERS]
        cdef double gain[MAX_PLAYERS]
        cdef double logn, ucb, best, r, x
        cdef UNode* nodes
        cdef bint solving = self.endgame is not None, at_proven, solved, created
        cdef bint sampled = self.sampled_future, chance = self.chance_nodes
        cdef uint64_t seen = 0, ck
        while it < max_iterations:
            if deadline > 0 and (it & 63) == 0 and monotonic() >= deadline:
                break
            if solving and self.nodes[0].proof >= 0:
                break                       # the root is proven: nothing left to learn
            s.copy_from(root)
            if sampled:
                s.resample_chance_c(rng)    # this iteration's future: hands kept
                if chance:
                    seen = chance_seen(s, self.n_players)
            node = 0
            at_proven = False
            solved = False
            while not at_horizon(s, self.horizon, self.root_round):
                if sampled and s.round_c() != self.root_round:
                    break                   # the next deal is re-drawn: the tree ends here
                if chance:
                    ck = chance_seen(s, self.n_players)
                    if ck != seen:
                        # chance revealed by the move into `node`: its outcome's child
                        seen = ck
                        if not self.nodes[node].chance and self.nodes[node].first_child >= 0:
                            self.chance_mismatches += 1
                            break
                        ch = self.outcome(node, <int>(ck & 0x7FFFFFFF), &created)
                        if ch < 0:
                            break           # arena full: roll out from here
                        node = ch
                        if created:
                            break           # a new outcome: the tree's frontier
                    elif self.nodes[node].chance:
                        self.chance_mismatches += 1
                        break
                if self.nodes[node].first_child < 0:
                    # a node reached again before its expansion: solved now if small
                    if (solving and node > 0 and not self.nodes[node].tried
                            and self.nodes[node].visits >= self.solve_after):
                        self.nodes[node].tried = 1
                        if self.endgame.value_c(s, gain):
                            endgame_values(s, self.n_players, gain, self.base, v)
                            self.prove(node, v)
                            solved = True
                            break
                    if not self.expand(node, s, rng, prior):
                        break
                nodes = self.nodes
                first = nodes[node].first_child
                n = nodes[node].num_children
                if (self.model_opponents and not nodes[node].chance
                        and s.current_player_c() != self.me):
                    # heuristic opponents: the node's only child, the heuristic bot's move
                    # (expand), tried or not (the descent goes on through it: an opponent's
                    # node is no frontier)
                    node = first
                    if nodes[node].proof >= 0:
                        at_proven = True    # never descend into a proven subtree
                        break
                    s.apply_action_c(nodes[node].action)
                    continue
                nu = 0
                for i in range(n):
                    if nodes[first + i].visits == 0:
                        nu += 1
                if (nu > 0 and widening and node > 0 and nu < n
                        and n - nu >= ceil(pow(<double>nodes[node].visits, self.widen))):
                    nu = 0                  # widening: enough tried children for its visits
                if nu > 0:
                    if widening and node > 0:
                        # the untried move the rules of thumb like best (the first of equals)
                        k = 0
                        for i in range(n):
                            if nodes[first + i].visits == 0:
                                untried[k] = nodes[first + i].action
                                k += 1
                        k = policy_favourite(self.evaluator, s, untried, nu, prior)
                    else:
                        k = <int>rng_below(rng, <unsigned int>nu)
                    ch = first
                    for i in range(n):
                        if nodes[first + i].visits == 0:
                            if k == 0:
                                ch = first + i
                                break
                            k -= 1
                    s.apply_action_c(nodes[ch].action)
                    node = ch
                    break
                if self.scale > 0:
                    r = self.scale
                elif self.hi > self.lo:
                    r = self.hi - self.lo
                else:
                    r = 1.0
                logn = log(<double>nodes[node].visits)
                best = -INFINITY
                best_ch = first
                for i in range(n):
                    ch = first + i
                    if nodes[ch].visits == 0:
                        continue            # widening: not tried yet
                    ucb = (nodes[ch].sum / nodes[ch].visits) / r + self.c * sqrt(logn / nodes[ch].visits)
                    if ucb > best:
                        best = ucb
                        best_ch = ch
                node = best_ch
                if nodes[best_ch].proof >= 0:
                    at_proven = True        # never descend into a proven subtree
                    break
                s.apply_action_c(nodes[best_ch].action)
            if at_proven:
                memcpy(v, &self.proven[self.nodes[node].proof], self.n_players * sizeof(double))
            elif solved:
                pass                        # v holds the exact value, the node is proven
            elif not solving:
                if rollout_cut(s, rng, self.horizon, self.root_round, self.policy, self.cutoff):
                    cut_values(s, self.n_players, self.evaluator, self.base, v)
                else:
                    leaf_values(s, self.n_players, self.objective, self.horizon, self.base, v)
            elif at_horizon(s, self.horizon, self.root_round):
                leaf_values(s, self.n_players, self.objective, self.horizon, self.base, v)
                self.prove(node, v)
            elif (not self.nodes[node].tried and self.nodes[node].visits >= self.solve_after
                  and self.endgame.value_c(s, gain)):
                self.nodes[node].tried = 1
                endgame_values(s, self.n_players, gain, self.base, v)
                self.prove(node, v)
            else:
                if self.nodes[node].visits >= self.solve_after:
                    self.nodes[node].tried = 1
                if rollout_cut(s, rng, self.horizon, self.root_round, self.policy, self.cutoff):
                    cut_values(s, self.n_players, self.evaluator, self.base, v)
                else:
                    leaf_values(s, self.n_players, self.objective, self.horizon, self.base, v)
            for i in range(self.n_players):
                if v[i] < self.lo:
                    self.lo = v[i]
                if v[i] > self.hi:
                    self.hi = v[i]
            nodes = self.nodes
            leaf = node
            while node > 0:
                x = v[nodes[node].mover]
                nodes[node].visits += 1
                nodes[node].sum += x
                nodes[node].sumsq += x * x
                node = nodes[node].parent
            nodes[0].visits += 1
            if solving and not at_proven and self.nodes[leaf].proof >= 0:
                self.propagate(leaf)
            it += 1
        self.iterations += it
        return it

    # -- Python side ------------------------------------------------------------------------
    def root_children(self):
        """[(action, visits, sum, sumsq)] of the root's children, ascending by action."""
        cdef long long first = self.nodes[0].first_child
        cdef int i
        if first < 0:
            return []
        return [(self.nodes[first + i].action, self.nodes[first + i].visits,
                 self.nodes[first + i].sum, self.nodes[first + i].sumsq)
                for i in range(self.nodes[0].num_children)]

    def root_exact(self):
        """{action: exact value for the seat to move} of the root's proven children (empty
        unless endgame > 0)."""
        cdef long long first = self.nodes[0].first_child
        cdef UNode* ch
        cdef int i
        out = {}
        if first < 0 or self.endgame is None:
            return out
        for i in range(self.nodes[0].num_children):
            ch = &self.nodes[first + i]
            if ch.proof >= 0:
                out[ch.action] = self.proven[ch.proof + ch.mover]
        return out

    def node_keys(self, path):
        """(chance, keys) of the node reached from the root along ``path`` (its children's
        keys in turn: actions, or at a chance node the outcome's key, the low 31 bits of
        ``chance_seen``): whether it is a chance node, and its children's keys (actions
        ascending; a chance node's outcomes sorted). KeyError for a path the tree lacks. For
        tests."""
        cdef long long node = 0, ch
        for key in path:
            ch = self.nodes[node].first_child
            while ch >= 0:
                if self.nodes[ch].action == key:
                    break
                if self.nodes[node].chance:
                    ch = self.nodes[ch].next
                elif ch + 1 < self.nodes[node].first_child + self.nodes[node].num_children:
                    ch += 1
                else:
                    ch = -1
            if ch < 0:
                raise KeyError(f"no child {key} on the path {list(path)}")
            node = ch
        keys = []
        ch = self.nodes[node].first_child
        if self.nodes[node].chance:
            while ch >= 0:
                keys.append(self.nodes[ch].action)
                ch = self.nodes[ch].next
            return True, sorted(keys)
        if ch >= 0:
            keys = [self.nodes[ch + i].action for i in range(self.nodes[node].num_children)]
        return False, keys

    @property
    def root_proven(self):
        """Whether the root's value is proven (every move's exact value is known)."""
        return self.endgame is not None and self.nodes[0].proof >= 0

    @property
    def endgame_stats(self):
        """(solved, gave up, too far) counts of the endgame solver, or None when off."""
        if self.endgame is None:
            return None
        return (self.endgame.solved, self.endgame.gave_up, self.endgame.too_far)

    @property
    def node_count(self):
        return self.count

    def search(self, State state, long long iterations, uint64_t seed, double deadline=0.0):
        """Reset at ``state`` and run ``iterations`` iterations with an Rng seeded by ``seed``
        (tests, benchmarks and the threads of solver/search/parallel.py), stopping early at
        ``deadline`` (a time.perf_counter() instant; 0: none). Returns root_children()."""
        cdef Rng rng
        rng_seed(&rng, seed)
        self.reset(state)
        self.run(iterations, deadline, &rng)
        return self.root_children()


def best_child(children):
    """The most visited child (then the higher mean, then the lower action): the action UCT
    plays. ``children`` as from UCT.root_children()."""
    return min(children, key=lambda c: (-c[1], -(c[2] / c[1]) if c[1] else 0.0, c[0]))[0]


def uct_search(State state, limit, seed=0, c=DEFAULT_C, objective="score", horizon="game",
               scale=None, max_nodes=DEFAULT_MAX_NODES, rollout="random", endgame=0,
               endgame_budget=DEFAULT_ENDGAME_BUDGET, cutoff=0, opponents=DEFAULT_OPPONENTS):
    """UCT on a full (perfect-information) state: the oracle search. Returns a SearchResult
    (algorithm "uct"; values for the seat to move). ``endgame`` > 0 solves leaves within that
    many actions of the round's end exactly (MCTS-solver; the result is exact once the root is
    proven), ``cutoff`` > 0 stops rollouts after that many plies (both horizon round).
    ``opponents="heuristic"``: the other seats play as the heuristic bot (module docstring)."""
    cdef Rng rng
    cdef UCT uct
    cdef long long iters
    cdef double deadline = 0.0
    limit = as_limit(limit)
    obj, hor, kind = objective_code(objective, horizon)
    seed = seed_int(seed)
    uct = UCT(state.game, check_c(c), obj, hor, check_scale(scale, state.game, objective, horizon),
              check_max_nodes(max_nodes), check_rollout(rollout, state.game), check_endgame(endgame, horizon),
              check_endgame_budget(endgame_budget), check_cutoff(cutoff, horizon),
              model_opponents=check_opponents(opponents))
    t0 = time.perf_counter()
    uct.reset(state)
    rng_seed(&rng, <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF))
    iters = limit.iterations if limit.iterations is not None else (1 << 62)
    if limit.time_s is not None:
        deadline = monotonic() + limit.time_s
    uct.run(iters, deadline, &rng)
    rows = []
    exact = uct.root_exact() if uct.root_proven else {}
    for a, n, tot, sq in uct.root_children():
        if a in exact:                  # proven: the exact value, a zero-width interval
            mean = lo = hi = exact[a]
        else:
            mean, lo, hi = mean_interval(tot, sq, n)
        rows.append({"action": a, "text": state.action_to_str(a), "mean": mean, "ci_low": lo,
                     "ci_high": hi, "visits": n, "robustness": None})
    params = {"c": c, "objective": objective, "horizon": horizon, "scale": scale,
              "max_nodes": max_nodes, "rollout": rollout, "endgame": endgame,
              "endgame_budget": endgame_budget, "cutoff": cutoff, "opponents": opponents}
    # Once the root is proven, the best exact value is the answer (visits no longer matter).
    return build_result("uct", state.current_player_c(), rows, value=kind, nodes=uct.count,
                        iterations=uct.iterations, worlds=1,
                        rank_by="mean" if exact else "visits", params=params,
                        limit=limit, seed=seed, seconds=time.perf_counter() - t0,
                        exact=bool(exact))
