"""Mattis's rules of thumb (solver/games/mattis/_policy.pyx, ``game.policy``).

The rollout (``rollout_action``, the searches' rollout="policy") plays only legal actions, games
of pure policy moves end, and its rules of thumb hold on posed positions (it mixes in a uniformly
random action now and then, so those are checked as the clear majority choice over many seeds).
The heuristic's scores pick the same rules' choice where the two agree, and the position
estimate (``evaluate``) is a return-like guess that equals the returns at the end."""
import json
import pathlib
from collections import Counter

import pytest

from solver.games.mattis._state import MattisGame
from solver.registry import load_game
from solver.rng import Random
from tests.games.mattis.helpers import game, phase1_json, phase2_json

CONFIGS = MattisGame.EXAMPLE_CONFIGS + ("mattis(players=3,phase2_action_cap=none)",)
GOLDEN = pathlib.Path(__file__).parent / "data" / "policy_rollouts.json"


def policy_game(g, seed):
    """Play one game of pure policy moves; every move is checked against the legal list."""
    s = g.new_initial_state(seed)
    rng = Random(seed + 1000)
    moves = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        key = s.state_hash()
        a = g.policy.rollout_action(s, rng)
        assert a in legal, (s.summary(), a)
        assert s.state_hash() == key                    # choosing does not touch the state
        s.apply_action(a)
        moves += 1
        assert moves <= g.max_game_length
    return s, moves


@pytest.mark.parametrize("config", CONFIGS)
def test_policy_plays_legal_actions_and_games_end(config):
    g = load_game(config)
    for seed in range(12):
        s, _moves = policy_game(g, seed)
        assert s.is_terminal()


@pytest.mark.parametrize("config", MattisGame.EXAMPLE_CONFIGS)
def test_policy_is_legal_in_determinized_worlds(config):
    """Seeded states along random games, re-dealt for the player to act (what ISMCTS rolls
    out from), and many rng seeds at each."""
    g = load_game(config)
    for seed in range(4):
        s = g.new_initial_state(seed)
        rng = Random(seed)
        step = 0
        while not s.is_terminal() and step < 400:
            if step % 7 == 0:
                w = s.determinize_for(s.current_player(), seed * 1000 + step)
                legal = set(w.legal_actions())
                for k in range(20):
                    assert g.policy.rollout_action(w, k) in legal
            s.apply_action(s.legal_actions()[rng.randbelow(len(s.legal_actions()))])
            step += 1


def test_rollouts_replay_the_pinned_lines():
    """The same rng stream plays the same moves: lines (through phase 1 into phase 2) recorded
    when the rollout policy still lived in the engine (MattisState.rollout_action_c)."""
    for case in json.loads(GOLDEN.read_text()):
        g = load_game(case["game"])
        s = g.new_initial_state(case["seed"])
        rng = Random(case["rng"])
        line = []
        for _ in case["line"]:
            line.append(g.policy.rollout_action(s, rng))
            s.apply_action(line[-1])
        assert line == case["line"], case["game"]


def choices(state, trials=300):
    policy = state.game.policy
    return Counter(state.action_to_str(policy.rollout_action(state, k)) for k in range(trials))


def majority(state, expected, share=0.8, trials=300):
    """The rollout's clear majority choice is ``expected``, and it is the heuristic's choice."""
    c = choices(state, trials)
    assert c[expected] >= share * trials, c
    assert [state.action_to_str(a) for a in state.game.policy.best_actions(state)] == [expected]


# -- phase 1 ---------------------------------------------------------------------------------
def test_phase1_junk_goes_onto_a_trick_someone_else_takes():
    """An ace is on the table and P3 plays last: none of its cards can take the trick, so it
    gives away its deuce, not the king or the queen."""
    g = game(players=4)
    s = g.state_from_json(phase1_json(
        4, ["4C 8D", "6S 9C", "TH JS", "2C KD QS"], stock="AH 2S 9D 3D", extra_stock=20,
        leader=0, last_winner=0, trick=[(0, "AC", 1, False), (1, "5D", 1, False),
                                        (2, "6H", 1, False)]))
    assert s.current_player() == 3
    majority(s, "2C")


def test_phase1_a_sure_winner_takes_a_rich_trick():
    """P3 plays last to king, queen, jack: its ace takes the trick for sure."""
    g = game(players=4)
    s = g.state_from_json(phase1_json(
        4, ["4C 8D", "6S 9C", "TH JS", "2C AD 3S"], stock="AH 2S 9D 3D", extra_stock=20,
        leader=0, last_winner=0, trick=[(0, "KC", 1, False), (1, "QD", 1, False),
                                        (2, "JH", 1, False)]))
    majority(s, "AD")


