"""max^n's iterative deepening within a node budget (issue 15 item 3): the second pass is
predicted too (growth per ply against the root), and a pass predicted to overrun is replaced by
the deepest shallower one that fits until one trick has been searched. (That the last child of
every node is played on its parent's state changes no value: tests/search/test_twins.py.)

Values are each seat's gain to the end of the round (docs/rules/dog-tag-trick.md §8.1 scoring,
docs/rules/mate-vic-village.md §7.1)."""
import pytest

from solver.registry import load_game
from solver.rng import derive_seed
from solver.search import MaxN


def _opening_world(game, seed):
    s = game.new_initial_state(seed)
    return s.view(s.current_player()).determinize(derive_seed(seed, 0))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dog_tag_trick_opening_searches_three_plies_not_one(seed):
    """Dog Tag Trick, 4 players, the first lead (docs/rules/dog-tag-trick.md §4.1): one trick (4
    plies) cannot fit 200,000 nodes, so the search goes as deep as fits (3 plies) instead of
    stopping at 1 — and every pass it starts completes (none is abandoned half-way)."""
    game = load_game("dog-tag-trick")
    out = MaxN(game).solve(_opening_world(game, seed), 200000)
    assert not out["exact"]
    assert [(d, done) for d, _, done in out["passes"]] == [(1, True), (3, True)]
    assert out["depth"] == 3
    assert out["nodes"] < 200000


def test_intermediate_depths_only_until_a_trick_is_searched():
    """Once a whole trick has been searched, a pass inside the next trick is never started:
    every completed pass after the first is a multiple of the step (the number of players)."""
    game = load_game("mate-vic-village")
    for seed in (1, 2, 3):
        out = MaxN(game).solve(_opening_world(game, seed), 200000)
        done = [d for d, _, ok in out["passes"] if ok]
        assert done[0] == 1
        assert all(d % 4 == 0 for d in done[1:]) and len(done) >= 2
        assert all(ok for _, _, ok in out["passes"])


def test_time_bounds_the_deepening_when_the_nodes_do_not():
    """With a node budget that cannot bind, ``time_s`` ends the deepening: an answer from the
    passes that completed (docs/rules/dog-tag-trick.md §4.1 opening; no timing is asserted)."""
    game = load_game("dog-tag-trick")
    out = MaxN(game).solve(_opening_world(game, 1), 10 ** 12, time_s=0.05)
    assert not out["exact"] and out["depth"] >= 1
    assert [d for d, _, done in out["passes"] if done][-1] == out["depth"]


def test_solver_bot_and_pimc_take_a_time_budget():
    """The solver bot's ``time_s`` (0 by default: nodes only, reproducible) reaches each PIMC
    world's max^n as its share of the time left; the answer is a legal move."""
    from bots.registry import make_bot
    from solver.search import SearchLimit, pimc
    game = load_game("dog-tag-trick")
    s = game.new_initial_state(2)
    view = s.view(s.current_player())
    res = pimc(view, limit=SearchLimit(iterations=1, worlds=4, time_s=0.2), evaluator="solver",
               node_budget=10 ** 12)
    assert 1 <= res.worlds <= 4 and not res.exact
    bot = make_bot("solver(time_s=0.2, node_budget=1000000, worlds=4)", 1)
    assert bot.time_s == 0.2 and make_bot("solver", 1).time_s == 0.0
    bot.reset(game, s.current_player(), 1)
    assert bot.act(view) in s.legal_actions()


def test_fill_is_the_heuristic_frontiers_option():
    """``fill`` defaults to on with the heuristic frontier only (with playout frontiers the
    extra passes cost playouts for no measured gain): without it the schedule is the one the
    solver bot was measured with — a Dog Tag Trick opening stays at 1 ply, the unpredicted
    4-ply pass giving up early (docs/rules/dog-tag-trick.md §4.1)."""
    game = load_game("dog-tag-trick")
    world = _opening_world(game, 1)
    assert MaxN(game).fill and not MaxN(game, False, 16, "policy", 2).fill
    for mx in (MaxN(game, fill=False), MaxN(game, False, 16, "policy", 2, 7)):
        out = mx.solve(world, 200000)
        assert out["depth"] == 1
        assert [(d, done) for d, _, done in out["passes"]] == [(1, True), (4, False)]
