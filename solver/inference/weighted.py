"""Weighted determinization: worlds weighted by how likely the opponents' observed play is in
each (policy-based inference, as in Skat and bridge programs).

``view.determinize(rng)`` stays the exact uniform sampler among the worlds consistent with the
hard facts. The weighted mode draws ``particles`` candidates from it, so every candidate keeps
every hard fact (cards seen, voids, forcing restrictions), and weighs each by the likelihood,
under the opponent model, of every opponent decision observed so far: the game's
``Game.observed_decisions(world, observer)`` rebuilds each such decision's position in the
candidate world, and the weight is the product of P(action | that position). A decision with
one legal action has probability 1 in every world and so weighs nothing; a game that rebuilds
no decisions (the base hook) gets equal weights, i.e. the uniform sampler. Worlds are then
resampled by the weights (systematic resampling), or the weights are returned. Hooks so far:
Mate's face-down forcing, Dog Tag Trick's and Vic Village's plays of the current round.

Who uses it: PIMC and the solver bot resample their worlds; ISMCTS searches a pool of
``particles`` resampled worlds in turn (solver/search/_ismcts.pyx, its world source). The bots'
``inference=auto`` (their default) is ``bot_inference``: the mode measured stronger per game
(results/strength/inference-summary.md). Resampling trades variety for sharpness: the worlds
searched are at most ``particles`` distinct ones, which costs where the model says little
(Dog Tag Trick) and pays where it says much (Mate's forcing). With a sharp model the weights
fall on one or two candidates; ``inference="mcmc"`` (solver/inference/mcmc.py) walks a Markov
chain towards the worlds that explain the plays instead, and is the pimc bot's default in Dog
Tag Trick with 5 players (BOT_DEFAULTS).

No peeking: candidates come from ``view.determinize`` alone, the redacted world of the view;
the true hidden cards are never read (tests/test_game_contract.py checks it statistically).
The effective sample size ESS = 1 / sum(w_i^2) of the normalised weights says how many
independent uniform draws the weighted set is worth (``particles`` when nothing was learned).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from solver.game import Game, State, View
from solver.inference.model import OpponentModel
from solver.rng import Random, derive_seed

INFERENCE_MODES = ("none", "policy", "mcmc")
# What a bot's inference=auto (its default) means per (game name, bot name), or per (game name,
# bot name, player count) where that is listed: the mode measured stronger at equal CPU time
# (results/strength/inference-*.md, results/strength/dtt5p-mcmc); "none" wherever it is not
# listed. Weighted determinization gained only for the solver bot in Mate with face-down
# forcing. The Markov chain (mcmc) is the pimc bot's in Dog Tag Trick with 5 players: at equal
# CPU +0.32 [+0.18, +0.45] points a game over uniform worlds on 1,024 preregistered deals, +0.24
# [+0.13, +0.35] pooled with a first test of 512 that did not separate (+0.09), level at a table
# of pimc (-0.03 [-0.37, +0.30], 128); its share of the oracle's margin 75-78% against 69-71%;
# re-tested when the calibration of CPU time was corrected (it had given the chain's bots 7-11%
# more time): +0.31 [+0.17, +0.44] on 1,024 fresh deals (claim 8). Not at 4 players: +0.64 at
# the old calibration, -0.39 [-0.64, -0.15] at the corrected one (claim 8, 512 deals); not at
# 3 (level only at a table of the heuristic, -1.09 at a table of pimc); not for the solver bot
# (+0.01 at 4 players) nor ismcts (its pool of chain worlds costs most of its time)
# (results/strength/dtt5p-mcmc).
BOT_DEFAULTS: dict[tuple[str, str] | tuple[str, str, int], str] = {
    ("mate", "solver"): "policy", ("dog-tag-trick", "pimc", 5): "mcmc"}
BOT_INFERENCE_MODES = ("auto",) + INFERENCE_MODES
DEFAULT_PARTICLES = 64


_MODELS: dict[Game, OpponentModel] = {}
# {game name: {decision kind: row}} replacing the fitted rows of a game for the rest of the
# process (sensitivity checks in tournaments/inference_eval.py); empty in play.
TEMPERATURE_OVERRIDES: dict[str, dict[str, Any]] = {}


def model_for(game: Game) -> OpponentModel:
    """The opponent model of ``game`` with the fitted temperatures (or the game's
    TEMPERATURE_OVERRIDES), made once per process (its cache of distributions and its solver's
    table are reused across decisions)."""
    model = _MODELS.get(game)
    if model is None:
        table = None
        if game.name in TEMPERATURE_OVERRIDES:
            table = {game.name: TEMPERATURE_OVERRIDES[game.name]}
        model = _MODELS[game] = OpponentModel(game, table)
    return model


def bot_inference(inference: str, game: Game, bot: str) -> str:
    """A bot's inference mode in ``game``: ``inference`` itself, or for "auto" the measured
    default (BOT_DEFAULTS; "none" where the game hides nothing)."""
    if inference != "auto":
        return check_inference(inference)
    if game.perfect_information:
        return "none"
    return BOT_DEFAULTS.get((game.name, bot, game.num_players),
                            BOT_DEFAULTS.get((game.name, bot), "none"))


def world_source(inference: str, game: Game) -> str:
    """Where a search's worlds come from for ``inference`` in ``game``: "none" (uniform draws;
    also wherever the game hides nothing), "policy" (weighted candidates) or "mcmc" (a Markov
    chain; "policy" where the engine has no exchange of hidden cards)."""
    if check_inference(inference) == "none" or game.perfect_information:
        return "none"
    if inference == "mcmc" and not game.EXCHANGES_HIDDEN:
        return "policy"
    return inference


def source_params(inference: str, game: Game, info: Any) -> dict[str, float | None]:
    """The result params that describe the worlds' source: ``ess``, the effective sample size
    of weighted candidates; ``acceptance``, the Markov chain's acceptance rate; and
    ``uniform_worlds``, how many worlds are uniform because the chain reached its share of a
    time limit (each None where another source, or none, was used). ``info`` is what
    ``sample_worlds`` or ``world_pool`` returned beside the worlds (the ESS, the ChainStats)."""
    source = world_source(inference, game)
    chain = source == "mcmc" and info is not None
    return {"ess": info if source == "policy" else None,
            "acceptance": info.acceptance if chain else None,
            "uniform_worlds": info.uniform if chain else None}


def check_inference(inference: str) -> str:
    """``inference`` if it names a mode, else ValueError naming the choices."""
    if inference not in INFERENCE_MODES:
        raise ValueError(f"inference must be one of {', '.join(INFERENCE_MODES)}, "
                         f"not {inference!r}")
    return inference


@dataclass
class WeightedWorlds:
    """Candidate worlds with their normalised weights and effective sample size."""

    worlds: list[State]
    weights: np.ndarray
    ess: float

    @property
    def particles(self) -> int:
        return len(self.worlds)


def weigh_worlds(view: View, rng: Random | int, particles: int = DEFAULT_PARTICLES,
                 model: OpponentModel | None = None, solver: Any = None,
                 deadline: float | None = None) -> WeightedWorlds:
    """``particles`` uniform candidates from ``view``, each weighted by the likelihood of the
    opponents' observed decisions in it (see the module docstring). ``solver``: the search's
    own exact solver, lent to the model for exact utilities (OpponentModel._exact_values).
    At ``deadline`` (a time.perf_counter() instant) no more candidates are weighed (at least
    one is), so a time limit holds whatever ``particles`` says."""
    if particles < 1:
        raise ValueError("particles must be >= 1")
    r = rng if isinstance(rng, Random) else Random(rng)
    model = model if model is not None else model_for(view.game)
    game = view.game
    worlds: list[State] = []
    logs: list[float] = []
    while len(worlds) < particles and not (worlds and deadline is not None
                                           and time.perf_counter() >= deadline):
        worlds.append(view.determinize(r))
        logs.append(log_likelihood(game, worlds[-1], view.player, model, solver))
    logw = np.array(logs)
    if not np.isfinite(logw).any():
        # No candidate explains the observed play (a model of probability 0 everywhere):
        # fall back to the hard facts alone rather than invent weights.
        logw[:] = 0.0
    w = np.exp(logw - logw.max())
    w /= w.sum()
    return WeightedWorlds(worlds, w, float(1.0 / np.sum(w * w)))


def log_likelihood(game: Game, world: State, observer: int, model: OpponentModel,
                   solver: Any = None) -> float:
    """log of the likelihood of every opponent decision ``observer`` has seen, rebuilt in
    ``world`` (``Game.observed_decisions``), under ``model``: the sum of log P(action |
    position); -inf where one of them was impossible in ``world``."""
    return model.log_likelihood(game.observed_decisions(world, observer), solver)


def resample(weighted: WeightedWorlds, n: int, rng: Random | int) -> list[State]:
    """``n`` worlds drawn by systematic resampling from the weighted candidates (each keeps its
    count in proportion to its weight, with the least added variance)."""
    r = rng if isinstance(rng, Random) else Random(rng)
    cum = np.cumsum(weighted.weights)
    cum[-1] = 1.0
    u0 = r.random() / n
    idx = np.searchsorted(cum, u0 + np.arange(n) / n, side="right")
    return [weighted.worlds[min(int(i), len(cum) - 1)].clone() for i in idx]


def inference_deadline(limit: Any, start: float) -> float | None:
    """The time.perf_counter() instant a time-limited search's inference stops at: half its
    ``limit.time_s`` after ``start`` (the search has the rest); None without a time limit."""
    time_s = getattr(limit, "time_s", None)
    return None if time_s is None else start + time_s / 2


def world_pool(view: View, seed: int, particles: int, inference: str = "policy",
               deadline: float | None = None) -> tuple[list[State], Any]:
    """The worlds ISMCTS searches in turn with ``inference="policy"``: ``particles`` candidates
    weighed by the opponent model and resampled as many, shuffled (systematic resampling
    returns them grouped), from the search seed's own "inference" stream; and their effective
    sample size. With ``"mcmc"``: ``particles`` worlds of the Markov chain (and its
    ChainStats). One pool for every thread of a root-parallel search; ``deadline`` as in
    sample_worlds."""
    rng = Random(derive_seed(seed, "inference"))
    if world_source(inference, view.game) == "mcmc":
        return sample_worlds(view, particles, rng, "mcmc", particles, deadline=deadline)
    weighted = weigh_worlds(view, rng, particles, deadline=deadline)
    pool = resample(weighted, particles, rng)
    rng.shuffle(pool)
    return pool, weighted.ess


def sample_worlds(view: View, n: int, rng: Random | int, inference: str = "none",
                  particles: int = DEFAULT_PARTICLES,
                  model: OpponentModel | None = None, solver: Any = None,
                  deadline: float | None = None) -> tuple[list[State], Any]:
    """``n`` worlds for a search: uniform (``inference="none"``; None), resampled from
    ``particles`` weighted candidates (``"policy"``; with their ESS; ``solver`` as in
    ``weigh_worlds``), or kept from a Markov chain of ``particles`` steps of burn-in
    (``"mcmc"``, solver/inference/mcmc.py; with the chain's ChainStats: its acceptance rate,
    1.0 where nothing was observed yet). A game whose engine has no exchange of hidden cards
    (``Game.EXCHANGES_HIDDEN``) gets "policy" for "mcmc". ``deadline`` (a time.perf_counter()
    instant; a time-limited search passes half its time): the chain stops there and uniform
    worlds make up the rest, or no more candidates are weighed."""
    r = rng if isinstance(rng, Random) else Random(rng)
    if check_inference(inference) == "none":
        return [view.determinize(r) for _ in range(n)], None
    if world_source(inference, view.game) == "mcmc":
        from solver.inference.mcmc import chain_worlds
        return chain_worlds(view, n, r, particles,
                            model if model is not None else model_for(view.game), solver,
                            deadline)
    weighted = weigh_worlds(view, r, particles, model, solver, deadline)
    return resample(weighted, n, r), weighted.ess
