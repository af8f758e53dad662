"""Findings of tester 8's pass over a fresh clone, each fixed and kept fixed: a bot file that
exits while it is imported, a bad TRICKHOUND_* setting, a games.jsonl line from outside the
run's schedule, ``evaluate --deals`` checked once, and the wall time of a timed-out game."""
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from bots.registry import available_bots, make_bot
from bots.spec import BotSpecError
from tournaments.cli import main


def one_error_line(r: object, exit_code: int = 2) -> str:
    """The single ``trickhound: error:`` line of a refused command (no traceback)."""
    out = r.output  # type: ignore[attr-defined]
    assert r.exit_code == exit_code, out  # type: ignore[attr-defined]
    lines = out.splitlines()
    errors = [ln for ln in lines if ln.startswith("trickhound: error: ")]
    assert len(errors) == 1 and "Traceback" not in out, out
    return errors[0]


@pytest.mark.parametrize("body, shown", [("import sys\nsys.exit(0)\n", "SystemExit: 0"),
                                         ("raise SystemExit(5)\n", "SystemExit: 5"),
                                         ("import sys\nsys.exit()\n", "SystemExit")])
def test_a_plugin_exiting_at_import_is_a_failed_import(tmp_path: Path, body: str,
                                                       shown: str) -> None:
    """Tester 8: a plugin file calling sys.exit() at import ended trickhound silently with
    the file's exit code (0 or 5), where a RuntimeError there is one error line, exit 2."""
    (tmp_path / "exiter.py").write_text(body)
    spec = f"{tmp_path}/exiter.py:X"
    with pytest.raises(BotSpecError, match=f"failed to import: {shown}$"):
        make_bot(spec)
    for args in (["match", "mate", "--bots", f"{spec},random", "--games", "1"],
                 ["tournament", "--game", "mate", "--bots", f"{spec},random", "--deals", "1",
                  "--out", str(tmp_path / "run")]):
        line = one_error_line(CliRunner().invoke(main, args))
        assert line.endswith(f"failed to import: {shown}")
    assert not (tmp_path / "run").exists()


def test_ctrl_c_while_a_plugin_imports_still_interrupts(tmp_path: Path) -> None:
    """Tester 8: only SystemExit became an import failure; a KeyboardInterrupt (the user's
    Ctrl-C) goes on interrupting."""
    (tmp_path / "ctrlc.py").write_text("raise KeyboardInterrupt\n")
    with pytest.raises(KeyboardInterrupt):
        make_bot(f"{tmp_path}/ctrlc.py:X")


