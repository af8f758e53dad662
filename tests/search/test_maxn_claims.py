"""PIMC's max^n worlds claimed by threads, largest first (issue 18 item 4;
solver/search/parallel.py ``largest_first``, solver/search/_maxn.pyx ``tree_nodes`` and
``forget``).

* ``MaxN.tree_nodes`` counts a world's round tree cut a few plies down (the claim order's
  measure of a world's size) exactly as a brute-force walk of the rules does, stops just past
  its cap, and leaves the solver's table and stream as they were.
* ``MaxN.forget`` empties the table whatever seed it is given: a kept solver forgotten to a
  seed it had before answers as a new one (a salt drawn from the seed recurred and let old
  entries match).
* The claim order changes nothing in the answer: 2 and 3 threads, and the worlds claimed in
  reverse of the largest-first order, give one answer and node count; a failing count stops
  every thread and its error reaches the caller.

Values are each seat's gain to the end of the round (docs/rules/mate-vic-village.md §7.1,
docs/rules/mattis.md §10). No timings here (speed: ``trickhound bench``).
"""
import threading

import pytest

from solver.registry import load_game
from solver.search import MaxN, SearchLimit, parallel, pimc
from solver.search.bench import opening_state
from tests.search.helpers import mid_state, multiplayer_configs


def _walk(state, depth, rnd):
    """Nodes of ``state``'s round tree cut ``depth`` plies below it, by the rules alone."""
    if depth <= 0 or state.is_terminal() or state.round() != rnd:
        return 1
    total = 1
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        total += _walk(child, depth - 1, rnd)
    return total


@pytest.mark.parametrize("config", multiplayer_configs())
def test_tree_nodes_counts_the_round_tree_as_the_rules_walk_it(config):
    game = load_game(config)
    mx = MaxN(game, False, 10)
    for seed, fraction in ((1, 0.0), (2, 0.5), (3, 0.95)):
        s = mid_state(game, seed, fraction=fraction)
        for depth in (0, 1, 2, game.num_players):
            assert mx.tree_nodes(s, depth, 10 ** 9) == _walk(s, depth, s.round())


def test_tree_nodes_stops_just_past_its_cap():
    """A 3-player Dog Tag Trick opening's tree one trick deep has tens of thousands of nodes
    (docs/rules/dog-tag-trick.md §4.1: the leader may lead any card): the count stops as soon
    as it passes the cap (cap + 1); a cap at or above the tree's size counts it all."""
    game = load_game("dog-tag-trick(players=3)")
    s = opening_state(game, 1)
    mx = MaxN(game, False, 10)
    full = mx.tree_nodes(s, 3, 10 ** 9)
    assert full == _walk(s, 3, s.round()) > 10_000
    for cap in (0, 1, 100, 512, full - 1):
        assert mx.tree_nodes(s, 3, cap) == cap + 1
    assert mx.tree_nodes(s, 3, full) == full


def test_tree_nodes_leaves_the_solver_as_it_was():
    """Counting touches neither the table nor the playout stream: a solve after it answers as
    a solve of a new solver (policy playouts at the frontier, so the stream matters)."""
    game = load_game("mate-vic-village(players=3)")
    s = opening_state(game, 3)
    view = s.view(s.current_player())
    world = view.determinize(4)
    counted = MaxN(game, False, 12, "policy", 2, 5, True, game.new_policy())
    counted.tree_nodes(world, 3, 512)
    new = MaxN(game, False, 12, "policy", 2, 5, True, game.new_policy())
    a, b = counted.solve(world, 3000), new.solve(world, 3000)
    a.pop("seconds")
    b.pop("seconds")
    assert a == b


def test_tree_nodes_refuses_a_negative_depth():
    game = load_game("mattis(players=3)")
    with pytest.raises(ValueError, match="depth"):
        MaxN(game).tree_nodes(opening_state(game, 1), -1, 10)


@pytest.mark.parametrize("config", ["mattis(players=3)", "mate-vic-village(players=3)"])
def test_forget_to_a_seed_already_used_answers_as_a_new_solver(config):
    """The same world solved again after ``forget`` to the seed it was solved with (what a kept
    solver meets when the same PIMC seed is searched again): the new solver's answer, node
    count and passes each time — no entry of the first solve is found again."""
    game = load_game(config)
    s = opening_state(game, 1)
    world = s.view(s.current_player()).determinize(2)
    new = MaxN(game, False, 14, "auto", 4, 9, True, game.new_policy())
    want = new.solve(world, 20000)
    kept = MaxN(game, False, 14, "auto", 4, 1, True, game.new_policy())
    for _ in range(3):
        kept.forget(9)
        got = kept.solve(world, 20000)
        assert (got["actions"], got["nodes"], got["passes"]) == (
            want["actions"], want["nodes"], want["passes"])


