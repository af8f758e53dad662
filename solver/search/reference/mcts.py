"""Pure-Python twin of ``_mcts.pyx`` (UCT) and of PIMC with the UCT evaluator: the same
algorithm, the same random draws from a :class:`solver.rng.Random` and the same floating-point
operations, so for a seed the trees agree with the Cython ones node for node. Slow (it goes
through the checked Python API of ``State``); a test oracle for small positions only.
"""
import math

from solver.rng import Random

OBJECTIVES = ("score", "win")
HORIZONS = ("game", "round")


# -- shared with reference/ismcts.py ----------------------------------------------------------
def at_horizon(s, horizon, root_round):
    return s.is_terminal() or (horizon == "round" and s.round() != root_round)


def rollout(s, rng, horizon, root_round):
    while not at_horizon(s, horizon, root_round):
        acts = s.legal_actions()
        s.apply_action(acts[rng.randbelow(len(acts))])


def leaf_values(s, objective, horizon, base):
    if horizon == "round":
        return [x - b for x, b in zip(s.scores(), base)]
    out = s.returns()
    if objective == "win":
        best = max(out)
        k = sum(1 for x in out if x == best)
        out = [(1.0 / k) if x == best else 0.0 for x in out]
    return out


def value_range(scale, lo, hi):
    if scale:
        return scale
    return hi - lo if hi > lo else 1.0


# -- UCT --------------------------------------------------------------------------------------
class UNode:
    __slots__ = ("action", "mover", "parent", "children", "visits", "sum", "sumsq")

    def __init__(self, action, mover, parent):
        self.action, self.mover, self.parent = action, mover, parent
        self.children: list[UNode] | None = None
        self.visits = 0
        self.sum = 0.0
        self.sumsq = 0.0


class UCT:
    """UCT on a perfect-information state (see _mcts.pyx for the algorithm)."""

    def __init__(self, c=0.7, objective="score", horizon="game", scale=None, max_nodes=1 << 21):
        self.c, self.objective, self.horizon = c, objective, horizon
        self.scale = scale or 0.0
        self.max_nodes = max_nodes

    def reset(self, state):
        self.rootstate = state.clone()
        self.root_round = state.round()
        self.base = state.scores()
        self.lo, self.hi = math.inf, -math.inf
        self.root = UNode(-1, -1, None)
        self.count = 1
        self.iterations = 0

    def run(self, iterations, rng):
        for _ in range(iterations):
            s = self.rootstate.clone()
            node = self.root
            while not at_horizon(s, self.horizon, self.root_round):
                if node.children is None:
                    acts = s.legal_actions()
                    if self.count + len(acts) > self.max_nodes:
                        break
                    me = s.current_player()
                    node.children = [UNode(a, me, node) for a in acts]
                    self.count += len(acts)
                children = node.children
                unvisited = [ch for ch in children if ch.visits == 0]
                if unvisited:
                    ch = unvisited[rng.randbelow(len(unvisited))]
                    s.apply_action(ch.action)
                    node = ch
                    break
                r = value_range(self.scale, self.lo, self.hi)
                logn = math.log(node.visits)
                best, best_ch = -math.inf, children[0]
                for ch in children:
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

    def root_children(self):
        if self.root.children is None:
            return []
        return [(ch.action, ch.visits, ch.sum, ch.sumsq) for ch in self.root.children]


def uct_root(state, iterations, seed, **params):
    """Root children [(action, visits, sum, sumsq)] after ``iterations`` iterations seeded by
    ``seed`` (the twin of ``_mcts.UCT(...).search(state, iterations, seed)``)."""
    u = UCT(**params)
    u.reset(state)
    u.run(iterations, Random(seed))
    return u.root_children()


def pimc_uct(view, iterations, worlds, seed, **params):
    """PIMC with UCT: per action, the list of per-world root means (None where unvisited) and
    the per-world most visited action; the twin of ``pimc_search(evaluator="uct")`` with an
    iteration limit."""
    rng = Random(seed)
    ws = [view.determinize(rng) for _ in range(worlds)]
    u = UCT(**params)
    per_world, best = [], []
    for i, w in enumerate(ws):
        u.reset(w)
        u.run(iterations // worlds + (1 if i < iterations % worlds else 0), rng)
        ch = u.root_children()
        per_world.append({a: (t / n if n else None) for a, n, t, _ in ch})
        visited = [c for c in ch if c[1] > 0]
        best.append(min(visited, key=lambda c: (-c[1], -(c[2] / c[1]), c[0]))[0]
                    if visited else None)
    return per_world, best
