"""PIMC's alpha-beta worlds claimed by threads (issue 18 item 4; solver/search/parallel.py
``alphabeta_world_values``, solver/search/_alphabeta.pyx ``WorldClaims`` /
``AlphaBeta.solve_claimed``).

Mate with the forced card hidden (docs/rules/mate.md §9.2) samples worlds that differ in the
hidden forced card; each distinct world is owned by the thread that takes it, which values its
actions from the front on one table, and a thread with no world left to own takes actions
from the back of the world with the most left, searching that world's owner's table. The
values are exact, hence the one-thread values whatever the thread count; one thread's node
counts are a cleared solver's. No timings here: speed is measured by ``trickhound bench``.
"""
import pytest

from solver.registry import load_game
from solver.search import AlphaBeta, SearchLimit, pimc
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
def test_one_thread_values_each_world_as_a_cleared_solver(seed, fraction):
    """One thread taking every world: it owns each in turn and values its actions from the
    front, so each world's values and nodes are a cleared solver's solve_values."""
    worlds = _distinct_worlds(seed, fraction)
    game = worlds[0].game
    job = WorldClaims(worlds)
    assert job.actions == sum(len(w.legal_actions()) for w in worlds)
    AlphaBeta(game, 13).solve_claimed(job)
    ref = AlphaBeta(game, 13)
    for world, got in zip(worlds, job.result()):
        assert got == _cleared(ref).solve_values([world])[0]


@pytest.mark.parametrize("seed,fraction", [(1, 0.0), (2, 0.3)])
def test_a_thief_values_from_the_back_on_its_own_table_when_no_owner_has_one(seed, fraction):
    """Every world owned already (``owned``, the test hook) and no owner's table to search: a
    thread takes actions from the back of the world with the most left, one at a time, its
    table cleared as it moves to another world. The values are still exact; a world's nodes
    are a cleared solver's valuing its actions last to first on one table."""
    worlds = _distinct_worlds(seed, fraction)
    game = worlds[0].game
    job = WorldClaims(worlds, owned=True)
    AlphaBeta(game, 13).solve_claimed(job)
    ref = AlphaBeta(game, 13)
    got = job.result()
    left = {wi: list(w.legal_actions()) for wi, w in enumerate(worlds)}
    want_nodes = [0] * len(worlds)
    last = None
    while any(left.values()):
        # the world with the most actions left (the first such in world order), its last one
        wi = max(left, key=lambda k: (len(left[k]), -k))
        if wi != last:
            ref.clear()
            last = wi
        action = left[wi].pop()
        (values, nodes), = ref.solve_values([worlds[wi]], [action])
        assert got[wi][0][action] == values[action]
        want_nodes[wi] += nodes
    assert [n for _, n in got] == want_nodes


def test_a_solver_searching_an_owners_table_finds_what_the_owner_stored():
    """``share_table`` (ExactSolver.share_table_c, the thieves' path): a solver searching
    another's table gets the same exact values for far fewer nodes where the owner has
    searched already; back on its own (cleared) table it searches everything again."""
    game = load_game(MATE_HIDDEN)
    world = opening_state(game, 4)
    owner, thief = AlphaBeta(game, 13), AlphaBeta(game, 13)
    (want, owner_nodes), = owner.solve_values([world])
    thief.share_table(owner)
    (got, shared_nodes), = thief.solve_values([world])
    assert got == want and shared_nodes * 20 < owner_nodes
    thief.clear()                                   # its own table again, emptied
    (got, own_nodes), = thief.solve_values([world])
    assert got == want and own_nodes == owner_nodes


def test_a_helper_that_starts_after_the_actions_ran_out_does_nothing():
    """On a busy machine a helper may start once the caller's thread has valued every action:
    it searches nothing (its node count stays) and the answer is unchanged."""
    worlds = _distinct_worlds(1, 0.0)
    game = worlds[0].game
    job = WorldClaims(worlds)
    AlphaBeta(game, 13).solve_claimed(job, False)
    before = job.result()
    helper = AlphaBeta(game, 13)
    helper.nodes = 7
    helper.solve_claimed(job, True)
    assert helper.nodes == 7
    assert job.result() == before


def test_unsolved_claims_have_no_result_and_bad_jobs_are_refused():
    """result() before the actions are valued raises; a game without a kernel (tiny-tricks: the
    generic negamax holds the GIL), worlds of another game and a finished game are refused."""
    worlds = _distinct_worlds(1, 0.0)
    with pytest.raises(RuntimeError, match="not valued"):
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
    with pytest.raises(ValueError, match="different games"):
        WorldClaims([worlds[0], mid_state(tiny, 1, fraction=0.0)])


@pytest.mark.parametrize("seed,fraction", [(1, 0.0), (4, 0.0), (2, 0.3)])
def test_world_values_are_the_one_thread_values_for_any_thread_count(seed, fraction):
    """alphabeta_world_values on 1, 2 and 3 threads (twice each): the values of one solver's
    solve_values (exact); a repeated world takes its first occurrence's values for no nodes,
    a first occurrence takes some (which thread valued which action is timing's)."""
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
    for k in (2, 3):
        assert [v for v, _ in runs[k][1]] == [v for v, _ in runs[k][0]]


