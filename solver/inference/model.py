"""The opponent model: how likely a seat is to take each legal action, given its position.

P(action | the acting seat's position) = softmax(u(action) / T) over the legal actions, where
``T`` is a temperature per game and decision kind (``Game.decision_kind``: Mate tells forcing,
leads and follows apart; other games use one kind, "play") and ``u`` is one of two utilities,
chosen per kind in temperatures.json:

``policy``  the game's rules of thumb (``game.policy.scores``). Their scales differ wildly
            between games (Mate's are packed lexicographic keys in the millions), so they are
            converted to ranks first: u = -(number of legal actions scoring strictly higher),
            0 for the policy's choice, ties sharing a rank. T is then in rank steps, comparable
            across games, and invariant to any monotone rescaling of a policy.
``exact``   the exact value of each action (the game's exact solver of the current round,
            two-player zero-sum games only: ``Game.exact_solver``), in the game's points. Used
            where the rules of thumb say nothing about the choice (Mate's policy never forces,
            so it ranks forced cards by card id alone) and the acting seat sees the whole
            position (a Mate forcer knows both hands, §1): the model then says "the opponent
            chooses like a solver, noisily, with point losses of about T".

The model is a mixture: with probability ``uniform_mix`` (eps) the seat plays uniformly at
random, otherwise by the softmax, so P = eps / n + (1 - eps) softmax(u / T): a seat that
errs never rules a world out. T and eps are fitted by maximum likelihood
(solver/inference/fit.py) on the recorded decisions of the project's own bots; T = inf or
eps = 1 is uniform play.
"""
from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from solver.game import Game, State
from solver.inference._likelihood import decisions_log_likelihood, policy_log_probability

TEMPERATURES_PATH = os.path.join(os.path.dirname(__file__), "temperatures.json")
UTILITIES = ("policy", "exact")
# Kinds of a game absent from temperatures.json: one kind, the policy's ranks, a mild T.
DEFAULT_KIND = {"utility": "policy", "temperature": 1.0}


def load_temperatures(path: str = TEMPERATURES_PATH) -> dict[str, dict[str, dict[str, Any]]]:
    """{game name: {decision kind: {"utility": ..., "temperature": T, ...}}} from the fitted
    data file (empty when it does not exist yet)."""
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        data = json.load(f)
    return data["games"]


def policy_ranks(scores: Sequence[float]) -> np.ndarray:
    """u = -rank: minus the number of actions scoring strictly higher (0 for the best; ties
    share a rank). Only the policy's order is used, never its scale."""
    s = np.asarray(scores, dtype=float)
    return -(s[None, :] > s[:, None]).sum(axis=1).astype(float)


def softmax(u: np.ndarray, temperature: float) -> np.ndarray:
    """softmax(u / T), computed stably (T > 0)."""
    z = np.asarray(u, dtype=float) / temperature
    z = z - z.max()
    e = np.exp(z)
    return e / e.sum()


