"""Pure-Python twin of ``_mcts.pyx`` (UCT) and of PIMC with the UCT evaluator: the same
algorithm, the same random draws from a :class:`solver.rng.Random` and the same floating-point
operations, so for a seed the trees agree with the Cython ones node for node. Slow (it goes
through the checked Python API of ``State``); a test oracle for small positions only.
``future="sampled"`` (re-drawn future chance, chance nodes: see _mcts.pyx) included.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from solver.rng import Random, derive_seed

if TYPE_CHECKING:
    from solver.game import State, View

OBJECTIVES = ("score", "win")
HORIZONS = ("game", "round")
FUTURES = ("known", "sampled")
_MASK64 = (1 << 64) - 1
_SEEN_MUL = 0x100000001B3       # _mcts.pyx's SEEN_MUL (the 64-bit FNV prime)


# -- shared with reference/ismcts.py ----------------------------------------------------------
def at_horizon(s: State, horizon: str, root_round: int) -> bool:
    return s.is_terminal() or (horizon == "round" and s.round() != root_round)


def rollout(s: State, rng: Random, horizon: str, root_round: int) -> None:
    while not at_horizon(s, horizon, root_round):
        acts = s.legal_actions()
        s.apply_action(acts[rng.randbelow(len(acts))])


def leaf_values(s: State, objective: str, horizon: str, base: Sequence[float]) -> list[float]:
    if horizon == "round":
        return [x - b for x, b in zip(s.scores(), base)]
    out = s.returns()
    if objective == "win":
        best = max(out)
        k = sum(1 for x in out if x == best)
        out = [(1.0 / k) if x == best else 0.0 for x in out]
    return out


def heuristic_choice(s: State, acts: Sequence[int], rng: Random) -> int:
    """The index in ``acts`` of the heuristic bot's move at ``s``: the best of the game
    policy's scores, ties at random (a reservoir: one draw per tie met), as _common.pxd's
    heuristic_choice (the searches' heuristic opponents)."""
    scores = s.game.policy.scores(s, list(acts))
    k, ties = 0, 1
    for i in range(1, len(acts)):
        if scores[i] > scores[k]:
            k, ties = i, 1
        elif scores[i] == scores[k]:
            ties += 1
            if rng.randbelow(ties) == 0:
                k = i
    return k


def value_range(scale: float, lo: float, hi: float) -> float:
    if scale:
        return scale
    return hi - lo if hi > lo else 1.0


def chance_seen(s: State) -> int:
    """The key of the chance every seat has seen in the round (_mcts.pyx's chance_seen)."""
    k = 0
    for p in range(s.game.num_players):
        k = (k * _SEEN_MUL + s.chance_key(p)) & _MASK64
    return k


# -- UCT --------------------------------------------------------------------------------------
class UNode:
    __slots__ = ("action", "mover", "parent", "children", "visits", "sum", "sumsq", "outcomes")

    def __init__(self, action: int, mover: int, parent: UNode | None) -> None:
        self.action, self.mover, self.parent = action, mover, parent
        self.children: list[UNode] | None = None
        # a chance node: {outcome key: child} (the Cython list, without its order)
        self.outcomes: dict[int, UNode] | None = None
        self.visits = 0
        self.sum = 0.0
        self.sumsq = 0.0


class UCT:
    """UCT on a perfect-information state (see _mcts.pyx for the algorithm)."""

    def __init__(self, c: float = 0.7, objective: str = "score", horizon: str = "game",
                 scale: float | None = None, max_nodes: int = 1 << 21,
                 future: str = "known", widen: float = 0.0,
                 opponents: str = "search") -> None:
        if future not in FUTURES:
            raise ValueError(f"future must be one of {', '.join(FUTURES)}, not {future!r}")
        self.c, self.objective, self.horizon = c, objective, horizon
        self.scale = scale or 0.0
        self.max_nodes = max_nodes
        self.sampled = future == "sampled"
        self.chance_mismatches = 0
        self.widen = widen          # progressive widening below the root (0: off)
        if opponents == "heuristic" and future == "sampled":
            raise ValueError("heuristic opponents need future='known'")
        self.model = opponents == "heuristic"     # heuristic opponents

    def reset(self, state: State) -> None:
        self.rootstate = state.clone()
        self.root_round = state.round()
        self.me = state.current_player()
        self.base = state.scores()
        self.lo, self.hi = math.inf, -math.inf
        self.root = UNode(-1, -1, None)
        self.count = 1
        self.iterations = 0
        self.chance_mismatches = 0
        self.chance = self.sampled and state.game.ROUND_CHANCE

    def run(self, iterations: int, rng: Random) -> None:
        for _ in range(iterations):
            if self.sampled:
                s = self.rootstate.resample_chance(rng)     # this iteration's future
            else:
                s = self.rootstate.clone()
            seen = chance_seen(s) if self.chance else 0
            node = self.root
            while not at_horizon(s, self.horizon, self.root_round):
                if self.sampled and s.round() != self.root_round:
                    break                   # the next deal is re-drawn: the tree ends here
                if self.chance:
                    ck = chance_seen(s)
                    if ck != seen:
                        seen = ck
                        if node.outcomes is None and node.children is not None:
                            self.chance_mismatches += 1
                            break
                        if node.outcomes is None:
                            node.outcomes = {}
                        key = ck & 0x7FFFFFFF
                        child = node.outcomes.get(key)
                        if child is None:
                            if self.count + 1 > self.max_nodes:
                                break       # arena full: roll out from here
                            child = node.outcomes[key] = UNode(key, node.mover, node)
                            self.count += 1
                            node = child
                            break           # a new outcome: the tree's frontier
                        node = child
                    elif node.outcomes is not None:
                        self.chance_mismatches += 1
                        break
                if node.children is None:
                    acts = s.legal_actions()
                    me = s.current_player()
                    if self.model and me != self.me and len(acts) > 1:
                        # heuristic opponents: the heuristic bot's move is the only child
                        # (chosen once: a world's position is the same at every visit)
                        acts = [acts[heuristic_choice(s, acts, rng)]]
                    if self.count + len(acts) > self.max_nodes:
                        break
                    node.children = [UNode(a, me, node) for a in acts]
                    self.count += len(acts)
                children = node.children
                if self.model and s.current_player() != self.me:
                    # heuristic opponents: the only child, tried or not; the descent goes on
                    # through it
                    node = children[0]
                    s.apply_action(node.action)
                    continue
                unvisited = [ch for ch in children if ch.visits == 0]
                widening = self.widen > 0 and node.parent is not None
                if (unvisited and widening and len(unvisited) < len(children)
                        and len(children) - len(unvisited)
                        >= math.ceil(float(node.visits) ** self.widen)):
                    unvisited = []      # widening: enough tried children for its visits
                if unvisited:
                    if widening:
                        scores = s.game.policy.scores(s, [ch.action for ch in unvisited])
                        ch = unvisited[max(range(len(unvisited)), key=lambda i: (scores[i], -i))]
                    else:
                        ch = unvisited[rng.randbelow(len(unvisited))]
                    s.apply_action(ch.action)
                    node = ch
                    break
                r = value_range(self.scale, self.lo, self.hi)
                logn = math.log(node.visits)
                best, best_ch = -math.inf, children[0]
                for ch in children:
                    if ch.visits == 0:
                        continue        # widening: not tried yet
                    ucb = (ch.sum / ch.visits) / r + self.c * math.sqrt(logn / ch.visits)
                    if ucb > best:
                        best, best_ch = ucb, ch
                s.apply_action(best_ch.action)
                node = best_ch
            rollout(s, rng, self.horizon, self.root_round)
            v = leaf_values(s, self.objective, self.horizon, self.base)
            self.lo = min(self.lo, min(v))
            self.hi = max(self.hi, max(v))
            while node.parent is not None:
                x = v[node.mover]
                node.visits += 1
                node.sum += x
                node.sumsq += x * x
                node = node.parent
            node.visits += 1
            self.iterations += 1

    def root_children(self) -> list[tuple[int, int, float, float]]:
        if self.root.children is None:
            return []
        return [(ch.action, ch.visits, ch.sum, ch.sumsq) for ch in self.root.children]


    def node_keys(self, path: Sequence[int]) -> tuple[bool, list[int]]:
        """_mcts.UCT.node_keys: (chance node?, its children's keys) along ``path``."""
        node = self.root
        for key in path:
            kids = node.outcomes if node.outcomes is not None else {
                ch.action: ch for ch in node.children or []}
            node = kids[key]
        if node.outcomes is not None:
            return True, sorted(node.outcomes)
        return False, [ch.action for ch in node.children or []]


def uct_root(state: State, iterations: int, seed: int,
             **params: Any) -> list[tuple[int, int, float, float]]:
    """Root children [(action, visits, sum, sumsq)] after ``iterations`` iterations seeded by
    ``seed`` (the twin of ``_mcts.UCT(...).search(state, iterations, seed)``)."""
    u = UCT(**params)
    u.reset(state)
    u.run(iterations, Random(seed))
    return u.root_children()


def uct_tree(state: State, iterations: int, seed: int, **params: Any) -> UCT:
    """The searched tree itself (``uct_root``'s search), for comparing below the root."""
    u = UCT(**params)
    u.reset(state)
    u.run(iterations, Random(seed))
    return u


def pimc_uct(view: View, iterations: int, worlds: int, seed: int,
             **params: Any) -> tuple[list[dict[int, float | None]], list[int | None]]:
    """PIMC with UCT: per action, the list of per-world root means (None where unvisited) and
    the per-world most visited action; the twin of ``pimc_search(evaluator="uct")`` with an
    iteration limit."""
    rng = Random(seed)
    ws = [view.determinize(rng) for _ in range(worlds)]
    u = UCT(**params)
    per_world: list[dict[int, float | None]] = []
    best: list[int | None] = []
    for i, w in enumerate(ws):
        u.reset(w)
        # each world's search has its own stream (pimc_search: uct_world_seed)
        u.run(iterations // worlds + (1 if i < iterations % worlds else 0),
              Random(derive_seed(seed, "uct-world", i)))
        ch = u.root_children()
        per_world.append({a: (t / n if n else None) for a, n, t, _ in ch})
        visited = [c for c in ch if c[1] > 0]
        best.append(min(visited, key=lambda c: (-c[1], -(c[2] / c[1]), c[0]))[0]
                    if visited else None)
    return per_world, best
