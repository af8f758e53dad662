"""Tournament runner throughput in ``trickhound bench``: BusyBots (tournaments/benchbots.py) of
~1 ms of CPU per move through the process pool, with records written and fsynced."""
import os
import shutil
import tempfile
import time
from collections.abc import Sequence
from typing import Optional, TextIO

from tournaments import benchbots
from tournaments.config import load_config
from tournaments.executors import ProcessPoolExecutor
from tournaments.runner import load_records, run_tournament

# The game the runner is measured on (any registered game would do; its deals are short).
RUNNER_GAME = "mate"


def bench_tournament(seconds: float) -> list[dict]:
    """Tournament throughput on Mate between two BusyBots of ~1 ms of CPU per move: games/s
    through the runner (process pool, records written and fsynced) with 1 and 2 workers on the
    same fixtures, the speedup, and the runner's overhead against the sum of the games' pure
    play time (the referee's own clock) with one worker."""
    per_game = 0.08  # about 75 moves of 1 ms
    deals = max(4, int(round(seconds / per_game / 2)))
    rows = {}
    tmp = tempfile.mkdtemp(prefix="trickhound-bench-")
    try:
        for workers in (1, 2):
            out = os.path.join(tmp, f"w{workers}")
            cfg = load_config(game=RUNNER_GAME, bots=[benchbots.spec(1.0), benchbots.spec(1.01)],
                              deals=deals, seed=7, workers=workers, executor="process", out=out)
            with ProcessPoolExecutor(workers) as pool:
                warm = load_config(game=RUNNER_GAME,
                                   bots=[benchbots.spec(0.0), benchbots.spec(0.01)],
                                   deals=workers, seed=1, workers=workers,
                                   out=os.path.join(tmp, f"warm{workers}"))
                run_tournament(warm, executor=pool, progress=False)
                t0 = time.perf_counter()
                run_tournament(cfg, executor=pool, progress=False)
                wall = time.perf_counter() - t0
            recs = load_records(out)
            rows[workers] = (len(recs) / wall, wall, sum(r.seconds for r in recs), len(recs))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    g1, wall1, play1, n1 = rows[1]
    g2 = rows[2][0]
    overhead = (wall1 - play1) / n1
    return [
        {"name": f"tournament {RUNNER_GAME} busy-1ms, 1 worker", "value": g1, "unit": "games/s",
         "note": f"{n1} games, ~{1e3 * play1 / n1:.0f} ms of play each"},
        {"name": f"tournament {RUNNER_GAME} busy-1ms, 2 workers", "value": g2, "unit": "games/s",
         "note": "same fixtures"},
        {"name": "tournament speedup 2 workers / 1", "value": g2 / g1, "unit": "x",
         "note": f"{os.cpu_count()} cpus"},
        {"name": "tournament runner overhead per game", "value": 1e3 * overhead, "unit": "ms",
         "note": f"{100 * (wall1 - play1) / play1:.1f}% of pure play time (1 worker)"},
    ]


def _play(game: str, deals: int, workers: int, out: str,
          pool: Optional[ProcessPoolExecutor] = None, bots: Sequence[str] = ()) -> tuple:
    """(games, wall seconds, summed pure play seconds) of one run: through ``pool`` when given,
    else the whole ``run_tournament`` call a user waits for (the pool's start and stop, the
    run's log gathered from the workers, records written and fsynced)."""
    cfg = load_config(game=game, bots=list(bots), deals=deals, seed=7, workers=workers,
                      executor="process", out=out)
    t0 = time.perf_counter()
    run_tournament(cfg, executor=pool, progress=False)
    wall = time.perf_counter() - t0
    recs = load_records(out)
    return len(recs), wall, sum(r.seconds for r in recs)


#: Deals of the warm-up run of each pool (its workers' first games are slow: cold caches).
CALIBRATION_DEALS = 10
#: Seconds the calibration run (1 worker, after the warm-up) is sized to take, at the pace the
#: pool measured in the warm-up; each measured run is then sized from the calibration's own
#: wall time per game. The pace of the warm-up alone overstated a game's time (its first games
#: in a fresh worker are slow, and the pace is a moving average over its few small chunks),
#: so the runs meant to last MIN_RUN_SECONDS took 1.2-1.3 s.
CALIBRATION_SECONDS = 0.2
MIN_DEALS = 50
#: Measured runs per worker count (1 and 2 workers alternated).
REPS = 3
#: Share of ``seconds`` one measured run with 1 worker is sized to take (the 2-worker run
#: about half that). A run has fixed costs (its folder, lock and meta, the schedule's hash,
#: and the fsync that makes its last games durable: 3-4 ms) that a run of a few dozen
#: milliseconds would count against 2 workers far more than against 1.
RUN_SHARE = 0.25
#: ... and at least this long whatever ``seconds`` says: the run's fixed costs (~10 ms: the
#: schedule's hash, meta, the last fsync; "run start" is reported apart) are then about 1% of a
#: 2-worker run (1 s), as in a real tournament of minutes, not 2% (at 1 s a 1-worker run: 0.5 s
#: with 2 workers, where tiny-tricks' 2-worker ratio read 1.78-1.80 against 1.87-1.91 in runs
#: of 1.5 s) or 10% of a 0.1 s one.
MIN_RUN_SECONDS = 2.0


