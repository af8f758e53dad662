"""``trickhound evaluate`` (tournaments/evaluate.py): paired margins on duplicate deals.

Fast games: Tiny Tricks (docs/rules/tiny-tricks.md "Play": three tricks, 2-3 players) and Mate
(docs/rules/mate.md §7 scoring, §8 the match's returns). No assert depends on time: the
calibration's search is tested against a modelled cost per decision, and the games are
iteration-limited."""
import json
import os
import shlex

import pytest
from click.testing import CliRunner

from solver.registry import load_game
from tournaments import evaluate as E
from tournaments.cli import main
from tournaments.stats import _T95

TINY = "tiny-tricks"
SEARCH = "ismcts(iterations=30)"


def margin(game_text, candidate, baseline, deals, seed=1, workers=1, design="seat"):
    comp = E.Comparison(f"{candidate} vs {baseline}", candidate, baseline, design)
    margins, _ = E.run_comparisons(load_game(game_text), [comp], deals, seed, workers)
    return margins[0]


# -- statistics ----------------------------------------------------------------------------------

@pytest.mark.parametrize("df", range(1, 31))
def test_t_quantile_matches_the_table(df):
    assert E.t975(df) == pytest.approx(_T95[df - 1], abs=1e-3)


def test_t_quantile_tends_to_the_normal():
    assert E.t975(60) == pytest.approx(2.000, abs=1e-3)
    assert E.t975(10 ** 6) == pytest.approx(E.Z975, abs=1e-5)


def test_summary_of_known_differences():
    # Two seats, three deals: deal means 1, 2, 3 -> mean 2, sd 1, se 1/sqrt(3).
    m = E.summarize_margin("x", "a", "b", "seat", [[0, 2], [2, 2], [3, 3]])
    assert m.per_deal == [1, 2, 3]
    assert m.mean == pytest.approx(2) and m.sd == pytest.approx(1)
    assert m.se == pytest.approx(3 ** -0.5)
    assert m.ci == pytest.approx((2 - 4.303 / 3 ** 0.5, 2 + 4.303 / 3 ** 0.5), abs=1e-3)
    assert m.per_seat == pytest.approx([5 / 3, 7 / 3])
    assert not m.separated                      # 2 - 4.303 / sqrt(3) < 0
    tight = E.summarize_margin("x", "a", "b", "seat", [[1.9], [2.0], [2.1]])
    assert tight.separated and tight.ci[0] > 0


# -- the measurement -----------------------------------------------------------------------------

def test_margins_replay_exactly_for_a_seed():
    a = margin(TINY, SEARCH, "random", deals=6, seed=4)
    b = margin(TINY, SEARCH, "random", deals=6, seed=4)
    assert a.per_deal == b.per_deal and a.mean == b.mean
    other = margin(TINY, SEARCH, "random", deals=6, seed=5)
    assert other.per_deal != a.per_deal


def test_parallel_equals_serial():
    game = load_game("tiny-tricks(players=3)")
    comps = [E.Comparison("s", SEARCH, "random", "seat"),
             E.Comparison("h", SEARCH, "random", "swap")]
    serial, s_stats = E.run_comparisons(game, comps, 5, 2, workers=1)
    parallel, p_stats = E.run_comparisons(game, comps, 5, 2, workers=2)
    assert [m.to_json() for m in serial] == [m.to_json() for m in parallel]
    assert s_stats["games"] == p_stats["games"]


def test_shared_games_are_played_once():
    # Two players: per deal the all-baseline game and the candidate at each seat. The swap
    # design needs no other game: with two players, the candidate at seat 0 facing the
    # baseline, swapped, is the candidate at seat 1.
    game = load_game(TINY)
    comps = [E.Comparison("s", SEARCH, "random", "seat"),
             E.Comparison("h", SEARCH, "random", "swap")]
    _, stats = E.run_comparisons(game, comps, 3, 1, workers=1)
    assert stats["games"] == 3 * (1 + 2)


def test_heuristic_is_clearly_stronger_than_random_in_mate():
    m = margin("mate", "heuristic", "random", deals=6)
    assert m.mean > 0 and m.separated and m.ci[0] > 0


def test_head_to_head_in_mate_agrees_in_sign():
    m = margin("mate", "heuristic", "random", deals=4, design="swap")
    assert m.mean > 0 and m.separated


def test_an_identical_pair_measures_exactly_zero():
    # Same deal, same seeds, same bots: the paired games are the same game.
    m = margin(TINY, SEARCH, SEARCH, deals=5)
    assert m.per_deal == [0.0] * 5
    assert m.ci[0] <= 0 <= m.ci[1] and not m.separated


