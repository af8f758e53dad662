"""A tester's findings on the boards and reports (session 8, t5): each test failed before its fix.

1. a ``trickhound rate`` run its sequential test stopped is not reported as interrupted;
3. oracles are marked in gauntlets too (and in every list of bots the board prints);
4. the per-bot ``1st`` and ``forfeits`` columns count games, not seats;
5. bots that played no game are named, with the reason (fewer deals than tables);
6. the legend explains every column, "vs reference (95% CI)" included.
"""
import json
import os
import shutil

from click.testing import CliRunner

from tournaments.cli import main
from tournaments.config import TournamentConfig, label
from tournaments.records import GameRecord
from tournaments.runner import load_records, read_meta, run_tournament
from tournaments.stats import leaderboard_text, summarize

from .conftest import run_config


def rec(gid, seating, ranks, returns, deal=0, rotation=0, game="mattis(players=3)", **kw):
    return GameRecord(game_id=gid, game=game, deal_seed=deal, seating=list(seating),
                      bot_seeds=[0] * len(seating), ranks=list(ranks), returns=list(returns),
                      deal_index=deal, rotation=rotation, **kw)


def _truncate(run_dir, keep):
    """Keep the first ``keep`` lines of a run's games.jsonl."""
    path = os.path.join(run_dir, "games.jsonl")
    with open(path) as f:
        lines = f.readlines()
    with open(path, "w") as f:
        f.writelines(lines[:keep])


# 1 ------------------------------------------------------------------------------------------

def test_a_run_the_rating_test_stopped_is_not_called_interrupted(tmp_path, plugins):
    """rate stops a gauntlet when its SPRT decides; report used to warn "N of its M scheduled
    games (interrupted?) ... finish it with trickhound resume" about that run."""
    faulty, first = plugins["faulty.py"], plugins["first.py"]
    out = str(tmp_path / "rate")
    r = CliRunner().invoke(main, ["rate", f"{faulty}:Raiser", "--game", "mate", "--pool",
                                  f"random,{first}:FirstLegal", "--max-games", "40",
                                  "--executor", "serial", "--out", out])
    assert r.exit_code == 0, r.output
    assert "WEAKER than the pool" in r.output
    meta = read_meta(out)
    recorded = len(load_records(out))
    assert recorded < meta["games"]                 # stopped early, on purpose
    r = CliRunner().invoke(main, ["report", out])
    assert r.exit_code == 0, r.output
    assert "interrupted?" not in r.output and "trickhound resume" not in r.output
    said = f"Stopped by the rating test after {recorded} games"
    assert said in r.output and "decided WEAKER" in r.output
    assert said in open(os.path.join(out, "report.md")).read()
    from tournaments.web.app import board_of  # the browser's board: the same
    board = board_of(out)
    assert board["warning"] is None and said in board["text"]

    # The same run cut inside a batch of deals is not what the test decided on; since 0.9.0
    # the run records its test (rate.RATE_FILE), and a rating run is not resumed (tester 6):
    # the board says so instead of sending the user to resume.
    cut = str(tmp_path / "cut")
    shutil.copytree(out, cut)
    _truncate(cut, recorded - 1)
    r = CliRunner().invoke(main, ["report", cut])
    assert r.exit_code == 0, r.output
    assert "interrupted?" not in r.output and "trickhound resume" not in r.output
    assert "Stopped by the rating test" not in r.output
    assert f"its test saw {recorded} games, not these {recorded - 1}" in r.output
    # A rate run from before 0.9.0 (no record of its test): cut, it is an interrupted run.
    os.remove(os.path.join(cut, "rate.json"))
    r = CliRunner().invoke(main, ["report", cut])
    assert r.exit_code == 0, r.output
    assert "interrupted?" in r.output and f"trickhound resume {cut}" in r.output
    assert "Stopped by the rating test" not in r.output
    assert board_of(cut)["warning"].startswith(f"this run holds {recorded - 1} of its ")

    # Cut after its first batch (2 deals: one per pool bot, tournaments.adaptive.batch_deals),
    # where the test cannot decide yet (rate.MIN_DEALS = 4): whole batches, but not what the
    # default test would have stopped on; both readings are given, never the bare warning.
    from tournaments.report import rating_test_stop
    early = str(tmp_path / "early")
    shutil.copytree(out, early)
    os.remove(os.path.join(early, "rate.json"))          # as a run from before 0.9.0
    _truncate(early, 4)
    cfg = TournamentConfig.from_json(read_meta(early)["config"])
    text = rating_test_stop(cfg, read_meta(early), load_records(early))
    assert text is not None and text.startswith("Stopped after 4 games (2 of ")
    assert "interrupted between batches" in text and "--margin" in text


