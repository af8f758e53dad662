"""Move text (§2.3 notation), illegal and malformed moves (§5.2-§5.4), and the state and view
JSON formats with their validation."""
import json
import random

import pytest

from solver.errors import IllegalActionError, InvalidActionError, InvalidStateError
from solver.games.dog_tag_trick import notation as N
from solver.games.dog_tag_trick import rules as R
from solver.registry import load_game
from tests.games.dog_tag_trick.helpers import trick_position

DEFAULT = load_game("dog-tag-trick")
DISCARD = load_game("dog-tag-trick(unqualified_pairs=allowed_as_discard)")


def test_every_action_text_round_trips():
    for game in (DEFAULT, DISCARD):
        for a in range(game.num_distinct_actions):
            text = N.action_to_str(a, game.options)
            assert N.parse_action(text, game.options) == a
            assert N.parse_action(text.lower(), game.options) == a


def test_rules_notation_examples_parse():
    """The rules write pairs in any card order: both orders name the same move."""
    o = DEFAULT.options
    assert N.parse_action("5H:10+5P:5 FIVE", o) == N.parse_action("5P:5+5H:10 FIVE", o)
    assert N.action_to_str(N.parse_action("3H+3B SET", o)) == "3B+3H SET"
    assert N.action_to_str(N.parse_action("7P ONE", o)) == "7P ONE"
    assert N.action_to_str(N.parse_action("9F+5F:10 RUN", o)) == "9F+5F:10 RUN"
    assert N.parse_action("7P", o) == N.parse_action("7P ONE", o)            # single: ONE implied
    assert N.parse_action("1H+2H", o) == N.parse_action("1H+2H RUN", o)      # only RUN fits
    with pytest.raises(InvalidActionError, match="announce"):
        N.parse_action("2F+3F", o)                                           # RUN or FIVE (A4)


@pytest.mark.parametrize("text, why", [
    ("1P+3P SET", "qualify for no event"),        # §5.4: qualifies for nothing
    ("9B+9P FIVE", "do not qualify for FIVE"),     # wrong announced event
    ("5H:5+5F:10 SET", "do not qualify for SET"),  # wrong announced event (values differ)
    ("4B+5H:10 RUN", "qualify for no event"),      # E16
    ("3H:5 ONE", "only the 5/10 card"),            # a 5/10 value on an ordinary card
    ("7P:10 ONE", "only the 5/10 card"),
    ("5H ONE", "5H:5 or 5H:10"),                   # the 5/10 card needs its value
    ("5H:7 ONE", "as 5 or as 10"),
    ("10H ONE", "unknown card"),
    ("7X ONE", "unknown card"),
    ("7P+7P SET", "same card twice"),
    ("7P SET", "single card always enters ONE"),
    ("7P+7H ONE", "not ONE"),
    ("7P TWO", "unknown event"),
    ("1P+2P+3P RUN", "1 or 2 cards"),
    ("", "empty"),
    ("1P+3P NONE", "cannot be played"),            # NONE without option A1
])
def test_text_naming_no_action_is_invalid(text, why):
    with pytest.raises(InvalidActionError, match=why):
        N.parse_action(text, DEFAULT.options)


def test_none_only_for_unqualified_pairs_under_option():
    o = DISCARD.options
    assert R.ACTIONS[N.parse_action("1P+3P NONE", o)].event == R.NONE
    assert N.parse_action("1P+3P", o) == N.parse_action("1P+3P NONE", o)
    with pytest.raises(InvalidActionError, match="NONE is only"):
        N.parse_action("2P+3P NONE", o)
    with pytest.raises(InvalidActionError):
        N.action_to_str(400, DEFAULT.options)


@pytest.mark.parametrize("text", ["1P+3P SET", "9B+9P FIVE", "5H:5+5F:10 SET", "3H:5 ONE"])
def test_invalid_move_leaves_the_state_unchanged(text):
    """Text naming no move raises InvalidActionError from apply_action; nothing changes."""
    s = DEFAULT.state_from_json(trick_position("dog-tag-trick", 0,
                                               ["1P+9B FIVE", "5H:5+5F:5 SET", "3H ONE", "9P ONE"]))
    before = s.to_json()
    with pytest.raises(InvalidActionError):
        s.apply_action(text)
    assert s.to_json() == before


def test_legal_move_of_another_hand_is_illegal_and_changes_nothing():
    """A real move whose cards are not all in the mover's hand: IllegalActionError."""
    plays = ["1P+9B FIVE", "5H:5+5F:5 SET", "3H ONE", "9P ONE"]
    s = DEFAULT.state_from_json(trick_position("dog-tag-trick", 0, plays))
    before = s.to_json()
    for text in ("5H:5+5F:5 SET", "9P ONE", "9B+9P SET"):
        with pytest.raises(IllegalActionError, match="not legal"):
            s.apply_action(text)
        assert s.to_json() == before
    s.apply_action("1P+9B FIVE")
    assert s.current_player() == 1


def start_json(n=4):
    game = load_game(f"dog-tag-trick(players={n})")
    return game, game.new_initial_state(3).to_json()


