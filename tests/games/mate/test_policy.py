"""Mate's rules of thumb (solver/games/mate/_policy.pyx, ``game.policy``).

The rollout (``rollout_action``, the searches' rollout="policy") plays only legal actions, whole
matches of policy moves end, and it replays exactly the pinned lines for the same rng streams.
Its rules of thumb are checked on posed positions as the clear majority choice (one move in five
is uniformly random); the heuristic's scores (``best_actions``) on the same positions. Rules:
docs/rules/mate.md (§4 forcing, §5.4 trick winner, §6 mate, §2.1 card values).
"""
import json
import pathlib
from collections import Counter

import pytest

from solver.registry import load_game
from solver.rng import Random
from tests.games.mate.test_examples import DEAL_A, DEAL_B, game_state, play

CONFIGS = load_game("mate").EXAMPLE_CONFIGS
GOLDEN = pathlib.Path(__file__).parent / "data" / "policy_rollouts.json"


def rollout_line(game, deal_seed, rng_seed, limit):
    """Up to ``limit`` rollout-policy moves from the deal, one rng stream; each checked legal."""
    s = game.new_initial_state(deal_seed)
    rng = Random(rng_seed)
    line = []
    while not s.is_terminal() and len(line) < limit:
        key = s.state_hash()
        a = game.policy.rollout_action(s, rng)
        assert a in s.legal_actions(), (s.summary(), a)
        assert s.state_hash() == key                     # choosing does not touch the state
        s.apply_action(a)
        line.append(a)
    return s, line


@pytest.mark.parametrize("config", CONFIGS)
def test_policy_plays_legal_actions_and_matches_end(config):
    g = load_game(config)
    for seed in range(20):
        s, line = rollout_line(g, seed, seed + 1000, g.max_game_length)
        assert s.is_terminal(), (config, seed, len(line))


def test_policy_is_legal_in_determinized_worlds():
    """With hidden forcing (§9.2) a rollout starts from a re-dealt world of the player to act."""
    g = load_game("mate(forced_visibility=hidden)")
    for seed in range(6):
        s = g.new_initial_state(seed)
        rng = Random(seed)
        step = 0
        while not s.is_terminal():
            step += 1
            w = s.determinize_for(s.current_player(), seed * 1000 + step)
            legal = set(w.legal_actions())
            assert {g.policy.rollout_action(w, k) for k in range(10)} <= legal
            s.apply_action(s.legal_actions()[rng.randbelow(len(s.legal_actions()))])


def test_rollouts_replay_the_pinned_lines():
    """The same rng stream plays the same moves: lines recorded when the rollout policy still
    lived in the engine (MateState.rollout_action_c), so moving it changed nothing."""
    for case in json.loads(GOLDEN.read_text()):
        _s, line = rollout_line(load_game(case["game"]), case["seed"], case["rng"],
                                len(case["line"]))
        assert line == case["line"], case["game"]


def majority(state, expected, share=0.75, trials=300):
    c = Counter(state.action_to_str(state.game.policy.rollout_action(state, k))
                for k in range(trials))
    assert c[expected] >= share * trials, c


def best(state):
    return [state.action_to_str(a) for a in state.game.policy.best_actions(state)]


def test_never_force():
    """§4: both the rollout and the heuristic decline to force (PASS)."""
    s = game_state(DEAL_A)
    majority(s, "PASS")
    assert best(s) == ["PASS"]
    s.apply_action("PASS")
    majority(s, "PASS")
    assert best(s) == ["PASS"]


def test_lead_a_mating_card():
    """§6, W2: seat 1 holds no club and no ace, so AC mates on trick 1; nothing else does."""
    s = play(game_state(DEAL_B), "PASS PASS")
    majority(s, "AC")
    assert best(s) == ["AC"]


def test_follow_with_the_cheapest_winning_card():
    """§5.4: to 7S seat 1 may play QS or KS (§5.2), both win; the cheaper one is enough."""
    s = play(game_state(DEAL_A), "PASS PASS 7S")
    majority(s, "QS")
    assert best(s) == ["QS"]


def test_losing_follow_the_heuristic_gives_the_lowest_value():
    """To AC seat 1 must play 7C or QC (§5.2) and both lose: the rollout plays the lowest id
    (7C), the heuristic the card worth least (QC, 3 points against 7, §2.1)."""
    s = play(game_state(DEAL_A), "PASS PASS AC")
    majority(s, "7C")
    assert best(s) == ["QC"]


def test_scores_rank_every_legal_action_without_ties():
    """The heuristic's scores are a strict order (ties are broken by card id inside them), so
    its choice is a function of the world it reasons on."""
    g = load_game("mate")
    for seed in range(5):
        s = g.new_initial_state(seed)
        rng = Random(seed)
        while not s.is_terminal():
            scores = g.policy.scores(s)
            assert len(set(scores)) == len(scores) == len(s.legal_actions())
            s.apply_action(s.legal_actions()[rng.randbelow(len(s.legal_actions()))])


def test_no_position_estimate():
    """Mate's depth-limited frontier gets no estimate: zero for both seats."""
    g = load_game("mate")
    s = g.new_initial_state(3)
    for a in ("PASS", "PASS"):
        assert g.policy.evaluate(s) == [0.0, 0.0]
        s.apply_action(a)
