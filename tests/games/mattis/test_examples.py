"""Every worked example of docs/rules/mattis.md §14 (E1-E15), on the Cython engine and the
reference engine in lockstep (helpers.Twin checks they agree after every action)."""
import pytest

from solver.errors import IllegalActionError
from solver.games.mattis import rules as R
from tests.games.mattis.helpers import Twin, card, game, mask, phase1_json, phase2_json


def test_E1_trick_without_tie_and_drawing_order():
    """E1 (§5.2, A-4): the queen wins; refill starts with the winner, clockwise."""
    t = Twin(game(players=4), phase1_json(
        4, ["7C KD 2H", "9S 4D JC", "QH 3S 5C", "8D 6H TS"], stock="AH 2S 9D 4C",
        leader=0, extra_stock=36))
    assert t.player == 0 and t.legal() == {"7C", "KD", "2H", "BLIND"}
    t.play("7C JC QH 8D")
    r = t.r
    assert r.won[2] == mask("7C JC QH 8D") and r.last_winner == 2
    assert r.hands == [mask("KD 2H 9D"), mask("9S 4D 4C"), mask("3S 5C AH"), mask("6H TS 2S")]
    assert len(r.stock) == 36 and t.player == 2 and r.leader == 2 and r.trick == []


def test_E2_two_way_tie():
    """E2 (§5.2, A-3, A-5): tied kings play again, P0 first; no drawing between rounds; the
    winner takes all five cards; P2 takes no part in the tie-break."""
    t = Twin(game(players=3), phase1_json(
        3, ["KC 4D 9H", "KH 2S 7C", "5D JS 3H"], stock="QC 8S 6D TH 5S", extra_stock=100))
    t.play("KC KH JS")
    assert t.r.round == 2 and t.r.contenders == [0, 1] and t.player == 0
    assert [R.count(h) for h in t.r.hands] == [2, 2, 2]          # nobody drew
    stock_before = list(t.r.stock)
    t.play("4D")
    assert t.player == 1 and t.r.stock == stock_before
    t.play("7C")
    r = t.r
    assert r.won[1] == mask("KC KH JS 4D 7C")
    assert r.hands == [mask("9H TH 5S"), mask("2S QC 8S"), mask("5D 3H 6D")]
    assert t.player == 1 and r.round == 1


def test_E3_three_way_tie_narrowing_to_two():
    """E3 (§5.2, A-5): nines tie three ways, jacks two ways, the eight wins all ten cards;
    refill from P1: 3, 1, 2, 1, 3 cards."""
    t = Twin(game(players=5), phase1_json(
        5, ["9C JD 3C", "9D JH 8H", "4S 6C 7S", "9H 5S AD", "2C TC KS"],
        stock="2D 3D 4D 5D 6D 7D 8D TD QD KD", leader=0, last_winner=0, extra_stock=17))
    t.play("9C 9D 4S 9H 2C")
    assert t.r.contenders == [0, 1, 3] and t.r.round == 2
    t.play("JD JH 5S")
    assert t.r.contenders == [0, 1] and t.r.round == 3
    t.play("3C 8H")
    r = t.r
    assert r.won[1] == mask("9C 9D 4S 9H 2C JD JH 5S 3C 8H")
    assert r.hands == [mask("TD QD KD"), mask("2D 3D 4D"), mask("6C 7S 5D"), mask("AD 6D 7D"),
                       mask("TC KS 8D")]
    assert len(r.stock) == 17 and t.player == 1


@pytest.mark.parametrize("trump_card", ["playable", "reserved"])
def test_E4_blind_play_one_card_stock_and_last_card(trump_card):
    """E4 (§5.3, §5.4, A-1, A-2, A-7): BLIND with two stock cards; no BLIND with one; the last
    card is shown and fixes trumps; playable in hand, or (reserved) face up in front."""
    t = Twin(game(players=3, trump_card=trump_card), phase1_json(
        3, ["8C 2D JH", "4C 6S 9D", "TD 3H KC"], stock="5H QS", leader=0, last_winner=0))
    t.play("8C")
    assert t.legal() == {"4C", "6S", "9D", "BLIND"}
    t.play("BLIND")
    assert t.r.trick[-1] == (1, card("5H"), 1, True)          # turned by P1
    assert t.r.stock == [card("QS")]
    assert t.legal() == {"TD", "3H", "KC"}
    t.play("TD")
    r = t.r
    assert r.won[2] & mask("8C 5H TD") == mask("8C 5H TD")
    assert r.trumps == 3 and r.trump_card == card("QS") and r.stock == []
    assert r.hands[0] == mask("2D JH") and r.hands[1] == mask("4C 6S 9D")
    assert t.player == 2
    if trump_card == "playable":
        assert r.hands[2] == mask("3H KC QS") and r.reserved_by == -1
        assert t.legal() == {"3H", "KC", "QS"}
    else:
        assert r.hands[2] == mask("3H KC") and r.reserved_by == 2
        assert t.legal() == {"3H", "KC"}
        assert t.json()["reserved"] == 2 and t.json()["trump_card"] == "QS"


def test_E5_end_of_phase1_inside_a_trick():
    """E5 (§5.6, A-8, A-9, A-18): P2 is due with no card and the stock is empty: phase 1 ends,
    the trick goes back, phase-2 hands are won piles plus hands; P2 (nothing won) is a Blue
    Mattis; P0 (last trick's winner) leads phase 2."""
    w1 = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D"
    obj = phase1_json(3, ["AC 3D", "KS", ""], leader=0, last_winner=0, won={1: w1},
                      trump_card="2C")
    t = Twin(game(players=3), obj)
    w0 = t.r.won[0]
    t.play("AC")
    assert t.r.phase == R.PHASE1 and t.player == 1
    t.play("KS")
    r = t.r
    assert r.phase == R.PHASE2 and r.trumps == 0
    assert r.hands[0] == w0 | mask("AC 3D")
    assert r.hands[1] == mask(w1) | mask("KS")
    assert r.hands[2] == 0 and not r.out[2]                    # Blue Mattis, still in
    assert t.player == 0 and r.leading


def test_E6_end_of_phase1_at_a_lead():
    """E6 (§5.6, A-8): the trick winner P2 is due to lead with no card and the stock is empty:
    loading the position ends phase 1 (nothing on the table to return); P2 leads phase 2."""
    obj = phase1_json(4, ["5H", "", "", "KD 2C"], leader=2, last_winner=2, trump_card="AD")
    t = Twin(game(players=4), obj)
    r = t.r
    assert r.phase == R.PHASE2
    rest = R.ALL_CARDS & ~mask("5H KD 2C")
    assert r.hands == [mask("5H"), 0, rest, mask("KD 2C")]
    assert t.player == 2 and r.leading and r.trumps == 1


E7_HAND = "7H JH 2S KD AC"


@pytest.mark.parametrize("lays, expected", [
    (["9H"], {"JH", "2S", "PICKUP"}),                        # (a)
    (["5S"], {"PICKUP"}),                                    # (b) a trump: only higher trumps
    (["5H", "9H"], {"JH", "2S", "PICKUP"}),                  # (c) beat the top, not the lead
])
def test_E7_beating_and_legal_sets(lays, expected):
    """E7 (§7.2, A-12, A-14): beat the top card with a higher card of its suit or any trump (a
    trump only by a higher trump); PICKUP is always legal for a follower."""
    t = Twin(game(players=3), phase2_json(["4C", E7_HAND, "3D"], "S", to_act=1, lays=lays,
                                          trick_size=3))
    assert t.legal() == expected
    if lays == ["5H", "9H"]:
        before = t.json()
        with pytest.raises(IllegalActionError, match="not legal"):
            t.s.apply_action("7H")                           # beats the lead, not the top
        assert t.json() == before


