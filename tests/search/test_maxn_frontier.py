"""max^n's frontier estimates: auto / fitted / heuristic each give their own evaluate_c, without
switching the game's shared policy (another bot of the process may be using it)."""
import pytest

from solver.registry import load_game
from solver.search import MaxN, maxn
from solver.search._maxn import frontier_policy
from tests.search.helpers import mid_state


def _depth_limited(game, evaluation):
    state = mid_state(game, 3, fraction=0.1)
    return maxn(state, node_budget=300, evaluation=evaluation, seed=1)


def test_fitted_and_hand_written_frontiers_differ_and_leave_the_shared_policy_alone() -> None:
    game = load_game("dog-tag-trick(players=4)")
    shared = game.policy
    before = shared.evaluation
    fitted = _depth_limited(game, "fitted")
    hand = _depth_limited(game, "heuristic")
    auto = _depth_limited(game, "auto")
    assert not fitted.exact and not hand.exact
    assert fitted.to_json()["actions"] != hand.to_json()["actions"]
    assert auto.to_json()["actions"] == fitted.to_json()["actions"]   # the game has a fit
    assert game.policy is shared and shared.evaluation == before


def test_frontier_policy_sets_a_searchers_own_policy_and_refuses_a_missing_fit() -> None:
    game = load_game("mattis(players=4)")
    own = game.new_policy()
    assert frontier_policy(game, "heuristic", own) is own and own.evaluation == "heuristic"
    other = "heuristic" if game.policy.evaluation == "fitted" else "fitted"
    fresh = frontier_policy(game, other)
    assert fresh is not game.policy and fresh.evaluation == other
    with pytest.raises(ValueError, match="no fitted evaluation"):
        MaxN(load_game("mate"), False, 16, "fitted")
