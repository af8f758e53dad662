"""Findings of tester 10's pass over a fresh clone, each fixed and kept fixed: bots that crash
their workers ranked above the bot they left unscored, ``resume`` playing on past an
``--until-separated`` run's stopping rule, ``bench --save`` failing after its measurements,
unbounded ``evaluate`` budgets, ``match`` placing unscored seats first, ``analyse`` calling a
valid position "malformed JSON" and ``rate --leaderboards`` naming a missing folder; and one
noted after that pass: ``resume --repair`` not passed on to an adaptive run."""
import json
import os
import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tournaments.adaptive import ADAPTIVE, UNDER_WAY, run_until_separated
from tournaments.cli import main
from tournaments.runner import load_records
from tournaments.stats import summarize

from .tournaments.conftest import run_config

KILLERS = """
    import os
    from bots.base import Bot

    class Killer(Bot):
        name = "killer"
        def act(self, view):
            os._exit(1)

    class Killer2(Killer):
        pass
"""


@pytest.fixture
def killers(tmp_path: Path) -> str:
    path = tmp_path / "bad_bots.py"
    path.write_text(textwrap.dedent(KILLERS))
    return str(path)


def invoke(args: list[str]) -> Any:
    return CliRunner().invoke(main, args)


def test_bots_that_crash_their_workers_rank_below_the_bot_they_left_unscored(
        tmp_path: Path, killers: str) -> None:
    """Tester 10: two bots that end their worker process shared the only scored deals (each
    other's forfeits, paired +0.00) and ranked 1st and 2nd above heuristic, whose games they
    left unscored. A bot every one of whose scored games was its own forfeit ranks last; a
    seat left unscored places nowhere (no "1st")."""
    out = str(tmp_path / "run")
    r = invoke(["tournament", "--game", "dog-tag-trick(players=3)", "--bots",
                f"{killers}:Killer,{killers}:Killer2,heuristic", "--deals", "2",
                "--workers", "2", "--quiet", "--out", out])
    assert r.exit_code == 0, r.output
    summary = summarize(load_records(out))
    assert summary.bots[0].spec == "heuristic"
    assert all(row.first_places == 0 for row in summary.bots)


def test_resume_leaves_a_finished_adaptive_run_as_it_is(tmp_path: Path) -> None:
    """Tester 10: ``resume`` of a run that ``--until-separated`` had stopped played the rest of
    its schedule, up to the deal cap."""
    cfg = run_config(tmp_path, "sep", bots=["solver", "random"], deals=40)
    outcome = run_until_separated(cfg, 40, progress=False, echo=lambda m: None)
    assert outcome["stopped"] == "separated"
    before = [rec.comparable() for rec in load_records(cfg.out)]
    r = invoke(["resume", cfg.out, "--quiet"])
    assert r.exit_code == 0, r.output
    assert "is finished, nothing to resume" in r.output and "separated after" in r.output
    assert [rec.comparable() for rec in load_records(cfg.out)] == before


def test_resume_goes_on_under_the_rule_and_writes_the_same_games(tmp_path: Path) -> None:
    """An adaptive run stopped mid-batch (adaptive.json says "under way") is resumed under its
    stopping rule: it replays the batch in progress (keeping its recorded games) and stops where
    a run never stopped does, with the same records."""
    cfg = run_config(tmp_path, "whole", bots=["solver", "random"], deals=40)
    whole = run_until_separated(cfg, 40, progress=False, echo=lambda m: None)
    records = load_records(cfg.out)
    step = whole["batch_deals"]
    assert whole["deals_played"] > step          # at least two batches: one to cut into
    cut = str(tmp_path / "cut")
    shutil.copytree(cfg.out, cut)
    done = whole["deals_played"] - step          # the last batch was in progress ...
    kept = [rec for rec in records if rec.deal_index <= done]      # ... one deal of it played
    with open(os.path.join(cut, "games.jsonl"), "w", encoding="utf-8") as f:
        for rec in kept:
            f.write(json.dumps(rec.to_json()) + "\n")
    with open(os.path.join(cut, ADAPTIVE), "w", encoding="utf-8") as f:
        json.dump({"max_deals": 40, "deals_played": done, "batch_deals": step,
                   "stopped": UNDER_WAY, "identical": [], "unseparated": []}, f)
    r = invoke(["resume", cut, "--quiet"])
    assert r.exit_code == 0, r.output
    assert [rec.comparable() for rec in load_records(cut)] == [
        rec.comparable() for rec in records]
    with open(os.path.join(cut, ADAPTIVE), encoding="utf-8") as f:
        assert json.load(f) == whole


def test_bench_refuses_a_save_folder_it_cannot_write_before_measuring() -> None:
    """Tester 10: ``bench --save /proc/x`` measured for minutes, then ended in a traceback."""
    r = invoke(["bench", "--only", "tournaments", "--game", "tiny-tricks", "--save", "/proc/x"])
    assert r.exit_code == 2 and "output directory /proc/x is not writable" in r.output, r.output
    assert "Traceback" not in r.output and "games/s" not in r.output


