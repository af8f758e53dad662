"""Running a tournament: schedule, executor, the one writer, resume.

``results/<run>/`` holds ``tournament.json`` (the resolved config, the schedule hash and size),
``games.jsonl`` (one GameRecord per line, appended by this process only, flushed per batch and
fsynced in batches (RecordWriter), in completion order — every record carries its game_id) and
``tournament.log`` (this process's log and every pool worker's, gathered with
multiprocessing-logging).

A killed run loses only the games in flight; ``resume`` rebuilds the schedule from
``tournament.json``, checks its hash, cuts a torn last line, and plays exactly the game_ids
not yet recorded. Serial, parallel, Dask and resumed runs of one config write the same set of
``comparable()`` records.
"""
import contextlib
import json
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, Optional, TextIO

from tournaments.config import ConfigError, TournamentConfig, check_saved_config
from tournaments.records import (
    CORRUPT,
    GameRecord,
    RecordBatch,
    RecordWriter,
    read_records,
    set_aside_corrupt,
)
from tournaments.schedule import schedule_of
from tournaments.worker import ScheduledJobs

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: runs are not locked
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger("trickhound.runner")

META = "tournament.json"
#: The layout of tournament.json this version writes (its "trickhound_tournament"); a run
#: written in a later layout is refused rather than misread.
META_FORMAT = 1
GAMES = "games.jsonl"
LOG = "tournament.log"
LOCK = ".lock"
#: Worker processes per CPU at most: more only adds memory and start-up time.
WORKERS_PER_CPU = 4
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

# Seconds the log receiver keeps reading after close while the queue still counts records (see
# _mp_handler's _receive).
CLOSE_GRACE = 1.0


def _mp_handler(sub_handler: logging.Handler, ctx: Any) -> logging.Handler:
    """multiprocessing-logging's handler, with its queue made in ``ctx`` so that spawn and
    forkserver workers can be handed it (the package's own install_mp_handler only supports
    fork)."""
    import threading

    from multiprocessing_logging import MultiProcessingHandler

    class _Handler(MultiProcessingHandler):
        def __init__(self, name: str, sub_handler: logging.Handler) -> None:
            logging.Handler.__init__(self)
            self.sub_handler = sub_handler
            self.setLevel(sub_handler.level)
            self.setFormatter(sub_handler.formatter)
            self.filters = sub_handler.filters
            self.queue = ctx.Queue(-1)
            self._is_closed = False
            self._closed_at = 0.0
            self._receive_thread = threading.Thread(target=self._receive, name=name, daemon=True)
            self._receive_thread.start()

        def emit(self, record: logging.LogRecord) -> None:
            # The parent's own records go straight to the file: through the queue they could
            # be lost when a worker is killed (a forfeit by timeout, os._exit) while it holds
            # the queue's write lock — every later put then stays in its feeder thread, and the
            # run's log ended at that point (the "died ... retrying" lines a run relies on).
            self.sub_handler.handle(record)

        def close(self) -> None:
            if not self._is_closed:
                self._closed_at = time.monotonic()
            super().close()

        def _receive(self) -> None:
            # The package's loop ends once closed and qsize() == 0; but a worker killed inside
            # a put (a forfeit by timeout or memory, a crash) leaves qsize() counting a record
            # that never arrives, so the loop (and the queue's feeder thread, which then holds
            # the interpreter's exit) never ended. Here it also ends once closed, the pipe
            # empty and CLOSE_GRACE seconds past close.
            from queue import Empty
            while True:
                try:
                    if self._is_closed and (self.queue.qsize() == 0 or (
                            self.queue.empty()
                            and time.monotonic() - self._closed_at > CLOSE_GRACE)):
                        break
                    self.sub_handler.handle(self.queue.get(timeout=0.2))
                except (EOFError, OSError):
                    break
                except Empty:
                    pass
            self.queue.close()
            self.queue.join_thread()

    return _Handler("trickhound-log", sub_handler)


