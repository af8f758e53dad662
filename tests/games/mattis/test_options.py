"""Every option of rules §9 (plus ``players`` and ``dealer``) changes what the rules say it
changes; bad values are rejected with InvalidOptionError."""
import pytest

from solver.errors import InvalidOptionError
from solver.games.mattis import rules as R
from solver.registry import load_game
from tests.games.mattis.helpers import Twin, card, game, mask, phase1_json, phase2_json


def test_defaults_are_the_rules_defaults():
    """§9: every option with its default."""
    assert game().options == {
        "players": 4, "dealer": "random", "sequences": False, "sequence_min_length": 2,
        "draw_timing": "after_trick", "tie_exhaustion": "end_phase", "trump_card": "playable",
        "trick_count": "played", "pickup": "bottom", "phase2_action_cap": 10000,
        "cap_result": "draw"}


@pytest.mark.parametrize("n", range(3, 9))
def test_players_deal_three_each_rest_is_stock(n):
    """§4 (A-22): 3 cards each, dealt one at a time from the dealer's left; 52 - 3n in the
    stock in pack order; the dealer's left leads. Checked against the seeded shuffle."""
    g = load_game(f"mattis(players={n})")
    for seed in range(5):
        deck, dealer = R.deal(g.options, seed)
        ref = g.new_reference_state(seed)
        assert g.new_initial_state(seed).to_reference() == ref
        for j in range(1, n + 1):
            p = (dealer + j) % n
            assert ref.hands[p] == sum(R.bit(deck[k * n + j - 1]) for k in range(3))
        assert ref.stock == deck[3 * n:] and len(ref.stock) == 52 - 3 * n
        assert ref.current_player() == (dealer + 1) % n and ref.leader == (dealer + 1) % n
    assert g.num_players == n and g.max_game_length == 52 + 10000


@pytest.mark.parametrize("bad", ["2", "9", "0", "four"])
def test_players_out_of_range_rejected(bad):
    with pytest.raises(InvalidOptionError, match="3 to 8 players"):
        load_game(f"mattis(players={bad})")


def test_dealer_option():
    """§4: the dealer is a parameter or an RNG draw; a fixed dealer's left leads."""
    for seed in range(4):
        assert game(players=5, dealer=2).new_initial_state(seed).current_player() == 3
    leaders = {game(players=5).new_initial_state(seed).current_player() for seed in range(40)}
    assert leaders == set(range(5))
    with pytest.raises(InvalidOptionError, match="not a seat"):
        load_game("mattis(players=4,dealer=4)")
    with pytest.raises(InvalidOptionError):
        load_game("mattis(dealer=left)")


def test_sequences_off_has_no_runs():
    """§8 default off: runs are never legal, a posed run in the trick is refused."""
    t = Twin(game(players=4), phase2_json(["9C 4S", "TC JC QC 3H", "KC 5D 6D", "7D AC"], "D",
                                          to_act=0))
    t.play("9C")
    assert t.legal() == {"TC", "JC", "QC", "PICKUP"}
    with pytest.raises(Exception, match="sequences"):
        game(players=3).state_from_json(phase2_json(["2C", "3C", "4C"], "S", to_act=1,
                                                   lays=["5H-6H"], trick_size=3))


def test_sequence_min_length_three():
    """§8 sequence_min_length=3: two-card runs are no lays; three-card runs are."""
    t = Twin(game(players=4, sequences=True, sequence_min_length=3),
             phase2_json(["9C 4S", "TC JC QC 3H", "KC 5D 6D", "7D AC"], "D", to_act=0))
    t.play("9C")
    assert t.legal() == {"TC", "JC", "QC", "TC-JC-QC", "PICKUP"}
    t.play("TC-JC-QC")
    assert t.legal() == {"KC", "5D", "6D", "PICKUP"}


