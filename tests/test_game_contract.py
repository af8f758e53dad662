"""The contract every registered game keeps (DESIGN §7), run over each game's EXAMPLE_CONFIGS.

Games join by registering in solver/registry.py; nothing here names a game.
"""
import collections
import json
import pickle
import random

import pytest

from solver.errors import IllegalActionError, InvalidActionError, InvalidStateError
from solver.registry import available_games, load_game
from tests.conftest import random_states


def test_every_registered_game_loads():
    for slug in available_games():
        g = load_game(slug)
        assert g.name == slug
        assert load_game(g.spec()) == g


def test_clone_equal_and_independent(game):
    for s in random_states(game, 1, games=2, every=3):
        c = s.clone()
        assert c == s and c.to_json() == s.to_json() and c.state_hash() == s.state_hash()
        if not s.is_terminal():
            c.apply_action(c.legal_actions()[0])
            assert s.to_json() != c.to_json() or s.is_terminal()


def test_state_json_round_trip(game):
    for s in random_states(game, 2, games=2, every=2):
        obj = json.loads(json.dumps(s.to_json()))
        back = game.state_from_json(obj)
        assert back.to_json() == s.to_json()
        assert back.legal_actions() == s.legal_actions()
        assert back.current_player() == s.current_player()
        assert back.state_hash() == s.state_hash()


def test_view_json_round_trip(game):
    for s in random_states(game, 3, games=1, every=2):
        for p in range(game.num_players):
            v = s.view(p)
            obj = json.loads(json.dumps(v.to_json()))
            assert game.view_from_json(obj).to_json() == v.to_json()


def test_legal_actions_sorted_and_parse_round_trip(game):
    for s in random_states(game, 4, games=2):
        acts = s.legal_actions()
        if s.is_terminal():
            assert acts == [] and s.current_player() == -1
            continue
        assert acts == sorted(set(acts)) and acts
        assert all(0 <= a < game.num_distinct_actions for a in acts)
        for a in acts:
            assert s.parse_action(s.action_to_str(a)) == a


def test_returns_only_at_terminal(game):
    for s in random_states(game, 5, games=3, every=5):
        if s.is_terminal():
            out = s.outcome()
            assert out is not None and len(out.returns) == game.num_players
            assert len(out.ranks) == game.num_players and min(out.ranks) == 0
        else:
            assert s.returns() == [0.0] * game.num_players
            assert s.outcome() is None


def test_no_action_at_terminal_state(game):
    s = list(random_states(game, 6, games=1))[-1]
    assert s.is_terminal()
    with pytest.raises(IllegalActionError):
        s.apply_action(0)


def test_illegal_action_leaves_state_unchanged(game):
    for s in random_states(game, 7, games=1, every=4):
        if s.is_terminal():
            continue
        legal = set(s.legal_actions())
        illegal = [a for a in range(game.num_distinct_actions) if a not in legal][:5]
        before = s.to_json()
        for a in illegal:
            with pytest.raises(IllegalActionError):
                s.apply_action(a)
            assert s.to_json() == before


def test_garbage_is_rejected_with_our_errors(game):
    s = game.new_initial_state(0)
    with pytest.raises(InvalidActionError):
        s.parse_action("NOT-A-MOVE")
    with pytest.raises(InvalidStateError):
        game.state_from_json("{not json")
    with pytest.raises(InvalidStateError):
        game.state_from_json({"hands": "nonsense"})


def test_pickle_round_trip(game):
    s = list(random_states(game, 8, games=1, every=7))[1]
    assert pickle.loads(pickle.dumps(s)) == s
    v = s.view(0)
    assert pickle.loads(pickle.dumps(v)) == v
    assert pickle.loads(pickle.dumps(game)) == game


def test_seeded_deals_are_reproducible(game):
    assert game.new_initial_state(11) == game.new_initial_state(11)
    assert game.new_initial_state(11).to_json() != game.new_initial_state(12).to_json()


# -- determinization (hidden-information games) -------------------------------------------------

