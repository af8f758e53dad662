"""Findings of tester 11's pass over a fresh clone, each fixed and kept fixed: a finished
``--until-separated`` run that lost a game (a corrupt line, a torn last line) could not be
mended by ``resume``; ``--max-deals`` had no upper bound (a cap of 10**12 spun building its
schedule) and 0 became the default cap; an interrupted adaptive run's outcome file took over a
later run of fixed size in the same folder; the batch lines of an adaptive run were printed
under ``--quiet``; and the stop line could name pairs of identical bots the board did not
show."""
import json
import os
import shutil
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from tournaments.adaptive import ADAPTIVE, UNDER_WAY, run_until_separated
from tournaments.cli import main
from tournaments.records import CORRUPT
from tournaments.report import run_summary
from tournaments.runner import load_records

from .tournaments.conftest import run_config


def invoke(args: list[str]) -> Any:
    return CliRunner().invoke(main, args)


def _finished(tmp_path: Path) -> tuple[Any, list]:
    cfg = run_config(tmp_path, "whole", bots=["solver", "random"], deals=40)
    outcome = run_until_separated(cfg, 40, progress=False, echo=lambda m: None)
    assert outcome["stopped"] == "separated"
    return cfg, [rec.comparable() for rec in load_records(cfg.out)]


def test_resume_repair_mends_a_finished_adaptive_run(tmp_path: Path) -> None:
    """Tester 11: a corrupt line in a finished --until-separated run was refused by
    ``resume`` with advice to run ``resume --repair``, which said "finished, nothing to
    resume" and refused again. Now the line is moved aside and its game played again."""
    cfg, records = _finished(tmp_path)
    path = os.path.join(cfg.out, "games.jsonl")
    lines = open(path, encoding="utf-8").readlines()
    lines[4] = "xx\n"
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(lines)
    r = invoke(["resume", cfg.out, "--quiet"])
    assert r.exit_code == 2 and "1 corrupt line(s) (line 5)" in r.output, r.output
    r = invoke(["resume", cfg.out, "--quiet", "--repair"])
    assert r.exit_code == 0, r.output
    assert "is finished, its 1 lost game(s) played again" in r.output
    assert "moved 1 corrupt line(s)" in r.output
    assert os.path.exists(os.path.join(cfg.out, CORRUPT))
    assert [rec.comparable() for rec in load_records(cfg.out)] == records


def test_resume_replays_the_torn_last_line_of_a_finished_adaptive_run(tmp_path: Path) -> None:
    """Tester 11: a torn last line in a finished adaptive run was left out for good (the board
    counted one game less than the outcome said); a fixed-size run's resume replays it."""
    cfg, records = _finished(tmp_path)
    path = os.path.join(cfg.out, "games.jsonl")
    with open(path, "rb+") as f:
        f.truncate(os.path.getsize(path) - 40)
    r = invoke(["resume", cfg.out, "--quiet"])
    assert r.exit_code == 0, r.output
    assert "its 1 lost game(s) played again" in r.output
    assert [rec.comparable() for rec in load_records(cfg.out)] == records


def test_max_deals_is_bounded_and_checked_before_the_folder_is_made(tmp_path: Path) -> None:
    """Tester 11: --max-deals 10**12 spun, 10**20 crashed, 0 silently became the default cap."""
    for cap, words in (("1000000000000", "--max-deals must be between 1 and 100,000"),
                       ("99999999999999999999", "--max-deals must be between 1 and 100,000"),
                       ("0", "must be at least 1")):
        out = tmp_path / f"cap{len(cap)}"
        r = invoke(["tournament", "--game", "mate", "--bots", "random,heuristic",
                    "--until-separated", "--max-deals", cap, "--out", str(out)])
        assert r.exit_code == 2 and words in r.output, r.output
        assert "Traceback" not in r.output and not out.exists()


def test_a_fixed_size_run_drops_an_interrupted_adaptive_runs_outcome(tmp_path: Path) -> None:
    """Tester 11: an --until-separated run interrupted before its first game left
    adaptive.json ("under way"); a later fixed-size run in that folder was accepted but its
    board spoke of the other run's rule, and ``resume`` then refused the folder for good."""
    cfg = run_config(tmp_path, "x7", bots=["solver", "random"], deals=50)
    run_until_separated(cfg, 50, progress=False, echo=lambda m: None)
    out = Path(cfg.out)
    (out / "games.jsonl").write_text("")          # as if stopped before its first game
    with open(out / ADAPTIVE, "w", encoding="utf-8") as f:
        json.dump({"max_deals": 50, "deals_played": 0, "batch_deals": 6, "stopped": UNDER_WAY,
                   "identical": [], "unseparated": []}, f)
    r = invoke(["tournament", "--game", "mate", "--bots", "random,heuristic", "--deals", "2",
                "--quiet", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "until-separated" not in r.output and not (out / ADAPTIVE).exists()
    r = invoke(["resume", str(out), "--quiet"])
    assert r.exit_code == 0 and "4 of 4 games" in r.output, r.output


def test_quiet_adaptive_runs_print_only_the_result(tmp_path: Path) -> None:
    """Tester 11: the word after each batch ("after 6 deal(s) ...: 1 of 1 adjacent pairs
    separated") went to stderr under --quiet and when piped; the README says only the
    result is printed then."""
    r = invoke(["tournament", "--game", "mate", "--bots", "solver,random", "--until-separated",
                "--max-deals", "20", "--quiet", "--out", str(tmp_path / "q")])
    assert r.exit_code == 0, r.output
    assert "adjacent pairs separated" not in r.output
    assert "every adjacent pair separated after" in r.output       # the result, once


def test_the_stop_line_names_the_identical_pairs_the_board_shows(tmp_path: Path) -> None:
    """Tester 11: with bots that tie on every deal, the stop line named pairs (from the
    batches' summaries) that the final board, ordering the tied bots otherwise, did not show.
    The line now names the board's own adjacent pairs."""
    cfg = run_config(tmp_path, "ties", bots=["heuristic", "solver", "random"], deals=4)
    run_until_separated(cfg, 4, progress=False, echo=lambda m: None)
    path = os.path.join(cfg.out, ADAPTIVE)
    with open(path, encoding="utf-8") as f:
        outcome = json.load(f)
    # as if the batches had ordered the bots otherwise: a pair the board does not show
    outcome.update(stopped="separated", identical=[{"upper": "random", "lower": "heuristic",
                                                    "deals": 4}])
    with open(path, "w", encoding="utf-8") as f:
        json.dump(outcome, f)
    summary = run_summary(cfg.out, cfg)
    assert summary.note is not None and "random and heuristic" not in summary.note
    shown = [(a.upper, a.lower) for a in summary.adjacent]
    assert ("random", "heuristic") not in shown
    shutil.rmtree(cfg.out)
