"""Every worked example of docs/rules/mate-vic-village.md §14 (E1-E13), played through the
Cython engine from positions posed as state JSON (so the notation's replay checks them too),
and checked against the reference engine where it adds something."""
import random

import pytest

from solver.errors import IllegalActionError
from solver.games.mate_vic_village import notation as N
from solver.games.mate_vic_village import rules as R
from solver.games.mate_vic_village._state import _next_starter
from solver.rng import Random
from tests.games.mate_vic_village.helpers import game, pose


def play(g, obj, moves):
    s = g.state_from_json(obj)
    r = g.notation.state_from_json(obj, g.options)
    for m in moves.split():
        assert s.parse_action(m) in s.legal_actions(), m
        s.apply_action(m)
        r.apply_action(N.parse_card(m))
    assert s.to_reference() == r
    return s


def last_trick(s, k=0):
    return s.to_json()["tricks"][k]


def test_E1_stay_example_three_players():
    """E1: STAY-7; S2's only blue card is B7, so S2 must play it; S2 wins with the later 7 and
    takes a face-down pile (-2); no 2nd place in STAY (A12); S1 is void in blue (§10.4)."""
    g = game(3)
    s = g.state_from_json(pose(g, [("STAY-7", 0, "B10 Y7")], hands={2: "B7"},
                               voids={1: "B", 2: "B"}))
    assert [s.action_to_str(a) for a in s.legal_actions()] == ["B7"]
    s.apply_action("B7")
    t = last_trick(s)
    assert (t["W"], t["winner"], t["rewards"]) == (7, 2, [])
    js = s.to_json()
    assert js["piles"][2] == {"face_down": 1, "face_up": [], "rewards": []}
    assert s.scores() == [0, 0, -2]
    assert js["voids"] == [[], ["B"], []]
    assert s.current_player() == 2 and js["tricks"][1]["leader"] == 2


@pytest.mark.parametrize("lead", ["B2", "B7"])
def test_E2_go_example_second_place_draws_a_reward(lead):
    """E2 (and A24): GO-7; S1 G7 and S2 R7 off-colour; S2 wins +7 with R7 on top, S1 is 2nd and
    draws the top reward card (a 3: +3); the pile shrinks by one. Same with B7 led."""
    g = game(3)
    s = play(g, pose(g, [("GO-7", 0, "")], hands={0: lead, 1: "G7", 2: "R7"},
                     voids={1: "B", 2: "B"}, rewards=["Y3"]), f"{lead} G7 R7")
    t = last_trick(s)
    assert (t["W"], t["winner"]) == (7, 2)
    assert t["rewards"] == [{"seat": 1, "card": "Y3"}]
    js = s.to_json()
    assert js["piles"][2]["face_up"] == ["R7"] and js["piles"][1]["rewards"] == ["Y3"]
    assert s.scores() == [0, 3, 7]
    assert len(js["reward_pile"]) == 7 and s.current_player() == 2


def test_E3_highest_number_later_card_wins_stay():
    """E3 (A19): STAY-4, no 4 played; the two 9s: S0's (index 2) beats S2's (index 0) although
    S0 has the lower seat number; -2 for S0, no reward; S0 leads."""
    g = game(4)
    s = play(g, pose(g, [("STAY-4", 2, "")], starter=2, hands={2: "G9", 3: "G2", 0: "R9", 1: "G6"},
                     voids={0: "G"}), "G9 G2 R9 G6")
    t = last_trick(s)
    assert (t["W"], t["winner"], t["rewards"]) == (9, 0, [])
    assert s.scores() == [-2, 0, 0, 0] and s.current_player() == 0


def test_E4_a_match_beats_bigger_numbers():
    """E4: GO-3; the one 3 (Y3) beats both 10s; +3 for S2, no 2nd place."""
    g = game(4)
    s = play(g, pose(g, [("GO-3", 1, "")], starter=1, hands={1: "Y10", 2: "Y3", 3: "Y8", 0: "B10"},
                     voids={0: "Y"}), "Y10 Y3 Y8 B10")
    t = last_trick(s)
    assert (t["W"], t["winner"], t["rewards"]) == (3, 2, [])
    assert s.scores() == [0, 0, 3, 0] and s.current_player() == 2


@pytest.mark.parametrize("variant", ["second_latest", "all_other_tied"])
def test_E5_three_cards_of_the_winning_number(variant):
    """E5 (A4): GO-9 with three 9s: S2 wins +9, S0 (second-to-last 9) draws; S3 gets nothing.
    Under all_other_tied S0 draws, then S3."""
    g = game(4, go_second_place=variant)
    s = play(g, pose(g, [("GO-9", 3, "")], starter=3, hands={3: "P9", 0: "R9", 1: "P4", 2: "B9"},
                     voids={0: "P", 2: "P"}, rewards=["Y2", "G5"]), "P9 R9 P4 B9")
    t = last_trick(s)
    assert (t["W"], t["winner"]) == (9, 2)
    if variant == "second_latest":
        assert t["rewards"] == [{"seat": 0, "card": "Y2"}]
        assert s.scores() == [2, 0, 9, 0]
    else:
        assert t["rewards"] == [{"seat": 0, "card": "Y2"}, {"seat": 3, "card": "G5"}]
        assert s.scores() == [2, 0, 9, 5]


