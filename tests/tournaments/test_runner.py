"""Serial, process-pool, Dask and killed-then-resumed runs of one config write the same
records (comparable(), sorted by game_id); no game is lost or played twice."""
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable

import pytest
from click.testing import CliRunner

from tournaments.cli import main
from tournaments.records import read_records
from tournaments.runner import load_records, repair_tail, run_tournament

from .conftest import REPO, comparable, run_config

BOTS = "solver(worlds=2),random"


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """An uninterrupted serial run of the config every test here compares against."""
    tmp = tmp_path_factory.mktemp("ref")
    cfg = run_config(tmp, "serial", bots=BOTS, deals=5)
    run_tournament(cfg, progress=False)
    return comparable(cfg.out)


def test_serial_run_is_complete(reference):
    assert [r["game_id"] for r in reference] == list(range(10))
    assert all(r["termination"] == "normal" for r in reference)


def test_process_pool_writes_the_same_records(tmp_path, reference):
    cfg = run_config(tmp_path, "pool", bots=BOTS, deals=5, executor="process", workers=2)
    run_tournament(cfg, progress=False)
    assert comparable(cfg.out) == reference
    log = open(os.path.join(cfg.out, "tournament.log")).read()
    assert "trickhound-worker" in log and "game 3 done" in log  # workers' logs gathered


def test_dask_local_cluster_writes_the_same_records(tmp_path, reference):
    pytest.importorskip("distributed")
    cfg = run_config(tmp_path, "dask", bots=BOTS, deals=5, executor="dask", workers=2)
    run_tournament(cfg, progress=False, dask_processes=False)
    assert comparable(cfg.out) == reference


def kill_when(cmd: list, env: dict, ready: Callable[[], bool], poll: float) -> None:
    """Start ``cmd`` (a tournament) in its own session and SIGKILL it once ``ready()`` (or it
    ended, or 60 s passed), its orphaned workers too."""
    proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            if ready():
                break
            time.sleep(poll)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # the run's orphaned workers, if any linger
        except (ProcessLookupError, PermissionError):
            pass


def test_killed_run_resumes_to_the_same_records(tmp_path, reference):
    out = str(tmp_path / "killed")
    # One game per message (no chunks of cheap games), so that records arrive one by one and
    # the kill lands between them however loaded the machine is.
    env = dict(os.environ, PYTHONPATH=REPO + os.pathsep + os.environ.get("PYTHONPATH", ""),
               TRICKHOUND_CHUNK_SECONDS="0")
    cmd = [sys.executable, "-m", "tournaments.cli", "tournament", "--game", "mate",
           "--bots", BOTS, "--deals", "5", "--seed", "3", "--workers", "2", "--out", out,
           "--quiet"]
    games = os.path.join(out, "games.jsonl")
    kill_when(cmd, env, lambda: len(read_records(games)) >= 2, poll=0.005)
    before = read_records(games)
    assert 2 <= len(before) < 10, "the kill should land midway"
    # A torn last line (a kill inside a write) must not corrupt what resume appends.
    with open(games, "a") as f:
        f.write('{"game_id": 99, "gam')
    r = CliRunner().invoke(main, ["resume", out, "--quiet"])
    assert r.exit_code == 0, r.output
    assert "10 of 10 games" in r.output and "Leaderboard" in r.output
    lines = [json.loads(line) for line in open(games)]
    ids = [obj["game_id"] for obj in lines]
    assert sorted(ids) == list(range(10)), "no game lost or played twice"
    assert comparable(out) == reference
    r = CliRunner().invoke(main, ["resume", out, "--quiet"])  # nothing left to play
    assert r.exit_code == 0 and "0 played now" in r.output
    assert len(open(games).readlines()) == 10


def test_resume_refuses_what_is_not_a_run_or_a_changed_schedule(tmp_path):
    r = CliRunner().invoke(main, ["resume", str(tmp_path)])
    assert r.exit_code == 2 and "not a tournament run directory" in r.output
    cfg = run_config(tmp_path, "r", bots="random,solver(worlds=1)", deals=1)
    run_tournament(cfg, progress=False)
    meta_path = os.path.join(cfg.out, "tournament.json")
    meta = json.load(open(meta_path))
    meta["config"]["seed"] = 99
    json.dump(meta, open(meta_path, "w"))
    r = CliRunner().invoke(main, ["resume", cfg.out])
    assert r.exit_code == 2 and "does not match" in r.output


def test_repair_tail(tmp_path):
    p = tmp_path / "g.jsonl"
    p.write_text('{"a": 1}\n{"b": 2}\n{"c"')
    assert repair_tail(str(p)) == 4
    assert p.read_text() == '{"a": 1}\n{"b": 2}\n'
    assert repair_tail(str(p)) == 0
    p.write_text('{"torn')
    repair_tail(str(p))
    assert p.read_text() == ""


def test_cli_tournament_prints_the_leaderboard(tmp_path):
    out = str(tmp_path / "demo")
    r = CliRunner().invoke(main, ["tournament", "--game", "mate",
                                  "--bots", "random,solver(worlds=1)",
                                  "--deals", "2", "--seed", "1", "--workers", "2", "--out", out])
    assert r.exit_code == 0, r.output
    assert "games/s" not in r.output  # no progress line when stderr is not a terminal
    assert r.output.startswith("4 of 4 games in ")
    assert "Leaderboard: mate" in r.output and "mu-3s" in r.output
    meta = json.load(open(os.path.join(out, "tournament.json")))
    assert meta["games"] == 4 and len(meta["schedule_hash"]) == 64
    assert len(load_records(out)) == 4