def test_E7d_leading_any_card():
    """E7 (d) (§7.3): a leader may lead any card; a leader may not pick up."""
    t = Twin(game(players=3), phase2_json(["4C", E7_HAND, "3D"], "S", to_act=1))
    assert t.legal() == {"7H", "JH", "2S", "KD", "AC"}


def test_E8_complete_endgame_with_pickups():
    """E8 (§7.3-§7.7, A-13, A-15, A-16, A-17, A-19): the whole end-game, legal sets checked at
    every step; P2 loses holding 8H 4D QC 2C."""
    t = Twin(game(players=3), phase2_json(["5H 9H 2C", "7H KD 3S", "8H 4D QC"], "S", to_act=0))
    t.play("5H")                                                      # 1
    assert t.r.trick_size == 3 and t.r.played == 1
    assert t.legal() == {"7H", "3S", "PICKUP"}
    t.play("7H")                                                      # 2
    assert t.legal() == {"8H", "PICKUP"}
    t.play("PICKUP")                                                  # 3: takes 5H
    assert t.r.lays == [card("7H")] and t.r.played == 2
    assert t.r.hands[2] == mask("8H 4D QC 5H")
    assert t.player == 0 and t.legal() == {"9H", "PICKUP"}
    t.play("9H")                                                      # 4: played 3 = N
    assert t.r.aside & mask("7H 9H") == mask("7H 9H") and not t.r.aside & mask("5H")
    assert t.player == 0 and t.r.leading
    t.play("2C")                                                      # 5: P0 out
    assert t.r.out[0] and t.r.trick_size == 3
    assert t.legal() == {"3S", "PICKUP"}
    t.play("3S")                                                      # 6
    assert t.legal() == {"PICKUP"}
    t.play("PICKUP")                                                  # 7: takes 2C
    assert t.player == 1 and t.legal() == {"PICKUP"}                  # 8: faces his own 3S
    t.play("PICKUP")
    assert t.player == 2 and t.r.leading and t.r.lays == []
    assert t.legal() == {"8H", "4D", "QC", "5H", "2C"}
    t.play("5H")                                                      # 9
    assert t.r.trick_size == 2
    t.play("3S")                                                      # 10: complete
    assert t.player == 1 and t.r.leading and t.r.aside & mask("5H 3S") == mask("5H 3S")
    t.play("KD")                                                      # 11
    assert t.s.is_terminal() and t.r.loser == 2
    assert t.r.hands[2] == mask("8H 4D QC 2C")
    assert t.s.returns() == [1.0, 1.0, 0.0] and t.s.ranks() == [0, 0, 2]
    assert t.s.termination() == "normal" and t.s.loser() == 2


def test_E8_present_counting_remark():
    """E8 step 4 with trick_count=present (A-15): two cards lie in the trick, 2 < 3: not
    complete, and P1 acts next with {3S, PICKUP}."""
    t = Twin(game(players=3, trick_count="present"),
             phase2_json(["5H 9H 2C", "7H KD 3S", "8H 4D QC"], "S", to_act=0))
    t.play("5H 7H PICKUP 9H")
    assert not t.r.leading and t.player == 1 and t.legal() == {"3S", "PICKUP"}
    assert [t.s.action_to_str(x) for x in t.r.lays] == ["7H", "9H"]


def test_E9_blue_mattis():
    """E9 (§7.6, §7.8, A-17, A-18): the Blue Mattis counts in N, is skipped as leader while empty,
    and on its first turn can only pick up."""
    t = Twin(game(players=4), phase2_json(["4S 9S KC", "2S AD 6D", "TS 3C 5D", ""], "H",
                                          to_act=1))
    t.play("6D")
    assert t.r.trick_size == 4
    assert t.legal() == {"PICKUP"}
    t.play("PICKUP")
    assert t.player == 0 and t.r.leading                    # P3 skipped
    t.play("KC")
    assert t.legal() == {"PICKUP"}
    t.play("PICKUP")
    assert t.player == 2 and t.r.leading
    t.play("3C")
    assert t.player == 3 and t.legal() == {"PICKUP"}
    t.play("PICKUP")
    assert t.r.hands[3] == mask("3C") and t.player == 0 and t.r.leading