def bench_cheap_tournaments(seconds: float, games: list[str], stream: Optional[TextIO] = None,
                            min_run_seconds: float = MIN_RUN_SECONDS,
                            reps: int = REPS, min_deals: int = MIN_DEALS) -> list[dict]:
    """Random vs heuristic, the cheapest real bots, in every game: games/s through the runner
    with 1 and 2 workers on the same fixtures, alternated (so a change in the machine's load
    hits both), and the speedup (target >= 1.8x on 2 cores); the runner's overhead per game
    with one worker (wall time minus the games' own play time, target <= 1 ms); and the start
    of a run, apart.

    What the games/s count: ``run_tournament`` through a started pool (schedule, chunks sent
    and answered, records written and fsynced in batches). Not counted there: the pool's start
    and stop, reported as "run start" (a whole one-deal ``run_tournament`` call, as
    ``trickhound tournament`` makes it, minus its play: ~0.1 s, which would swamp a few hundred
    sub-millisecond games; the fork server's own start, once per process, is not in it
    either), and the gathering of the workers' log (one record per chunk).

    Each worker count is measured ``reps`` times, alternated, and its row is the fastest of
    its runs (as ``timeit`` takes the best of its repeats): other processes on the machine
    only ever slow a run down, and a 2-worker run, which needs both cores, far more than a
    1-worker run, which leaves one core free for them; the note gives the ratio of the mean
    games/s as well. ``seconds`` sets each game's measurement: each 1-worker run is sized to
    take RUN_SHARE of it, and at least ``min_run_seconds``, at the pace of a calibration run
    (CALIBRATION_SECONDS) of the warm pool; at least ``min_deals`` deals."""
    from tournaments.bench.limits import note
    rows: list[dict] = []
    bots = ["random", "heuristic"]
    tmp = tempfile.mkdtemp(prefix="trickhound-bench-")
    try:
        for game in games:
            note(f"tournament random vs heuristic, {game}", stream)
            # per worker count: (games, wall seconds, summed play seconds) of each run
            runs: dict[int, list[tuple[int, float, float]]] = {1: [], 2: []}
            with ProcessPoolExecutor(1) as one, ProcessPoolExecutor(2) as two:
                pools = {1: one, 2: two}
                for workers, pool in pools.items():   # warm-up: the pools learn the pace
                    n, wall, _ = _play(game, CALIBRATION_DEALS, workers,
                                       os.path.join(tmp, f"{game}-warm{workers}"), pool, bots)
                per_deal = n / CALIBRATION_DEALS
                pace = one.pace if one.pace is not None else wall / n
                # calibration: a run of the warm 1-worker pool, timed whole (its fixed costs
                # included, so the measured runs come out a little short of the aim, not long)
                cal_deals = max(CALIBRATION_DEALS,
                                int(CALIBRATION_SECONDS / max(pace * per_deal, 1e-6)))
                n, wall, _ = _play(game, cal_deals, 1, os.path.join(tmp, f"{game}-cal"), one,
                                   bots)
                per_game = wall / n
                # the fork server is up now (its start is once per process, not per run)
                _, wall0, play0 = _play(game, 1, 1, os.path.join(tmp, f"{game}-start"),
                                        bots=bots)
                startup = max(0.0, wall0 - play0)
                # a 1-worker run about RUN_SHARE of the budget (at least min_run_seconds):
                # enough games that a run's fixed costs (folder, lock, meta, last fsync) stay
                # small
                run_s = max(RUN_SHARE * seconds, min_run_seconds)
                deals = max(min_deals, int(run_s / max(per_game * per_deal, 1e-6)))
                for rep in range(reps):
                    for workers, pool in pools.items():
                        runs[workers].append(
                            _play(game, deals, workers,
                                  os.path.join(tmp, f"{game}-w{workers}-{rep}"), pool, bots))
            rates = {w: [n / wall for n, wall, _ in runs[w]] for w in runs}
            g1, g2 = max(rates[1]), max(rates[2])
            mean1, mean2 = (sum(rates[w]) / len(rates[w]) for w in (1, 2))
            n1, wall1, play1 = max(runs[1], key=lambda r: r[0] / r[1])
            overhead = 1e3 * (wall1 - play1) / n1
            load = os.getloadavg()[0]
            rows += [
                {"name": f"tournament {game} random-heuristic, 1 worker", "value": g1,
                 "unit": "games/s", "note": f"best of {reps} runs of {n1} games, "
                                            f"{1e3 * wall1:.0f} ms; "
                                            f"{1e3 * play1 / n1:.2f} ms of play each"},
                {"name": f"tournament {game} random-heuristic, 2 workers / 1", "value": g2 / g1,
                 "unit": "x", "note": f"{g2:,.0f} games/s (best of {reps}; mean of runs "
                                      f"{mean2 / mean1:.2f}x); target >= 1.8x on 2 cores "
                                      f"({os.cpu_count()} cpus, load {load:.1f}): "
                                      f"{'met' if g2 / g1 >= 1.8 else 'BELOW'}"},
                {"name": f"tournament {game} runner overhead per game", "value": overhead,
                 "unit": "ms", "note": f"1 worker (its best run); target <= 1 ms: "
                                       f"{'met' if overhead <= 1.0 else 'BELOW'}"},
                {"name": f"tournament {game} run start", "value": 1e3 * startup, "unit": "ms",
                 "note": "once per run, not in the rows above: pool start and stop, log, meta "
                         "(a one-deal run minus its play; 1 worker)"},
            ]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows
