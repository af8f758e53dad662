import random

import pytest

from solver.registry import example_configs, load_game


def random_states(game, seed, games=3, every=1):
    """States met along seeded random games (the start of each game included)."""
    rnd = random.Random(seed)
    for g in range(games):
        s = game.new_initial_state(seed * 1000 + g)
        k = 0
        while True:
            if k % every == 0:
                yield s.clone()
            if s.is_terminal():
                break
            s.apply_action(rnd.choice(s.legal_actions()))
            k += 1


def positions_along(game, deal_seeds, every, rng_seed):
    """Every ``every``-th non-terminal position of random games, one per deal seed of
    ``deal_seeds``, the moves drawn by ``random.Random(rng_seed)``."""
    rnd = random.Random(rng_seed)
    for seed in deal_seeds:
        s = game.new_initial_state(seed)
        k = 0
        while not s.is_terminal():
            if k % every == 0:
                yield s.clone()
            s.apply_action(rnd.choice(s.legal_actions()))
            k += 1


@pytest.fixture(params=example_configs(), ids=str)
def game(request):
    return load_game(request.param)
