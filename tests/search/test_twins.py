"""The Cython searches against their pure-Python twins (solver/search/reference/): seeded
UCT, ISMCTS (single and multi observer) and PIMC agree bit for bit; max^n and paranoid agree
with brute force on small endgames of every registered game (Mate: with alpha-beta too)."""
import pytest

from solver.registry import load_game
from solver.search import SearchLimit, pimc
from solver.search._alphabeta import AlphaBeta
from solver.search._ismcts import ISMCTS
from solver.search._maxn import MaxN, heuristic
from solver.search._mcts import UCT
from solver.search.params import objective_code
from solver.search.reference.ismcts import ismcts_root
from solver.search.reference.maxn import TooLarge, maxn_values, paranoid_values
from solver.search.reference.mcts import uct_root
from tests.search.helpers import (
    all_configs,
    assert_pimc_matches_twin,
    mid_state,
    one_config_per_game,
    round_endgames,
)


def codes(objective, horizon):
    """The (objective, horizon) codes the Cython trees take, by name."""
    obj, hor, _ = objective_code(objective, horizon)
    return {"objective": obj, "horizon": hor}


def _iters(game):
    # Python rollouts through the checked API are slow: fewer iterations for long rounds.
    return 150 if game.max_game_length > 200 else 300


@pytest.mark.parametrize("config", one_config_per_game())
@pytest.mark.parametrize("objective,horizon", [("score", "round"), ("win", "game")])
def test_uct_matches_twin(config, objective, horizon):
    game = load_game(config)
    if horizon == "game" and game.max_game_length > 200:
        pytest.skip("game-long rollouts are too slow in Python here")
    s = mid_state(game, 21, fraction=0.4)
    n = _iters(game)
    fast = UCT(game, c=0.7, **codes(objective, horizon)).search(s, n, 77)
    slow = uct_root(s, n, 77, objective=objective, horizon=horizon)
    assert fast == slow


def test_uct_matches_twin_with_fixed_scale_and_tiny_arena():
    game = load_game("mate")
    s = mid_state(game, 5, fraction=0.2)
    fast = UCT(game, c=1.3, **codes("score", "game"), scale=25.0, max_nodes=40).search(s, 400, 3)
    slow = uct_root(s, 400, 3, c=1.3, scale=25.0, max_nodes=40)
    assert fast == slow


@pytest.mark.parametrize("config", one_config_per_game())
@pytest.mark.parametrize("observers", ["single", "multi"])
def test_ismcts_matches_twin(config, observers):
    game = load_game(config)
    s = mid_state(game, 31, fraction=0.35)
    view = s.view(s.current_player())
    n = _iters(game)
    fast = ISMCTS(game, c=0.7, **codes("score", "round"), scale=0.0,
                  multi=observers == "multi").search(view, n, 5)
    slow = ismcts_root(view, n, 5, horizon="round", observers=observers)
    assert fast == slow


def test_ismcts_matches_twin_with_win_objective_and_small_arena():
    game = load_game("mate(forced_visibility=hidden)")
    s = game.new_initial_state(4)
    view = s.view(s.current_player())
    fast = ISMCTS(game, c=0.5, **codes("win", "game"), scale=0.0, multi=True,
                  max_nodes=60).search(view, 300, 8)
    slow = ismcts_root(view, 300, 8, c=0.5, objective="win", observers="multi", max_nodes=60)
    assert fast == slow


def test_multi_observer_merges_moves_the_observer_cannot_see():
    """Mate with face-down forcing: the dealer's choice of forced card is hidden from the
    other seat, whose tree sees only "forced a card" (HIDDEN = -1) or PASS."""
    game = load_game("mate(forced_visibility=hidden)")
    s = game.new_initial_state(4)
    dealer = s.current_player()
    tree = ISMCTS(game, multi=True)
    tree.search(s.view(dealer), 500, 1)
    own = tree.tree_root_keys(dealer)
    other = tree.tree_root_keys(1 - dealer)
    assert own == s.legal_actions()                  # the dealer sees its own moves
    assert other == [-1, 20]                         # the other seat: hidden card, or PASS
    solo = ISMCTS(game, multi=False)
    solo.search(s.view(dealer), 500, 1)
    assert solo.tree_root_keys(0) == own


