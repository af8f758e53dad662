"""PIMC's one merge at the root (solver/search/_pimc.pyx ``RootMerge``), shared by
``pimc_search`` and the thread paths of solver/search/parallel.py (issue 18 item 4), and the
threaded alpha-beta worlds' answers against one thread's.

* ``RootMerge`` gives the rows of the Python merge it replaced in parallel.py (``_reference``
  below, kept here as the specification): per legal action the mean over the worlds that
  valued it with a 95% interval over worlds (the sums added in world order: the same floats
  to the bit), the visits summed, robustness = the share of worlds in which it was best.
* PIMC with alpha-beta in each world (Mate with the forced card hidden, docs/rules/mate.md
  §9.2: sampled worlds) on 1, 2 and 3 threads gives one answer (every action's mean, interval,
  visits and robustness; the chosen move) on many seeded positions, and a rerun gives the
  same node count.
* ``ClaimHelper``: a helper thread that never takes the GIL takes part in the claims posted
  to it; the answer is one solver's whoever solved what.
No timings here: speed is measured by ``trickhound bench`` (tournaments/bench/search.py).
"""
import operator
import random
import threading
import time

import pytest

from solver.registry import load_game
from solver.search import AlphaBeta, SearchLimit, parallel, pimc
from solver.search._alphabeta import ClaimHelper, WorldClaims
from solver.search._pimc import RootMerge, uct_world_answer
from solver.search.bench import opening_state
from solver.search.result import mean_interval
from tests.search.helpers import mid_state

MATE_HIDDEN = "mate(forced_visibility=hidden)"


def _reference(legal: list[int], per_world: list[tuple], solver: bool) -> list[dict]:
    """The Python merge that RootMerge replaced (parallel._merge before it): ``per_world`` in
    world order, (values {action: value}, best actions, visits {action: n}); a solved world
    visits each action it values once."""
    valued: dict[int, list[float]] = {a: [] for a in legal}
    best_in = dict.fromkeys(legal, 0)
    visits: dict[int, int] = {}
    for values, best, world_visits in per_world:
        for a, v in values.items():
            if a in valued:
                valued[a].append(v)
        for a in best:
            if a in best_in:
                best_in[a] += 1
        if not solver:
            for a, n in world_visits.items():
                visits[a] = visits.get(a, 0) + n
    if solver:
        visits = {a: len(valued[a]) for a in legal}
    rows = []
    for a in legal:
        vs = valued[a]
        mean, lo, hi = mean_interval(sum(vs), sum(map(operator.mul, vs, vs)), len(vs))
        rows.append({"action": a, "text": str(a), "mean": mean, "ci_low": lo, "ci_high": hi,
                     "visits": visits.get(a, 0),
                     "robustness": best_in[a] / len(per_world) if per_world else None})
    return rows


def _solved_worlds(rng: random.Random, legal: list[int], count: int) -> list[dict]:
    """Seeded solver answers: values in half points (as the round's scores), ties for the
    best on purpose, now and then an action a world does not value or one not legal at the
    root (left out of the merge)."""
    worlds = []
    for _ in range(count):
        values = {a: rng.randrange(-8, 9) / 2 + rng.choice([0.0, 0.1, 1e-3]) for a in legal
                  if rng.random() > 0.1}
        if not values:
            values = {legal[0]: 0.0}
        if rng.random() < 0.3:
            top = max(values.values())
            values[rng.choice(list(values))] = top          # a tie for the best
        if rng.random() < 0.2:
            values[max(legal) + 1] = 99.0                   # not legal at the root
        worlds.append(values)
    return worlds


@pytest.mark.parametrize("seed", range(8))
def test_root_merge_of_solved_worlds_is_the_python_merge(seed):
    """Exact solvers' worlds (best = every action within 1e-9 of the world's best, one visit
    an action): RootMerge's rows equal the reference merge's, floats to the bit."""
    game = load_game("mate")
    rng = random.Random(seed)
    legal = sorted(rng.sample(range(game.num_distinct_actions - 1), rng.randint(1, 9)))
    worlds = _solved_worlds(rng, legal, rng.randint(1, 20))
    merge = RootMerge(game, legal)
    for i, values in enumerate(worlds):
        merge.add_solved(values, 10 + i, exact=i != 3)
    per_world: list[tuple] = []
    for values in worlds:
        top = max(values.values())
        per_world.append((values, {a for a, v in values.items() if v >= top - 1e-9}, {}))
    assert merge.rows(str) == _reference(legal, per_world, solver=True)
    assert merge.worlds == len(worlds) and merge.iterations == len(worlds)
    assert merge.nodes == sum(10 + i for i in range(len(worlds)))
    assert merge.exact == (len(worlds) <= 3)