def test_E10a_going_out_during_a_trick():
    """E10 (a) (§7.5, §7.7, A-15): P1 goes out; N stays 4; P3 completes the trick, sets the
    four cards aside and leads; the next trick has N = 3 (either counting)."""
    for count in ("played", "present"):
        t = Twin(game(players=4, trick_count=count),
                 phase2_json(["5D 7S", "8D", "QD 4H", "2C 3H"], "C", to_act=0))
        t.play("5D 8D")
        assert t.r.out[1] and t.r.trick_size == 4
        t.play("QD")
        assert t.legal() == {"2C", "PICKUP"}
        t.play("2C")
        assert t.player == 3 and t.r.leading and t.r.aside == mask("5D 8D QD 2C") | (
            R.ALL_CARDS & ~mask("5D 7S 8D QD 4H 2C 3H"))
        t.play("3H")
        assert t.r.trick_size == 3


def test_E10b_winner_goes_out():
    """E10 (b) (A-16): P3 goes out with the completing card; the lead passes to P0."""
    t = Twin(game(players=4), phase2_json(["5D 7S", "8D 9H", "QD 4H", "2C"], "C", to_act=0))
    t.play("5D 8D QD 2C")
    assert t.r.out == [False, False, False, True]
    assert t.player == 0 and t.r.leading


def test_E11_sequences_variant():
    """E11 (§8, A-20): runs, sub-runs, a trump run beating a plain run, each lay one play."""
    t = Twin(game(players=4, sequences=True),
             phase2_json(["9C 4S", "TC JC QC 3H", "KC 5D 6D", "7D AC"], "D", to_act=0))
    t.play("9C")
    assert t.r.trick_size == 4
    assert t.legal() == {"TC", "JC", "QC", "TC-JC", "JC-QC", "TC-JC-QC", "PICKUP"}
    t.play("TC-JC-QC")
    assert t.legal() == {"KC", "5D", "6D", "5D-6D", "PICKUP"}
    t.play("5D-6D")
    assert t.legal() == {"7D", "PICKUP"}
    t.play("7D")
    assert t.r.played == 0 and t.player == 3 and t.r.leading
    assert t.r.aside & mask("9C TC JC QC 5D 6D 7D") == mask("9C TC JC QC 5D 6D 7D")
    assert t.r.hands[3] == mask("AC")


E12_CYCLE = "QH PICKUP 7H PICKUP QH PICKUP 7H PICKUP QH PICKUP 7H PICKUP"


def test_E12_cycle_returns_to_start():
    """E12 (§10, A-23): twelve actions, every pick-up forced, and the position repeats."""
    obj = phase2_json(["TC QH", "6C 5D", "9C 7H"], "S", to_act=0)
    t = Twin(game(players=3), obj)
    start = t.r.clone()
    for a in E12_CYCLE.split():
        if a == "PICKUP":
            assert t.legal() == {"PICKUP"}                  # forced
        t.play(a)
    assert t.r.hands == start.hands and t.player == 0 and t.r.leading
    assert t.r.p2_actions == 12


