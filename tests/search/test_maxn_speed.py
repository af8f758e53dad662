"""max^n's cheaper nodes and steadier deepening (issue 15 item 3, targets).

* Frontier children are evaluated inline (no recursive call) and frontier parents (one ply
  above the frontier) skip the transposition table: depth-limited values still equal the
  pure-Python twin's (solver/search/reference/maxn.py) over many seeded positions of every
  game, with and without the table, max^n and paranoid alike.
* A pass that gives up before a whole trick has been searched is followed by the deepest
  shallower pass its own cost predicts to fit (``fill``), instead of ending on the last one.
* ``recommend --algo solver`` samples ``solver_worlds(game)`` worlds unless told.

Values are each seat's gain to the end of the round (docs/rules/dog-tag-trick.md §8.1,
docs/rules/mate-vic-village.md §7.1, docs/rules/mattis.md §7.7, docs/rules/mate.md §7)."""
import pytest

from solver.registry import load_game
from solver.rng import derive_seed
from solver.search import MaxN, recommend
from solver.search._maxn import heuristic
from solver.search.recommend import SOLVER_DEFAULT_WORLDS, SOLVER_WORLDS, solver_worlds
from solver.search.reference.maxn import TooLarge, maxn_values, paranoid_values
from tests.search.helpers import mid_state, one_config_per_game


def _opening_world(game, seed):
    s = game.new_initial_state(seed)
    return s.view(s.current_player()).determinize(derive_seed(seed, 0))


@pytest.mark.parametrize("config", one_config_per_game())
def test_frontier_fast_path_matches_twin_over_many_positions(config):
    """Depth 1-3 with the table on and off (the frontier parents skip it either way; deeper
    nodes use it when on): every action's value vector equals the twin's, exactly."""
    game = load_game(config)
    compared = 0
    for seed in range(1, 7):
        for fraction in (0.2, 0.5, 0.8):
            s = mid_state(game, 100 + seed, fraction=fraction)
            for depth in (1, 2, 3):
                try:
                    want = maxn_values(s, depth=depth, evaluate=heuristic, max_nodes=6000)
                    want_p = paranoid_values(s, depth=depth, evaluate=heuristic, max_nodes=6000)
                except TooLarge:
                    continue
                for table in (True, False):
                    got = MaxN(game, table=table).solve(s, max_depth=depth, depth_step=depth)
                    if got["exact"]:
                        break                   # the round ends within `depth`: twin_tests
                    assert got["depth"] == depth and got["values"] == want, (seed, depth)
                    par = MaxN(game, paranoid=True, table=table)
                    got = par.solve(s, max_depth=depth, depth_step=depth)
                    assert {a: v[0] for a, v in got["values"].items()} == want_p
                    compared += 1
    assert compared >= 10, f"only {compared} depth-limited positions compared in {config}"


def test_a_pass_that_gives_up_is_followed_by_a_shallower_one():
    """Mattis, 8 players, the first lead (docs/rules/mattis.md §5.2): within 20,000 nodes one
    trick (8 plies) does not fit and a 7-ply pass gives up; the search then runs the deepest
    pass predicted from that pass's cost (6 plies) instead of answering at 1 ply."""
    game = load_game("mattis(players=8)")
    for seed in (1, 2, 3):
        out = MaxN(game).solve(_opening_world(game, seed), 20000)
        done = [d for d, _, ok in out["passes"] if ok]
        given_up = [d for d, _, ok in out["passes"] if not ok]
        assert given_up and done[0] == 1 and out["depth"] == done[-1] >= 6
        first = next(i for i, (_, _, ok) in enumerate(out["passes"]) if not ok)
        ceiling = out["passes"][first][0]
        assert all(d < ceiling for d, _, _ in out["passes"][first + 1:])
        assert out["nodes"] <= 20000 + 1 and not out["exact"]


def test_a_retried_depth_is_not_followed_by_the_one_that_gave_up():
    """Mattis, 6 players, in phase 2 (docs/rules/mattis.md §7.4) within 3,000 nodes: 1 ply,
    4 plies, 6 (the step: one ply per player) gives up, 5 fits — and the search ends there
    rather than starting the 6-ply pass again."""
    from solver.search.bench import random_line
    game = load_game("mattis(players=6)")
    s = random_line(game, 6)[199]
    out = MaxN(game).solve(s, 3000)
    assert [(d, ok) for d, _, ok in out["passes"]] == [(1, True), (4, True), (6, False), (5, True)]
    assert out["depth"] == 5 and not out["exact"]


def test_no_retry_once_a_trick_is_searched_or_without_fill():
    """After a whole trick (the step) has been searched, a deeper pass that gives up ends the
    search (a frontier inside the next trick is no better); without ``fill`` (the solver bot's
    playout frontier) nothing is retried either (docs/rules/dog-tag-trick.md §4.1)."""
    from solver.search.bench import opening_state
    game = load_game("mate-vic-village")
    for seed in (2, 3):
        s = opening_state(game, seed)
        world = s.view(s.current_player()).determinize(derive_seed(seed, 0))
        out = MaxN(game).solve(world, 60000)
        # one trick (4 plies) searched, the 8-ply pass gives up: the answer stays at 4 plies
        assert [(d, ok) for d, _, ok in out["passes"]] == [(1, True), (4, True), (8, False)]
        assert out["depth"] == 4
    dtt = load_game("dog-tag-trick")
    out = MaxN(dtt, fill=False).solve(_opening_world(dtt, 1), 20000)
    assert [(d, ok) for d, _, ok in out["passes"]] == [(1, True), (4, False)]
    assert out["depth"] == 1


def test_solver_worlds_per_configuration():
    """The table's configurations get their worlds, every other one PIMC's 20; an explicit
    ``worlds`` in the limit wins (the answer reports the worlds it sampled)."""
    assert SOLVER_DEFAULT_WORLDS == 20
    for (slug, players), worlds in SOLVER_WORLDS.items():
        assert 1 <= worlds < SOLVER_DEFAULT_WORLDS
        assert solver_worlds(load_game(f"{slug}(players={players})")) == worlds
    assert solver_worlds(load_game("mate-vic-village(players=4)")) == 20
    game = load_game("mattis(players=4)")
    s = game.new_initial_state(5)
    view = s.view(s.current_player())
    res = recommend(view, "solver", seed=1, check=False, node_budget=300)
    assert res.worlds == SOLVER_WORLDS[("mattis", 4)]
    res = recommend(view, "solver", "iterations=1,worlds=3", seed=1, check=False,
                    node_budget=300)
    assert res.worlds == 3
