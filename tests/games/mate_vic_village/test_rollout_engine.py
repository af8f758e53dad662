"""Mate (Vic Village)'s own random rollout (MateVicVillageState.random_playout_c: discards and
whole tricks chosen from card masks) is the generic random rollout, move for move, from
positions all through the game (docs/rules/mate-vic-village.md §11: the legal moves, a 3-player
discard being one pair action; §6.3 follow colour if able; §6.4-§6.5 the trick winner and the
GO! reward draw; §8 the next round's starter, A16's random fallback drawing from the state's
own stream)."""
import pytest

from solver.registry import game_class
from tests.games.rollout_twin import check_config

CONFIGS = sorted(set(game_class("mate-vic-village").EXAMPLE_CONFIGS)
                 | {"mate-vic-village(players=3)", "mate-vic-village(players=4)"})


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_rollout_is_the_generic_rollout(config):
    assert check_config(config, seed=11, games=3, every=2) >= 3 * 60


@pytest.mark.parametrize("config", ["mate-vic-village(players=3)", "mate-vic-village(players=4)"])
def test_bench_deals_match(config):
    """Fresh deals as the bench plays them (deal i from seed 1 + i, one stream): the game's
    loop and the generic loop end every game with the same returns."""
    from solver.registry import load_game
    from solver.search.bench import run_playouts
    game = load_game(config)
    assert run_playouts(game, 2000, 1, own_loop=True)[3] == run_playouts(game, 2000, 1)[3]