def test_sequences_pickup_takes_the_whole_bottom_run():
    """§8 / A-20: a pick-up takes the whole bottom lay; the picked run still counts as a play."""
    t = Twin(game(players=4, sequences=True),
             phase2_json(["5H 6H 2C", "9H 3D", "4D 5D", "AC KC"], "S", to_act=0))
    t.play("5H-6H 9H PICKUP")
    assert t.r.hands[2] == mask("4D 5D 5H 6H") and t.r.played == 2
    assert [t.s.action_to_str(x) for x in t.r.lays] == ["9H"]


def test_draw_timing_immediate():
    """§9 draw_timing=immediate (A-3): a hand play draws at once, a blind play draws nothing,
    and there is no refill after the trick."""
    obj = phase1_json(3, ["8C 2D JH", "4C 6S 9D", "TD 3H KC"], stock="5H QS 7S AD",
                      leader=0, last_winner=0)
    t = Twin(game(players=3, draw_timing="immediate"), obj)
    t.play("8C")
    assert t.r.hands[0] == mask("2D JH 5H") and t.r.stock == [card("QS"), card("7S"), card("AD")]
    t.play("BLIND")                                           # turns QS, draws nothing
    assert t.r.hands[1] == mask("4C 6S 9D") and t.r.stock == [card("7S"), card("AD")]
    t.play("TD")                                              # P2 draws 7S; the queen wins
    r = t.r
    assert r.won[1] == mask("8C QS TD") and r.last_winner == 1 and t.player == 1
    assert r.hands == [mask("2D JH 5H"), mask("4C 6S 9D"), mask("3H KC 7S")]
    assert r.stock == [card("AD")] and r.trump_card == -1     # no refill after the trick
    # The default draws after the trick instead: the blind card is 5H, P2's ten wins, and the
    # refill goes P2 <- QS, P0 <- 7S.
    d = Twin(game(players=3), obj).play("8C BLIND TD")
    assert d.r.won[2] & mask("8C 5H TD") == mask("8C 5H TD")
    assert d.r.hands == [mask("2D JH 7S"), mask("4C 6S 9D"), mask("3H KC QS")]
    assert d.r.stock == [card("AD")]


def test_draw_timing_immediate_last_card_fixes_trumps():
    """draw_timing=immediate: the hand play that takes the last stock card shows it (§5.4)."""
    obj = phase1_json(3, ["8C 2D JH", "4C 6S 9D", "TD 3H KC"], stock="5H", leader=0,
                      last_winner=0)
    t = Twin(game(players=3, draw_timing="immediate"), obj)
    t.play("2D")
    assert t.r.trump_card == card("5H") and t.r.trumps == 2 and t.r.hands[0] == mask("8C JH 5H")


def _tie_position(hands):
    return phase1_json(3, hands, leader=0, last_winner=0, trump_card="AD")


def test_tie_exhaustion_survivor_wins():
    """§5.5 case 3 option survivor_wins (A-6): in a tie-break the empty-handed tied player drops
    out and the survivor who played takes the trick (then, due to lead with nothing, P0 ends
    phase 1). By default P1's turn ends phase 1 and the trick goes back."""
    hands = ["7C 9C", "7D", "5H 2S"]
    t = Twin(game(players=3, tie_exhaustion="survivor_wins"), _tie_position(hands))
    w0 = t.r.won[0]
    t.play("7C 7D 5H")
    assert t.r.round == 2 and t.player == 0
    t.play("9C")
    r = t.r
    assert r.phase == R.PHASE2 and t.player == 0
    assert r.hands == [w0 | mask("7C 7D 5H 9C"), 0, mask("2S")]
    d = Twin(game(players=3), _tie_position(hands)).play("7C 7D 5H 9C")
    assert d.r.phase == R.PHASE2
    assert d.r.hands == [w0 | mask("7C 9C"), mask("7D"), mask("5H 2S")]


