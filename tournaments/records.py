"""``GameRecord``: one finished game as one JSON line of ``games.jsonl`` (the source of truth
of a tournament; ratings and reports are recomputed from it)."""
import json
import math
import os
import threading
import time
from dataclasses import dataclass, field, fields
from typing import Any, Callable, Optional

from solver.errors import TrickhoundError

# Fields that depend on the machine's speed, not on the games: excluded when runs are compared.
TIMING_FIELDS = ("move_times", "seconds")


@dataclass
class GameRecord:
    game_id: int
    game: str                       # game string, e.g. "mate-vic-village(players=4)"
    deal_seed: int
    seating: list[str]              # bot spec per seat
    bot_seeds: list[int]
    actions: list[int] = field(default_factory=list)
    returns: Optional[list[float]] = None
    ranks: Optional[list[int]] = None
    termination: str = "normal"     # normal | forfeit | a game's own ending (e.g. move_cap)
    # {"seat": s, "reason": exception|illegal|timeout, "detail": text}
    forfeit: Optional[dict] = None
    oracle_seats: list[int] = field(default_factory=list)
    deal_index: int = 0             # which deal of the schedule (for duplicate pairing)
    rotation: int = 0               # which seat rotation of that deal
    move_times: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-able dict: what ``dataclasses.asdict`` gives (every field, lists
        and the forfeit dict copied), without its recursive deep copy of every list element,
        which cost more than a cheap game's play (the fields hold only numbers, strings, None,
        flat lists and one flat dict)."""
        out = {}
        for name in _FIELDS:
            v = getattr(self, name)
            out[name] = list(v) if isinstance(v, list) else (dict(v) if isinstance(v, dict)
                                                              else v)
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any], line: Optional[str] = None) -> "GameRecord":
        """The record of a JSON dict; ``line``: its games.jsonl line, already encoded (by the
        pool worker that played the game), which ``json_line`` then returns as is."""
        rec = cls(**obj)
        if line is not None:
            rec.__dict__["_line"] = line     # not a field: compared and copied by nobody
        return rec

    def json_line(self) -> str:
        """The record's line in games.jsonl (keys sorted, no newline): the line it was made
        with (``from_json``) when it has one, so that the one writer does not encode every game
        a second time (for a cheap game that cost as much as playing it), else encoded now."""
        line = self.__dict__.get("_line")
        return line if line is not None else json.dumps(self.to_json(), sort_keys=True)

    def comparable(self) -> dict[str, Any]:
        """The record without timing fields (what serial, parallel and resumed runs share)."""
        d = self.to_json()
        for k in TIMING_FIELDS:
            d.pop(k, None)
        return d


#: GameRecord's field names, in order (its JSON keys).
_FIELDS = tuple(f.name for f in fields(GameRecord))


# per game string: (its worst return, the sum of every seat's return or None), loaded once
_SCORING: dict[str, tuple[float, Optional[float]]] = {}


def _scoring(game: str) -> tuple[float, Optional[float]]:
    if game not in _SCORING:
        from solver.registry import load_game
        g = load_game(game)
        total = g.utility_sum()
        _SCORING[game] = (float(g.utility_bounds()[0]),
                          None if total is None else float(total))
    return _SCORING[game]


def worst_return(game: str) -> float:
    """The lowest return a seat can get in ``game`` (a game string): its declared utility bound
    (Game.utility_bounds), what a forfeit scores."""
    return _scoring(game)[0]


def constant_sum(game: str) -> Optional[float]:
    """The sum of every seat's return in ``game`` (a game string) where the game fixes it
    (Game.utility_sum: 0 in Mate), else None."""
    return _scoring(game)[1]


def seat_forfeits(forfeit: Optional[dict]) -> list[dict]:
    """Every forfeit a record's ``forfeit`` names, the first and its ``others`` (each with
    ``seat``, ``at``, ``reason``, ``detail``); [] when none or when it names no seat."""
    if not forfeit or forfeit.get("seat") is None:
        return []
    return [forfeit, *forfeit.get("others", [])]


def forfeiting_seats(forfeit: Optional[dict]) -> list[tuple[int, int]]:
    """(seat, moves played before its forfeit) of every forfeit a record's ``forfeit`` names
    (records from before ``at`` was kept: 0)."""
    return [(int(f["seat"]), int(f.get("at", 0))) for f in seat_forfeits(forfeit)]


def scored_returns(rec: GameRecord) -> Optional[list[Optional[float]]]:
    """What a game scores per seat, for mean scores, paired differences and ``rate``: a
    finished game's returns; for a forfeit, the game's worst return (``worst_return``) for the
    forfeiting seat, so that a bot never gains by forfeiting a game it is losing. In a
    two-player constant-sum game (Mate) the other seat scores the rest of the sum (the best
    return there is), played out or not, so that the two always sum to the constant as every
    finished game's do; elsewhere the others score their returns in the game the referee
    played out with a substitute in the forfeiter's seat (referee.play_game), or None where it
    was not played out (a worker stopped or killed mid-game, tampering, records older than the
    play-out). None for a failed game (no bot's fault) or a forfeit without a seat."""
    if rec.returns is not None and not rec.forfeit:
        return list(rec.returns)
    seat = rec.forfeit.get("seat") if rec.forfeit else None
    if rec.termination == "failed" or seat is None:
        return None
    # played out by the referee's substitute: the others' returns are a finished game's
    out: list[Optional[float]] = (list(rec.returns) if rec.returns is not None
                                  else [None] * len(rec.seating))
    forfeiters = {s for s, _at in forfeiting_seats(rec.forfeit)}
    for s in forfeiters:
        out[s] = worst_return(rec.game)
    total = constant_sum(rec.game)
    if len(out) == 2 and total is not None:
        # two seats, constant sum (Mate): the loss by the most there is is the other's win by
        # the most there is. Left to the play-out, the other seat scored the substitute's game
        # (a forfeit when ahead cost the opponent its own loss: [-968, -12], off the sum), and
        # unscored without one the games a bot ended by killing its worker when behind
        # vanished from its opponent's record (tester 6: heuristic won 34 of 40 games and
        # scored -106.8 a game)
        other = 1 - int(seat)
        if other not in forfeiters:       # (both forfeiting: both score the worst)
            out[other] = total - worst_return(rec.game)
    return out


class RecordBatch:
    """Finished games as the one writer stores them: their games.jsonl lines as one block of
    bytes (each line ends with a newline, in ``game_ids`` order) with the game ids and how
    many of them ended in a forfeit or failed. A pool worker sends one per chunk of games it
    played, already encoded, so the writer's work per game is a share of one ``write`` and no
    Python object (cheap games play in tens of microseconds: a record object and a write per
    game in the writer cost as much as a game). ``records()`` parses them back when a caller
    wants GameRecords."""

    __slots__ = ("game_ids", "lines", "forfeits", "_records")

    def __init__(self, game_ids: list[int], lines: bytes, forfeits: int = 0,
                 records: Optional[list[GameRecord]] = None) -> None:
        self.game_ids = game_ids
        self.lines = lines
        self.forfeits = forfeits
        self._records = records

    @classmethod
    def of(cls, records: list[GameRecord]) -> "RecordBatch":
        """The batch of these records (their own lines)."""
        lines = "".join([r.json_line() + "\n" for r in records]).encode("utf-8")
        return cls([r.game_id for r in records], lines,
                   sum(1 for r in records if r.termination in ABANDONED), list(records))

    def __len__(self) -> int:
        return len(self.game_ids)

    def records(self) -> list[GameRecord]:
        """The batch's GameRecords (those it was made of, else parsed from its lines)."""
        if self._records is None:
            self._records = [GameRecord.from_json(json.loads(line), line)
                             for line in self.lines.decode("utf-8").splitlines()]
        return self._records

    def without(self, game_ids: set[int]) -> "RecordBatch":
        """The batch less the games of ``game_ids`` (a game that came back twice)."""
        keep = [r for r in self.records() if r.game_id not in game_ids]
        return RecordBatch.of(keep)


#: Terminations of a game nobody finished (counted as forfeits by the progress line).
ABANDONED = ("forfeit", "failed")


class RecordWriter:
    """Appends records to a JSONL file, one line per game, written and flushed to the OS at
    once (so a killed process loses nothing written) and made durable (fsync) in batches:
    every ``every`` games or ``interval`` seconds, whichever comes first, and on ``sync`` /
    ``close`` (a run's end, Ctrl-C and SIGTERM all close it). An fsync costs milliseconds on
    a plain disk (3-4 ms here, 10-15 ms for a few MB), as much as a hundred cheap games: one
    per game halved such tournaments, one per 64 still left the writer idle in fsync half the
    time with cheap games.

    ``background`` (the default, BACKGROUND): the fsyncs run in a thread of their own, so the
    one writer never waits for one while games come back. A pool worker's answer (a chunk of
    cheap games, ~150 KB of lines) is larger than a pipe holds, so a writer blocked in fsync
    also stalled every worker that finished a chunk meanwhile; and syncing every INTERVAL in
    the background keeps the last fsync of a run (which the run does wait for) small, where
    one at the end of a second's games (a few MB) took 10-15 ms. Without it (``background``
    False) ``write_batch`` fsyncs in the caller when a batch is due.

    ``write`` / ``write_batch`` return the batches that became durable since the last call
    (oldest first; without ``background``, those this call made durable): a caller reports a
    game as done only then, so a resume after a crash of the machine itself still holds every
    game ever reported done. With ``on_durable`` they are passed to it instead, as soon as
    the fsync that made them durable returns (from the syncer thread with ``background``), and
    the calls return none: a caller that reports progress from it is not a batch late when the
    next game takes minutes. A failed fsync is raised by the next call. ``every=1`` (without
    ``background``) is the old fsync-per-game behaviour."""

    #: Default batch: games per fsync, and the longest a written game waits for its fsync.
    EVERY = 4096
    INTERVAL = 0.25
    #: Whether fsyncs run in a thread of their own (see the class doc).
    BACKGROUND = True

    def __init__(self, path: str, every: Optional[int] = None,
                 interval: Optional[float] = None, background: Optional[bool] = None,
                 on_durable: Optional[Callable[[list[RecordBatch]], None]] = None) -> None:
        self.path = path
        self.on_durable = on_durable
        self.every = max(1, self.EVERY if every is None else every)
        self.interval = self.INTERVAL if interval is None else interval
        self.background = self.BACKGROUND if background is None else background
        self.syncs = 0               # fsyncs done (for the bench and the tests)
        # Written and flushed, not yet fsynced (oldest first), and how many games they hold.
        # With ``background`` the syncer thread takes them under _cond, fsyncs, and moves
        # them to _durable, from which write_batch / sync / close hand them to the caller
        # (or passes them to on_durable).
        self._pending: list[RecordBatch] = []
        self._pending_games = 0
        self._durable: list[RecordBatch] = []
        self._last_sync = time.monotonic()
        self._f = open(path, "ab")
        self._cond = threading.Condition()
        self._closing = False
        self._syncing = False        # the syncer holds batches taken from _pending
        self._error: Optional[BaseException] = None
        self._thread: Optional[threading.Thread] = None
        if self.background:
            self._thread = threading.Thread(target=self._syncer, name="trickhound-fsync",
                                            daemon=True)
            self._thread.start()

    def write(self, record: "GameRecord") -> list["GameRecord"]:
        """Append ``record``; returns the records that became durable (maybe none)."""
        return [r for batch in self.write_batch(RecordBatch.of([record]))
                for r in batch.records()]

    def write_batch(self, batch: RecordBatch) -> list[RecordBatch]:
        """Append a batch's lines (one write); returns the batches that became durable
        (maybe none; see the class doc)."""
        # written and flushed before it is pending: an fsync that takes it covers its bytes
        self._f.write(batch.lines)
        self._f.flush()
        if not self.background:
            self._pending.append(batch)
            self._pending_games += len(batch)
            if self._due():
                return self.sync()
            return []
        with self._cond:
            self._pending.append(batch)
            self._pending_games += len(batch)
            self._cond.notify()      # the syncer fsyncs now if due, else times the interval
            return self._collect()

    def _due(self) -> bool:
        """Whether the pending games are due for an fsync (every K games or T seconds)."""
        return (self._pending_games >= self.every
                or time.monotonic() - self._last_sync >= self.interval)

    def _collect(self) -> list[RecordBatch]:
        """(Under _cond) the durable batches not yet handed out; raises a failed fsync."""
        if self._error is not None:
            raise self._error
        done, self._durable = self._durable, []
        return done

    def _syncer(self) -> None:
        """The background thread: fsync the pending batches when they are due (woken by
        write_batch, or after ``interval`` when no batch comes), when asked (sync) and at
        close; stop after the last fsync of a close or a failed fsync."""
        with self._cond:
            while True:
                while not self._pending or not (self._closing or self._due()):
                    if self._closing:
                        return
                    wait = self.interval - (time.monotonic() - self._last_sync)
                    self._cond.wait(timeout=max(wait, 0.001) if self._pending else None)
                taken, self._pending, self._pending_games = self._pending, [], 0
                self._syncing = True
                self._cond.release()
                try:
                    os.fsync(self._f.fileno())   # the GIL is released: the writer goes on
                except Exception as e:  # not swallowed: raised in the writer's thread
                    error: Optional[BaseException] = e
                else:
                    error = None
                finally:
                    self._cond.acquire()
                self._last_sync = time.monotonic()
                if error is None:
                    self.syncs += 1
                    if self.on_durable is None:
                        self._durable += taken
                    else:
                        error = self._hand_over(taken)
                self._syncing = False
                if error is not None:
                    self._error = error
                    self._cond.notify_all()
                    return
                self._cond.notify_all()

    def _hand_over(self, batches: list[RecordBatch]) -> Optional[BaseException]:
        """(The syncer, under _cond) pass durable batches to on_durable, the lock released
        meanwhile; what it raises is returned, to be raised in the writer's thread."""
        assert self.on_durable is not None
        self._cond.release()
        try:
            self.on_durable(batches)
        except Exception as e:  # not swallowed: raised in the writer's thread
            return e
        finally:
            self._cond.acquire()
        return None

    def sync(self) -> list[RecordBatch]:
        """fsync what was written (waiting for it); returns the batches that became durable
        (those waiting for it, and any made durable before and not yet handed out)."""
        if not self.background:
            done, self._pending, self._pending_games = self._pending, [], 0
            if done:
                os.fsync(self._f.fileno())
                self.syncs += 1
            self._last_sync = time.monotonic()
            if self.on_durable is not None:
                if done:
                    self.on_durable(done)
                return []
            return done
        with self._cond:
            self._last_sync = -float("inf")          # due now, whatever the interval
            self._cond.notify_all()
            while (self._pending or self._syncing) and self._error is None:
                self._cond.wait()
            return self._collect()

    def close(self) -> list[RecordBatch]:
        """Make everything durable and close the file; returns the batches that were waiting."""
        if self._f.closed:
            return []
        try:
            if self._thread is None:
                return self.sync()
            with self._cond:
                self._closing = True
                self._cond.notify_all()
            self._thread.join()
            with self._cond:
                return self._collect()
        finally:
            self._f.close()

    def __enter__(self) -> "RecordWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class CorruptRecordsError(TrickhoundError, ValueError):
    """games.jsonl holds a line that is not a record (other than a torn last line): the run's
    history cannot be trusted as it is, so ``resume`` and ``report`` refuse to guess which
    games it held. ``trickhound resume --repair`` moves such lines aside and replays them."""

    def __init__(self, path: str, bad: list[tuple[int, str]]) -> None:
        lines = ", ".join(str(n) for n, _ in bad[:5]) + (", ..." if len(bad) > 5 else "")
        run_dir = os.path.dirname(path) or "."
        super().__init__(f"{path}: {len(bad)} corrupt line(s) (line {lines}); nothing was "
                         f"changed. `trickhound resume --repair {run_dir}` moves them to "
                         f"{os.path.basename(CORRUPT)} and replays those games")
        self.path, self.bad = path, bad


#: Where ``resume --repair`` puts corrupt lines (next to games.jsonl), with their line numbers.
CORRUPT = "games.corrupt.jsonl"


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: object) -> bool:
    return (isinstance(v, (int, float)) and not isinstance(v, bool)
            and math.isfinite(v))


