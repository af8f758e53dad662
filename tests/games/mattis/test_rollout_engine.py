"""Mattis's own random rollout (MattisState.random_playout_c: without the sequences variant,
each decision's card mask plus BLIND or PICKUP as the largest action) is the generic random
rollout, move for move, from positions in both phases (docs/rules/mattis.md §12: the legal
moves; §5.3 BLIND while the stock holds two cards; §7.2 beating the top lay or §7.4 picking
up; §10 the action cap ending phase 2)."""
import pytest

from solver.registry import game_class
from tests.games.rollout_twin import check_config

CONFIGS = sorted(set(game_class("mattis").EXAMPLE_CONFIGS)
                 | {"mattis(players=4,trick_count=present)",
                    "mattis(players=8,trick_count=present)",
                    "mattis(players=3,phase2_action_cap=40,cap_result=most_cards)"})


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_rollout_is_the_generic_rollout(config):
    assert check_config(config, seed=9, games=3, every=9, max_plies=600) >= 3 * 10


@pytest.mark.parametrize("config", ["mattis(players=4,trick_count=present)", "mattis(players=8)"])
def test_bench_deals_match(config):
    """Fresh deals as the bench plays them (deal i from seed 1 + i, one stream): the game's
    loop and the generic loop end every game with the same returns."""
    from solver.registry import load_game
    from solver.search.bench import run_playouts
    game = load_game(config)
    assert run_playouts(game, 300, 1, own_loop=True)[3] == run_playouts(game, 300, 1)[3]
