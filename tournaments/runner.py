"""Running a tournament: schedule, executor, the one writer, resume.

``results/<run>/`` holds ``tournament.json`` (the resolved config, the schedule hash and size),
``games.jsonl`` (one GameRecord per line, appended by this process only, flushed and fsynced
per game, in completion order — every record carries its game_id) and ``tournament.log``
(this process's log and every pool worker's, gathered with multiprocessing-logging).

A killed run loses only the games in flight; ``resume`` rebuilds the schedule from
``tournament.json``, checks its hash, cuts a torn last line, and plays exactly the game_ids
not yet recorded. Serial, parallel, Dask and resumed runs of one config write the same set of
``comparable()`` records.
"""
import json
import logging
import os
import sys
import time
from dataclasses import dataclass

from tournaments.config import ConfigError, TournamentConfig
from tournaments.records import RecordWriter, read_records
from tournaments.schedule import schedule_for, schedule_hash
from tournaments.worker import Job

log = logging.getLogger("trickhound.runner")

META = "tournament.json"
GAMES = "games.jsonl"
LOG = "tournament.log"
LOG_FORMAT = "%(asctime)s %(processName)s[%(process)d] %(levelname)s %(name)s: %(message)s"


@dataclass
class RunResult:
    run_dir: str
    scheduled: int
    played: int          # games played by this call
    recorded: int        # games in games.jsonl now
    seconds: float


# ---------------------------------------------------------------------------------------------
# Logging: one file per run; pool workers send their records through a queue.

def _mp_handler(sub_handler, ctx):
    """multiprocessing-logging's handler, with its queue made in ``ctx`` so that spawn and
    forkserver workers can be handed it (the package's own install_mp_handler only supports
    fork)."""
    import threading
    from multiprocessing_logging import MultiProcessingHandler

    class _Handler(MultiProcessingHandler):
        def __init__(self, name, sub_handler):  # noqa: D401 - same as the parent's, other queue
            logging.Handler.__init__(self)
            self.sub_handler = sub_handler
            self.setLevel(sub_handler.level)
            self.setFormatter(sub_handler.formatter)
            self.filters = sub_handler.filters
            self.queue = ctx.Queue(-1)
            self._is_closed = False
            self._receive_thread = threading.Thread(target=self._receive, name=name, daemon=True)
            self._receive_thread.start()

    return _Handler("trickhound-log", sub_handler)


class RunLog:
    """Attach tournament.log to the ``trickhound`` logger for the length of a run."""

    def __init__(self, run_dir, ctx=None, level=logging.INFO):
        self.path = os.path.join(run_dir, LOG)
        self.level = level
        self.ctx = ctx
        self.handler = None
        self.queue = None

    def __enter__(self):
        fh = logging.FileHandler(self.path, encoding="utf-8")
        fh.setFormatter(logging.Formatter(LOG_FORMAT))
        fh.setLevel(self.level)
        if self.ctx is not None:
            self.handler = _mp_handler(fh, self.ctx)
            self.queue = self.handler.queue
        else:
            self.handler = fh
        logger = logging.getLogger("trickhound")
        logger.addHandler(self.handler)
        if logger.level == logging.NOTSET or logger.level > self.level:
            logger.setLevel(self.level)
        return self

    def __exit__(self, *exc):
        logging.getLogger("trickhound").removeHandler(self.handler)
        self.handler.close()
        return False


# ---------------------------------------------------------------------------------------------
# Progress bar (stderr)

class Progress:
    """``games 12/40  30%  3.1 games/s  0:09 left``; redrawn in place on a terminal, a line
    every ~10% otherwise."""

    def __init__(self, total, done=0, stream=None, enabled=True):
        self.total, self.done, self.start_done = total, done, done
        self.stream = stream or sys.stderr
        self.enabled = enabled and total > 0
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.t0 = time.monotonic()
        self._last = 0.0
        self._last_pct = -1

    def line(self):
        n = self.done - self.start_done
        dt = max(time.monotonic() - self.t0, 1e-9)
        rate = n / dt
        left = (self.total - self.done) / rate if rate > 0 else float("nan")
        pct = 100.0 * self.done / self.total
        width = 24
        fill = int(width * self.done / self.total)
        eta = "--:--" if left != left else _hms(left)
        return (f"[{'#' * fill}{'.' * (width - fill)}] games {self.done}/{self.total} "
                f"{pct:3.0f}%  {rate:.1f} games/s  {eta} left")

    def update(self, k=1):
        self.done += k
        if not self.enabled:
            return
        now = time.monotonic()
        if self.tty:
            if now - self._last > 0.1 or self.done >= self.total:
                self.stream.write("\r" + self.line() + "\x1b[K")
                self.stream.flush()
                self._last = now
        else:
            pct = int(10 * self.done / self.total)
            if pct != self._last_pct:
                self.stream.write(self.line() + "\n")
                self.stream.flush()
                self._last_pct = pct

    def finish(self):
        if self.enabled and self.tty:
            self.stream.write("\n")
            self.stream.flush()


def _hms(s):
    s = int(round(s))
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


# ---------------------------------------------------------------------------------------------
# Run files

def meta_path(run_dir):
    return os.path.join(run_dir, META)


def games_path(run_dir):
    return os.path.join(run_dir, GAMES)


def read_meta(run_dir):
    path = meta_path(run_dir)
    if not os.path.isdir(run_dir):
        raise ConfigError(f"{run_dir} is not a directory")
    try:
        with open(path, encoding="utf-8") as f:
            meta = json.load(f)
    except OSError:
        raise ConfigError(f"{run_dir} has no {META}: not a tournament run directory") from None
    except ValueError as e:
        raise ConfigError(f"malformed {path}: {e}") from None
    if not isinstance(meta, dict) or "config" not in meta:
        raise ConfigError(f"malformed {path}: no config")
    return meta


