"""The fitted position evaluation (issue 15, item 2).

Each game's rules of thumb (``solver/games/<game>/_policy.pyx``) estimate, for every seat, what
it will still gain until the end of the round (``Policy.evaluate_c``), the value the
depth-limited max^n solver puts at its frontier. Besides the hand-written estimate
(``"heuristic"``) a policy carries a linear model (``"fitted"``) over features of the position
computed in C from each seat's perspective (``policy.features(state)``: the very code
``evaluate_c`` runs). The weights are fitted by ``python -m solver.evaluation.fit`` from seeded
self-play and stored next to this file as ``<game>.json`` (package data): one model per player
count, with the feature names it was fitted on, the seed, the number of positions and the
held-out metrics.

This module is the Python side shared by the policies: it reads the data files and says which
evaluation a policy starts with (the file's ``default``, the one measured stronger).
"""
from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any

from solver.errors import TrickhoundError
from solver.evaluation.features import FEATURES

__all__ = ["EVALUATIONS", "FEATURES", "EvaluationError", "check_evaluation", "has_fitted",
           "load_fitted", "load_model", "model_path",
           "policy_model"]

# The evaluations a policy's evaluate_c can compute.
EVALUATIONS = ("heuristic", "fitted")
DATA_DIR = os.path.dirname(os.path.abspath(__file__))


class EvaluationError(TrickhoundError, ValueError):
    """A fitted evaluation that cannot be used: an unknown name, a game without a fitted model,
    or a data file that does not match the game's features."""


def model_path(slug: str, data_dir: str = DATA_DIR) -> str:
    """The data file of game ``slug``'s fitted evaluation."""
    return os.path.join(data_dir, slug.replace("-", "_") + ".json")


def load_model(slug: str, num_players: int,
               data_dir: str = DATA_DIR) -> dict[str, Any] | None:
    """The fitted model of ``slug`` at ``num_players`` players from its data file:
    ``{"weights", "lo", "hi", "default", ...}``; None when the file or that player count is
    missing. Raises EvaluationError when the file's feature names are not the game's."""
    path = model_path(slug, data_dir)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        data = json.load(f)
    names = list(FEATURES.get(slug, ()))
    if data.get("features") != names:
        raise EvaluationError(f"{path}: its features are not {slug}'s current features; "
                              f"refit with python -m solver.evaluation.fit")
    model = data.get("models", {}).get(str(num_players))
    if model is None:
        return None
    if any(len(w) != len(names) for w in model["weights"]):
        raise EvaluationError(f"{path}: weights that are not {len(names)} long")
    return {**model, "default": data.get("default", "heuristic")}


def policy_model(slug: str, num_players: int,
                 k: int) -> tuple[Sequence[Sequence[float]], float, float, bool, bool]:
    """What a policy with ``k`` C features loads at construction: (weights, one list per stage
    of the round; lo, hi, the bounds of the estimate; on, whether evaluate_c starts with them;
    logistic, the link).
    No data file (or no model for the player count): no weights and the hand-written
    estimate."""
    if len(FEATURES.get(slug, ())) != k:
        raise EvaluationError(f"{slug}: {k} features in C, {len(FEATURES.get(slug, ()))} "
                              f"names in solver/evaluation/features.py")
    model = load_model(slug, num_players)
    if model is None:
        return [], 0.0, 0.0, False, False
    return (model["weights"], float(model["lo"]), float(model["hi"]),
            model["default"] == "fitted", model.get("link", "identity") == "logistic")


def load_fitted(policy: Any, game: Any) -> None:
    """Load ``game``'s fitted model into ``policy`` (a game's Policy with ``num_features`` and
    ``_set_model``), switched on when its data file says it is the measured default."""
    policy._set_model(*policy_model(game.name, game.num_players, policy.num_features))


def has_fitted(game: Any) -> bool:
    """Whether ``game`` (at its player count) has a fitted evaluation in the data files."""
    return load_model(game.name, game.num_players) is not None


def check_evaluation(name: str) -> str:
    """``name`` if it is one of EVALUATIONS, else EvaluationError."""
    if name not in EVALUATIONS:
        raise EvaluationError(f"evaluation must be one of {', '.join(EVALUATIONS)}, not {name!r}")
    return name
