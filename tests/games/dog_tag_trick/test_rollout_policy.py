"""Dog Tag Trick's rollout policy (DogTagTrickState.rollout_action_c, the searches'
rollout="policy"): it plays only legal actions, games of pure policy moves end, and its rules of
thumb hold on posed positions (it mixes in a uniformly random action now and then, so those are
checked as the clear majority choice over many seeds)."""
import random
from collections import Counter

import pytest

from solver.games.dog_tag_trick import notation as N
from solver.games.dog_tag_trick import rules as R
from solver.games.dog_tag_trick._state import DogTagTrickGame
from solver.registry import load_game
from solver.rng import Random

CONFIGS = DogTagTrickGame.EXAMPLE_CONFIGS


@pytest.mark.parametrize("config", CONFIGS)
def test_policy_plays_legal_actions_and_games_end(config):
    g = load_game(config)
    for seed in range(6):
        s = g.new_initial_state(seed)
        rng = Random(seed + 1000)
        moves = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            key = s.state_hash()
            a = s.rollout_action(rng)
            assert a in legal, (s.summary(), a)
            assert s.state_hash() == key                # choosing does not touch the state
            s.apply_action(a)
            moves += 1
            assert moves <= g.max_game_length
        assert s.is_terminal()


@pytest.mark.parametrize("config", CONFIGS)
def test_policy_is_legal_in_determinized_worlds(config):
    """Seeded states along random games, re-dealt for the player to act (what ISMCTS rolls
    out from), and many rng seeds at each."""
    g = load_game(config)
    for seed in range(3):
        s = g.new_initial_state(seed)
        rng = Random(seed)
        step = 0
        while not s.is_terminal():
            if step % 5 == 0:
                w = s.determinize_for(s.current_player(), seed * 1000 + step)
                legal = set(w.legal_actions())
                for k in range(20):
                    assert w.rollout_action(k) in legal
            legal = s.legal_actions()
            s.apply_action(legal[rng.randbelow(len(legal))])
            step += 1


def pose(hands, lead, trick, players=4):
    """Round 1 of a ``players``-player game: seat p holds ``hands[p]`` (text), seat ``lead``
    led the current trick and ``trick`` (move texts) has been played in it so far."""
    g = load_game(f"dog-tag-trick(players={players})")
    opts = g.options
    ref = R.DogTagTrickState(opts)
    ref.round, ref.first_lead, ref.lead, ref.over = 0, lead, lead, False
    ref.totals = [0] * players
    ref.hands = [sum(1 << N.parse_card(t) for t in h.split()) for h in hands]
    ref.history = [N.parse_action(t, opts) for t in trick]
    held = 0
    for m in ref.hands:
        held |= m
    for a in ref.history:
        held |= R.ACTIONS[a].mask
    ref.unused = R.ALL_CARDS & ~held
    ref.future = [R.deal_round(random.Random(7), players) for _ in range(players - 1)]
    s = g.state_from_reference(ref)
    assert s.current_player() == (lead + len(trick)) % players
    return s


def majority(state, expected, share=0.75, trials=300):
    """``expected`` (move text) is the policy's choice in at least ``share`` of the seeds."""
    want = state.parse_action(expected)
    c = Counter(state.rollout_action(k) for k in range(trials))
    assert c[want] >= share * trials, {state.action_to_str(a): n for a, n in c.items()}


def test_last_seat_wins_the_sub_event_with_its_top_single():
    """Seat 3 plays last to a 3s set and an 8 and a 7 single: its 9 takes the sub event."""
    s = pose(["1P 1F", "2H 6H", "3P 7F", "9P 2B 6F 4H"], 0, ["3H+3B SET", "8B ONE", "7P ONE"])
    majority(s, "9P ONE")


def test_a_single_a_later_seat_beats_is_not_wasted():
    """Seat 3 still holds a 5/10 (a 10 beats the 9): seat 2 throws its cheapest card, a 6."""
    s = pose(["1P 1F", "2H 6H", "9P 2B 6F 4H", "5P 1B"], 0, ["3H+3B SET", "8B ONE"])
    majority(s, "6F ONE")


def test_joins_the_main_event_with_a_pair_that_stands():
    """A 7-8 run leads; seat 1's 1-2 run beats it and nobody later holds a run."""
    s = pose(["4P 6P", "1H 2H 9P 6F", "4B 9F", "3F 8H"], 0, ["7B+8B RUN"])
    majority(s, "1H+2H RUN")


def test_a_double_event_pair_is_announced_for_the_main_event():
    """High Five is the main event (2B+3B, top 3B): 2F+3P joins it as FIVE (top 3P), not as
    RUN, which would compete in nothing."""
    s = pose(["4P 6P", "2F 3P 4H 9B", "6H 7F", "1H 8F"], 0, ["2B+3B FIVE"])
    majority(s, "2F+3P FIVE")


def test_going_out_with_a_winning_pair_in_the_final_trick():
    """Seat 0 leads holding only 1H 2H and nobody holds a run: the pair empties its hand, makes
    the trick final and scores 5."""
    s = pose(["1H 2H", "4P 9P 6F", "4B 9F 7P", "3F 8H 6B"], 0, [])
    majority(s, "1H+2H RUN")
