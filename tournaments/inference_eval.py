"""Measure inference in Mate with face-down forced cards (issue 14): does weighting the worlds
by the opponent model make the solver bot's estimates honest and its play closer to the
oracle's?

    python -m tournaments.inference_eval --deals 24 --seed 1 [--worlds 16 --particles 64]

For each deal (duplicate: the solver bot in both seats against the oracle, the same deal and
bot seeds), with ``inference=none`` and ``inference=policy``:

* margin: the solver bot's return against the oracle (the match point difference, §8), per
  deal summed over both seatings; its mean +- 95% CI, and the paired difference policy - none;
* bias: at each of the solver bot's decisions (two or more legal moves) taken while the
  opponent's forced card lies face down (docs/rules/mate.md §9.2), the bot's estimate of its
  chosen move (the mean over its sampled worlds of the exact value) minus that move's exact
  value in the true state: the world-sampling bias (strategy fusion is not in it, since both
  sides are exact values of a perfect-information solve);
* the inference's share of those decisions' time (weighing and resampling the worlds).
"""
from __future__ import annotations

import argparse
import json
import math
import time

import bots.solver_bot as solver_bot_module
import solver.inference.weighted as weighted_module
from bots.registry import make_bot
from solver.game import State, View
from solver.inference import check_inference
from solver.inference.model import load_temperatures
from solver.registry import load_game
from solver.rng import derive_seed
from solver.search import alphabeta
from tournaments.referee import play_game

GAME = "mate(forced_visibility=hidden)"
Z95 = 1.959963984540054


def mean_ci(xs: list[float]) -> dict[str, float]:
    """Mean and the half-width of its normal 95% interval."""
    n = len(xs)
    if n == 0:
        return {"n": 0, "mean": float("nan"), "ci95": float("nan")}
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return {"n": n, "mean": m, "ci95": Z95 * math.sqrt(var / n)}


class _Timer:
    """Wraps the solver bot's world sampler to add up the time inference takes."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.inner = solver_bot_module.sample_worlds

    def __call__(self, *args, **kwargs):
        t0 = time.perf_counter()
        try:
            return self.inner(*args, **kwargs)
        finally:
            self.seconds += time.perf_counter() - t0


def play_deal(game_text: str, deal_seed: int, solver_spec: str, timer: _Timer) -> dict[str, list]:
    """Both seatings of one deal: the solver bot's returns, biases and decision times."""
    game = load_game(game_text)
    returns, biases, act_s, inf_s = [], [], [], []
    for seat in (0, 1):
        bot = make_bot(solver_spec, derive_seed(deal_seed, "solver"))
        assert isinstance(bot, solver_bot_module.SolverBot)  # solver_spec names the solver bot
        oracle = make_bot("oracle", derive_seed(deal_seed, "oracle"))
        bots = [bot, oracle] if seat == 0 else [oracle, bot]
        seeds = [derive_seed(deal_seed, "solver"), derive_seed(deal_seed, "oracle")]
        if seat == 1:
            seeds.reverse()
        prev = [game.new_initial_state(deal_seed)]
        pending: dict[str, float] = {}

        def act(view: View, bot: solver_bot_module.SolverBot = bot,
                pending: dict[str, float] = pending) -> int:
            before = timer.seconds
            t0 = time.perf_counter()
            values = bot.action_values(view)
            best = max(values.values())   # SolverBot.act's choice, from these very values
            choices = [a for a, v in values.items() if v >= best - 1e-9]
            bot_action = choices[bot.rng.randbelow(len(choices))]
            pending.clear()
            pending.update(estimate=values.get(bot_action, float("nan")), n=len(values),
                           seconds=time.perf_counter() - t0, inference=timer.seconds - before)
            return bot_action

        bot.act = act  # type: ignore[method-assign]

        def on_move(state: State, mover: int, action: int, seat: int = seat,
                    prev: list[State] = prev, pending: dict[str, float] = pending) -> None:
            before = prev[0]
            ref = before.to_reference()
            if (mover == seat and pending and pending["n"] > 1 and ref.forced[1 - seat] >= 0
                    and ref.trick < 10):
                exact = alphabeta(before, pv=False).values()[action]
                assert exact is not None  # alpha-beta values every legal move exactly
                biases.append(pending["estimate"] - exact)
                act_s.append(pending["seconds"])
                inf_s.append(pending["inference"])
            pending.clear()
            prev[0] = state.clone()

        rec = play_game(game, bots, deal_seed, seeds, on_move=on_move)
        assert rec.returns is not None  # play_game records every finished game's returns
        returns.append(rec.returns[seat])
    return {"returns": returns, "biases": biases, "act_s": act_s, "inf_s": inf_s}


