"""Each named option of docs/rules/dog-tag-trick.md (players, FIRST_LEAD, UNQUALIFIED_PAIRS,
ANNOUNCEMENT, LOW_SET_TIEBREAK) does what the rules say, on both engines."""
import pytest

from solver.errors import IllegalActionError, InvalidActionError, InvalidOptionError
from solver.games.dog_tag_trick import notation as N
from solver.games.dog_tag_trick import rules as R
from solver.registry import load_game
from tests.games.dog_tag_trick.helpers import ENGINES, as_json, load, play, trick_position
from tests.games.dog_tag_trick.test_examples import EXAMPLES, run_example


def example(eid):
    return next(e for e in EXAMPLES if e[0] == eid)


def points(config, eid, engine):
    _, n, lead, plays, _, _, sizes = example(eid)
    before, after = run_example(config, n, lead, plays, sizes, engine)
    return [y - x for x, y in zip(as_json(before)["scores"], as_json(after)["scores"])], after


def test_defaults():
    g = load_game("dog-tag-trick")
    assert g.options == {"players": 4, "first_lead": 0, "unqualified_pairs": "forbidden",
                         "announcement": "binding", "low_set_tiebreak": "max_icon"}
    assert g.num_players == 4 and g.spec() == "dog-tag-trick"


@pytest.mark.parametrize("n", [3, 4, 5])
def test_players_option(n):
    """§3: 3-5 players with 11/9/7 cards and N rounds."""
    g = load_game(f"dog-tag-trick(players={n})")
    s = g.new_initial_state(1)
    assert g.num_players == n and len(s.to_json()["hands"]) == n
    assert [len(h) for h in s.to_json()["hands"]] == [R.HAND_SIZE[n]] * n


@pytest.mark.parametrize("bad", ["2", "6", "0", "four", "true"])
def test_players_outside_3_to_5_rejected(bad):
    with pytest.raises(InvalidOptionError, match="3, 4 or 5 players"):
        load_game(f"dog-tag-trick(players={bad})")


def test_unknown_option_and_bad_values_rejected():
    with pytest.raises(InvalidOptionError):
        load_game("dog-tag-trick(speed=fast)")
    with pytest.raises(InvalidOptionError):
        load_game("dog-tag-trick(announcement=maybe)")
    with pytest.raises(InvalidOptionError):
        load_game("dog-tag-trick(first_lead=somebody)")
    with pytest.raises(InvalidOptionError, match="not a seat"):
        load_game("dog-tag-trick(players=3,first_lead=3)")


def test_option_values_are_case_insensitive():
    """The rules write the values in capitals (FORBIDDEN, MIN_ICON, RANDOM)."""
    g = load_game("dog-tag-trick(low_set_tiebreak=MIN_ICON,first_lead=RANDOM)")
    assert g.options["low_set_tiebreak"] == "min_icon" and g.options["first_lead"] == "random"


@pytest.mark.parametrize("engine", ENGINES)
def test_first_lead_seat(engine):
    """§4.1, A16: FIRST_LEAD = a seat leads round 1's first trick."""
    g = load_game("dog-tag-trick(players=5,first_lead=3)")
    s = g.new_initial_state(2) if engine == "cython" else g.new_reference_state(2)
    assert s.current_player() == 3
    assert load_game("dog-tag-trick").new_initial_state(2).current_player() == 0


def test_first_lead_random_is_drawn_from_the_seed():
    """§4.1: RANDOM draws the first lead from the game RNG: reproducible per seed, and every
    seat occurs; both engines draw the same seat."""
    g = load_game("dog-tag-trick(players=5,first_lead=random)")
    seen = set()
    for k in range(40):
        s = g.new_initial_state(k)
        assert s.current_player() == g.new_reference_state(k).current_player()
        assert g.new_initial_state(k).current_player() == s.current_player()
        seen.add(s.current_player())
    assert seen == {0, 1, 2, 3, 4}