@pytest.mark.parametrize("cap_result, loser", [("draw", None), ("most_cards", 1)])
def test_E12_cycle_ends_at_the_cap(cap_result, loser):
    """E12 + §10 (ENGINE OPTION): with the default cap the cycle ends after exactly 10 000
    phase-2 actions; the default result is a draw (everyone (n-1)/n); with most_cards the
    player in with most cards at that moment (P1 holds 3, P0 2, P2 1) loses."""
    g = game(players=3, cap_result=cap_result)
    obj = phase2_json(["TC QH", "6C 5D", "9C 7H"], "S", to_act=0)
    s, r = g.state_from_json(obj), g.notation.state_from_json(obj, g.options)
    cycle = [s.parse_action(a) for a in E12_CYCLE.split()]
    k = 0
    while not s.is_terminal():
        a = cycle[k % 12]
        s.apply_action(a)
        r.apply_action(a)
        k += 1
    assert k == 10000 and r.is_terminal() and s.to_reference() == r
    assert s.termination() == "move_cap" and s.outcome().termination == "move_cap"
    assert s.loser() == loser
    if loser is None:
        assert s.returns() == pytest.approx([2 / 3] * 3) and s.ranks() == [0, 0, 0]
    else:
        assert s.returns() == [1.0, 0.0, 1.0] and s.ranks() == [0, 2, 0]
    assert r.returns() == pytest.approx(s.returns())


def _e13_position():
    return phase1_json(3, ["7C 9C JC", "9D JD 4S", "7H 9H JH"], stock="7D 2H", leader=0,
                       last_winner=0)


def test_E13_blind_card_returns_to_the_player_who_turned_it():
    """E13 (§5.3, §5.5 case 2, §5.6, A-6, A-9): four tie rounds; P0 draws the last card in an
    emergency and must play it; P2 is due with nothing: the trick goes back, the blind 7D to P1."""
    t = Twin(game(players=3), _e13_position())
    w0 = t.r.won[0]
    t.play("7C")
    assert t.legal() == {"9D", "JD", "4S", "BLIND"}
    t.play("BLIND")
    assert t.legal() == {"7H", "9H", "JH"}
    t.play("7H 9C 9D 9H JC JD JH")
    # round 4: P0 empty, one stock card: drawn automatically, shown, trumps hearts, forced.
    assert t.r.round == 4 and t.player == 0 and t.r.trumps == 2 and t.r.stock == []
    assert t.legal() == {"2H"}
    t.play("2H")
    assert t.legal() == {"4S"}
    t.play("4S")
    r = t.r
    assert r.phase == R.PHASE2 and r.trumps == 2
    assert r.hands[0] == w0 | mask("7C 9C JC 2H")
    assert r.hands[1] == mask("7D 9D JD 4S")
    assert r.hands[2] == mask("7H 9H JH")
    assert t.player == 0 and r.leading


def test_E13_reserved_trump_card():
    """E13 with trump_card=reserved: P0's emergency draw reserves 2H, which he cannot play, so
    phase 1 ends at once; P1 never plays 4S; the phase-2 hands are the same."""
    t = Twin(game(players=3, trump_card="reserved"), _e13_position())
    w0 = t.r.won[0]
    t.play("7C BLIND 7H 9C 9D 9H JC JD JH")
    r = t.r
    assert r.phase == R.PHASE2 and r.trumps == 2
    assert r.hands[0] == w0 | mask("7C 9C JC 2H")
    assert r.hands[1] == mask("7D 9D JD 4S")
    assert r.hands[2] == mask("7H 9H JH")
    assert t.player == 0


def _e14_position():
    return phase1_json(3, ["QC 9S KD", "5C 9H JD", "4S 7D 2H"], stock="TC AH", leader=0,
                       last_winner=0)


def test_E14_reserved_trump_card():
    """E14 (§5.4, §5.6, A-7, A-10): the reserved AH is never a phase-1 card; P1 holding only it
    counts as empty-handed, so phase 1 ends inside trick 3 and P0 leads phase 2."""
    t = Twin(game(players=3, trump_card="reserved"), _e14_position())
    w0 = t.r.won[0]
    t.play("QC 5C 4S")
    r = t.r
    assert r.won[0] == w0 | mask("QC 5C 4S")
    assert r.reserved_by == 1 and r.trump_card == card("AH") and r.trumps == 2
    assert r.hands == [mask("9S KD TC"), mask("9H JD"), mask("7D 2H")]
    t.play("9S")
    assert t.legal() == {"9H", "JD"}                        # not AH, no BLIND
    t.play("9H 7D KD")
    assert t.legal() == {"JD"}
    t.play("JD")
    assert t.r.won[0] == w0 | mask("QC 5C 4S 9S 9H 7D KD JD")
    assert t.r.hands == [mask("TC"), 0, mask("2H")]
    t.play("TC")
    r = t.r
    assert r.phase == R.PHASE2
    assert r.hands[0] == w0 | mask("QC 5C 4S 9S 9H 7D KD JD TC")
    assert r.hands[1] == mask("AH")
    assert r.hands[2] == mask("2H")
    assert t.player == 0 and r.trumps == 2


