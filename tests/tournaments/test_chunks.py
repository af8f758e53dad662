"""Cheap games travel to pool workers in chunks (tournaments/executors.py): the records are
still the serial run's, each game once; a worker that dies or hangs in the middle of a chunk
costs only the game in play (retried, then a forfeit), the chunk's other games are played
again and recorded normally."""
import json
import os
import textwrap

import pytest

from tournaments.executors import ProcessPoolExecutor, preload_modules
from tournaments.records import GameRecord
from tournaments.runner import games_path, load_records, run_tournament

from .conftest import comparable, run_config

SOMETIMES = """
    import os, time
    from bots.base import Bot

    class SometimesExits(Bot):
        name = "sometimes-exits"
        def act(self, view):
            if self.seed % 5 == 0:
                os._exit(4)
            return view.legal_actions()[0]

    class SometimesHangs(Bot):
        name = "sometimes-hangs"
        def act(self, view):
            if self.seed % 7 == 0:
                time.sleep(30)
            return view.legal_actions()[0]
"""


@pytest.fixture
def sometimes(tmp_path):
    p = tmp_path / "sometimes.py"
    p.write_text(textwrap.dedent(SOMETIMES))
    return str(p)


def _warm_pool(tmp_path, workers=2, **kw):
    """A started pool that has played cheap games, so it sends chunks of many games at once."""
    pool = ProcessPoolExecutor(workers, **kw)
    pool.start()
    warm = run_config(tmp_path, "warm", bots="random,heuristic", deals=30,
                      executor="process", workers=workers)
    run_tournament(warm, executor=pool, progress=False)
    assert pool.chunk_size() > 1
    return pool


def test_cheap_games_in_chunks_write_the_serial_records(tmp_path):
    serial = run_config(tmp_path, "serial", bots="random,heuristic", deals=60)
    run_tournament(serial, progress=False)
    pooled = run_config(tmp_path, "pool", bots="random,heuristic", deals=60,
                        executor="process", workers=2)
    pool = _warm_pool(tmp_path)
    try:
        run_tournament(pooled, executor=pool, progress=False)
    finally:
        pool.close()
    assert comparable(pooled.out) == comparable(serial.out)
    assert [r.game_id for r in load_records(pooled.out)] == list(range(120))


def test_the_writer_writes_the_line_the_worker_encoded(tmp_path):
    """Each games.jsonl line is the record's JSON with sorted keys, as the writer itself
    would encode it."""
    cfg = run_config(tmp_path, "pool", bots="random,heuristic", deals=10, executor="process",
                     workers=2)
    run_tournament(cfg, progress=False)
    with open(games_path(cfg.out), encoding="utf-8") as f:
        for line in f:
            obj = json.loads(line)
            assert line.rstrip("\n") == json.dumps(GameRecord.from_json(obj).to_json(),
                                                   sort_keys=True)


def _seat_seed(rec, bot):
    return [seed for spec, seed in zip(rec.seating, rec.bot_seeds) if spec.endswith(bot)][0]


def test_a_worker_dying_mid_chunk_costs_only_the_game_in_play(tmp_path, sometimes):
    cfg = run_config(tmp_path, "run", bots=f"{sometimes}:SometimesExits,random", deals=40,
                     executor="process", workers=2)
    pool = _warm_pool(tmp_path)
    try:
        run_tournament(cfg, executor=pool, progress=False)
    finally:
        pool.close()
    records = load_records(cfg.out)
    assert [r.game_id for r in records] == list(range(80))
    crashed = {r.game_id for r in records if r.termination == "forfeit"}
    doomed = {r.game_id for r in records if _seat_seed(r, "SometimesExits") % 5 == 0}
    assert doomed and crashed == doomed
    for r in records:
        if r.game_id in doomed:
            assert r.forfeit["reason"] == "crash" and "exit code 4" in r.forfeit["detail"]
            assert r.seconds > 0        # the game's time until the death, not 0.0
        else:
            assert r.termination == "normal" and r.returns is not None