@pytest.mark.parametrize("config", one_config_per_game())
def test_pimc_matches_twin(config):
    game = load_game(config)
    s = mid_state(game, 41, fraction=0.3)
    view = s.view(s.current_player())
    worlds, n = 3, 2 * _iters(game)
    res = pimc(view, limit=SearchLimit(iterations=n, worlds=worlds), seed=13, horizon="round")
    assert_pimc_matches_twin(res, view, n, worlds, 13, horizon="round")


def _endgames(config, per_config=3, max_nodes=4000):
    """(state, brute-force max^n values, paranoid values) for small round endgames."""
    game = load_game(config)
    out = []
    for seed in range(1, 12):
        for s in round_endgames(game, seed, max_plies=7, count=2):
            try:
                out.append((s, maxn_values(s, max_nodes=max_nodes),
                            paranoid_values(s, max_nodes=max_nodes)))
            except TooLarge:
                continue
            if len(out) >= per_config:
                return out
    return out


@pytest.mark.parametrize("config", all_configs())
def test_maxn_and_paranoid_agree_with_brute_force(config):
    game = load_game(config)
    cases = _endgames(config)
    assert cases, f"no small endgame found for {config}"
    maxn, par = MaxN(game), MaxN(game, paranoid=True)
    for s, want_maxn, want_par in cases:
        got = maxn.solve(s)
        assert got["exact"] and got["values"] == want_maxn
        got = par.solve(s)
        assert got["exact"] and {a: v[0] for a, v in got["values"].items()} == want_par
        # a fresh solver (empty table) agrees too
        assert MaxN(game).solve(s)["values"] == want_maxn
        if game.num_players == 2:
            ab = AlphaBeta(game).solve(s, pv=False)["actions"]
            me = s.current_player()
            assert ab == {a: v[me] for a, v in want_maxn.items()} == want_par


@pytest.mark.parametrize("config", one_config_per_game())
def test_depth_limited_search_matches_twin(config):
    game = load_game(config)
    s = mid_state(game, 51, fraction=0.5)
    for depth in (1, 2):
        try:
            want = maxn_values(s, depth=depth, evaluate=heuristic, max_nodes=20000)
            want_p = paranoid_values(s, depth=depth, evaluate=heuristic, max_nodes=20000)
        except TooLarge:
            continue
        got = MaxN(game).solve(s, max_depth=depth, depth_step=depth)
        if got["exact"]:
            continue                       # the round ends within `depth`: compared elsewhere
        assert got["depth"] == depth and got["values"] == want
        got = MaxN(game, paranoid=True).solve(s, max_depth=depth, depth_step=depth)
        assert {a: v[0] for a, v in got["values"].items()} == want_p


def test_node_budget_falls_back_to_depth_limited():
    game = load_game("mate")
    s = game.new_initial_state(3)
    for a in ["PASS", "PASS"] + [None] * 6:
        s.apply_action(a if a is not None else s.legal_actions()[0])
    full = MaxN(game).solve(s, node_budget=10**7)
    assert full["exact"] and full["depth"] is None and full["pv"]
    small = MaxN(game).solve(s, node_budget=500)
    assert not small["exact"] and small["depth"] >= 1
    assert set(small["actions"]) == set(s.legal_actions())
    ab = AlphaBeta(game).solve(s, pv=False)
    assert full["actions"] == ab["actions"]


@pytest.mark.parametrize("config", one_config_per_game())
def test_multi_observer_matches_twin_at_the_deal(config):
    """At the first decision (Mate's forcing, Mate (Vic Village)'s secret discards) moves are
    hidden from the other seats: MO-ISMCTS merges them, the same way in both twins."""
    game = load_game(config)
    s = game.new_initial_state(3)
    view = s.view(s.current_player())
    fast = ISMCTS(game, c=0.7, **codes("score", "round"), scale=0.0,
                  multi=True).search(view, 120, 2)
    assert fast == ismcts_root(view, 120, 2, horizon="round", observers="multi")