@pytest.mark.parametrize("seed", range(8))
def test_root_merge_of_uct_worlds_is_the_python_merge(seed):
    """UCT worlds (root children (action, visits, sum, sum of squares), some proven): the
    world's answer by uct_world_answer, merged by RootMerge, equals the reference merge of
    the same answers."""
    game = load_game("mate")
    rng = random.Random(100 + seed)
    legal = sorted(rng.sample(range(game.num_distinct_actions), rng.randint(1, 9)))
    merge = RootMerge(game, legal)
    per_world = []
    for _ in range(rng.randint(2, 12)):
        children = []
        for a in legal:
            n = rng.choice([0, 1, 3, 7, 20])
            total = sum(rng.uniform(-2, 2) for _ in range(n))
            children.append((a, n, total, total * total / max(n, 1)))
        exact = ({a: rng.randrange(-4, 5) / 2 for a in legal} if rng.random() < 0.3 else {})
        values, best = uct_world_answer(children, exact)
        visits = {a: n for a, n, _, _ in children}
        merge.add_world(values, best, visits, 100, sum(visits.values()))
        per_world.append((values, best, visits))
    assert merge.rows(str) == _reference(legal, per_world, solver=False)


def test_uct_world_answer_picks_the_most_visited_then_the_higher_mean():
    """An unproven world's best is its most visited child (ties: the higher mean, then the
    lower action); a proven world's best are all its optimal moves; an unvisited world has
    none."""
    children = [(5, 10, 4.0, 2.0), (2, 10, 6.0, 4.0), (7, 3, 3.0, 3.0), (9, 0, 0.0, 0.0)]
    values, best = uct_world_answer(children, {})
    assert best == {2} and values == {5: 0.4, 2: 0.6, 7: 1.0}
    children[0] = (5, 10, 6.0, 4.0)
    assert uct_world_answer(children, {})[1] == {2}
    values, best = uct_world_answer(children, {5: 1.5, 2: 1.5, 7: 0.5, 9: -1.0})
    assert best == {2, 5} and values[9] == -1.0
    assert uct_world_answer([(1, 0, 0.0, 0.0)], {}) == ({}, set())


def test_root_merge_rows_of_one_world_use_its_tree_or_its_exact_values():
    """One world: its tree's interval for the actions (tree_stats), its exact values where
    its root is proven (single_exact), as pimc_search reports a single world."""
    game = load_game("mate")
    merge = RootMerge(game, [1, 2])
    merge.add_world({1: 0.5, 2: 1.0}, {2}, {1: 4, 2: 6}, 50, 10)
    rows = merge.rows(str, {1: (4, 2.0, 1.5), 2: (6, 6.0, 7.0)}, {2: 1.0})
    assert rows[1]["mean"] == rows[1]["ci_low"] == rows[1]["ci_high"] == 1.0
    assert (rows[0]["mean"], rows[0]["ci_low"], rows[0]["ci_high"]) == mean_interval(2.0, 1.5, 4)
    assert [r["visits"] for r in rows] == [4, 6] and [r["robustness"] for r in rows] == [0, 1]


def test_root_merge_refuses_an_action_outside_the_game():
    with pytest.raises(ValueError, match="not an action"):
        RootMerge(load_game("mate"), [load_game("mate").num_distinct_actions])


def _hidden_positions():
    """Seeded positions of Mate with the forced card hidden (docs/rules/mate.md §9.2), from
    the opening to late in a round."""
    game = load_game(MATE_HIDDEN)
    for seed in range(1, 9):
        yield opening_state(game, seed)
        for fraction in (0.15, 0.45, 0.7):
            yield mid_state(game, seed, fraction=fraction)


def _answer(result) -> list[dict]:
    return [a.to_json() for a in result.actions]


def test_alphabeta_threads_give_the_one_thread_answer_on_many_positions():
    """PIMC with alpha-beta in each world on 1, 2 and 3 threads: one answer (exact values:
    every action's mean, interval, visits, robustness, and the chosen move) on 32 seeded
    positions, and again in a rerun (its node count is the threads' timing's: where the owner
    of a world and a thread taking its last actions met)."""
    limit = SearchLimit(iterations=1, worlds=16)
    for i, state in enumerate(_hidden_positions()):
        view = state.view(state.current_player())
        one = pimc(view, limit=limit, seed=i, evaluator="solver")
        two = pimc(view, limit=limit, seed=i, evaluator="solver", threads=2)
        three = pimc(view, limit=limit, seed=i, evaluator="solver", threads=3)
        again = pimc(view, limit=limit, seed=i, evaluator="solver", threads=2)
        assert _answer(two) == _answer(one) == _answer(three) == _answer(again)
        assert two.chosen == one.chosen == three.chosen


def _claims_of(seed: int) -> list:
    """The distinct worlds of 12 sampled at a seeded opening of Mate with the forced card
    hidden (docs/rules/mate.md §9.2)."""
    game = load_game(MATE_HIDDEN)
    state = opening_state(game, seed)
    view = state.view(state.current_player())
    worlds: list = []
    for i in range(12):
        world = view.determinize(i)
        if all(world.state_hash() != w.state_hash() for w in worlds):
            worlds.append(world)
    return worlds


