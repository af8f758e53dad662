"""The Cython engine and rules.py agree move by move (DESIGN §7), across every option."""
import random

from hypothesis import given, settings, strategies as st

from solver.games.mate import notation as N
from solver.registry import example_configs, load_game

CONFIGS = example_configs("mate")


def run_pair(config, seed, choice_seed):
    game = load_game(config)
    eng = game.new_initial_state(seed)
    ref = game.new_reference_state(seed)
    rnd = random.Random(choice_seed)
    assert N.state_to_json(ref) == eng.to_json()
    moves = 0
    while not eng.is_terminal():
        legal = eng.legal_actions()
        assert legal == ref.legal_actions()
        assert eng.current_player() == ref.current_player()
        a = rnd.choice(legal)
        eng.apply_action(a)
        ref.apply_action(a)
        moves += 1
        assert N.state_to_json(ref) == eng.to_json()
    assert ref.is_terminal() and eng.returns() == ref.returns()
    assert eng.scores() == ref.scores()
    return moves


@settings(max_examples=120, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**40), choice=st.integers(0, 2**32))
def test_engine_matches_reference_hypothesis(config, seed, choice):
    run_pair(config, seed, choice)


def test_engine_matches_reference_1000_matches():
    """1,000 seeded matches (4,000 games), all configs."""
    for i in range(1000):
        run_pair(CONFIGS[i % len(CONFIGS)], i, i + 7)
