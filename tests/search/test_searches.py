"""ISMCTS, PIMC and the solvers on every registered game: well-formed answers, seeded
reproducibility, and searches that see only the view."""
import math

import pytest

from solver.errors import IllegalActionError
from solver.registry import load_game
from solver.search import SearchLimit, ismcts, pimc, recommend, search_state, uct
from tests.search.helpers import all_configs, mid_state, one_config_per_game

SEARCHES = {
    "ismcts": lambda v, seed: ismcts(v, limit=SearchLimit(iterations=600), seed=seed),
    "ismcts-multi": lambda v, seed: ismcts(v, limit=SearchLimit(iterations=300), seed=seed,
                                           observers="multi"),
    "ismcts-win": lambda v, seed: ismcts(v, limit=SearchLimit(iterations=300), seed=seed,
                                         objective="win"),
    "ismcts-round": lambda v, seed: ismcts(v, limit=SearchLimit(iterations=600), seed=seed,
                                           horizon="round", scale=10.0),
    "pimc": lambda v, seed: pimc(v, limit=SearchLimit(iterations=800, worlds=4), seed=seed),
    "pimc-solver": lambda v, seed: pimc(v, limit=SearchLimit(iterations=1, worlds=3), seed=seed,
                                        evaluator="solver", node_budget=3000),
    "pimc-paranoid": lambda v, seed: pimc(v, limit=SearchLimit(iterations=1, worlds=2),
                                          seed=seed, evaluator="solver", solver="paranoid",
                                          node_budget=400, evaluation="rollout", rollouts=2),
    "pimc-maxn-policy": lambda v, seed: pimc(v, limit=SearchLimit(iterations=1, worlds=2),
                                             seed=seed, evaluator="solver", node_budget=400,
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
        if a.mean is not None and (res.exact or a.visits >= 2):
            assert a.ci_low <= a.mean + 1e-9 and a.mean <= a.ci_high + 1e-9
        elif a.mean is not None:                    # one sample: no interval
            assert a.ci_low is None and a.ci_high is None
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
    for fn in (lambda: ismcts(v, limit=SearchLimit(time_s=0.05), seed=1),
               lambda: pimc(v, limit=SearchLimit(time_s=0.05, worlds=3), seed=1)):
        res = fn()
        # It stops: a bound forty times the limit catches a search that ignores --time, and
        # says nothing about speed (that is trickhound bench's).
        assert res.seconds < 2.0 and res.iterations > 0
        check_result(res, v)


@pytest.mark.parametrize("config", [c for c in one_config_per_game()
                                    if load_game(c).perfect_information])
def test_multi_observer_equals_single_without_hidden_moves(config):
    """In a perfect-information game MO-ISMCTS is SO-ISMCTS (Cowling et al.): same draws,
    same statistics."""
    game = load_game(config)
    s = mid_state(game, 6)
    v = s.view(s.current_player())
    a = ismcts(v, limit=2000, seed=3).to_json()
    b = ismcts(v, limit=2000, seed=3, observers="multi").to_json()
    a["params"].pop("observers"), b["params"].pop("observers")
    a.pop("nodes"), b.pop("nodes")
    assert a == b


@pytest.mark.parametrize("config", one_config_per_game())
def test_scale_from_utility_bounds(config):
    game = load_game(config)
    s = mid_state(game, 3)
    v = s.view(s.current_player())
    lo, hi = game.utility_bounds()
    a = ismcts(v, limit=300, seed=1, scale="bounds").to_json()
    b = ismcts(v, limit=300, seed=1, scale=hi - lo).to_json()
    a["params"].pop("scale"), b["params"].pop("scale")
    assert a == b


def test_oracle_searches_on_states():
    game = load_game("mate")
    s = mid_state(game, 8, fraction=0.1)
    r = uct(s, limit=2000, seed=1)
    assert r.algorithm == "uct" and sorted(a.action for a in r.actions) == s.legal_actions()
    assert r == uct(s, limit=2000, seed=1)
    e = search_state(s, "solver")
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
                                dict(scale=0), dict(scale="big"),
                                dict(scale="bounds", horizon="round"),
                                dict(observers="all"), dict(max_nodes=3)])
def test_bad_parameters(kw):
    game = load_game("mate")
    s = mid_state(game, 1)
    with pytest.raises(ValueError):
        ismcts(s.view(s.current_player()), limit=10, seed=0, **kw)


# -- the public API (solver/search/__init__.py) --------------------------------------------------

def test_public_searches_take_keyword_only_parameters():
    import inspect

    import solver.search as search
    for name in ("ismcts", "pimc", "uct", "alphabeta", "maxn", "paranoid"):
        params = list(inspect.signature(getattr(search, name)).parameters.values())
        assert params[0].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD, name
        assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params[1:]), name
    s = mid_state(load_game("mate"), 8, fraction=0.3)
    with pytest.raises(TypeError):
        search.alphabeta(s, 18)


def test_alphabeta_result_is_the_exact_round_value():
    """alphabeta: every action valued, the chosen one optimal, seat values zero-sum, and the
    principal variation reaches the end of the round gaining exactly the value (mate.md §7)."""
    from solver.search import AlphaBeta, SearchResult, alphabeta
    game = load_game("mate")
    s = mid_state(game, 8, fraction=0.1)
    res = alphabeta(s)
    assert isinstance(res, SearchResult) and res.exact and res.value == "round_gain"
    assert sorted(res.values()) == s.legal_actions()
    me = res.player
    assert res.best.mean == max(res.values().values()) == res.seat_values[me]
    assert res.seat_values[1 - me] == -res.seat_values[me]
    assert res.pv[0] == res.chosen
    end = s.clone()
    for a in res.pv:
        end.apply_action(a)
    assert end.is_terminal() or end.round() != s.round()
    assert end.scores()[me] - s.scores()[me] == res.seat_values[me]
    reused = AlphaBeta(game, 16)
    assert alphabeta(s, solver=reused).values() == res.values()
    assert alphabeta(s, kernel=False).values() == res.values()


@pytest.mark.parametrize("config", one_config_per_game())
def test_maxn_and_paranoid_results(config):
    from solver.search import MaxN, maxn, paranoid
    from solver.search.bench import endgame_state
    game = load_game(config)
    e = endgame_state(game, 2, tricks=2)      # the last 2 tricks of round 1: small, exact
    if e is None:
        pytest.skip("round shorter than the endgame")
    m = maxn(e, node_budget=10**6)
    assert m.algorithm == "maxn" and m.exact and sorted(m.values()) == e.legal_actions()
    assert len(m.seat_values) == game.num_players
    assert m.seat_values[m.player] == m.best.mean
    p = paranoid(e, node_budget=10**6)
    assert p.algorithm == "paranoid" and p.exact
    # The coalition holds the mover to at most what max^n promises (exact values).
    assert p.best.mean <= m.best.mean + 1e-9
    with pytest.raises(ValueError):
        maxn(e, solver=MaxN(game, paranoid=True))