def test_head_to_head_is_antisymmetric():
    # The same deals from the other side: the margin's sign flips exactly (swap design).
    a = margin(TINY, SEARCH, "random", deals=5, design="swap")
    b = margin(TINY, "random", SEARCH, deals=5, design="swap")
    assert a.per_deal == pytest.approx([-x for x in b.per_deal])


def test_too_few_deals_is_an_error():
    with pytest.raises(E.EvaluationError, match="at least 2"):
        margin(TINY, SEARCH, "random", deals=1)


# -- budgets and calibration ----------------------------------------------------------------------

@pytest.mark.parametrize("spec, game_text, parameter", [
    ("ismcts", "mate", "iterations"),
    ("pimc", "dog-tag-trick", "iterations"),
    ("pimc(evaluator=solver)", "dog-tag-trick", "worlds"),
    ("solver", "dog-tag-trick", "iterations"),          # its PIMC path (3+ players)
    ("solver", "mate", None),                               # one exact world (perfect info)
    ("solver", "mate(forced_visibility=hidden)", "worlds"),
    ("oracle", "mate", None),                               # exact alpha-beta with 2 players
    ("oracle", "mattis", "iterations"),
    ("heuristic", "mate", None),
    ("random", TINY, None),
])
def test_budget_parameter(spec, game_text, parameter):
    assert E.budget_parameter(spec, load_game(game_text)) == parameter


def test_budget_mode_scales_the_budget():
    comps = E.plan(load_game("mate"), "budget", ["ismcts(iterations=300,c=0.5)"], "heuristic", 16)
    assert [(c.candidate, c.baseline, c.design) for c in comps] == [
        ("ismcts(c=0.5,iterations=4800)", "ismcts(c=0.5,iterations=300)", "seat")]
    with pytest.raises(E.EvaluationError, match="no search budget"):
        E.plan(load_game("mate"), "budget", ["heuristic"], "heuristic", 16)


def test_calibration_solves_for_the_budget(monkeypatch):
    # A modelled cost of 0.4 ms + 0.01 ms per iteration: 5 ms needs 460 iterations.
    def model(spec, game, positions, seed):
        return 0.4 + 0.01 * E.budget_value(spec, "iterations")
    monkeypatch.setattr(E, "cpu_ms_per_decision", model)
    cal = E.calibrate("ismcts(c=0.5)", load_game("mate"), [], 5.0, seed=1)
    assert cal.calibrated == f"ismcts(c=0.5,iterations={cal.value})"
    assert abs(cal.value - 460) <= 1 and cal.cpu_ms == pytest.approx(5.0, abs=0.02)
    assert cal.trials[0] == (2000, pytest.approx(20.4))
    assert len(cal.trials) == 7 and cal.trials[-1][0] == cal.value


def test_calibration_fits_through_noisy_measurements(monkeypatch):
    """Measurements 10-15% off either way (a busy machine): the budget played is where the
    line through all of them meets the target, close to the true 460, not the first budget
    whose one measurement happened to land near 5 ms."""
    noise = iter([1.15, 0.85, 1.13, 0.87, 1.1, 0.9, 1.12])

    def model(spec, game, positions, seed):
        return (0.4 + 0.01 * E.budget_value(spec, "iterations")) * next(noise)
    monkeypatch.setattr(E, "cpu_ms_per_decision", model)
    cal = E.calibrate("ismcts", load_game("mate"), [], 5.0, seed=1)
    true_ms = 0.4 + 0.01 * cal.value
    assert abs(true_ms - 5.0) < 0.05 * 5.0, cal.trials
    assert len(cal.trials) == 7 and cal.trials[-1][0] == cal.value
    assert abs(cal.cpu_ms - true_ms) < 0.05 * 5.0      # pooled, not the last measurement's 12%


def test_calibration_counts_a_fixed_cost(monkeypatch):
    """A bot with work outside its budget (inference=mcmc's chain: 3 ms a decision whatever
    the iterations) meets the target where its cost line does; the proportional rule had kept
    such bots 7-38% above the target (tester 24)."""
    def model(spec, game, positions, seed):
        return 3.0 + 0.002 * E.budget_value(spec, "iterations")
    monkeypatch.setattr(E, "cpu_ms_per_decision", model)
    cal = E.calibrate("pimc", load_game("dog-tag-trick"), [], 5.0, seed=1)
    assert abs(cal.value - 1000) <= 2 and cal.cpu_ms == pytest.approx(5.0, abs=0.01)


