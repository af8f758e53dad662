"""The rows of `trickhound bench` (shape only: speed is never asserted) and where they come
from: each game's declared bench configurations, not lists of game names."""
from solver.registry import BenchConfig, available_games, load_game
from tournaments.bench import format_report, run_bench
from tournaments.bench.runner import bench_cheap_tournaments, bench_tournament
from tournaments.bench.search import bench_search


def test_bench_tournament_rows():
    rows = bench_tournament(0.1)
    assert [r["unit"] for r in rows] == ["games/s", "games/s", "x", "ms"]
    for r in rows:
        assert set(r) == {"name", "value", "unit", "note"} and r["value"] == r["value"]
    text = format_report({"machine": {"python": "3", "machine": "x", "cpus": 2}, "playouts": [],
                          "determinize": [], "solve": None, "search": rows})
    assert "tournament speedup" in text


def test_bench_cheap_tournament_rows():
    """Four rows a game (1 worker, the 2-worker ratio, overhead, run start), the ratio's note
    naming the statistic (best of the runs, and the mean's ratio) and the target."""
    rows = bench_cheap_tournaments(0.0, ["mate"], min_run_seconds=0.02, reps=2, min_deals=4)
    assert [r["unit"] for r in rows] == ["games/s", "x", "ms", "ms"]
    assert all(r["value"] > 0 for r in rows[:2]) and rows[3]["value"] >= 0
    assert "best of 2 runs" in rows[0]["note"]
    assert "mean of runs" in rows[1]["note"] and "target >= 1.8x" in rows[1]["note"]


def test_every_game_declares_bench_rows():
    for slug in available_games():
        benches = load_game(slug).bench_configs()
        assert benches and all(isinstance(b, BenchConfig) for b in benches)
        assert any(b.playouts for b in benches) and any(b.search for b in benches)


def test_engine_rows_follow_the_declarations():
    """One playout row per declared playout config, one length row per lengths config, one
    determinization row per hidden-information example config, the exact-solve cases of the
    game that declares them."""
    slugs = ["mate", "mattis"]
    report = run_bench(seconds=0.02, games=slugs, solve_deals=3, extra=False, length_games=20)
    benches = [b for s in slugs for b in load_game(s).bench_configs()]
    assert [r["config"] for r in report["playouts"]] == [b.config for b in benches if b.playouts]
    assert [r["config"] for r in report["lengths"]] == [b.config for b in benches if b.lengths]
    hidden = [c for s in slugs for c in type(load_game(s)).EXAMPLE_CONFIGS
              if not load_game(c).perfect_information]
    assert [r["config"] for r in report["determinize"]] == hidden
    assert set(report["solve"]) == {"forcing_fixed", "forcing_optimised"}
    text = format_report(report)
    assert "Random playouts" in text and "Exact solve of one round" in text


def test_search_rows_follow_the_declarations():
    bench = BenchConfig("dog-tag-trick(players=3)")
    rows = bench_search(0.01, [bench, BenchConfig("mate", search=False)])
    names = [r["name"] for r in rows]
    assert names[:2] == ["ISMCTS dog-tag-trick(players=3), random rollout",
                         "ISMCTS dog-tag-trick(players=3), policy rollout"]
    assert "PIMC exact-solver worlds dog-tag-trick(players=3)" in names
    assert not any("mate" in n for n in names)
    # recommend --algo solver at its defaults (--threads auto), the one-thread time beside it
    opening = next(r for r in rows
                   if r["name"] == "recommend --algo solver dog-tag-trick(players=3), opening")
    assert opening["unit"] == "s median" and opening["value"] > 0
    assert "thread(s) (auto; one thread: " in opening["note"]
    assert "target <= 0.3 s: " in opening["note"]


# --- The yardstick (issue 18 item 1): --limits, alternated CPU-time ratios, targets --------

def _fake_limits(root, programs, builds=("native", "o2")):
    """A --limits folder whose 'C programs' are shell scripts printing a RESULT line (the
    bench reads only that line and the child's CPU time)."""
    import os
    for b in builds:
        d = root / "build" / b
        d.mkdir(parents=True, exist_ok=True)
        for p in programs:
            exe = d / p
            exe.write_text("#!/bin/sh\necho \"RESULT games=$2 games_per_s=1\"\n")
            os.chmod(exe, 0o755)
    return str(root)


