"""The solver bot's decision on several threads (issue 18 item 4; solver/search/parallel.py).

* A perfect-information root (Mate with its default rules, docs/rules/mate.md §9.1: the forced
  cards are public, so the bot solves the position itself) shared by the threads
  (``RootSplit``: the moves claimed in turn, probed with null windows around the best exact
  value any thread found): the same optimal moves and value as one thread's best-only solve
  (``AlphaBeta.solve(values="best")``), whatever the thread count and the timing.
* PIMC's alpha-beta worlds (docs/rules/mate.md §9.2: the forced card hidden, so worlds are
  sampled) grouped by position, claimed by the threads without the GIL, the last distinct
  world split by move (``WorldClaims``, ``AlphaBeta.solve_claimed``): the one-thread values,
  node counts fixed for a thread count.
No timings here: speed is measured by ``trickhound bench`` (tournaments/bench/search.py).
"""
import threading

import pytest

from bots.registry import make_bot
from solver.registry import load_game
from solver.search import AlphaBeta, MaxN, SearchLimit, parallel, pimc
from solver.search._alphabeta import RootSplit
from solver.search.bench import opening_state
from solver.search.parallel import (
    ROOT_SPLIT_MIN_PLIES,
    alphabeta_root_best,
    alphabeta_world_values,
)
from tests.search.helpers import mid_state

MATE_HIDDEN = "mate(forced_visibility=hidden)"


def _positions(game, seeds=range(1, 7), fractions=(0.0, 0.05, 0.3, 0.6)):
    """Seeded positions from the opening (a round's costly decisions) to late in a round."""
    for seed in seeds:
        yield opening_state(game, seed)
        for fraction in fractions:
            yield mid_state(game, seed, fraction=fraction)


def _split(state, solvers):
    """``state`` searched as one RootSplit by ``solvers`` in this thread, one after the other:
    the caller's thread (the first solver) takes every move, then the helpers start late, once
    the moves ran out (as on a machine whose other core is busy) and do nothing."""
    job = RootSplit(state)
    solvers[0].split_search(job, False)
    before = [ab.nodes for ab in solvers[1:]]
    for ab in solvers[1:]:
        ab.split_search(job, True)
    assert [ab.nodes for ab in solvers[1:]] == before
    return job.result()


@pytest.mark.parametrize("config", ["mate", "mate(first_dealer=1,utility=match_result)"])
def test_root_split_finds_the_best_only_solves_optimal_moves(config):
    """However the moves fall to the threads (all to the caller, or shared by real threads),
    the optimal set and the value are the one-thread best-only solve's, and every move outside
    it is exact and lower or bounded below the best."""
    game = load_game(config)
    for state in _positions(game):
        expected = AlphaBeta(game, 16).solve(state, False, "best")
        runs = [_split(state, [AlphaBeta(game, 16), AlphaBeta(game, 16)]),
                alphabeta_root_best(state, [AlphaBeta(game, 16) for _ in range(2)], split=True),
                alphabeta_root_best(state, [AlphaBeta(game, 16) for _ in range(3)], split=True),
                alphabeta_root_best(state, [AlphaBeta(game, 16) for _ in range(2)])]
        for got in runs:
            assert got["best"] == sorted(expected["best"])
            assert got["value"] == expected["value"]
            top = max(got["actions"].values())
            assert set(got["best"]) == {a for a, v in got["actions"].items()
                                        if v == top and a not in got["bounded"]}
            assert all(got["actions"][a] < top for a in got["bounded"])


def test_root_split_values_every_move_when_one_thread_searches_it_all():
    """The caller's thread alone (no helper started): a principal-variation search over the
    legal moves in order; its exact values are solve()'s exact values."""
    game = load_game("mate")
    for state in _positions(game, seeds=range(1, 4)):
        got = _split(state, [AlphaBeta(game, 16)])
        exact = AlphaBeta(game, 16).solve(state, False)["actions"]
        for a, v in got["actions"].items():
            if a in got["bounded"]:
                assert exact[a] <= v
            else:
                assert v == exact[a]


