"""Findings of a newcomer's pass over the command line, each fixed and kept fixed: a bare
``trickhound`` shows its help, a bot returning a bool is not read as a card, and an empty
move in ``--moves`` is an error that names it."""
import numpy as np
import pytest
from click.testing import CliRunner

from bots.base import Bot
from solver.errors import InvalidActionError
from solver.game import View
from solver.search import split_moves
from tournaments.cli import main
from tournaments.referee import play_game


def test_bare_trickhound_prints_the_help_like_dash_dash_help() -> None:
    """click 8.2 on raises a usage error carrying the help for a group run without a command;
    it was shown as ``trickhound: error: Usage: ...`` with ``(see --help)`` on its last line,
    exit 2."""
    bare = CliRunner().invoke(main, [])
    asked = CliRunner().invoke(main, ["--help"])
    assert bare.exit_code == 0, bare.output
    assert bare.output == asked.output
    assert "Commands:" in bare.output and "error" not in bare.output


def test_a_genuine_usage_error_stays_one_line() -> None:
    for args in (["--no-such-option"], ["no-such-command"]):
        r = CliRunner().invoke(main, args)
        assert r.exit_code == 2, r.output
        lines = r.output.splitlines()
        assert len(lines) == 1 and lines[0].startswith("trickhound: error: "), r.output


class Yes(Bot):
    """Answers every move with a bool (Python counts True as the int 1)."""
    name = "yes"
    answer: object = True
    calls = 0

    def act(self, view: object) -> int:
        self.calls += 1
        return self.answer  # type: ignore[return-value]  # the fault under test


@pytest.mark.parametrize("answer", [True, False, np.True_, 7.0, "7"])
def test_a_bot_returning_a_bool_forfeits_for_not_returning_an_action(answer: object) -> None:
    """True was read as action 1: "returned 7H, not legal in ..." (or played, where legal);
    a float or a string that int() would take is no action either."""
    bot = Yes()
    bot.answer = answer
    rec = play_game("mate", [bot, "heuristic"], deal_seed=1, bot_seeds=[1, 2])
    assert rec.forfeit is not None
    assert rec.forfeit["seat"] == 0 and rec.forfeit["reason"] == "illegal"
    assert rec.forfeit["detail"] == f"returned {answer!r}, not an action (an int)"
    assert bot.calls == 1               # its first answer, not a card played for it


def test_an_int_like_return_is_still_an_action() -> None:
    """A numpy integer names its action as before."""

    class NumpyFirst(Bot):
        name = "numpy-first"

        def act(self, view: View) -> int:
            return np.int64(view.legal_actions()[0])

    rec = play_game("mate", [NumpyFirst(), "heuristic"], deal_seed=1, bot_seeds=[1, 2])
    assert rec.forfeit is None and rec.termination != "forfeit"


def _recommend(moves: str):
    return CliRunner().invoke(main, ["recommend", "--game", "mate", "--seed", "1",
                                     "--moves", moves, "--iterations", "50"])


@pytest.mark.parametrize("moves, error", [
    ("PASS,,AS", "move 2 is empty (two separators in a row)"),
    ("PASS;;AS", "move 2 is empty (two separators in a row)"),
    ("PASS,PASS,", "move 3 is empty (the moves end with a separator)"),
    (",PASS", "move 1 is empty (the moves start with a separator)"),
])
def test_an_empty_move_is_an_error_naming_its_number(moves: str, error: str) -> None:
    """``PASS,,AS`` dropped the empty move, so the error was about "move 2 ('AS')"."""
    r = _recommend(moves)
    assert r.exit_code == 2, r.output
    assert r.output == f"trickhound: error: {error}\n"
    r = CliRunner().invoke(main, ["analyse", "--game", "mate", "--seed", "1", "--moves", moves])
    assert r.exit_code == 2, r.output
    assert r.output == f"trickhound: error: {error}\n"


def test_spaces_around_moves_and_a_final_newline_are_not_empty_moves() -> None:
    assert split_moves(" PASS , PASS ") == (["PASS", "PASS"], True)
    assert split_moves("PASS\nPASS\n") == (["PASS", "PASS"], True)
    assert split_moves("PASS\r\nPASS\r\n") == (["PASS", "PASS"], True)
    assert split_moves("  ") == ([], False)
    assert _recommend(" PASS , PASS ").exit_code == 0
    with pytest.raises(InvalidActionError, match="move 2 is empty"):
        split_moves("PASS,\nPASS")
