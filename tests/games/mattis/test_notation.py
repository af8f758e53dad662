"""Action ids and text (rules §3), position JSON validation, illegal moves (clear errors, no
state change), and the text renderings."""
import json

import pytest

from solver.errors import IllegalActionError, InvalidActionError, InvalidStateError
from solver.games.mattis import notation as N
from solver.games.mattis import rules as R
from tests.games.mattis.helpers import Twin, game, phase1_json, phase2_json


def test_card_ids_follow_section_3():
    """§3: id = 13*suit + rank index, C D H S, 2 .. A."""
    assert [N.parse_card(t) for t in ("2C", "AC", "2D", "TD", "AS")] == [0, 12, 13, 21, 51]
    assert N.parse_card("10d") == N.parse_card("TD") and N.card_name(21) == "TD"


def test_every_action_id_round_trips_through_its_text():
    texts = [N.action_to_str(a) for a in range(R.NUM_ACTIONS)]
    assert len(set(texts)) == R.NUM_ACTIONS
    assert all(N.parse_action(t) == a for a, t in enumerate(texts))
    assert texts[R.BLIND] == "BLIND" and texts[R.PICKUP] == "PICKUP"
    assert N.parse_action("pickup") == R.PICKUP and N.parse_action(" blind ") == R.BLIND


def test_run_ids_follow_the_formula():
    """§3: run id 52 + 78*s + 12*l - l*(l-1)/2 + (h-l-1) covers 52..363 once each."""
    ids = sorted(R.run_id(s, lo, hi) for s in range(4) for lo in range(13)
                 for hi in range(lo + 1, 13))
    assert ids == list(range(52, 364))
    assert N.parse_action("2C-3C") == 52 and N.parse_action("KS-AS") == 363
    assert N.parse_action("TC-JC-QC") == 52 + 12 * 8 - 8 * 7 // 2 + 1
    assert R.lay_cards(N.parse_action("5D-6D")) == (1 << 16) | (1 << 17)


@pytest.mark.parametrize("text", ["ZZ", "1C", "TC-QC", "QC-JC", "AC-2C", "KD-AC", "TC-TD", "",
                                  "B99"])
def test_bad_action_text_is_rejected(text):
    """Ace high only (§8: A-2-3 is no run); runs list consecutive cards of one suit."""
    with pytest.raises(InvalidActionError):
        N.parse_action(text)


def test_largest_legal_set_fits_max_legal():
    """§3: a leader holding all 52 cards with sequences on has 52 + 312 legal lays <= 512."""
    g = game(players=3, sequences=True)
    every = [N.card_name(c) for c in range(52)]
    s = g.state_from_json({"players": 3, "phase": "phase2", "trumps": "S",
                           "hands": [every, [], []], "to_act": 0, "leading": True})
    acts = s.legal_actions()
    assert len(acts) == 364 == len(set(acts)) and acts == sorted(acts)


# -- illegal moves: clear error, state unchanged ------------------------------------------------

def _rejects(state, action, *fragments):
    before = state.to_json()
    with pytest.raises(IllegalActionError) as e:
        state.apply_action(action)
    assert state.to_json() == before
    for f in fragments:
        assert f in str(e.value)


def test_blind_with_a_one_card_stock_is_illegal():
    """E4, A-1/A-2: BLIND needs at least two stock cards; the last card can never be blind."""
    g = game(players=3)
    s = g.state_from_json(phase1_json(3, ["8C 2D JH", "4C 6S 9D", "TD 3H KC"], stock="5H QS",
                                      leader=0, last_winner=0))
    s.apply_action("8C")
    s.apply_action("BLIND")
    _rejects(s, "BLIND", "BLIND is not legal for seat 2", "legal: KC TD 3H")
    with pytest.raises(IllegalActionError):
        s.to_reference().apply_action(R.BLIND)


def test_a_card_that_does_not_beat_the_top_is_illegal():
    """A-12: 8H beats the lead 5H but not the top card 3S (trumps); off-suit never beats."""
    g = game(players=3)
    s = g.state_from_json(phase2_json(["5H 9H 2C", "7H KD 3S", "8H 4D QC"], "S", to_act=0))
    s.apply_action("5H")
    s.apply_action("3S")
    _rejects(s, "8H", "8H is not legal for seat 2", "legal: PICKUP")
    _rejects(s, "QC", "QC is not legal")
    _rejects(s, "9H", "not legal")                 # not even in this player's hand


def test_an_empty_handed_player_cannot_play_a_card():
    """A-18: a Blue Mattis can only pick up; a leader cannot pick up; a position whose leader
    holds no card is refused (§7.6: the leader always holds a card)."""
    g = game(players=4)
    s = g.state_from_json(phase2_json(["4S 9S KC", "2S AD 6D", "TS 3C 5D", ""], "H", to_act=2))
    _rejects(s, "PICKUP", "PICKUP is not legal for seat 2")      # leading
    s.apply_action("3C")
    assert s.current_player() == 3 and s.legal_actions() == [R.PICKUP]
    _rejects(s, "3C", "3C is not legal for seat 3", "legal: PICKUP")
    _rejects(s, "AH", "not legal for seat 3")
    with pytest.raises(InvalidStateError, match="holds no card"):
        g.state_from_json(phase2_json(["4S", "2S", "TS", ""], "H", to_act=3))


def test_nothing_is_legal_after_the_end():
    s = Twin(game(players=3), phase2_json(["5H", "7H", "8H KD"], "S", to_act=0)).play("5H 7H").s
    assert s.is_terminal() and s.loser() == 2 and s.legal_actions() == []
    _rejects(s, "8H", "the game is over")


# -- position validation ------------------------------------------------------------------------