CHEAP = "random,heuristic"


def test_killed_mid_chunk_resumes_to_the_serial_records(tmp_path):
    """Cheap games in chunks (the default chunking): the run is killed (SIGKILL, the one
    writer and its chunks in flight) once some chunks are stored; resume plays exactly the
    games missing, and the records are the serial run's, each game once."""
    deals = 400
    serial = run_config(tmp_path, "serial", bots=CHEAP, deals=deals)
    run_tournament(serial, progress=False)
    out = str(tmp_path / "killed")
    env = dict(os.environ, PYTHONPATH=REPO + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("TRICKHOUND_CHUNK_SECONDS", None)
    cmd = [sys.executable, "-m", "tournaments.cli", "tournament", "--game", "mate",
           "--bots", CHEAP, "--deals", str(deals), "--seed", "3", "--workers", "2",
           "--out", out, "--quiet"]
    games = os.path.join(out, "games.jsonl")
    # past the first one-game chunks (the pool learning the pace): a chunk of many games
    # stored in one write
    kill_when(cmd, env, lambda: (os.path.exists(games)
                                 and open(games, "rb").read().count(b"\n") > 2), poll=0.002)
    repair_tail(games)      # what resume does first; here to count what the kill left
    before = read_records(games)
    assert 3 <= len(before) < 2 * deals, "the kill should land midway"
    r = CliRunner().invoke(main, ["resume", out, "--quiet"])
    assert r.exit_code == 0, r.output
    ids = [json.loads(line)["game_id"] for line in open(games)]
    assert sorted(ids) == list(range(2 * deals)), "no game lost or played twice"
    assert comparable(out) == comparable(serial.out)


class _Twice:
    """An executor that answers every game twice (two RecordBatches of the same games)."""

    def run_scheduled(self, source, game_ids, total=None):
        from tournaments.records import RecordBatch
        from tournaments.worker import play_job
        for gid in game_ids:
            batch = RecordBatch.of([play_job(source.job(gid))])
            yield batch
            yield RecordBatch(batch.game_ids, batch.lines, batch.forfeits)


def test_a_game_answered_twice_is_stored_once(tmp_path, caplog):
    cfg = run_config(tmp_path, "twice", bots=CHEAP, deals=3)
    ref = run_config(tmp_path, "ref", bots=CHEAP, deals=3)
    run_tournament(ref, progress=False)
    res = run_tournament(cfg, executor=_Twice(), progress=False)
    assert res.played == 6 and res.recorded == 6
    assert [json.loads(line)["game_id"] for line in open(os.path.join(cfg.out, "games.jsonl"))
            ] == list(range(6))
    assert comparable(cfg.out) == comparable(ref.out)
    assert "came back twice" in caplog.text


def test_max_deals_plays_a_prefix_and_resume_the_rest(tmp_path):
    """``max_deals`` (rate's batches) plays the fixtures of the first deals only; a resume
    without it plays the others, from game ids rebuilt by the workers."""
    ref = run_config(tmp_path, "ref", bots=CHEAP, deals=7)
    run_tournament(ref, progress=False)
    cfg = run_config(tmp_path, "part", bots=CHEAP, deals=7, executor="process", workers=2)
    res = run_tournament(cfg, progress=False, max_deals=3)
    assert res.played == 6 and [r.deal_index for r in load_records(cfg.out)] == [
        0, 0, 1, 1, 2, 2]
    res = run_tournament(cfg, resume=True, progress=False)
    assert res.played == 8 and res.recorded == 14
    assert comparable(cfg.out) == comparable(ref.out)


def test_pool_run_writes_its_meta_once_workers_play_and_before_any_record(tmp_path, reference,
                                                                           monkeypatch):
    """A new run's tournament.json (whose schedule hash is a pass over every game) is written
    while the pool's workers play their first games, never after a record: a run killed at
    any point is resumable once it holds a game. The hash is the schedule's, so the run
    resumes, and its records are the serial run's."""
    import tournaments.runner as runner
    from tournaments.executors import ProcessPoolExecutor
    from tournaments.schedule import schedule_of
    from tournaments.worker import ScheduledJobs

    seen = []
    real_write_meta = runner.write_meta
    real_run_scheduled = ProcessPoolExecutor.run_scheduled
    pools = []

    def run_scheduled(self, source: ScheduledJobs, *args, **kwargs):
        pools.append(self)
        return real_run_scheduled(self, source, *args, **kwargs)

    def write_meta(run_dir, *args):
        games = os.path.join(run_dir, "games.jsonl")
        seen.append((any(w.busy for w in pools[0]._pool),
                     os.path.exists(games) and os.path.getsize(games) > 0))
        return real_write_meta(run_dir, *args)

    monkeypatch.setattr(runner, "write_meta", write_meta)
    monkeypatch.setattr(ProcessPoolExecutor, "run_scheduled", run_scheduled)
    cfg = run_config(tmp_path, "pool", bots=BOTS, deals=5, executor="process", workers=2)
    run_tournament(cfg, progress=False)
    assert seen == [(True, False)]      # once: games in flight, no record written yet
    meta = json.load(open(os.path.join(cfg.out, "tournament.json")))
    assert meta["schedule_hash"] == schedule_of(cfg, 2).digest(cfg.game)
    assert comparable(cfg.out) == reference
    r = CliRunner().invoke(main, ["resume", cfg.out, "--quiet"])
    assert r.exit_code == 0, r.output       # the hash checks out: nothing left to play
    assert comparable(cfg.out) == reference