def test_root_best_is_inline_near_the_end_of_a_round():
    """Below ROOT_SPLIT_MIN_PLIES plies to the end of the round the first solver solves alone
    (a helper's solver is left untouched: its node count stays 0)."""
    game = load_game("mate")
    late = [s for s in _positions(game, fractions=(0.6, 0.8))
            if RootSplit(s).plies < ROOT_SPLIT_MIN_PLIES]
    assert late
    for state in late:
        solvers = [AlphaBeta(game, 16), AlphaBeta(game, 16)]
        got = alphabeta_root_best(state, solvers, split=True)
        assert got["best"] == AlphaBeta(game, 16).solve(state, False, "best")["best"]
        assert solvers[1].nodes == 0


def test_split_search_needs_a_kernel():
    """The generic negamax holds the GIL: no split search; alphabeta_root_best solves inline
    (the same answer as one thread's best-only solve)."""
    game = load_game("tiny-tricks")
    state = mid_state(game, 3, fraction=0.0)
    with pytest.raises(ValueError, match="kernel"):
        AlphaBeta(game, 12).split_search(RootSplit(state), False)
    got = alphabeta_root_best(state, [AlphaBeta(game, 12), AlphaBeta(game, 12)], split=True)
    assert got["best"] == AlphaBeta(game, 12).solve(state, False, "best")["best"]


@pytest.mark.parametrize("config", ["mate", MATE_HIDDEN, "tiny-tricks"])
def test_solve_values_is_solve_per_world(config):
    """A block of worlds in one call: each world's values are solve()'s (restricted to the
    actions asked for), whether the game has a kernel (Mate) or not (tiny-tricks)."""
    game = load_game(config)
    worlds = [mid_state(game, seed, fraction=f) for seed in range(1, 5) for f in (0.0, 0.4)]
    got = AlphaBeta(game, 16).solve_values(worlds)
    for world, (values, nodes) in zip(worlds, got):
        assert values == AlphaBeta(game, 16).solve(world, False)["actions"]
        assert nodes > 0
    legal = worlds[0].legal_actions()
    some = legal[::2]
    (values, _), = AlphaBeta(game, 16).solve_values(worlds[:1], some)
    assert values == {a: v for a, v in got[0][0].items() if a in some}


def test_world_values_split_the_distinct_worlds():
    """Sampled worlds repeat (docs/rules/mate.md §9.2: few possible forced cards): a repeat
    takes its first occurrence's values for no nodes; the values are one solver's, the same
    in a rerun with the same thread count."""
    game = load_game(MATE_HIDDEN)
    s = opening_state(game, 3)
    view = s.view(s.current_player())
    worlds = [view.determinize(i) for i in range(12)]
    assert len({w.state_hash() for w in worlds}) < len(worlds)
    one = AlphaBeta(game, 16)
    for threads in (2, 3):
        runs = [alphabeta_world_values(worlds, [AlphaBeta(game, 16) for _ in range(threads)])
                for _ in range(2)]
        assert [v for v, _ in runs[0]] == [v for v, _ in runs[1]]
        seen = set()
        for world, (values, nodes) in zip(worlds, runs[0]):
            assert values == one.solve(world, False)["actions"]
            key = world.state_hash()
            assert (nodes == 0) == (key in seen)
            seen.add(key)


def test_pimc_alphabeta_threads_are_reproducible():
    """PIMC with alpha-beta in each world on two threads: the one-thread answer (exact values),
    and the same again in a rerun (the node count is the threads' timing's: where the owner of
    a world and a thread taking its last actions met)."""
    game = load_game(MATE_HIDDEN)
    s = opening_state(game, 2)
    view = s.view(s.current_player())
    limit = SearchLimit(iterations=1, worlds=16)
    one = pimc(view, limit=limit, seed=4, evaluator="solver")
    runs = [pimc(view, limit=limit, seed=4, evaluator="solver", threads=2) for _ in range(2)]
    assert [a.to_json() for a in runs[0].actions] == [a.to_json() for a in runs[1].actions]
    assert [a.to_json() for a in runs[0].actions] == [a.to_json() for a in one.actions]
    assert runs[0].chosen == one.chosen


