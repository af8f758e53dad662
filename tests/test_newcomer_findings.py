"""What a newcomer found wrong in a fresh clone (session 5), each fixed and kept fixed: hidden
moves stay hidden from bots and from the human (docs/rules/mate-vic-village.md §5, §10.2;
docs/rules/mate.md §9.2), a bot that changes the referee's state forfeits, and bad input is
refused with one line before anything runs."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from bots.base import Bot
from bots.registry import make_bot
from bots.spec import BotSpecError
from solver.observation import move_text_for, seen_action
from solver.registry import load_game
from tournaments.cli import main
from tournaments.config import ConfigError, split_specs
from tournaments.referee import play_game

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_secret_discards_are_hidden_from_the_other_seats():
    """Vic Village §5 step 4: each player discards secretly. The other seats learn only that
    a card went; the discarder sees its own card."""
    game = load_game("mate-vic-village")
    s = game.new_initial_state(7)
    mover = s.current_player()
    for a in s.legal_actions():
        assert seen_action(s, a, mover) == a
        for other in range(game.num_players):
            if other != mover:
                assert seen_action(s, a, other) is None
                assert move_text_for(s, a, other) == "a hidden move"


def test_face_down_forcing_is_hidden_but_pass_and_card_play_are_not():
    """Mate §9.2: a forced card lies face down; the opponent knows only that a card was forced
    (PASS is seen); §5: a played card is seen by both."""
    game = load_game("mate(forced_visibility=hidden)")
    s = game.new_initial_state(2)
    me = s.current_player()
    for a in s.legal_actions():
        text = s.action_to_str(a)
        assert (seen_action(s, a, 1 - me) is None) == (text != "PASS"), text
    public = load_game("mate").new_initial_state(2)     # §9.1: face up by default
    assert all(seen_action(public, a, 1 - me) == a for a in public.legal_actions())
    # at a lead every card is visible to the follower
    g = load_game("mate")
    st = g.new_initial_state(3)
    while "lead" not in st.summary():
        st.apply_action(st.legal_actions()[-1])
    follower = 1 - st.current_player()
    assert all(seen_action(st, a, follower) == a for a in st.legal_actions())


class Recorder(Bot):
    """Plays the lowest legal action and records what observe() tells it."""

    name = "recorder"
    log: list = []

    def act(self, view):
        return view.legal_actions()[0]

    def observe(self, view, seat, action):
        Recorder.log.append((self.seat, seat, action))


def test_observe_gets_none_for_a_move_the_seat_cannot_see():
    Recorder.log = []
    game = load_game("mate-vic-village")
    rec = play_game(game, [Recorder(), Recorder(), Recorder(), Recorder()], 7, [1, 2, 3, 4])
    assert rec.forfeit is None
    discards = [(me, mover, a) for me, mover, a in Recorder.log[:16]]   # 4 discards x 4 seats
    for me, mover, a in discards:
        assert (a is None) == (me != mover), (me, mover, a)
    later = [a for me, mover, a in Recorder.log[16:] if me != mover]
    assert later[:3] == [later[0]] * 3 and later[0] is not None   # the first lead, seen by all
    assert all(a is not None for me, mover, a in Recorder.log if me == mover)


class Tamperer(Bot):
    """Reaches the referee's true state through the call stack and plays a move on it."""

    name = "tamperer"

    def act(self, view):
        frame = sys._getframe(1)
        while frame is not None:
            state = frame.f_locals.get("state")
            if state is not None and hasattr(state, "apply_action"):
                state.apply_action(state.legal_actions()[0])
                break
            frame = frame.f_back
        return view.legal_actions()[0]


def test_a_bot_that_changes_the_referees_state_forfeits():
    game = load_game("mate")
    rec = play_game(game, [Tamperer(), make_bot("random", 1)], 3, [1, 2])
    assert rec.termination == "forfeit"
    assert rec.forfeit["seat"] == 0 and rec.forfeit["reason"] == "tampering"


@pytest.mark.parametrize("spec", ["ismcts(iterations=0)", "pimc(iterations=0)"])
def test_a_search_bot_without_budget_is_refused_when_configured(spec):
    with pytest.raises(BotSpecError, match="needs iterations > 0 or time_s > 0"):
        make_bot(spec, 0)
    make_bot(spec.replace(")", ",time_s=0.01)"), 0)         # a time budget is enough
    r = CliRunner().invoke(main, ["tournament", "--game", "dog-tag-trick(players=3)", "--bots",
                                  f"{spec},random", "--deals", "1", "--out", "unused"])
    assert r.exit_code == 2 and "needs iterations > 0" in r.output