class RunLog:
    """Attach tournament.log to the ``trickhound`` logger for the length of a run."""

    def __init__(self, run_dir: str, ctx: Any = None, level: int = logging.INFO) -> None:
        self.path = os.path.join(run_dir, LOG)
        self.level = level
        self.ctx = ctx
        self.handler: Optional[logging.Handler] = None
        self.queue: Any = None

    def __enter__(self) -> "RunLog":
        fh = logging.FileHandler(self.path, encoding="utf-8")
        fh.setFormatter(logging.Formatter(LOG_FORMAT))
        fh.setLevel(self.level)
        if self.ctx is not None:
            self.handler = _mp_handler(fh, self.ctx)
            self.queue = self.handler.queue  # type: ignore[attr-defined]
        else:
            self.handler = fh
        logger = logging.getLogger("trickhound")
        logger.addHandler(self.handler)
        if logger.level == logging.NOTSET or logger.level > self.level:
            logger.setLevel(self.level)
        return self

    def __exit__(self, *exc: object) -> Literal[False]:
        if self.handler is not None:
            logging.getLogger("trickhound").removeHandler(self.handler)
            self.handler.close()
        return False


# ---------------------------------------------------------------------------------------------
# Progress line (stderr)

class Progress:
    """``games 12/40  30%  forfeits 1  3.1 games/s  ETA 0:09``, redrawn in place on a terminal
    from the first second (a ticker thread redraws it every second even while no game ends,
    so a slow first game is visibly running) and silent otherwise: a log or a pipe gets the
    final summary only."""

    def __init__(self, total: int, done: int = 0, stream: Optional[TextIO] = None,
                 enabled: bool = True, tick: float = 1.0) -> None:
        self.total, self.done, self.start_done = total, done, done
        self.forfeits = 0
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.enabled = enabled and total > 0 and self.tty
        self.t0 = time.monotonic()
        self.tick = tick
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None

    def line(self) -> str:
        """The progress text (no newline)."""
        n = self.done - self.start_done
        dt = max(time.monotonic() - self.t0, 1e-9)
        rate = n / dt
        left = (self.total - self.done) / rate if rate > 0 else float("nan")
        pct = 100.0 * self.done / self.total if self.total else 100.0
        eta = "--:--" if left != left else _hms(left)
        return (f"games {self.done}/{self.total} {pct:3.0f}%  forfeits {self.forfeits}  "
                f"{rate:.2f} games/s  elapsed {_hms(dt)}  ETA {eta}")

    def _draw(self) -> None:
        with self._lock:
            self.stream.write("\r" + self.line() + "\x1b[K")
            self.stream.flush()

    def start(self) -> "Progress":
        """Draw the line now and keep it fresh every ``tick`` seconds."""
        if self.enabled:
            self._draw()
            self._thread = threading.Thread(target=self._run, name="trickhound-progress",
                                            daemon=True)
            self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self.tick):
            self._draw()

    def update(self, games: int = 1, forfeits: int = 0) -> None:
        """Count ``games`` finished games, ``forfeits`` of them forfeited or failed (a run
        calls it from its writer's fsync thread only: one thread writes the counts)."""
        self.done += games
        self.forfeits += forfeits
        if self.enabled:
            self._draw()

    def finish(self) -> None:
        """Stop the ticker and end the line."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        if self.enabled:
            with self._lock:
                self.stream.write("\n")
                self.stream.flush()


def _hms(s: float) -> str:
    s = int(round(s))
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


# ---------------------------------------------------------------------------------------------
# Run files

def meta_path(run_dir: str) -> str:
    return os.path.join(run_dir, META)


def games_path(run_dir: str) -> str:
    return os.path.join(run_dir, GAMES)


def read_meta(run_dir: str) -> dict[str, Any]:
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
    check_saved_config(meta["config"], path)
    fmt = meta.get("trickhound_tournament", META_FORMAT)
    if not (isinstance(fmt, int) and not isinstance(fmt, bool) and 1 <= fmt <= META_FORMAT):
        raise ConfigError(f"{path}: run format {fmt!r}, this trickhound reads format "
                          f"{META_FORMAT} (written by another version?)")
    for key in ("games", "num_players"):
        v = meta.get(key)
        if v is not None and not (isinstance(v, int) and not isinstance(v, bool) and v >= 0):
            raise ConfigError(f"malformed {path}: {key} must be a count, got {v!r}")
    return meta


def write_meta(run_dir: str, cfg: TournamentConfig, digest: str, games: int,
               num_players: int) -> dict:
    """Write tournament.json (atomically): the resolved config, the schedule's hash and size."""
    from tournaments import __version__
    meta = {"trickhound_tournament": META_FORMAT, "trickhound_version": __version__,
            "config": cfg.to_json(), "schedule_hash": digest, "games": games,
            "num_players": num_players, "move_time_limit": cfg.move_time_limit,
            "created": time.strftime("%Y-%m-%dT%H:%M:%S")}
    tmp = meta_path(run_dir) + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")
    os.replace(tmp, meta_path(run_dir))
    return meta


