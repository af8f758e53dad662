"""The command line's wording: ``match`` names a Mate match as the rules do, and every example
command of every ``--help`` is printed whole on a line of an 80-column terminal."""
import os
import re
import shlex
import subprocess
import sys

import pytest
from click.testing import CliRunner

from tournaments.cli import main

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(args):
    return CliRunner().invoke(main, args)


def test_mate_match_is_counted_in_matches_of_four_games():
    """docs/rules/mate.md §3: a match is four games; §8: the higher total wins the match,
    equal totals are a drawn match. One engine game of Mate is a whole match."""
    r = run(["match", "mate", "--bots", "heuristic,random", "--seed", "1", "--games", "2"])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert sum(ln.startswith("match ") for ln in lines) == 2
    assert "Totals over 2 matches (8 games), 0 drawn:" in lines
    assert "game(s)" not in r.output and "first places" not in r.output
    won = [int(ln.rsplit(" ", 1)[1]) for ln in lines if "matches won" in ln]
    assert len(won) == 2 and sum(won) == 2        # no drawn match: one winner each


def test_a_drawn_mate_match_is_no_ones_win(tmp_path):
    """docs/rules/mate.md §3: games 2 and 4 replay the deals of games 1 and 3 with the hands
    and the deal exchanged, so a bot without chance playing itself scores the same in each
    pair of games from the other side: equal totals, a drawn match (§8, A16)."""
    bot = tmp_path / "high.py"
    bot.write_text("from bots.base import Bot\n\n\nclass High(Bot):\n"
                   "    name = 'high'\n\n    def act(self, view):\n"
                   "        return max(view.legal_actions())\n")
    spec = f"{bot}:High"
    r = run(["match", "mate", "--bots", f"{spec},{spec}", "--seed", "1", "--games", "2"])
    assert r.exit_code == 0, r.output
    assert r.output.count("ranks [0, 0]") == 2
    assert "Totals over 2 matches (8 games), 2 drawn:" in r.output, r.output
    assert r.output.count("matches won 0") == 2


def test_a_forfeited_match_is_played_out_and_counted_whole(tmp_path):
    """A bot that raises at its first move of game 3 forfeits the match; the referee's
    substitute plays its seat to the end, so all four games (docs/rules/mate.md §3) are
    played and counted, and the forfeiter's return is the worst."""
    bot = tmp_path / "quit3.py"
    bot.write_text("import random\n\nfrom bots.base import Bot\n\n\nclass Quit3(Bot):\n"
                   "    name = 'quit3'\n\n    def act(self, view):\n"
                   "        if view.to_json()['game_no'] == 3:\n"
                   "            raise RuntimeError('no third game')\n"
                   "        return random.Random(self.seed).choice(view.legal_actions())\n")
    r = run(["match", "mate", "--bots", f"{bot}:Quit3,random", "--seed", "1"])
    assert r.exit_code == 0, r.output
    assert "seat 0 forfeits (exception" in r.output
    assert "Totals over 1 match (4 games), 0 drawn:" in r.output, r.output
    assert "matches won 0" in r.output.splitlines()[-2]


def test_other_games_keep_games():
    r = run(["match", "dog-tag-trick", "--bots", "random,random,random,random", "--quiet"])
    assert r.exit_code == 0, r.output
    assert "Totals over 1 game(s):" in r.output and "first places" in r.output


def test_match_help_names_mate_matches():
    text = " ".join(run(["match", "--help"]).output.split())
    assert "in Mate, how many matches (each of four games)" in text
    assert "In Mate each is a match: four games" in text


# -- --help examples ---------------------------------------------------------------------------

def help_of(command):
    env = dict(os.environ, PYTHONPATH=REPO, COLUMNS="80")
    args = [command, "--help"] if command else ["--help"]
    p = subprocess.run([sys.executable, "-m", "tournaments.cli", *args], cwd=REPO,
                       env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout


def examples(command):
    """The example commands of a command's help text: its lines that start with
    ``trickhound``."""
    return [ln.strip() for ln in (main.commands[command].help or "").splitlines()
            if ln.strip().startswith("trickhound ")]


def test_commands_with_examples_are_the_expected_ones():
    with_examples = {c for c in main.commands if examples(c)}
    assert {"recommend", "tournament", "analyse", "evaluate", "rate"} <= with_examples


def test_the_group_help_fits_80_columns():
    assert all(len(ln) <= 80 for ln in help_of(None).splitlines())


@pytest.mark.parametrize("command", sorted(main.commands))
def test_help_prints_every_example_whole_within_80_columns(command):
    """Click rewraps a paragraph to the terminal; an example in a ``\\b`` paragraph is kept
    as written. Each must be a line of the --help output, whole, at most 80 columns wide, and
    name only options the command has."""
    out = help_of(command)
    lines = out.splitlines()
    assert all(len(ln) <= 80 for ln in lines), [ln for ln in lines if len(ln) > 80]
    for ex in examples(command):
        assert any(ln.strip() == ex for ln in lines), f"{ex!r} is not a whole line of:\n{out}"
        words = shlex.split(ex)
        assert words[:2] == ["trickhound", command]
        known = {o for p in main.commands[command].params for o in getattr(p, "opts", [])}
        for w in words[2:]:
            if re.fullmatch(r"--[a-z][a-z0-9-]*", w):
                assert w in known, f"{ex!r}: {command} has no option {w}"


def test_a_person_who_quits_ends_the_game_and_play_says_so() -> None:
    """``play --vs human``: a person at the terminal who stops (here the input ends) forfeits
    and the game ends there (the referee plays out no person's seat), so ``play`` says that,
    not that the heuristic plays on (tester 8)."""
    r = CliRunner().invoke(main, ["play", "mattis(players=4)", "--vs", "human"], input="")
    assert r.exit_code == 0, r.output
    said = [line for line in r.output.splitlines() if " forfeits (" in line]
    assert said and all(line.endswith("; the game ends here") for line in said), r.output
    assert "plays its seat from here" not in r.output


def test_a_closed_output_pipe_is_no_internal_error() -> None:
    """``trickhound bots | head -1``: the reader goes away; the command stops quietly with the
    exit code of a command SIGPIPE ended (141), not 1, which says "a bug in trickhound"
    (tester 8: exit 1, silent)."""
    p = subprocess.Popen([sys.executable, "-m", "tournaments.cli", "bots"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()                 # before the command writes its first line
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == 141, err
    assert err == ""


def test_match_fills_every_seat_with_one_spec_as_play_does() -> None:
    """``match GAME --bots random``: one spec plays every seat, as ``play --vs random`` fills
    the other seats (tester 8: match refused it, "needs 2 bots, got 1")."""
    r = CliRunner().invoke(main, ["match", "mate", "--bots", "random", "--quiet"])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["match", "mattis", "--bots", "random,random"])
    assert r.exit_code == 2 and "needs 4 bots (or one for every seat), got 2" in r.output
