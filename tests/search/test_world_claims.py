"""PIMC's alpha-beta worlds claimed by threads (issue 18 item 4; solver/search/parallel.py
``alphabeta_world_values``, solver/search/_alphabeta.pyx ``WorldClaims`` /
``AlphaBeta.solve_claimed``).

Mate with the forced card hidden (docs/rules/mate.md §9.2) samples worlds that differ in the
hidden forced card; the distinct ones are work items claimed by whichever thread is free: the
first whole, the last ``SPLIT_WORLDS`` one action at a time, every item from an emptied kernel
table. The values are exact, hence the one-thread values whatever the thread count; each
world's node count is a cleared solver's, hence the same for every thread count >= 2 and in a
rerun. No timings here: speed is measured by ``trickhound bench``.
"""
import pytest

from solver.registry import load_game
from solver.search import AlphaBeta, SearchLimit, parallel, pimc
from solver.search._alphabeta import WorldClaims
from solver.search.bench import opening_state
from solver.search.parallel import alphabeta_world_values
from tests.search.helpers import mid_state

MATE_HIDDEN = "mate(forced_visibility=hidden)"


def _distinct_worlds(seed: int, fraction: float, count: int = 12) -> list:
    """The distinct worlds among ``count`` sampled from the view of the seat to move at a
    seeded position of Mate with the forced card hidden (docs/rules/mate.md §9.2)."""
    game = load_game(MATE_HIDDEN)
    state = opening_state(game, seed) if fraction == 0.0 else mid_state(game, seed,
                                                                          fraction=fraction)
    view = state.view(state.current_player())
    seen, worlds = set(), []
    for i in range(count):
        world = view.determinize(i)
        if world.state_hash() not in seen:
            seen.add(world.state_hash())
            worlds.append(world)
    return worlds


def _cleared(ab: AlphaBeta) -> AlphaBeta:
    ab.clear()
    return ab


@pytest.mark.parametrize("seed,fraction", [(1, 0.0), (3, 0.0), (2, 0.3)])
@pytest.mark.parametrize("split_from", [None, 0, 1, 2])
def test_claimed_items_value_as_a_cleared_solver(seed, fraction, split_from):
    """One thread taking every item: each world's values are solve_values'; a whole world's
    nodes are a cleared solver's for the world, a split world's the sum of a cleared solver's
    for each of its actions alone."""
    worlds = _distinct_worlds(seed, fraction)
    game = worlds[0].game
    split = len(worlds) if split_from is None else min(split_from, len(worlds))
    job = WorldClaims(worlds, -1 if split_from is None else split_from)
    assert job.items == split + sum(len(w.legal_actions()) for w in worlds[split:])
    AlphaBeta(game, 13).solve_claimed(job)
    ref = AlphaBeta(game, 13)
    for wi, (world, (values, nodes)) in enumerate(zip(worlds, job.result())):
        (want, whole_nodes), = _cleared(ref).solve_values([world])
        assert values == want
        if wi < split:
            assert nodes == whole_nodes
        else:
            assert nodes == sum(_cleared(ref).solve_values([world], [a])[0][1]
                                for a in world.legal_actions())


def test_a_helper_that_starts_after_the_items_ran_out_does_nothing():
    """On a busy machine a helper may start once the caller's thread has solved every item: it
    searches nothing (its node count stays) and the answer is unchanged."""
    worlds = _distinct_worlds(1, 0.0)
    game = worlds[0].game
    job = WorldClaims(worlds, len(worlds) - 1)
    AlphaBeta(game, 13).solve_claimed(job, False)
    before = job.result()
    helper = AlphaBeta(game, 13)
    helper.nodes = 7
    helper.solve_claimed(job, True)
    assert helper.nodes == 7
    assert job.result() == before


