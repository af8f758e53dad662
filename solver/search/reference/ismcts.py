"""Pure-Python twin of ``_ismcts.pyx``: SO-ISMCTS and MO-ISMCTS with the same draws and the
same arithmetic as the Cython searcher, so a seeded run gives the same statistics. A test
oracle for small positions (it uses the checked Python API of ``State`` and ``View``).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from solver.observation import ends_round
from solver.rng import Random
from solver.search.reference.mcts import (
    at_horizon,
    heuristic_choice,
    leaf_values,
    rollout,
    value_range,
)

if TYPE_CHECKING:
    from solver.game import View

HIDDEN = -1


class INode:
    __slots__ = ("key", "who", "parent", "children", "visits", "avail", "sum", "sumsq", "greedy")

    def __init__(self, key: int, who: int, parent: INode | None) -> None:
        self.key, self.who, self.parent = key, who, parent
        self.children: dict[int, INode] = {}
        self.visits = self.avail = self.greedy = 0
        self.sum = self.sumsq = 0.0


class ISMCTS:
    def __init__(self, c: float = 0.7, objective: str = "score", horizon: str = "game",
                 scale: float | None = None, observers: str = "single",
                 max_nodes: int = 1 << 21, chance: str = "split", widen: float = 0.0,
                 opponents: str = "search") -> None:
        self.c, self.objective, self.horizon = c, objective, horizon
        self.model = opponents == "heuristic"     # heuristic opponents (single observer)
        self.chance = chance == "split"
        self.widen = widen
        self.scale = scale or 0.0
        self.multi = observers == "multi"
        self.max_nodes = max_nodes

    def reset(self, view: View) -> None:
        self.view = view
        self.player = view.player
        game = view.game
        self.n_trees = game.num_players if self.multi else 1
        self.max_nodes = max(self.max_nodes, self.n_trees + 1)
        self.hidden_moves = not game.perfect_information
        self.chance_nodes = self.chance and game.ROUND_CHANCE
        self.policy = game.policy
        w = view.determinize(Random(0))       # any world: the public parts are all we read
        self.root_round = w.round()
        self.base = w.scores()
        self.n_root = len(view.legal_actions())
        self.lo, self.hi = math.inf, -math.inf
        self.roots = [INode(-1, t if self.multi else -1, None) for t in range(self.n_trees)]
        self.count = self.n_trees
        self.iterations = self.greedy_iterations = 0

    def _alloc(self, parent: INode, key: int, who: int) -> INode | None:
        if self.count >= self.max_nodes:
            return None
        self.count += 1
        node = INode(key, who, parent)
        parent.children[key] = node
        return node

    def run(self, iterations: int, rng: Random) -> None:
        K = self.n_trees
        rt = self.player if self.multi else 0
        for _ in range(iterations):
            s = self.view.determinize(rng)
            cur = list(self.roots)
            alive = [True] * K
            owners = list(range(K)) if self.multi else [self.player]
            seen = [s.chance_key(o) for o in owners] if self.chance_nodes else []
            while not at_horizon(s, self.horizon, self.root_round):
                if self.chance_nodes:
                    # chance nodes: the edge of the outcome each tree's owner saw since
                    for t in range(K):
                        ck = s.chance_key(owners[t])
                        if not alive[t] or ck == seen[t]:
                            continue
                        seen[t] = ck
                        key = ck & 0x7FFFFFFF
                        nxt = cur[t].children.get(key)
                        if nxt is None:
                            nxt = self._alloc(cur[t], key, owners[t])
                            alive[t] = False
                            if nxt is None:
                                continue
                        cur[t] = nxt
                j = s.current_player()
                tj = j if self.multi else 0
                if not alive[tj]:
                    break
                acts = s.legal_actions()
                node = cur[tj]
                avl = [node.children[a] for a in acts if a in node.children]
                untried = [a for a in acts if a not in node.children]
                expanded = False
                below_root = node.parent is not None
                modelled = self.model and j != self.player
                if (not modelled and untried and self.widen > 0 and below_root and avl
                        and len(avl) >= math.ceil(float(node.visits) ** self.widen)):
                    untried = []        # widening: this node holds enough moves for its visits
                if modelled:
                    # heuristic opponents: the heuristic bot's move here; its node is made if
                    # new, and the descent goes on
                    a = acts[heuristic_choice(s, acts, rng)]
                    for ch in avl:
                        ch.avail += 1
                    chosen = node.children.get(a)
                    if chosen is None:
                        chosen = self._alloc(node, a, j)
                        if chosen is None:
                            break
                        chosen.avail = 1
                elif untried:
                    if self.widen > 0 and below_root:
                        scores = self.policy.scores(s, untried)
                        a = untried[max(range(len(untried)), key=lambda i: (scores[i], -i))]
                    else:
                        a = untried[rng.randbelow(len(untried))]
                    chosen = self._alloc(node, a, j)
                    if chosen is None:
                        break
                    for ch in avl:
                        ch.avail += 1
                    chosen.avail = 1
                    expanded = True
                else:
                    r = value_range(self.scale, self.lo, self.hi)
                    best, chosen = -math.inf, avl[0]
                    for ch in avl:
                        ucb = ((ch.sum / ch.visits) / r
                               + self.c * math.sqrt(math.log(ch.avail) / ch.visits))
                        if ucb > best:
                            best, chosen = ucb, ch
                    for ch in avl:
                        ch.avail += 1
                    a = chosen.key
                if self.multi:
                    keys = None
                    for t in range(K):
                        if t == tj or not alive[t]:
                            continue
                        key = a
                        if self.hidden_moves:
                            if keys is None:
                                keys = {b: [s.child(b).infoset_key(q) for q in range(K)]
                                        for b in acts}
                                # a round's last move is public (solver/observation.py)
                                last = ends_round(s, s.child(a))
                            if sum(1 for b in acts if keys[b][t] == keys[a][t]) > 1 and not last:
                                key = HIDDEN
                        nxt = cur[t].children.get(key)
                        if nxt is None:
                            nxt = self._alloc(cur[t], key, t)
                            if nxt is None:
                                alive[t] = False
                                continue
                        if nxt.visits == 0:
                            alive[t] = False
                        cur[t] = nxt
                cur[tj] = chosen
                s.apply_action(a)
                if expanded:
                    alive[tj] = False
                    break
            rollout(s, rng, self.horizon, self.root_round)
            v = leaf_values(s, self.objective, self.horizon, self.base)
            self.lo = min(self.lo, min(v))
            self.hi = max(self.hi, max(v))
            for t in range(K):
                node = cur[t]
                while node.parent is not None:
                    x = v[node.who]
                    node.visits += 1
                    node.sum += x
                    node.sumsq += x * x
                    node = node.parent
                node.visits += 1
            kids = [self.roots[rt].children[k] for k in sorted(self.roots[rt].children) if k >= 0]
            g, best = None, -math.inf
            for ch in kids:
                if ch.visits > 0 and ch.sum / ch.visits > best:
                    best, g = ch.sum / ch.visits, ch
            if len(kids) == self.n_root and g is not None:
                g.greedy += 1
                self.greedy_iterations += 1
            self.iterations += 1

    def root_children(self) -> list[tuple[int, int, float, float, int, int]]:
        root = self.roots[self.player if self.multi else 0]
        return [(k, ch.visits, ch.sum, ch.sumsq, ch.avail, ch.greedy)
                for k, ch in sorted(root.children.items()) if k >= 0]


def ismcts_root(view: View, iterations: int, seed: int,
                **params: Any) -> list[tuple[int, int, float, float, int, int]]:
    """Root children [(action, visits, sum, sumsq, avail, greedy)] after a seeded run (the twin
    of ``_ismcts.ISMCTS(...).search(view, iterations, seed)``)."""
    t = ISMCTS(**params)
    t.reset(view)
    t.run(iterations, Random(seed))
    return t.root_children()
