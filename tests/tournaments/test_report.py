"""report writes report.md, ratings.json and the PNGs; publish + rate use the leaderboard."""
import json
import os

from click.testing import CliRunner

from tournaments.cli import main
from tournaments.runner import run_tournament

from .conftest import REPO, run_config

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
    assert {b["label"] for b in ratings["bots"]} == {"random", "first.py:FirstLegal",
                                                     "solver(worlds=1)"}
    assert ratings["records"] == 6 * 1 and len(ratings["pairs"]) == 3
    board = json.load(open(os.path.join(boards, "mate.json")))
    assert board["game"] == "mate" and len(board["bots"]) == 3
    # the index lives inside the boards folder: publishing never rewrites a file beside it
    assert "## mate" in open(os.path.join(boards, "README.md")).read()
    assert not os.path.exists(tmp_path / "README.md")


def test_report_errors(tmp_path):
    r = CliRunner().invoke(main, ["report", str(tmp_path / "nope")])
    assert r.exit_code == 2 and "trickhound: error:" in r.output


def test_rate_against_a_published_pool(tmp_path, plugins):
    first = plugins["first.py"]
    cfg = run_config(tmp_path, "pool", bots=["random", f"{first}:FirstLegal"], deals=4)
    run_tournament(cfg, progress=False)
    boards = str(tmp_path / "boards")
    assert CliRunner().invoke(main, ["report", cfg.out, "--publish",
                                     "--leaderboards", boards]).exit_code == 0
    published = {b["spec"]: b for b in json.load(open(os.path.join(boards, "mate.json")))["bots"]}
    out = str(tmp_path / "rate")
    r = CliRunner().invoke(main, ["rate", f"{first}:LastLegal", "--game", "mate",
                                  "--max-games", "12", "--margin", "1000", "--executor", "serial",
                                  "--out", out, "--leaderboards", boards])
    assert r.exit_code == 0, r.output
    assert "last.py" not in r.output and "first.py:LastLegal: " in r.output
    board = os.path.join(boards, "mate.json")
    assert f"pool (published leaderboard {board}): first.py:FirstLegal, random" in r.output
    assert "place " in r.output and " of 3:" in r.output
    assert "SPRT: margin 1e+03 points, alpha 0.05, beta 0.05; bounds -2.94 / 2.94" in r.output
    # The pool keeps its published ratings.
    for b in published.values():
        assert f"mu {b['mu']:6.2f}" in r.output
    meta = json.load(open(os.path.join(out, "tournament.json")))
    assert meta["config"]["format"] == "gauntlet"
    n = sum(1 for _ in open(os.path.join(out, "games.jsonl")))
    assert n <= 12 and n % 4 == 0


def test_rate_leaves_out_pool_bots_the_install_cannot_build(tmp_path, plugins):
    """issue 17 item 5: a published pool naming a bot of a missing extra (here a plugin file
    that is gone) is rated against the rest, the omission named; never an error."""
    first = plugins["first.py"]
    boards = tmp_path / "boards"
    boards.mkdir()
    rows = [{"spec": s, "label": s, "mu": 25.0, "sigma": 2.0, "conservative": 19.0, "games": 8,
             "oracle": False} for s in ("random", str(tmp_path / "gone.py") + ":Gone")]
    (boards / "mate.json").write_text(json.dumps({"game": "mate", "run": "x", "updated": "x",
                                                  "bots": rows}))
    r = CliRunner().invoke(main, ["rate", f"{first}:FirstLegal", "--game", "mate",
                                  "--max-games", "8", "--executor", "serial",
                                  "--out", str(tmp_path / "r"), "--leaderboards", str(boards)])
    assert r.exit_code == 0, r.output
    assert "pool: leaving out gone.py:Gone" in r.output
    assert f"pool (published leaderboard {boards / 'mate.json'}): random" in r.output


def test_default_pool_has_no_openspiel_oracle_or_sanity_bots():
    """The built-in pool is the published boards' set of bots (their sanity table's random
    apart), so `rate` judges against the same bots with or without a board."""
    from solver.registry import load_game
    from tournaments.rate import default_pool
    pool = default_pool(load_game("mate"))
    assert pool == ["heuristic", "ismcts", "pimc", "solver"]
    assert not any(p.startswith("openspiel") for p in pool) and "oracle" not in pool
    for slug in ("mate", "mate-vic-village", "dog-tag-trick", "mattis"):
        with open(os.path.join(REPO, "results", "leaderboards", f"{slug}.json")) as f:
            published = {b["spec"] for b in json.load(f)["bots"] if not b.get("oracle")}
        assert set(default_pool(load_game(slug))) == published, slug