@pytest.mark.parametrize("mutate, why", [
    (lambda j: j.update(players=5), "has 5 players but the game is set up for 4"),
    (lambda j: j["hands"][0].pop(), "wrong hand size"),
    (lambda j: j["hands"][0].append(j["hands"][1][0]), "hands of seats"),
    (lambda j: j["hands"][0].__setitem__(0, "0Z"), "unknown card"),
    (lambda j: j["hands"][0].__setitem__(1, j["hands"][0][0]), "duplicate"),
    (lambda j: j.update(hands=[[]] * 3), "4 entries"),
    (lambda j: j.update(round=4), "round"),
    (lambda j: j.update(scores=[0, -1, 0, 0]), "non-negative"),
    (lambda j: j.update(first_lead=7), "first_lead"),
    (lambda j: j.update(tricks=[["9Z ONE"]]), "trick 1"),
    (lambda j: j.update(deals=j["deals"][:1]), "later rounds"),
    (lambda j: j["deals"][0].__setitem__(0, j["deals"][0][1]), "dealt twice"),
    (lambda j: j.update(lead=3), "'lead'"),
    (lambda j: j.update(unused=["1B"]), "unused"),
])
def test_state_json_validation(mutate, why):
    game, j = start_json()
    mutate(j)
    with pytest.raises(InvalidStateError, match=why):
        game.state_from_json(j)


def test_history_must_fit_the_hands():
    game = load_game("dog-tag-trick")
    s = game.new_initial_state(5)
    s.apply_action(s.legal_actions()[0])
    j = s.to_json()
    played = j["tricks"][0][0]
    bad = json.loads(json.dumps(j))
    bad["hands"][0].pop()                             # a card vanished: size wrong
    with pytest.raises(InvalidStateError):
        game.state_from_json(bad)
    bad = json.loads(json.dumps(j))
    bad["tricks"][0] = [played, played]               # a card played twice
    with pytest.raises(InvalidStateError):
        game.state_from_json(bad)
    assert game.state_from_json(j).to_json() == j


def test_plays_after_the_round_ended_are_rejected():
    """§8.2: a trick after one that emptied a hand cannot exist; a non-last round whose last
    trick was final must be posed as the next round instead."""
    game = load_game("dog-tag-trick(players=5)")
    s = game.new_initial_state(1)
    rnd = random.Random(0)
    while s.round() == 0:
        j = s.to_json()
        s.apply_action(rnd.choice(s.legal_actions()))
    # j: the position before round 0's very last play; complete that trick in JSON.
    last = s.to_json()
    assert last["round"] == 1
    done = json.loads(json.dumps(j))
    prev = game.state_from_json(j)
    for a in prev.legal_actions():
        c = prev.clone()
        c.apply_action(a)
        if c.round() == 1:
            done["tricks"][-1].append(N.action_to_str(a))
            seat = prev.current_player()
            done["hands"][seat] = [x for x in done["hands"][seat]
                                   if not R.ACTIONS[a].mask >> N.parse_card(x) & 1]
            break
    with pytest.raises(InvalidStateError, match="round 0 is over"):
        game.state_from_json(done)


def test_deals_drawn_from_seed_when_omitted():
    game, j = start_json()
    del j["deals"]
    a = game.state_from_json(dict(j, seed=1)).to_json()
    b = game.state_from_json(dict(j, seed=1)).to_json()
    c = game.state_from_json(dict(j, seed=2)).to_json()
    assert a == b and a["deals"] != c["deals"] and len(a["deals"]) == 3


def test_view_json_hides_other_hands_and_later_deals():
    game = load_game("dog-tag-trick(players=3)")
    s = game.new_initial_state(8)
    s.apply_action(s.legal_actions()[-1])
    v = s.view(1).to_json()
    truth = s.to_json()
    assert v["seat"] == 1 and v["hands"][1] == truth["hands"][1]
    assert v["hands"][0] is None and v["hands"][2] is None
    assert v["hand_sizes"] == [len(h) for h in truth["hands"]]
    assert "unused" not in v and "deals" not in v
    assert v["tricks"] == truth["tricks"] and v["scores"] == truth["scores"]
    with pytest.raises(InvalidStateError):
        game.view_from_json(dict(v, hand_sizes=[1, 11, 11]))


def test_render_and_summary_name_the_position():
    game = load_game("dog-tag-trick(players=3)")
    s = game.new_initial_state(2)
    s.apply_action(s.legal_actions()[0])
    text = s.render()
    assert "round 1 of 3" in text and "trick 1 (lead seat 0)" in text and "seat 1 to play" in text
    assert "cards" in s.view(2).render() and "(you)" in s.view(2).render()
    assert "seat 1 to act" in s.summary()


def test_no_play_after_the_games_final_trick():
    """§8.2, §8.3: the last round's final trick ends the game; a play after it is rejected."""
    game = load_game("dog-tag-trick(players=3)")
    for seed in range(100):
        s = game.new_initial_state(seed)
        rnd = random.Random(seed)
        while not s.is_terminal():
            s.apply_action(rnd.choice(s.legal_actions()))
        j = s.to_json()
        assert j["over"] and j["to_act"] == -1 and game.state_from_json(j).is_terminal()
        ref = N.state_from_json(j, game.options)
        _, nxt = R.resolve_trick(ref.history[-3:], ref.trick_leads()[-1], 3, True, game.options)
        if j["hands"][nxt]:                           # the would-be next lead still holds cards
            break
    card = j["hands"][nxt][0]
    bad = json.loads(json.dumps(j))
    bad["hands"][nxt].remove(card)
    bad["tricks"].append([card + (":5" if card[0] == "5" else "") + " ONE"])
    for key in ("lead", "to_act", "over"):
        del bad[key]
    with pytest.raises(InvalidStateError, match="after a trick that emptied a hand"):
        game.state_from_json(bad)
