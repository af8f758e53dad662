"""report writes report.md, ratings.json and the PNGs; publish + rate use the leaderboard."""
import json
import os

from click.testing import CliRunner

from tournaments.cli import main
from tournaments.runner import run_tournament

from .conftest import run_config

PNG = b"\x89PNG\r\n\x1a\n"


def test_report_writes_markdown_json_and_plots(tmp_path, plugins):
    first = plugins["first.py"]
    cfg = run_config(tmp_path, "run", bots=["random", f"{first}:FirstLegal", "solver(worlds=1)"],
                     deals=3)
    run_tournament(cfg, progress=False)
    boards = str(tmp_path / "boards")
    r = CliRunner().invoke(main, ["report", cfg.out, "--publish", "--leaderboards", boards])
    assert r.exit_code == 0, r.output
    assert "Leaderboard: mate" in r.output and "first.py:FirstLegal" in r.output
    for name in ("ratings.png", "head_to_head.png", "scores.png"):
        with open(os.path.join(cfg.out, name), "rb") as f:
            assert f.read(8) == PNG, name
    md = open(os.path.join(cfg.out, "report.md")).read()
    for part in ("## Leaderboard", "## Head to head", "![ratings](ratings.png)",
                 "head_to_head.png", "## Forfeits and failures", "mu-3s", "Time per move"):
        assert part in md, part
    ratings = json.load(open(os.path.join(cfg.out, "ratings.json")))
    assert {b["label"] for b in ratings["bots"]} == {"random", "first.py:FirstLegal", "solver(worlds=1)"}
    assert ratings["records"] == 6 * 1 and len(ratings["pairs"]) == 3
    board = json.load(open(os.path.join(boards, "mate.json")))
    assert board["game"] == "mate" and len(board["bots"]) == 3


def test_report_errors(tmp_path):
    r = CliRunner().invoke(main, ["report", str(tmp_path / "nope")])
    assert r.exit_code == 2 and "trickhound: error:" in r.output


def test_rate_against_a_published_pool(tmp_path, plugins):
    first = plugins["first.py"]
    cfg = run_config(tmp_path, "pool", bots=["random", f"{first}:FirstLegal"], deals=4)
    run_tournament(cfg, progress=False)
    boards = str(tmp_path / "boards")
    assert CliRunner().invoke(main, ["report", cfg.out, "--publish", "--leaderboards", boards]).exit_code == 0
    published = {b["spec"]: b for b in json.load(open(os.path.join(boards, "mate.json")))["bots"]}
    out = str(tmp_path / "rate")
    r = CliRunner().invoke(main, ["rate", f"{first}:LastLegal", "--game", "mate", "--max-games", "12",
                                  "--sigma", "0.5", "--executor", "serial", "--out", out,
                                  "--leaderboards", boards])
    assert r.exit_code == 0, r.output
    assert "last.py" not in r.output and "first.py:LastLegal: mu" in r.output
    assert "place " in r.output and " of 3 " in r.output and "published leaderboard" in r.output
    assert "game cap reached" in r.output
    # The pool keeps its published ratings.
    for spec, b in published.items():
        assert f"mu {b['mu']:6.2f}" in r.output
    meta = json.load(open(os.path.join(out, "tournament.json")))
    assert meta["config"]["format"] == "gauntlet"
    n = sum(1 for _ in open(os.path.join(out, "games.jsonl")))
    assert n == 12


def test_rate_stops_when_sigma_is_small_enough(tmp_path, plugins):
    first = plugins["first.py"]
    r = CliRunner().invoke(main, ["rate", f"{first}:FirstLegal", "--game", "mate", "--pool", "random",
                                  "--sigma", "6", "--max-games", "200", "--executor", "serial",
                                  "--out", str(tmp_path / "r")])
    assert r.exit_code == 0, r.output
    assert "game cap" not in r.output and "place " in r.output
    n = sum(1 for _ in open(tmp_path / "r" / "games.jsonl"))
    assert n < 200


def test_rate_errors(tmp_path):
    r = CliRunner().invoke(main, ["rate", "nosuchbot", "--game", "mate", "--out", str(tmp_path / "x")])
    assert r.exit_code == 2 and "unknown bot" in r.output
    r = CliRunner().invoke(main, ["rate", "random", "--game", "mate", "--pool", "random",
                                  "--out", str(tmp_path / "y")])
    assert r.exit_code == 2 and "no pool" in r.output