@pytest.mark.parametrize("text, words", [("ismcts(iterations=10,random", "is not closed"),
                                         ("ismcts),random", "without its")])
def test_unbalanced_parentheses_in_a_bot_list(text, words):
    with pytest.raises(ConfigError, match=words):
        split_specs(text)
    r = CliRunner().invoke(main, ["match", "mate", "--bots", text])
    assert r.exit_code == 2 and words in r.output


def test_a_class_missing_from_a_plugin_file_is_named(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text("from bots.base import Bot\n\nclass Mine(Bot):\n    name = 'mine'\n"
                    "    def act(self, view):\n        return view.legal_actions()[0]\n")
    with pytest.raises(BotSpecError, match=r"no class 'Nope' in .*; its Bot classes: Mine"):
        make_bot(f"{path}:Nope", 0)


def test_solve_takes_a_perfect_information_view_and_refuses_a_hiding_one(tmp_path):
    game = load_game("mate")
    s = game.new_initial_state(5)
    view = tmp_path / "view.json"
    view.write_text(json.dumps({**s.view(s.current_player()).to_json(), "game": "mate"}))
    r = CliRunner().invoke(main, ["solve", str(view)])
    assert r.exit_code == 0 and "Best:" in r.output
    direct = CliRunner().invoke(main, ["solve", "--json", str(view)])
    state_file = tmp_path / "state.json"
    state_file.write_text(json.dumps({**s.to_json(), "game": "mate"}))
    assert json.loads(direct.output)["best"] == json.loads(
        CliRunner().invoke(main, ["solve", "--json", str(state_file)]).output)["best"]
    to_act = load_game("mattis").new_initial_state(3).current_player()
    r = CliRunner().invoke(main, ["recommend", "--algo", "solver", "--iterations", "5",
                                  "--game", "mattis", "--seed", "3", "--seat", str(to_act)])
    assert r.exit_code == 2 and "--iterations does not apply to --algo solver" in r.output


def test_play_never_prints_a_secret_discard():
    r = CliRunner().invoke(main, ["play", "mate-vic-village", "--seat", "0", "--vs", "heuristic",
                                  "--seed", "7"], input="B6\nquit\n")
    lines = [ln for ln in r.output.splitlines() if ln.startswith("seat ") and " plays " in ln]
    assert len(lines) == 3                                    # seats 1-3 discard after seat 0
    assert all(ln.endswith("plays a hidden move") for ln in lines), lines


def test_ctrl_c_stops_a_long_recommend_at_once():
    p = subprocess.Popen([sys.executable, "-m", "tournaments.cli", "recommend", "--game",
                          "mattis(players=5)", "--seed", "3", "--seat", "4", "--iterations",
                          "9000000"], cwd=REPO, env=dict(os.environ, PYTHONPATH=REPO),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(2.0)                       # the search has started (imports take ~1 s)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=30)  # without the fix: minutes
    assert p.returncode == 130 and err.strip().endswith("trickhound: interrupted")


def test_the_version_is_pyprojects():
    import re

    from tournaments import __version__
    with open(os.path.join(REPO, "pyproject.toml"), encoding="utf-8") as f:
        assert re.search(r'^version = "([^"]+)"$', f.read(), re.M).group(1) == __version__


def test_a_board_from_another_version_is_marked_stale(tmp_path):
    """Publishing writes the index inside the boards folder and marks a board played by an
    older version; rate warns before using its ratings."""
    from tournaments import __version__
    from tournaments.rate import stale_note
    from tournaments.report import write_index
    boards = tmp_path / "boards"
    boards.mkdir()
    board = {"game": "mate", "run": "r", "updated": "2026-12-01T00:00:00", "bots": [],
             "adjacent": []}
    (boards / "mate.json").write_text(json.dumps({**board, "trickhound_version": "0.0.1"}))
    assert "**Stale**" in open(write_index(str(boards))).read()
    assert "0.0.1" in stale_note("mate", str(boards))
    (boards / "mate.json").write_text(json.dumps({**board, "trickhound_version": __version__}))
    assert "Stale" not in open(write_index(str(boards))).read()
    assert stale_note("mate", str(boards)) is None
    assert not (tmp_path / "README.md").exists()
