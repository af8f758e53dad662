"""Each named option of docs/rules/mate.md (§9.2, §11) changes what it says and no more."""
import pytest

from solver.errors import InvalidOptionError
from solver.registry import load_game
from tests.games.mate.test_examples import DEAL_A, DEAL_C, game_state, play


def test_A4_nondealer_force_requires_dealer_force():
    s = play(game_state(DEAL_A, "mate(first_dealer=0,nondealer_force_requires_dealer_force=true)"),
             "PASS")
    assert [s.action_to_str(a) for a in s.legal_actions()] == ["PASS"]
    s2 = play(game_state(DEAL_A), "PASS")
    assert len(s2.legal_actions()) == 11          # default: N may force any card (A4)


def test_A11_double_rule_any_trick10_mate():
    # W9: the non-forcer D mates on trick 10 with a hand card against N's forced card.
    line = "PASS KH | KD QD AD TD QC AC 7H TH TC KC QH AH QS KS 7D 7C TS AS 7S"
    assert play(game_state(DEAL_C), line).to_json()["totals"] == [70, 0]
    opt = "mate(first_dealer=0,double_rule=any_trick10_mate_when_anyone_forced)"
    assert play(game_state(DEAL_C, opt), line).to_json()["totals"] == [140, 0]


def test_A21_utility_match_result():
    g = load_game("mate(utility=match_result)")
    s = g.new_initial_state(5)
    import random
    rnd = random.Random(1)
    while not s.is_terminal():
        s.apply_action(rnd.choice(s.legal_actions()))
    t = s.to_json()["totals"]
    assert s.returns() == [float((t[0] > t[1]) - (t[0] < t[1])),
                           float((t[1] > t[0]) - (t[1] < t[0]))]


def test_first_dealer_option():
    assert load_game("mate(first_dealer=1)").new_initial_state(3).to_json()["first_dealer"] == 1
    seen = {load_game("mate").new_initial_state(k).to_json()["first_dealer"] for k in range(20)}
    assert seen == {0, 1}                         # random by default, drawn from the seed


def test_hidden_forcing_changes_observations_only():
    """§9.2: forced_visibility=hidden hides the card from the opponent, never changes legality."""
    line = "KC PASS | 7S QS AH 7H AD QD KS TS AS"
    pub = play(game_state(DEAL_A), line)
    hid = play(game_state(DEAL_A, "mate(first_dealer=0,forced_visibility=hidden)"), line)
    assert pub.to_json()["totals"] == hid.to_json()["totals"] == [66, 0]
    s = play(game_state(DEAL_A, "mate(first_dealer=0,forced_visibility=hidden)"), "KC")
    v = s.view(1).to_json()
    assert v["forced"][0] == "hidden" and v["hands"][0] is None
    assert set(v["opponent_unseen"]) == set(DEAL_A[0].split())
    assert s.view(0).to_json()["forced"][0] == "KC"
    # N's observation: the cards the hidden K♣ bars (clubs and kings in N's hand).
    assert set(v["restrict"]) == {"QC", "7C", "KS", "KH"}


def test_hidden_forcing_determinization_respects_the_restriction():
    s = play(game_state(DEAL_A, "mate(first_dealer=0,forced_visibility=hidden)"), "KC")
    view = s.view(1)
    seen = set()
    for k in range(200):
        w = view.determinize(k)
        seen.add(w.to_json()["forced"][0])
    # Only K♣ bars exactly {Q♣, 7♣, K♠, K♥} among D's cards.
    assert seen == {"KC"}


def test_hidden_forcing_determinization_samples_the_candidates():
    s = play(game_state(DEAL_A, "mate(first_dealer=0,forced_visibility=hidden)"), "PASS QC")
    view = s.view(0)            # D does not see N's forced card
    seen = {view.determinize(k).to_json()["forced"][1] for k in range(400)}
    assert seen == set(DEAL_A[1].split())


@pytest.mark.parametrize("bad", ["mate(forced_visibility=sideways)", "mate(colour=red)",
                                 "mate(first_dealer=2)"])
def test_bad_options_are_rejected(bad):
    with pytest.raises(InvalidOptionError):
        load_game(bad)
