"""Findings of the second newcomer/tester pass (a fresh clone, README only), each fixed and
held here. (The forfeit scoring is tests/test_forfeit_scoring.py; the sanity table,
tests/tournaments/test_separation.py; the publish index, tests/tournaments/test_report.py; a
bot's stderr, tests/faults/test_bots.py.)"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from tournaments.cli import main

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_an_unwritable_evaluate_out_is_refused_before_any_game(tmp_path: Path) -> None:
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    r = CliRunner().invoke(main, ["evaluate", "mate", "--candidate", "random", "--deals", "2",
                                  "--workers", "1", "--out", str(blocker / "sub")])
    assert r.exit_code == 2 and "not writable" in r.output, r.output
    assert "games" not in r.output          # refused before the evaluation played anything


def test_an_unwritable_analyse_plot_is_one_line(tmp_path: Path) -> None:
    r = CliRunner().invoke(main, ["analyse", "--game", "mate", "--seed", "3", "--moves", "",
                                  "--plot", str(tmp_path / "nope" / "x.png")])
    assert r.exit_code == 2 and "cannot write the plot" in r.output, r.output


@pytest.mark.parametrize("args", [
    ["evaluate", "mate-vic-village", "--candidate", "ismcts(iterations=50000)", "--deals", "4",
     "--workers", "1"],
    ["rate", "ismcts(iterations=50000)", "--game", "mate-vic-village", "--pool", "heuristic",
     "--executor", "serial"],
])
def test_ctrl_c_is_the_users_interrupt_not_a_bots_forfeit(args: list[str],
                                                            tmp_path: Path) -> None:
    """evaluate blamed the user's Ctrl-C on the bot in play (a forfeit, exit 1); rate and the
    others printed `aborted` (exit 1) where tournament and recommend say `interrupted`
    (130)."""
    if args[0] == "rate":
        args = args + ["--out", str(tmp_path / "rate")]
    p = subprocess.Popen([sys.executable, "-m", "tournaments.cli", *args], cwd=REPO,
                         env=dict(os.environ, PYTHONPATH=REPO), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    time.sleep(4.0)                       # imports done, a game in play
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130, (out, err)
    assert "trickhound: interrupted" in err and "forfeit" not in err, err