@pytest.mark.parametrize("requires_match", [False, True])
def test_E6_tie_at_the_top_without_a_match(requires_match):
    """E6 (A5): GO-1, no 1 played, W = 8: S2 wins +8 (G8 on top), S1 is 2nd and draws; with
    go_second_requires_target_match=true there is no 2nd place."""
    g = game(3, go_second_requires_target_match=str(requires_match).lower())
    s = play(g, pose(g, [("GO-1", 0, "")], hands={0: "R6", 1: "R8", 2: "G8"}, voids={2: "R"},
                     rewards=["P4"]), "R6 R8 G8")
    t = last_trick(s)
    assert (t["W"], t["winner"]) == (8, 2)
    assert s.to_json()["piles"][2]["face_up"] == ["G8"]
    if requires_match:
        assert t["rewards"] == [] and s.scores() == [0, 0, 8]
    else:
        assert t["rewards"] == [{"seat": 1, "card": "P4"}] and s.scores() == [0, 4, 8]


def test_E7_a_card_that_did_not_follow_wins():
    """E7 (A18): STAY-2; S0's R2 did not follow blue but matches N: S0 wins, -2, leads next."""
    g = game(3)
    s = play(g, pose(g, [("STAY-2", 1, "")], starter=1, hands={1: "B6", 2: "B9", 0: "R2"},
                     voids={0: "B"}), "B6 B9 R2")
    t = last_trick(s)
    assert (t["W"], t["winner"]) == (2, 0)
    assert s.scores() == [-2, 0, 0] and s.current_player() == 0


def test_E8_the_leader_alone_matches():
    """E8: GO-5; S0's G5 is the only 5: S0 wins +5, no 2nd place, and leads again."""
    g = game(4)
    s = play(g, pose(g, [("GO-5", 0, "")], hands={0: "G5", 1: "G10", 2: "G7", 3: "G1"}),
             "G5 G10 G7 G1")
    t = last_trick(s)
    assert (t["W"], t["winner"], t["rewards"]) == (5, 0, [])
    assert s.scores() == [5, 0, 0, 0] and s.current_player() == 0


def _names(s):
    return sorted(s.action_to_str(a) for a in s.legal_actions())


def test_E9_legal_move_sets():
    """E9 (§6.3, §11): a leader may play any card; after the lead Y6 a follower whose yellow
    cards are Y2 and Y9 may play exactly those (R5, B10 are illegal and leave the state
    unchanged); a follower without yellow (R4, B8, G3, ...) may play any card and is then void
    in yellow; discard decisions have C(16,2) = 120 (3 players) and 12 (4 players) actions."""
    g = game(4)
    s = g.state_from_json(pose(g, [("STAY-3", 0, "")], hands={0: "R3 B9 Y1 Y6", 1: "Y2 Y9 R5 B10",
                                                              2: "R4 B8 G3"},
                               voids={1: "Y", 2: "Y"}))
    assert s.legal_actions() == sorted(N.parse_card(c) for c in s.to_json()["hands"][0])
    assert {"R3", "B9", "Y1"} <= set(_names(s))
    s.apply_action("Y6")
    assert _names(s) == ["Y2", "Y9"]
    before = s.to_json()
    for bad in ("R5", "B10"):
        with pytest.raises(IllegalActionError):
            s.apply_action(bad)
        assert s.to_json() == before
    s.apply_action("Y9")
    assert s.legal_actions() == sorted(N.parse_card(c) for c in s.to_json()["hands"][2])
    assert {"R4", "B8", "G3"} <= set(_names(s))
    s.apply_action("B8")
    assert s.to_json()["voids"][2] == ["Y"]
    assert len(game(3).new_initial_state(1).legal_actions()) == 120
    assert len(game(4).new_initial_state(1).legal_actions()) == 12


