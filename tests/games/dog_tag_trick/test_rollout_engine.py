"""Dog Tag Trick's own random rollout (DogTagTrickState.random_playout_c: the k-th legal move
found by counting singles and pair moves, not listing them) is the generic random rollout,
move for move, from positions all through the game (docs/rules/dog-tag-trick.md §11: the
legal moves in their order; §5.2 a move, a 5/10 card being two singles; §5.3 the qualifying
pairs; §5.4 option A1's discards, which the rollout lists as the generic loop does)."""
import pytest

from solver.registry import game_class
from tests.games.rollout_twin import check_config

CONFIGS = sorted(set(game_class("dog-tag-trick").EXAMPLE_CONFIGS)
                 | {"dog-tag-trick(players=4)", "dog-tag-trick(players=5)"})


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_rollout_is_the_generic_rollout(config):
    assert check_config(config, seed=13, games=4, every=1) >= 4 * 30


@pytest.mark.parametrize("config", ["dog-tag-trick(players=3)", "dog-tag-trick(players=5)"])
def test_bench_deals_match(config):
    """Fresh deals as the bench plays them (deal i from seed 1 + i, one stream): the game's
    loop and the generic loop end every game with the same returns."""
    from solver.registry import load_game
    from solver.search.bench import run_playouts
    game = load_game(config)
    assert run_playouts(game, 2000, 1, own_loop=True)[3] == run_playouts(game, 2000, 1)[3]


def test_counted_move_is_the_listed_move():
    """The rollout's move for a hand (counted, not listed) is the listed moves' k-th for the
    same draw, on hands of every size with many 5/10 cards and many-move pairs (§5.2-§5.3:
    a pair of two 5/10 cards has up to six qualifying moves)."""
    import random

    from solver.games.dog_tag_trick._state import _rollout_move
    from solver.registry import load_game
    from solver.rng import Random
    game = load_game("dog-tag-trick(players=3)")
    rnd = random.Random(3)
    fives = [c for c in range(36) if c % 9 == 4]
    checked = 0
    for trial in range(3000):
        size = rnd.randint(1, 11)
        cards = rnd.sample(range(36), size)
        if trial % 3 == 0:                       # force 5/10 cards in
            cards = list(set(cards[: max(1, size - 2)]) | set(rnd.sample(fives, 2)))
        hand = sum(1 << c for c in cards)
        s = game.new_initial_state(trial)
        ref = s.to_reference()
        ref.hands = [hand, 0, 0]
        ref.lead = 0
        moves = game.state_from_reference(ref).legal_actions()
        seed = rnd.getrandbits(63)
        assert _rollout_move(hand, seed) == moves[Random(seed).randbelow(len(moves))]
        checked += 1
    assert checked == 3000
