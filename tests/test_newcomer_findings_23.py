"""Findings of the session-23 tester, each pinned: ``report`` states a rating run's outcome when
the test used its whole schedule; ``rate``'s place shares a tie as its board does; ``match``
names every seat that forfeited; a state file is not called a view; an interrupted ``rate``
names the --out a rerun must change."""
import os

from click.testing import CliRunner

from tournaments.cli import _record_line, main
from tournaments.rate import board_places, format_result


def _rate(tmp_path, monkeypatch, *args):
    monkeypatch.chdir(tmp_path)
    return CliRunner().invoke(main, ["rate", *args, "--executor", "serial", "--out", "r"])


def test_report_states_a_rating_run_that_used_its_whole_schedule(tmp_path, monkeypatch):
    """A test that ran to its game cap said nothing in report.md (the early return for a run
    that played every scheduled game came before the rate record was read)."""
    r = _rate(tmp_path, monkeypatch, "random", "--game", "mate", "--pool", "heuristic",
              "--max-games", "4", "--seed", "2")
    assert r.exit_code == 0, r.output
    rep = CliRunner().invoke(main, ["report", "r"])
    assert rep.exit_code == 0, rep.output
    with open(os.path.join(tmp_path, "r", "report.md"), encoding="utf-8") as f:
        page = f.read()
    assert "A `trickhound rate` run of 4 games, its whole schedule" in page
    assert "did not decide before the game cap" in page


def _row(label, mu, sigma, candidate=False):
    return {"spec": label, "label": label, "mu": mu, "sigma": sigma,
            "conservative": mu - 3 * sigma, "games": 4, "candidate": candidate}


def test_a_tied_candidate_shares_its_place():
    board = [_row("heuristic", 25.0, 3.87), _row("mine", 25.0, 3.87, True), _row("random", 20, 3)]
    assert board_places(board) == [(1, True), (1, True), (3, False)]
    res = {"candidate": "mine", "test": None, "games": 4, "board": board, "place": 1,
           "place_shared": True, "of": 3, "mu": 25.0, "sigma": 3.87, "conservative": 13.39,
           "run_dir": "r", "source": None, "pool": ["heuristic", "random"], "fixed": [],
           "decision": None, "why": None, "forfeits": {"games": 4, "forfeited": 0},
           "unit": "points"}
    text = format_result(res)
    assert "place 1= of 3" in text
    assert " 1. heuristic" in text and " 1= mine" in text and " 3. random" in text


def test_match_names_every_forfeiting_seat():
    class Rec:
        termination = "forfeit"
        forfeit = {"seat": 0, "reason": "exception", "detail": "KeyboardInterrupt",
                   "others": [{"seat": 1, "reason": "exception", "detail": "SystemExit: 0"}]}

    line = _record_line(None, Rec())
    assert "seat 0 forfeits (exception: KeyboardInterrupt)" in line
    assert "seat 1 forfeits (exception: SystemExit: 0)" in line


def test_a_state_file_is_not_called_a_view(tmp_path):
    import json

    from solver.registry import load_game

    s = load_game("mate").new_initial_state(3)
    path = tmp_path / "state.json"
    path.write_text(json.dumps({**s.to_json(), "game": "mate"}))
    r = CliRunner().invoke(main, ["recommend", str(path), "--game", "mattis"])
    assert r.exit_code == 2 and "is a state of mate, not of mattis" in r.output
