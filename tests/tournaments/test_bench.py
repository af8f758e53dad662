"""The tournament rows of `trickhound bench` (shape only: speed is never asserted)."""
from tournaments.bench import _EXTRA_BENCHES, bench_tournament, format_report


def test_bench_tournament_rows():
    assert bench_tournament in _EXTRA_BENCHES
    assert bench_tournament(0.1, ["dog-tag-trick"]) == []
    rows = bench_tournament(0.1, ["mate"])
    assert [r["unit"] for r in rows] == ["games/s", "games/s", "x", "ms"]
    for r in rows:
        assert set(r) == {"name", "value", "unit", "note"} and r["value"] == r["value"]
    text = format_report({"machine": {"python": "3", "machine": "x", "cpus": 2}, "playouts": [],
                          "determinize": [], "solve": None, "search": rows})
    assert "tournament speedup" in text
