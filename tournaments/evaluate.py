"""Measuring strength: paired margins on duplicate deals at equal CPU time per decision (the
evaluation of issues 14 and 15, ``trickhound evaluate``).

Every measurement compares the return of one seat between two games on the same deal with the
same bot seeds, so the luck of the cards and of the bots' own streams cancels:

* ``seat`` (the seat margin): the candidate at seat s and the baseline everywhere else, against
  the all-baseline game; the margin at s is the candidate's return minus the all-baseline
  game's return at s.
* ``head-to-head``: the candidate at seat s and the baseline (here the reference bot)
  everywhere else, against the game with the roles swapped (the reference at s, the candidate
  elsewhere); the margin at s is the candidate's return there minus the reference's. With two
  players that is classic duplicate: each bot plays both hands of the deal against the other.
* ``budget``: the seat margin of a bot at k times its budget over a table of the same bot at
  its budget (does the search keep improving with time?).

A deal's margin is the mean over every seat s in turn; deals are independent, so the summary
is the mean over deals with its standard error and a 95% Student-t interval (df = deals - 1).
A margin is *separated* from 0 when that interval excludes 0.

Equal CPU time: :func:`calibrate` sets a search bot's budget parameter (``iterations``, or
``worlds`` where worlds are the budget) so that its mean process CPU time per decision, over
positions met in seeded play of the game (decisions with at least two legal actions), is a
given number of milliseconds. The games themselves are then limited by iterations, never by
time, so a result replays exactly from its seed and the printed bot specs on any machine and
with any number of worker processes; only the calibration depends on the machine.

The search bots' own ``time_s`` (ismcts, pimc, oracle) is a wall-clock limit per decision; it
is not used here because a time-limited game does not replay.
"""
from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
import statistics
import time
from collections.abc import Callable, Generator, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field
from typing import Any

from bots.registry import bot_class, check_supports, make_bot, spec_cheats
from bots.spec import BotSpec
from solver.errors import TrickhoundError
from solver.game import Game, State
from solver.registry import load_game
from solver.rng import derive_seed
from tournaments.stats import ORACLE_MARK, ORACLE_NOTE

MODES = ("seat", "head-to-head", "budget")


class EvaluationError(TrickhoundError, ValueError):
    """Bad input to an evaluation: no candidate, deals < 1, a bot without a budget to scale."""


class EvaluationRunError(RuntimeError):
    """A game of the evaluation did not finish (a bot forfeited): the margin would be wrong."""


# ---------------------------------------------------------------------------------------------
# Statistics