def test_limits_without_built_programs_is_a_clear_error(tmp_path):
    import pytest
    from click.testing import CliRunner

    from tournaments.bench.limits import LimitsError, check_limits
    from tournaments.cli import main
    with pytest.raises(LimitsError, match="build/native/mattis_playout.*make"):
        check_limits(str(tmp_path), ["mattis_playout"])
    res = CliRunner().invoke(main, ["bench", "--limits", str(tmp_path), "--game", "mattis",
                                    "--seconds", "0.01"])
    assert res.exit_code == 2
    assert res.output.strip().splitlines()[-1].startswith("trickhound: error: --limits")
    # the -O2 build is required only when asked for
    _fake_limits(tmp_path, ["mattis_playout"], builds=("native",))
    check_limits(str(tmp_path), ["mattis_playout"])
    with pytest.raises(LimitsError, match="build/o2/mattis_playout"):
        check_limits(str(tmp_path), ["mattis_playout"], o2=True)


def test_playouts_vs_c_alternate_and_print_targets(tmp_path):
    """One row per playout config with a C program: ours, our rollout loop and each C build,
    measured in alternation ROUNDS times; the report prints every ratio with its target
    (docs/rules/dog-tag-trick.md §11 is why Dog Tag Trick's target is higher: its cost is the
    move generator, which the C flags do not speed up)."""
    import io

    from tournaments.bench import limits as L
    limits = _fake_limits(tmp_path, ["mattis_playout", "dtt_playout"])
    err = io.StringIO()
    bench = next(b for b in load_game("mattis").bench_configs() if b.c_reference)
    row = L.playouts_vs_c(bench, 0.2, limits, o2=True, stream=err)
    assert row["rounds"] == L.ROUNDS and row["target"] == 0.70
    for key in ("vs_c_native", "rollout_vs_c_native", "vs_c_o2", "rollout_vs_c_o2"):
        assert row[key] > 0
    assert err.getvalue().count("bench: ") == L.ROUNDS
    assert L.target_for("dtt_playout 3 {games} 1") == 0.90
    text = "\n".join(L.format_limits({"limits": [row]}))
    assert "target" in text and "C native" in text and "C -O2" in text
    assert ("met" in text) != ("BELOW" in text)


def test_bench_progress_goes_to_stderr(tmp_path):
    import io
    err = io.StringIO()
    run_bench(seconds=0.01, games=["mattis"], solve_deals=1, extra=False, length_games=5,
              stream=err)
    lines = err.getvalue().splitlines()
    assert lines and all(line.startswith("bench: ") for line in lines)
    assert any("random playouts mattis" in line for line in lines)


def test_ismcts_vs_openspiel_runs_equal_iterations():
    import pytest
    pytest.importorskip("pyspiel")
    import io

    from solver.search import bench as SB
    from tournaments.bench.limits import ROUNDS, ismcts_vs_openspiel
    s = SB.opening_state(load_game("dog-tag-trick(players=3)"))
    row = ismcts_vs_openspiel(s.view(s.current_player()), "DTT 3p", 0.2, io.StringIO())
    assert row["rounds"] == ROUNDS and row["iterations"] >= 200
    assert row["ratio"] == row["ours_its_per_cpu_s"] / row["openspiel_its_per_cpu_s"]


def test_search_rows_values_line_up_whatever_the_names_length():
    """Every Search row's value starts in one column, the longest names included (tester 7:
    "alpha-beta root split, best-only (...)" pushed its value out of line)."""
    rows = [{"name": "short", "value": 1.5, "unit": "x"},
            {"name": "a much longer row name than the usual forty-four characters", "value": 2.0,
             "unit": "x", "note": "n"},
            {"name": "middle-sized name", "value": 12345.0, "unit": "it/s"}]
    text = format_report({"machine": {"python": "3", "machine": "x", "cpus": 2}, "playouts": [],
                          "determinize": [], "solve": None, "search": rows})
    lines = [ln for ln in text.splitlines() if ln.startswith("  ") and ln.rstrip().endswith(
        ("x", "it/s", "(n)"))]
    ends = {ln.index(" x") if " x" in ln else ln.index(" it/s") for ln in lines}
    assert len(lines) == 3 and len(ends) == 1