def test_a_claim_helper_takes_part_and_the_values_are_one_solvers():
    """A claim helper (its own thread, never the GIL) posted a job takes part in it with the
    solver posted along; the values are one cleared solver's whichever thread valued which
    action, and the helper is free for the next job."""
    game = load_game(MATE_HIDDEN)
    (helper,) = parallel.take_claim_helpers(1)
    try:
        for seed in (1, 3, 4):
            worlds = _claims_of(seed)
            alone = WorldClaims(worlds)
            AlphaBeta(game, 13).solve_claimed(alone)
            job = WorldClaims(worlds)
            taken = helper.jobs
            helper.arm()
            assert helper.post(job, AlphaBeta(game, 13))
            AlphaBeta(game, 13).solve_claimed(job, False)
            helper.retract()
            assert [v for v, _ in job.result()] == [v for v, _ in alone.result()]
            while helper.busy:                  # leaving the job it took (if it took it)
                pass
            assert helper.jobs in (taken, taken + 1)
    finally:
        parallel.give_claim_helpers([helper])


def test_a_claim_helper_without_its_thread_refuses_a_job_and_stops_when_asked():
    """No thread serving it: a post is refused (the caller then solves alone); a served helper
    armed with no job goes back to sleep and still takes a later job; ``stop`` ends its
    thread."""
    game = load_game(MATE_HIDDEN)
    worlds = _claims_of(1)
    lonely = ClaimHelper()
    assert not lonely.serving
    assert not lonely.post(WorldClaims(worlds), AlphaBeta(game, 13))
    helper = ClaimHelper()
    thread = threading.Thread(target=helper.serve, daemon=True)
    thread.start()
    while not helper.serving:
        time.sleep(1e-4)
    helper.arm()
    time.sleep(0.01)                            # past ARMED_SPIN_S: asleep again
    job = WorldClaims(worlds)
    assert helper.post(job, AlphaBeta(game, 13))
    while helper.jobs == 0:                     # nobody else claims: the helper solves it all
        time.sleep(1e-4)
    while helper.busy:
        time.sleep(1e-4)
    lead = AlphaBeta(game, 13)
    lead.solve_claimed(job, False)              # nothing left for the caller's thread
    assert lead.nodes == 0
    alone = WorldClaims(worlds)
    AlphaBeta(game, 13).solve_claimed(alone)
    assert job.result() == alone.result()
    helper.stop()
    thread.join(5)
    assert not thread.is_alive() and not helper.serving


def test_a_claim_helper_takes_jobs_back_to_back_and_stops_while_awake():
    """After a job the helper stays awake a little (LINGER_S) for the next one: jobs posted
    back to back, each right after the last is done, are taken and solved as one solver's
    (whether the helper was still awake or asleep again), and ``stop`` ends its thread
    whichever it is."""
    game = load_game(MATE_HIDDEN)
    worlds = _claims_of(3)
    alone = WorldClaims(worlds)
    AlphaBeta(game, 13).solve_claimed(alone)
    helper = ClaimHelper()
    thread = threading.Thread(target=helper.serve, daemon=True)
    thread.start()
    while not helper.serving:
        time.sleep(1e-4)
    for k in range(1, 4):
        job = WorldClaims(worlds)
        assert helper.post(job, AlphaBeta(game, 13))
        while helper.jobs < k:                  # nobody else claims: the helper solves it all
            time.sleep(1e-5)
        lead = AlphaBeta(game, 13)
        lead.solve_claimed(job, False)          # waits for the helper if it is still inside
        assert job.result() == alone.result()
    helper.stop()
    thread.join(5)
    assert not thread.is_alive() and not helper.serving


def test_claim_helpers_are_new_ones_in_a_forked_process():
    """Kept helpers belong to the process that started their threads: after a fork (here: the
    recorded process id differs) take_claim_helpers starts new ones."""
    (kept,) = parallel.take_claim_helpers(1)
    parallel.give_claim_helpers([kept])
    saved = parallel._helpers_pid
    parallel._helpers_pid = -1
    try:
        (fresh,) = parallel.take_claim_helpers(1)
        assert fresh is not kept and fresh.serving
        parallel.give_claim_helpers([fresh])
    finally:
        parallel._helpers_pid = saved


def test_alphabeta_threads_with_weighted_worlds_give_the_one_thread_answer():
    """With the worlds weighed by the opponent model (inference=policy, the solver bot's
    default with the forced card hidden: the helpers are woken once the worlds are drawn):
    the one-thread answer on 2 threads, at several seeded positions."""
    limit = SearchLimit(iterations=1, worlds=12)
    for i, state in enumerate(list(_hidden_positions())[:8]):
        view = state.view(state.current_player())
        one, two = (pimc(view, limit=limit, seed=50 + i, evaluator="solver",
                         inference="policy", particles=24, threads=k) for k in (1, 2))
        assert _answer(two) == _answer(one) and two.chosen == one.chosen