def _t_central(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with integer ``df`` (the finite sums of Abramowitz & Stegun
    26.7.3-4 in theta = atan(t / sqrt(df)))."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2 == 1:
        total, term = 0.0, 1.0
        if df > 1:
            total = term
            for k in range(3, df - 1, 2):       # terms (2*4*...*(k-1)) / (1*3*...*k) cos^(k-1)
                term *= c2 * (k - 1) / k
                total += term
        return 2 / math.pi * (theta + math.sin(theta) * math.cos(theta) * total)
    total, term = 1.0, 1.0
    for k in range(2, df - 1, 2):               # terms (1*3*...*(k-1)) / (2*4*...*k) cos^k
        term *= c2 * (k - 1) / k
        total += term
    return math.sin(theta) * total


# The Cornish-Fisher expansion of Student's t quantile in powers of 1/df (A&S 26.7.5), as
# polynomials in the normal quantile z: used beyond 1000 degrees of freedom, where its error
# is far below 1e-9.
def _t_series(z: float, df: int) -> float:
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4


Z975 = 1.959963984540054  # the standard normal's 97.5% quantile


def t975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (the half-width factor
    of a two-sided 95% interval): the root of P(|T| <= t) = 0.95 by bisection on the exact
    distribution, the A&S 26.7.5 series beyond 1000 degrees of freedom."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    if df > 1000:
        return _t_series(Z975, df)
    lo, hi = Z975, 13.0                         # t975(1) = 12.706 is the largest
    for _ in range(60):
        mid = (lo + hi) / 2
        if _t_central(mid, df) < 0.95:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


@dataclass
class Margin:
    """One paired measurement summarised over deals."""

    label: str                  # what is compared, e.g. "ismcts(iterations=2600) vs heuristic"
    candidate: str              # spec as played
    baseline: str               # spec as played (the table, or the reference)
    design: str                 # "seat" or "swap" (see the module docstring)
    deals: int
    mean: float
    sd: float                   # standard deviation of the per-deal margins
    se: float                   # standard error of the mean (sd / sqrt(deals))
    t: float                    # the t quantile used (df = deals - 1)
    ci: tuple[float, float]     # 95% interval of the mean
    per_seat: list[float]       # mean margin at each seat over the deals
    per_deal: list[float] = field(repr=False)

    @property
    def separated(self) -> bool:
        """Whether the 95% interval excludes 0."""
        return self.ci[0] > 0 or self.ci[1] < 0

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["ci"] = list(self.ci)
        out["separated"] = self.separated
        return out

    def cell(self) -> str:
        """'mean ± se [lo, hi]' with two decimals (the results folders' tables)."""
        return f"{self.mean:+.2f} ± {self.se:.2f} [{self.ci[0]:+.2f}, {self.ci[1]:+.2f}]"


def summarize_margin(label: str, candidate: str, baseline: str, design: str,
                     per_deal_seat: Sequence[Sequence[float]]) -> Margin:
    """The Margin of per-deal, per-seat differences ``per_deal_seat[d][s]``: each deal's margin
    is its mean over seats; the interval is Student-t over deals (needs at least 2 deals)."""
    if len(per_deal_seat) < 2:
        raise EvaluationError("a margin with an interval needs at least 2 deals")
    per_deal = [statistics.fmean(row) for row in per_deal_seat]
    n = len(per_deal)
    mean = statistics.fmean(per_deal)
    sd = statistics.stdev(per_deal)
    se = sd / math.sqrt(n)
    t = t975(n - 1)
    seats = len(per_deal_seat[0])
    per_seat = [statistics.fmean(row[s] for row in per_deal_seat) for s in range(seats)]
    return Margin(label, candidate, baseline, design, n, mean, sd, se, t,
                  (mean - t * se, mean + t * se), per_seat, per_deal)


def paired_margin(values: Sequence[float]) -> Margin:
    """The Margin of one number a deal (e.g. one candidate's per-deal margin minus another's on
    the same deals): what the results folders' scripts compare."""
    return summarize_margin("", "", "", "paired", [[x] for x in values])


def saved_margins(path: str) -> list[dict[str, Any]] | None:
    """The ``margins`` of an evaluation's saved JSON, or None if there is no such file."""
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return list(json.load(f)["margins"])


def screen_table(margins: Sequence[dict[str, Any]], baseline: str = "the baseline") -> list[str]:
    """A screen's markdown table from an evaluation's JSON ``margins``: each candidate's margin
    over the baseline (named ``baseline`` in the header), and its paired difference from the
    first candidate on the same deals."""
    rows = [f"| candidate | over {baseline} | minus the first | deals |", "|---|---|---|---|"]
    first = margins[0]["per_deal"]
    for m in margins:
        diff = ("–" if m is margins[0] else
                paired_margin([a - b for a, b in zip(m["per_deal"], first, strict=True)]).cell())
        rows.append(f"| `{m['candidate']}` | {paired_margin(m['per_deal']).cell()} | {diff} | "
                    f"{m['deals']} |")
    return rows


# ---------------------------------------------------------------------------------------------
# Comparisons and the games they need

@dataclass(frozen=True)
class Comparison:
    """One margin to measure: ``candidate`` against ``baseline`` with a design (``seat``: the
    candidate alone among baselines vs the all-baseline game; ``swap``: vs the game with the
    roles swapped)."""

    label: str
    candidate: str
    baseline: str
    design: str

    def seatings(self, n: int, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(game A, game B) for ``seat``: the margin there is A's return minus B's at it."""
        a = [self.baseline] * n
        a[seat] = self.candidate
        if self.design == "seat":
            b = [self.baseline] * n
        elif self.design == "swap":
            b = [self.candidate] * n
            b[seat] = self.baseline
        else:
            raise EvaluationError(f"unknown design {self.design!r}")
        return tuple(a), tuple(b)


def deal_seeds(seed: int, deal: int, n: int) -> tuple[int, list[int]]:
    """The deal seed and the bot seeds by seat of deal number ``deal``: the same in every game
    of the deal, whichever bot sits at a seat."""
    return (derive_seed(seed, "deal", deal),
            [derive_seed(seed, "bot", deal, s) for s in range(n)])


# A job is one game: (game spec, deal index, seating, deal seed, bot seeds).
Job = tuple[str, int, tuple[str, ...], int, list[int]]

_GAMES: dict[str, Game] = {}


#: Seconds a move may take in an evaluation game before the bot forfeits (tournament's
#: ``--move-limit`` default): evaluations play search bots at a few ms a decision, so only a
#: stuck or sleeping bot reaches it, and the run stops with its name rather than waiting.
MOVE_LIMIT_S = 60.0


def play_job(job: Job) -> tuple[int, tuple[str, ...], list[float], float]:
    """Play one game of the evaluation (in a worker process or in this one): (deal, seating,
    returns, process CPU seconds). A forfeit (a bot that raises, moves illegally, tampers or
    takes more than MOVE_LIMIT_S on a move) raises EvaluationRunError: a margin needs every
    game played to its end."""
    from tournaments.referee import play_game
    game_text, deal, seating, deal_seed, bot_seeds = job
    game = _GAMES.get(game_text)
    if game is None:
        game = _GAMES[game_text] = load_game(game_text)
    t0 = time.process_time()
    rec = play_game(game, list(seating), deal_seed, bot_seeds, move_time_limit=MOVE_LIMIT_S)
    cpu = time.process_time() - t0
    if rec.termination == "forfeit":
        assert rec.forfeit is not None  # the referee records who forfeited and why
        raise EvaluationRunError(f"deal {deal}, seating {', '.join(seating)}: seat "
                                 f"{rec.forfeit['seat']} forfeits ({rec.forfeit['reason']}: "
                                 f"{rec.forfeit['detail']})")
    assert rec.returns is not None  # every game that did not forfeit has its returns
    return deal, seating, list(rec.returns), cpu


#: What play_job returns: (deal, seating, returns, process CPU seconds).
Played = tuple[int, tuple[str, ...], list[float], float]


def _pooled(jobs: Sequence[Job], workers: int) -> Generator[Played, None, None]:
    """play_job's results over ``workers`` processes, in the order they finish. A worker that
    dies (a bot that ends its process: os._exit, a crash in C, the memory) stops the run with
    EvaluationRunError naming the games in flight, as does a forfeit; the pool is shut down
    either way, Ctrl-C and SIGTERM included (ProcessPoolExecutor: a dead worker breaks the
    pool instead of losing its task, which left multiprocessing.Pool waiting for ever)."""
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(_start_method()))
    pending = {pool.submit(play_job, job): job for job in jobs}
    finished = False
    try:
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                job = pending.pop(fut)
                try:
                    yield fut.result()
                except BrokenProcessPool:
                    raise EvaluationRunError(
                        f"a worker process died with games in flight (one: deal {job[1]}, "
                        f"seating {', '.join(job[2])}): a bot ended its process (os._exit, a "
                        "crash or out of memory); evaluate needs bots that play every game to "
                        "its end (a tournament or rate scores a failing bot's games as "
                        "forfeits)"
                    ) from None
        finished = True
    finally:
        if not finished:
            # stopped early (an error, Ctrl-C, SIGTERM, the caller closing this generator):
            # the games in flight are not waited for (ProcessPoolExecutor has no public
            # terminate before Python 3.14)
            for proc in list(getattr(pool, "_processes", {}).values()):
                proc.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


def _start_method() -> str:
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods else "spawn"


def run_comparisons(game: Game, comparisons: Sequence[Comparison], deals: int, seed: int,
                    workers: int = 2,
                    progress: Callable[[int, int], None] | None = None
                    ) -> tuple[list[Margin], dict[str, float]]:
    """Play every game the comparisons need on ``deals`` duplicate deals (each distinct game
    once: the all-baseline game is shared, and swapped two-player games coincide) and return
    their Margins in order, with {"games": ..., "cpu_seconds": ...} of the play.

    Games are iteration-limited and seeded, so the result does not depend on ``workers``."""
    if deals < 2:
        raise EvaluationError(f"deals must be at least 2 for an interval, got {deals}")
    if workers < 1:
        raise EvaluationError(f"workers must be at least 1, got {workers}")
    n = game.num_players
    text = game.spec()
    jobs: dict[tuple[int, tuple[str, ...]], Job] = {}
    for d in range(deals):
        deal_seed, bot_seeds = deal_seeds(seed, d, n)
        for comp in comparisons:
            for s in range(n):
                for seating in comp.seatings(n, s):
                    jobs.setdefault((d, seating), (text, d, seating, deal_seed, bot_seeds))
    returns: dict[tuple[int, tuple[str, ...]], list[float]] = {}
    cpu = 0.0
    total = len(jobs)
    ordered = list(jobs.values())
    pooled = _pooled(ordered, workers) if workers > 1 else None
    results: Iterable = map(play_job, ordered) if pooled is None else pooled
    try:
        for deal, seating, rets, secs in results:
            returns[(deal, seating)] = rets
            cpu += secs
            if progress is not None:
                progress(len(returns), total)
    finally:
        if pooled is not None:
            pooled.close()          # the pool stops now, not when the traceback is freed
    margins = []
    for comp in comparisons:
        rows = []
        for d in range(deals):
            row = []
            for s in range(n):
                a, b = comp.seatings(n, s)
                row.append(returns[(d, a)][s] - returns[(d, b)][s])
            rows.append(row)
        margins.append(summarize_margin(comp.label, comp.candidate, comp.baseline, comp.design,
                                        rows))
    return margins, {"games": total, "cpu_seconds": cpu}


def seat_margin(game: Game | str, candidate: str, baseline: str, deals: int, seed: int = 1,
                workers: int = 1) -> Margin:
    """The seat margin of ``candidate`` over a ``baseline`` table on ``deals`` duplicate deals
    (the bots as given: no calibration)."""
    game = load_game(game) if isinstance(game, str) else game
    comp = Comparison(f"{candidate} vs {baseline}", candidate, baseline, "seat")
    return run_comparisons(game, [comp], deals, seed, workers)[0][0]


# ---------------------------------------------------------------------------------------------
# Budgets and equal CPU time

def budget_parameter(spec: str | BotSpec, game: Game) -> str | None:
    """The parameter that sets how much a bot searches per decision in ``game``, or None where
    nothing does (rule-based bots; the exact solver where it solves the one true position).

    ``iterations`` for ISMCTS, UCT-PIMC and the UCT oracle, and for the solver bot with 3+
    players (its PIMC path's UCT iterations; its exact path is capped by its own node budget
    and its threshold, bots/solver_bot.py); ``worlds`` for it with ``exact_actions`` at its
    maximum (max^n in every world at every decision), for the solver bot in two-player games
    with hidden information (alpha-beta in every world) and for PIMC with the solver evaluator
    (iterations do not bound them)."""
    sp = BotSpec.parse(spec)
    cls = bot_class(sp.name)
    params = {k: v for k, (v, _doc) in cls.PARAMS.items()}
    params.update(sp.kwargs)
    if sp.name == "oracle":
        algo = params.get("algo", "auto")
        exact = algo == "solver" or (algo == "auto" and game.num_players == 2)
        return None if exact else "iterations"
    if sp.name == "solver":
        if game.num_players == 2:
            return None if game.perfect_information else "worlds"
        # exact_actions at its maximum: max^n in every world at every decision (no PIMC path)
        always_maxn = params["exact_actions"] >= cls.RANGES["exact_actions"][1]
        return "worlds" if always_maxn else "iterations"
    if sp.name == "pimc" and params.get("evaluator") == "solver":
        return "worlds"
    for name in ("iterations", "worlds"):
        if name in cls.PARAMS and isinstance(cls.PARAMS[name][0], int):
            return name
    return None


def budget_value(spec: str | BotSpec, parameter: str) -> int:
    """The value of ``parameter`` a spec plays with (its own, else the bot's default)."""
    sp = BotSpec.parse(spec)
    value = sp.kwargs.get(parameter, bot_class(sp.name).PARAMS[parameter][0])
    assert isinstance(value, (int, float, str))  # what a spec's values parse to
    return int(value)


def with_budget(spec: str | BotSpec, parameter: str, value: int) -> str:
    """The spec text with ``parameter`` set to ``value`` (other parameters kept)."""
    sp = BotSpec.parse(spec)
    params = dict(sp.params)
    params[parameter] = int(value)
    return str(BotSpec(sp.name, tuple(sorted(params.items()))))


def calibration_positions(game: Game, count: int, seed: int) -> list[State]:
    """``count`` positions where the mover has at least two legal actions, drawn uniformly from
    the decisions of seeded games of the ``heuristic`` bot (``random`` where it does not
    play the game): the decisions a bot meets in play, in their proportions."""
    if count < 1:
        raise EvaluationError(f"calibration positions must be at least 1, got {count}")
    player = "heuristic" if bot_class("heuristic").supports(game) else "random"
    n = game.num_players
    pool: list[State] = []
    g = 0
    while len(pool) < 3 * count and g < 200:
        state = game.new_initial_state(derive_seed(seed, "calibration", g))
        bots = [make_bot(player, derive_seed(seed, "calibration-bot", g, s)) for s in range(n)]
        for s, b in enumerate(bots):
            b.reset(game, s, derive_seed(seed, "calibration-bot", g, s))
        while not state.is_terminal():
            seat = state.current_player()
            if len(state.legal_actions()) > 1:
                pool.append(state.clone())
            state.apply_action(bots[seat].act(state.view(seat)))
        g += 1
    return random.Random(derive_seed(seed, "calibration-sample")).sample(pool, min(count,
                                                                                   len(pool)))


def cpu_ms_per_decision(spec: str, game: Game, positions: Sequence[State], seed: int) -> float:
    """Mean process CPU milliseconds of ``spec``'s decision over ``positions`` (each from the
    mover's seat: its view, or the state for an oracle), after one untimed warm-up decision."""
    total = 0.0
    for i, pos in enumerate([positions[0], *positions]):
        seat = pos.current_player()
        bot_seed = derive_seed(seed, "calibration-decision", i)
        bot = make_bot(spec, bot_seed)
        bot.reset(game, seat, bot_seed)
        arg = pos.clone() if bot.cheats else pos.view(seat)
        t0 = time.process_time()
        bot.act(arg)
        if i > 0:
            total += time.process_time() - t0
    return 1e3 * total / len(positions)


@dataclass
class Calibration:
    """How a bot was set to a CPU time per decision."""

    spec: str                   # as given
    calibrated: str             # as played
    parameter: str | None    # the budget parameter set, None when the bot has none here
    value: int | None
    # mean CPU ms per decision at ``calibrated``: measured, or where the budget was fitted, the
    # cost per budget pooled over the trials near the target (calibrate) times the budget
    cpu_ms: float
    trials: list[tuple[int, float]]   # (value, ms) tried, in order
    # the CPUs other processes kept busy, on average, while this bot was calibrated (Linux;
    # None where the machine does not say): see machine_busy_seconds
    others_busy: float | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def machine_busy_seconds() -> float | None:
    """CPU seconds every core of the machine has spent busy since boot (Linux's /proc/stat:
    all but idle and iowait time), or None where it cannot be read.

    Calibration measures process CPU time, which a busy machine inflates even when no process
    waits for a core: two processes on the two hardware threads of one core, or sharing its
    caches, each run slower per CPU second (a 3-player Dog Tag Trick calibration with another
    job building beside it gave pimc 1,226 iterations for 5 ms, a quiet machine 2,000:
    results/strength/share-pimc). So the evaluation records how busy the rest of the machine
    was, and says so when it was. Only this machine's processes are seen: a virtual machine's
    neighbours on its host slow it too, unseen (a calibration here once ran 1.5x slower with
    nothing else running in the machine)."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = f.readline().split()
        ticks = [int(x) for x in fields[1:9]]   # user nice system idle iowait irq softirq steal
        hz = os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None
    if fields[0] != "cpu" or len(ticks) < 8 or hz <= 0:
        return None
    return (sum(ticks) - ticks[3] - ticks[4]) / hz


#: The shortest calibration whose machine load is reported (100 clock ticks of /proc/stat).
BUSY_MIN_WALL_S = 1.0


class BusyMeter:
    """How many CPUs other processes kept busy, on average, between ``start`` and ``others``:
    the machine's busy CPU time less this process's, over the wall time."""

    def start(self) -> None:
        self.wall = time.monotonic()
        self.own = time.process_time()
        self.busy = machine_busy_seconds()

    def others(self) -> float | None:
        """None where the machine does not say, or the window is shorter than
        BUSY_MIN_WALL_S: /proc/stat counts whole clock ticks (10 ms), so a window of a few
        ticks could read as tens of CPUs (tester 19: 16.1 for a bot calibrated in 1 ms)."""
        busy = machine_busy_seconds()
        wall = time.monotonic() - self.wall
        if busy is None or self.busy is None or wall < BUSY_MIN_WALL_S:
            return None
        others = (busy - self.busy - (time.process_time() - self.own)) / wall
        return min(max(0.0, others), float(os.cpu_count() or 1))


def cost_line(trials: Sequence[tuple[int, float]]) -> tuple[float, float] | None:
    """(a, b) of the cost line ms = a + b * budget through ``trials`` ((budget, ms) measured),
    fitted by least squares on relative errors (timing noise is relative), with the fixed cost
    a >= 0 (a bot's work outside its budget: making worlds, a Markov chain over the hidden
    cards); None when the trials cannot tell a slope (fewer than two budgets)."""
    if len({v for v, _ in trials}) < 2:
        return None
    w = [1.0 / (ms * ms) for _, ms in trials]            # relative errors: weights 1 / ms^2
    sw = sum(w)
    mv = sum(wi * v for wi, (v, _) in zip(w, trials)) / sw
    mm = sum(wi * ms for wi, (_, ms) in zip(w, trials)) / sw
    sxx = sum(wi * (v - mv) ** 2 for wi, (v, _) in zip(w, trials))
    b = sum(wi * (v - mv) * (ms - mm) for wi, (v, ms) in zip(w, trials)) / sxx
    if not b > 0:
        return None
    a = mm - b * mv
    if a < 0:                                            # through the origin instead
        a = 0.0
        b = (sum(wi * v * ms for wi, (v, ms) in zip(w, trials))
             / sum(wi * v * v for wi, (v, _) in zip(w, trials)))
    return a, b


def budget_for(trials: Sequence[tuple[int, float]], cpu_ms: float) -> float:
    """The budget that costs ``cpu_ms`` judged from ``trials`` ((budget, ms) measured): where
    the cost line through them (``cost_line``) meets the target, 0 when the fixed cost alone
    exceeds it. Every trial counts, so timing noise (relative: a busy machine moves a
    measurement by 10% or more) averages out; the fixed cost keeps a bot with work outside its
    budget (inference=mcmc's chain) from being credited with less time than it takes. Without
    a line (one budget measured): the target times budget per ms of the trials."""
    line = cost_line(trials)
    if line is None:
        return cpu_ms * sum(v for v, _ in trials) / max(sum(ms for _, ms in trials), 1e-9)
    a, b = line
    return max(cpu_ms - a, 0.0) / b


def calibrate(spec: str, game: Game, positions: Sequence[State], cpu_ms: float, seed: int,
              max_trials: int = 6) -> Calibration:
    """Set ``spec``'s budget parameter so its mean CPU time per decision on ``positions`` is
    ``cpu_ms``.

    Time per decision grows about linearly with the budget, from a fixed cost (``cost_line``),
    and each measurement is noisy (a busy machine moves it by 10% or more). So ``max_trials``
    budgets are measured, each aimed at the target from all the measurements so far
    (``budget_for``), and the budget played is the one all of them point to, measured once more
    and reported at the cost the line through all the measurements gives it: no single noisy
    measurement decides either. (A
    simulation with 12% noise: the played budget's true cost is 4-5% from the target on
    average, against 7-8% when the first measurement within 10% of it was kept.) A
    bot without a budget parameter in this game is measured and kept as it is. The budget
    stays within the bot's range for it, and the search stops when a larger budget no longer
    costs more: a bot that cannot spend the time (Mate's PIMC proves its worlds exactly and
    stops early) plays at the budget where its cost levelled off, in less than ``cpu_ms``."""
    if cpu_ms <= 0:
        raise EvaluationError(f"CPU time per decision must be positive, got {cpu_ms} ms")
    canonical = str(BotSpec.parse(spec))
    parameter = budget_parameter(spec, game)
    if parameter is None:
        ms = cpu_ms_per_decision(canonical, game, positions, seed)
        return Calibration(canonical, canonical, None, None, ms, [])
    value = budget_value(spec, parameter)
    upper = bot_class(BotSpec.parse(spec).name).RANGES.get(parameter, (None, None))[1]

    def clamp(target: float, last: int) -> int:
        # at most 16x per step: one noisy measurement must not send the budget to extremes
        new = max(1, min(int(round(target)), 16 * last))
        return min(new, int(upper)) if upper is not None else new

    trials: list[tuple[int, float]] = []
    levelled = False
    while True:
        ms = cpu_ms_per_decision(with_budget(spec, parameter, value), game, positions, seed)
        trials.append((value, ms))
        if (len(trials) >= 2 and trials[-1][0] >= 2 * trials[-2][0]
                and trials[-1][1] <= 1.1 * trials[-2][1]):
            levelled = True             # twice the budget, about the same cost: levelled off
            break
        if len(trials) >= max_trials:
            break
        value = clamp(budget_for(trials, cpu_ms), value)
    if levelled:
        value, ms = min(trials, key=lambda vt: (abs(vt[1] - cpu_ms), vt[0]))
    else:
        value = clamp(budget_for(trials, cpu_ms), max(v for v, _ in trials))
        trials.append((value, cpu_ms_per_decision(with_budget(spec, parameter, value), game,
                                                  positions, seed)))
        line = cost_line(trials)                # the trials' pooled cost at value
        ms = line[0] + line[1] * value if line else trials[-1][1]
    return Calibration(canonical, with_budget(spec, parameter, value), parameter, value, ms,
                       trials)


# ---------------------------------------------------------------------------------------------
# The evaluation as a whole

@dataclass
class Evaluation:
    """What ``trickhound evaluate`` measured: the inputs, the calibration and the margins."""

    game: str
    mode: str
    candidates: list[str]       # as played (calibrated; the 1x budget in budget mode)
    baseline: str | None        # as played (None in budget mode: each bot is its own table)
    scale: int | None
    deals: int
    seed: int
    cpu_ms: float | None
    calibration: list[Calibration]
    margins: list[Margin]
    games: int
    cpu_seconds: float

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["calibration"] = [c.to_json() for c in self.calibration]
        out["margins"] = [m.to_json() for m in self.margins]
        out["oracles"] = oracles(self)      # specs that see the full state (cheat)
        out["interval"] = "95% Student t over deals (df = deals - 1)"
        # the calibration's warnings, as the text and markdown print them, for scripts that
        # read the JSON alone (a busy machine's budgets, a bot far from the CPU target)
        out["notes"] = off_target_notes(self) + busy_notes(self)
        return out


def check_replayable(spec: str, game: Game) -> None:
    """Raise (BotSpecError, EvaluationError) unless ``spec`` plays ``game`` and its budget is
    a positive count with no time limit: a game limited by time does not replay (equal time
    comes from calibration, ``--cpu-ms``, instead)."""
    cls = check_supports(spec, game)
    if getattr(cls, "interactive", False):
        raise EvaluationError(f"bot {spec} needs a person at the terminal; evaluate plays its "
                              f"games unattended (play against bots with `trickhound play`)")
    params = BotSpec.parse(spec).kwargs
    time_s = params.get("time_s", 0) or 0
    assert isinstance(time_s, (int, float, str))  # what a spec's values parse to
    if float(time_s) > 0:
        raise EvaluationError(f"bot {spec}: time_s makes games unrepeatable; give iterations "
                              f"and use --cpu-ms for equal CPU time")
    for name in ("iterations", "worlds"):
        if name in cls.PARAMS and isinstance(cls.PARAMS[name][0], int) \
                and budget_value(spec, name) < 1:
            raise EvaluationError(f"bot {spec}: {name} must be at least 1")


def plan(game: Game, mode: str, candidates: Sequence[str], baseline: str,
         scale: int | None = None) -> list[Comparison]:
    """The comparisons of a mode (see the module docstring); checks every bot plays the game."""
    if mode not in MODES:
        raise EvaluationError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
    if not candidates:
        raise EvaluationError("give at least one candidate bot")
    for spec in candidates if mode == "budget" else [*candidates, baseline]:
        check_replayable(spec, game)
    if mode == "seat":
        return [Comparison(f"{c} vs {baseline}", c, baseline, "seat") for c in candidates]
    if mode == "head-to-head":
        return [Comparison(f"{c} vs {baseline}", c, baseline, "swap") for c in candidates]
    if scale is None or scale < 2:
        raise EvaluationError(f"budget mode needs a scale of at least 2, got {scale}")
    out = []
    for c in candidates:
        parameter = budget_parameter(c, game)
        if parameter is None:
            raise EvaluationError(f"bot {c} has no search budget to scale in {game.spec()}")
        scaled = with_budget(c, parameter, scale * budget_value(c, parameter))
        out.append(Comparison(f"{scaled} vs {c}", scaled, str(BotSpec.parse(c)), "seat"))
    return out


def evaluate(game_text: str, mode: str, candidates: Sequence[str], baseline: str = "heuristic",
             deals: int = 20, seed: int = 1, scale: int | None = None,
             cpu_ms: float | None = None, calibration_positions_count: int = 40,
             workers: int = 2, progress: Callable[[int, int], None] | None = None,
             on_calibrated: Callable[[Calibration], None] | None = None) -> Evaluation:
    """Measure the margins of ``mode`` for ``candidates`` in a game on ``deals`` duplicate
    deals from ``seed``. With ``cpu_ms``, every bot with a budget parameter (candidates and
    baseline) is first calibrated to that CPU time per decision on positions from seeded play,
    and the evaluation then plays the calibrated specs (in budget mode the candidate's
    calibrated budget is the 1x budget)."""
    game = load_game(game_text)
    if deals < 2:
        raise EvaluationError(f"deals must be at least 2 for an interval, got {deals}")
    if cpu_ms is not None and cpu_ms <= 0:
        raise EvaluationError(f"--cpu-ms must be positive, got {cpu_ms}")
    candidates = [str(BotSpec.parse(c)) for c in candidates]
    baseline = str(BotSpec.parse(baseline))
    plan(game, mode, candidates, baseline, scale)     # checks the input before calibrating
    calibration: list[Calibration] = []
    if cpu_ms is not None:
        positions = calibration_positions(game, calibration_positions_count, seed)
        played: dict[str, str] = {}
        bots = candidates if mode == "budget" else [*candidates, baseline]
        meter = BusyMeter()
        for spec in dict.fromkeys(bots):
            meter.start()
            cal = calibrate(spec, game, positions, cpu_ms, seed)
            cal.others_busy = meter.others()
            calibration.append(cal)
            played[spec] = cal.calibrated
            if on_calibrated is not None:
                on_calibrated(cal)
        candidates = [played[c] for c in candidates]
        baseline = played.get(baseline, baseline)
    comparisons = plan(game, mode, candidates, baseline, scale)
    margins, stats = run_comparisons(game, comparisons, deals, seed, workers, progress)
    return Evaluation(game.spec(), mode, candidates, None if mode == "budget" else baseline,
                      scale, deals, seed, cpu_ms,
                      calibration, margins, int(stats["games"]), stats["cpu_seconds"])


def _signed(x: float, digits: int) -> str:
    return f"{x:+.{digits}f}"


def _digits(margins: Sequence[Margin]) -> int:
    """Decimals that show the standard errors with two significant digits (0 to 3)."""
    se = min((m.se for m in margins if m.se > 0), default=1.0)
    return max(0, min(3, 1 - math.floor(math.log10(se))))


MODE_TITLES = {"seat": "Seat margin (candidate at one seat, the baseline elsewhere, paired "
                       "with the all-baseline game)",
               "head-to-head": "Head-to-head (candidate at one seat, the reference elsewhere, "
                               "paired with the roles swapped)",
               "budget": "Budget scaling (the bot at k x its budget at one seat, at 1x "
                         "elsewhere, paired with the all-1x game)"}


def oracles(ev: Evaluation) -> list[str]:
    """The specs of the evaluation's margins whose bot is an oracle (it sees the full state):
    marked in its tables and listed in its JSON, as every report marks them (tester 9)."""
    specs = {s for m in ev.margins for s in (m.candidate, m.baseline)}
    return sorted(s for s in specs if spec_cheats(s))


def oracle_notes(ev: Evaluation) -> list[str]:
    """The tables' footnote when an oracle is in them."""
    return [ORACLE_NOTE] if oracles(ev) else []


def table_rows(ev: Evaluation) -> list[list[str]]:
    """Header and rows of the margins table (text and markdown share them); an oracle's spec
    carries ORACLE_MARK."""
    k = _digits(ev.margins)
    cheats = set(oracles(ev))
    unit = load_game(ev.game).VALUE_UNIT
    rows = [["candidate", "vs", f"mean ({unit})", "se", "95% CI", "deals", "separated"]]
    for m in ev.margins:
        sep = ("yes, above 0" if m.ci[0] > 0 else "yes, below 0") if m.separated else "no"
        rows.append([m.candidate + (ORACLE_MARK if m.candidate in cheats else ""),
                     m.baseline + (ORACLE_MARK if m.baseline in cheats else ""),
                     _signed(m.mean, k), f"{m.se:.{k}f}",
                     f"[{_signed(m.ci[0], k)}, {_signed(m.ci[1], k)}]", str(m.deals), sep])
    return rows


def calibration_rows(ev: Evaluation) -> list[list[str]]:
    """Header and rows of the calibration table."""
    rows = [["bot", "plays as", "budget", "CPU ms/decision (pooled)", "others busy (CPUs)",
             "trials (value: ms)"]]
    for c in ev.calibration:
        trials = ", ".join(f"{v}: {ms:.2f}" for v, ms in c.trials) or "-"
        budget = f"{c.parameter}={c.value}" if c.parameter else "none (fixed)"
        busy = "-" if c.others_busy is None else f"{c.others_busy:.1f}"
        rows.append([c.spec, c.calibrated, budget, f"{c.cpu_ms:.2f}", busy, trials])
    return rows


def format_text(ev: Evaluation) -> str:
    """The evaluation as plain text tables."""
    lines = [f"{MODE_TITLES[ev.mode]}", f"game {ev.game}, {ev.deals} deals, seed {ev.seed}"
             + (f", {ev.cpu_ms:g} ms CPU per decision" if ev.cpu_ms else "")
             + f"; 95% CI: Student t, df = {ev.deals - 1}"]
    if ev.calibration:
        lines += ["", "Calibration (mean process CPU time per decision; a calibrated budget's "
                      "is pooled over the trials near the target):"]
        lines += _aligned(calibration_rows(ev))
        lines += off_target_notes(ev) + busy_notes(ev)
    lines += [""] + _aligned(table_rows(ev)) + oracle_notes(ev)
    lines += ["", f"{ev.games} games, {ev.cpu_seconds:.1f} s CPU of play"]
    return "\n".join(lines)


#: A calibrated bot whose CPU per decision stays below this share of the target is named under
#: the calibration table: the comparison is not at equal CPU for it.
OFF_TARGET_SHARE = 0.5
#: ... and one whose CPU per decision stays above this share of it (a fixed cost over the target).
OVER_TARGET_SHARE = 1.2


def off_target_notes(ev: Evaluation) -> list[str]:
    """A line for each calibrated bot whose budget could not bring it near the target CPU time
    (its cost does not grow with the budget there: e.g. pimc in Mate with the forced card
    hidden hands its decisions to the exact solver), so that a reader does not take the
    header's "N ms CPU per decision" for it (tester 6)."""
    if not ev.cpu_ms:
        return []
    below = [f"note: {c.spec} takes {c.cpu_ms:.2f} ms a decision at every budget tried, far "
             f"from {ev.cpu_ms:g} ms (its cost does not follow its {c.parameter} here): it is "
             f"not compared at equal CPU time" for c in ev.calibration
             if c.parameter is not None and c.cpu_ms < OFF_TARGET_SHARE * ev.cpu_ms]
    # a fixed cost outside the budget (inference=mcmc's chain) can exceed the target by itself
    above = [f"note: {c.spec} takes {c.cpu_ms:.2f} ms a decision at its least {c.parameter} "
             f"({c.value}), over {ev.cpu_ms:g} ms (work outside its budget): it is not "
             f"compared at equal CPU time" for c in ev.calibration
             if c.parameter is not None and c.cpu_ms > OVER_TARGET_SHARE * ev.cpu_ms]
    return below + above


#: Other processes keeping at least this many CPUs busy on average while a bot was calibrated
#: make its budget a busy machine's (a quarter of a core: more than a quiet machine's background).
BUSY_NOTE_CPUS = 0.25


def busy_notes(ev: Evaluation) -> list[str]:
    """A line naming the bots calibrated while other processes kept the machine busy: their
    budgets may be lower than a quiet machine's (machine_busy_seconds), so a result calibrated on
    another day may differ by more than its interval; the ``reproduce`` line replays these."""
    busy = [c for c in ev.calibration
            if c.parameter is not None and (c.others_busy or 0.0) >= BUSY_NOTE_CPUS]
    if not busy:
        return []
    worst = max(c.others_busy or 0.0 for c in busy)
    names = ", ".join(c.spec for c in busy)
    return [f"note: other processes kept up to {worst:.1f} CPUs busy while {names} "
            f"{'was' if len(busy) == 1 else 'were'} calibrated: a busy machine makes the same "
            f"work cost more CPU time, so these budgets may be lower than a quiet machine's "
            f"(compare runs calibrated alike, or replay budgets with the reproduce line)"]


def _aligned(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]


def format_markdown(ev: Evaluation, meta: dict[str, Any]) -> str:
    """The evaluation as a markdown page with how to reproduce it (``meta``: command,
    reproduce, date, machine)."""
    def table(rows: list[list[str]]) -> list[str]:
        out = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
        out += ["| " + " | ".join(f"`{c}`" if i < 2 else c for i, c in enumerate(r)) + " |"
                for r in rows[1:]]
        return out

    lines = [f"# {ev.mode}: {ev.game}", "", MODE_TITLES[ev.mode] + ".", "",
             f"- deals: {ev.deals} (seed {ev.seed}); each margin is the mean over deals of "
             f"the deal's mean over seats; 95% CI: Student t, df = {ev.deals - 1}",
             "- CPU per decision: " + (f"{ev.cpu_ms:g} ms (calibrated)" if ev.cpu_ms
                                       else "not calibrated (bot defaults or as given)"),
             f"- games played: {ev.games}, {ev.cpu_seconds:.1f} s CPU",
             f"- date: {meta.get('date')}; machine: {meta.get('machine')}",
             f"- command: `{meta.get('command')}`",
             f"- reproduce without calibration: `{meta.get('reproduce')}`", ""]
    lines += table(table_rows(ev))
    if oracles(ev):
        lines += [""] + oracle_notes(ev)
    if ev.calibration:
        lines += ["", "Calibration (mean process CPU time per decision on positions from "
                      "seeded play; a calibrated budget's is pooled over the trials near the "
                      "target):", ""]
        lines += table(calibration_rows(ev))
        notes = off_target_notes(ev) + busy_notes(ev)
        lines += ([""] + notes) if notes else []     # apart from the table, or a row of it
    return "\n".join(lines) + "\n"
