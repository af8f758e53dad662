"""Fit the opponent model's temperatures by maximum likelihood on recorded games.

    python -m solver.inference.fit [--seed 1] [--games 100] [--players solver] [--out PATH]

Reads the project's own bots' recorded games (results/leaderboards/runs/<run>/games.jsonl; one
run per game, ``RUNS``), replays each from its deal seed, and at every decision with more than
one legal action records the chosen action and the utilities of all legal actions (model.py).
For each game and decision kind, (T, eps) maximise the likelihood of the chosen actions under
eps / n + (1 - eps) softmax(u / T) (numpy, on a grid of log T and eps): a softmax player who
now and then plays at random, so that no world is ruled out by one surprising decision. The
seed picks which recorded games are used (``--games`` of them per run), so the fit is
reproducible. Some kinds are fitted on a conditional likelihood (``CONDITIONAL``: Mate's
forcing, given that a card was forced), on some bots' decisions only (``KIND_PLAYERS``: Mate's
forcing on exact play) or with a least uniform share (``MIX_FLOOR``). The file written
records, per kind: T, eps, the utility, the number of decisions, and the mean log-likelihood
per decision of the fitted model and of uniform play (how much the model explains).
"""
from __future__ import annotations

import argparse
import json
import math
import os
from collections.abc import Sequence

import numpy as np

from solver.inference.model import TEMPERATURES_PATH, OpponentModel
from solver.registry import load_game
from solver.rng import Random

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The recorded run of each game and the utility of each decision kind (model.py). Mate's
# forcing uses exact values: its policy never forces and ranks forced cards by id alone.
RUNS = {
    "mate": ("results/leaderboards/runs/mate/games.jsonl",
             {"force": "exact", "lead": "policy", "follow": "policy"}),
}
# Kinds fitted on a conditional likelihood: {(game, kind): actions left out}. Inference sees
# Mate's forcing only when a card was forced face down (a pass is public, docs/rules/mate.md
# §9.2), and needs only which card: T is fitted on P(card | a card was forced), the decisions
# that forced, over the cards (PASS, action 20, left out); the model's softmax over all
# actions gives the same ratios between cards.
CONDITIONAL = {("mate", "force"): (20,)}
# Kinds fitted on some bots' decisions only: {(game, kind): bot names}. A Mate forcer sees
# both hands (docs/rules/mate.md §9.1), so a strong opponent forces exactly: the solver bot
# and the oracle do. The recorded run mixes that with near-random forcing (pimc, ismcts:
# T ~ 171 alone), and a model fitted on the mixture (T 2.5, eps 0.575) left most of the
# world-sampling bias against an exact forcer (+6 of +10 points, results/strength/
# mate-hidden-inference.md); the exact players' fit is near argmax (T -> 0.01).
KIND_PLAYERS = {("mate", "force"): ("solver",)}
# The least uniform share of a kind's mixture: {(game, kind): eps}. An exact fit would give
# eps = 0, i.e. a world whose forced card is not an optimal one gets weight ~0; a forcer who
# errs (any bot weaker than the solver) must never rule the true world out.
MIX_FLOOR = {("mate", "force"): 0.05}
RUNS.update({
    "mate-vic-village": ("results/leaderboards/runs/mate-vic-village/games.jsonl",
                         {"play": "policy"}),
    "dog-tag-trick": ("results/leaderboards/runs/dog-tag-trick/games.jsonl", {"play": "policy"}),
    "mattis": ("results/leaderboards/runs/mattis/games.jsonl", {"play": "policy"}),
})
T_MIN, T_MAX = 1e-2, 1e4


# The uniform share eps of the mixture eps * uniform + (1 - eps) * softmax(u / T): a grid.
MIX_GRID = np.linspace(0.0, 0.95, 39)


def chosen_probabilities(samples: Sequence[tuple[np.ndarray, int]],
                         temperature: float) -> tuple[np.ndarray, np.ndarray]:
    """(softmax(u / T)[chosen], 1 / number of actions) per decision."""
    p = np.empty(len(samples))
    inv_n = np.empty(len(samples))
    for i, (u, chosen) in enumerate(samples):
        z = u / temperature
        e = np.exp(z - z.max())
        p[i] = e[chosen] / e.sum()
        inv_n[i] = 1.0 / len(u)
    return p, inv_n


def fit_mixture(samples: Sequence[tuple[np.ndarray, int]],
                min_mix: float = 0.0) -> tuple[float, float, float]:
    """(T, eps, log-likelihood) maximising sum log(eps / n + (1 - eps) softmax(u / T)[chosen])
    over a grid of log T and eps >= ``min_mix``. The uniform share keeps a model of a
    near-exact player (T -> 0) from ruling worlds out when a seat errs: no decision gets
    probability 0."""
    grid = np.concatenate([[min_mix], MIX_GRID[MIX_GRID > min_mix]])
    best = (1.0, min_mix, -math.inf)
    for t in np.exp(np.linspace(math.log(T_MIN), math.log(T_MAX), 61)):
        p, inv_n = chosen_probabilities(samples, float(t))
        lls = np.log(grid[:, None] * inv_n[None, :]
                     + (1 - grid[:, None]) * p[None, :] + 1e-300).sum(axis=1)
        j = int(np.argmax(lls))
        if lls[j] > best[2]:
            best = (float(t), float(grid[j]), float(lls[j]))
    return best