def write_meta(run_dir, cfg, fixtures, num_players):
    meta = {"trickhound_tournament": 1, "config": cfg.to_json(),
            "schedule_hash": schedule_hash(cfg.game, fixtures), "games": len(fixtures),
            "num_players": num_players, "move_time_limit": cfg.move_time_limit,
            "created": time.strftime("%Y-%m-%dT%H:%M:%S")}
    tmp = meta_path(run_dir) + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")
    os.replace(tmp, meta_path(run_dir))
    return meta


def repair_tail(path):
    """Cut a torn last line (a kill in the middle of a write) so appends start on a new line."""
    if not os.path.exists(path):
        return 0
    with open(path, "rb+") as f:
        f.seek(0, os.SEEK_END)
        size = f.tell()
        if size == 0:
            return 0
        f.seek(size - 1)
        if f.read(1) == b"\n":
            return 0
        pos = size - 1
        chunk = 4096
        cut = 0
        while pos > 0:
            start = max(0, pos - chunk)
            f.seek(start)
            data = f.read(pos - start)
            i = data.rfind(b"\n")
            if i >= 0:
                cut = start + i + 1
                break
            pos = start
        f.truncate(cut)
        return size - cut


def load_records(run_dir):
    """The run's records, one per game_id (the first, should a line ever repeat), sorted."""
    seen = {}
    for r in read_records(games_path(run_dir)):
        seen.setdefault(r.game_id, r)
    return [seen[k] for k in sorted(seen)]


def config_from_run(run_dir, **override):
    meta = read_meta(run_dir)
    cfg = TournamentConfig.from_json(meta["config"])
    cfg.out = run_dir
    for k, v in override.items():
        if v is not None:
            setattr(cfg, k, v)
    return cfg, meta


# ---------------------------------------------------------------------------------------------

def run_tournament(cfg, resume=False, executor=None, progress=True, max_deals=None,
                   stream=None, dask_processes=True):
    """Play every scheduled game not yet in ``games.jsonl`` (all of them unless ``resume``).

    ``executor``: an executor already entered (kept open, e.g. across ``rate`` batches), else
    one is made from the config. ``max_deals``: play only fixtures of the first deals."""
    from tournaments.executors import make_executor
    run_dir = cfg.out
    os.makedirs(run_dir, exist_ok=True)
    game = cfg.game_obj()
    fixtures = schedule_for(cfg, game.num_players)
    h = schedule_hash(cfg.game, fixtures)
    gpath = games_path(run_dir)
    if resume:
        meta = read_meta(run_dir)
        if meta.get("schedule_hash") != h:
            raise ConfigError(f"{run_dir}: the schedule rebuilt from {META} does not match the "
                              f"recorded hash (different trickhound version or edited file)")
        cut = repair_tail(gpath)
        if cut:
            log.warning("cut a torn last line (%d bytes) from %s", cut, gpath)
    else:
        existing = read_records(gpath)
        if existing:
            raise ConfigError(f"{run_dir} already holds {len(existing)} games; resume it with "
                              f"`trickhound resume {run_dir}` or choose another --out")
        write_meta(run_dir, cfg, fixtures, game.num_players)
    done = {r.game_id for r in read_records(gpath)}
    todo = [f for f in fixtures if f.game_id not in done
            and (max_deals is None or f.deal_index < max_deals)]
    target = len(done) + len(todo)
    limit = cfg.move_time_limit
    jobs = [Job(cfg.game, f, limit) for f in todo]

    own = executor is None
    if own:
        ctx = None
        if cfg.executor == "process":
            import multiprocessing
            from tournaments.executors import default_start_method
            ctx = multiprocessing.get_context(cfg.start_method or default_start_method())
    else:
        ctx = getattr(executor, "ctx", None)
    bar = Progress(target, len(done), stream=stream, enabled=progress and bool(todo))
    t0 = time.monotonic()
    played = 0
    import contextlib
    with (RunLog(run_dir, ctx) if own else contextlib.nullcontext()) as runlog:
        log.info("%s %s: %d games scheduled, %d recorded, %d to play (%s, %d workers)",
                 "resuming" if resume else "starting", run_dir, len(fixtures), len(done),
                 len(todo), cfg.executor, cfg.workers)
        if own:
            executor = make_executor(cfg, log_queue=runlog.queue, dask_processes=dask_processes)
        try:
            if own:
                executor.__enter__()
            with RecordWriter(gpath) as writer:
                for rec in executor.run(jobs):
                    if rec.game_id in done:  # never twice
                        log.error("game %d came back twice; second copy dropped", rec.game_id)
                        continue
                    writer.write(rec)
                    done.add(rec.game_id)
                    played += 1
                    bar.update()
        except BaseException as e:
            if own:
                executor.__exit__(type(e), e, None)
            log.warning("run stopped: %s: %s (%d games recorded; resume with "
                        "`trickhound resume %s`)", type(e).__name__, e, len(done), run_dir)
            bar.finish()
            raise
        if own:
            executor.__exit__(None, None, None)
        bar.finish()
        log.info("finished: %d games played in %.1fs", played, time.monotonic() - t0)
    return RunResult(run_dir, len(fixtures), played, len(done), time.monotonic() - t0)


def resume_tournament(run_dir, progress=True, stream=None, **override):
    cfg, _ = config_from_run(run_dir, **override)
    return cfg, run_tournament(cfg, resume=True, progress=progress, stream=stream)
