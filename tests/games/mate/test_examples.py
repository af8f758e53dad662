"""Every worked example W1–W11 of docs/rules/mate.md §12, on both engines."""
import pytest

from solver.errors import IllegalActionError
from solver.games.mate import notation as N
from solver.games.mate import rules as R
from solver.registry import load_game

DEAL_A = ("AC TC KC AS TS 7S QH 7H KD QD", "QC 7C KS QS AH TH KH AD TD 7D")
DEAL_B = ("AC TC KC QC 7C AS 7S AH 7H AD", "TS KS QS TH KH QH TD KD QD 7D")
DEAL_C = ("TC QC AS KS 7S TH QH AD KD 7D", "AC KC 7C TS QS AH KH 7H TD QD")


def game_state(deal, options="mate(first_dealer=0)", engine="cython"):
    """Game 1 of a match with seat 0 (the dealer) holding deal[0]."""
    game = load_game(options)
    d, n = deal[0].split(), deal[1].split()
    obj = {"game_no": 1, "first_dealer": 0, "phase": "force_dealer", "hands": [d, n],
           "dealt": [d, n], "forced": [None, None], "totals": [0, 0]}
    if engine == "reference":
        return N.state_from_json(obj, game.options)
    return game.state_from_json(obj)


def play(state, actions):
    for a in actions.replace("|", " ").split():
        act = N.parse_action(a)
        state.apply_action(act)
    return state


ENGINES = ["cython", "reference"]


def totals(s):
    return list(s.totals) if hasattr(s, "totals") else s.to_json()["totals"]


def hand_names(cards):
    return {N.parse_card(c) for c in cards}


# W1 — follow sets and trick winners
@pytest.mark.parametrize("led, hand, legal, winners", [
    ("KS", "AS 7S KC KH", "AS 7S", {"AS": "follower", "7S": "leader"}),
    ("KS", "KC KH QD 7D", "KC KH", {"KC": "follower", "KH": "leader"}),
    ("7D", "7C TH", "7C", {"7C": "follower"}),
    ("AC", "AD TH", "AD", {"AD": "leader"}),
    ("QH", "AC TS KD 7D", "", {}),
])
def test_W1_follow_sets_and_trick_winners(led, hand, legal, winners):
    s = R.MateState(load_game("mate").options)
    mask = sum(R.bit(N.parse_card(c)) for c in hand.split())
    s.hand = [0, mask]
    got = {N.card_name(c) for c in R.cards_of(s.follow_set(1, N.parse_card(led)))}
    assert got == set(legal.split())
    for card, who in winners.items():
        # §5.4 / §2.2: in a completed trick the larger id wins.
        assert (N.parse_card(card) > N.parse_card(led)) == (who == "follower")


@pytest.mark.parametrize("engine", ENGINES)
def test_W2_mate_on_trick_1(engine):
    s = play(game_state(DEAL_B, engine=engine), "PASS PASS | AC")
    assert totals(s)[:2] == [11, 0]
    assert (s.game_no if engine == "reference" else s.to_json()["game_no"]) == 2


def test_W2_follow_sets_for_every_first_lead():
    s = play(game_state(DEAL_B, engine="reference"), "PASS PASS")
    expect = {"AC": "", "TC": "TS TH TD", "KC": "KS KH KD", "QC": "QS QH QD", "7C": "7D",
              "AS": "TS KS QS", "7S": "TS KS QS", "AH": "TH KH QH", "7H": "TH KH QH",
              "AD": "TD KD QD 7D"}
    for lead, replies in expect.items():
        got = {N.card_name(c) for c in R.cards_of(s.follow_set(1, N.parse_card(lead)))}
        assert got == set(replies.split()), lead


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("example, deal, actions, points", [
    ("W3", DEAL_A, "PASS PASS | 7S QS AH 7H AD QD KS TS AS", [55, 0]),
    ("W4", DEAL_A, "KC PASS | 7S QS AH 7H AD QD KS TS AS", [66, 0]),
    ("W5", DEAL_A, "AC PASS | TS QS QD AD KH 7H AH QH TD KD KS AS TC QC KC 7C 7S 7D AC", [242, 0]),
    ("W6", DEAL_A,
     "PASS PASS | KD TD TH QH AD QD 7C TC 7H KH QS TS KC QC AC AH AS KS 7S 7D", [0, 0]),
    ("W7", DEAL_C, "PASS AH | 7D TD AC QC QD KD TC KC AD", [55, 0]),
    ("W8", DEAL_C, "AS TD | KS TS KH QH 7H TH 7S QS QD KD AD AH AC QC KC TC 7D 7C TD", [0, 220]),
    ("W9", DEAL_C, "PASS KH | KD QD AD TD QC AC 7H TH TC KC QH AH QS KS 7D 7C TS AS 7S", [70, 0]),
])
def test_W3_to_W9_scored_games(engine, example, deal, actions, points):
    s = play(game_state(deal, engine=engine), actions)
    assert totals(s) == points, example
    # The game is over: the next game (2) has begun with the hands exchanged (§3.1).
    j = N.state_to_json(s) if engine == "reference" else s.to_json()
    assert j["game_no"] == 2 and j["phase"] == "force_dealer"
    assert set(j["hands"][0]) == set(deal[1].split())


