"""What runs where the games are played (in-process, a pool worker or a Dask worker): a
``Job`` (game string + Fixture + move limit, all picklable; bots travel as spec text) in, a
GameRecord out.

A *tracker* is four shared doubles a pool worker writes as it plays: the seat whose bot is
running (-1 between bot calls), when that call started (``time.monotonic``, 0 when none), the
game id, and when that game started (``time.monotonic``). The parent reads it to name the seat
to blame when a worker dies, to stop a bot that never answers, and to record how long the
stopped game ran.
"""
import contextlib
import io
import json
import logging
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, MutableSequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Optional, Union

from bots.base import Bot
from bots.registry import make_bot, spec_cheats
from bots.spec import BotSpec
from solver.game import Game
from solver.registry import load_game
from tournaments.records import ABANDONED, GameRecord
from tournaments.referee import play_game, user_interrupted
from tournaments.schedule import Fixture, Schedule

log = logging.getLogger("trickhound.worker")
bot_log = logging.getLogger("trickhound.bot")

#: The tracker (see the module doc): [seat running or -1, its start time or 0, game id,
#: the game's start time].
Tracker = MutableSequence[float]
#: What run_job sends back: ("ok", record_json), ("ok", record_json, jsonl line) or ("error",
#: detail, seat).
JobResult = Union[tuple[str, dict[str, Any]], tuple[str, dict[str, Any], str],
                  tuple[str, str, int]]
#: What a pool worker sends back for a chunk of games: ("batch", game ids played, their
#: games.jsonl lines as bytes (in that order, each ending with a newline), how many of them
#: are forfeits or failed, [(game id, detail, seat) of each game something escaped the
#: referee in], wall seconds the chunk took). See records.RecordBatch.
ChunkResult = tuple[str, list[int], bytes, int, list[tuple[int, str, int]], float]


@dataclass(frozen=True)
class Job:
    game: str
    fixture: Fixture
    move_time_limit: Optional[float] = None


@dataclass(frozen=True)
class ScheduledJobs:
    """The jobs of one tournament by game id: the game, the move limit and the schedule,
    from which any fixture is rebuilt (schedule.Schedule.fixture). A pool worker is sent it
    once, then chunks of bare game ids: the one writer never makes or pickles a Job per game.
    """
    game: str
    move_time_limit: Optional[float]
    schedule: Schedule

    def job(self, game_id: int) -> Job:
        """The Job of game ``game_id``."""
        return Job(self.game, self.schedule.fixture(game_id), self.move_time_limit)


@lru_cache(maxsize=32)
def _game(text: str) -> Game:
    return load_game(text)


_BOT_CACHE: dict[str, tuple[type[Bot], dict[str, Any]]] = {}


def _build(spec: str, seed: int) -> Bot:
    """make_bot, with the class and converted parameters cached per spec (a plugin file is
    imported once per worker, not once per game)."""
    hit = _BOT_CACHE.get(spec)
    if hit is not None:
        cls, params = hit
        return cls(seed=seed, **params)
    bot = make_bot(spec, seed)
    try:
        params = {k: getattr(bot, k) for k in BotSpec.parse(spec).kwargs}
        _BOT_CACHE[spec] = (type(bot), params)
    except AttributeError:
        pass
    return bot


@lru_cache(maxsize=256)
class BotOutput(io.TextIOBase):
    """A bot's stdout (or stderr) while its code runs: each line goes to the log
    (``trickhound.bot``) with the seat and the bot's spec, never to the tournament's own
    stdout (the leaderboard's) or stderr (the progress line's)."""

    def __init__(self, seat: int, spec: str, stream: str = "stdout") -> None:
        self.seat, self.spec = seat, spec
        self.verb = "printed" if stream == "stdout" else "printed to stderr"
        self._buf = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self._buf += text
        *lines, self._buf = self._buf.split("\n")
        for line in lines:
            bot_log.info("seat %d %s %s: %s", self.seat, self.spec, self.verb, line)
        return len(text)

    def flush(self) -> None:
        if self._buf:
            bot_log.info("seat %d %s %s: %s", self.seat, self.spec, self.verb, self._buf)
            self._buf = ""


_OUTPUTS: dict[tuple[int, str], tuple[BotOutput, BotOutput]] = {}


def _outputs(seat: int, spec: str) -> tuple[BotOutput, BotOutput]:
    """The stdout and stderr BotOutputs of ``seat`` played by ``spec``, made once per process
    (an io object costs a cheap game's worth of microseconds to make, and one holds no text
    between calls: _track flushes it after each)."""
    pair = _OUTPUTS.get((seat, spec))
    if pair is None:
        pair = _OUTPUTS[(seat, spec)] = (BotOutput(seat, spec), BotOutput(seat, spec, "stderr"))
    return pair


@contextlib.contextmanager
def bot_output(seat: int, spec: str) -> Iterator[tuple[BotOutput, BotOutput]]:
    """While a bot's code runs: its stdout and stderr to the log (BotOutput), flushed after."""
    out, err = _outputs(seat, spec)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            yield out, err
    finally:
        out.flush()
        err.flush()