@pytest.mark.parametrize("engine", ENGINES)
def test_unqualified_pairs_allowed_as_discard(engine):
    """§5.4, A1: with ALLOWED_AS_DISCARD a non-qualifying pair is a move announced NONE; it
    competes in nothing and cannot set the main event."""
    cfg = "dog-tag-trick(unqualified_pairs=allowed_as_discard)"
    plays = ["1P+3P NONE", "7H ONE", "2B+2F SET", "4B+8H NONE"]
    obj = trick_position(cfg, 0, plays)
    s = load(cfg, obj, engine)
    texts = {N.action_to_str(a) for a in s.legal_actions()}
    assert "1P+3P NONE" in texts and any(t.endswith(" SET") or t.endswith(" ONE") for t in texts)
    play(s, plays)
    # main = SET (s2 alone, the NONE lead did not fix it), sub = s1's 7H.
    assert as_json(s)["scores"] == [0, 1, 3, 0] and s.current_player() == 2
    # The default game has no such move.
    with pytest.raises(InvalidActionError):
        N.parse_action("1P+3P NONE", load_game("dog-tag-trick").options)


@pytest.mark.parametrize("engine", ENGINES)
def test_discards_only_trick_keeps_the_lead(engine):
    """A1: if every play of a trick is a discard, the same lead leads again (no points)."""
    cfg = "dog-tag-trick(players=3,unqualified_pairs=allowed_as_discard)"
    plays = ["1P+3P NONE", "1B+3B NONE", "1H+6F NONE"]
    s = load(cfg, trick_position(cfg, 1, plays), engine)
    play(s, plays)
    assert as_json(s)["scores"] == [0, 0, 0] and s.current_player() == 1
    assert as_json(s)["lead"] == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_announcement_auto_join_main(engine):
    """A4: under AUTO_JOIN_MAIN a later pair whose values qualify for the main event competes
    in it whatever was announced. E11: s0's 2F+3F FIVE joins the RUN main and wins; E8: s0's
    7H+8H FIVE joins s4's RUN as main #2. BINDING (default) gives the rules' points."""
    cfg = "dog-tag-trick(announcement=auto_join_main)"
    pts, after = points(cfg, "E11", engine)
    assert pts == [3, 1, 1, 0] and after.current_player() == 0
    assert points("dog-tag-trick", "E11", engine)[0] == [0, 3, 1, 1]
    cfg5 = "dog-tag-trick(players=5,announcement=auto_join_main)"
    assert points(cfg5, "E8", engine)[0] == [1, 0, 0, 1, 3]
    # E3 is unchanged: s2's 2H+3B RUN joins the FIVE main under auto-join (2+3 = 5) but
    # ranks third (top 3B < 3P < 4B), so it still scores nothing.
    got = points("dog-tag-trick(players=3,announcement=auto_join_main)", "E3", engine)
    assert got[0] == [3, 1, 0]


@pytest.mark.parametrize("engine", ENGINES)
def test_low_set_tiebreak_min_icon(engine):
    """§7, A7: E5 under MIN_ICON: s4 ({8H, 8F}) beats s3 ({8P, 8B}) on the weaker icons."""
    assert points("dog-tag-trick(players=5)", "E5", engine)[0] == [0, 1, 0, 3, 1]
    pts, after = points("dog-tag-trick(players=5,low_set_tiebreak=min_icon)", "E5", engine)
    assert pts == [0, 1, 0, 1, 3] and after.current_player() == 4


def test_options_round_trip_through_the_game_string():
    g = load_game("dog-tag-trick(players=3,first_lead=2,unqualified_pairs=allowed_as_discard,"
                  "announcement=auto_join_main,low_set_tiebreak=min_icon)")
    assert load_game(g.spec()) == g
    assert g.num_distinct_actions == 860


def test_discard_actions_illegal_without_the_option():
    """Action ids >= 396 do not exist in the default game (IllegalActionError, no change)."""
    s = load_game("dog-tag-trick").new_initial_state(0)
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply_action(400)
    assert s.to_json() == before
