"""The rollout policy of the Cython engine (MateVicVillageState.rollout_action_c, used by the
searches with rollout="policy"): it only returns legal actions, games of pure policy moves end,
and its rules of thumb show on posed positions (each checked as the action it picks for most
seeds, since a few percent of its moves are uniformly random on purpose)."""
from collections import Counter

import pytest

from solver.games.mate_vic_village._state import MateVicVillageGame
from solver.registry import load_game
from solver.rng import Random
from tests.games.mate_vic_village.helpers import game, pose


@pytest.mark.parametrize("text", MateVicVillageGame.EXAMPLE_CONFIGS)
def test_policy_returns_legal_actions_and_policy_games_end(text):
    """Fuzz: every state of 20 games (odd seeds: pure policy games, which must end within
    max_game_length; even seeds: uniformly random games, to reach states the policy avoids),
    four policy draws each."""
    g = load_game(text)
    for seed in range(20):
        s = g.new_initial_state(seed)
        rng = Random(1000 + seed)
        moves = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            for k in range(4):
                assert s.rollout_action(seed * 1000 + moves * 7 + k) in legal
            if seed % 2:
                s.apply_action(s.rollout_action(rng))
            else:
                s.apply_action(legal[rng.randbelow(len(legal))])
            moves += 1
            assert moves <= g.max_game_length
        assert s.phase_name() == "over"


def test_policy_is_reproducible_for_a_seed():
    g = load_game("mate-vic-village(players=3)")
    s = g.new_initial_state(5)
    while s.phase_name() == "discard":
        s.apply_action(s.rollout_action(1))
    assert [s.rollout_action(k) for k in range(20)] == [s.rollout_action(k) for k in range(20)]


def test_discard_empties_a_colour():
    """Rule 7: a 4-player hand with a low card alone in its colour (not worth keeping for a
    GO! trick): the discard empties a colour."""
    g = load_game("mate-vic-village")
    found = 0
    for seed in range(200):
        s = g.new_initial_state(seed)
        hand = s.legal_actions()                    # 4 players: discard one card of the hand
        colour = Counter(c // 10 for c in hand)
        if not any(colour[c // 10] == 1 and c % 10 + 1 <= 4 for c in hand):
            continue
        c = Counter(colour[s.rollout_action(k) // 10] == 1 for k in range(100))
        assert c[True] >= 80, (seed, hand, c)
        found += 1
        if found == 5:
            break
    assert found == 5


def picks(s, seeds=200):
    """How often the policy picks each action (as text) over ``seeds`` seeds."""
    return Counter(s.action_to_str(s.rollout_action(k)) for k in range(seeds))


def assert_mostly(s, expected, seeds=200, share=0.8):
    c = picks(s, seeds)
    assert c.most_common(1)[0][0] == expected and c[expected] >= share * seeds, c


def test_stay_last_to_play_ducks():
    """STAY-3: Y2 led, then Y5 and B8 off-colour; last to play, Y1 loses while Y9 would take
    the -2 pile: the policy ducks."""
    g = game(4)
    s = g.state_from_json(pose(g, [("STAY-3", 0, "Y2 Y5 B8")], hands={3: "Y1 Y9"},
                               voids={2: "Y", 3: "Y"}))
    assert {s.action_to_str(a) for a in s.legal_actions()} == {"Y1", "Y9"}
    assert_mostly(s, "Y1")


def test_go_last_to_play_takes_the_trick_with_the_target_number():
    """GO-7: R10 led, followed by R3 and R5; last to play and void in red (no 10 either), G7
    beats the 10 (it matches the target) and scores 7, the low cards score nothing: the
    policy wins with G7."""
    g = game(4)
    hand = "G7 G2 G1 B1 B2 B3 Y1 Y2 P1 P2 P3"
    s = g.state_from_json(pose(g, [("GO-7", 0, "R10 R3 R5")], hands={3: hand}))
    assert sorted(s.action_to_str(a) for a in s.legal_actions()) == sorted(hand.split())
    assert_mostly(s, "G7")


@pytest.mark.parametrize("later, expected", [
    # The next seat's only yellow card is Y9, the target: it must play it and take the trick,
    # so Y10 would be wasted; the policy dumps Y1 instead.
    ({2: "Y9", 3: "Y3"}, "Y1"),
    # The later seats can only follow with low yellows (so no 9 either): Y10 holds the trick
    # for sure (W = 10).
    ({2: "Y4", 3: "Y3"}, "Y10"),
])
def test_go_follower_reads_the_later_hands(later, expected):
    """GO-9, Y2 led by seat 0; seat 1 holds Y10 and Y1 (its only yellows)."""
    g = game(4)
    s = g.state_from_json(pose(g, [("GO-9", 0, "Y2")], hands={1: "Y1 Y10", **later},
                               voids={1: "Y", 2: "Y", 3: "Y"}))
    assert {s.action_to_str(a) for a in s.legal_actions()} == {"Y1", "Y10"}
    assert_mostly(s, expected)