def check_record(rec: GameRecord) -> None:
    """A TypeError naming the first field of ``rec`` whose value a record of
    games.jsonl cannot hold: a line edited by hand or damaged on disk is then refused, naming
    its line, instead of failing deep in a report (tester 9: ``returns: "x"``,
    ``seating: [9, 9]``, ``forfeit: 5`` gave tracebacks; ``returns: [1]`` of a 4-seat game and
    a return of 1e400 counted silently). Records from the runner's own workers pass."""
    if not _is_int(rec.game_id):
        raise TypeError("game_id is not an integer")
    if not isinstance(rec.game, str):
        raise TypeError("game is not a game string")
    if not _is_int(rec.deal_seed):
        raise TypeError("deal_seed is not an integer")
    if not (isinstance(rec.seating, list) and rec.seating
            and all(isinstance(b, str) for b in rec.seating)):
        raise TypeError("seating is not a list of bot specs")
    seats = len(rec.seating)
    if not (isinstance(rec.bot_seeds, list) and len(rec.bot_seeds) == seats
            and all(_is_int(x) for x in rec.bot_seeds)):
        raise TypeError("bot_seeds is not one integer a seat")
    if not (isinstance(rec.actions, list) and all(_is_int(a) for a in rec.actions)):
        raise TypeError("actions is not a list of integers")
    if rec.returns is not None and not (
            isinstance(rec.returns, list) and len(rec.returns) == seats
            and all(_is_number(x) for x in rec.returns)):
        raise TypeError("returns is not one finite number a seat")
    if rec.ranks is not None and not (
            isinstance(rec.ranks, list) and len(rec.ranks) == seats
            and all(_is_int(x) and 0 <= x < seats for x in rec.ranks)):
        raise TypeError("ranks is not one rank (0 to seats - 1) a seat")
    if not isinstance(rec.termination, str):
        raise TypeError("termination is not text")
    if rec.forfeit is not None:
        if not isinstance(rec.forfeit, dict):
            raise TypeError("forfeit is not an object")
        others = rec.forfeit.get("others") or []
        if not isinstance(others, list):
            raise TypeError("forfeit's others is not a list")
        for f in [rec.forfeit, *others]:
            seat = f.get("seat") if isinstance(f, dict) else -1
            if not (seat is None or (_is_int(seat) and 0 <= seat < seats)):
                raise TypeError("forfeit names no seat of the game")
    if not (isinstance(rec.oracle_seats, list)
            and all(_is_int(x) and 0 <= x < seats for x in rec.oracle_seats)):
        raise TypeError("oracle_seats is not a list of seats")
    for name in ("deal_index", "rotation"):
        v = getattr(rec, name)
        if not (_is_int(v) and v >= 0):
            raise TypeError(f"{name} is not a count")
    if not (isinstance(rec.move_times, list) and all(_is_number(x) for x in rec.move_times)):
        raise TypeError("move_times is not a list of seconds")
    if not _is_number(rec.seconds):
        raise TypeError("seconds is not a number")


