"""Issue 17 (numbers, messages) and issue 13 item 5 (errors by cause): every numeric option
is range-checked with a message naming it; the project's own errors are one line and exit 2;
anything else is a bug: its traceback, a line saying so, exit 1."""
import pytest
from click.testing import CliRunner

import tournaments.cli as cli_module
from tournaments.cli import main

from .conftest import one_line_error


def invoke(args):
    r = CliRunner().invoke(main, args)
    return r.exit_code, r.stdout, r.stderr


@pytest.mark.parametrize("args, words", [
    (["match", "mate", "--games", "-2"], ["--games", "between 1 and 100,000, got -2"]),
    (["match", "mate", "--games", "x"], ["--games", "must be an integer"]),
    (["match", "mate", "--move-limit", "-1"], ["--move-limit", "between 0 and 3,600,"]),
    (["match", "mate", "--seed", "-1"], ["--seed", "between 0 and 18,446,744,073,709,551,615"]),
    (["bench", "--seconds", "-1"], ["--seconds", "more than 0"]),
    (["bench", "--seconds", "0"], ["--seconds", "more than 0"]),
    (["bench", "--seconds", "nan"], ["--seconds", "finite"]),
    (["bench", "--solve-deals", "0"], ["--solve-deals", "between 1"]),
    (["bench", "--length-games", "-5"], ["--length-games", "between 1"]),
    (["bench", "--limits", "/nonexistent"], ["--limits", "/nonexistent", "does not exist"]),
    (["recommend", "--game", "mate", "--seat", "1", "--iterations",
      "1000000000000000000000", "--time", "1"], ["--iterations", "between 1 and 10,000,000"]),
    (["recommend", "--game", "mate", "--seat", "1", "--algo", "pimc", "--worlds",
      "100000000", "--time", "1"], ["--worlds", "between 1 and 10,000"]),
    (["recommend", "--game", "mate", "--seat", "1", "--time", "-1"], ["--time", "more than 0"]),
    (["recommend", "--game", "mate", "--seat", "-1"], ["--seat", "at least 0"]),
    # Mate's exact solver reaches no frontier: the word was taken without a sound (tester 6)
    (["recommend", "--game", "mate", "--algo", "solver", "--param", "evaluation=bogus"],
     ["--param evaluation=bogus", "must be one of"]),
    (["recommend", "--game", "mate", "--seat", "1", "--param", "c=abc"],
     ["--param c=abc", "c must be a number"]),
    (["recommend", "--game", "mate", "--seat", "1", "--param", "c=-2"],
     ["--param c=-2", "c must be a finite number >= 0"]),
    (["recommend", "--game", "mate", "--seat", "1", "--param", "depth=3"],
     ["--param depth", "takes no parameter 'depth'"]),
    (["tournament", "--game", "mate", "--bots", "random,heuristic", "--workers", "0"],
     ["--workers", "at least 1"]),
    (["tournament", "--game", "mate", "--bots", "random,heuristic", "--iterations", "0"],
     ["--iterations", "between 1"]),
    (["tournament", "--game", "mate", "--bots", "random,heuristic", "--seed", "-3"],
     ["--seed", "between 0 and 18,446,744,073,709,551,615"]),
    (["tournament", "--game", "mate", "--bots", "random,heuristic", "--time-margin", "inf"],
     ["--time-margin", "finite"]),
    (["resume", "somewhere", "--workers", "-1"], ["--workers", "at least 1"]),
    (["rate", "x.py:X", "--game", "mate", "--margin", "0"], ["--margin", "positive"]),
    (["rate", "x.py:X", "--game", "mate", "--alpha", "0.7"], ["--alpha", "between 0 and 0.5"]),
    (["rate", "x.py:X", "--game", "mate", "--max-games", "0"], ["--max-games", "between 1"]),
])
def test_numeric_options_are_range_checked(args, words):
    """Issue 17.9/17.10: `match --games -2` and `bench --seconds -1` were accepted,
    `--limits /nonexistent` ignored, a huge --iterations a traceback."""
    one_line_error(*invoke(args), *words)


def test_toml_game_of_the_wrong_type_says_so(tmp_path):
    """Issue 17.10: `game = 5` in TOML said "no game given"."""
    path = tmp_path / "g.toml"
    path.write_text('game = 5\nbots = ["random", "heuristic"]\n')
    one_line_error(*invoke(["tournament", str(path), "--out", str(tmp_path / "run")]),
                   'game must be a game string such as "mate", got 5')


def test_bot_spec_error_is_a_user_error():
    from bots.spec import BotSpecError
    from solver.errors import TrickhoundError
    assert issubclass(BotSpecError, TrickhoundError)
    one_line_error(*invoke(["match", "mate", "--bots", "random,ismcts(iterations"]),
                   "cannot parse bot spec")


def test_an_internal_error_is_shown_as_a_bug(monkeypatch):
    """Issue 13.5: an internal KeyError printed as a user error with exit 2."""
    def broken():
        raise KeyError("mate")
    monkeypatch.setattr(cli_module, "available_games", broken)
    code, out, err = invoke(["games"])
    assert code == 1
    assert "Traceback (most recent call last)" in err and "KeyError: 'mate'" in err
    assert err.rstrip().splitlines()[-1] == (
        "trickhound: internal error: this is a bug in trickhound, not in your input; please "
        "report it with the traceback above")
    assert "trickhound: error:" not in err


@pytest.mark.parametrize("exc", [ValueError("x"), LookupError("y"), OSError(5, "z")])
def test_builtin_exceptions_are_bugs_not_user_errors(monkeypatch, exc):
    def broken():
        raise exc
    monkeypatch.setattr(cli_module, "available_games", broken)
    code, _, err = invoke(["games"])
    assert code == 1 and "this is a bug in trickhound" in err


def test_project_errors_are_user_errors(monkeypatch):
    from solver.errors import UnknownGameError

    def broken():
        raise UnknownGameError("no such game 'x'")
    monkeypatch.setattr(cli_module, "available_games", broken)
    one_line_error(*invoke(["games"]), "no such game 'x'")


def test_an_unwritable_leaderboard_folder_is_a_user_error(tmp_path):
    """A full disk or a read-only folder is the user's to fix: one line, exit 2."""
    from tournaments.config import load_config
    from tournaments.runner import run_tournament
    cfg = load_config(game="mate", bots="random,heuristic", deals=1, executor="serial",
                      out=str(tmp_path / "run"))
    run_tournament(cfg, progress=False)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    code, out, err = invoke(["report", cfg.out, "--publish", "--leaderboards", str(blocker)])
    lines = err.strip().splitlines()
    assert code == 2 and lines[-1].startswith(f"trickhound: error: cannot write {blocker}")
    assert "Traceback" not in err
