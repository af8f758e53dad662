"""Mate's own random rollout (MateState.random_playout_c: forcing by the legal mask, both
cards of a trick per step) is the generic random rollout, move for move, from positions all
through the match (docs/rules/mate.md §10: the legal moves of each decision, §4.1 forcing,
§5.2-§5.3 lead and follow, §6 mate ending a game early)."""
import pytest

from solver.registry import game_class
from tests.games.rollout_twin import check_config

CONFIGS = sorted(set(game_class("mate").EXAMPLE_CONFIGS) | {"mate(first_dealer=0)"})


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_rollout_is_the_generic_rollout(config):
    assert check_config(config, seed=5, games=12, every=1) > 12 * 40


def test_bench_deals_match():
    """Fresh deals as the bench plays them (deal i from seed 1 + i, one stream): the game's
    loop and the generic loop end every match with the same returns."""
    from solver.registry import load_game
    from solver.search.bench import run_playouts
    game = load_game("mate")
    assert run_playouts(game, 3000, 1, own_loop=True)[3] == run_playouts(game, 3000, 1)[3]