def _track(bot: Bot, seat: int, tracker: Tracker, spec: str = "?") -> None:
    """Wrap the bot's calls so the tracker names the seat while its code runs, and its
    prints go to the log (BotOutput, as ``bot_output`` does: any unfinished line is logged
    when the call returns).

    The wrapper runs around every move of every game, so it is kept to plain assignments: the
    seat's two BotOutputs (made once per seat and spec in a process) are swapped into
    ``sys.stdout`` / ``sys.stderr`` directly (what contextlib.redirect_stdout does, without
    its context manager and two new BotOutputs a call, which cost a cheap game as much as its
    bots' play: Mate random vs heuristic 0.50 ms a game with them, 0.30 ms without)."""
    out, err = _outputs(seat, spec)
    clock = time.monotonic

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        def tracked(*args: Any) -> Any:
            tracker[0] = seat
            tracker[1] = clock()
            saved_out, saved_err = sys.stdout, sys.stderr
            sys.stdout, sys.stderr = out, err
            try:
                return fn(*args)
            finally:
                sys.stdout, sys.stderr = saved_out, saved_err
                if out._buf:
                    out.flush()
                if err._buf:
                    err.flush()
                tracker[0] = -1
                tracker[1] = 0.0
        return tracked

    bot.act = wrap(bot.act)  # type: ignore[method-assign]
    bot.reset = wrap(bot.reset)  # type: ignore[method-assign]
    if type(bot).observe is not Bot.observe:
        bot.observe = wrap(bot.observe)  # type: ignore[method-assign]


def _blank(job: Job) -> GameRecord:
    f = job.fixture
    return GameRecord(game_id=f.game_id, game=job.game, deal_seed=f.deal_seed,
                      seating=list(f.seating), bot_seeds=list(f.bot_seeds),
                      oracle_seats=[s for s, spec in enumerate(f.seating) if spec_cheats(spec)],
                      deal_index=f.deal_index, rotation=f.rotation)


def forfeit_record(job: Job, seat: int, reason: str, detail: str) -> GameRecord:
    """The record of a game one seat lost without finishing it (ranks as the referee's)."""
    rec = _blank(job)
    rec.termination = "forfeit"
    rec.forfeit = {"seat": seat, "reason": reason, "detail": detail}
    rec.ranks = [1 if s == seat else 0 for s in range(len(job.fixture.seating))]
    return rec


def failed_record(job: Job, detail: str) -> GameRecord:
    """A game that could not be played and no seat can be blamed for: no ranks, not rated."""
    rec = _blank(job)
    rec.termination = "failed"
    rec.forfeit = {"seat": None, "reason": "crash", "detail": detail}
    return rec


def crash_record(job: Job, seat: Optional[int], detail: str) -> GameRecord:
    """A game whose worker died on every attempt: a forfeit by the seat to move when known."""
    if seat is not None and seat >= 0:
        return forfeit_record(job, seat, "crash", detail)
    return failed_record(job, detail)


def play_job(job: Job, tracker: Optional[Tracker] = None) -> GameRecord:
    """Play one fixture; returns the GameRecord. Bot faults become forfeits (the referee's)."""
    game = _game(job.game)
    f = job.fixture
    bots: list[Bot] = []
    for seat, spec in enumerate(f.seating):
        try:
            if tracker is not None:
                tracker[0] = seat
            with bot_output(seat, spec):
                bot = _build(spec, f.bot_seeds[seat])
        except KeyboardInterrupt:
            if user_interrupted():
                raise
            return forfeit_record(job, seat, "exception", "constructor: KeyboardInterrupt")
        except MemoryError as e:
            return forfeit_record(job, seat, "memory", f"constructor: MemoryError: {e}")
        except BaseException as e:  # noqa: B036 - even SystemExit in a constructor is a forfeit
            return forfeit_record(job, seat, "exception",
                                  f"constructor: {type(e).__name__}: {e}")
        if tracker is not None:
            tracker[0] = -1
            _track(bot, seat, tracker, spec)
        bots.append(bot)
    rec = play_game(game, bots, f.deal_seed, list(f.bot_seeds), game_id=f.game_id,
                    move_time_limit=job.move_time_limit, seating_specs=list(f.seating),
                    deal_index=f.deal_index, rotation=f.rotation)
    rec.game = job.game
    return rec


