"""Findings of tester 9's pass over a fresh clone, each fixed and kept fixed: a game named by a
number, a hand-edited run folder, SIGTERM during ``bench``, oracles unmarked by ``evaluate`` and
``match``, a bot writing to the stdout descriptor, ``rate`` with changed pool bots or a pool bot
without a game, and a handful of refusals (``--name`` with a folder, ``--o2`` without
``--limits``, an empty bot spec)."""
import json
import os
import signal
import textwrap
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.test_cli import position, write
from tournaments.cli import main
from tournaments.stats import ORACLE_NOTE


def invoke(args: list[str]) -> Any:
    return CliRunner().invoke(main, args)


def one_error_line(r: Any, *words: str) -> str:
    """The single ``trickhound: error:`` line of a refused command (exit 2, no traceback)."""
    assert r.exit_code == 2, r.output
    lines = [ln for ln in r.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("trickhound: error: "), r.output
    assert "Traceback" not in r.output
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("game", [5, [1], {"a": 1}, True])
def test_a_game_named_by_anything_but_text_is_refused(tmp_path: Path, game: object) -> None:
    """Tester 9: ``"game": 5`` in a position file was a TypeError with a traceback (exit 1) in
    ``recommend`` and ``solve``."""
    path = write(tmp_path, position(game=game))
    for cmd in (["recommend", path], ["solve", path]):
        one_error_line(invoke(cmd), "a game is named by text")


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small finished tournament (tiny-tricks, 2 deals) whose folder the tests copy and
    damage."""
    out = tmp_path_factory.mktemp("runs") / "run"
    r = invoke(["tournament", "--game", "tiny-tricks", "--bots", "random,heuristic",
                "--deals", "2", "--executor", "serial", "--out", str(out)])
    assert r.exit_code == 0, r.output
    return out


def _copy(run: Path, dest: Path) -> Path:
    import shutil
    shutil.copytree(run, dest)
    return dest


@pytest.mark.parametrize("change, words", [
    (lambda c: [c], "config is not an object"),
    (lambda c: {**c, "seed": "x"}, "config.seed must be an integer"),
    (lambda c: {**c, "leaderboard": 3}, "config.leaderboard must be a table"),
    (lambda c: {k: v for k, v in c.items() if k != "bots"}, "config has no bots"),
    (lambda c: {**c, "bots": [1, 2]}, "config.bots must be a list of bot specs"),
    (lambda c: {**c, "game": 5}, "config.game must be text"),
])
def test_a_damaged_tournament_json_is_refused_in_one_line(finished_run: Path, tmp_path: Path,
                                                          change: Any, words: str) -> None:
    """Tester 9: a hand-edited tournament.json gave tracebacks in ``report`` and ``resume``."""
    run = _copy(finished_run, tmp_path / "run")
    meta = json.loads((run / "tournament.json").read_text())
    meta["config"] = change(meta["config"])
    (run / "tournament.json").write_text(json.dumps(meta))
    for cmd in (["report", str(run)], ["resume", str(run)]):
        one_error_line(invoke(cmd), words)


def test_a_run_of_a_later_format_is_refused(finished_run: Path, tmp_path: Path) -> None:
    run = _copy(finished_run, tmp_path / "run")
    meta = json.loads((run / "tournament.json").read_text())
    meta["trickhound_tournament"] = 99
    (run / "tournament.json").write_text(json.dumps(meta))
    one_error_line(invoke(["report", str(run)]), "run format 99")


@pytest.mark.parametrize("field, value, words", [
    ("returns", "x", "returns is not one finite number a seat"),
    ("returns", [1], "returns is not one finite number a seat"),
    ("returns", [1e400, 0], "returns is not one finite number a seat"),
    ("seating", [9, 9], "seating is not a list of bot specs"),
    ("forfeit", 5, "forfeit is not an object"),
    ("actions", "abc", "actions is not a list of integers"),
    ("game", 5, "game is not a game string"),
])
def test_a_damaged_record_is_refused_naming_its_line(finished_run: Path, tmp_path: Path,
                                                     field: str, value: object,
                                                     words: str) -> None:
    """Tester 9: a record whose field holds the wrong kind of value gave a traceback in
    ``report`` and ``analyse`` (or counted silently: one return for two seats, 1e400); it is a
    corrupt line, refused with its number (``resume --repair`` sets it aside)."""
    run = _copy(finished_run, tmp_path / "run")
    games = run / "games.jsonl"
    lines = games.read_text().splitlines()
    rec = json.loads(lines[1])
    rec[field] = value
    lines[1] = json.dumps(rec).replace("Infinity", "1e400")
    games.write_text("\n".join(lines) + "\n")
    one_error_line(invoke(["report", str(run)]), "line 2")
    line = one_error_line(invoke(["analyse", str(run), "--game-id", "0"]), "line 2")
    assert words in line and "malformed JSON" not in line
    r = invoke(["resume", str(run), "--repair"])
    assert r.exit_code == 0, r.output
    assert "moved 1 corrupt line" in r.output


def test_sigterm_during_bench_is_terminated_and_143(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tester 9: ``bench`` died of SIGTERM without a word. The signal arrives here while the
    bench runs (its run_bench sends it to this process); a fallback handler turns a missing
    handler into a test failure instead of the end of pytest."""
    import tournaments.bench as B

    class Unhandled(Exception):
        pass

    def fallback(signum: int, frame: object) -> None:
        raise Unhandled()

    def run_bench(**kw: object) -> dict:
        os.kill(os.getpid(), signal.SIGTERM)
        raise AssertionError("the signal did not stop the bench")

    monkeypatch.setattr(B, "run_bench", run_bench)
    old = signal.signal(signal.SIGTERM, fallback)
    try:
        r = invoke(["bench"])
    finally:
        signal.signal(signal.SIGTERM, old)
    assert not isinstance(r.exception, Unhandled), "bench installed no SIGTERM handler"
    assert r.exit_code == 143, r.output
    assert r.output.strip().endswith("trickhound: terminated")


def test_evaluate_and_match_mark_the_oracle() -> None:
    """Tester 9: ``evaluate`` and ``match`` printed the oracle like any bot, where every other
    report marks it (it sees the full state)."""
    r = invoke(["evaluate", "tiny-tricks", "--candidate", "oracle(iterations=50)", "--deals",
                "2", "--quiet"])
    assert r.exit_code == 0, r.output
    assert "oracle(iterations=50) *" in r.output and ORACLE_NOTE in r.output
    r = invoke(["evaluate", "tiny-tricks", "--candidate", "oracle(iterations=50)", "--deals",
                "2", "--quiet", "--json"])
    assert json.loads(r.output)["oracles"] == ["oracle(iterations=50)"]
    r = invoke(["match", "tiny-tricks", "--bots", "oracle(iterations=50),random", "--games",
                "1", "--quiet"])
    assert r.exit_code == 0, r.output
    assert "oracle(iterations=50) *" in r.output and ORACLE_NOTE in r.output
    r = invoke(["evaluate", "tiny-tricks", "--candidate", "random", "--deals", "2", "--quiet"])
    assert "*" not in r.output


FD_BOT = """
    import os
    from bots.base import Bot

    class FdWriter(Bot):
        name = "fdwriter"
        def act(self, view):
            os.write(1, b"RAW FD1 WRITE\\n")
            return view.legal_actions()[0]
"""


def test_a_bots_writes_to_the_stdout_descriptor_stay_out_of_the_output(tmp_path: Path) -> None:
    """Tester 9: bytes a bot wrote to file descriptor 1 itself (not through ``print``) reached
    the terminal among the leaderboard's lines; a worker's descriptor 1 is /dev/null. Run as a
    user runs it (a fresh process, its own forkserver), its stdout read whole."""
    import subprocess
    import sys
    (tmp_path / "fdbot.py").write_text(textwrap.dedent(FD_BOT))
    spec = f"{tmp_path}/fdbot.py:FdWriter"
    repo = Path(__file__).resolve().parent.parent
    for args in (["match", "tiny-tricks", "--bots", f"{spec},random", "--games", "2"],
                 ["tournament", "--game", "tiny-tricks", "--bots", f"{spec},random",
                  "--deals", "2", "--workers", "1", "--out", str(tmp_path / "run")]):
        r = subprocess.run([sys.executable, "-m", "tournaments.cli", *args], cwd=repo,
                           capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stderr
        assert "RAW FD1" not in r.stdout and "random" in r.stdout


def test_rate_rates_changed_pool_bots_afresh_and_lists_idle_ones(tmp_path: Path) -> None:
    """Tester 9: with --iterations the pool bots are other bots than the published board's,
    but were shown at its ratings; and a pool bot that played no game was left out of the
    TrueSkill list (``place 4 of 4`` under a pool of five)."""
    boards = Path(__file__).resolve().parent.parent / "results" / "leaderboards"
    r = invoke(["rate", "random", "--game", "dog-tag-trick", "--max-games", "4",
                "--iterations", "50", "--leaderboards", str(boards), "--executor", "serial",
                "--out", str(tmp_path / "r")])
    assert r.exit_code == 0, r.output
    assert "not the published board's bots (--iterations / --move-time)" in r.output
    assert "TrueSkill (pool fixed at its published ratings but for " in r.output
    listed = [ln for ln in r.output.splitlines() if " mu " in ln and "sigma" in ln
              and ln.startswith("  ")]
    assert len(listed) == 5 and any(ln.endswith("(no game)") for ln in listed), r.output


def test_recommend_solver_names_no_iterations() -> None:
    """Tester 9: the solver's header said "3 iterations, 3 worlds", where --iterations is
    refused for it (its budget is its worlds)."""
    r = invoke(["recommend", "--game", "mattis(players=5)", "--seed", "3", "--algo",
                "solver", "--worlds", "3"])
    assert r.exit_code == 0, r.output
    head = next(ln for ln in r.output.splitlines() if ln.startswith("solver for seat"))
    assert "iteration" not in head and "3 worlds" in head


def test_small_refusals(tmp_path: Path) -> None:
    """Tester 9: ``evaluate --name`` with a folder wrote outside --out; ``bench --o2`` without
    --limits was silently ignored; an empty bot spec between commas was skipped."""
    one_error_line(invoke(["evaluate", "tiny-tricks", "--candidate", "random", "--deals", "2",
                           "--out", str(tmp_path), "--name", "../x"]),
                   "--name must be a file name")
    assert not (tmp_path.parent / "x.json").exists()
    one_error_line(invoke(["bench", "--o2"]), "--o2", "--limits")
    one_error_line(invoke(["match", "tiny-tricks", "--bots", "random,,heuristic"]),
                   "empty bot spec")
    one_error_line(invoke(["tournament", "--game", "tiny-tricks", "--bots",
                           "random,heuristic,", "--deals", "1", "--out",
                           str(tmp_path / "run")]), "empty bot spec")


SLEEPER = """
    import time
    from bots.base import Bot

    class Sleeper(Bot):
        name = "sleeper"
        def act(self, view):
            time.sleep(1000)
"""


def test_rate_takes_a_move_limit(tmp_path: Path) -> None:
    """Tester 9: ``rate`` had no --move-limit (``tournament`` and ``match`` do): a bot that
    hangs cost the 60 s default a game. Here it forfeits each game on a timeout of 0.5 s and
    the rating ends WEAKER (the bot sleeps 1000 s: no race with the limit)."""
    (tmp_path / "sleeper.py").write_text(textwrap.dedent(SLEEPER))
    r = invoke(["rate", f"{tmp_path}/sleeper.py:Sleeper", "--game", "tiny-tricks", "--pool",
                "random", "--max-games", "2", "--move-limit", "0.5", "--out",
                str(tmp_path / "r")])
    assert r.exit_code == 0, r.output
    assert "WEAKER" in r.output and "(timeout 2)" in r.output, r.output