def repair_tail(path: str) -> int:
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


def scheduled_games(run_dir: str) -> Optional[int]:
    """How many games the run's schedule holds (tournament.json's count), or None when the
    folder has no readable count (a bare games.jsonl folder)."""
    try:
        games = read_meta(run_dir).get("games")
    except ConfigError:
        return None
    return games if isinstance(games, int) and not isinstance(games, bool) else None


def repair_records(run_dir: str, scheduled: Optional[int],
                   warn: Optional[Callable[[str], None]] = None) -> int:
    """``resume --repair``: move the corrupt lines of the run's games.jsonl (not a record, or a
    game the ``scheduled`` games do not hold) to CORRUPT beside it, saying so through ``warn``
    (default: a warning on stderr and in the log); their games are then missing and the resume
    plays them again. Returns how many moved."""
    gpath = games_path(run_dir)
    moved = set_aside_corrupt(gpath, scheduled)
    if moved:
        lines = ", ".join(str(n) for n, _ in moved)
        (warn or _warn(None))(f"moved {len(moved)} corrupt line(s) of {gpath} (line {lines}) "
                              f"to {CORRUPT}; their games are played again")
    return len(moved)


def load_records(run_dir: str) -> list[GameRecord]:
    """The run's records, one per game_id (the first, should a line ever repeat), sorted.
    Raises CorruptRecordsError (with line numbers) if games.jsonl holds a corrupt line or a
    record of a game the schedule does not hold."""
    seen: dict[int, GameRecord] = {}
    for r in read_records(games_path(run_dir), scheduled_games(run_dir)):
        seen.setdefault(r.game_id, r)
    return [seen[k] for k in sorted(seen)]


class RunLockedError(ConfigError):
    """Another trickhound process is writing this run folder."""


class RunLock:
    """An exclusive OS lock (``flock``) on ``<run>/.lock``, held by the one writer for the
    length of a run: a second ``tournament`` or ``resume`` on the same folder is refused at
    once instead of writing the same games twice. The OS drops the lock when the holder
    dies, however it dies (kill -9 included), so a stale lock never blocks a resume."""

    def __init__(self, run_dir: str) -> None:
        self.run_dir = run_dir
        self.path = os.path.join(run_dir, LOCK)
        self._f: Optional[TextIO] = None

    def __enter__(self) -> "RunLock":
        if fcntl is None:  # pragma: no cover
            return self
        f = open(self.path, "a+", encoding="utf-8")
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.seek(0)
            holder = f.read().strip() or "?"
            f.close()
            raise RunLockedError(f"{self.run_dir} is in use by another trickhound process "
                                 f"(pid {holder}); wait for it to finish or stop it") from None
        f.seek(0)
        f.truncate()
        f.write(str(os.getpid()))
        f.flush()
        self._f = f
        return self

    def __exit__(self, *exc: Any) -> Literal[False]:
        if self._f is not None:
            self._f.close()  # closing releases the flock
            self._f = None
        return False


def writer_pid(run_dir: str) -> Optional[str]:
    """The pid of the trickhound process writing ``run_dir`` now (its RunLock is held), or
    None when no process holds it (finished, interrupted, killed). The probe holds a shared
    lock for an instant: a writer starting in that instant is refused as if the folder were
    in use, and says so."""
    path = os.path.join(run_dir, LOCK)
    if fcntl is None or not os.path.exists(path):  # pragma: no cover
        return None
    with open(path, "a+", encoding="utf-8") as f:
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            f.seek(0)
            return f.read().strip() or "?"
        fcntl.flock(f.fileno(), fcntl.LOCK_UN)
    return None


def config_from_run(run_dir: str, **override: Any) -> tuple[TournamentConfig, dict[str, Any]]:
    meta = read_meta(run_dir)
    cfg = TournamentConfig.from_json(meta["config"])
    cfg.out = run_dir
    for k, v in override.items():
        if v is not None:
            setattr(cfg, k, v)
    return cfg, meta


# ---------------------------------------------------------------------------------------------

def effective_workers(cfg: TournamentConfig, games: int,
                      warn: Optional[Any] = None) -> int:
    """The worker processes worth starting: no more than the games that can run at once (one
    game per worker) and no more than WORKERS_PER_CPU per CPU (``warn`` is told when the
    request is cut for that reason)."""
    cpus = os.cpu_count() or 1
    workers = max(1, min(cfg.workers, games))
    if workers > WORKERS_PER_CPU * cpus:
        if warn is not None:
            warn(f"--workers {cfg.workers} is more than {WORKERS_PER_CPU} per CPU "
                 f"({cpus} CPUs); using {WORKERS_PER_CPU * cpus}")
        workers = WORKERS_PER_CPU * cpus
    return workers


def bot_threads(cfg: TournamentConfig) -> int:
    """The most search threads any bot of the run asks for (its ``threads`` option; 1 when
    none does): a worker playing it uses that many cores at once."""
    from bots.spec import BotSpec
    most = 1
    for spec in cfg.all_bots:
        threads = BotSpec.parse(spec).kwargs.get("threads", 1)
        if isinstance(threads, int) and not isinstance(threads, bool):
            most = max(most, threads)
    return most


def _warn(stream: Optional[TextIO]) -> Any:
    def warn(message: str) -> None:
        log.warning("%s", message)
        print(f"trickhound: warning: {message}", file=stream or sys.stderr, flush=True)
    return warn


def run_tournament(cfg: TournamentConfig, resume: bool = False, executor: Any = None,
                   progress: bool = True, max_deals: Optional[int] = None,
                   stream: Optional[TextIO] = None, dask_processes: bool = True,
                   repair: bool = False, adaptive: bool = False) -> RunResult:
    """Play every scheduled game not yet in ``games.jsonl`` (all of them unless ``resume``).

    ``executor``: an executor already entered (kept open, e.g. across ``rate`` batches), else
    one is made from the config. ``max_deals``: play only fixtures of the first deals.
    ``repair`` (with ``resume``): move corrupt lines of games.jsonl aside first, so their
    games are played again; without it a corrupt line stops the resume (CorruptRecordsError).
    ``adaptive``: a batch of an ``--until-separated`` run (tournaments/adaptive.py), whose
    outcome file a fresh run of fixed size removes from a folder that holds no games yet.

    The run folder is locked (RunLock) for the whole call; the schedule is walked lazily
    (never held in memory whole). The folder is made only once the start is accepted."""
    run_dir = cfg.run_dir
    game = cfg.game_obj()
    if resume:
        read_meta(run_dir)  # refuses a folder that is not a run before anything is written
    os.makedirs(run_dir, exist_ok=True)
    try:
        with RunLock(run_dir):
            return _run_locked(cfg, game, resume, executor, progress, max_deals, stream,
                               dask_processes, repair, adaptive)
    except RunLockedError:
        raise
    except BaseException:
        if not os.path.exists(meta_path(run_dir)):
            remove_empty_run(run_dir)  # a start refused before tournament.json: no folder
        raise


def remove_empty_run(run_dir: str) -> None:
    """Remove a run folder that holds nothing but this process's own lock and log."""
    if set(os.listdir(run_dir)) - {LOCK, LOG}:
        return
    for name in (LOCK, LOG):
        with contextlib.suppress(OSError):
            os.remove(os.path.join(run_dir, name))
    with contextlib.suppress(OSError):
        os.rmdir(run_dir)


def _run_locked(cfg: TournamentConfig, game: Any, resume: bool, executor: Any, progress: bool,
                max_deals: Optional[int], stream: Optional[TextIO], dask_processes: bool,
                repair: bool, adaptive: bool) -> RunResult:
    from tournaments.executors import make_executor
    run_dir = cfg.run_dir
    schedule = schedule_of(cfg, game.num_players)
    scheduled = len(schedule)
    gpath = games_path(run_dir)
    if resume:
        meta = read_meta(run_dir)
        if meta.get("schedule_hash") != schedule.digest(cfg.game):
            raise ConfigError(f"{run_dir}: the schedule rebuilt from {META} does not match the "
                              f"recorded hash (different trickhound version or edited file)")
        if not repair:
            # refuse a file with corrupt lines before changing anything in it (the error says
            # "nothing was changed"); read_records skips a torn last line
            read_records(gpath, scheduled)
        cut = repair_tail(gpath)
        if cut:
            _warn(stream)(f"cut a torn last line ({cut} bytes) from {gpath}: its game is "
                          f"played again")
        if repair:
            repair_records(run_dir, scheduled, _warn(stream))
    else:
        existing = read_records(gpath)
        if existing:
            raise ConfigError(f"{run_dir} already holds {len(existing)} games; resume it with "
                              f"`trickhound resume {run_dir}` or choose another --out")
        from tournaments.adaptive import ADAPTIVE
        if not adaptive and os.path.exists(os.path.join(run_dir, ADAPTIVE)):
            # an --until-separated run stopped before its first game left its outcome file
            # here: this run of fixed size is not it (tester 11: its board then spoke of the
            # other run's rule, and resume turned the folder into that run and refused it)
            os.remove(os.path.join(run_dir, ADAPTIVE))
    done: set[int] = {r.game_id for r in read_records(gpath, scheduled)} if resume else set()

    # Game ids number the fixtures deal by deal: the first max_deals deals are a prefix.
    end = scheduled if max_deals is None else schedule.first_game(max_deals)
    to_play = end - sum(1 for g in done if g < end)
    source = ScheduledJobs(cfg.game, cfg.move_time_limit, schedule)

    def game_ids() -> Iterator[int]:
        return iter(range(end)) if not done else (g for g in range(end) if g not in done)

    target = len(done) + to_play
    own = executor is None
    workers = effective_workers(cfg, to_play, _warn(stream))
    threads = bot_threads(cfg)
    cpus = os.cpu_count() or 1
    at_once = 1 if cfg.executor == "serial" else workers     # games played at once here
    if threads > 1 and at_once * threads > cpus and cfg.executor != "dask":
        _warn(stream)(f"{at_once} workers x {threads} search threads a bot is more than the "
                      f"{cpus} CPUs: the threads will take turns (fewer workers, or fewer "
                      f"threads, play as fast)")
    if own:
        ctx = None
        if cfg.executor == "process":
            import multiprocessing

            from tournaments.executors import default_start_method
            ctx = multiprocessing.get_context(cfg.start_method or default_start_method())
    else:
        ctx = getattr(executor, "ctx", None)

    def started() -> None:
        """A new run's tournament.json (the schedule's hash: a pass over every game), written
        once the pool's workers have their first games (they play while the one writer
        hashes) and before any record is."""
        if not resume:
            write_meta(run_dir, cfg, schedule.digest(cfg.game), scheduled, game.num_players)

    bar = Progress(target, len(done), stream=stream, enabled=progress and to_play > 0)
    t0 = time.monotonic()
    played = 0
    with (RunLog(run_dir, ctx) if own else contextlib.nullcontext()) as runlog:
        log.info("%s %s: %d games scheduled, %d recorded, %d to play (%s, %d workers)",
                 "resuming" if resume else "starting", run_dir, scheduled, len(done),
                 to_play, cfg.executor, workers)
        if own:
            executor = make_executor(cfg, log_queue=runlog.queue if runlog else None,
                                     dask_processes=dask_processes, workers=workers)
        bar.start()
        try:
            if own:
                executor.__enter__()
            def report(durable: list[RecordBatch]) -> None:
                # games are reported done once fsynced only, as soon as they are (from the
                # writer's fsync thread: a slow next game does not hold the count back)
                for b in durable:
                    bar.update(len(b), b.forfeits)

            writer = RecordWriter(gpath, on_durable=report)
            try:
                for batch in _batches(executor, source, game_ids(), to_play, started):
                    if not done.isdisjoint(batch.game_ids):  # never twice
                        twice = done.intersection(batch.game_ids)
                        log.error("game(s) %s came back twice; second copies dropped",
                                  ", ".join(map(str, sorted(twice))))
                        batch = batch.without(twice)
                    done.update(batch.game_ids)
                    played += len(batch)
                    writer.write_batch(batch)
            finally:
                writer.close()  # the last fsync: end, Ctrl-C or SIGTERM
        except BaseException as e:
            bar.finish()
            if own:
                executor.__exit__(type(e), e, None)
            log.warning("run stopped: %s: %s (%d games recorded; resume with "
                        "`trickhound resume %s`)", type(e).__name__, e, len(done), run_dir)
            raise
        bar.finish()
        if own:
            executor.__exit__(None, None, None)
        log.info("finished: %d games played in %.1fs", played, time.monotonic() - t0)
    return RunResult(run_dir, scheduled, played, len(done), time.monotonic() - t0)