def _good_phase1():
    return phase1_json(3, ["8C 2D JH", "4C 6S 9D", "TD 3H KC"], stock="5H QS", leader=0,
                       last_winner=0)


@pytest.mark.parametrize("change, fragment", [
    (lambda o: o["hands"][0].append("5H"), "5H is both in hands.0. and in the stock"),
    (lambda o: o["hands"][0].pop(), "missing: JH"),
    (lambda o: o["hands"][0].append("XX"), "unknown card"),
    (lambda o: o.update(players=4), "set up for 3"),
    (lambda o: o.update(phase="phase3"), "phase"),
    (lambda o: o.update(trump_card="QS"), "last stock card"),
    (lambda o: o.update(leader=1), "leads the next one"),
    (lambda o: o.update(last_trick_winner=None), "last_trick_winner must be given"),
    (lambda o: o.update(bogus=1), "unknown field"),
    (lambda o: o.update(reserved=1), "trump_card=reserved"),
    (lambda o: (o["hands"][1].remove("4C"),
                o.update(trick=[{"player": 1, "card": "4C", "round": 1, "blind": False}])),
     "seat 0 was due to play but did not"),
    (lambda o: (o["hands"][0].remove("8C"), o["hands"][0].remove("2D"),
                o.update(trick=[{"player": 0, "card": "8C", "round": 1, "blind": False},
                                {"player": 0, "card": "2D", "round": 1, "blind": False}])),
     "out of turn"),
    (lambda o: (o["hands"][0].remove("8C"),
                o.update(trick=[{"player": 0, "card": "8C", "round": 2, "blind": False}])),
     "rounds must run"),
    (lambda o: (o["hands"][0].remove("8C"), o["hands"][0].remove("2D"), o["hands"][1].remove("4C"),
                o["hands"][2].remove("TD"),
                o.update(trick=[{"player": 0, "card": "8C", "round": 1, "blind": False},
                                {"player": 1, "card": "4C", "round": 1, "blind": False},
                                {"player": 2, "card": "TD", "round": 1, "blind": False},
                                {"player": 0, "card": "2D", "round": 2, "blind": False}])),
     "single winner"),
    (lambda o: (o["hands"][0].remove("8C"), o["won"][0].append("8C")), "must hold 3"),
])
def test_bad_phase1_positions_are_rejected(change, fragment):
    g = game(players=3)
    obj = _good_phase1()
    g.state_from_json(obj)
    change(obj)
    with pytest.raises(InvalidStateError, match=fragment):
        g.state_from_json(json.loads(json.dumps(obj)))


def test_empty_stock_needs_the_trump_card():
    g = game(players=3)
    obj = phase1_json(3, ["8C", "4C", "TD"], leader=0, last_winner=0)
    with pytest.raises(InvalidStateError, match="trump card"):
        g.state_from_json(obj)
    obj["trump_card"] = "2C"
    g.state_from_json(obj)
    with pytest.raises(InvalidStateError, match="reserved"):
        game(players=3, trump_card="reserved").state_from_json(obj)


@pytest.mark.parametrize("kwargs, fragment", [
    (dict(lays=["9H", "5H"], trick_size=3), "does not beat"),
    (dict(lays=["9H"], trick_size=1), "trick_size"),
    (dict(lays=["9H", "TH"], trick_size=3, played=3), "already be complete"),
    (dict(lays=["9H", "TH"], trick_size=3, played=1), "counts every lay"),
    (dict(lays=["5H-6H"], trick_size=3), "sequences"),
    (dict(out=[0]), "out but holds cards"),
    (dict(lays=["9H"], leading=True), "empty trick"),
])
def test_bad_phase2_positions_are_rejected(kwargs, fragment):
    g = game(players=3)
    with pytest.raises(InvalidStateError, match=fragment):
        g.state_from_json(phase2_json(["2C 3D", "4C", "5C"], "S", to_act=1, **kwargs))


def test_phase2_set_aside_defaults_to_the_missing_cards_and_is_checked():
    g = game(players=3)
    obj = phase2_json(["2C 3D", "4C", "5C"], "S", to_act=0)
    s = g.state_from_json(obj)
    assert len(s.to_json()["set_aside"]) == 48
    obj["set_aside"] = ["2C"]
    with pytest.raises(InvalidStateError, match="also in a hand"):
        g.state_from_json(obj)


def test_over_positions_are_checked():
    g = game(players=3)
    s = Twin(g, phase2_json(["5H", "7H", "8H KD"], "S", to_act=0)).play("5H 7H").s
    obj = s.to_json()
    assert g.state_from_json(obj) == s
    obj["loser"] = 0
    with pytest.raises(InvalidStateError, match="last player in"):
        g.state_from_json(obj)
    obj.update(loser=None, termination="move_cap")
    with pytest.raises(InvalidStateError, match="move_cap"):
        g.state_from_json(obj)


def test_render_and_summary_show_the_position():
    g = game(players=4)
    s = g.state_from_json(phase1_json(4, ["7C KD 2H", "9S 4D JC", "QH 3S 5C", "8D 6H TS"],
                                      stock="AH 2S 9D 4C", leader=0, extra_stock=36))
    assert "seat 0 to play" in s.summary() and "stock 40" in s.summary()
    text = s.view(1).render()
    assert "seat 1 (you): ♠9 ♦4 ♣J" in text and "seat 0: 3 cards" in text
    s2 = g.state_from_json(phase2_json(["4S 9S KC", "2S AD 6D", "TS 3C 5D", ""], "H", to_act=1))
    s2.apply_action("6D")
    assert "trumps H" in s2.summary() and "top 6D" in s2.summary()
    assert "(no cards)" in s2.render() and "N=4" in s2.render()
    assert repr(g) == "load_game('mattis')"