@pytest.mark.parametrize("config", ["mate", MATE_HIDDEN])
def test_solver_bot_threads_play_the_one_thread_moves(config):
    """A whole round played by the solver bot with one and with two threads, same seed: the
    same moves (the same optimal sets, the tie drawn by the bot's own stream)."""
    game = load_game(config)
    bots = [make_bot(f"solver(worlds=6,threads={t})", seed=9) for t in (1, 2)]
    for seed in (1, 2):
        lines = []
        for bot in bots:
            state = opening_state(game, seed)
            bot.reset(game, state.current_player(), 9)
            other = make_bot("solver(worlds=6)", seed=3)
            other.reset(game, 1 - state.current_player(), 3)
            line = []
            r = state.round()
            while not state.is_terminal() and state.round() == r:
                mover = bot if state.current_player() == bot.seat else other
                a = mover.act(state.view(state.current_player()))
                line.append(a)
                state.apply_action(a)
            lines.append(line)
        assert lines[0] == lines[1]


def test_solver_bot_threads_value_one_position_on_its_kept_solver(monkeypatch):
    """With 2 threads the solver bot's action values share a decision's distinct worlds over
    the threads (Mate with the forced card hidden at a round's first lead, docs/rules/mate.md
    §9.2: a handful of possible forced cards), but a decision whose worlds are one position
    (Mate's default rules, §9.1; or a hidden-card game where the view hides nothing) is valued
    on the bot's own kept solver, as one thread does: split over threads, its moves were
    valued on cleared tables, slower than one thread on its kept table. The values are one
    thread's either way."""
    import bots.solver_bot as solver_bot
    calls = []
    shared = solver_bot.alphabeta_world_values

    def spy(worlds, solvers, helpers=None):
        calls.append(len(worlds))
        return shared(worlds, solvers, helpers)

    monkeypatch.setattr(solver_bot, "alphabeta_world_values", spy)
    hidden = load_game(MATE_HIDDEN)
    cases = [(load_game("mate"), opening_state(load_game("mate"), 2), False),
             (hidden, opening_state(hidden, 2), True),
             (hidden, mid_state(hidden, 1, fraction=0.3), False)]
    for game, state, distinct in cases:
        view = state.view(state.current_player())
        assert parallel.one_position([view.determinize(i) for i in range(16)]) is not distinct
        values = []
        for threads in (1, 2):
            bot = make_bot(f"solver(threads={threads},inference=none)", seed=5)
            bot.reset(game, view.player, 5)
            calls.clear()
            values.append(bot.action_values(view))
            assert bool(calls) is (threads == 2 and distinct)
            if threads == 2 and not distinct:           # the second thread's solver idle
                assert bot._thread_solvers[1].nodes == 0
        assert values[0] == values[1]


def used_max_n(game, deal: int, evaluation: str, budget: int) -> tuple[list, MaxN]:
    """Three worlds of seat-to-act's view at opening ``deal``, and a MaxN (seed 7) that has
    solved them within ``budget`` nodes: its table filled, its stream drawn from."""
    s = opening_state(game, deal)
    view = s.view(s.current_player())
    worlds = [view.determinize(i) for i in range(3)]
    kept = MaxN(game, False, 12, evaluation, 2, 7, True, game.new_policy())
    for world in worlds:
        kept.solve(world, budget)
    return worlds, kept


@pytest.mark.parametrize("evaluation", ["auto", "policy"])
def test_a_reset_max_n_searches_as_a_new_one(evaluation):
    """MaxN.reset (the thread paths keep their solvers between searches): after other worlds
    filled its table and drew from its stream, a reset solver gives a new one's answers and
    node counts, with the fitted estimate and with policy playouts at the frontier."""
    for config in ("dog-tag-trick(players=3)", "mattis(players=3)"):
        game = load_game(config)
        worlds, kept = used_max_n(game, 2, evaluation, 2000)
        kept.reset(11)
        new = MaxN(game, False, 12, evaluation, 2, 11, True, game.new_policy())
        for world in worlds:
            a, b = kept.solve(world, 2000), new.solve(world, 2000)
            assert (a["actions"], a["nodes"], a["depth"]) == (b["actions"], b["nodes"], b["depth"])