def test_a_hang_mid_chunk_is_a_timeout_and_the_rest_are_played(tmp_path, sometimes):
    cfg = run_config(tmp_path, "run", bots=f"{sometimes}:SometimesHangs,random", deals=12,
                     executor="process", workers=2)
    pool = _warm_pool(tmp_path, hard_limit=0.8)
    try:
        run_tournament(cfg, executor=pool, progress=False)
    finally:
        pool.close()
    records = load_records(cfg.out)
    assert [r.game_id for r in records] == list(range(24))
    hung = {r.game_id for r in records if _seat_seed(r, "SometimesHangs") % 7 == 0}
    assert hung
    for r in records:
        if r.game_id in hung:
            assert r.forfeit["reason"] == "timeout"
        else:
            assert r.termination == "normal"


def test_the_fork_server_preloads_every_game_and_the_builtin_bots():
    mods = preload_modules()
    assert "tournaments.worker" in mods and "bots.search_bots" in mods
    for slug in ("mate", "mattis", "dog_tag_trick", "mate_vic_village"):
        assert f"solver.games.{slug}._state" in mods
    assert all(os.sep not in m for m in mods)


def test_workers_times_bot_threads_beyond_the_cpus_is_warned(tmp_path, capsys):
    cfg = run_config(tmp_path, "run", bots="ismcts(iterations=20,threads=64),random", deals=1,
                     executor="process", workers=2)
    run_tournament(cfg, progress=False)
    err = capsys.readouterr().err
    assert "trickhound: warning: 2 workers x 64 search threads" in err
    assert [r.game_id for r in load_records(cfg.out)] == [0, 1]


def test_the_schedule_hash_is_unchanged_so_old_runs_resume():
    """The hash is built without dataclasses.astuple now: the same bytes as before."""
    import hashlib
    from dataclasses import astuple

    from tournaments.schedule import build_schedule, schedule_hash
    fixtures = build_schedule(3, ["random", "heuristic", "ismcts(iterations=10)"], 7, 11)
    h = hashlib.sha256(b"mattis(players=3)")
    for f in fixtures:
        h.update(json.dumps(astuple(f)).encode())
    assert schedule_hash("mattis(players=3)", fixtures) == h.hexdigest()


def test_record_to_json_is_dataclasses_asdict():
    from dataclasses import asdict
    rec = GameRecord(4, "mate", 9, ["random", "heuristic"], [1, 2], actions=[3, 4],
                     returns=[1.0, -1.0], ranks=[0, 1], termination="forfeit",
                     forfeit={"seat": 1, "reason": "illegal", "detail": "7"}, move_times=[0.1])
    out = rec.to_json()
    assert out == asdict(rec) and list(out) == list(asdict(rec))
    out["actions"].append(5)
    out["forfeit"]["seat"] = 0
    assert rec.actions == [3, 4] and rec.forfeit["seat"] == 1      # copies, not the record's


def test_a_chunk_comes_back_as_the_records_lines_in_one_block(tmp_path):
    """run_chunk's answer (what a pool worker sends): the played game ids, their
    games.jsonl lines as one block of bytes, in order, and the forfeits among them; the
    block parses back to the records play_job makes."""
    from tournaments.config import load_config
    from tournaments.records import RecordBatch
    from tournaments.schedule import schedule_of
    from tournaments.worker import ScheduledJobs, play_job, run_chunk
    bad = tmp_path / "bad.py"
    bad.write_text(textwrap.dedent("""
        from bots.base import Bot

        class Illegal(Bot):
            name = "illegal"
            def act(self, view):
                return 10 ** 6
    """))
    cfg = load_config(game="mate", bots=["random", f"{bad}:Illegal", "heuristic"], deals=3,
                      seed=5, out=str(tmp_path / "x"))
    source = ScheduledJobs(cfg.game, None, schedule_of(cfg, 2))
    ids = [5, 0, 3, 4]
    tag, got, block, forfeits, errors, seconds = run_chunk([source.job(g) for g in ids],
                                                           [-1.0, 0.0, -1.0, 0.0])
    assert tag == "batch" and got == ids and errors == [] and seconds > 0
    want = [play_job(source.job(g)) for g in ids]
    assert forfeits == sum(r.termination == "forfeit" for r in want) > 0
    lines = block.decode().split("\n")
    assert len(lines) == len(ids) + 1 and lines[-1] == ""      # one line per game, each ended
    for line in lines[:-1]:       # the writer's own encoding: keys sorted, no newline inside
        assert line == json.dumps(json.loads(line), sort_keys=True)
    parsed = RecordBatch(got, block, forfeits).records()
    assert [r.comparable() for r in parsed] == [r.comparable() for r in want]