def test_a_round_robin_or_a_cut_gauntlet_is_no_rating_test(tmp_path, plugins):
    """rating_test_stop answers only for a one-candidate gauntlet stopped between batches."""
    from tournaments.report import rating_test_stop
    first = plugins["first.py"]
    cfg = run_config(tmp_path, "rr", bots=["random", f"{first}:FirstLegal"], deals=4)
    run_tournament(cfg, progress=False)
    _truncate(cfg.out, 2)
    assert rating_test_stop(cfg, read_meta(cfg.out), load_records(cfg.out)) is None
    r = CliRunner().invoke(main, ["report", cfg.out])
    assert "interrupted?" in r.output


# 3 ------------------------------------------------------------------------------------------

def test_an_oracle_is_marked_in_a_gauntlet():
    """A gauntlet candidate that is an oracle: "candidate oracle *" and the footnote (it used to
    read "candidate oracle: paired score vs the pool +631.00", unmarked)."""
    from tournaments.stats import ORACLE_NOTE
    records = []
    for deal in range(2):
        for rot, seating in enumerate((("oracle", "random"), ("random", "oracle"))):
            seat = seating.index("oracle")
            returns = [0.0, 0.0]
            returns[seat], returns[1 - seat] = 50.0 + deal, 10.0
            ranks = [1, 1]
            ranks[seat] = 0
            records.append(rec(len(records), seating, ranks, returns, deal, rot, game="mate",
                               oracle_seats=[seat]))
    summary = summarize(records, order=["oracle", "random"], candidates=["oracle"])
    text = leaderboard_text(summary)
    assert "candidate oracle *: paired score vs the pool +40.50" in text
    assert "oracle * - random: +40.50" in text
    assert text.splitlines()[-1] == ORACLE_NOTE


def test_an_oracle_is_marked_in_the_board_s_pair_list():
    """The round-robin board's list of paired differences names the oracle marked, as its
    table does."""
    records = [rec(0, ("oracle", "random"), (0, 1), (40.0, 10.0), game="mate",
                   oracle_seats=[0]),
               rec(1, ("random", "oracle"), (1, 0), (12.0, 44.0), rotation=1, game="mate",
                   oracle_seats=[1])]
    text = leaderboard_text(summarize(records))
    assert "  oracle * - random: +31.0 over 1 deal(s)" in text


# 4 ------------------------------------------------------------------------------------------

def test_first_places_and_forfeits_count_games_not_seats():
    """Three bots at a 5-seat Mattis table fill it by repeating (tournaments/schedule.py
    seat_groups); Mattis has one loser and every other player shares first place
    (docs/rules/mattis.md §7.7). A bot with two seats that both placed first won one game,
    not two: 1st <= games (it used to count 15 first places in 10 games)."""
    seating = ("a", "b", "c", "a", "b")
    records = [rec(0, seating, (0, 0, 0, 0, 4), (1, 1, 1, 1, 0), game="mattis(players=5)"),
               rec(1, seating, (0, 0, 4, 0, 0), (1, 1, 0, 1, 1), game="mattis(players=5)",
                   rotation=1),
               # both of a's seats forfeit (the second in a played-out game): one game
               rec(2, seating, (4, 0, 0, 3, 0), (0, 1, 1, 0, 1), game="mattis(players=5)",
                   rotation=2, termination="forfeit",
                   forfeit={"seat": 0, "reason": "exception", "at": 3,
                            "others": [{"seat": 3, "reason": "exception", "at": 9}]})]
    summary = summarize(records)
    first = {r.spec: (r.games, r.first_places, r.forfeits) for r in summary.bots}
    assert first == {"a": (3, 2, 1), "b": (3, 3, 0), "c": (3, 2, 0)}
    assert all(r.first_places <= r.games and r.forfeits <= r.games for r in summary.bots)