def test_E10_round_scores():
    """E10 / §7.1: 2 + 5 - 2 = 5 and 1 - 2 - 2 = -3 (3 players), and the 4-player round of
    three STAY tricks, GO-7 won with 7, GO-1 won with 10 and rewards Y4 + P1 = 16."""
    g = game(3)
    s = g.state_from_json(pose(g, [
        ("GO-9", 0, "R2 R1 B1"),        # no 9: W = 2, S0 +2
        ("GO-5", 0, "B5 B3 B4"),        # S0 +5
        ("STAY-3", 0, "Y10 Y4 Y5"),     # no 3: W = 10, S0 -2
        ("STAY-7", 0, "G1 G10 G2"),     # S1 -2
        ("STAY-8", 1, "P10 P1 P2"),     # S1 -2
        ("GO-1", 1, "Y1 Y6 Y7"),        # S1 +1
        ("STAY-9", 1, ""),
    ], removed=["STAY-2"], voids={2: "R"}))
    assert s.scores()[:2] == [5, -3]
    js = s.to_json()
    assert js["piles"][0] == {"face_down": 1, "face_up": ["R2", "B5"], "rewards": []}
    assert js["piles"][1] == {"face_down": 2, "face_up": ["Y1"], "rewards": []}
    g = game(4)
    s = g.state_from_json(pose(g, [
        ("STAY-3", 0, "R10 R2 R4 R5"),
        ("STAY-4", 0, "B10 B2 B3 B6"),
        ("STAY-6", 0, "Y10 Y2 Y3 Y8"),
        ("GO-7", 0, "G7 G2 G3 G4"),
        ("GO-1", 0, "P10 P2 P3 P4"),    # no 1: W = 10
        ("GO-9", 0, "R9 R6 R7 B9"),     # S3 wins, S0 2nd draws Y4
        ("GO-5", 3, "G5 Y5 G6 B5"),     # S2 wins, S0 2nd draws P1
        ("STAY-1", 2, ""),
    ], removed=["STAY-2", "STAY-5", "STAY-8", "STAY-9"], rewards=["Y4", "P1"],
        voids={0: "G", 2: "G", 3: "R"}))
    js = s.to_json()
    assert s.scores()[0] == 7 + 10 + 4 + 1 - 6 == 16
    assert js["piles"][0] == {"face_down": 3, "face_up": ["G7", "P10"], "rewards": ["Y4", "P1"]}
    assert js["voids"] == [["G"], [], ["G"], ["R"]]


def test_E11_next_round_starter():
    """E11 (§8, A15, A16) on both engines' starter rule: 3 players, totals 4/4/10 after round
    2, round-2 scores 6/1 -> S1 (one_before: round-1 scores -2/3 -> S0); 4 players after round
    1: 3/3/7/5, S0 started, tie on total and round score -> clockwise after S0: S1."""
    past3 = [[-2, 3, 5], [6, 1, 5]]
    assert _next_starter(game(3), past3, 0) == 1
    assert _next_starter(game(3, tiebreak_round="one_before"), past3, 0) == 0
    assert _next_starter(game(4), [[3, 3, 7, 5]], 0) == 1
    opts3 = game(3).options
    assert R.next_starter([4, 4, 10], past3, 0, opts3, Random(0)) == 1
    assert R.next_starter([4, 4, 10], past3, 0, game(3, tiebreak_round="one_before").options,
                          Random(0)) == 0
    assert R.next_starter([3, 3, 7, 5], [[3, 3, 7, 5]], 0, game(4).options, Random(0)) == 1


def test_E12_last_instruction_known_by_elimination():
    """E12 (§10.1): removed STAY-2/5/8/9; once ten tricks have revealed everything but GO-5
    (checked at the last card of trick 10, before trick 11 is turned up), every seat's view
    names GO-5 as the only unrevealed card and every sampled world has it on top."""
    g = game(4)
    deck = ["STAY-1", "STAY-3", "STAY-4", "STAY-6", "STAY-7", "STAY-10", "GO-1", "GO-3", "GO-7",
            "GO-9", "GO-5"]
    s = g.state_from_json(pose(g, [(deck[0], 0, "")], deck=deck[1:],
                               removed=["STAY-2", "STAY-5", "STAY-8", "STAY-9"]))
    rnd = random.Random(3)
    while not (s.to_reference().trick == 9 and s.to_reference().ncards == 3):
        s.apply_action(rnd.choice(s.legal_actions()))
    p = s.current_player()
    for q in range(4):
        assert s.view(q).to_json()["unrevealed_instructions"] == ["GO-5"]
    for k in range(5):
        w = s.view(p).determinize(k)
        assert w.to_json()["instruction_deck"] == ["GO-5"]
    s.apply_action(s.legal_actions()[0])
    assert s.to_json()["tricks"][-1]["instruction"] == "GO-5"


@pytest.mark.parametrize("n,dealt,pile,tricks", [(3, 16, 8, 14), (4, 12, 6, 11)])
def test_E13_setup_arithmetic(n, dealt, pile, tricks):
    """E13 / §3: deal sizes, 2 undealt cards, reward pile size, instruction deck size."""
    g = game(n)
    s = g.new_initial_state(7)
    js = s.to_json()
    assert [len(h) for h in js["hands"]] == [dealt] * n and len(js["undealt"]) == 2
    assert len(js["instruction_deck"]) == tricks == dealt - R.SETUP[n]["discards"]
    assert n * dealt + 2 == 50 and tricks * n + pile == 50
    while s.to_reference().phase == R.DISCARD:
        s.apply_action(s.legal_actions()[0])
    js = s.to_json()
    assert len(js["reward_pile"]) == pile and [len(h) for h in js["hands"]] == [tricks] * n
    assert js["tricks"] == [{"instruction": js["tricks"][0]["instruction"], "leader": 0,
                             "cards": []}]