def scan_records(path: str, games: Optional[int] = None
                 ) -> tuple[list[GameRecord], list[tuple[int, str]]]:
    """(every good record, every bad line as (line number, text)) of a JSONL file. A last
    line without its newline is a write torn by a kill, not corruption: it is left out of
    both (``resume`` cuts it). ``games``: the run's schedule size, when known; a record whose
    game_id is not one of its games (0 to games - 1) is a bad line too (tester 8: an edited
    id was counted, "49 of 48 games")."""
    out: list[GameRecord] = []
    bad: list[tuple[int, str]] = []
    if not os.path.exists(path):
        return out, bad
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, raw in enumerate(f, 1):
            line = raw.strip()
            if not line:
                continue
            try:
                obj = json.loads(line)
                if not isinstance(obj, dict):
                    raise TypeError("not an object")
                rec = GameRecord.from_json(obj)
                check_record(rec)
                if games is not None and not 0 <= rec.game_id < games:
                    raise ValueError("game_id is not in the schedule")
            except (ValueError, TypeError):
                if raw.endswith("\n"):
                    bad.append((n, line))
                continue
            out.append(rec)
    return out, bad


def read_records(path: str, games: Optional[int] = None) -> list[GameRecord]:
    """Every record of a JSONL file (a torn last line from a kill is ignored). Raises
    CorruptRecordsError, naming the line numbers, if any other line is not a record (of the
    ``games`` scheduled, when given: see scan_records)."""
    out, bad = scan_records(path, games)
    if bad:
        raise CorruptRecordsError(path, bad)
    return out


def set_aside_corrupt(path: str, games: Optional[int] = None) -> list[tuple[int, str]]:
    """Move every corrupt line of ``path`` (``games``: as for scan_records) to CORRUPT beside
    it (appended, each as ``{"line": n, "text": ...}``) and rewrite ``path`` with the good
    lines only (atomically). Returns the lines moved; the games they held are then missing and
    ``resume`` replays them."""
    _, bad = scan_records(path, games)
    if not bad:
        return bad
    numbers = {n for n, _ in bad}
    aside = os.path.join(os.path.dirname(path), CORRUPT)
    with open(aside, "a", encoding="utf-8") as f:
        for n, text in bad:
            f.write(json.dumps({"line": n, "text": text}) + "\n")
        f.flush()
        os.fsync(f.fileno())
    tmp = path + ".repair"
    with open(path, encoding="utf-8", errors="replace") as src, \
            open(tmp, "w", encoding="utf-8") as dst:
        for n, raw in enumerate(src, 1):
            if n not in numbers:
                dst.write(raw)
        dst.flush()
        os.fsync(dst.fileno())
    os.replace(tmp, path)
    return bad