@pytest.mark.parametrize("args, words", [
    (["--deals", "10000000"], "--deals must be at most 100,000"),
    (["--deals", "4", "--cpu-ms", "1e9"], "'--cpu-ms': must be more than 0 and at most 3,600,000"),
])
def test_evaluate_bounds_its_budgets(args: list[str], words: str) -> None:
    """Tester 10: ``--deals 10000000`` and ``--cpu-ms 1e9`` ran silently for minutes."""
    r = invoke(["evaluate", "dog-tag-trick", "--candidate", "ismcts", *args])
    assert r.exit_code == 2 and words in r.output, r.output


def test_match_says_which_seats_a_broken_game_left_unscored(killers: str) -> None:
    """Tester 10: after games that could not be played out, ``match`` showed the other seats
    with "first places 1" as if they had won."""
    r = invoke(["match", "dog-tag-trick(players=3)", "--bots",
                f"{killers}:Killer,heuristic,random", "--games", "2"])
    assert r.exit_code == 0, r.output
    heuristic = next(ln for ln in r.output.splitlines() if "seat 1 heuristic" in ln)
    assert "first places 0" in heuristic and "unscored in 2 games" in heuristic


def test_analyse_names_a_position_file_for_what_it_is(tmp_path: Path) -> None:
    """Tester 10: a valid state JSON over several lines read as "line 1: malformed JSON"."""
    path = tmp_path / "pos.json"
    path.write_text(json.dumps({"game": "mate", "phase": "lead"}, indent=1))
    r = invoke(["analyse", str(path)])
    assert r.exit_code == 2 and "one JSON object over several lines" in r.output, r.output
    assert "trickhound recommend" in r.output


def test_rate_refuses_a_leaderboards_folder_that_does_not_exist(tmp_path: Path) -> None:
    """Tester 10: a mistyped ``--leaderboards`` fell back to the built-in pool unnoticed."""
    r = invoke(["rate", "heuristic", "--game", "dog-tag-trick", "--leaderboards",
                str(tmp_path / "missing")])
    assert r.exit_code == 2 and "no such folder" in r.output, r.output


def test_a_plugins_prints_at_import_go_to_stderr(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Left by tester 9, taken now: a plugin that prints as it is imported wrote among the
    command's own output (a leaderboard, --json). Its prints go to stderr."""
    from bots.registry import make_bot
    path = tmp_path / "chatty.py"
    path.write_text(textwrap.dedent("""
        from bots.base import Bot
        print("hello from chatty")

        class Chatty(Bot):
            def act(self, view):
                return view.legal_actions()[0]
    """))
    make_bot(f"{path}:Chatty")
    out, err = capsys.readouterr()
    assert "hello from chatty" not in out and "hello from chatty" in err


def test_resume_repair_mends_an_adaptive_run_too(tmp_path: Path) -> None:
    """``resume --repair`` was not passed on to an ``--until-separated`` run's resume: a corrupt
    line stopped it even with the flag. Now its corrupt lines are moved aside as a fixed-size
    run's are, the run goes on under its rule, and it ends with the records of a run never
    stopped."""
    cfg = run_config(tmp_path, "whole", bots=["solver", "random"], deals=40)
    whole = run_until_separated(cfg, 40, progress=False, echo=lambda m: None)
    records = load_records(cfg.out)
    step = whole["batch_deals"]
    cut = str(tmp_path / "cut")
    shutil.copytree(cfg.out, cut)
    done = whole["deals_played"] - step
    kept = [json.dumps(rec.to_json()) + "\n" for rec in records if rec.deal_index <= done]
    kept[1] = kept[1][:30] + "\n"                   # line 2: cut in the middle, newline kept
    with open(os.path.join(cut, "games.jsonl"), "w", encoding="utf-8") as f:
        f.writelines(kept)
    with open(os.path.join(cut, ADAPTIVE), "w", encoding="utf-8") as f:
        json.dump({"max_deals": 40, "deals_played": done, "batch_deals": step,
                   "stopped": UNDER_WAY, "identical": [], "unseparated": []}, f)
    r = invoke(["resume", cut, "--quiet"])
    assert r.exit_code == 2 and "1 corrupt line(s) (line 2)" in r.output, r.output
    r = invoke(["resume", cut, "--quiet", "--repair"])
    assert r.exit_code == 0, r.output
    assert "moved 1 corrupt line(s)" in r.output and "(line 2)" in r.output
    assert [rec.comparable() for rec in load_records(cut)] == [
        rec.comparable() for rec in records]
    with open(os.path.join(cut, ADAPTIVE), encoding="utf-8") as f:
        assert json.load(f) == whole