def _batches(executor: Any, source: ScheduledJobs, game_ids: Iterator[int],
             total: int, started: Callable[[], None]) -> Iterator[RecordBatch]:
    """The executor's finished games as RecordBatches: a pool's run_scheduled (workers are
    sent game ids, and answer encoded chunks), else its records one by one (serial, Dask).
    ``started`` is called before the first batch: by the pool once its workers have their
    first games (the ProcessPoolExecutor's ``run_scheduled``), else first."""
    from tournaments.executors import ProcessPoolExecutor
    if isinstance(executor, ProcessPoolExecutor):
        return executor.run_scheduled(source, game_ids, total=total, on_start=started)
    started()
    if hasattr(executor, "run_scheduled"):
        return executor.run_scheduled(source, game_ids, total=total)
    jobs = (source.job(g) for g in game_ids)
    return (RecordBatch.of([rec]) for rec in executor.run(jobs, total=total))


def resume_tournament(run_dir: str, progress: bool = True, stream: Optional[TextIO] = None,
                      **override: Any) -> tuple[TournamentConfig, RunResult]:
    """Resume the run in ``run_dir`` (config overrides by keyword); (config, RunResult)."""
    cfg, _ = config_from_run(run_dir, **override)
    return cfg, run_tournament(cfg, resume=True, progress=progress, stream=stream)
