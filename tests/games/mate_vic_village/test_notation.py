"""Notation (§2): card, instruction and action text; state JSON validation (every impossible
position is one InvalidStateError naming the problem); illegal actions rejected with the state
unchanged."""
import copy

import pytest

from solver.errors import IllegalActionError, InvalidActionError, InvalidStateError
from solver.games.mate_vic_village import notation as N
from solver.games.mate_vic_village import rules as R
from tests.games.mate_vic_village.helpers import game, pose


def test_card_and_instruction_encoding():
    """§2.1/§2.2 and A22: B7 = 16, R10 = 9, P1 = 40, G5 = 34; STAY n = n-1, GO n = 10+(n-1)/2."""
    assert [N.parse_card(t) for t in ("B7", "R10", "P1", "G5", "g5")] == [16, 9, 40, 34, 34]
    assert [N.card_name(c) for c in (16, 9, 40, 34)] == ["B7", "R10", "P1", "G5"]
    assert [N.parse_instr(t) for t in ("STAY-7", "GO-7", "GO-1", "GO-9", "STAY-10")] == \
        [6, 13, 10, 14, 9]
    assert [N.instr_name(i) for i in range(15)][9:11] == ["STAY-10", "GO-1"]
    for bad in ("GO-2", "STAY-11", "S7", "G7"):
        with pytest.raises(InvalidStateError):
            N.parse_instr(bad)


def test_every_action_round_trips():
    """§11: 50 card actions and 1,225 pair discards, each with its own text."""
    texts = {N.action_to_str(a) for a in range(R.NUM_ACTIONS)}
    assert len(texts) == R.NUM_ACTIONS
    for a in range(R.NUM_ACTIONS):
        assert N.parse_action(N.action_to_str(a)) == a
    assert N.parse_action("B7+R3") == N.parse_action("R3 B7") == R.pair_id(2, 16)
    for bad in ("X1", "R11", "R0", "R3+R3", "R1+R2+R3", "", "STAY-7"):
        with pytest.raises(InvalidActionError):
            N.parse_action(bad)
    with pytest.raises(InvalidActionError):
        N.action_to_str(R.NUM_ACTIONS)


def test_illegal_actions_are_rejected_and_change_nothing():
    """§6.3/§11: not following colour while able, playing out of turn and discarding the wrong
    number of cards raise IllegalActionError and leave the state as it was."""
    g3 = game(3)
    s = g3.new_initial_state(3)
    before = s.to_json()
    hand = s.to_reference().hands[0]
    one = R.cards_of(hand)[0]
    with pytest.raises(IllegalActionError):                # 3 players discard two cards
        s.apply_action(one)
    not_mine = R.cards_of(s.to_reference().hands[1])[:2]
    with pytest.raises(IllegalActionError):                # another seat's cards
        s.apply_action(R.pair_id(*not_mine))
    assert s.to_json() == before
    g4 = game(4)
    s = g4.new_initial_state(3)
    before = s.to_json()
    a, b = R.cards_of(s.to_reference().hands[0])[:2]
    with pytest.raises(IllegalActionError):                # 4 players discard one card
        s.apply_action(f"{N.card_name(a)}+{N.card_name(b)}")
    assert s.to_json() == before
    s = g4.state_from_json(pose(g4, [("STAY-3", 0, "Y6")], hands={1: "Y2 R5", 2: "R4"},
                                voids={2: "Y"}))
    before = s.to_json()
    for bad in ("R5", "R4"):                               # not following / out of turn
        with pytest.raises(IllegalActionError):
            s.apply_action(bad)
        assert s.to_json() == before


def _base():
    g = game(4)
    obj = pose(g, [("GO-7", 0, "R7 R2 B7 R1"), ("STAY-1", 2, "Y3")], voids={2: "R"},
               rewards=["Y5"])
    g.state_from_json(obj)
    return g, obj


def _bad(mutate, match):
    g, obj = _base()
    obj = copy.deepcopy(obj)
    mutate(obj)
    with pytest.raises(InvalidStateError, match=match):
        g.state_from_json(obj)


def _no_trick_in_progress(o):
    o["tricks"].pop()
    o["hands"][2].append("Y3")
    o["instruction_deck"].insert(0, "STAY-1")


def _undrawn_reward(o):
    o["tricks"][0].update(rewards=[])
    o["reward_pile"].insert(0, "Y5")


def _wrong_leader(o):
    o["tricks"][1].update(leader=1, cards=[])
    o["hands"][2].append("Y3")


def _swap_hand_card(o):
    o["hands"][0].append(o["hands"][1].pop())


def test_state_json_rejects_impossible_positions():
    """Every field is checked: duplicate, missing and misplaced cards, hand sizes, the follow
    rule and leaders (by replaying the tricks), the draws, the removed cards, the starter (§8),
    the chance state and derived fields."""
    _bad(lambda o: o["hands"][0].append(o["hands"][1][0]), "already elsewhere")
    _bad(lambda o: o["hands"][0].pop(), "missing")
    _bad(_swap_hand_card, "wrong hand size")
    _bad(lambda o: o["tricks"][0].update(cards=["R7", "R2", "R1", "B7"]), "cannot play|follow")
    _bad(_wrong_leader, "led by seat 1")
    _bad(_undrawn_reward, "draws")
    _bad(lambda o: o.update(removed=o["removed"][:3]), "4 different")
    _bad(lambda o: o.update(removed=o["removed"][:3] + ["GO-3"]), "basic mode|exactly the cards")
    _bad(lambda o: o.update(round_scores=[[5, 0, 0, 0]]), "cannot start round 2")
    _bad(lambda o: o.update(chance_state="xyz"), "hex")
    _bad(lambda o: o.update(scores=[0, 0, 0, 0]), "'scores'")
    _bad(lambda o: o["tricks"][0].update(winner=1), "'winner'")
    _bad(lambda o: o.update(phase="over"), "over")
    _bad(lambda o: o.update(players=3), "players")
    _bad(lambda o: o.update(undealt=o["undealt"][:1]), "missing|2 undealt")
    _bad(_no_trick_in_progress, "in progress")


def test_discard_phase_json():
    """§5 step 4: seats discard clockwise from the starter; a position where a later seat has
    discarded before an earlier one is rejected; the posed position round-trips."""
    g = game(4)
    s = g.new_initial_state(2)
    s.apply_action(s.legal_actions()[0])
    obj = s.to_json()
    assert g.state_from_json(obj).to_json() == obj
    bad = copy.deepcopy(obj)
    bad["hands"][0] += bad["discards"][0]
    bad["discards"][0] = []
    bad["discards"][1] = [bad["hands"][1].pop()]
    with pytest.raises(InvalidStateError, match="out of order"):
        g.state_from_json(bad)


def test_seed_instead_of_chance_state_and_summary():
    """A posed position may give a seed for its later chance events; summary and render name
    the round, the trick, its instruction and the seat to act."""
    g, obj = _base()
    obj = dict(obj)
    obj.pop("seed", None)
    obj["seed"] = 5
    s = g.state_from_json(obj)
    assert "round 2/4, trick 2/11 (STAY-1), seat 3 to act" in s.summary()
    assert "seat 3 to play" in s.render() and "Y5" in s.render()
