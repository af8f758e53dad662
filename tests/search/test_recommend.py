"""recommend(), view_from_moves() and search_state(): the functions behind
``trickhound recommend``."""
import json
import random

import pytest

from solver.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    InvalidStateError,
    TrickhoundError,
    UnknownGameError,
)
from solver.registry import load_game
from solver.search.limits import SearchLimit, SearchLimitError
from solver.search.params import opponent_model
from solver.search.recommend import (
    ALGORITHMS,
    SearchParamError,
    algorithm_params,
    play_defaults,
    recommend,
    replay,
    search_state,
    view_from_moves,
)
from tests.search.helpers import one_config_per_game


def _moves(game, seed, k):
    """The text of k seeded random moves from the deal of ``seed``."""
    rnd = random.Random(seed)
    s = game.new_initial_state(seed)
    out = []
    for _ in range(k):
        if s.is_terminal():
            break
        a = rnd.choice(s.legal_actions())
        out.append(s.action_to_str(a))
        s.apply_action(a)
    return out, s


@pytest.mark.parametrize("config", one_config_per_game())
def test_view_from_moves_replays_the_notation(config):
    game = load_game(config)
    moves, truth = _moves(game, 5, 9)
    for seat in range(game.num_players):
        v = view_from_moves(game, 5, seat, " ".join(moves))
        assert v.to_json() == truth.view(seat).to_json()
    assert view_from_moves(config, 5, 0, moves).to_json() == truth.view(0).to_json()
    assert replay(game, 5, ",".join(moves)).to_json() == truth.to_json()
    assert replay(game, 5, "\n".join(moves)).to_json() == truth.to_json()


def test_view_from_moves_errors():
    with pytest.raises(InvalidStateError, match="seat 2 out of range"):
        view_from_moves("mate", 1, 2, "")
    with pytest.raises(InvalidStateError):
        view_from_moves("mate", 1, True, "")
    with pytest.raises(InvalidActionError, match=r"move 2 \('ZZ'\)"):
        view_from_moves("mate", 1, 0, "PASS ZZ")
    with pytest.raises(IllegalActionError, match=r"move 3 \('PASS'\)"):
        view_from_moves("mate", 1, 0, "PASS PASS PASS")
    with pytest.raises(UnknownGameError):
        view_from_moves("no-such-game", 1, 0, "")
    with pytest.raises(InvalidOptionError):
        view_from_moves("mate(bogus=1)", 1, 0, "")
    with pytest.raises(InvalidStateError):
        view_from_moves("mate", "x", 0, "")
    for exc in (InvalidStateError, InvalidActionError, IllegalActionError):
        assert issubclass(exc, TrickhoundError)


@pytest.mark.parametrize("algo", ALGORITHMS)
def test_recommend_every_algorithm(algo):
    game = load_game("mate(forced_visibility=hidden)")
    moves, truth = _moves(game, 3, 8)
    p = truth.current_player()
    v = view_from_moves(game, 3, p, moves)
    limit = {"ismcts": "iterations=3000", "pimc": "iterations=3000,worlds=6",
             "solver": "iterations=1,worlds=4"}[algo]
    r = recommend(v, algo, limit, seed=2)
    assert r.algorithm == algo and r.limit == SearchLimit.parse(limit)
    assert sorted(a.action for a in r.actions) == v.legal_actions()
    assert r == recommend(v, algo, SearchLimit.parse(limit), seed=2)
    j = json.loads(json.dumps(r.to_json(timing=True)))
    assert j["algorithm"] == algo and j["chosen_text"] == v.action_to_str(r.chosen)
    table = r.table(v)
    assert v.action_to_str(r.chosen) in table.splitlines()[2]


def test_recommend_defaults_and_params():
    p = replay("mate", 2, "PASS PASS").current_player()
    v = view_from_moves("mate", 2, p, "PASS PASS")
    assert recommend(v, "ismcts", "500", c=1.0, horizon="round").params["c"] == 1.0
    assert set(algorithm_params("ismcts")) >= {"c", "objective", "horizon", "observers"}
    assert "c" not in algorithm_params("solver")
    with pytest.raises(SearchParamError, match="takes no parameter"):
        recommend(v, "ismcts", "500", worlds=3)
    with pytest.raises(SearchParamError, match="unknown search algorithm"):
        recommend(v, "alphazero", "500")
    with pytest.raises(SearchLimitError):
        recommend(v, "ismcts", "lots")
    with pytest.raises(IllegalActionError):
        recommend(view_from_moves("mate", 2, 1 - p, "PASS PASS"), "ismcts", "500")
    with pytest.raises(TypeError):
        recommend(v.determinize(0), "ismcts", "500")
    r = recommend(v, "solver")
    assert r.exact and r.worlds == 1 and r.confidence()["label"] in ("proved", "tie")


def test_search_state_for_oracles():
    game = load_game("mate")
    s = replay(game, 4, ["PASS", "PASS"])
    u = search_state(s, "uct", "2000", seed=1)
    e = search_state(s, "solver")
    assert u.algorithm == "uct" and e.algorithm == "solver" and e.exact
    with pytest.raises(SearchParamError):
        search_state(s, "ismcts")


def test_play_defaults_are_the_search_bots_defaults():
    dtt, mattis = load_game("dog-tag-trick"), load_game("mattis")
    # c: the ISMCTS bot's measured exploration for the game (0.2 in Dog Tag Trick); widen: its
    # measured progressive widening (0.3 in Dog Tag Trick, off elsewhere); opponents: the
    # measured model of the other seats (params.OPPONENT_DEFAULTS)
    om = opponent_model(dtt, "auto", "ismcts")
    assert play_defaults(dtt, "ismcts") == {"rollout": "policy", "horizon": "round", "c": 0.2,
                                            "widen": 0.3, "opponents": om}
    assert play_defaults(mattis, "ismcts") == {"rollout": "policy", "c": 0.7, "widen": 0.0,
                                               "opponents": "search"}
    assert play_defaults(mattis, "pimc") == {"rollout": "policy", "c": 0.7, "widen": 0.0,
                                             "opponents": "search"}
    assert play_defaults(dtt, "ismcts", {"objective": "win"}) == {
        "objective": "win", "rollout": "policy", "c": 0.2, "widen": 0.3, "opponents": om}
    assert play_defaults(dtt, "ismcts", {"horizon": "game", "rollout": "random", "c": 1.5}) == {
        "horizon": "game", "rollout": "random", "c": 1.5, "widen": 0.3, "opponents": om}
    assert play_defaults(dtt, "solver") == {}