# 5 ------------------------------------------------------------------------------------------

def test_the_board_names_the_bots_that_played_no_game(tmp_path, plugins):
    """5 bots at 2-seat Mate make 10 tables; 2 deals are played at 2 of them (one table per
    deal), so at least one bot plays no game. The board and report.md name every such bot and
    why (it used to sit on the board with 0 games and "-" everywhere, unexplained)."""
    first = plugins["first.py"]
    bots = ["random", f"{first}:FirstLegal", f"{first}:LastLegal", "heuristic",
            "solver(worlds=1)"]
    cfg = run_config(tmp_path, "short", bots=bots, deals=2)
    run_tournament(cfg, progress=False)
    played = {s for r in load_records(cfg.out) for s in r.seating}
    idle = [b for b in TournamentConfig.from_json(read_meta(cfg.out)["config"]).bots
            if b not in played]
    assert idle
    r = CliRunner().invoke(main, ["report", cfg.out])
    assert r.exit_code == 0, r.output
    line = next(ln for ln in r.output.splitlines() if ln.startswith("warning:"))
    assert line.startswith(f"warning: {len(idle)} bot(s) played no game: ")
    for b in idle:
        assert (f"{label(b)} (fewer deals than tables: each deal is played at one of the 10 "
                f"tables, and the 2 deal(s) reached none with it; 10 deals or more seat every "
                f"bot)" in line)
    for b in played:
        assert f" {label(b)} (" not in line
    assert line in open(os.path.join(cfg.out, "report.md")).read()


def test_idle_reasons_in_a_gauntlet_and_in_an_incomplete_run(tmp_path, plugins):
    """A gauntlet's pool groups take turns at the candidate's table; a bot the schedule seats
    whose games are not recorded yet belongs to an incomplete run."""
    from tournaments.report import idle_reasons
    first = plugins["first.py"]
    pool = ["random", f"{first}:FirstLegal", f"{first}:LastLegal", "heuristic"]
    cfg = run_config(tmp_path, "g", bots=pool, candidates=["solver(worlds=1)"],
                     format="gauntlet", deals=2)
    reasons = idle_reasons(cfg, 2, {b: "" for b in pool})
    unseated = [b for b, why in reasons.items() if why.startswith("fewer deals")]
    assert len(unseated) == 2                      # 2 deals seat 2 of the 4 pool bots
    assert reasons[unseated[0]] == (
        "fewer deals than tables: each deal is played by one of the 4 pool groups that take "
        "turns at each candidate's table, and the 2 deal(s) reached none with it; 4 deals or "
        "more seat every bot")
    for b in set(pool) - set(unseated):
        assert reasons[b].startswith("its games are scheduled but none is recorded")
    cfg.deals = 4
    assert all(why.startswith("its games are scheduled")
               for why in idle_reasons(cfg, 2, {b: "" for b in pool}).values())


# 6 ------------------------------------------------------------------------------------------

def test_the_legend_explains_the_vs_reference_column(tmp_path, plugins):
    """The control variate's column gets its line in the legend of the printed board and of
    report.md (it had none)."""
    first = plugins["first.py"]
    cfg = run_config(tmp_path, "cv", bots=["random", f"{first}:FirstLegal"], deals=2)
    run_tournament(cfg, progress=False)
    r = CliRunner().invoke(main, ["report", cfg.out])
    assert r.exit_code == 0, r.output
    assert "vs reference (95% CI)" in r.output
    assert ("(vs reference: the control variate, its per-deal mean score minus c times the "
            "reference's (the heuristic bot in every seat)") in r.output
    assert "(1st: games in which one of its seats placed first" in r.output
    md = open(os.path.join(cfg.out, "report.md")).read()
    assert "Vs reference: the control variate" in md and "1st: games in which" in md
    ratings = json.load(open(os.path.join(cfg.out, "ratings.json")))
    assert "control_variate" in ratings


def test_no_reference_line_without_the_column():
    from tournaments.stats import column_legend
    records = [rec(0, ("a", "b"), (0, 1), (5.0, 1.0), game="mate")]
    legend = column_legend(summarize(records))
    assert not any(c.startswith("vs reference") for c in legend)
    assert any(c.startswith("1st: games") for c in legend)
