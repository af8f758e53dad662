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


def test_short_searches_are_measured_more_times_within_the_bounds():
    """``_interleaved_walls`` runs each thread count once unmeasured (rep -1), then alternates
    them: at least ``reps`` times, more when runs are short (about ``seconds`` of them), at most
    ``max_reps``; it reports how many."""
    from tournaments.bench.search import _interleaved_walls

    calls: list[tuple[int, int]] = []
    walls, reps = _interleaved_walls(lambda k, rep: calls.append((k, rep)), 2, reps=3,
                                     seconds=10.0, max_reps=7)
    assert reps == 7 and set(walls) == {1, 2}
    assert calls == [(1, -1), (2, -1)] + [(k, r) for r in range(7) for k in (1, 2)]
    calls.clear()
    _, reps = _interleaved_walls(lambda k, rep: calls.append((k, rep)), 2, reps=3,
                                 seconds=0.0, max_reps=7)
    assert reps == 3 and len(calls) == 2 + 2 * 3
