"""The bench's threads rows (tournaments/bench/search.py ``threads_rows``, issue 18 item 4):
every row that multiplies iterations or worlds carries the >= 1.8x target and its verdict; the
alpha-beta root split (one perfect-information position solved exactly, the solver bot's
split that it leaves off) carries no target and says why. What the ratios are is the bench's
business, never a test's (no timed asserts)."""
from solver.registry import load_game
from solver.search.bench import opening_state
from tournaments.bench.search import NO_TARGET_ROOT_SPLIT, THREADS_TARGET, threads_rows


def test_the_root_split_row_has_no_target_and_the_others_keep_theirs():
    game = load_game("tiny-tricks")
    state = opening_state(game)
    rows = threads_rows("tiny-tricks", game, state.view(state.current_player()), 0.02)
    split = [r for r in rows if r["name"].startswith("alpha-beta root split")]
    assert len(split) == 1
    assert NO_TARGET_ROOT_SPLIT in split[0]["note"]
    assert "target >=" not in split[0]["note"] and "BELOW" not in split[0]["note"]
    others = [r for r in rows if r is not split[0]]
    assert others
    for row in others:
        verdict = "met" if row["value"] >= THREADS_TARGET else "BELOW"
        assert f"target >= {THREADS_TARGET}x: {verdict}" in row["note"], row