def test_a_single_distinct_world_is_shared_action_by_action():
    """Every sampled world alike (one distinct world): one thread owns it, the other takes its
    actions from the back on the owner's table; the values are still one solver's, and no
    more nodes are spent than two cleared solvers each valuing the whole world."""
    game = load_game(MATE_HIDDEN)
    world = opening_state(game, 5)
    ref = AlphaBeta(game, 13)
    (want, _), = ref.solve_values([world])
    got = alphabeta_world_values([world, world.clone()], [AlphaBeta(game, 13) for _ in range(2)])
    assert got[0][0] == want and got[1] == (want, 0)
    (_, whole), = _cleared(ref).solve_values([world])
    assert 0 < got[0][1] <= 2 * whole


@pytest.mark.parametrize("tt_bits", [10, 16])
def test_pimc_alphabeta_answers_alike_on_one_two_and_three_threads(tt_bits):
    """PIMC with alpha-beta in each world (the solver bot's search with the forced card
    hidden, docs/rules/mate.md §9.2) on 1, 2 and 3 threads: one answer (every action's mean,
    interval, visits and robustness; the chosen action), whatever the table size."""
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
    assert answers[2].nodes > 0 and answers[3].nodes > 0


@pytest.mark.parametrize("seed,fraction", [(1, 0.0), (2, 0.3)])
def test_repeated_worlds_are_searched_once(seed, fraction):
    """WorldClaims groups the worlds by position: only the distinct ones are searched (one
    thread: each exactly as a cleared solver's solve_values), and a repeat takes its first
    occurrence's values at 0 nodes, in the order the worlds were given."""
    game = load_game(MATE_HIDDEN)
    state = opening_state(game, seed) if fraction == 0.0 else mid_state(game, seed,
                                                                          fraction=fraction)
    view = state.view(state.current_player())
    worlds = [view.determinize(i) for i in range(14)]
    keys = [w.state_hash() for w in worlds]
    job = WorldClaims(worlds)
    assert job.distinct == len(set(keys)) < len(worlds)
    firsts = [keys.index(k) for k in dict.fromkeys(keys)]
    assert job.actions == sum(len(worlds[i].legal_actions()) for i in firsts)
    AlphaBeta(game, 13).solve_claimed(job)
    ref = AlphaBeta(game, 13)
    got = job.result()
    assert len(got) == len(worlds)
    for wi, world in enumerate(worlds):
        first = keys.index(keys[wi])
        if first == wi:
            assert got[wi] == _cleared(ref).solve_values([world])[0]
        else:
            assert got[wi] == (got[first][0], 0)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_the_merge_of_a_claims_job_is_the_merge_of_its_values_to_the_bit(threads):
    """RootMerge.add_claims (PIMC's alpha-beta worlds, one thread or several) adds exactly what
    add_solved adds world by world from the job's result: the same sums, best counts, visits,
    worlds and nodes, hence the same rows to the last bit."""
    from solver.search._pimc import RootMerge
    from solver.search.parallel import claim_worlds

    game = load_game(MATE_HIDDEN)
    state = opening_state(game, 7)
    view = state.view(state.current_player())
    worlds = [view.determinize(i) for i in range(16)]
    job = claim_worlds(worlds, [AlphaBeta(game, 13) for _ in range(threads)])
    assert isinstance(job, WorldClaims)
    fast, slow = RootMerge(game, view.legal_actions()), RootMerge(game, view.legal_actions())
    fast.add_claims(job)
    for values, nodes in job.result():
        slow.add_solved(values, nodes)
    assert (fast.worlds, fast.nodes, fast.iterations, fast.exact) == (
        slow.worlds, slow.nodes, slow.iterations, slow.exact) == (16, fast.nodes, 16, True)
    assert fast.rows(str) == slow.rows(str)


def test_an_unfinished_claims_job_is_not_merged():
    """A job whose actions were not all valued cannot be read (result) nor merged."""
    from solver.search._pimc import RootMerge

    worlds = _distinct_worlds(1, 0.0)
    job = WorldClaims(worlds)
    with pytest.raises(RuntimeError, match="not valued"):
        RootMerge(worlds[0].game, worlds[0].legal_actions()).add_claims(job)


def test_kept_solvers_go_back_to_the_same_threads():
    """The solvers of a threaded search are given back last first (parallel._give_back), so
    that the next search takes them in the same order: each thread gets the solver whose
    table its core still caches (given back in taking order, they swapped at every search)."""
    from solver.search.parallel import _give_back, give_alphabeta, take_alphabeta

    game = load_game(MATE_HIDDEN)
    taken = [take_alphabeta(game, 11) for _ in range(3)]
    _give_back(taken, lambda ab: give_alphabeta(ab, 11))
    again = [take_alphabeta(game, 11) for _ in range(3)]
    assert [id(ab) for ab in again] == [id(ab) for ab in taken]
    _give_back(again, lambda ab: give_alphabeta(ab, 11))


def test_claim_helpers_go_back_in_the_order_they_were_taken():
    """Claim helpers (a thread each) come back in the order they were taken, as the solvers."""
    from solver.search.parallel import give_claim_helpers, take_claim_helpers

    helpers = take_claim_helpers(2)
    give_claim_helpers(helpers)
    again = take_claim_helpers(2)
    assert [id(h) for h in again] == [id(h) for h in helpers]
    give_claim_helpers(again)