def run_job(job: Job, tracker: Optional[Tracker] = None, line: bool = False,
            done: Optional[list[str]] = None) -> JobResult:
    """play_job for executors: ``("ok", record_json)`` (``line``: ``("ok", record_json,
    games.jsonl line)``, the line encoded here rather than by the one writer), or ``("error",
    detail, seat)`` when something escaped the referee (e.g. a bot calling sys.exit).
    ``done``: a list the "game N done" note is appended to instead of logged at once."""
    if tracker is None:
        tracker = [-1.0, 0.0, float(job.fixture.game_id), 0.0]
    tracker[3] = time.monotonic()
    tracker[2] = float(job.fixture.game_id)
    try:
        rec = play_job(job, tracker)
        note = f"game {job.fixture.game_id} done: {rec.termination} in {rec.seconds:.2f}s"
        if done is None:
            log.info("%s", note)
        else:
            done.append(note)
        obj = rec.to_json()
        if line:
            return ("ok", obj, json.dumps(obj, sort_keys=True))
        return ("ok", obj)
    except KeyboardInterrupt:
        if user_interrupted() or tracker[0] < 0:
            raise
        return ("error", "KeyboardInterrupt", int(tracker[0]))
    except BaseException as e:  # noqa: B902 - SystemExit from a bot must not end a worker silently
        seat = int(tracker[0])
        log.warning("game %d: %s escaped the referee (seat %d running)", job.fixture.game_id,
                    type(e).__name__, seat)
        return ("error", f"{type(e).__name__}: {e}", seat)
    finally:
        tracker[0] = -1
        tracker[1] = 0.0


def _setup_worker_logging(log_queue: Any, level: int) -> None:
    if log_queue is None:
        return
    from logging.handlers import QueueHandler
    root = logging.getLogger("trickhound")
    root.handlers[:] = [QueueHandler(log_queue)]
    root.setLevel(level)
    root.propagate = False


def _quiet_stdout_fd() -> None:
    """Point this worker's file descriptor 1 at /dev/null. A bot's ``print`` is caught at the
    Python level (BotOutput, into the log), but bytes written to the descriptor itself
    (``os.write(1, ...)``, a C extension's printf) went straight into the terminal that holds
    the leaderboard (tester 9). A worker writes nothing to stdout itself: its records and log
    lines travel through pipes."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        sys.stdout.flush()
        os.dup2(devnull, 1)
    finally:
        os.close(devnull)


def limit_memory(mib: Optional[int]) -> None:
    """Cap this process's address space (RLIMIT_AS) at ``mib`` MiB: a bot that allocates
    beyond it gets a MemoryError (its ``memory`` forfeit) instead of driving the machine into
    swap. None: no limit. Under a cap, big ISMCTS searches keep no arrays for the next search
    (solver.search._ismcts's cache of mappings is off): memory one bot's search left would
    count against whichever bot plays next (tester 13)."""
    if not mib:
        return
    import resource

    from solver.search._ismcts import release_cached_memory, set_cache_limit
    set_cache_limit(0)
    release_cached_memory()
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    want = int(mib) * 2 ** 20
    if hard != resource.RLIM_INFINITY:
        want = min(want, hard)
    resource.setrlimit(resource.RLIMIT_AS, (want, hard))


def run_chunk(jobs: list[Job], tracker: Tracker) -> ChunkResult:
    """Play a chunk of jobs one after the other (run_job each) and answer them all at once, as
    one block of games.jsonl lines (see ChunkResult): a cheap game costs less than a round
    trip to the parent, and less than the parent's handling of a record object, so games
    travel in chunks and come back encoded (see executors.ProcessPoolExecutor). The tracker
    names the game and seat in play throughout."""
    t0 = time.perf_counter()
    done: list[str] = []
    ids: list[int] = []
    lines: list[str] = []
    errors: list[tuple[int, str, int]] = []
    forfeits = 0
    for job in jobs:
        res: Any = run_job(job, tracker, line=True, done=done)
        gid = job.fixture.game_id
        if res[0] == "ok":
            ids.append(gid)
            lines.append(res[2])
            forfeits += res[1]["termination"] in ABANDONED
        else:
            errors.append((gid, res[1], res[2]))
    if done:
        log.info("%s", "; ".join(done))        # one log record per chunk, not per game
    block = ("\n".join(lines) + "\n").encode("utf-8") if lines else b""
    return ("batch", ids, block, forfeits, errors, time.perf_counter() - t0)


def worker_main(conn: Any, tracker: Tracker, log_queue: Any = None, level: int = logging.INFO,
                memory_mib: Optional[int] = None) -> None:
    """A pool worker: receive chunks of games on ``conn`` until None or the parent goes
    away, and answer each with one ChunkResult when all its games are played. A chunk is a
    list of Jobs, or ``("games", [game ids])`` of the ScheduledJobs last sent as
    ``("jobs", ScheduledJobs)`` (which has no answer)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides what Ctrl-C does
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _setup_worker_logging(log_queue, level)
    limit_memory(memory_mib)
    _quiet_stdout_fd()
    log.info("worker %d started", os.getpid())
    source: Optional[ScheduledJobs] = None
    while True:
        try:
            chunk = conn.recv()
        except (EOFError, OSError):
            break
        if chunk is None:
            break
        if isinstance(chunk, tuple) and chunk[0] == "jobs":
            source = chunk[1]
            continue
        if isinstance(chunk, tuple):          # ("games", ids) of the source
            assert source is not None, "game ids sent before their ScheduledJobs"
            chunk = [source.job(gid) for gid in chunk[1]]
        msg = run_chunk(chunk, tracker)
        try:
            conn.send(msg)
        except (OSError, EOFError):
            break
    log.info("worker %d stopping", os.getpid())