def log_likelihood(samples: Sequence[tuple[np.ndarray, int]], temperature: float) -> float:
    """sum over decisions of log softmax(u / T)[chosen]."""
    total = 0.0
    for u, chosen in samples:
        z = u / temperature
        m = z.max()
        total += z[chosen] - m - math.log(np.exp(z - m).sum())
    return total


def fit_temperature(samples: Sequence[tuple[np.ndarray, int]]) -> float:
    """The maximum-likelihood T in [T_MIN, T_MAX] (grid over log T, then golden section)."""
    grid = np.exp(np.linspace(math.log(T_MIN), math.log(T_MAX), 61))
    lls = [log_likelihood(samples, t) for t in grid]
    i = int(np.argmax(lls))
    lo, hi = math.log(grid[max(i - 1, 0)]), math.log(grid[min(i + 1, len(grid) - 1)])
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = log_likelihood(samples, math.exp(a)), log_likelihood(samples, math.exp(b))
    for _ in range(30):
        if fa > fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = log_likelihood(samples, math.exp(a))
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = log_likelihood(samples, math.exp(b))
    return float(math.exp((lo + hi) / 2))


def collect(game_name: str, path: str, utilities: dict[str, str], games: int,
            rng: Random, players: tuple[str, ...] | None = None
            ) -> dict[str, list[tuple[np.ndarray, int]]]:
    """{kind: [(u of the legal actions, index of the chosen one)]} from ``games`` records of
    ``path`` picked by ``rng`` (decisions with one legal action are skipped; only
    ``players``' decisions, or a kind's KIND_PLAYERS', when given)."""
    with open(os.path.join(ROOT, path)) as f:
        records = [json.loads(line) for line in f if line.strip()]
    records = [r for r in records if r.get("forfeit") is None]
    rng.shuffle(records)
    samples: dict[str, list[tuple[np.ndarray, int]]] = {k: [] for k in utilities}
    for rec in records[:games]:
        game = load_game(rec["game"])
        model = OpponentModel(game, temperatures={})
        state = game.new_initial_state(rec["deal_seed"])
        for action in rec["actions"]:
            kind = game.decision_kind(state)
            left_out = CONDITIONAL.get((game_name, kind), ())
            mover = rec["seating"][state.current_player()].split("(")[0]
            wanted = KIND_PLAYERS.get((game_name, kind), players)
            if (kind in utilities and (wanted is None or mover in wanted)
                    and action not in left_out
                    and len([a for a in state.legal_actions() if a not in left_out]) > 1):
                actions, u = model.utilities(state, kind, utilities[kind])
                keep = [i for i, a in enumerate(actions) if a not in left_out]
                samples[kind].append((u[keep], keep.index(actions.index(action))))
            state.apply_action(action)
    return samples


def fit(seed: int = 1, games: int = 40, only: str | None = None,
        players: tuple[str, ...] | None = None) -> dict:
    """The fitted table (the temperatures.json document)."""
    out: dict = {"schema": "trickhound.opponent_model/1", "seed": seed, "games_per_run": games,
                 "command": f"python -m solver.inference.fit --seed {seed} --games {games}",
                 "games": {}}
    for name, (path, utilities) in RUNS.items():
        if only is not None and name != only:
            continue
        samples = collect(name, path, utilities, games, Random(seed), players)
        rows = {}
        for kind, s in samples.items():
            if not s:
                continue
            t, eps, ll = fit_mixture(s, MIX_FLOOR.get((name, kind), 0.0))
            uniform = -sum(math.log(len(u)) for u, _ in s) / len(s)
            rows[kind] = {"utility": utilities[kind], "temperature": round(t, 4),
                          **({"players": list(KIND_PLAYERS[(name, kind)])}
                             if (name, kind) in KIND_PLAYERS else {}),
                          "uniform_mix": round(eps, 4), "decisions": len(s),
                          "mean_log_likelihood": round(ll / len(s), 4),
                          "uniform_log_likelihood": round(uniform, 4)}
        out["games"][name] = rows
    return out


def main(argv: list[str] | None = None) -> None:
    """Command line: fit and write the temperatures file."""
    p = argparse.ArgumentParser(prog="python -m solver.inference.fit", description=__doc__)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int, default=40, help="recorded games per run")
    p.add_argument("--only", default=None, help="fit one game only (its slug)")
    p.add_argument("--players", default=None,
                   help="comma-separated bot names: fit only their decisions (default: every"
                        " bot's), e.g. the opponents you expect")
    p.add_argument("--out", default=TEMPERATURES_PATH)
    a = p.parse_args(argv)
    players = tuple(a.players.split(",")) if a.players else None
    table = fit(a.seed, a.games, a.only, players)
    with open(a.out, "w") as f:
        json.dump(table, f, indent=1, sort_keys=True)
        f.write("\n")
    for name, rows in table["games"].items():
        for kind, row in rows.items():
            print(f"{name:18} {kind:7} T={row['temperature']:<9} eps={row['uniform_mix']:<6} "
                  f"n={row['decisions']:<6} "
                  f"ll={row['mean_log_likelihood']} uniform={row['uniform_log_likelihood']}")


if __name__ == "__main__":
    main()