def test_tie_exhaustion_survivor_wins_first_tied_player_empty():
    """survivor_wins: the first tied player drops out, the second plays and wins."""
    t = Twin(game(players=3, tie_exhaustion="survivor_wins"),
             _tie_position(["7C", "7D 9D", "5H 2S"]))
    t.play("7C 7D 5H")
    assert t.player == 1 and t.r.round == 2 and t.r.pos == 1
    t.play("9D")
    assert t.r.phase == R.PHASE2 and t.player == 1         # P1 won, then leads with nothing
    assert t.r.hands[1] == mask("7C 7D 5H 9D")


def test_tie_exhaustion_survivor_wins_nobody_can_play():
    """survivor_wins: if no tied player can play, phase 1 ends as by default."""
    t = Twin(game(players=3, tie_exhaustion="survivor_wins"),
             _tie_position(["7C", "7D", "5H 2S"]))
    t.play("7C 7D 5H")
    assert t.r.phase == R.PHASE2
    assert t.r.hands[1] == mask("7D") and t.r.hands[2] == mask("5H 2S")


def test_trick_count_present_vs_played():
    """§7.5 / A-15: with played a pick-up still counts, with present it postpones completion."""
    hands = ["5H 9H 2C", "7H KD 3S", "8H 4D QC"]
    played = Twin(game(players=3), phase2_json(hands, "S", to_act=0)).play("5H 7H PICKUP 9H")
    present = Twin(game(players=3, trick_count="present"),
                   phase2_json(hands, "S", to_act=0)).play("5H 7H PICKUP 9H")
    assert played.r.leading and played.r.lays == []
    assert not present.r.leading and len(present.r.lays) == 2


def test_pickup_lowest_face_value_with_runs():
    """A-13 with sequences: a lay is represented by its lowest card; the whole lay is taken."""
    g = game(players=4, sequences=True, pickup="lowest_face_value")
    t = Twin(g, phase2_json(["2C", "3C", "4C", "5C"], "S", to_act=3,
                            lays=["9H", "TH-JH", "3S-4S"], trick_size=4))
    t.play("PICKUP")
    assert t.r.hands[3] == mask("5C 3S 4S")
    assert [t.s.action_to_str(x) for x in t.r.lays] == ["9H", "TH-JH"]


def test_phase2_action_cap_small_and_none():
    """§10 (ENGINE OPTION): the cap counts phase-2 actions; none disables it."""
    obj = phase2_json(["TC QH", "6C 5D", "9C 7H"], "S", to_act=0)
    cycle = "QH PICKUP 7H PICKUP QH PICKUP 7H PICKUP QH PICKUP 7H PICKUP".split()
    s = game(players=3, phase2_action_cap=5).state_from_json(obj)
    for a in cycle[:5]:
        assert not s.is_terminal()
        s.apply_action(a)
    assert s.is_terminal() and s.termination() == "move_cap"
    g = load_game("mattis(players=3,phase2_action_cap=none)")
    assert g.options["phase2_action_cap"] is None and load_game(g.spec()) == g
    s = g.state_from_json(obj)
    for k in range(12000):
        s.apply_action(cycle[k % 12])
    assert not s.is_terminal() and s.to_json()["phase2_actions"] == 12000
    for bad in ("0", "-3", "lots"):
        with pytest.raises(InvalidOptionError):
            load_game(f"mattis(phase2_action_cap={bad})")


def test_cap_result_most_cards_shared_maximum_is_a_draw():
    """§10 cap_result=most_cards: a shared maximum is a draw."""
    obj = phase2_json(["TC QH", "6C 5D", "9C 7H"], "S", to_act=0)
    s = game(players=3, cap_result="most_cards", phase2_action_cap=12).state_from_json(obj)
    for a in "QH PICKUP 7H PICKUP QH PICKUP 7H PICKUP QH PICKUP 7H PICKUP".split():
        s.apply_action(a)
    assert s.is_terminal() and s.loser() is None and s.termination() == "move_cap"
    assert s.ranks() == [0, 0, 0]


def test_unknown_option_rejected():
    with pytest.raises(InvalidOptionError, match="unknown option"):
        load_game("mattis(jokers=2)")
    with pytest.raises(InvalidOptionError):
        load_game("mattis(pickup=top)")
