"""Tournament runner throughput in ``trickhound bench``: BusyBots (tournaments/benchbots.py) of
~1 ms of CPU per move through the process pool, with records written and fsynced."""
import os
import shutil
import tempfile
import time
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


def _play(game: str, deals: int, workers: int, out: str, pool: ProcessPoolExecutor,
          bots: list[str]) -> tuple:
    """(games, wall seconds, summed pure play seconds) of one run through ``pool``."""
    cfg = load_config(game=game, bots=bots, deals=deals, seed=7, workers=workers,
                      executor="process", out=out)
    t0 = time.perf_counter()
    run_tournament(cfg, executor=pool, progress=False)
    wall = time.perf_counter() - t0
    recs = load_records(out)
    return len(recs), wall, sum(r.seconds for r in recs)


#: Deals of the warm-up run that sizes each measurement, and the fewest deals measured.
CALIBRATION_DEALS = 10
MIN_DEALS = 50


def bench_cheap_tournaments(seconds: float, games: list[str],
                            stream: Optional[TextIO] = None) -> list[dict]:
    """Random vs heuristic, the cheapest real bots, in every game: games/s through the runner
    (process pool, records written and fsynced in batches) with 1 and 2 workers on the same
    fixtures, the speedup (target >= 1.8x on 2 cores), and the runner's overhead per game with
    one worker (wall time minus the games' own play time, target <= 1 ms). ``seconds``
    bounds each game's measurement (both worker counts and the warm-up)."""
    from tournaments.bench.limits import note
    rows: list[dict] = []
    bots = ["random", "heuristic"]
    tmp = tempfile.mkdtemp(prefix="trickhound-bench-")
    try:
        for game in games:
            note(f"tournament random vs heuristic, {game}", stream)
            result = {}
            for workers in (1, 2):
                with ProcessPoolExecutor(workers) as pool:
                    n, wall, _ = _play(game, CALIBRATION_DEALS, workers,
                                       os.path.join(tmp, f"{game}-warm{workers}"), pool, bots)
                    # 2 games per deal (two seatings); about 40% of the budget, and enough
                    # games that a run's fixed costs (folder, lock, log) do not pass for
                    # per-game overhead
                    deals = max(MIN_DEALS, int(0.4 * seconds / max(wall / n, 1e-5) / 2))
                    result[workers] = _play(game, deals, workers,
                                            os.path.join(tmp, f"{game}-w{workers}"), pool, bots)
            n1, wall1, play1 = result[1]
            n2, wall2, _ = result[2]
            g1, g2 = n1 / wall1, n2 / wall2
            overhead = 1e3 * (wall1 - play1) / n1
            rows += [
                {"name": f"tournament {game} random-heuristic, 1 worker", "value": g1,
                 "unit": "games/s", "note": f"{n1} games, {1e3 * play1 / n1:.2f} ms of play each"},
                {"name": f"tournament {game} random-heuristic, 2 workers / 1", "value": g2 / g1,
                 "unit": "x", "note": f"{g2:,.0f} games/s; target >= 1.8x on 2 cores "
                                      f"({os.cpu_count()} cpus): "
                                      f"{'met' if g2 / g1 >= 1.8 else 'BELOW'}"},
                {"name": f"tournament {game} runner overhead per game", "value": overhead,
                 "unit": "ms", "note": f"1 worker; target <= 1 ms: "
                                       f"{'met' if overhead <= 1.0 else 'BELOW'}"},
            ]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows
