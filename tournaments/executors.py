"""Where games are played. Every executor takes Jobs and yields finished GameRecords in
completion order; the runner (the one writer) stores them. Bots cross process boundaries as
spec text only.

- ``SerialExecutor``: in this process, one game after another. No protection against a bot
  that kills its process (``os._exit``) or never returns.
- ``ProcessPoolExecutor``: ``workers`` processes (``forkserver`` where available, else
  ``spawn``; the fork server preloads the games and the built-in bots), each sent games one at
  a time or, when they are cheap, in chunks of about 50 ms of play answered in one message (see
  the class): the chunk's records as one block of games.jsonl lines, which the one writer
  stores as it is; a tournament (``run_scheduled``) sends a worker its ScheduledJobs once and
  then bare game ids, whose fixtures the worker rebuilds. A worker that dies is replaced and
  its game retried once on a fresh worker (the other games of its chunks are played again,
  unblamed); a game whose worker dies twice is recorded as a forfeit with reason ``crash`` by
  the seat whose bot was running (the tracker, see worker.py), or, if no bot was running, with
  termination ``failed`` (no ranks, not rated). With a move time limit (a run has one unless it
  is turned off: config.DEFAULT_MOVE_LIMIT), a bot call that has not returned after
  ``2 × limit + 1 s`` is stopped by killing its worker and recorded as a ``timeout`` forfeit
  (the referee itself can only judge a move once it returns).
- ``DaskExecutor``: the same jobs as Dask tasks on a cluster (``scheduler`` address) or on a
  LocalCluster. Dask reschedules a task whose worker dies; a task that keeps killing workers
  (``KilledWorker``) is recorded as ``failed``.

Whatever a bot raises (``SystemExit`` and ``KeyboardInterrupt`` included) is caught by the
referee as that bot's forfeit; what still escapes it (an error in the harness between bot
calls) is handled like a worker death: one retry, then a ``crash`` forfeit by the seat that was
running. Pool workers start no more than the runner asks (runner.effective_workers), walk the
jobs lazily, and may have an address-space limit (``worker_memory`` MiB, RLIMIT_AS): a bot
that exceeds it gets a MemoryError, its ``memory`` forfeit.
"""
import collections
import itertools
import logging
import multiprocessing
import multiprocessing.connection
import os
import sys
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Literal, Optional, Union

from tournaments.records import GameRecord, RecordBatch
from tournaments.worker import (
    ChunkResult,
    Job,
    ScheduledJobs,
    crash_record,
    failed_record,
    forfeit_record,
    run_job,
)

log = logging.getLogger("trickhound.runner")


class _Retries:
    """Shared bookkeeping of failed attempts: retry once, then a crash record."""

    def __init__(self, retries: int = 1) -> None:
        self.retries = retries
        self.failures: collections.Counter[int] = collections.Counter()

    def failed(self, job: Job, seat: Optional[int], detail: str) -> Optional[GameRecord]:
        """None to retry, else the final record."""
        gid = job.fixture.game_id
        self.failures[gid] += 1
        if self.failures[gid] <= self.retries:
            log.warning("game %d: %s; retrying", gid, detail)
            return None
        log.error("game %d: %s again; recorded as %s", gid, detail,
                  f"a crash of seat {seat}" if seat is not None and seat >= 0 else "failed")
        return crash_record(job, seat, f"{detail} (on {self.failures[gid]} attempts)")


class SerialExecutor:
    name = "serial"

    def __init__(self, retries: int = 1) -> None:
        self.retries = retries

    def __enter__(self) -> "SerialExecutor":
        return self

    def __exit__(self, *exc: object) -> Literal[False]:
        return False

    def run(self, jobs: Iterable[Job], total: Optional[int] = None) -> Iterator[GameRecord]:
        book = _Retries(self.retries)
        for job in jobs:
            while True:
                msg: Any = run_job(job)
                if msg[0] == "ok":
                    yield GameRecord.from_json(msg[1])
                    break
                rec = book.failed(job, msg[2], msg[1])
                if rec is not None:
                    yield rec
                    break


def default_start_method() -> str:
    """forkserver (fast worker start, nothing inherited by accident) where it can be started
    safely (see _start_forkserver), else spawn."""
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods and sys.version_info >= (3, 11) else "spawn"


def _start_forkserver() -> None:
    """Start the fork server without the current directory on its sys.path.

    Python's fork server runs ``python -c ...`` and, before 3.13, never applies the parent's
    sys.path, so the current directory comes first: run from a source checkout after a plain
    ``pip install .`` (the README's first command), the workers would import the uncompiled
    tree instead of the installed package and die. PYTHONSAFEPATH (3.11+) leaves it out; it is
    set only while the server starts."""
    import multiprocessing.forkserver as fs
    old = os.environ.get("PYTHONSAFEPATH")
    os.environ["PYTHONSAFEPATH"] = "1"
    try:
        fs.ensure_running()
    finally:
        if old is None:
            del os.environ["PYTHONSAFEPATH"]
        else:
            os.environ["PYTHONSAFEPATH"] = old


def preload_modules() -> list[str]:
    """What the fork server imports once, so that every worker forked from it starts warm:
    the worker, the built-in bots and every registered game's engine, policy, notation,
    reference rules and heuristic. A worker importing them itself spent 0.3 s before its first
    game (more than a thousand cheap games' play). Names that do not import are skipped by
    the fork server."""
    from bots.heuristic import _GAME_MODULES
    from solver import registry
    mods = ["tournaments.worker", "bots.random_bot", "bots.heuristic", "bots.search_bots",
            "bots.solver_bot", "bots.human", "bots.openspiel_bots"]
    for target in getattr(registry, "_GAMES", {}).values():   # slug -> "module:Class"
        module = target.split(":")[0]
        package = module.rsplit(".", 1)[0]
        mods += [module, package + "._policy", package + ".notation", package + ".rules"]
    return mods + sorted(set(_GAME_MODULES.values()))


class _Worker:
    """One pool process and the chunks of games sent to it and not yet answered (oldest
    first: the worker plays them in that order). A chunk holds Jobs, or the game ids of the
    ScheduledJobs last sent to this worker (``source``)."""

    def __init__(self, ctx: Any, log_queue: Any, level: int,
                 memory_mib: Optional[int] = None) -> None:
        from tournaments.worker import worker_main
        self.conn, child = ctx.Pipe(duplex=True)
        self.tracker = ctx.RawArray("d", 4)
        self.tracker[0] = -1
        self.tracker[2] = -1
        self.proc = ctx.Process(target=worker_main,
                                args=(child, self.tracker, log_queue, level, memory_mib),
                                daemon=True, name="trickhound-worker")
        self.proc.start()
        child.close()
        self.chunks: collections.deque[list[Any]] = collections.deque()
        self.source: Optional[ScheduledJobs] = None
        self.done = 0

    @property
    def busy(self) -> bool:
        return bool(self.chunks)

    def send(self, chunk: list[Any], source: Optional[ScheduledJobs] = None) -> None:
        """Send a chunk: Jobs, or (``source`` given) game ids of ``source``, which goes first
        when this worker has not been sent it yet."""
        if not self.chunks:           # idle: no bot of this worker is running
            self.tracker[0] = -1
            self.tracker[1] = 0.0
        if source is not None and self.source is not source:
            self.conn.send(("jobs", source))
            self.source = source
        self.chunks.append(chunk)
        self.conn.send(chunk if source is None else ("games", chunk))

    def unanswered(self) -> list[Any]:
        """Every game sent and not answered, in the order the worker plays them; forgets them."""
        items = [item for chunk in self.chunks for item in chunk]
        self.chunks.clear()
        return items

    def running(self, game_ids: list[int]) -> int:
        """The index in ``game_ids`` (of unanswered's games) of the game the tracker says is in
        play or was last started, or -1 when it is none of them (the worker had not started
        them)."""
        gid = int(self.tracker[2])
        for i, g in enumerate(game_ids):
            if g == gid:
                return i
        return -1

    def receive(self) -> Union[ChunkResult, None, Literal[False]]:
        """The worker's answer, or None if it died (or its pipe broke), False while it plays."""
        try:
            if self.conn.poll():
                return self.conn.recv()
        except (EOFError, OSError):
            return None
        return None if not self.proc.is_alive() else False

    def stop(self, kill: bool = False) -> None:
        if kill:
            self.proc.kill()
        else:
            try:
                self.conn.send(None)
            except (OSError, ValueError):
                pass
        self.proc.join(timeout=5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join(timeout=5)
        self.conn.close()


class ProcessPoolExecutor:
    """Games in chunks: a cheap game (random against heuristic plays in well under a
    millisecond) costs less than a round trip between the parent and a worker, so a worker is
    sent a chunk of jobs sized to take about ``chunk_seconds`` (from the games it has played
    so far; one game until it has played one) and answers the whole chunk in one message,
    and while cheap games run each worker holds a second chunk in its pipe so it never waits
    for the parent. Games longer than a chunk travel one at a time, one per worker, as before.
    A worker that dies or is stopped loses its unanswered chunks: the game in play (the
    tracker's) is the one retried or forfeited, the others are played again, unblamed."""

    name = "process"
    #: The most games in one chunk.
    MAX_CHUNK = 1024

    def __init__(self, workers: int = 2, start_method: Optional[str] = None,
                 log_queue: Any = None, log_level: int = logging.INFO,
                 move_time_limit: Optional[float] = None, retries: int = 1,
                 hard_limit: Optional[float] = None,
                 worker_memory: Optional[int] = None) -> None:
        from tournaments.config import chunk_seconds
        #: Wall seconds of play a chunk of cheap games is sized to (TRICKHOUND_CHUNK_SECONDS,
        #: checked; 0: one game per message, as before chunks).
        self.chunk_seconds = chunk_seconds()
        self.workers = max(1, int(workers))
        self.worker_memory = worker_memory
        self.method = start_method or default_start_method()
        self.ctx = multiprocessing.get_context(self.method)
        if self.method == "forkserver":
            self.ctx.set_forkserver_preload(preload_modules())
        self.log_queue = log_queue
        self.log_level = log_level
        self.retries = retries
        if hard_limit is None and move_time_limit is not None:
            hard_limit = 2 * move_time_limit + 1.0
        self.hard_limit = hard_limit
        self._pool: list[_Worker] = []
        self._startup_deaths = 0
        self._ever_done = False
        self._per_game: Optional[float] = None   # wall seconds a game takes in a worker

    def __enter__(self) -> "ProcessPoolExecutor":
        self.start()
        return self

    def __exit__(self, exc_type: Optional[type], *exc: object) -> Literal[False]:
        self.close(kill=exc_type is not None)
        return False

    def start(self) -> None:
        if self.method == "forkserver":
            _start_forkserver()
        while len(self._pool) < self.workers:
            self._pool.append(_Worker(self.ctx, self.log_queue, self.log_level,
                                      self.worker_memory))
        log.info("process pool: %d workers (%s)", self.workers, self.method)

    def close(self, kill: bool = False) -> None:
        for w in self._pool:
            w.stop(kill=kill or w.busy)
        self._pool = []

    def _replace(self, i: int) -> None:
        old = self._pool[i]
        old.stop(kill=True)
        self._ever_done = self._ever_done or old.done > 0
        self._pool[i] = _Worker(self.ctx, self.log_queue, self.log_level, self.worker_memory)

    def chunk_size(self) -> int:
        """Games per chunk: about chunk_seconds of play at the measured pace, 1 to MAX_CHUNK."""
        if self._per_game is None:
            return 1
        return max(1, min(self.MAX_CHUNK, int(self.chunk_seconds / max(self._per_game, 1e-6))))

    @property
    def pace(self) -> Optional[float]:
        """Wall seconds a game has taken in a worker (a moving average over the chunks
        answered; None before any): the bench sizes its runs with it."""
        return self._per_game

    def _learn(self, seconds: float, games: int) -> None:
        """Update the pace (a moving average over the chunks answered)."""
        if games <= 0:
            return
        pace = seconds / games
        self._per_game = pace if self._per_game is None else 0.7 * self._per_game + 0.3 * pace

    def run(self, jobs: Iterable[Job], total: Optional[int] = None) -> Iterator[GameRecord]:
        """Play ``jobs``; yield their records in completion order. ``total``: how many jobs
        there are, when known, so that chunks shrink towards the end and every worker keeps
        a share (without it a chunk may take every game left)."""
        for batch in self._play(iter(jobs), None, total):
            yield from batch.records()

    def run_scheduled(self, source: ScheduledJobs, game_ids: Iterable[int],
                      total: Optional[int] = None,
                      on_start: Optional[Callable[[], None]] = None) -> Iterator[RecordBatch]:
        """Play the games ``game_ids`` of ``source``; yield RecordBatches in completion
        order: a chunk's games as its worker encoded them (the one writer stores the bytes
        as they are), a forfeit or failed game the parent records as a batch of one.
        Workers are sent the ids only and rebuild the jobs themselves. ``on_start``: called
        once the first chunks are sent, before any batch is yielded (the runner writes the
        run's tournament.json there, while the workers play their first games)."""
        return self._play(iter(game_ids), source, total, on_start)

    def _play(self, source_items: Iterator[Any], source: Optional[ScheduledJobs],
              total: Optional[int],
              on_start: Optional[Callable[[], None]] = None) -> Iterator[RecordBatch]:
        """run and run_scheduled: the items are Jobs (``source`` None) or game ids of
        ``source``."""
        if not self._pool:
            self.start()
        if source is None:
            def job_of(item: Any) -> Job:
                return item

            def gid_of(item: Any) -> int:
                return item.fixture.game_id
        else:
            scheduled = source

            def job_of(item: Any) -> Job:
                return scheduled.job(item)

            def gid_of(item: Any) -> int:
                return item
        # Items to retry or put back, before the source's next; the source is walked lazily
        # (a long schedule is never held whole).
        pending: collections.deque[Any] = collections.deque()
        book = _Retries(self.retries)
        left = [total]            # items not yet taken from the source (None: unknown)

        def take(n: int) -> list[Any]:
            chunk: list[Any] = []
            while pending and len(chunk) < n:
                chunk.append(pending.popleft())
            if len(chunk) < n:
                more = list(itertools.islice(source_items, n - len(chunk)))
                if left[0] is not None:
                    left[0] -= len(more)
                chunk += more
            return chunk

        def feed() -> None:
            size = self.chunk_size()
            if left[0] is not None:   # at most a share of what is left: no worker idles early
                share = (left[0] + len(pending)) // (2 * len(self._pool))
                size = max(1, min(size, share))
            # a second chunk in the pipe only while chunks are short (cheap games): with long
            # games it would keep a game waiting behind another while a worker idles
            depth = 2 if self._per_game is not None and size > 1 else 1
            for w in self._pool:
                while len(w.chunks) < depth:
                    chunk = take(size)
                    if not chunk:
                        return
                    try:
                        w.send(chunk, source)
                    except (OSError, ValueError):  # died between jobs: the loop below sees it
                        break

        def put_back(items: list[Any]) -> None:
            pending.extendleft(reversed(items))

        while True:
            feed()
            if on_start is not None:
                on_start()
                on_start = None
            busy = [i for i, w in enumerate(self._pool) if w.busy]
            if not busy:
                return
            handles = []
            for i in busy:
                handles += [self._pool[i].conn, self._pool[i].proc.sentinel]
            ready = multiprocessing.connection.wait(handles, timeout=0.25)
            now = time.monotonic()
            for i in busy:
                w = self._pool[i]
                # only a worker whose pipe or process has news is asked (a poll and a
                # waitpid per worker per wake-up cost the one writer more than a cheap game)
                msg: Any = (w.receive() if w.conn in ready or w.proc.sentinel in ready
                            else False)
                if msg is False:  # still playing
                    started = w.tracker[1]
                    if (self.hard_limit is not None and started > 0
                            and now - started > self.hard_limit):
                        seat = int(w.tracker[0])
                        lost = w.unanswered()
                        k = w.running([gid_of(item) for item in lost])
                        # the game's wall time until stopped, when the tracker names it
                        ran = now - w.tracker[3] if k >= 0 and w.tracker[3] > 0 else 0.0
                        k = max(0, k)
                        job = job_of(lost[k])
                        log.error("game %d: seat %d gave no answer within %.1fs; "
                                  "stopping worker %d",
                                  job.fixture.game_id, seat, self.hard_limit, w.proc.pid)
                        put_back(lost[:k] + lost[k + 1:])
                        self._replace(i)
                        stopped = forfeit_record(
                            job, seat, "timeout",
                            f"no answer within {self.hard_limit:.1f}s; worker stopped")
                        stopped.seconds = ran
                        yield RecordBatch.of([stopped])
                    continue
                if msg is not None:
                    chunk = w.chunks.popleft()
                    _, ids, block, forfeits, errors, seconds = msg
                    self._learn(seconds, len(chunk))
                    w.done += len(chunk)
                    feed()  # the next games start before these records are written
                    if ids:
                        yield RecordBatch(ids, block, forfeits)
                    if errors:
                        by_gid = {gid_of(item): item for item in chunk}
                        final = []
                        for gid, detail, seat in errors:
                            rec = book.failed(job_of(by_gid[gid]), seat, detail)
                            if rec is None:
                                pending.appendleft(by_gid[gid])
                            else:
                                final.append(rec)
                        if final:
                            yield RecordBatch.of(final)
                    continue
                # the worker died: its unanswered games are lost
                seat = int(w.tracker[0])
                lost = w.unanswered()
                k = w.running([gid_of(item) for item in lost])
                # the game's wall time until the death, when the tracker names it (a crash
                # record said 0.0 s however long the game had run)
                ran = time.monotonic() - w.tracker[3] if k >= 0 and w.tracker[3] > 0 else 0.0
                w.proc.join(timeout=2)
                detail = f"worker process died (exit code {w.proc.exitcode})"
                gid = gid_of(lost[k]) if k >= 0 else -1
                log.warning("worker %d died in game %d (exit code %s, seat %d running)",
                            w.proc.pid, gid, w.proc.exitcode, seat)
                k = max(k, 0)      # none of them started: the first was about to
                fresh = w.done == 0 and seat < 0
                self._replace(i)
                if fresh and not self._ever_done:
                    # Died before any bot ran and no worker has finished a game yet: a
                    # broken worker start-up, not this game's fault.
                    self._startup_deaths += 1
                    if self._startup_deaths > 3 * self.workers:
                        raise RuntimeError("tournament worker processes die at start-up "
                                           f"({detail}); see the tournament log")
                    put_back(lost)
                    continue
                put_back(lost[:k] + lost[k + 1:])
                rec = book.failed(job_of(lost[k]), seat, detail)
                if rec is None:
                    pending.appendleft(lost[k])
                else:
                    rec.seconds = ran
                    yield RecordBatch.of([rec])


class DaskExecutor:
    name = "dask"

    def __init__(self, scheduler: Optional[str] = None, workers: int = 2,
                 processes: bool = True, retries: int = 1, client: Any = None) -> None:
        self.scheduler = scheduler
        self.workers = workers
        self.processes = processes
        self.retries = retries
        self.client = client
        self._own: list[Any] = []

    def __enter__(self) -> "DaskExecutor":
        self.start()
        return self

    def __exit__(self, *exc: object) -> Literal[False]:
        self.close()
        return False

    def start(self) -> None:
        if self.client is not None:
            return
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise RuntimeError("the dask executor needs the distributed package: "
                               "pip install 'trickhound[dask]'") from None
        if self.scheduler:
            self.client = Client(self.scheduler)
            self._own = [self.client]
        else:
            cluster = LocalCluster(n_workers=self.workers, threads_per_worker=1,
                                   processes=self.processes, dashboard_address=None,
                                   silence_logs=logging.ERROR)
            self.client = Client(cluster)
            self._own = [self.client, cluster]
        log.info("dask executor: %s", self.client)

    def close(self) -> None:
        for obj in self._own:
            try:
                obj.close()
            except Exception:  # pragma: no cover - shutting down
                pass
        self._own = []
        self.client = None

    def run(self, jobs: Iterable[Job], total: Optional[int] = None) -> Iterator[GameRecord]:
        from distributed import as_completed
        if self.client is None:
            self.start()
        token = uuid.uuid4().hex[:8]
        book = _Retries(self.retries)
        futures: dict[str, tuple[Job, int]] = {}

        def submit(job: Job, attempt: int = 0) -> Any:
            key = f"trickhound-game-{token}-{job.fixture.game_id}-{attempt}"
            fut = self.client.submit(run_job, job, key=key, pure=False)
            futures[fut.key] = (job, attempt)
            return fut

        queue = as_completed([submit(j) for j in jobs])
        for fut in queue:
            job, attempt = futures.pop(fut.key)
            try:
                msg = fut.result()
            except Exception as e:  # KilledWorker and friends: no seat to blame
                log.error("game %d: %s", job.fixture.game_id, e)
                yield failed_record(job, f"dask task failed: {type(e).__name__}: {e}")
                continue
            finally:
                fut.release()
            if msg[0] == "ok":
                yield GameRecord.from_json(msg[1])
                continue
            rec = book.failed(job, msg[2], msg[1])
            if rec is None:
                queue.add(submit(job, attempt + 1))
            else:
                yield rec


def make_executor(cfg: Any, log_queue: Any = None, log_level: int = logging.INFO,
                  dask_processes: bool = True, workers: Optional[int] = None) -> Any:
    """The executor a config asks for (not started). ``workers`` overrides the config's count
    (the runner passes the count it capped; see runner.effective_workers)."""
    workers = cfg.workers if workers is None else workers
    if cfg.executor == "serial":
        return SerialExecutor()
    if cfg.executor == "dask":
        return DaskExecutor(cfg.scheduler, workers, processes=dask_processes)
    return ProcessPoolExecutor(workers, cfg.start_method, log_queue, log_level,
                               move_time_limit=cfg.move_time_limit,
                               worker_memory=getattr(cfg, "worker_memory", None))


__all__ = ["SerialExecutor", "ProcessPoolExecutor", "DaskExecutor", "make_executor",
           "forfeit_record", "failed_record"]