def test_E14_contrast_playable():
    """E14, default trump_card=playable: AH is in P1's hand and playable; in trick 3 P1 must
    play it, P1 wins {TC AH 2H} and, due to lead with nothing, ends phase 1; P2 is a Blue
    Mattis; P1 leads phase 2."""
    t = Twin(game(players=3), _e14_position())
    w0 = t.r.won[0]
    t.play("QC 5C 4S 9S")
    assert t.legal() == {"9H", "JD", "AH"}
    t.play("9H 7D KD")
    assert t.legal() == {"JD", "AH"}
    t.play("JD TC")
    assert t.legal() == {"AH"}
    t.play("AH 2H")
    r = t.r
    assert r.phase == R.PHASE2
    assert r.hands == [w0 | mask("QC 5C 4S 9S 9H 7D KD JD"), mask("TC AH 2H"), 0]
    assert t.player == 1 and r.leading


E15_HANDS = ["9H 7S 4D", "3S 2D", "QC 8D", "JH 5S 2C"]


def test_E15_pickup_bottom():
    """E15 (§7.4, A-13) default pickup=bottom: P2 takes 9H; P0 completes, sets {3S 5S 7S}
    aside and leads holding {4D}."""
    t = Twin(game(players=4), phase2_json(E15_HANDS, "S", to_act=0))
    t.play("9H")
    assert t.legal() == {"3S", "PICKUP"}
    t.play("3S")
    assert t.legal() == {"PICKUP"}
    t.play("PICKUP")
    assert t.r.hands[2] == mask("QC 8D 9H")
    assert t.legal() == {"5S", "PICKUP"}
    t.play("5S")
    assert t.legal() == {"7S", "PICKUP"}
    t.play("7S")
    assert t.player == 0 and t.r.leading and t.r.hands[0] == mask("4D")
    assert t.r.aside & mask("3S 5S 7S 9H") == mask("3S 5S 7S")


def test_E15_pickup_lowest_face_value():
    """E15 with pickup=lowest_face_value: P2 takes 3S, the top card; P3 then faces 9H."""
    t = Twin(game(players=4, pickup="lowest_face_value"), phase2_json(E15_HANDS, "S", to_act=0))
    t.play("9H 3S PICKUP")
    assert t.r.hands[2] == mask("QC 8D 3S")
    assert t.legal() == {"JH", "5S", "PICKUP"}
    t.play("5S")
    assert t.legal() == {"7S", "PICKUP"}
    t.play("7S")
    assert t.player == 0 and t.r.leading and t.r.hands[0] == mask("4D")
    assert t.r.aside & mask("9H 5S 7S 3S") == mask("9H 5S 7S")


@pytest.mark.parametrize("pickup", ["bottom", "lowest_face_value"])
def test_E15_tie_rule_plain_before_trump(pickup):
    """E15 tie rule: in [9H 9S] (spades trumps) both rules take the plain 9H."""
    t = Twin(game(players=3, pickup=pickup),
             phase2_json(["2C", "3C", "4C"], "S", to_act=2, lays=["9H", "9S"], trick_size=3))
    t.play("PICKUP")
    assert t.r.hands[2] == mask("4C 9H") and [t.s.action_to_str(x) for x in t.r.lays] == ["9S"]
