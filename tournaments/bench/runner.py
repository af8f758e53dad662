"""Tournament runner throughput in ``trickhound bench``: BusyBots (tournaments/benchbots.py) of
~1 ms of CPU per move through the process pool, with records written and fsynced."""
import os
import shutil
import tempfile
import time
from typing import List

from tournaments import benchbots
from tournaments.config import load_config
from tournaments.executors import ProcessPoolExecutor
from tournaments.runner import load_records, run_tournament

# The game the runner is measured on (any registered game would do; its deals are short).
RUNNER_GAME = "mate"


def bench_tournament(seconds: float) -> List[dict]:
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
