"""The Mate (Vic Village) heuristic (bots/heuristic/mate_vic_village.py, scoring with the
game's policy, solver/games/mate_vic_village/_policy.pyx): legal and reproducible over whole
seeded games of every example configuration, a function of the view alone, the same choices as
the pure-Python heuristic it replaced, and its rules of thumb on posed positions."""
import json
import random
from pathlib import Path

import pytest

from bots.heuristic import mate_vic_village as H
from bots.registry import make_bot
from solver.games.mate_vic_village import notation as N
from solver.games.mate_vic_village import rules as R
from solver.registry import load_game
from solver.rng import Random
from tests.games.mate_vic_village.helpers import game, pose
from tournaments.referee import play_game

CONFIGS = load_game("mate-vic-village").EXAMPLE_CONFIGS
RECORDED = (Path(__file__).parents[1] / "games" / "mate_vic_village" / "data"
            / "heuristic_lines.json")


def _play(g, seats, seed):
    """One whole game, checking every action; seats[i] is "heuristic" or "random"."""
    bots = [make_bot(b, seed * 10 + i) for i, b in enumerate(seats)]
    for i, b in enumerate(bots):
        b.reset(g, i, seed * 10 + i)
    s = g.new_initial_state(seed)
    actions = []
    while not s.is_terminal():
        p = s.current_player()
        a = bots[p].act(s.view(p))
        assert a in s.legal_actions(), (s.summary(), a)
        s.apply_action(a)
        actions.append(a)
    return actions, s.returns()


@pytest.mark.parametrize("config", CONFIGS)
def test_only_legal_actions_over_whole_games(config):
    g = load_game(config)
    n = g.num_players
    for seed in range(3):
        _play(g, ["heuristic"] * n, seed)
        _play(g, ["heuristic"] + ["random"] * (n - 1), seed)


@pytest.mark.parametrize("config", CONFIGS[:2])
def test_reproducible_under_a_seed(config):
    g = load_game(config)
    specs = ["heuristic"] * g.num_players
    seeds = list(range(g.num_players))
    a = play_game(g, specs, deal_seed=11, bot_seeds=seeds)
    b = play_game(g, specs, deal_seed=11, bot_seeds=seeds)
    assert a.termination != "forfeit", a.forfeit
    assert a.comparable() == b.comparable()


@pytest.mark.parametrize("config", CONFIGS[:2])
def test_decision_is_a_function_of_the_view(config):
    """The same view rebuilt from its JSON (hidden cards dealt differently) gets the same
    answer: the heuristic never reads hidden cards."""
    g = load_game(config)
    rnd = random.Random(3)
    s = g.new_initial_state(3)
    checked = 0
    while not s.is_terminal():
        p = s.current_player()
        v = s.view(p)
        if len(v.legal_actions()) > 1 and rnd.random() < 0.3:
            again = g.view_from_json(v.to_json())
            assert H.choose(v, Random(9)) == H.choose(again, Random(9)), s.summary()
            checked += 1
        s.apply_action(rnd.choice(s.legal_actions()))
    assert checked >= 10


def test_choices_match_the_recorded_lines():
    """Regression: at every decision of recorded lines of play (3 and 4 players, basic and
    advanced mode, every option; heuristic and random seats), the choice the pure-Python
    heuristic made before its rules moved into the policy module, for the same rng (ties
    included). heuristic_lines.json says how the lines were recorded."""
    games = json.loads(RECORDED.read_text())["games"]
    assert {(load_game(r["game"]).num_players, load_game(r["game"]).options["mode"])
            for r in games} == {(3, "basic"), (3, "advanced"), (4, "basic"), (4, "advanced")}
    positions = 0
    for rec in games:
        g = load_game(rec["game"])
        s = g.new_initial_state(rec["seed"])
        for i, (move, choice) in enumerate(zip(rec["moves"], rec["choices"])):
            view = s.view(s.current_player())
            assert H.choose(view, Random(rec["seed"] * 1000 + i)) == choice, \
                (rec["game"], rec["seed"], i, s.summary())
            s.apply_action(move)
            positions += 1
        assert s.is_terminal()
    assert positions >= 2000


