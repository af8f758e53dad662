"""The Cython engine and rules.py agree move by move (DESIGN §7): same deal from the same seed,
same current player and sorted legal moves at every decision, the same state after every
move (via to_reference) and the same JSON after every trick, the same returns and ranks."""
import random

from hypothesis import given, settings, strategies as st

from solver.games.dog_tag_trick import notation as N
from solver.outcome import ranks_from_values
from solver.registry import example_configs, load_game

# Per player count: the default game and variants covering every option (A1, A4, A7, §4.1).
CONFIGS = {
    3: ["dog-tag-trick(players=3)",
        "dog-tag-trick(players=3,first_lead=2,unqualified_pairs=allowed_as_discard,"
        "announcement=auto_join_main)"],
    4: ["dog-tag-trick",
        "dog-tag-trick(first_lead=random,low_set_tiebreak=min_icon)",
        "dog-tag-trick(announcement=auto_join_main,unqualified_pairs=allowed_as_discard)"],
    5: ["dog-tag-trick(players=5)",
        "dog-tag-trick(players=5,first_lead=random,low_set_tiebreak=min_icon,"
        "announcement=auto_join_main)"],
}
GAMES = {cfg: load_game(cfg) for cfgs in CONFIGS.values() for cfg in cfgs}


def run_pair(game, seed, choice_seed, json_every_trick=True):
    eng = game.new_initial_state(seed)
    ref = game.new_reference_state(seed)
    rnd = random.Random(choice_seed)
    n = game.num_players
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
        assert eng.to_reference() == ref
        if json_every_trick and len(ref.history) % n == 0:
            assert N.state_to_json(ref) == eng.to_json()
    assert ref.is_terminal() and eng.returns() == ref.returns()
    assert eng.scores() == ref.scores()
    assert list(eng.outcome().ranks) == list(ranks_from_values(ref.returns()))
    assert [p for p in range(n) if eng.outcome().ranks[p] == 0] == ref.winners()
    return moves


def _thousand(n):
    cfgs = CONFIGS[n]
    total = 0
    for i in range(1000):
        total += run_pair(GAMES[cfgs[i % len(cfgs)]], 1000 * n + i, i, json_every_trick=i % 4 == 0)
    assert total > 1000 * n * n                  # whole games were played


def test_engine_matches_reference_1000_games_3_players():
    _thousand(3)


def test_engine_matches_reference_1000_games_4_players():
    _thousand(4)


def test_engine_matches_reference_1000_games_5_players():
    _thousand(5)


@settings(max_examples=60, deadline=None)
@given(config=st.sampled_from(example_configs("dog-tag-trick")), seed=st.integers(0, 2**63),
       choice=st.integers(0, 2**32))
def test_engine_matches_reference_hypothesis(config, seed, choice):
    run_pair(load_game(config), seed, choice)


def test_views_match_between_engines():
    """The view JSON written from the engine equals the reference's for every seat."""
    game = GAMES["dog-tag-trick(players=5)"]
    eng, ref = game.new_initial_state(9), game.new_reference_state(9)
    rnd = random.Random(3)
    while not eng.is_terminal():
        for p in range(5):
            assert eng.view(p).to_json() == N.view_to_json(ref, p)
        a = rnd.choice(eng.legal_actions())
        eng.apply_action(a)
        ref.apply_action(a)
