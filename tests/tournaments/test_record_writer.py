"""Batched durable writes (issue 18 item 5): RecordWriter fsyncs every K games or T seconds
and at close, and the runner reports a game as done only once its record is durable."""
import io
import os

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
    w = RecordWriter(path, every=3, interval=3600.0)
    out = [w.write(_rec(i)) for i in range(7)]
    assert [[r.game_id for r in batch] for batch in out] == [[], [], [0, 1, 2], [], [],
                                                              [3, 4, 5], []]
    assert len(synced) == 2
    # Written and flushed to the OS at once, even before the fsync: a killed process loses
    # nothing written.
    assert [r.game_id for r in read_records(path)] == list(range(7))
    assert [r.game_id for r in w.close()] == [6]
    assert len(synced) == 3 and w.syncs == 3
    assert w.close() == []  # closing twice neither syncs nor fails


def test_writer_interval_bounds_the_wait(tmp_path, monkeypatch):
    monkeypatch.setattr(R.os, "fsync", lambda fd: None)
    w = RecordWriter(str(tmp_path / "g.jsonl"), every=1000, interval=0.0)
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

    def update(self, record=None, k=1):
        events.append(record.game_id)
        real(self, record, k)

    monkeypatch.setattr(runner.Progress, "update", update)
    monkeypatch.setattr(RecordWriter, "INTERVAL", 3600.0)
    cfg = run_config(tmp_path, "batched", bots="random,heuristic", deals=5)
    res = run_tournament(cfg, progress=False, stream=io.StringIO())
    assert res.recorded == 10
    ids = [e for e in events if e != "fsync"]
    assert sorted(ids) == list(range(10))
    # 4 + 4 + 2 (the close): every reported game follows an fsync that covered it.
    assert events.count("fsync") == 3
    syncs = 0
    reported = 0
    for e in events:
        if e == "fsync":
            syncs += 1
        else:
            # the k-th game reported (0-based) was in batch k // 4, synced before it is shown
            assert syncs >= reported // 4 + 1
            reported += 1
    assert len(read_records(os.path.join(cfg.out, "games.jsonl"))) == 10
