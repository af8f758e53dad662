"""Fit each game's position evaluation from seeded self-play (issue 15, item 2).

    python -m solver.evaluation.fit --seed 1 [--games N] [--game dog-tag-trick] [--players 4]

For every game with features (solver/evaluation/features.py) and each of its player counts,
``--games`` games are played by the heuristic bot's rule (the game policy's best actions, ties
at random) with a share ``--explore`` of uniformly random moves for variety, all from ``--seed``.
Before every decision the features of every seat are recorded (``policy.features``, the C code
``evaluate_c`` runs) with the seat's score; the target is the seat's gain from there to the end
of the round (its score at the round's end minus its score then). Games are split by game into
training and held-out (every fifth game held out), a ridge least-squares model is fitted on the
training positions (logistic regression as well for Mattis' two outcomes: the link with the
lower held-out RMSE is kept) per game, player count and stage of the round (the ``stage``
feature: its early, mid or late third, each with its own weights; positions whose gain the rules
fix, ``KNOWN``, are left out, as evaluate_c answers them exactly), and
``solver/evaluation/<game>.json`` is written: the weights, the feature names, the seed, the
numbers of games and positions, the clip bounds (the extreme training targets) and the held-out
metrics. The report printed (and stored) is the held-out RMSE and R^2 of the fitted model, of
the hand-written estimate and of a constant (the training mean) at the round's early, mid and
late thirds.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from random import Random
from typing import Any

import numpy as np

from solver.evaluation import DATA_DIR, EVALUATIONS, FEATURES, model_path
from solver.registry import load_game

# Player counts fitted per game (every count the game supports).
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {
    "dog-tag-trick": (3, 4, 5),
    "mate-vic-village": (3, 4),
    "mattis": (3, 4, 5, 6, 7, 8),
}
# The links tried per game (the one with the lower held-out RMSE is kept): a two-outcome gain
# (Mattis: 1 for not being the loser) also gets a logistic regression.
LINKS: dict[str, tuple[str, ...]] = {
    "dog-tag-trick": ("identity",),
    "mate-vic-village": ("identity",),
    "mattis": ("identity", "logistic"),
}
# Positions whose gain a game's rules fix, which evaluate_c answers exactly instead of the model
# (so the fit leaves them out and scores them as C does): (feature, its value there, the gain).
# docs/rules/mattis.md §7.7: a player out is not the mattis whatever happens.
KNOWN: dict[str, tuple[str, float, float]] = {
    "mattis": ("still_in", 0.0, 1.0),
}
DEFAULT_GAMES = 200
HELD_OUT_EVERY = 5          # game i is held out when i % HELD_OUT_EVERY == 0
RIDGE = 1.0                 # ridge penalty on the standardized features (the bias is free)
PHASES = (("early", 0.0, 1 / 3), ("mid", 1 / 3, 2 / 3), ("late", 2 / 3, 1.0001))
STAGES = 3                  # weight vectors per model (solver/evaluation/_linear.pxd)
STAGE_COL = 2               # the "stage" feature that picks one
MIN_STAGE_ROWS = 200        # a stage with fewer training rows shares the all-stage weights


def self_play(spec: str, games: int, seed: int,
              explore: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Positions from ``games`` seeded games of ``spec``: (features (rows, k), targets (rows,),
    game index (rows,), progress through the round in [0, 1) (rows,)); one row per seat per
    decision."""
    game = load_game(spec)
    policy: Any = game.policy
    rng = Random(seed)
    feats: list[np.ndarray] = []
    targets: list[np.ndarray] = []
    game_ids: list[np.ndarray] = []
    progress: list[np.ndarray] = []
    for g in range(games):
        state = game.new_initial_state(rng.getrandbits(63))
        pending: list[tuple[np.ndarray, np.ndarray]] = []   # this round's (features, scores)
        current_round = state.round()
        while True:
            over = state.is_terminal()
            if over or state.round() != current_round:      # bank the finished round
                end = np.asarray(state.scores(), dtype=float)
                m = len(pending)
                for i, (f, before) in enumerate(pending):
                    feats.append(f)
                    targets.append(end - before)
                    game_ids.append(np.full(len(before), g))
                    progress.append(np.full(len(before), i / m))
                pending = []
                if over:
                    break
                current_round = state.round()
            pending.append((policy.features(state), np.asarray(state.scores(), dtype=float)))
            if rng.random() < explore:
                legal = state.legal_actions()
            else:
                legal = policy.best_actions(state)
            state.apply_action(legal[rng.randrange(len(legal))])
    return (np.concatenate(feats), np.concatenate(targets), np.concatenate(game_ids),
            np.concatenate(progress))


def ridge_fit(x: np.ndarray, y: np.ndarray, penalty: float = RIDGE) -> np.ndarray:
    """Ridge least squares of ``y`` on ``x`` (column 0 the bias, left unpenalised), on
    standardized columns; returns the weights on the raw columns."""
    mean = x[:, 1:].mean(axis=0)
    std = x[:, 1:].std(axis=0)
    std[std < 1e-12] = 1.0                             # a constant column gets weight 0
    z = np.hstack([np.ones((len(x), 1)), (x[:, 1:] - mean) / std])
    reg = penalty * np.eye(z.shape[1])
    reg[0, 0] = 0.0
    beta = np.linalg.solve(z.T @ z + reg, z.T @ y)
    w = np.empty(x.shape[1])
    w[1:] = beta[1:] / std
    w[0] = beta[0] - float(np.dot(w[1:], mean))
    return w