def test_pimc_max_n_threads_repeat_their_answer_with_kept_solvers():
    """The thread path keeps its max^n solvers between searches (reset, not rebuilt): a second
    and third search of the same view, seed and thread count give the first's answer and node
    count, also after a search with another seed in between."""
    game = load_game("dog-tag-trick(players=3)")
    s = opening_state(game, 4)
    view = s.view(s.current_player())
    kw = dict(limit=SearchLimit(iterations=1, worlds=6), evaluator="solver", node_budget=3000,
              evaluation="policy", rollouts=2, threads=2)
    first = pimc(view, seed=3, **kw)
    pimc(view, seed=99, **kw)
    for _ in range(2):
        again = pimc(view, seed=3, **kw)
        assert again.nodes == first.nodes
        assert [a.to_json() for a in again.actions] == [a.to_json() for a in first.actions]


def test_run_claimed_keeps_job_order_and_runs_jobs_no_pool_thread_started():
    """With every pool thread busy (blocked until the end of the test), the calling thread runs
    all the jobs itself instead of waiting for a pool thread: the results in job order. (Two
    jobs: one helper wanted, so the pool, at least one thread, is not grown.)"""
    pool = parallel._executor(1)
    release = threading.Event()
    blockers = [pool.submit(release.wait) for _ in range(parallel._pool_size)]
    try:
        ran_on = []

        def job(i):
            def run():
                ran_on.append(threading.get_ident())
                return i
            return run

        assert parallel.run_claimed([job(i) for i in range(2)]) == [0, 1]
        assert set(ran_on) == {threading.get_ident()}
    finally:
        release.set()
        for b in blockers:
            b.result()


def test_run_claimed_reraises_the_first_failing_jobs_error():
    def ok():
        return 1

    def bad(message):
        def run():
            raise ValueError(message)
        return run

    with pytest.raises(ValueError, match="first"):
        parallel.run_claimed([ok, bad("first"), ok, bad("second")])


def test_a_kept_alpha_beta_solves_as_a_new_one():
    """take_alphabeta hands out a kept solver cleared (its table and the kernel's): the same
    values and node counts as a new solver, after other positions filled its tables
    (docs/rules/mate.md §9.2 worlds)."""
    game = load_game(MATE_HIDDEN)
    s = opening_state(game, 5)
    view = s.view(s.current_player())
    worlds = [view.determinize(i) for i in range(6)]
    used = parallel.take_alphabeta(game, 14)
    used.solve_values([opening_state(game, 9).view(0).determinize(1)])
    parallel.give_alphabeta(used, 14)
    kept = parallel.take_alphabeta(game, 14)
    assert kept is used
    try:
        assert kept.solve_values(worlds) == AlphaBeta(game, 14).solve_values(worlds)
    finally:
        parallel.give_alphabeta(kept, 14)


@pytest.mark.parametrize("evaluation", ["auto", "policy"])
def test_a_forgotten_max_n_searches_as_a_new_one(evaluation):
    """MaxN.forget (the O(1) reset by a new key salt, taken before every claimed world): after
    other worlds filled its table and drew from its stream, a forgotten solver gives a new
    one's answers, node counts and depths, with the fitted estimate and with policy playouts."""
    for config in ("mate-vic-village(players=3)", "mattis(players=4)"):
        game = load_game(config)
        worlds, kept = used_max_n(game, 5, evaluation, 3000)
        for world in worlds:
            kept.forget(13)
            new = MaxN(game, False, 12, evaluation, 2, 13, True, game.new_policy())
            a, b = kept.solve(world, 3000), new.solve(world, 3000)
            assert (a["actions"], a["nodes"], a["depth"]) == (b["actions"], b["nodes"], b["depth"])


def test_pimc_max_n_claimed_worlds_answer_alike_for_any_thread_count():
    """With a node budget, the threads claim max^n worlds in whatever order they free up, each
    world solved by a forgotten solver at its own seed: 2 and 3 threads give one answer and node
    count (which thread solved which world does not matter), run after run."""
    game = load_game("mate-vic-village(players=3)")
    s = opening_state(game, 6)
    view = s.view(s.current_player())
    kw = dict(limit=SearchLimit(iterations=1, worlds=7), evaluator="solver", node_budget=4000)
    answers = [pimc(view, seed=21, threads=k, **kw) for k in (2, 3, 2)]
    for r in answers[1:]:
        assert r.nodes == answers[0].nodes
        assert [a.to_json() for a in r.actions] == [a.to_json() for a in answers[0].actions]
