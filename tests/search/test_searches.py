"""ISMCTS, PIMC and the solvers on every registered game: well-formed answers, seeded
reproducibility, and searches that see only the view."""
import math

import pytest

from solver.errors import IllegalActionError
from solver.registry import load_game
from solver.search._ismcts import ismcts_search
from solver.search._mcts import uct_search
from solver.search._pimc import pimc_search, solve_state
from solver.search.limits import SearchLimit
from solver.search.recommend import recommend
from tests.search.helpers import all_configs, mid_state, one_config_per_game

SEARCHES = {
    "ismcts": lambda v, seed: ismcts_search(v, SearchLimit(iterations=600), seed),
    "ismcts-multi": lambda v, seed: ismcts_search(v, SearchLimit(iterations=300), seed,
                                                  observers="multi"),
    "ismcts-win": lambda v, seed: ismcts_search(v, SearchLimit(iterations=300), seed,
                                                objective="win"),
    "ismcts-round": lambda v, seed: ismcts_search(v, SearchLimit(iterations=600), seed,
                                                  horizon="round", scale=10.0),
    "pimc": lambda v, seed: pimc_search(v, SearchLimit(iterations=800, worlds=4), seed),
    "pimc-solver": lambda v, seed: pimc_search(v, SearchLimit(iterations=1, worlds=3), seed,
                                               evaluator="solver", node_budget=3000),
    "pimc-paranoid": lambda v, seed: pimc_search(v, SearchLimit(iterations=1, worlds=2), seed,
                                                 evaluator="solver", solver="paranoid",
                                                 node_budget=400, evaluation="rollout",
                                                 rollouts=2),
    "pimc-maxn-policy": lambda v, seed: pimc_search(v, SearchLimit(iterations=1, worlds=2), seed,
                                                    evaluator="solver", node_budget=400,
                                                    evaluation="policy", rollouts=2),
}


def check_result(res, view):
    legal = view.legal_actions()
    assert sorted(a.action for a in res.actions) == legal
    assert res.chosen == res.actions[0].action and res.chosen in legal
    assert res.player == view.player
    assert all(a.text == view.action_to_str(a.action) for a in res.actions)
    total = sum(a.visits for a in res.actions)
    if total:
        assert math.isclose(sum(a.share for a in res.actions), 1.0)
    for a in res.actions:
        if a.mean is not None:
            assert a.ci_low <= a.mean + 1e-9 and a.mean <= a.ci_high + 1e-9
        if a.robustness is not None:
            assert 0.0 <= a.robustness <= 1.0
    assert res.nodes >= 1 and res.iterations >= 1 and res.worlds >= 1
    assert res.table(view).splitlines()[-1].startswith("how sure")


@pytest.mark.parametrize("config", all_configs())
@pytest.mark.parametrize("name", sorted(SEARCHES))
def test_search_answers_and_is_reproducible(config, name):
    """Every search answers for every legal move; same view, seed and limit -> identical
    result."""
    game = load_game(config)
    s = mid_state(game, 11, fraction=0.2)
    view = s.view(s.current_player())
    first = SEARCHES[name](view, 5)
    check_result(first, view)
    again = SEARCHES[name](view, 5)
    assert again.to_json() == first.to_json() and again == first


@pytest.mark.parametrize("config", one_config_per_game())
@pytest.mark.parametrize("name", ["ismcts", "ismcts-multi", "pimc", "pimc-solver"])
def test_searches_see_only_the_view(config, name):
    """Two true states with the same view for the searching seat (the second is a world
    sampled from the view, hidden cards elsewhere) give identical results."""
    game = load_game(config)
    for seed in (3, 4):
        s = mid_state(game, seed, fraction=0.25)
        p = s.current_player()
        other = s.view(p).determinize(987 + seed)
        assert other.view(p).to_json() == s.view(p).to_json()
        a = SEARCHES[name](s.view(p), 9)
        b = SEARCHES[name](other.view(p), 9)
        assert a.to_json() == b.to_json()


@pytest.mark.parametrize("config", one_config_per_game())
def test_time_limit_is_honoured(config):
    game = load_game(config)
    s = mid_state(game, 2)
    v = s.view(s.current_player())
    for fn in (lambda: ismcts_search(v, SearchLimit(time_s=0.05), 1),
               lambda: pimc_search(v, SearchLimit(time_s=0.05, worlds=3), 1)):
        res = fn()
        assert res.seconds < 0.05 + 0.15 and res.iterations > 0
        check_result(res, v)


@pytest.mark.parametrize("config", one_config_per_game())
def test_multi_observer_equals_single_without_hidden_moves(config):
    """In a perfect-information game MO-ISMCTS is SO-ISMCTS (Cowling et al.): same draws,
    same statistics."""
    game = load_game(config)
    if not game.perfect_information:
        pytest.skip("hidden information")
    s = mid_state(game, 6)
    v = s.view(s.current_player())
    a = ismcts_search(v, 2000, 3).to_json()
    b = ismcts_search(v, 2000, 3, observers="multi").to_json()
    a["params"].pop("observers"), b["params"].pop("observers")
    a.pop("nodes"), b.pop("nodes")
    assert a == b


@pytest.mark.parametrize("config", one_config_per_game())
def test_scale_from_utility_bounds(config):
    game = load_game(config)
    s = mid_state(game, 3)
    v = s.view(s.current_player())
    lo, hi = game.utility_bounds()
    a = ismcts_search(v, 300, 1, scale="bounds").to_json()
    b = ismcts_search(v, 300, 1, scale=hi - lo).to_json()
    a["params"].pop("scale"), b["params"].pop("scale")
    assert a == b


def test_oracle_searches_on_states():
    game = load_game("mate")
    s = mid_state(game, 8, fraction=0.1)
    r = uct_search(s, 2000, 1)
    assert r.algorithm == "uct" and sorted(a.action for a in r.actions) == s.legal_actions()
    assert r == uct_search(s, 2000, 1)
    e = solve_state(s)
    assert e.exact and e.algorithm == "solver"


def test_search_refuses_when_not_to_act():
    game = load_game(one_config_per_game()[0])
    s = mid_state(game, 1)
    p = (s.current_player() + 1) % game.num_players
    for algo in ("ismcts", "pimc", "solver"):
        with pytest.raises(IllegalActionError):
            recommend(s.view(p), algo, "100")


@pytest.mark.parametrize("kw", [dict(objective="best"), dict(horizon="trick"),
                                dict(objective="win", horizon="round"), dict(c=-1),
                                dict(scale=0), dict(scale="big"), dict(scale="bounds", horizon="round"),
                                dict(observers="all"), dict(max_nodes=3)])
def test_bad_parameters(kw):
    game = load_game("mate")
    s = mid_state(game, 1)
    with pytest.raises(ValueError):
        ismcts_search(s.view(s.current_player()), 10, 0, **kw)