# -- phase 2 ---------------------------------------------------------------------------------
def test_phase2_going_out_beats_keeping_trumps():
    """The last card is a trump that would not complete the trick: it is played anyway."""
    s = game(players=4).state_from_json(phase2_json(
        ["5H 7H", "2S", "9D", "KD"], "S", to_act=1, lays=["QC"], trick_size=4, leading=False))
    assert set(s.legal_actions()) == {s.parse_action("2S"), s.parse_action("PICKUP")}
    majority(s, "2S")


def test_phase2_cheapest_beat_and_keeping_trumps():
    g = game(players=4)
    # A plain card of the top's suit, the lowest one, before a trump.
    s = g.state_from_json(phase2_json(
        ["5H 7H", "AC KC 2S 4D", "9D", "TD"], "S", to_act=1, lays=["QC"], trick_size=4))
    majority(s, "KC")
    # Only a trump beats and the trick would go on: pick up instead.
    s = g.state_from_json(phase2_json(
        ["5H 7H", "2S 3C", "9D", "TD"], "S", to_act=1, lays=["QC"], trick_size=4))
    majority(s, "PICKUP")
    # The same trump completes the trick (and so wins the lead): beat.
    s = g.state_from_json(phase2_json(
        ["5H 7H", "2S 3C", "9D", "TD"], "S", to_act=1, lays=["QC", "KC", "AC"], trick_size=4))
    majority(s, "2S")


def test_phase2_lead_the_lowest_plain_card():
    s = game(players=4).state_from_json(phase2_json(
        ["5H 7H", "2S 3C 9D AH", "9H", "TD"], "S", to_act=1))
    majority(s, "3C")


def test_phase2_lead_a_run_from_the_lowest_card():
    s = game(players=4, sequences=True).state_from_json(phase2_json(
        ["5H 7H", "3C 4C 5C 2S 9D", "9H", "TD"], "S", to_act=1))
    majority(s, "3C-4C-5C")


# -- scores and the position estimate --------------------------------------------------------
def test_phase1_ties_get_the_same_score():
    """Rule 2's ties (equal expected gains) are broken at random by the heuristic and the
    rollout alike: two deuces facing an ace give the same gain, and both are best."""
    g = game(players=4)
    s = g.state_from_json(phase1_json(
        4, ["4C 8D", "6S 9C", "TH JS", "2C 2D KS"], stock="AH 2S 9D 3D", extra_stock=20,
        leader=0, last_winner=0, trick=[(0, "AC", 1, False), (1, "5D", 1, False),
                                        (2, "6H", 1, False)]))
    assert {s.action_to_str(a) for a in g.policy.best_actions(s)} == {"2C", "2D"}
    scores = dict(zip(s.legal_actions(), g.policy.scores(s)))
    assert scores[s.parse_action("2C")] == scores[s.parse_action("2D")]
    assert choices(s)["KS"] < 30


def test_worth_table_shape():
    """Rule 1: junk below neutral below high cards below trumps; unknown trumps average in."""
    from solver.games.mattis import _policy as P
    worth = load_game("mattis").policy.worth
    assert worth(0, 3) < 0 < worth(12, 3) < worth(39, 3)
    assert worth(0, -1) == 0.75 * P.PLAIN_WORTH[0] + 0.25 * P.TRUMP_WORTH
    with pytest.raises(ValueError):
        worth(52, 0)


def test_estimate_is_the_returns_at_the_end():
    g = load_game("mattis(players=3)")
    s, _moves = policy_game(g, 4)
    assert g.policy.evaluate(s) == s.returns()


def test_estimate_favours_the_player_with_fewer_cards_to_shed():
    """Phase 2: a player out is safe (1); among those in, more cards mean a likelier loss
    (rules §7.7: the last player in is the mattis)."""
    g = game(players=4)
    g.policy.evaluation = "heuristic"   # the hand-written estimate (fitted: tests/evaluation)
    s = g.state_from_json(phase2_json(["5H 7H 9H", "2S", "9D TD", ""], "S", to_act=1,
                                      out=[3]))
    est = g.policy.evaluate(s)
    assert est[3] == 1.0
    assert est[0] < est[2] < est[1] < 1.0
    # At the start all four hold three cards: everybody 1 - 1/4.
    assert g.policy.evaluate(g.new_initial_state(0)) == [0.75] * 4