def test_W8_trick_10_of_two_forcers_is_always_a_mate():
    s = play(game_state(DEAL_C), "AS TD | KS TS KH QH 7H TH 7S QS QD KD AD AH AC QC KC TC 7D 7C")
    j = s.to_json()
    assert j["trick"] == 10 and j["hands"] == [["AS"], ["TD"]] and s.current_player() == 1


def test_W4_nondealer_forcing_restriction():
    """W4 / §4.1: after D forces K♣, N may force only cards sharing neither suit nor rank."""
    s = play(game_state(DEAL_A), "KC")
    legal = {s.action_to_str(a) for a in s.legal_actions()}
    assert legal == {"QS", "AH", "TH", "AD", "TD", "7D", "PASS"}
    with pytest.raises(IllegalActionError):
        s.apply_action("QC")     # same suit
    with pytest.raises(IllegalActionError):
        s.apply_action("KS")     # same rank


def test_W7_forced_card_cannot_save_its_owner():
    s = play(game_state(DEAL_C), "PASS AH | 7D TD AC QC QD KD TC KC")
    assert s.legal_actions() and s.current_player() == 0
    assert "AH" not in s.to_json()["hands"][1]
    s.apply_action("AD")
    assert s.to_json()["totals"] == [55, 0]


def test_W8_rank_follow_forced_by_missing_suit():
    s = play(game_state(DEAL_C), "AS TD | KS TS KH QH 7H TH 7S QS QD KD")
    s.apply_action("AD")
    assert {s.action_to_str(a) for a in s.legal_actions()} == {"AC", "AH"}


@pytest.mark.parametrize("engine", ENGINES)
def test_W11_whole_match_with_both_exchanges(engine):
    game = load_game("mate(first_dealer=0)")
    obj = {"game_no": 1, "first_dealer": 0, "phase": "force_dealer",
           "hands": [DEAL_A[0].split(), DEAL_A[1].split()], "forced": [None, None],
           # game 3: seat 1 (the game-3 dealer) holds the Deal-C dealer hand
           "next_deal": [DEAL_C[1].split(), DEAL_C[0].split()]}
    s = N.state_from_json(obj, game.options) if engine == "reference" else game.state_from_json(obj)
    games = [
        ("PASS PASS | 7S QS AH 7H AD QD KS TS AS", [55, 0]),
        ("PASS PASS | KD TD TH QH AD QD 7C TC 7H KH QS TS KC QC AC AH AS KS 7S 7D", [55, 0]),
        ("PASS AH | 7D TD AC QC QD KD TC KC AD", [55, 55]),
        ("AS TD | KS TS KH QH 7H TH 7S QS QD KD AD AH AC QC KC TC 7D 7C TD", [55, 275]),
    ]
    for i, (actions, tot) in enumerate(games, start=1):
        j = N.state_to_json(s) if engine == "reference" else s.to_json()
        assert j["game_no"] == i
        if i == 2:
            # seat 1 holds seat 0's game-1 hand
            assert set(j["hands"][1]) == set(DEAL_A[0].split())
        if i == 4:
            # seat 0 holds the game-3 dealer hand
            assert set(j["hands"][0]) == set(DEAL_C[0].split())
        play(s, actions)
        assert totals(s) == tot
    assert s.is_terminal()
    assert list(s.returns()) == [-220.0, 220.0]
    if engine == "cython":
        assert s.outcome().ranks == (1, 0)
        assert s.outcome().termination == "normal"
