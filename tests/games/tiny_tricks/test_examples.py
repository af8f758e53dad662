"""Tiny Tricks rules and worked examples (docs/rules/tiny-tricks.md), on the Cython engine; the
reference engine agrees move by move (tests/test_differential.py)."""
import pytest

from solver.errors import IllegalActionError
from solver.games.tiny_tricks import rules as R
from solver.registry import load_game


def pose(config, deal, history=(), first_leader=0):
    game = load_game(config)
    return game.state_from_json({"first_leader": first_leader, "deal": deal,
                                 "history": list(history)})


def play(state, *cards):
    for c in cards:
        state.apply_action(c)
    return state


def test_T1_T2_deck_and_deal():
    """T1, T2: six cards for two players, nine for three, three to each seat, all dealt."""
    for n in (2, 3):
        ref = load_game(f"tiny-tricks(players={n})").new_reference_state(5)
        assert [R.popcount(h) for h in ref.deal] == [3] * n
        assert sum(ref.deal) == (1 << (3 * n)) - 1
        assert ref.leader == 0


def test_W1_follow_suit_and_the_led_suit_wins():
    """W1 (T4, T5): seat 1 must follow QC with KC (a revoke is refused); seat 2, without a
    club, throws KD, which cannot win: seat 1 takes the trick and leads."""
    s = pose("tiny-tricks(players=3)", [["QC", "JC", "JH"], ["KC", "JD", "KH"],
                                        ["QD", "KD", "QH"]])
    play(s, "QC")
    assert [s.action_to_str(a) for a in s.legal_actions()] == ["KC"]
    with pytest.raises(IllegalActionError):
        s.apply_action("JD")
    play(s, "KC")
    assert sorted(s.action_to_str(a) for a in s.legal_actions()) == ["KD", "QD", "QH"]
    play(s, "KD")
    assert s.scores() == [0.0, 1.0, 0.0] and s.current_player() == 1


@pytest.mark.parametrize("bonus, want, ranks", [(False, [2.0, 1.0], [0, 1]),
                                                (True, [2.0, 2.0], [0, 0])])
def test_W2_scoring_and_last_trick_bonus(bonus, want, ranks):
    """W2 (T6, O2, T7): seat 0 wins tricks 1 and 2, seat 1 the third."""
    s = pose(f"tiny-tricks(last_trick_bonus={str(bonus).lower()})",
             [["KD", "QD", "JC"], ["JD", "KC", "QC"]])
    play(s, "KD", "JD", "QD", "KC", "JC", "QC")
    assert s.is_terminal() and s.returns() == want
    assert list(s.outcome().ranks) == ranks


def exact_value(state, seat):
    """Minimax value for ``seat`` of a two-player position (perfect information, T8)."""
    if state.is_terminal():
        return state.returns()[seat]
    values = [exact_value(state.child(a), seat) for a in state.legal_actions()]
    return max(values) if state.current_player() == seat else min(values)


def test_W3_exact_value():
    """W3: leading a club draws out the king of clubs and wins two tricks; KD wins one."""
    s = pose("tiny-tricks", [["JC", "QC", "KD"], ["KC", "JD", "QD"]])
    by_move = {s.action_to_str(a): exact_value(s.child(a), 0) for a in s.legal_actions()}
    assert by_move == {"JC": 2.0, "QC": 2.0, "KD": 1.0}


def test_W4_determinization_respects_voids():
    """W4 (T8): seat 2 threw a diamond on a club lead, so no determinization for seat 0 gives
    seat 2 a club; every consistent split appears."""
    s = pose("tiny-tricks(players=3)", [["QC", "JH", "QH"], ["KC", "JD", "JC"],
                                        ["KD", "QD", "KH"]])
    play(s, "QC", "KC", "KD")
    seen = set()
    for seed in range(300):
        w = s.view(0).determinize(seed).to_reference()
        assert not w.hand[2] & R.suit_mask(0)
        assert w.hand[1] | w.hand[2] == s.to_reference().hand[1] | s.to_reference().hand[2]
        seen.add(w.hand[2])
    assert len(seen) == len(R.consistent_splits(s.to_reference(), 0))


def test_two_players_is_perfect_information():
    """T8: with two players every view fixes the whole position."""
    g = load_game("tiny-tricks")
    assert g.perfect_information and not load_game("tiny-tricks(players=3)").perfect_information
    s = g.new_initial_state(11)
    assert s.view(0).determinize(3).to_json() == s.to_json()
