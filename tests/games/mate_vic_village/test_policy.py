"""Mate (Vic Village)'s rules of thumb (solver/games/mate_vic_village/_policy.pyx,
``game.policy``): the rollout policy (searches with rollout="policy") only returns legal
actions, plays exactly the games it played before it moved out of the engine, and its rules of
thumb show on posed positions (each checked as the action it picks for most seeds, since a few
percent of its moves are uniformly random on purpose); the heuristic's scores read only the
view of the seat to move; the position estimate is the symmetric prior of the round's
instructions. Rules: docs/rules/mate-vic-village.md."""
import json
import math
from collections import Counter
from pathlib import Path

import pytest

from solver.games.mate_vic_village import rules as R
from solver.games.mate_vic_village._policy import MateVicVillagePolicy
from solver.games.mate_vic_village._state import MateVicVillageGame
from solver.registry import load_game
from solver.rng import Random
from tests.games.mate_vic_village.helpers import game, pose

ROLLOUT_LINES = Path(__file__).parent / "data" / "rollout_lines.json"


def test_the_game_names_its_policy():
    g = load_game("mate-vic-village")
    assert isinstance(g.policy, MateVicVillagePolicy)
    assert g.policy.game is g


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
                assert g.policy.rollout_action(s, seed * 1000 + moves * 7 + k) in legal
            if seed % 2:
                s.apply_action(g.policy.rollout_action(s, rng))
            else:
                s.apply_action(legal[rng.randbelow(len(legal))])
            moves += 1
            assert moves <= g.max_game_length
        assert s.phase_name() == "over"


def test_rollouts_replay_the_recorded_games():
    """Regression: the games the rollout policy played (for the same rng stream) when it still
    lived in the engine (rollout_lines.json says how they were played)."""
    recorded = json.loads(ROLLOUT_LINES.read_text())["games"]
    assert set(recorded) == set(MateVicVillageGame.EXAMPLE_CONFIGS)
    for text, games in recorded.items():
        g = load_game(text)
        for seed, expected in enumerate(games):
            s = g.new_initial_state(seed)
            rng = Random(500 + seed)
            played = []
            while not s.is_terminal():
                if seed % 3 == 0 and len(played) % 2 == 0:
                    legal = s.legal_actions()
                    a = legal[rng.randbelow(len(legal))]
                else:
                    a = g.policy.rollout_action(s, rng)
                s.apply_action(a)
                played.append(a)
            assert played == expected, (text, seed)


def test_policy_is_reproducible_for_a_seed():
    g = load_game("mate-vic-village(players=3)")
    s = g.new_initial_state(5)
    while s.phase_name() == "discard":
        s.apply_action(g.policy.rollout_action(s, 1))
    first = [g.policy.rollout_action(s, k) for k in range(20)]
    assert first == [g.policy.rollout_action(s, k) for k in range(20)]
    assert len(set(first)) > 1                      # the seed matters: ties and RO_EPS draws


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
        c = Counter(colour[g.policy.rollout_action(s, k) // 10] == 1 for k in range(100))
        assert c[True] >= 80, (seed, hand, c)
        found += 1
        if found == 5:
            break
    assert found == 5


def picks(s, seeds=200):
    """How often the policy picks each action (as text) over ``seeds`` seeds."""
    return Counter(s.action_to_str(s.game.policy.rollout_action(s, k)) for k in range(seeds))


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


# -- the heuristic's scores (scores_c) ---------------------------------------------------------
def _decisions(text, seeds, every=1):
    """Every ``every``-th decision state of uniformly random games (seeded)."""
    g = load_game(text)
    for seed in seeds:
        s = g.new_initial_state(seed)
        rng = Random(seed + 3)
        k = 0
        while not s.is_terminal():
            if k % every == 0:
                yield s
            legal = s.legal_actions()
            s.apply_action(legal[rng.randbelow(len(legal))])
            k += 1


@pytest.mark.parametrize("text", MateVicVillageGame.EXAMPLE_CONFIGS)
def test_scores_read_only_the_view_of_the_seat_to_move(text):
    """docs/rules/mate-vic-village.md §10: the scores are a function of what the seat to move
    knows, so two determinizations of its view (hidden hands, discards, reward pile and deck
    order dealt differently) score every legal action the same; and each score is finite."""
    checked = differ = 0
    for s in _decisions(text, range(4), every=3):
        view = s.view(s.current_player())
        legal = s.legal_actions()
        a, b = view.determinize(1), view.determinize(2)
        differ += a.to_reference().hands != b.to_reference().hands
        sa, sb = s.game.policy.scores(a, legal), s.game.policy.scores(b, legal)
        assert sa == sb, s.summary()
        assert len(sa) == len(legal) and all(math.isfinite(x) for x in sa)
        checked += 1
    assert checked > 100 and differ > checked // 2


def test_scores_take_any_subset_of_the_legal_actions():
    """An action's score does not depend on which other actions are scored with it."""
    for s in _decisions("mate-vic-village(players=3)", [1], every=7):
        legal = s.legal_actions()
        whole = s.game.policy.scores(s, legal)
        odd = legal[1::2]
        assert s.game.policy.scores(s, odd) == whole[1::2]
        assert s.game.policy.scores(s) == whole


def test_scores_last_to_play_take_the_exact_trick():
    """Rule 2, docs/rules/mate-vic-village.md §6.4: GO-5 after R2 R3 R4 (no 5), last to play
    with R10 and R1 as its only red cards: R10 wins the trick (10 points, counted
    +10 against the opponents' mean), R1 gives W = 4 to the seat of R4 (-4/3)."""
    g = game(4)
    s = g.state_from_json(pose(g, [("GO-5", 1, "R2 R3 R4")], starter=1,
                               hands={0: "R10 R1 B1 B4 Y2 Y6 G3 G6 P4 P7 P8"}))
    legal = s.legal_actions()
    assert {s.action_to_str(a) for a in legal} == {"R10", "R1"}
    v = dict(zip((s.action_to_str(a) for a in legal), g.policy.scores(s, legal)))
    assert [s.action_to_str(a) for a in g.policy.best_actions(s)] == ["R10"]
    # The plans left differ too (R1 or R10 kept), but by less than half the trick's value.
    assert v["R10"] - v["R1"] > (10.0 + 4.0 / 3.0) / 2


# -- the position estimate (evaluate_c) --------------------------------------------------------
@pytest.mark.parametrize("text", MateVicVillageGame.EXAMPLE_CONFIGS[:2])
def test_evaluate_is_the_symmetric_prior_of_the_instructions_to_come(text):
    """Every seat is credited an equal share of the tricks still to be played this round: a
    STAY trick -2 (docs/rules/mate-vic-village.md §6.6), a GO-N trick 0.3*N + 6.3 + 0.2*5.5;
    nothing once the game is over."""
    g = load_game(text)
    g.policy.evaluation = "heuristic"   # the hand-written prior (the fitted one: tests/evaluation)
    n = g.num_players
    for s in _decisions(text, [2], every=5):
        ref = s.to_reference()
        first = ref.trick if ref.phase == R.PLAY else 0
        total = 0.0
        for i in ref.deck[first:]:
            if R.instr_type(i) == R.GO:
                total += 0.3 * R.instr_number(i) + 6.3 + 0.2 * 5.5
            else:
                total -= 2.0
        assert g.policy.evaluate(s) == pytest.approx([total / n] * n)
    s = g.new_initial_state(2)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert g.policy.evaluate(s) == [0.0] * n