def test_an_entry_point_exiting_at_import_is_a_failed_import(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """Tester 8: an installed bot package failing at import (a sys.exit() or an error) is
    one error line naming the entry point, as a plugin file's is."""
    pkg = tmp_path / "site"
    (pkg / "exitbot").mkdir(parents=True)
    (pkg / "exitbot" / "__init__.py").write_text("import sys\nsys.exit(3)\n")
    dist = pkg / "exitbot-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: exitbot\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(textwrap.dedent("""\
        [trickhound.bots]
        exit-bot = exitbot:ExitBot
    """))
    monkeypatch.syspath_prepend(str(pkg))
    assert "exit-bot" in available_bots()
    with pytest.raises(BotSpecError, match="entry point 'exit-bot' failed to import: "
                                           "SystemExit: 3"):
        make_bot("exit-bot")
    r = CliRunner().invoke(main, ["match", "mate", "--bots", "exit-bot,random", "--games", "1"])
    one_error_line(r)


@pytest.mark.parametrize("value", ["abc", "nan", "1e308", "inf", "-1", "61"])
@pytest.mark.parametrize("command", ["tournament", "match"])
def test_a_bad_chunk_seconds_setting_is_refused_before_a_run_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str, command: str) -> None:
    """Tester 8: TRICKHOUND_CHUNK_SECONDS=abc (nan, 1e308) was a traceback, exit 1, and left
    a run folder with tournament.json and an empty games.jsonl; it is one error line naming
    the range, exit 2, and no folder."""
    monkeypatch.setenv("TRICKHOUND_CHUNK_SECONDS", value)
    out = tmp_path / "run"
    args = (["tournament", "--game", "mate", "--bots", "random,heuristic", "--deals", "2",
             "--workers", "2", "--out", str(out), "--quiet"] if command == "tournament"
            else ["match", "mate", "--bots", "random,heuristic", "--games", "1"])
    line = one_error_line(CliRunner().invoke(main, args))
    assert "TRICKHOUND_CHUNK_SECONDS must be a number of seconds from 0 to 60" in line
    assert repr(value) in line
    assert not out.exists()


@pytest.mark.parametrize("value, seconds", [("0", 0.0), ("0.2", 0.2), ("60", 60.0),
                                            (" ", 0.05)])
def test_a_good_chunk_seconds_setting_sizes_the_chunks(monkeypatch: pytest.MonkeyPatch,
                                                       value: str, seconds: float) -> None:
    """Tester 8: the setting is read when a pool is made (it was read once, at import)."""
    from tournaments.executors import ProcessPoolExecutor
    monkeypatch.setenv("TRICKHOUND_CHUNK_SECONDS", value)
    assert ProcessPoolExecutor(1).chunk_seconds == seconds


def _finished_run(tmp_path: Path) -> tuple[Path, list[str]]:
    """A finished serial run of 24 Mate games and its games.jsonl lines."""
    out = tmp_path / "run"
    r = CliRunner().invoke(main, ["tournament", "--game", "mate", "--bots", "random,heuristic",
                                  "--deals", "12", "--executor", "serial", "--out", str(out),
                                  "--quiet"])
    assert r.exit_code == 0, r.output
    return out, (out / "games.jsonl").read_text().splitlines()


def test_a_line_of_a_game_outside_the_schedule_is_refused(tmp_path: Path) -> None:
    """Tester 8: a line edited to game_id 4000 was counted ("49 of 48 games", report's 49
    games); it is a corrupt line for resume, report and analyse, and resume --repair moves it
    aside and plays its game again."""
    import json

    from tournaments.runner import load_records
    out, lines = _finished_run(tmp_path)
    before = [r.comparable() for r in load_records(str(out))]
    edited = json.loads(lines[5])
    edited["game_id"] = 4000
    (out / "games.jsonl").write_text(
        "\n".join(lines[:5] + [json.dumps(edited, sort_keys=True)] + lines[6:]) + "\n")
    for args in (["resume", str(out)], ["report", str(out)]):
        line = one_error_line(CliRunner().invoke(main, args))
        assert "1 corrupt line(s) (line 6)" in line and "--repair" in line
    line = one_error_line(CliRunner().invoke(main, ["analyse", str(out)]))
    assert line.endswith("line 6: game_id 4000 is not one of the run's 24 scheduled games "
                         "(0..23)")
    r = CliRunner().invoke(main, ["resume", "--repair", "--quiet", str(out)])
    assert r.exit_code == 0, r.output
    assert "24 of 24 games" in r.output and "1 played now" in r.output
    assert "4000" in (out / "games.corrupt.jsonl").read_text()
    assert [r.comparable() for r in load_records(str(out))] == before


def test_a_repeated_line_counts_once(tmp_path: Path) -> None:
    """Tester 8: a game's line twice in games.jsonl is one game (the first line) for resume,
    report and analyse alike, as load_records has it."""
    out, lines = _finished_run(tmp_path)
    (out / "games.jsonl").write_text("\n".join(lines + [lines[2]]) + "\n")
    r = CliRunner().invoke(main, ["resume", "--quiet", str(out)])
    assert r.exit_code == 0 and "24 of 24 games" in r.output and "0 played now" in r.output
    r = CliRunner().invoke(main, ["report", str(out)])
    assert r.exit_code == 0 and "(24 games)" in r.output
    line = one_error_line(CliRunner().invoke(main, ["analyse", str(out)]))
    assert "holds 24 games" in line


@pytest.mark.parametrize("deals", ["0", "1", "-3"])
def test_evaluate_deals_is_checked_once_at_option_parsing(deals: str) -> None:
    """Tester 8: --deals 0 said "must be at least 1" and --deals 1 then "deals must be at
    least 2 for an interval": one check, one message, at least 2."""
    r = CliRunner().invoke(main, ["evaluate", "mate", "--candidate", "random",
                                  "--deals", deals])
    line = one_error_line(r)
    assert line == (f"trickhound: error: Invalid value for '--deals': must be at least 2, "
                    f"got {deals} (see --help)")


HANGER = '''
import time
from bots.base import Bot
class Hanger(Bot):
    name = "hanger"
    def act(self, view):
        time.sleep(60)
'''


def test_a_game_stopped_for_no_answer_records_how_long_it_ran(tmp_path: Path) -> None:
    """Tester 8: a timeout forfeit the pool stopped (no answer within 2 x limit + 1 s) said
    "seconds": 0.0 though the game had run that long; the record holds the game's wall time
    until it was stopped (a timing field: nothing else of the record changes)."""
    from tournaments.executors import ProcessPoolExecutor
    from tournaments.schedule import Fixture
    from tournaments.worker import Job
    (tmp_path / "hang.py").write_text(HANGER)
    seating = (f"{tmp_path}/hang.py:Hanger", "random")
    job = Job("mate", Fixture(0, 11, seating, (1, 2), 0, 0), 0.2)
    with ProcessPoolExecutor(1, move_time_limit=0.2) as pool:
        [rec] = list(pool.run([job]))
    assert rec.forfeit == {"seat": 0, "reason": "timeout",
                           "detail": "no answer within 1.4s; worker stopped"}
    assert 1.4 < rec.seconds < 30