def test_unsolved_claims_have_no_result_and_bad_jobs_are_refused():
    """result() before the items are solved raises; a game without a kernel (tiny-tricks: the
    generic negamax holds the GIL), worlds of another game and a finished game are refused."""
    worlds = _distinct_worlds(1, 0.0)
    with pytest.raises(RuntimeError, match="not solved"):
        WorldClaims(worlds).result()
    tiny = load_game("tiny-tricks")
    with pytest.raises(ValueError, match="kernel"):
        AlphaBeta(tiny, 10).solve_claimed(WorldClaims([mid_state(tiny, 1, fraction=0.0)]))
    with pytest.raises(ValueError, match="another game"):
        AlphaBeta(load_game("mate"), 10).solve_claimed(
            WorldClaims([mid_state(tiny, 1, fraction=0.0)]))
    state = opening_state(worlds[0].game, 1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(ValueError, match="over"):
        WorldClaims([state])


@pytest.mark.parametrize("seed,fraction", [(1, 0.0), (4, 0.0), (2, 0.3)])
def test_world_values_are_the_one_thread_values_for_any_thread_count(seed, fraction):
    """alphabeta_world_values on 1, 2 and 3 threads: the values of one solver's solve_values
    (exact); a repeated world takes its first occurrence's values for no nodes; on 2 and 3
    threads (and in a rerun) the same node counts, whichever thread claimed which item."""
    game = load_game(MATE_HIDDEN)
    state = opening_state(game, seed) if fraction == 0.0 else mid_state(game, seed,
                                                                          fraction=fraction)
    view = state.view(state.current_player())
    worlds = [view.determinize(i) for i in range(14)]
    assert len({w.state_hash() for w in worlds}) < len(worlds)
    one = alphabeta_world_values(worlds, [AlphaBeta(game, 13)])
    runs = {k: [alphabeta_world_values(worlds, [AlphaBeta(game, 13) for _ in range(k)])
                for _ in range(2)] for k in (2, 3)}
    ref = AlphaBeta(game, 13)
    seen = set()
    for wi, world in enumerate(worlds):
        (want, _), = _cleared(ref).solve_values([world])
        assert one[wi][0] == want
        for k in (2, 3):
            assert runs[k][0][wi][0] == want
        first = world.state_hash() not in seen
        seen.add(world.state_hash())
        assert (one[wi][1] > 0) == first
        assert (runs[2][0][wi][1] > 0) == first
    assert runs[2][0] == runs[2][1] == runs[3][0] == runs[3][1]


def test_a_single_distinct_world_is_shared_action_by_action():
    """Every sampled world alike (one distinct world): runs of its actions (SPLIT_PARTS of
    them, 0: one an action) are the threads' items, each from an emptied table; the values
    are still one solver's."""
    game = load_game(MATE_HIDDEN)
    world = opening_state(game, 5)
    ref = AlphaBeta(game, 13)
    (want, _), = ref.solve_values([world])
    got = alphabeta_world_values([world, world.clone()], [AlphaBeta(game, 13) for _ in range(2)])
    assert got[0][0] == want and got[1] == (want, 0)
    legal = world.legal_actions()
    runs = len(legal) if parallel.SPLIT_PARTS == 0 else min(parallel.SPLIT_PARTS, len(legal))
    assert got[0][1] == sum(_cleared(ref).solve_values(
        [world], legal[r * len(legal) // runs:(r + 1) * len(legal) // runs])[0][1]
        for r in range(runs))


@pytest.mark.parametrize("tt_bits", [10, 16])
def test_pimc_alphabeta_answers_alike_on_one_two_and_three_threads(tt_bits):
    """PIMC with alpha-beta in each world (the solver bot's search with the forced card
    hidden, docs/rules/mate.md §9.2) on 1, 2 and 3 threads: one answer (every action's mean,
    interval, visits and robustness; the chosen action); on 2 and 3 threads one node count,
    the threads' tables at most ``WORLD_TABLE_BITS`` (a smaller ``tt_bits`` is kept)."""
    game = load_game(MATE_HIDDEN)
    state = opening_state(game, 6)
    view = state.view(state.current_player())
    kw = dict(limit=SearchLimit(iterations=1, worlds=16), seed=8, evaluator="solver",
              tt_bits=tt_bits)
    answers = {k: pimc(view, threads=k, **kw) for k in (1, 2, 3)}
    for k in (2, 3):
        assert [a.to_json() for a in answers[k].actions] == [
            a.to_json() for a in answers[1].actions]
        assert answers[k].chosen == answers[1].chosen
    assert answers[2].nodes == answers[3].nodes
    bits = min(tt_bits, parallel.WORLD_TABLE_BITS)
    sampled, _ = parallel._sample_worlds(view, 16, 8, "none", 64)
    want = alphabeta_world_values(sampled, [AlphaBeta(game, bits) for _ in range(2)])
    assert answers[2].nodes == sum(n for _, n in want)