def test_largest_first_orders_by_tree_size_then_world_order():
    """The worlds' claim order: the largest tree one trick deep first, equal sizes in world
    order (the 3-player Vic Village opening: a few worlds several times the size of the
    others)."""
    game = load_game("mate-vic-village(players=3)")
    s = opening_state(game, 1)
    view = s.view(s.current_player())
    worlds = [view.determinize(i) for i in range(12)]
    mx = MaxN(game, False, 10)
    sizes = [mx.tree_nodes(w, 3, parallel.CLAIM_ORDER_CAP) for w in worlds]
    order = parallel.largest_first(sizes)
    assert sorted(order) == list(range(12))
    assert [(-sizes[i], i) for i in order] == sorted((-sizes[i], i) for i in range(12))
    assert len(set(sizes)) > 1                  # the order is not merely world order


def test_the_claim_order_does_not_change_the_answer(monkeypatch):
    """With the worlds claimed largest first (the default) or in the reverse order, on 2 or 3
    threads: one answer and one node count (each world is solved from its own seed by a
    forgotten solver and merged in world order)."""
    game = load_game("mate-vic-village(players=3)")
    s = opening_state(game, 2)
    view = s.view(s.current_player())
    kw = dict(limit=SearchLimit(iterations=1, worlds=7), seed=4, evaluator="solver",
              node_budget=6000)
    want = pimc(view, threads=2, **kw)
    answers = [pimc(view, threads=3, **kw)]
    largest_first = parallel.largest_first
    monkeypatch.setattr(parallel, "largest_first", lambda sizes: largest_first(sizes)[::-1])
    answers += [pimc(view, threads=k, **kw) for k in (2, 3)]
    for got in answers:
        assert got.nodes == want.nodes
        assert [a.to_json() for a in got.actions] == [a.to_json() for a in want.actions]


def test_a_failing_count_stops_every_thread_and_is_raised():
    """The threads count the worlds' sizes before they claim any: an error in a count (here a
    solver that cannot count) reaches the caller, no thread is left waiting for an order that
    will never be built, and no world is handed out."""
    game = load_game("mattis(players=3)")
    s = opening_state(game, 1)
    view = s.view(s.current_player())

    class CannotCount(MaxN):
        def tree_nodes(self, state, depth, cap):
            raise RuntimeError("no count")

    sized = parallel._SizedClaims([view.determinize(i) for i in range(4)], 3, 512)
    with pytest.raises(RuntimeError, match="no count"):
        parallel.run_threads([lambda: sized.count(CannotCount(game)),
                              lambda: sized.count(CannotCount(game))])
    assert sized.next() is None


def test_sized_claims_hand_out_every_world_once_largest_first():
    """Counted by two threads, the worlds are then handed out once each, in largest_first
    order, whichever thread asks (3-player Vic Village opening worlds)."""
    game = load_game("mate-vic-village(players=3)")
    s = opening_state(game, 1)
    view = s.view(s.current_player())
    worlds = [view.determinize(i) for i in range(9)]
    sized = parallel._SizedClaims(worlds, 3, 512)
    parallel.run_threads([lambda: sized.count(MaxN(game)), lambda: sized.count(MaxN(game))])
    handed = []
    while (wi := sized.next()) is not None:
        handed.append(wi)
    sizes = [MaxN(game).tree_nodes(w, 3, 512) for w in worlds]
    assert handed == parallel.largest_first(sizes)


def test_claimed_worlds_are_all_solved_by_the_caller_when_no_pool_thread_starts():
    """On a busy machine a pool thread may not start before the caller has solved every world:
    the caller then returns without waiting for it (run_claimed), with the answer and node
    count of a search whose threads both ran (every pool thread blocked here until the end)."""
    game = load_game("mattis(players=3)")
    s = opening_state(game, 3)
    view = s.view(s.current_player())
    kw = dict(limit=SearchLimit(iterations=1, worlds=6), seed=2, evaluator="solver",
              node_budget=4000, threads=2)
    want = pimc(view, **kw)
    pool = parallel._executor(1)
    release = threading.Event()
    blockers = [pool.submit(release.wait) for _ in range(parallel._pool_size)]
    try:
        got = pimc(view, **kw)
    finally:
        release.set()
        for b in blockers:
            b.result()
    assert got.nodes == want.nodes
    assert [a.to_json() for a in got.actions] == [a.to_json() for a in want.actions]
