"""Batched durable writes (issue 18 item 5): RecordWriter fsyncs every K games or T seconds
and at close, and the runner reports a game as done only once its record is durable; a
RecordBatch (a chunk's games.jsonl lines as one block of bytes) round-trips its records."""
import io
import os
import time

import pytest

from tournaments import records as R
from tournaments.records import GameRecord, RecordWriter, read_records
from tournaments.runner import run_tournament

from .conftest import run_config


def _rec(i: int) -> GameRecord:
    return GameRecord(game_id=i, game="mate", deal_seed=i, seating=["random", "random"],
                      bot_seeds=[1, 2])


def test_writer_fsyncs_in_batches_and_returns_what_became_durable(tmp_path, monkeypatch):
    synced = []
    monkeypatch.setattr(R.os, "fsync", lambda fd: synced.append(fd))
    path = str(tmp_path / "games.jsonl")
    w = RecordWriter(path, every=3, interval=3600.0, background=False)
    out = [w.write(_rec(i)) for i in range(7)]
    assert [[r.game_id for r in batch] for batch in out] == [[], [], [0, 1, 2], [], [],
                                                              [3, 4, 5], []]
    assert len(synced) == 2
    # Written and flushed to the OS at once, even before the fsync: a killed process loses
    # nothing written.
    assert [r.game_id for r in read_records(path)] == list(range(7))
    assert [b.game_ids for b in w.close()] == [[6]]
    assert len(synced) == 3 and w.syncs == 3
    assert w.close() == []  # closing twice neither syncs nor fails


def test_writer_interval_bounds_the_wait(tmp_path, monkeypatch):
    monkeypatch.setattr(R.os, "fsync", lambda fd: None)
    w = RecordWriter(str(tmp_path / "g.jsonl"), every=1000, interval=0.0, background=False)
    assert [r.game_id for r in w.write(_rec(0))] == [0]
    assert [r.game_id for r in w.write(_rec(1))] == [1]
    w.close()


def test_runner_reports_done_only_durable_games(tmp_path, monkeypatch):
    """Every game is counted by the progress line exactly once, each after the fsync that made
    it durable (the fsync count is what the batch size implies)."""
    events = []
    monkeypatch.setattr(R.os, "fsync", lambda fd: events.append("fsync"))
    monkeypatch.setattr(RecordWriter, "EVERY", 4)

    import tournaments.runner as runner
    real = runner.Progress.update

    def update(self, games=1, forfeits=0):
        events.append(games)
        real(self, games, forfeits)

    monkeypatch.setattr(runner.Progress, "update", update)
    monkeypatch.setattr(RecordWriter, "INTERVAL", 3600.0)
    monkeypatch.setattr(RecordWriter, "BACKGROUND", False)
    cfg = run_config(tmp_path, "batched", bots="random,heuristic", deals=5)
    res = run_tournament(cfg, progress=False, stream=io.StringIO())
    assert res.recorded == 10
    # serial: one game a batch; 4 + 4 + 2 (the close), each reported after its fsync
    assert events == ["fsync", 1, 1, 1, 1, "fsync", 1, 1, 1, 1, "fsync", 1, 1]
    assert len(read_records(os.path.join(cfg.out, "games.jsonl"))) == 10


def _lines_in(fd: int, path: str) -> int:
    """Complete lines now in ``path``, open on ``fd`` (write-only: read by name): the games
    an fsync of ``fd`` started now covers; 0 when ``fd`` is another file."""
    if not os.path.samestat(os.fstat(fd), os.stat(path)):
        return 0
    with open(path, "rb") as f:
        return f.read().count(b"\n")


def test_pooled_runner_reports_each_game_once_after_its_fsync(tmp_path, monkeypatch):
    """With chunks of games from pool workers and the fsyncs in the writer's background
    thread: the games reported done never outrun the games an fsync covered (the lines in
    the file when it ran), and each is reported once."""
    durable = [0]
    reported = [0]
    cfg = run_config(tmp_path, "pooled", bots="random,heuristic", deals=60, executor="process",
                     workers=2)

    def fsync(fd):
        durable[0] = max(durable[0], _lines_in(fd, os.path.join(cfg.out, "games.jsonl")))

    import tournaments.runner as runner
    real = runner.Progress.update

    def update(self, games=1, forfeits=0):
        reported[0] += games
        assert reported[0] <= durable[0]
        real(self, games, forfeits)

    monkeypatch.setattr(R.os, "fsync", fsync)
    monkeypatch.setattr(RecordWriter, "EVERY", 16)
    monkeypatch.setattr(runner.Progress, "update", update)
    assert RecordWriter.BACKGROUND
    res = run_tournament(cfg, progress=False, stream=io.StringIO())
    assert res.recorded == 120 and reported[0] == 120 == durable[0]


def test_background_writer_hands_out_each_batch_once_after_an_fsync_covered_it(
        tmp_path, monkeypatch):
    """Background fsyncs (slow ones, so that writes go on while one runs): every batch is
    handed out exactly once, in order, and only once an fsync that started after its lines
    were written has finished."""
    covered = [0]

    path = str(tmp_path / "games.jsonl")

    def slow_fsync(fd):
        lines = _lines_in(fd, path)
        time.sleep(0.002)
        covered[0] = max(covered[0], lines)

    monkeypatch.setattr(R.os, "fsync", slow_fsync)
    w = RecordWriter(path, every=3, interval=3600.0, background=True)
    handed: list[int] = []

    def take(batches):
        for b in batches:
            assert all(g < covered[0] for g in b.game_ids)   # game g is line g of the file
            handed.extend(b.game_ids)

    for i in range(40):
        take(w.write_batch(R.RecordBatch.of([_rec(i)])))
        if i % 7 == 0:
            time.sleep(0.003)     # let some fsyncs finish between writes
    take(w.close())
    assert handed == list(range(40))
    assert covered[0] == 40 and w.syncs >= 1