def _choice(g, tricks, seat, hand, **pose_kw):
    """The heuristic's move for ``seat`` holding ``hand`` in the posed trick position."""
    pose_kw.setdefault("starter", tricks[0][1])      # the first trick's leader starts the round
    state = g.state_from_json(pose(g, tricks, hands={seat: hand}, **pose_kw))
    assert state.current_player() == seat, state.summary()
    view = state.view(seat)
    return view.action_to_str(H.choose(view, Random(0)))


def test_last_to_play_ducks_a_stay_trick():
    # STAY-7 after R3 R5 R6: R9 would win (-2), R2 loses.
    assert _choice(game(4), [("STAY-7", 1, "R3 R5 R6")], 0,
                   "R2 R9 B1 B4 B8 Y2 Y5 Y10 G3 G6 P4") == "R2"


def test_last_to_play_takes_a_go_trick():
    # GO-5 after R2 R3 R4 (no 5): R10 wins 10, R1 nothing.
    assert _choice(game(4), [("GO-5", 1, "R2 R3 R4")], 0,
                   "R10 R1 B1 B4 Y2 Y6 G3 G6 P4 P7 P8") == "R10"


def test_last_to_play_takes_a_go_trick_with_its_spare_winner():
    # GO-5 after R2 R3 R4: R9 wins 9 and R10 wins 10, but with two GO! winners in hand and
    # one of them a 10, spend the 9 or 10 — never the losing R1.
    assert _choice(game(4), [("GO-5", 1, "R2 R3 R4")], 0,
                   "R10 R9 R1 B1 B4 Y2 Y6 G3 G6 P4 P7") in ("R9", "R10")


def test_last_to_play_matches_the_target_against_a_higher_card():
    # GO-7 after B10 Y2 (3 players): only G7 wins (W = 7 beats the 10); G1 and G9 lose.
    assert _choice(game(3), [("GO-7", 1, "B10 B2")], 0,
                   "G1 G7 G9 R2 R3 R4 Y1 Y3 Y4 P2 P3 P5 P6 R5", voids={0: "B"}) == "G7"


def test_leads_the_target_number_into_go():
    # GO-9 led with a 9: it wins 9, or a later 9 makes the leader 2nd (a reward card).
    assert _choice(game(4), [("GO-9", 0, "")], 0, "P9 R1 R2 B1 B4 B3 Y2 Y6 Y4 G3 G6") == "P9"


def test_leads_low_into_stay():
    choice = _choice(game(4), [("STAY-4", 0, "")], 0, "R1 R10 B9 B8 Y10 Y6 G7 G9 P8 P9 P10")
    assert choice == "R1"            # a led 1 cannot win a STAY-4 trick


def test_ducks_under_the_lead_in_stay():
    # STAY-8 after R5: R1 cannot win; R9 would hold unless a later 8 or higher comes.
    assert _choice(game(4), [("STAY-8", 0, "R5")], 1, "R1 R9 B2 B3 Y1 Y4 G2 G3 G5 P1 P2") == "R1"


def test_dumps_a_high_liability_when_the_stay_trick_is_taken():
    # STAY-3 after R3: the 3 holds against anything but a later 3, so every red card loses;
    # with more high cards than GO! tricks left, shed a high one, not the safe R2.
    choice = _choice(game(4), [("STAY-3", 0, "R3")], 1, "R10 R9 R2 B10 B9 Y10 Y9 G10 G9 P10 P9")
    assert choice in ("R10", "R9")


def test_discard_makes_a_void():
    # 4 players, one discard: B6 is the only blue card.
    g = game(4)
    s = g.new_initial_state(7)
    p = s.current_player()
    v = s.view(p)
    hand = v.to_json()["hands"][p]
    assert [c for c in hand if c[0] == "B"] == ["B6"]
    assert N.card_name(H.choose(v, Random(0))) == "B6"


def test_three_player_discard_is_a_pair_that_empties_a_colour():
    g = game(3)
    s = g.new_initial_state(7)
    p = s.current_player()
    v = s.view(p)
    hand = set(v.to_json()["hands"][p])
    a = H.choose(v, Random(0))
    assert a >= R.PAIR_BASE
    x, y = (N.card_name(c) for c in R.pair_cards(a))
    assert {x, y} <= hand
    assert any(not [c for c in hand - {x, y} if c[0] == col] for col in {x[0], y[0]})
