"""Measure inference in Mate with face-down forced cards (issue 14): does weighting the worlds
by the opponent model make the solver bot's estimates honest and its play closer to the
oracle's?

    python -m tournaments.inference_eval --deals 24 --seed 1 [--worlds 16 --particles 64]
    python -m tournaments.inference_eval --bot ismcts --deals 16 --seed 1

For each deal (duplicate: the bot, the solver bot or ISMCTS, in both seats against the
oracle, the same deal and bot seeds), with ``inference=none`` and ``inference=policy``:

* margin: the solver bot's return against the oracle (the match point difference, §8), per
  deal summed over both seatings; its mean +- 95% CI, and the paired difference policy - none;
* bias: at each of the solver bot's decisions (two or more legal moves) taken while the
  opponent's forced card lies face down (docs/rules/mate.md §9.2), the bot's estimate of its
  chosen move (the mean over its sampled worlds of the exact value) minus that move's exact
  value in the true state: the world-sampling bias (strategy fusion is not in it, since both
  sides are exact values of a perfect-information solve);
* loss: at the same hidden decisions, and at the bot's forcing decisions (§4.1), the exact
  value of the best move minus that of the move taken, in the true state;
* the inference's share of the decision time (weighing and resampling the worlds), at those
  hidden decisions and over all the bot's decisions with two or more legal moves, and the
  mean decision time of both modes (the net overhead: their ratio).
"""
from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

import numpy as np