def test_a_fixed_cost_over_the_target_is_reported_not_hidden(monkeypatch):
    """Where the fixed cost alone exceeds the target the budget falls to its least and the
    calibration reports the cost it could not get under."""
    def model(spec, game, positions, seed):
        return 6.0 + 0.002 * E.budget_value(spec, "iterations")
    monkeypatch.setattr(E, "cpu_ms_per_decision", model)
    cal = E.calibrate("pimc", load_game("dog-tag-trick"), [], 5.0, seed=1)
    assert cal.value == 1 and cal.cpu_ms == pytest.approx(6.002, abs=0.01)


def test_calibration_stops_where_a_bigger_budget_costs_no_more(monkeypatch):
    """A bot whose cost levels off (PIMC in Mate proves its worlds and stops early) is not
    driven to absurd budgets: it plays where its cost stopped growing, within its range."""
    def model(spec, game, positions, seed):
        return min(1.0, 0.2 + 0.0004 * E.budget_value(spec, "iterations"))   # flat from 2000
    monkeypatch.setattr(E, "cpu_ms_per_decision", model)
    cal = E.calibrate("pimc", load_game("mate"), [], 5.0, seed=1)
    assert len(cal.trials) == 2 and cal.value <= 16 * 2000
    assert cal.cpu_ms == pytest.approx(1.0)


def test_calibration_positions_are_seeded_decisions():
    game = load_game("dog-tag-trick")
    a = E.calibration_positions(game, 10, seed=3)
    b = E.calibration_positions(game, 10, seed=3)
    assert len(a) == 10
    assert [p.to_json() for p in a] == [p.to_json() for p in b]
    assert all(len(p.legal_actions()) > 1 for p in a)


# -- the command ---------------------------------------------------------------------------------

def run(args):
    return CliRunner().invoke(main, ["evaluate", *args])


def assert_one_line_error(result, *words):
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("trickhound: error:"), result.output
    for w in words:
        assert w in lines[0], lines[0]


@pytest.mark.parametrize("args, words", [
    (["mate", "--candidate", "nosuchbot"], ["unknown bot", "nosuchbot"]),
    (["mate", "--candidate", "ismcts", "--baseline", "nosuchbot"], ["unknown bot"]),
    (["mate", "--candidate", "ismcts(iterations=-5)", "--deals", "2"], ["iterations"]),
    (["mate", "--candidate", "ismcts(time_s=0.1)", "--deals", "2"], ["time_s", "--cpu-ms"]),
    (["mate", "--candidate", "ismcts", "--deals", "0"], ["--deals"]),
    (["mate", "--candidate", "ismcts", "--deals", "-3"], ["--deals"]),
    (["mate", "--candidate", "ismcts", "--deals", "1"], ["at least 2"]),
    (["mate", "--candidate", "ismcts", "--cpu-ms", "0"], ["--cpu-ms"]),
    (["mate", "--candidate", "ismcts", "--cpu-ms", "-2"], ["--cpu-ms"]),
    (["mate", "--candidate", "ismcts", "--cpu-ms", "inf"], ["--cpu-ms"]),
    (["mate", "--candidate", "ismcts", "--cpu-ms", "nan"], ["--cpu-ms"]),
    (["mate", "--candidate", "ismcts", "--workers", "0"], ["--workers"]),
    (["nosuchgame", "--candidate", "ismcts"], ["unknown game"]),
    (["mate", "--candidate", "heuristic", "--mode", "budget"], ["no search budget"]),
    (["mate"], ["--candidate"]),
])
def test_bad_input_is_one_line_and_exit_2(args, words):
    assert_one_line_error(run(args), *words)


def test_a_bot_that_does_not_play_the_game_is_one_line(plugins):
    other = f"{plugins['first.py']}:OtherGame"          # plays only Mattis
    assert_one_line_error(run(["mate", "--candidate", other]), "does not play")
    assert_one_line_error(run(["mate", "--candidate", "random", "--baseline", other]),
                          "does not play")


