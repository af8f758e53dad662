"""Findings of a newcomer's pass over the command line, each fixed and kept fixed: a bare
``trickhound`` shows its help, a bot returning a bool is not read as a card, and an empty
move in ``--moves`` is an error that names it."""
from click.testing import CliRunner

from tournaments.cli import main


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
