"""The rows of `trickhound bench` (shape only: speed is never asserted) and where they come
from: each game's declared bench configurations, not lists of game names."""
from solver.registry import BenchConfig, available_games, load_game
from tournaments.bench import format_report, run_bench
from tournaments.bench.runner import bench_tournament
from tournaments.bench.search import bench_search


def test_bench_tournament_rows():
    rows = bench_tournament(0.1)
    assert [r["unit"] for r in rows] == ["games/s", "games/s", "x", "ms"]
    for r in rows:
        assert set(r) == {"name", "value", "unit", "note"} and r["value"] == r["value"]
    text = format_report({"machine": {"python": "3", "machine": "x", "cpus": 2}, "playouts": [],
                          "determinize": [], "solve": None, "search": rows})
    assert "tournament speedup" in text


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