def evaluate(deals: int, seed: int, worlds: int, particles: int,
             game_text: str = GAME, force_temperature: float | None = None,
             force_mix: float | None = None,
             modes: tuple[str, ...] = ("none", "policy")) -> dict:
    """The measurement (see the module docstring) as a JSON-ready dict."""
    out: dict = {"game": game_text, "deals": deals, "seed": seed, "worlds": worlds,
                 "particles": particles, "modes": {}}
    if force_temperature is not None or force_mix is not None:
        # Sensitivity check: the same model with another forcing temperature or uniform share
        # (not the shipped fit). Every game object of the run gets this model: play_deal
        # loads the game anew per deal, and _MODELS is keyed by the game.
        table = load_temperatures()
        name = load_game(game_text).name
        row = dict(table[name]["force"])
        if force_temperature is not None:
            row["temperature"] = out["force_temperature"] = force_temperature
        if force_mix is not None:
            row["uniform_mix"] = out["force_mix"] = force_mix
        table[name] = dict(table[name], force=row)
        weighted_module.TEMPERATURE_OVERRIDES[name] = table[name]
    timer = _Timer()
    solver_bot_module.sample_worlds = timer
    per_deal: dict[str, list[float]] = {}
    try:
        for mode in modes:
            spec = f"solver(worlds={worlds},inference={mode},particles={particles})"
            margins, biases, act_s, inf_s = [], [], [], []
            for d in range(deals):
                r = play_deal(game_text, derive_seed(seed, "deal", d), spec, timer)
                margins.append(sum(r["returns"]))
                biases += r["biases"]
                act_s += r["act_s"]
                inf_s += r["inf_s"]
            per_deal[mode] = margins
            out["modes"][mode] = {
                "margin_per_deal_vs_oracle": mean_ci(margins),
                "margin_per_match_vs_oracle": mean_ci([m / 2 for m in margins]),
                "bias_at_hidden_decisions": mean_ci(biases),
                "decision_seconds": sum(act_s),
                "inference_seconds": sum(inf_s),
                "inference_share": (sum(inf_s) / sum(act_s)) if act_s else None,
                "mean_decision_ms": 1000 * sum(act_s) / len(act_s) if act_s else None,
            }
    finally:
        solver_bot_module.sample_worlds = timer.inner
    if "none" in per_deal and "policy" in per_deal:
        out["paired_margin_per_match_policy_minus_none"] = mean_ci(
            [(a - b) / 2 for a, b in zip(per_deal["policy"], per_deal["none"])])
        # The net cost: how much longer a hidden decision takes with inference (its weighing
        # minus what the lent solver's warmed table saves the search), as a share of it.
        t_none = out["modes"]["none"]["mean_decision_ms"]
        t_policy = out["modes"]["policy"]["mean_decision_ms"]
        if t_none is not None and t_policy:
            out["net_overhead_share"] = 1.0 - t_none / t_policy
    return out


def main(argv: list[str] | None = None) -> None:
    """Command line: run the measurement, print it as JSON (and write it with --out)."""
    p = argparse.ArgumentParser(prog="python -m tournaments.inference_eval",
                                description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deals", type=int, default=24)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--worlds", type=int, default=16)
    p.add_argument("--particles", type=int, default=64)
    p.add_argument("--force-temperature", type=float, default=None,
                   help="override the fitted forcing temperature (a sensitivity check)")
    p.add_argument("--force-mix", type=float, default=None,
                   help="override the fitted forcing uniform share eps (a sensitivity check)")
    p.add_argument("--modes", default="none,policy",
                   help="comma-separated inference modes to play (default: none,policy)")
    p.add_argument("--out", default=None)
    a = p.parse_args(argv)
    modes = tuple(a.modes.split(","))
    for m in modes:
        check_inference(m)
    res = evaluate(a.deals, a.seed, a.worlds, a.particles, force_temperature=a.force_temperature,
                   force_mix=a.force_mix, modes=modes)
    text = json.dumps(res, indent=1)
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
