"""Faulty bots (plugin files): each fault recorded with its reason, the tournament finishes."""
import os
import subprocess
import sys

import pytest

import tournaments
from tournaments.records import scored_returns, worst_return
from tournaments.runner import load_records, run_tournament
from tournaments.stats import leaderboard_text, summarize

from .conftest import run_config


def by_candidate(records, plugins):
    out = {}
    for r in records:
        cand = next(s for s in r.seating if s.startswith(plugins["faulty.py"]))
        out.setdefault(cand.rsplit(":", 1)[1], []).append(r)
    return out


def check(records, name, reason, detail=None, played_out=True):
    """``played_out``: the referee finished the game with its substitute in the forfeiter's
    seat (a fault inside the referee's process); not when the worker was stopped or died."""
    games = records[name]
    assert len(games) == 2  # one duplicate deal: the candidate in both seats
    for r in games:
        assert r.termination == "forfeit", (name, r)
        assert r.forfeit["reason"] == reason, (name, r.forfeit)
        seat = r.forfeit["seat"]
        assert r.seating[seat].endswith(":" + name)
        assert r.ranks[seat] == 1 and r.ranks[1 - seat] == 0
        assert (r.returns is not None) == played_out, (name, r.returns)
        # the forfeiter scores the game's worst return, the other seat (Mate is constant-sum)
        # the rest of the sum, played out or not
        scored = scored_returns(r)
        assert scored[seat] == worst_return(r.game)
        assert scored[1 - seat] == -worst_return(r.game)
        if detail:
            assert detail in r.forfeit["detail"], r.forfeit


def test_process_pool_survives_every_kind_of_fault(tmp_path, plugins):
    f = plugins["faulty.py"]
    cands = [f"{f}:{c}" for c in ("Raiser", "Illegal", "Slow", "Hanger", "Exiter", "Quitter")]
    cfg = run_config(tmp_path, "faults", format="gauntlet", candidates=cands, bots=["random"],
                     deals=1, executor="process", workers=2, move_time=0.2, time_margin=0.1)
    assert cfg.move_time_limit == pytest.approx(0.3)
    run_tournament(cfg, progress=False)
    records = load_records(cfg.out)
    assert [r.game_id for r in records] == list(range(12))  # the tournament finished
    got = by_candidate(records, plugins)
    check(got, "Raiser", "exception", "RuntimeError: boom")
    check(got, "Illegal", "illegal", "1000000")
    check(got, "Slow", "timeout", "> 0.300s")
    check(got, "Hanger", "timeout", "no answer within 1.6s", played_out=False)
    check(got, "Exiter", "crash", "exit code 3", played_out=False)
    check(got, "Quitter", "exception", "SystemExit: bye")  # BaseException: its forfeit
    log = open(f"{cfg.out}/tournament.log").read()
    assert "died" in log and "retrying" in log
    summary = summarize(records)
    assert summary.bots[0].label == "random"
    assert summary.forfeits == {"exception": 4, "illegal": 2, "timeout": 4, "crash": 2}
    assert "forfeits" in leaderboard_text(summary)


def test_serial_executor_records_forfeits_too(tmp_path, plugins):
    f = plugins["faulty.py"]
    cfg = run_config(tmp_path, "serial", format="gauntlet", bots=["random"], deals=1,
                     candidates=[f"{f}:Raiser", f"{f}:Illegal", f"{f}:Quitter"])
    run_tournament(cfg, progress=False)
    got = by_candidate(load_records(cfg.out), plugins)
    check(got, "Raiser", "exception")
    check(got, "Illegal", "illegal")
    check(got, "Quitter", "exception", "SystemExit: bye")  # BaseException: its forfeit


def test_workers_import_the_installed_package_not_the_current_directory(tmp_path):
    """Run from a directory holding same-named, uncompiled packages (a source checkout after a
    plain `pip install .`, the README's first command), the worker processes must still import
    the installed trickhound: Python's fork server puts the current directory first on its
    path unless told otherwise (tournaments/executors.py _start_forkserver)."""
    for pkg in ("solver", "tournaments", "bots"):
        (tmp_path / pkg).mkdir()
        (tmp_path / pkg / "__init__.py").write_text("# a decoy: no compiled modules here\n")
    # The parent drops the current directory from its own path, as a console script has none.
    code = ("import sys; sys.path[:] = [p for p in sys.path if p not in ('', '.')]; "
            "from tournaments.cli import main; main()")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(tournaments.__file__)))
    out = subprocess.run([sys.executable, "-c", code, "tournament", "--game", "mate", "--bots",
                          "random,heuristic", "--deals", "2", "--workers", "2", "--quiet",
                          "--out", str(tmp_path / "run")],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert len(load_records(tmp_path / "run")) == 4