def test_background_writer_syncs_after_the_interval_without_more_writes(tmp_path, monkeypatch):
    """A written game waits at most about ``interval`` for its fsync even when no other game
    follows it; the next call hands it out."""
    synced = []
    path = str(tmp_path / "games.jsonl")
    monkeypatch.setattr(R.os, "fsync", lambda fd: synced.append(_lines_in(fd, path)))
    w = RecordWriter(path, every=1000, interval=0.01, background=True)
    assert w.write(_rec(0)) == []
    deadline = time.monotonic() + 30.0     # a bound for a loaded machine, not a speed check
    while not synced and time.monotonic() < deadline:
        time.sleep(0.005)
    assert synced == [1]
    assert [r.game_id for r in w.write(_rec(1))] == [0]
    assert [b.game_ids for b in w.close()] == [[1]]


def test_background_sync_waits_for_the_fsync(tmp_path, monkeypatch):
    synced = []
    path = str(tmp_path / "games.jsonl")
    monkeypatch.setattr(R.os, "fsync", lambda fd: synced.append(_lines_in(fd, path)))
    w = RecordWriter(path, every=1000, interval=3600.0, background=True)
    w.write_batch(R.RecordBatch.of([_rec(0), _rec(1)]))
    assert [b.game_ids for b in w.sync()] == [[0, 1]] and synced == [2]
    assert w.sync() == [] and synced == [2]          # nothing pending: no fsync
    assert w.close() == [] and w.syncs == 1


def test_background_fsync_failure_is_raised_and_nothing_is_reported(tmp_path, monkeypatch):
    """An fsync that fails (a full or failing disk) is raised in the writer's thread, by the
    next call, and the games it should have made durable are never handed out."""
    def failing(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(R.os, "fsync", failing)
    w = RecordWriter(str(tmp_path / "games.jsonl"), every=1, interval=3600.0, background=True)
    w.write(_rec(0))
    with pytest.raises(OSError, match="Input/output error"):
        w.sync()
    with pytest.raises(OSError, match="Input/output error"):
        w.close()
    # written and flushed all the same: a resume finds the game
    assert [r.game_id for r in read_records(str(tmp_path / "games.jsonl"))] == [0]


def test_a_batch_round_trips_its_records(tmp_path):
    recs = [_rec(i) for i in range(3)]
    recs[1].termination = "forfeit"
    recs[1].forfeit = {"seat": 0, "reason": "illegal", "detail": "9"}
    batch = R.RecordBatch.of(recs)
    assert batch.game_ids == [0, 1, 2] and batch.forfeits == 1 and len(batch) == 3
    assert batch.lines.decode().splitlines() == [r.json_line() for r in recs]
    parsed = R.RecordBatch(batch.game_ids, batch.lines, batch.forfeits).records()
    assert [r.comparable() for r in parsed] == [r.comparable() for r in recs]
    assert [r.game_id for r in batch.without({1}).records()] == [0, 2]
    assert batch.without({1}).forfeits == 0
    path = str(tmp_path / "games.jsonl")
    with RecordWriter(path) as w:
        w.write_batch(batch)
        w.write(_rec(7))
    assert [r.game_id for r in read_records(path)] == [0, 1, 2, 7]


@pytest.mark.parametrize("background", [True, False])
def test_on_durable_gets_each_batch_once_right_after_its_fsync(tmp_path, monkeypatch,
                                                                background):
    """With ``on_durable`` the batches go to it as soon as the fsync that covered them returns
    (with ``background``: without waiting for another write, which may be minutes away), once
    each and in order, and the calls return none."""
    path = str(tmp_path / "games.jsonl")
    covered = [0]
    monkeypatch.setattr(R.os, "fsync",
                        lambda fd: covered.__setitem__(0, max(covered[0], _lines_in(fd, path))))
    handed: list[int] = []

    def on_durable(batches):
        for b in batches:
            assert all(g < covered[0] for g in b.game_ids)
            handed.extend(b.game_ids)

    w = RecordWriter(path, every=2, interval=3600.0, background=background,
                     on_durable=on_durable)
    assert w.write_batch(R.RecordBatch.of([_rec(0)])) == []
    assert w.write_batch(R.RecordBatch.of([_rec(1)])) == []   # two games: due
    deadline = time.monotonic() + 30.0     # a bound for a loaded machine, not a speed check
    while handed != [0, 1] and time.monotonic() < deadline:
        time.sleep(0.005)
    assert handed == [0, 1]                 # no later write needed
    assert w.write_batch(R.RecordBatch.of([_rec(2)])) == []
    assert w.close() == [] and handed == [0, 1, 2]


def test_an_on_durable_failure_is_raised_in_the_writers_thread(tmp_path, monkeypatch):
    monkeypatch.setattr(R.os, "fsync", lambda fd: None)

    def broken(batches):
        raise BrokenPipeError("progress stream closed")

    w = RecordWriter(str(tmp_path / "games.jsonl"), every=1, interval=3600.0,
                     background=True, on_durable=broken)
    w.write(_rec(0))
    with pytest.raises(BrokenPipeError, match="progress stream closed"):
        w.close()
