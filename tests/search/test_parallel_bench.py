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
    them in blocks of consecutive runs: at least ``reps`` runs each, more when runs are short
    (about ``seconds`` of them), at most ``max_reps``; it reports how many."""
    from tournaments.bench.search import _interleaved_walls

    calls: list[tuple[int, int]] = []
    walls, reps = _interleaved_walls(lambda k, rep: calls.append((k, rep)), 2, reps=3,
                                     seconds=10.0, max_reps=7, lead_in_below=0.0)
    assert reps == 7 and set(walls) == {1, 2}
    # 3 blocks of at most ceil(7 / 3) = 3 runs, the counts alternating block by block
    blocks = [range(0, 3), range(3, 6), range(6, 7)]
    assert calls == [(1, -1), (2, -1)] + [(k, r) for b in blocks for k in (1, 2) for r in b]
    calls.clear()
    _, reps = _interleaved_walls(lambda k, rep: calls.append((k, rep)), 2, reps=3,
                                 seconds=0.0, max_reps=7, lead_in_below=0.0)
    assert reps == 3 and calls == [(1, -1), (2, -1), (1, 0), (2, 0), (1, 1), (2, 1), (1, 2),
                                   (2, 2)]


def test_short_runs_start_each_block_with_an_unmeasured_run():
    """Runs shorter than ``lead_in_below`` (here every run) start each block with one
    unmeasured run (rep -1), so that each thread count is measured in its own steady state;
    the measured reps are the same."""
    from tournaments.bench.search import _interleaved_walls

    calls: list[tuple[int, int]] = []
    _, reps = _interleaved_walls(lambda k, rep: calls.append((k, rep)), 2, reps=4,
                                 seconds=0.0, max_reps=7, blocks=2, lead_in_below=1e9)
    assert reps == 4
    assert calls == [(1, -1), (2, -1),
                     (1, -1), (1, 0), (1, 1), (2, -1), (2, 0), (2, 1),
                     (1, -1), (1, 2), (1, 3), (2, -1), (2, 2), (2, 3)]


def test_the_tree_size_row_alternates_several_small_searches_with_each_large_one(monkeypatch):
    """``ismcts_tree_size_row`` warms up with one small search, then ``repeats`` times runs
    ``small_runs`` small searches and one large one, and says how many of each its medians
    are of (no timing asserted)."""
    from tournaments.bench import search as bench_search

    sizes: list[int] = []
    monkeypatch.setattr(bench_search.SB, "bench_ismcts",
                        lambda view, iterations, seed: sizes.append(iterations))
    times = iter(range(1000))
    monkeypatch.setattr(bench_search.time, "process_time", lambda: float(next(times)))
    row = bench_search.ismcts_tree_size_row(None, "x", small=10, large=1000, repeats=2,
                                            small_runs=3)
    assert sizes == [10] + [10, 10, 10, 1000] * 2
    assert "medians of 6 and 2, alternated" in row["note"]