def _check_views(game, seed, samples):
    for s in random_states(game, seed, games=2, every=3):
        if s.is_terminal():
            continue
        for p in range(game.num_players):
            view = s.view(p)
            want = view.to_json()
            assert s.view(p).to_json() == want
            for k in range(samples):
                w = view.determinize(k)
                # Every sampled world reproduces the observer's view exactly.
                assert w.view(p).to_json() == want
                assert w.legal_actions() == s.legal_actions() or s.current_player() != p
                w2 = s.determinize_for(p, k)
                assert w2.view(p).to_json() == want


def test_determinized_worlds_agree_with_the_view(game):
    _check_views(game, 9, samples=4)


def test_determinization_never_reads_hidden_cards(game):
    """Two true states that share seat p's view (the second is a world sampled from the view,
    so hidden cards sit elsewhere) give the same worlds for the same seed: what is sampled
    depends on the view alone."""
    for s in random_states(game, 10, games=1, every=5):
        if s.is_terminal():
            continue
        for p in range(game.num_players):
            other = s.view(p).determinize(12345)
            assert other.view(p).to_json() == s.view(p).to_json()
            for k in range(3):
                assert (s.determinize_for(p, k).to_json()
                        == other.determinize_for(p, k).to_json())


def test_no_peeking_statistically(game):
    """Where the hidden cards land is independent of where they truly are. For a mid-game
    position and its observer, take a second true state with the same view but hidden cards
    moved; sample N worlds from each and compare, for every (hidden card, place) cell, the two
    frequencies: each difference must stay within 5 standard errors of a binomial proportion
    (false alarm rate far below 1e-4 per cell)."""
    if game.perfect_information:
        pytest.skip("nothing hidden")
    rnd = random.Random(13)
    s = game.new_initial_state(77)
    for _ in range(rnd.randrange(3, 12)):
        if s.is_terminal():
            break
        s.apply_action(rnd.choice(s.legal_actions()))
    p = max(0, s.current_player())
    other = s.view(p).determinize(999)
    n = 1500

    def freq(state, base):
        counts = collections.Counter()
        for k in range(n):
            w = state.determinize_for(p, base + k).to_json()
            for key, val in _flatten(w):
                counts[(key, val)] += 1
        return counts

    fa, fb = freq(s, 0), freq(other, 10**6)
    for cell in set(fa) | set(fb):
        pa, pb = fa[cell] / n, fb[cell] / n
        pbar = (pa + pb) / 2
        se = ((pbar * (1 - pbar)) * 2 / n) ** 0.5
        assert abs(pa - pb) <= 5 * se + 1e-9, (cell, pa, pb)


def _flatten(obj, prefix=""):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _flatten(v, f"{prefix}.{k}")
    elif isinstance(obj, list):
        if all(isinstance(x, str) for x in obj):
            for x in obj:
                yield prefix, x
        else:
            for i, v in enumerate(obj):
                yield from _flatten(v, f"{prefix}[{i}]")
    else:
        yield prefix, obj


def test_rollout_policy_plays_only_legal_actions(game):
    """State.rollout_action_c (the searches' rollout policy) always returns a legal action, and
    a whole game of policy moves ends."""
    for s in random_states(game, 14, games=1, every=1):
        if s.is_terminal():
            continue
        for k in range(3):
            assert s.rollout_action(k) in s.legal_actions()
    s = game.new_initial_state(15)
    k = 0
    while not s.is_terminal():
        s.apply_action(s.rollout_action(k))
        k += 1
        assert k <= game.max_game_length


def test_random_playout_is_the_generic_random_rollout(game):
    """State.random_playout_c (the searches' random rollout; a game may override it with a loop
    on its own data) plays exactly acts[randbelow(len(acts))] over the sorted legal actions,
    to the end of the game or of the given round, from positions all through seeded games."""
    from solver.rng import Random
    for i, s in enumerate(random_states(game, 16, games=1, every=7)):
        for stop_round in (-1, s.round()):
            fast, slow, rng = s.clone(), s.clone(), Random(i)
            fast.random_playout(Random(i), stop_round)
            while not slow.is_terminal() and (stop_round < 0 or slow.round() == stop_round):
                acts = slow.legal_actions()
                slow.apply_action(acts[rng.randbelow(len(acts))])
            assert fast.to_json() == slow.to_json() and fast.scores() == slow.scores()
            assert fast.is_terminal() or (stop_round >= 0 and fast.round() != stop_round)
