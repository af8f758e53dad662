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


def _dtt5_view(tmp_path: Path) -> Path:
    import json

    from solver.registry import load_game
    from solver.search.recommend import view_from_moves
    game = load_game("dog-tag-trick(players=5)")
    obj = view_from_moves(game, 3, 0, "").to_json()
    obj["game"] = game.spec()
    path = tmp_path / "view.json"
    path.write_text(json.dumps(obj))
    return path


def test_recommend_refuses_flags_a_view_file_would_silently_override(tmp_path: Path) -> None:
    view = str(_dtt5_view(tmp_path))
    r = CliRunner().invoke(main, ["recommend", view, "--seat", "2"])
    assert r.exit_code == 2 and "is a view of seat 0 (it holds its seat)" in r.output
    r = CliRunner().invoke(main, ["recommend", view, "--moves", "1B"])
    assert r.exit_code == 2 and "--moves goes with --game" in r.output
    r = CliRunner().invoke(main, ["recommend", view, "--game", "mate"])
    assert r.exit_code == 2 and "is a view of dog-tag-trick(players=5), not of mate" in r.output
    r = CliRunner().invoke(main, ["recommend", view, "--game", "dog-tag-trick(players=4)"])
    assert r.exit_code == 2 and "not of dog-tag-trick(players=4)" in r.output   # tester pass 3


def test_recommend_takes_c_minus_one_as_the_bots_do() -> None:
    import json
    r = CliRunner().invoke(main, ["recommend", "--game", "dog-tag-trick(players=3)", "--seat",
                                  "0", "--algo", "ismcts", "--param", "c=-1", "--iterations",
                                  "200", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["params"]["c"] == 0.2     # Dog Tag Trick's measured value
    r = CliRunner().invoke(main, ["recommend", "--game", "dog-tag-trick(players=3)", "--seat",
                                  "0", "--algo", "ismcts", "--param", "c=-2"])
    assert r.exit_code == 2 and "or -1" in r.output


def test_rate_says_when_the_pool_is_only_the_candidate(tmp_path: Path) -> None:
    r = CliRunner().invoke(main, ["rate", "random", "--game", "mate", "--pool", "random",
                                  "--out", str(tmp_path / "r")])
    assert r.exit_code == 2 and "the pool holds only the candidate itself" in r.output


def test_a_game_option_given_twice_must_agree(tmp_path: Path) -> None:
    cfg = tmp_path / "t.toml"
    cfg.write_text('game = "mate(forced_visibility=public)"\nbots = ["random", "heuristic"]\n'
                   '[options]\nforced_visibility = "hidden"\n')
    r = CliRunner().invoke(main, ["tournament", str(cfg), "--out", str(tmp_path / "run")])
    assert r.exit_code == 2 and "forced_visibility" in r.output and "give it once" in r.output
    cfg.write_text('game = "mate(forced_visibility=hidden)"\nbots = ["random", "heuristic"]\n'
                   'deals = 1\nexecutor = "serial"\n[options]\nforced_visibility = "hidden"\n')
    r = CliRunner().invoke(main, ["tournament", str(cfg), "--out", str(tmp_path / "run"),
                                  "--quiet"])
    assert r.exit_code == 0, r.output


def test_out_refuses_a_folder_that_is_not_a_run(tmp_path: Path) -> None:
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "notes.md").write_text("mine")
    r = CliRunner().invoke(main, ["tournament", "--game", "mate", "--bots", "random,heuristic",
                                  "--deals", "1", "--out", str(tmp_path / "results")])
    assert r.exit_code == 2 and "not a tournament run" in r.output
    assert os.listdir(tmp_path / "results") == ["notes.md"]


def test_solve_names_dealt_when_a_mid_game_state_lacks_it(tmp_path: Path) -> None:
    import json
    state = {"game": "mate", "phase": "lead", "trick": 5, "leader": 0,
             "hands": [["AC", "TC", "KC", "AS", "TS", "KD"], ["QC", "7C", "TH", "KH", "TD", "7D"]],
             "forced": [None, None]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state))
    r = CliRunner().invoke(main, ["solve", str(path)])
    assert r.exit_code == 2 and "needs \"dealt\"" in r.output, r.output


def test_play_says_when_a_bot_forfeits_and_who_plays_its_seat(tmp_path: Path) -> None:
    """Tester pass 3: the forfeit was told only after the game, the substitute's moves were
    printed as the forfeiter's."""
    plugin = tmp_path / "raiser.py"
    plugin.write_text("from bots.random_bot import RandomBot\n\n\nclass Raiser(RandomBot):\n"
                      "    name = 'raiser'\n\n    def act(self, view):\n"
                      "        raise RuntimeError('boom')\n")
    r = CliRunner().invoke(main, ["play", "tiny-tricks", "--seat", "1", "--vs",
                                  f"{plugin}:Raiser", "--seed", "3"], input="quit\n")
    lines = r.output.splitlines()
    assert lines[0] == (f"seat 0 ({plugin}:Raiser) forfeits (exception: RuntimeError: boom); "
                        f"the heuristic plays its seat from here"), r.output
    assert lines[1].startswith(f"seat 0 (heuristic for {plugin}:Raiser) plays ")
    assert r.output.rstrip().endswith("bye")


def test_the_control_variate_line_says_what_the_variances_say() -> None:
    """Tester pass 3: 26.88 -> 42.32 read "(x0.64); it removes no variance here", and 0 -> 0
    "(xinf) ... infx fewer deals"."""
    from tournaments.stats import control_gain
    assert control_gain(26.88, 42.32).startswith("it adds variance here (1.57x the deals")
    assert control_gain(0.0, 0.0) == "no variance to remove (every deal scored alike)"
    assert control_gain(10.0, 5.0).endswith("needs 2.00x fewer deals with it")
    assert control_gain(10.0, 10.0) == ("it removes no variance here (as many deals needed as "
                                        "without it)")


def test_the_sanity_table_is_printed_under_the_board(tmp_path: Path) -> None:
    """Tester pass 3: the sanity table was played but never shown on the terminal."""
    cfg = tmp_path / "t.toml"
    cfg.write_text(f'game = "mate"\nbots = ["heuristic", "solver"]\ndeals = 1\nseed = 3\n'
                   f'executor = "serial"\nout = "{tmp_path / "run"}"\n[leaderboard]\n'
                   f'sanity = ["random"]\nsanity_deals = 1\n')
    r = CliRunner().invoke(main, ["tournament", str(cfg), "--quiet"])
    assert r.exit_code == 0 and "Sanity table (" in r.output and "candidate random" in r.output
    r = CliRunner().invoke(main, ["report", str(tmp_path / "run")])
    assert r.exit_code == 0 and "Sanity table (" in r.output, r.output