def logistic_fit(x: np.ndarray, y: np.ndarray, penalty: float = RIDGE,
                 iterations: int = 30) -> np.ndarray:
    """Ridge-penalised logistic regression of ``y`` in [0, 1] on ``x`` (column 0 the bias,
    unpenalised) by Newton's method on standardized columns; weights on the raw columns."""
    mean = x[:, 1:].mean(axis=0)
    std = x[:, 1:].std(axis=0)
    std[std < 1e-12] = 1.0
    z = np.hstack([np.ones((len(x), 1)), (x[:, 1:] - mean) / std])
    reg = penalty * np.eye(z.shape[1])
    reg[0, 0] = 0.0
    beta = np.zeros(z.shape[1])
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(z @ beta)))
        hess = z.T @ (z * (p * (1.0 - p))[:, None]) + reg
        step = np.linalg.solve(hess, z.T @ (p - y) + reg @ beta)
        beta -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    w = np.empty(x.shape[1])
    w[1:] = beta[1:] / std
    w[0] = beta[0] - float(np.dot(w[1:], mean))
    return w


def stage_fit(x: np.ndarray, y: np.ndarray, link: str, lo: float,
              hi: float) -> list[np.ndarray]:
    """One fit per stage (the ``stage`` column's value), the all-rows fit for a stage with too
    few rows: ridge least squares (link "identity") or logistic regression of the gain scaled
    to [0, 1] by the bounds (link "logistic")."""
    stage = x[:, STAGE_COL].astype(int)

    def one(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        if link == "logistic":
            return logistic_fit(xs, (ys - lo) / (hi - lo))
        return ridge_fit(xs, ys)

    pooled: np.ndarray | None = None
    out = []
    for st in range(STAGES):
        sel = stage == st
        if sel.sum() >= MIN_STAGE_ROWS:
            out.append(one(x[sel], y[sel]))
        else:
            if pooled is None:
                pooled = one(x, y)
            out.append(pooled)
    return out


def stage_predict(weights: list[np.ndarray], x: np.ndarray, link: str, lo: float,
                  hi: float) -> np.ndarray:
    """What the C model (solver/evaluation/_linear.pxd) computes: each row by its stage's
    weights, through the link, within [lo, hi]."""
    stage = np.clip(x[:, STAGE_COL].astype(int), 0, STAGES - 1)
    w = np.stack(weights)[stage]
    s = np.einsum("ij,ij->i", w, x)
    if link == "logistic":
        return lo + (hi - lo) / (1.0 + np.exp(-s))
    return np.clip(s, lo, hi)


def metrics(y: np.ndarray, pred: np.ndarray) -> dict[str, float]:
    """RMSE and R^2 (against the held-out mean) of ``pred`` for ``y``."""
    err = y - pred
    sst = float(np.sum((y - y.mean()) ** 2))
    return {"rmse": float(np.sqrt(np.mean(err ** 2))),
            "r2": 1.0 - float(np.sum(err ** 2)) / sst if sst > 0 else 0.0}


def fit_config(slug: str, players: int, games: int, seed: int,
               explore: float) -> dict[str, Any]:
    """Play, split, fit and score one game at one player count."""
    spec = f"{slug}(players={players})"
    x, y, gid, prog = self_play(spec, games, seed, explore)
    held = gid % HELD_OUT_EVERY == 0
    known = np.zeros(len(y), dtype=bool)
    if slug in KNOWN:
        name, value, _ = KNOWN[slug]
        known = x[:, FEATURES[slug].index(name)] == value
    train = ~held & ~known
    lo, hi = float(y[train].min()), float(y[train].max())
    xh, yh, ph = x[held], y[held], prog[held]

    def predict(w: list[np.ndarray], link: str) -> np.ndarray:
        pred = stage_predict(w, xh, link, lo, hi)
        pred[known[held]] = KNOWN[slug][2] if slug in KNOWN else 0.0
        return pred

    fits = {link: stage_fit(x[train], y[train], link, lo, hi) for link in LINKS[slug]}
    rmse = {link: metrics(yh, predict(w, link))["rmse"] for link, w in fits.items()}
    link = min(rmse, key=lambda k: rmse[k])              # the link that predicts better
    w = fits[link]
    preds = {
        "fitted": predict(w, link),
        "heuristic": xh[:, 1],                            # the hand-written estimate as is
        "constant": np.full(len(yh), float(y[~held].mean())),
    }
    report: dict[str, Any] = {}
    for phase, a, b in (("all", 0.0, 1.0001),) + PHASES:
        sel = (ph >= a) & (ph < b)
        report[phase] = {name: metrics(yh[sel], p[sel]) for name, p in preds.items()}
        report[phase]["positions"] = int(sel.sum())
    return {
        "weights": [[float(v) for v in ws] for ws in w], "lo": lo, "hi": hi, "link": link,
        "heldout_rmse_by_link": rmse, "games": games,
        "positions": int(train.sum()), "heldout_positions": int(held.sum()),
        "heldout": report,
    }


def format_report(slug: str, players: int, model: dict[str, Any]) -> str:
    """The held-out table of one fitted model (markdown)."""
    lines = [f"### {slug}, {players} players: {model['positions']} training positions "
             f"({model['games']} games), {model['heldout_positions']} held out, "
             f"link {model['link']}",
             "", "| phase | positions | fitted RMSE / R^2 | heuristic RMSE / R^2 | "
             "constant RMSE / R^2 |", "|---|---|---|---|---|"]
    for phase, rep in model["heldout"].items():
        cells = " | ".join(f"{rep[k]['rmse']:.3f} / {rep[k]['r2']:+.3f}"
                           for k in ("fitted", "heuristic", "constant"))
        lines.append(f"| {phase} | {rep['positions']} | {cells} |")
    return "\n".join(lines)


def counts_text(slugs: Sequence[str]) -> str:
    """``mattis at 3, 4, 5, 6, 7 or 8``: the player counts the fit covers, for each game."""
    def counts(slug: str) -> str:
        c = [str(n) for n in PLAYER_COUNTS[slug]]
        return ", ".join(c[:-1]) + " or " + c[-1] if len(c) > 1 else c[0]
    return "; ".join(f"{slug} at {counts(slug)}" for slug in slugs)


def games_to_fit(games: Sequence[str] | None, players: Sequence[int] | None) -> list[str]:
    """The games a command line fits: those named (default: every game with features, or with
    ``players`` only those that have one of those counts). ValueError, naming the counts the
    fit fits, when a count asked for is fitted for none of the games, or a game named has none
    of the counts: the command would otherwise fit nothing and still rewrite the game's file
    (its ``command`` line) with the models it had."""
    named = list(dict.fromkeys(games or ()))
    slugs = named or sorted(PLAYER_COUNTS)
    if not players:
        return slugs
    asked = sorted(set(players))
    fits = {slug: [n for n in asked if n in PLAYER_COUNTS[slug]] for slug in slugs}
    unfitted = [n for n in asked if not any(n in PLAYER_COUNTS[slug] for slug in slugs)]
    if unfitted:
        raise ValueError(f"--players {', '.join(str(n) for n in unfitted)}: the fit covers "
                         f"{counts_text(slugs)} players (every count the game supports)")
    idle = [slug for slug in named if not fits[slug]]
    if idle:
        raise ValueError(f"--players {', '.join(str(n) for n in asked)}: the fit covers "
                         f"{counts_text(idle)} players (every count the game supports)")
    return [slug for slug in slugs if fits[slug]]


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m solver.evaluation.fit", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=DEFAULT_GAMES,
                    help="self-play games per game and player count")
    ap.add_argument("--game", action="append", choices=sorted(PLAYER_COUNTS),
                    help="fit only this game (repeatable; default: all)")
    ap.add_argument("--players", type=int, action="append",
                    help="fit only these player counts (repeatable)")
    ap.add_argument("--explore", type=float, default=0.1,
                    help="share of uniformly random moves in self-play")
    ap.add_argument("--default", choices=EVALUATIONS,
                    help="the evaluation policies start with (default: keep the file's)")
    ap.add_argument("--out", default=DATA_DIR, help="folder of the <game>.json files")
    def error(message: str) -> None:
        """Bad input: one line in the project's form, exit status 2."""
        print(f"trickhound: error: {message}", file=sys.stderr)
        sys.exit(2)

    ap.error = error  # type: ignore[method-assign,assignment]
    args = ap.parse_args(argv)
    if args.games < HELD_OUT_EVERY * 2:
        ap.error(f"--games must be at least {HELD_OUT_EVERY * 2}")
    if not 0.0 <= args.explore <= 1.0:
        ap.error("--explore must be in [0, 1]")
    try:
        slugs = games_to_fit(args.game, args.players)
    except ValueError as e:
        ap.error(str(e))
    for slug in slugs:
        path = model_path(slug, args.out)
        old: dict[str, Any] = {}
        if os.path.exists(path):
            with open(path) as f:
                old = json.load(f)
        if old.get("features") != list(FEATURES[slug]):
            old = {}                                   # fitted on other features: start over
        models = dict(old.get("models", {}))
        for players in PLAYER_COUNTS[slug]:
            if args.players and players not in args.players:
                continue
            model = fit_config(slug, players, args.games, args.seed, args.explore)
            model["seed"] = args.seed
            model["explore"] = args.explore
            models[str(players)] = model
            print(format_report(slug, players, model), end="\n\n", flush=True)
        data = {"game": slug, "features": list(FEATURES[slug]),
                "default": args.default or old.get("default", "heuristic"),
                "command": "python -m solver.evaluation.fit " + " ".join(
                    sys.argv[1:] if argv is None else argv),
                "models": dict(sorted(models.items(), key=lambda kv: int(kv[0])))}
        os.makedirs(args.out, exist_ok=True)
        with open(path, "w") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
