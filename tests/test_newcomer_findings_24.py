"""Tester 24's findings that are pinned by a test (the rest: tests/inference/test_mcmc.py,
tests/tournaments/test_evaluate.py). Views that show one card in two places are refused with the
card and both places named (docs/rules/dog-tag-trick.md §10, docs/rules/mate-vic-village.md §10:
every card lies in one place), where they had got a count mismatch or, in Vic Village, a false
"hand size" message."""
import pytest

from solver.errors import InvalidStateError
from solver.registry import load_game

DTT_MOVES = "5P:5 ONE,2F+8H FIVE,6H+9P FIVE,5F:10 ONE,2H+3B RUN,9F ONE".split(",")


def _dtt_view() -> tuple:
    game = load_game("dog-tag-trick")
    s = game.new_initial_state(3)
    for m in DTT_MOVES:
        s.apply_action(game.notation.parse_action(m, game.options))
    return game, s.view(s.current_player()).to_json()


def _vic_view() -> tuple:
    game = load_game("mate-vic-village")
    s = game.new_initial_state(3)
    for _ in range(14):
        s.apply_action(s.legal_actions()[0])
    return game, s.view(s.current_player()).to_json()


@pytest.mark.parametrize("which, card, place", [("dtt", "5P", r"tricks\[0\] \(5P:5 ONE\)"),
                                               ("vic", "R4", r"tricks\[0\]")])
def test_a_played_card_in_the_hand_is_named(which, card, place):
    """The card was played in trick 1 (5P in Dog Tag Trick, R4 led in Vic Village)."""
    game, v = _dtt_view() if which == "dtt" else _vic_view()
    me = v["seat"]
    v["hands"][me] = v["hands"][me][:-1] + [card]
    with pytest.raises(InvalidStateError, match=rf"duplicate card {card}: in hands\[{me}\] and "
                                                + place):
        game.view_from_json(v)


def test_dog_tag_trick_names_a_card_played_twice():
    game, v = _dtt_view()
    v["tricks"][1][1] = "5P:5 ONE"
    with pytest.raises(InvalidStateError, match=r"duplicate card 5P: in tricks\[0\] \(5P:5 ONE\)"
                                                r" and tricks\[1\] \(5P:5 ONE\)"):
        game.view_from_json(v)


def test_vic_village_names_a_discard_kept_in_the_hand():
    """§5: a discard leaves the hand. It used to say the hand did not match its size."""
    game, v = _vic_view()
    me = v["seat"]
    v["hands"][me] = v["hands"][me][:-1] + v["discards"][me]
    with pytest.raises(InvalidStateError, match=rf"duplicate card {v['discards'][me][0]}: in "
                                                rf"hands\[{me}\] and discards\[{me}\]"):
        game.view_from_json(v)


def test_vic_village_own_discard_drawn_as_a_reward_is_fine():
    """A reward drawn from the pile may be the seat's own discard (§5, §6.5): not a duplicate."""
    game = load_game("mate-vic-village")
    for seed in range(40):
        s = game.new_initial_state(seed)
        while not s.is_terminal():
            v = s.view(s.current_player()).to_json() if s.current_player() >= 0 else None
            if v and v["discards"][v["seat"]] and any(
                    r["card"] in v["discards"][v["seat"]] for t in v["tricks"]
                    for r in t.get("rewards", [])):
                assert game.view_from_json(v).to_json() == v
                return
            s.apply_action(s.legal_actions()[-1])
    pytest.skip("no position with an own discard drawn")


@pytest.mark.parametrize("which", ["dtt", "vic-hand", "vic-discards"])
def test_a_view_listing_another_seats_cards_is_refused(which):
    """A view gives null for what its seat cannot see; cards typed there were silently
    dropped (tester 24), now they are refused with the field named."""
    game, v = _dtt_view() if which == "dtt" else _vic_view()
    other = (v["seat"] + 1) % len(v["hands"])
    field = "discards" if which == "vic-discards" else "hands"
    v[field][other] = ["R2"] if which != "dtt" else ["7H"]
    with pytest.raises(InvalidStateError, match=rf"{field}\[{other}\]: seat {v['seat']} cannot "
                                                r"see it"):
        game.view_from_json(v)


@pytest.mark.parametrize("text, other", [("mattis", "mattis(players=5)"),
                                         ("dog-tag-trick", "dog-tag-trick(players=5)"),
                                         ("mate-vic-village", "mate-vic-village(players=3)")])
def test_a_view_for_another_player_count_says_so(text, other):
    """A 4-player view read as another player count is named as such, not as a per-seat list
    of the wrong length (tester 24: "'hand_sizes' must be a list with one entry per seat")."""
    s = load_game(text).new_initial_state(5)
    for _ in range(6):
        s.apply_action(s.legal_actions()[0])
    v = s.view(s.current_player()).to_json()
    with pytest.raises(InvalidStateError, match=r"the position has 4 players but the game is "
                                                r"set up for [35] \(option players\)"):
        load_game(other).view_from_json(v)


def test_intervals_over_resampled_worlds_count_their_effective_size():
    """Worlds resampled from weighted candidates repeat them: an interval over 20 worlds of
    ESS 5 is as wide as 5 worlds give (sqrt(20 / 5) = 2 times), not as 20 (tester 24)."""
    from solver.search.result import build_result

    row = {"action": 0, "text": "a", "mean": 1.0, "ci_low": 0.5, "ci_high": 1.5, "visits": 20,
           "robustness": 1.0}
    kw = dict(value="points", nodes=0, iterations=0, worlds=20, rank_by="mean")
    weighted = build_result("pimc", 0, [row], params={"ess": 5.0}, **kw)
    assert (weighted.actions[0].ci_low, weighted.actions[0].ci_high) == (0.0, 2.0)
    for params in ({"ess": None}, {"ess": 20.0}, {}):
        plain = build_result("pimc", 0, [row], params=params, **kw)
        assert (plain.actions[0].ci_low, plain.actions[0].ci_high) == (0.5, 1.5)
