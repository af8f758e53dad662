"""Inference by a Markov chain: worlds drawn in proportion to how likely the opponents' observed
play is in them, by a Metropolis chain over exchanges of hidden cards (``inference="mcmc"``).

Weighted determinization (weighted.py) weighs uniform candidates. With a sharp opponent model
(the rules-of-thumb bot is nearly deterministic, so a model of a table of them is sharp) the
weights fall on one or two of 64 candidates (effective sample sizes of 1.2-8 mid-round in Dog
Tag Trick, results/strength/dtt5p-pimc-screens) and the worlds searched are copies of them. A
chain instead walks towards the worlds that explain the plays and keeps moving among them:

* start from a uniform world of the view (``view.determinize``: every hard fact kept);
* propose ``State.exchange_hidden``: two cards hidden from the observer swapped between two of
  their hidden holders, each holder keeping its size (a symmetric proposal that keeps every
  hard fact, the engine's ``exchange_hidden_c``);
* accept with probability min(1, L'/L), L being the likelihood of every observed opponent
  decision in the world under the opponent model (``weighted.log_likelihood``: the same
  product of P(action | position) weighted determinization uses);
* after ``burn_in`` steps keep one world every ``thin`` steps, its chance hidden from every
  seat re-drawn where a round reveals it (``State.resample_chance``; the plays say nothing of
  it, and worlds that shared it would make the search plan on one guessed future).

The chain's stationary law is the posterior over the worlds the view allows (uniform prior,
as ``determinize``), so with a flat model it samples as ``determinize`` does. No peeking: the
chain starts from the view's own determinization and only exchanges cards among holders the
observer cannot see into; the true hidden cards are never read.

A game whose engine has no exchange (``Game.EXCHANGES_HIDDEN`` false: every game but Dog Tag
Trick and Vic Village so far; Vic Village's keeps every void, docs/rules/mate-vic-village.md
§10.7) gets weighted determinization instead (``weighted.sample_worlds`` with "policy"),
and a position with no observed decision yet gets uniform worlds (nothing to learn).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from solver.game import State, View
from solver.inference.model import OpponentModel
from solver.rng import Random

# Chain steps before the first kept world, per unit of ``particles``, and between kept worlds
# (a share of ``particles``): with the bots' 64 particles, 64 steps of burn-in, then a world
# every 8 steps.
THIN_SHARE = 8


@dataclass
class ChainStats:
    """What a chain did: steps proposed, exchanges accepted (a draw the engine refused, as one
    breaking a void, is a step but no acceptance), worlds kept, and the observed decisions its
    likelihood multiplies (0: nothing to learn; the worlds are uniform)."""

    steps: int
    accepted: int
    worlds: int
    decisions: int
    # worlds drawn uniformly because the chain reached its deadline first (0: none)
    uniform: int = 0

    @property
    def acceptance(self) -> float:
        return self.accepted / self.steps if self.steps else 1.0


def _seat_log_likelihoods(game: Any, world: State, observer: int, seats: list[int],
                          model: OpponentModel, solver: Any,
                          decisions: Any = None) -> dict[int, float]:
    """{seat: log-likelihood of that seat's observed decisions in ``world``} for ``seats``
    (``decisions``: ``world``'s observed decisions when already rebuilt)."""
    if decisions is None:
        decisions = game.observed_decisions(world, observer)
    return {p: model.log_likelihood([d for d in decisions if d[0] == p], solver)
            for p in seats}


def chain_worlds(view: View, n: int, rng: Random | int, particles: int,
                 model: OpponentModel, solver: Any = None,
                 deadline: float | None = None) -> tuple[list[State], ChainStats]:
    """``n`` worlds from a Metropolis chain over hidden-card exchanges (module docstring):
    ``particles`` steps of burn-in, then one world every ``max(1, particles // THIN_SHARE)``
    steps. At ``deadline`` (a time.perf_counter() instant: a search's share of its time) the
    chain stops and the worlds still missing are uniform ones (``ChainStats.uniform``), so a
    time limit holds whatever ``particles`` says. Raises NotImplementedError where the
    engine has no exchange (``Game.EXCHANGES_HIDDEN``)."""
    if n < 1 or particles < 1:
        raise ValueError("n and particles must be >= 1")
    if not view.game.EXCHANGES_HIDDEN:
        raise NotImplementedError(f"{view.game.spec()} has no hidden-card exchange")
    r = rng if isinstance(rng, Random) else Random(rng)
    game = view.game
    observer = view.player
    world = view.determinize(r)
    observed = list(game.observed_decisions(world, observer))
    if not observed:
        worlds = [world] + [view.determinize(r) for _ in range(n - 1)]
        return worlds, ChainStats(0, 0, n, 0)
    others = [p for p in range(game.num_players) if p != observer]
    seat_logl = _seat_log_likelihoods(game, world, observer, others, model, solver, observed)
    logl = sum(seat_logl.values())
    # A seat's log-likelihood is a function of its information set (its own hand and public
    # facts, the contract of the exchange), so it is computed once per (seat, infoset key):
    # late in a round, when few cards are hidden, the chain keeps proposing the same hands.
    world_keys = {p: world.infoset_key(p) for p in others}
    known = {(p, world_keys[p]): v for p, v in seat_logl.items()}
    thin = max(1, particles // THIN_SHARE)
    steps = particles + (n - 1) * thin
    kept: list[State] = []
    accepted = 0
    step = 0
    while step < steps:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        step += 1
        # None: nothing to exchange, or the drawn exchange would break a hard fact (a void):
        # the world stands, and the step is not an accepted exchange.
        proposal = world.exchange_hidden(observer, r)
        if proposal is not None:
            # Only the holders' seats changed, and a seat's decisions depend on its own hand
            # and public facts alone (the engine offers an exchange only then): re-weigh theirs.
            keys = {p: proposal.infoset_key(p) for p in others}
            changed = [p for p in others if keys[p] != world_keys[p]]
            missing = [p for p in changed if (p, keys[p]) not in known]
            if missing:
                fresh = _seat_log_likelihoods(game, proposal, observer, missing, model, solver)
                known.update(((p, keys[p]), v) for p, v in fresh.items())
            new_logl = dict(seat_logl)
            new_logl.update((p, known[(p, keys[p])]) for p in changed)
            logp = sum(new_logl.values())
            if logp >= logl or (math.isfinite(logp) and (not math.isfinite(logl)
                                                         or math.log(r.random() or 1e-300)
                                                         < logp - logl)):
                world, logl, seat_logl, world_keys = proposal, logp, new_logl, keys
                accepted += 1
        if step >= particles and (step - particles) % thin == 0:
            # The chain moves only cards some seat holds; the chance hidden from every seat
            # (Vic Village's unrevealed instruction order and reward-pile order) stays the
            # first world's. Where a round reveals it (ROUND_CHANCE) every kept world draws
            # its own, as determinize's do, or the search would plan on one guessed future.
            kept.append(world.resample_chance(r) if game.ROUND_CHANCE else world.clone())
    uniform = n - len(kept)
    kept += [view.determinize(r) for _ in range(uniform)]
    return kept, ChainStats(step, accepted, len(kept), len(observed), uniform)