def test_publish_never_overwrites_without_force(tmp_path, plugins):
    cfg = run_config(tmp_path, "run", bots=["random", "heuristic"], deals=2)
    run_tournament(cfg, progress=False)
    boards = str(tmp_path / "boards")
    assert CliRunner().invoke(main, ["report", cfg.out, "--publish", "--leaderboards",
                                     boards]).exit_code == 0
    path = os.path.join(boards, "mate.json")
    before = open(path).read()
    r = CliRunner().invoke(main, ["report", cfg.out, "--publish", "--leaderboards", boards])
    assert r.exit_code == 2 and "exists" in r.output and "--force" in r.output
    assert open(path).read() == before
    r = CliRunner().invoke(main, ["report", cfg.out, "--publish", "--force", "--leaderboards",
                                  boards])
    assert r.exit_code == 0, r.output and "published" in r.output


def test_publish_never_overwrites_a_readme_that_is_not_a_boards_index(tmp_path, plugins):
    """Newcomer pass 2: `--publish --leaderboards .` replaced the project's README.md."""
    cfg = run_config(tmp_path, "run", bots=["random", "heuristic"], deals=2)
    run_tournament(cfg, progress=False)
    here = tmp_path / "project"
    here.mkdir()
    (here / "README.md").write_text("# My project\n")
    for extra in ([], ["--force"]):
        r = CliRunner().invoke(main, ["report", cfg.out, "--publish", "--leaderboards",
                                      str(here)] + extra)
        assert r.exit_code == 2 and "not a leaderboards index" in r.output, r.output
        assert (here / "README.md").read_text() == "# My project\n"
        assert not (here / "mate.json").exists()


def test_report_of_an_interrupted_run_says_so_and_publishes_only_with_force(tmp_path, plugins):
    """Newcomer pass 2: an interrupted run's board looked complete and was published."""
    cfg = run_config(tmp_path, "run", bots=["random", "heuristic"], deals=3)
    run_tournament(cfg, progress=False)
    games = os.path.join(cfg.out, "games.jsonl")
    lines = open(games).read().splitlines(keepends=True)
    with open(games, "w") as f:
        f.writelines(lines[:2])                     # as if stopped after two games
    boards = str(tmp_path / "boards")
    r = CliRunner().invoke(main, ["report", cfg.out, "--publish", "--leaderboards", boards])
    assert r.exit_code == 2 and "incomplete (2 of 6 games)" in r.output, r.output
    assert "holds 2 of its 6 scheduled games" in r.output
    assert not os.path.exists(os.path.join(boards, "mate.json"))
    r = CliRunner().invoke(main, ["report", cfg.out, "--publish", "--force", "--leaderboards",
                                  boards])
    assert r.exit_code == 0 and os.path.exists(os.path.join(boards, "mate.json")), r.output


def test_rate_errors(tmp_path):
    r = CliRunner().invoke(main, ["rate", "nosuchbot", "--game", "mate",
                                  "--out", str(tmp_path / "x")])
    assert r.exit_code == 2 and "unknown bot" in r.output
    r = CliRunner().invoke(main, ["rate", "random", "--game", "mate", "--pool", "random",
                                  "--out", str(tmp_path / "y")])
    assert r.exit_code == 2 and "no pool" in r.output
    for bad in (["--margin", "0"], ["--alpha", "0.7"], ["--beta", "0"]):
        r = CliRunner().invoke(main, ["rate", "random", "--game", "mate", "--pool", "heuristic",
                                      "--out", str(tmp_path / "z")] + bad)
        assert r.exit_code == 2 and "trickhound: error: --" in r.output, bad


def test_a_run_being_written_is_told_from_an_interrupted_one(tmp_path):
    """report's warning on a short run says "still playing" while its writer holds the run's
    lock, and "interrupted?" (with the resume command) once nobody does (tester 6)."""
    import os

    from tournaments.runner import RunLock, writer_pid
    run = str(tmp_path)
    assert writer_pid(run) is None                  # no lock file yet
    with RunLock(run):
        assert writer_pid(run) == str(os.getpid())
    assert writer_pid(run) is None                  # released: finished or stopped