def test_command_writes_results_that_replay_from_the_printed_command(tmp_path):
    out = tmp_path / "strength"
    first = run([TINY, "--candidate", "ismcts", "--baseline", "random", "--deals", "3",
                 "--seed", "7", "--cpu-ms", "0.2", "--calibration-positions", "4",
                 "--workers", "1", "--json", "--out", str(out), "--name", "tiny", "--quiet"])
    assert first.exit_code == 0, first.output
    report = json.loads(first.output)
    saved = json.loads((out / "tiny.json").read_text())
    page = (out / "tiny.md").read_text()
    assert saved["margins"] == report["margins"]
    for key in ("command", "reproduce", "date", "machine", "deals", "calibration"):
        assert key in saved
    played = report["calibration"][0]["calibrated"]
    assert played.startswith("ismcts(iterations=") and played in report["reproduce"]
    assert "--cpu-ms" not in report["reproduce"] and "--cpu-ms 0.2" in report["command"]
    assert report["reproduce"] in page and played in page
    words = shlex.split(report["reproduce"])
    assert words[:2] == ["trickhound", "evaluate"]
    again = run([*words[2:], "--json", "--workers", "2", "--quiet"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.output)["margins"] == report["margins"]


def test_text_output_has_the_table():
    res = run(["mate", "--candidate", "random", "--deals", "3", "--workers", "1", "--quiet"])
    assert res.exit_code == 0, res.output
    assert "random" in res.output and "heuristic" in res.output and "95% CI" in res.output
    assert "reproduce: trickhound evaluate mate --mode seat --candidate random" in res.output


def test_budget_mode_needs_no_baseline_that_plays_the_game(plugins):
    # Budget mode measures the bot against itself: --baseline is not used, nor checked.
    other = f"{plugins['first.py']}:OtherGame"          # plays only Mattis
    res = run([TINY, "--mode", "budget", "--candidate", "ismcts(iterations=5)", "--scale", "8",
               "--baseline", other, "--deals", "3", "--workers", "1", "--json", "--quiet"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert report["baseline"] is None and report["scale"] == 8
    [m] = report["margins"]
    assert (m["candidate"], m["baseline"]) == ("ismcts(iterations=40)", "ismcts(iterations=5)")
    assert "--scale 8" in report["reproduce"] and "--baseline" not in report["reproduce"]


# -- faulty bots ---------------------------------------------------------------------------------

def test_a_bot_that_ends_its_worker_stops_the_run_with_one_line(plugins):
    # A bot that ends its worker process (os._exit) broke multiprocessing.Pool, which then
    # waited for the lost game for ever; the run stops at once and names a game in flight.
    exiter = f"{plugins['faulty.py']}:Exiter"
    with pytest.raises(E.EvaluationRunError, match="worker process died"):
        margin(TINY, exiter, "heuristic", deals=2, workers=2)
    res = run([TINY, "--candidate", exiter, "--deals", "2", "--workers", "2", "--quiet"])
    assert res.exit_code == 1
    lines = [line for line in res.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "worker process died" in lines[0], res.output


def test_a_forfeit_stops_the_run_in_a_worker_too(plugins):
    raiser = f"{plugins['faulty.py']}:Raiser"
    for workers in (1, 2):
        with pytest.raises(E.EvaluationRunError, match="forfeits"):
            margin(TINY, raiser, "heuristic", deals=2, workers=workers)


def test_evaluation_games_have_a_move_limit(monkeypatch):
    # a stuck bot forfeits (and the run stops with its name) instead of the run waiting
    seen = {}

    def fake_play_game(game, bots, deal_seed, bot_seeds, move_time_limit=None):
        seen["limit"] = move_time_limit
        raise RuntimeError("stop")

    import tournaments.referee as referee
    monkeypatch.setattr(referee, "play_game", fake_play_game)
    with pytest.raises(RuntimeError, match="stop"):
        E.play_job((TINY, 0, ("random", "random"), 1, [1, 2]))
    assert seen["limit"] == E.MOVE_LIMIT_S > 0


def test_a_bot_its_budget_cannot_bring_to_the_target_is_named():
    # pimc in Mate with the forced card hidden hands decisions to the exact solver: 0.7 ms
    # whatever its iterations, against a 3 ms target (tester 6)
    from types import SimpleNamespace
    far = E.Calibration("pimc", "pimc(iterations=2000)", "iterations", 2000, 0.73,
                        [(2000, 0.73), (8254, 0.70)])
    near = E.Calibration("ismcts", "ismcts(iterations=900)", "iterations", 900, 2.9,
                         [(2000, 6.1), (900, 2.9)])
    fixed = E.Calibration("heuristic", "heuristic", None, None, 0.01, [])
    ev = SimpleNamespace(cpu_ms=3.0, calibration=[far, near, fixed])
    [note] = E.off_target_notes(ev)
    assert note.startswith("note: pimc takes 0.73 ms a decision at every budget tried")
    assert "not compared at equal CPU time" in note
    assert E.off_target_notes(SimpleNamespace(cpu_ms=None, calibration=[far])) == []


def test_a_bot_whose_fixed_cost_exceeds_the_target_is_named():
    """The solver bot with inference=mcmc: its chain alone costs more than 5 ms, so even its
    least budget is over the target; the note says so (tester 24)."""
    from types import SimpleNamespace
    over = E.Calibration("solver(inference=mcmc)", "solver(inference=mcmc,iterations=1)",
                         "iterations", 1, 6.9, [(2000, 13.3), (1, 6.9)])
    ev = SimpleNamespace(cpu_ms=5.0, calibration=[over])
    [note] = E.off_target_notes(ev)
    assert note.startswith("note: solver(inference=mcmc) takes 6.90 ms a decision at its "
                           "least iterations (1), over 5 ms")


def test_the_margins_table_names_the_games_unit():
    from types import SimpleNamespace
    ev = SimpleNamespace(game="mattis", margins=[])
    assert E.table_rows(ev)[0][2] == "mean (the chance of not being the loser)"
    assert E.table_rows(SimpleNamespace(game="dog-tag-trick", margins=[]))[0][2] == \
        "mean (points)"


# -- how busy the machine was while calibrating ----------------------------------------------------

def test_busy_meter_counts_another_process_not_its_own():
    """A calibration's ``others_busy``: the machine's busy CPU time (Linux /proc/stat) less
    this process's, over the wall time. A child that spins for 1.2 s of its own CPU while this
    process waits is someone else's work (at least half a CPU over that time, since whenever it
    did not run something else did). A window too short for /proc/stat's clock ticks says
    nothing (tester 19 saw 16.1 CPUs for a bot calibrated in a millisecond)."""
    import subprocess
    import sys
    if E.machine_busy_seconds() is None:
        pytest.skip("the machine's busy time is not readable here (no /proc/stat)")
    meter = E.BusyMeter()
    meter.start()
    subprocess.run([sys.executable, "-c",
                    "import time\nt = time.process_time()\n"
                    "while time.process_time() - t < 1.2: pass"], check=True)
    others = meter.others()
    assert others is not None and 0.5 <= others <= (os.cpu_count() or 1)
    meter.start()
    assert meter.others() is None            # far shorter than E.BUSY_MIN_WALL_S


def test_bots_calibrated_on_a_busy_machine_are_named():
    # a busy machine inflates process CPU time: the budgets are lower than a quiet machine's
    # (results/strength/share-pimc), so the tables say so; a bot without a budget is not named
    from types import SimpleNamespace
    busy = E.Calibration("pimc", "pimc(iterations=1226)", "iterations", 1226, 4.95,
                         [(2000, 7.97), (1226, 4.64)], others_busy=1.3)
    quiet = E.Calibration("ismcts", "ismcts(iterations=900)", "iterations", 900, 5.0,
                          [(2000, 11.1), (900, 5.0)], others_busy=0.1)
    unknown = E.Calibration("oracle", "oracle(iterations=2500)", "iterations", 2500, 5.0,
                            [(2500, 5.0)])
    fixed = E.Calibration("heuristic", "heuristic", None, None, 0.01, [], others_busy=1.9)
    [note] = E.busy_notes(SimpleNamespace(calibration=[busy, quiet, unknown, fixed]))
    assert note.startswith("note: other processes kept up to 1.3 CPUs busy while pimc was "
                           "calibrated")
    assert E.busy_notes(SimpleNamespace(calibration=[quiet, unknown, fixed])) == []
    ev = SimpleNamespace(calibration=[busy, quiet, unknown, fixed])
    assert [r[4] for r in E.calibration_rows(ev)] == ["others busy (CPUs)", "1.3", "0.1", "-",
                                                      "1.9"]
    # the JSON carries the notes too, for scripts that read it alone
    full = E.Evaluation("dog-tag-trick(players=3)", "seat", ["pimc(iterations=1226)"],
                        "heuristic", None, 4, 1, 5.0, [busy, quiet, unknown, fixed], [], 0, 0.0)
    assert full.to_json()["notes"] == [note]
    full.calibration = [quiet]
    assert full.to_json()["notes"] == []


def test_a_screen_table_pairs_every_candidate_with_the_first():
    """results folders' tables: each candidate over the baseline, and minus the first on the
    same deals (a paired difference, so its interval is narrower than the margins' own)."""
    from tournaments.evaluate import paired_margin, screen_table

    a = [1.0, 2.0, 3.0, 4.0]
    b = [2.0, 3.5, 3.5, 5.0]
    rows = screen_table([{"candidate": "x", "per_deal": a, "deals": 4},
                         {"candidate": "y", "per_deal": b, "deals": 4}], "the heuristic")
    assert rows[0] == "| candidate | over the heuristic | minus the first | deals |"
    assert rows[2] == f"| `x` | {paired_margin(a).cell()} | – | 4 |"
    assert rows[3] == f"| `y` | {paired_margin(b).cell()} | +1.00 ± 0.20 [+0.35, +1.65] | 4 |"