class OpponentModel:
    """P(action | position) for every seat of one game (see the module docstring).

    Distributions are cached by the position's hash and kind: weighted determinization asks
    for the same position in many candidate worlds (Mate's forcing position is the same in
    all of them), and the exact utility costs a solve per position."""

    def __init__(self, game: Game, temperatures: dict[str, dict[str, Any]] | None = None,
                 tt_bits: int = 16) -> None:
        self.game = game
        table = load_temperatures() if temperatures is None else temperatures
        self.kinds: dict[str, dict[str, Any]] = dict(table.get(game.name, {}))
        for kind, row in self.kinds.items():
            if row["utility"] not in UTILITIES:
                raise ValueError(f"{game.name} {kind}: utility must be one of "
                                 f"{', '.join(UTILITIES)}, not {row['utility']!r}")
            if not row["temperature"] > 0:
                raise ValueError(f"{game.name} {kind}: temperature must be > 0")
        self.tt_bits = tt_bits
        # (T, eps) when every decision of the game is of one policy-ranked kind (the game keeps
        # the base decision_kind, "play"): log_likelihood's path of one C call per decision
        row = self.kind_row("play")
        self._one_policy_kind: tuple[float, float] | None = (
            (float(row["temperature"]), float(row.get("uniform_mix", 0.0)))
            if type(game).decision_kind is Game.decision_kind and row["utility"] == "policy"
            else None)
        self._solver: Any = None
        self._cache: dict[tuple[int, str], tuple[list[int], np.ndarray]] = {}

    def kind_row(self, kind: str) -> dict[str, Any]:
        """The utility and temperature of one decision kind (DEFAULT_KIND when not fitted)."""
        return self.kinds.get(kind, DEFAULT_KIND)

    def utilities(self, state: State, kind: str | None = None, utility: str | None = None,
                  solver: Any = None) -> tuple[list[int], np.ndarray]:
        """(legal actions, u) at ``state`` for the kind's utility (or ``utility``); exact
        values come from ``solver`` (an AlphaBeta of this game) when given, else the model's
        own."""
        kind = kind if kind is not None else self.game.decision_kind(state)
        utility = utility if utility is not None else self.kind_row(kind)["utility"]
        actions = state.legal_actions()
        if utility == "exact":
            return actions, self._exact_values(state, actions, solver)
        return actions, policy_ranks(self.game.policy.scores(state, actions))

    def _exact_values(self, state: State, actions: list[int], solver: Any = None) -> np.ndarray:
        """Each action's exact value for the mover. A search's own solver may be lent
        (``solver``): the opponent's decision lies on the path to every world the search then
        solves (Mate: the forcing position is the parent of each world's game), so its
        transposition table, filled here, makes those solves cheaper; the solve is then
        nearly free in the decision's total time."""
        if solver is None:
            if self._solver is None:
                if self.game.exact_solver() is None and self.game.utility_sum() is None:
                    raise ValueError(f"{self.game.spec()} has no exact solver for utility=exact")
                from solver.search._alphabeta import AlphaBeta
                self._solver = AlphaBeta(self.game, self.tt_bits)
            solver = self._solver
        values = solver.solve(state, False)["actions"]
        return np.array([values[a] for a in actions], dtype=float)

    def distribution(self, state: State, solver: Any = None) -> tuple[list[int], np.ndarray]:
        """(legal actions, their probabilities) for the seat to move at ``state`` (``solver``:
        see ``_exact_values``)."""
        kind = self.game.decision_kind(state)
        key = (state.state_hash(), kind)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        actions, u = self.utilities(state, kind, solver=solver)
        row = self.kind_row(kind)
        eps = float(row.get("uniform_mix", 0.0))
        probs = (np.ones(1) if len(actions) == 1
                 else eps / len(actions) + (1 - eps) * softmax(u, float(row["temperature"])))
        if len(self._cache) > 4096:
            self._cache.clear()
        self._cache[key] = (actions, probs)
        return actions, probs

    def log_likelihood(self, decisions: Sequence[tuple[int, int, State]],
                       solver: Any = None) -> float:
        """The sum, in order, of log P(action | state) over ``decisions`` ((seat, action,
        state) triples, ``Game.observed_decisions``): the likelihood of a world in weighted
        determinization and the Markov chain; -inf where one was impossible. The same floats
        as adding ``log_probability`` decision by decision, in one C call where the game has
        one policy-ranked kind of decision."""
        if self._one_policy_kind is not None:
            temperature, uniform_mix = self._one_policy_kind
            return decisions_log_likelihood(self.game.policy, decisions, temperature,
                                            uniform_mix)
        total = 0.0
        for _seat, action, before in decisions:
            total += self.log_probability(before, action, solver)
        return total

    def log_probability(self, state: State, action: int, solver: Any = None) -> float:
        """log P(action | state); -inf for an illegal action or one of probability 0 (a world
        in which the observed decision was impossible). Policy-ranked kinds take a fast path
        in C (solver/inference/_likelihood.pyx): their positions differ from world to world,
        so a cache rarely hits, and only the one probability is needed."""
        kind = self.game.decision_kind(state)
        row = self.kind_row(kind)
        if row["utility"] == "policy":
            return policy_log_probability(self.game.policy, state, int(action),
                                          float(row["temperature"]),
                                          float(row.get("uniform_mix", 0.0)))
        actions, probs = self.distribution(state, solver)
        if action not in actions:
            return -math.inf
        p = float(probs[actions.index(int(action))])
        return math.log(p) if p > 0.0 else -math.inf