import bots.solver_bot as solver_bot_module
import solver.inference.weighted as weighted_module
import solver.search._ismcts as ismcts_module
from bots.registry import make_bot
from solver.game import State, View
from solver.inference import OpponentModel, check_inference, weigh_worlds
from solver.inference.model import load_temperatures
from solver.registry import load_game
from solver.rng import Random, derive_seed
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
    """Wraps a world sampler (a module attribute) to add up the time inference takes."""

    def __init__(self, module: Any, name: str) -> None:
        self.seconds = 0.0
        self.module, self.name = module, name
        self.inner = getattr(module, name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return self.inner(*args, **kwargs)
        finally:
            self.seconds += time.perf_counter() - t0

    def __enter__(self) -> _Timer:
        setattr(self.module, self.name, self)
        return self

    def __exit__(self, *exc: object) -> None:
        setattr(self.module, self.name, self.inner)


def play_deal(game_text: str, deal_seed: int, spec: str, timer: _Timer) -> dict[str, list]:
    """Both seatings of one deal against the oracle: the bot's returns and, at its decisions
    with two or more legal moves, the bias of its estimate (the solver bot), its loss against
    the exact values of the true state (at hidden decisions and at forcing decisions), and the
    decision and inference times (at hidden decisions, and over all its decisions)."""
    game = load_game(game_text)
    out: dict[str, list] = {k: [] for k in ("returns", "biases", "act_s", "inf_s", "all_act_s",
                                            "all_inf_s", "hidden_loss", "force_loss",
                                            "force_loss_dealer", "force_loss_non_dealer")}
    for seat in (0, 1):
        bot = make_bot(spec, derive_seed(deal_seed, "solver"))
        oracle = make_bot("oracle", derive_seed(deal_seed, "oracle"))
        bots = [bot, oracle] if seat == 0 else [oracle, bot]
        seeds = [derive_seed(deal_seed, "solver"), derive_seed(deal_seed, "oracle")]
        if seat == 1:
            seeds.reverse()
        prev = [game.new_initial_state(deal_seed)]
        pending: dict[str, float] = {}
        inner_act = bot.act

        def act(view: View, bot: Any = bot, inner_act: Any = inner_act,
                pending: dict[str, float] = pending) -> int:
            before = timer.seconds
            t0 = time.perf_counter()
            estimate = float("nan")
            n = len(view.legal_actions())
            if isinstance(bot, solver_bot_module.SolverBot):
                values = bot.action_values(view)
                best = max(values.values())   # SolverBot.act's choice, from these very values
                choices = [a for a, v in values.items() if v >= best - 1e-9]
                action = choices[bot.rng.randbelow(len(choices))]
                estimate = values.get(action, float("nan"))
            else:
                action = inner_act(view)
            seconds = time.perf_counter() - t0
            pending.clear()
            pending.update(estimate=estimate, n=n, seconds=seconds,
                           inference=timer.seconds - before)
            if n > 1:
                out["all_act_s"].append(seconds)
                out["all_inf_s"].append(timer.seconds - before)
            return action

        bot.act = act  # type: ignore[method-assign]

        def on_move(state: State, mover: int, action: int, seat: int = seat,
                    prev: list[State] = prev, pending: dict[str, float] = pending) -> None:
            before = prev[0]
            if mover == seat and pending and pending["n"] > 1:
                ref = before.to_reference()
                hidden = ref.forced[1 - seat] >= 0 and ref.trick < 10
                forcing = game.decision_kind(before) == "force"
                if hidden or forcing:
                    values = alphabeta(before, pv=False).values()
                    exact = values[action]
                    assert exact is not None  # alpha-beta values every legal move exactly
                    loss = max(v for v in values.values() if v is not None) - exact
                    if forcing:
                        out["force_loss"].append(loss)
                        out["force_loss_dealer" if ref.dealer == seat
                            else "force_loss_non_dealer"].append(loss)
                    if hidden:
                        out["hidden_loss"].append(loss)
                        if not math.isnan(pending["estimate"]):
                            out["biases"].append(pending["estimate"] - exact)
                        out["act_s"].append(pending["seconds"])
                        out["inf_s"].append(pending["inference"])
            pending.clear()
            prev[0] = state.clone()

        rec = play_game(game, bots, deal_seed, seeds, on_move=on_move)
        assert rec.returns is not None  # play_game records every finished game's returns
        out["returns"].append(rec.returns[seat])
    return out


def evaluate(deals: int, seed: int, worlds: int, particles: int,
             game_text: str = GAME, force_temperature: float | None = None,
             force_mix: float | None = None,
             modes: tuple[str, ...] = ("none", "policy"), bot: str = "solver",
             iterations: int | None = None) -> dict:
    """The measurement (see the module docstring) as a JSON-ready dict. ``bot``: "solver"
    (``solver(worlds=...)``) or "ismcts" (its defaults, ``iterations`` if given)."""
    out: dict = {"game": game_text, "deals": deals, "seed": seed, "bot": bot,
                 "particles": particles, "modes": {}}
    if bot == "solver":
        out["worlds"] = worlds
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
    if bot == "solver":
        timer = _Timer(solver_bot_module, "sample_worlds")
    else:
        timer = _Timer(ismcts_module, "weigh_worlds")
    per_deal: dict[str, list[float]] = {}
    with timer:
        for mode in modes:
            if bot == "solver":
                spec = f"solver(worlds={worlds},inference={mode},particles={particles})"
            else:
                its = f",iterations={iterations}" if iterations else ""
                spec = f"ismcts(inference={mode},particles={particles}{its})"
            acc: dict[str, list] = {}
            for d in range(deals):
                r = play_deal(game_text, derive_seed(seed, "deal", d), spec, timer)
                for k, v in r.items():
                    acc.setdefault(k, []).extend(v if k != "returns" else [sum(v)])
            margins = acc["returns"]
            per_deal[mode] = margins
            act_s, inf_s = acc["act_s"], acc["inf_s"]
            row = {
                "spec": spec,
                "margin_per_deal_vs_oracle": mean_ci(margins),
                "margin_per_match_vs_oracle": mean_ci([m / 2 for m in margins]),
                "loss_at_hidden_decisions": mean_ci(acc["hidden_loss"]),
                "loss_at_forcing_decisions": mean_ci(acc["force_loss"]),
                "loss_at_forcing_decisions_dealer": mean_ci(acc["force_loss_dealer"]),
                "loss_at_forcing_decisions_non_dealer": mean_ci(acc["force_loss_non_dealer"]),
                "decision_seconds": sum(act_s),
                "inference_seconds": sum(inf_s),
                "inference_share": (sum(inf_s) / sum(act_s)) if act_s else None,
                "mean_decision_ms": 1000 * sum(act_s) / len(act_s) if act_s else None,
                "inference_share_all_decisions": (sum(acc["all_inf_s"]) / sum(acc["all_act_s"])
                                                  if acc["all_act_s"] else None),
                "mean_decision_ms_all_decisions": (1000 * sum(acc["all_act_s"])
                                                   / len(acc["all_act_s"])
                                                   if acc["all_act_s"] else None),
            }
            if bot == "solver":
                row["bias_at_hidden_decisions"] = mean_ci(acc["biases"])
            out["modes"][mode] = row
    if "none" in per_deal and "policy" in per_deal:
        out["paired_margin_per_match_policy_minus_none"] = mean_ci(
            [(a - b) / 2 for a, b in zip(per_deal["policy"], per_deal["none"])])
        # The net cost: how much longer a decision takes with inference (its weighing minus
        # what the lent solver's warmed table saves the search), as a share of it. The two
        # modes play different positions once their choices differ: a rough figure.
        for suffix in ("", "_all_decisions"):
            t_none = out["modes"]["none"]["mean_decision_ms" + suffix]
            t_policy = out["modes"]["policy"]["mean_decision_ms" + suffix]
            if t_none is not None and t_policy:
                out["net_overhead_share" + suffix] = 1.0 - t_none / t_policy
    return out


# Points of the game the accuracy is reported at: Mate's tricks 1-3, 4-6 and 7-9 (after trick
# 9 nothing is hidden, docs/rules/mate.md §9.2).
ACCURACY_STAGES = ((1, 3), (4, 6), (7, 9))


def accuracy(deals: int, seed: int, particles: int, forcer: str, observer: str = "heuristic",
             game_text: str = GAME) -> dict:
    """Inference accuracy: the mean log-probability the sampler gives the true location of the
    hidden card, uniform vs policy, by stage of the game.

    In Mate with face-down forcing the one hidden card is the opponent's forced card (§9.2;
    every other card's place is known, §9.1). The forcer (``forcer``, a bot spec) plays
    ``observer`` on ``deals`` deals in both seatings; after every move while the forcer's card
    lies face down, the observer's view is sampled: ``particles`` uniform worlds (the share
    that put the true card face down, smoothed as (k + 1/2) / (N + 1)) and the same candidates
    weighted by the opponent model (their weight on the true card, smoothed alike). Returns,
    per stage, both means and the paired difference policy - uniform with its 95% CI over
    positions (positions of one game are correlated: a rough interval)."""
    game = load_game(game_text)
    model = OpponentModel(game)
    rows: dict[str, dict[str, list[float]]] = {
        f"tricks {a}-{b}": {"uniform": [], "policy": []} for a, b in ACCURACY_STAGES}
    n = particles

    def smoothed(p: float) -> float:
        return math.log((p * n + 0.5) / (n + 1))

    for d in range(deals):
        deal_seed = derive_seed(seed, "accuracy", d)
        for seat in (0, 1):           # seat: the forcer's
            specs = [forcer, observer] if seat == 0 else [observer, forcer]
            seeds = [derive_seed(deal_seed, "bot", i) for i in range(2)]
            samples: list[tuple[int, int, float, float]] = []

            def on_move(state: State, mover: int, action: int, seat: int = seat,
                        samples: list[tuple[int, int, float, float]] = samples,
                        deal_seed: int = deal_seed) -> None:
                if state.is_terminal():
                    return
                ref = state.to_reference()
                if ref.forced[seat] < 0 or ref.trick >= 10 or ref.phase > 3:
                    return
                view = state.view(1 - seat)
                r = Random(derive_seed(deal_seed, "sample", len(samples)))
                ww = weigh_worlds(view, r, n, model)
                hit = np.array([w.to_reference().forced[seat] == ref.forced[seat]
                                for w in ww.worlds])
                samples.append((ref.trick, ref.game_no, smoothed(float(hit.mean())),
                                smoothed(float(ww.weights[hit].sum()))))

            play_game(game, specs, deal_seed, seeds, on_move=on_move)
            for trick, _game_no, lu, lp in samples:
                for a, b in ACCURACY_STAGES:
                    if a <= trick <= b:
                        rows[f"tricks {a}-{b}"]["uniform"].append(lu)
                        rows[f"tricks {a}-{b}"]["policy"].append(lp)
    out: dict = {"game": game_text, "deals": deals, "seed": seed, "particles": particles,
                 "forcer": forcer, "observer": observer, "stages": {}}
    for stage, xs in rows.items():
        out["stages"][stage] = {
            "uniform_mean_log_probability": mean_ci(xs["uniform"]),
            "policy_mean_log_probability": mean_ci(xs["policy"]),
            "policy_minus_uniform": mean_ci([p - u for p, u in zip(xs["policy"], xs["uniform"])]),
        }
    return out


def _dtt_locations(state: State, observer: int) -> dict[int, int]:
    """Dog Tag Trick: {card: seat holding it, or -1 for the unused pile} for every card the
    observer cannot place (not in its hand, not played this round; docs/rules/dog-tag-trick.md
    §10)."""
    ref = state.to_reference()
    out: dict[int, int] = {}
    for p, hand in enumerate(ref.hands):
        if p != observer:
            out.update({c: p for c in range(36) if hand >> c & 1})
    out.update({c: -1 for c in range(36) if ref.unused >> c & 1})
    return out


def _dtt_played_share(state: State) -> float:
    """The share of the round's dealt cards already played (plays take one or two cards)."""
    ref = state.to_reference()
    left = sum(bin(h).count("1") for h in ref.hands)
    return 1.0 - left / (ref.n * ref.hand_size)


def _vic_locations(state: State, observer: int) -> dict[int, int]:
    """Mate (Vic Village), in the card play: {card: seat holding it, or -1 for the reward pile
    (the discards and undealt cards not yet drawn)} for every card the observer cannot place
    (docs/rules/mate-vic-village.md §5, §6); nothing during the discards."""
    ref = state.to_reference()
    if ref.phase != 1:
        return {}
    out: dict[int, int] = {}
    for p, hand in enumerate(ref.hands):
        if p != observer:
            out.update({c: p for c in range(50) if hand >> c & 1})
    pile = ref.undealt
    for p, d in enumerate(ref.discards):
        if p != observer:
            pile |= d
    for d in ref.drawn:
        pile &= ~d
    out.update({c: -1 for c in range(50) if pile >> c & 1})
    return out


def _vic_played_share(state: State) -> float:
    """The share of the round's tricks' cards already played."""
    ref = state.to_reference()
    return len(ref.plays) / (ref.n * ref.tricks_per_round)


# {game name: (where each card hidden from the observer lies, the share of the round played)}:
# the games whose hidden cards the card-location accuracy reads (Mate: ``accuracy``).
CARD_LOCATIONS = {"dog-tag-trick": (_dtt_locations, _dtt_played_share),
                  "mate-vic-village": (_vic_locations, _vic_played_share)}
CARD_STAGES = ((0.0, 1 / 3, "first third of the round's cards"),
               (1 / 3, 2 / 3, "second third"), (2 / 3, 1.01, "last third"))


def card_accuracy(game_text: str, deals: int, seed: int, particles: int, bot: str = "heuristic",
                  every: int = 3) -> dict:
    """Inference accuracy in a game of hidden hands: the mean over the observer's hidden cards
    of the log-probability the sampler gives each card's true place (a seat's hand, or the
    unused pile), uniform vs policy, by the share of the round's cards played (thirds).

    ``bot`` plays every seat on ``deals`` deals; before every ``every``-th decision the
    mover's view is sampled (``particles`` candidates; shares smoothed as in ``accuracy``)."""
    game = load_game(game_text)
    locate, stage_of = CARD_LOCATIONS[game.name]
    model = OpponentModel(game)
    n = particles
    rows: dict[str, dict[str, list[float]]] = {
        label: {"uniform": [], "policy": []} for _a, _b, label in CARD_STAGES}

    def smoothed(p: np.ndarray) -> np.ndarray:
        return np.log((p * n + 0.5) / (n + 1))

    for d in range(deals):
        deal_seed = derive_seed(seed, "card-accuracy", d)
        specs = [bot] * game.num_players
        seeds = [derive_seed(deal_seed, "bot", i) for i in range(game.num_players)]
        count = [0]

        def on_move(state: State, mover: int, action: int, count: list[int] = count,
                    deal_seed: int = deal_seed) -> None:
            count[0] += 1
            if state.is_terminal() or count[0] % every:
                return
            observer = state.current_player()
            truth = locate(state, observer)
            if not truth:
                return
            ww = weigh_worlds(state.view(observer), Random(derive_seed(deal_seed, count[0])),
                              n, model)
            cards = sorted(truth)
            hit = np.array([[locate(w, observer).get(c) == truth[c] for c in cards]
                            for w in ww.worlds], dtype=float)       # worlds x cards
            lu = float(smoothed(hit.mean(axis=0)).mean())
            lp = float(smoothed(ww.weights @ hit).mean())
            share = stage_of(state)
            for a, b, label in CARD_STAGES:
                if a <= share < b:
                    rows[label]["uniform"].append(lu)
                    rows[label]["policy"].append(lp)

        play_game(game, specs, deal_seed, seeds, on_move=on_move)
    out: dict = {"game": game_text, "deals": deals, "seed": seed, "particles": particles,
                 "bot": bot, "every": every, "stages": {}}
    for stage, xs in rows.items():
        out["stages"][stage] = {
            "uniform_mean_log_probability": mean_ci(xs["uniform"]),
            "policy_mean_log_probability": mean_ci(xs["policy"]),
            "policy_minus_uniform": mean_ci([p - u for p, u in zip(xs["policy"], xs["uniform"])]),
        }
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
    p.add_argument("--bot", choices=("solver", "ismcts"), default="solver",
                   help="the bot measured: the solver bot (--worlds) or ISMCTS at its defaults")
    p.add_argument("--iterations", type=int, default=None,
                   help="ISMCTS iterations per decision (default: the bot's)")
    p.add_argument("--accuracy", metavar="FORCER", default=None,
                   help="measure inference accuracy instead, the forced cards hidden by this"
                        " bot (e.g. oracle, ismcts) against the heuristic")
    p.add_argument("--card-accuracy", metavar="GAME", default=None,
                   help="measure card-location accuracy in this game instead (e.g."
                        " 'dog-tag-trick(players=4)'), --accuracy-bot at every seat")
    p.add_argument("--accuracy-bot", default="heuristic")
    p.add_argument("--out", default=None)
    a = p.parse_args(argv)
    modes = tuple(a.modes.split(","))
    for m in modes:
        check_inference(m)
    if a.card_accuracy is not None:
        res = card_accuracy(a.card_accuracy, a.deals, a.seed, a.particles, a.accuracy_bot)
    elif a.accuracy is not None:
        res = accuracy(a.deals, a.seed, a.particles, a.accuracy)
    else:
        res = evaluate(a.deals, a.seed, a.worlds, a.particles,
                       force_temperature=a.force_temperature, force_mix=a.force_mix, modes=modes,
                       bot=a.bot, iterations=a.iterations)
    text = json.dumps(res, indent=1)
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
