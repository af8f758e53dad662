"""Every worked example of docs/rules/dog-tag-trick.md §13 (E1-E16) and the worked
figures of §2, §3, §5.3, §7 and §11, on both engines."""
import random

import pytest

from solver.errors import IllegalActionError, InvalidActionError, InvalidStateError
from solver.games.dog_tag_trick import _state
from solver.games.dog_tag_trick import notation as N
from solver.games.dog_tag_trick import rules as R
from solver.registry import load_game
from tests.games.dog_tag_trick.helpers import ENGINES, as_json, load, play, trick_position

GAME = {3: "dog-tag-trick(players=3)", 4: "dog-tag-trick", 5: "dog-tag-trick(players=5)"}

# (id, players, lead, plays from the lead, points, next lead or None for a final trick,
#  hand sizes before the trick for the final-trick examples)
EXAMPLES = [
    ("E1", 4, 0, ["3H+3B SET", "2P+2F SET", "7P ONE", "6H+6B SET"], [1, 3, 1, 0], 1, None),
    ("E2", 4, 2, ["9H ONE", "4F+5B:5 RUN", "1H+2H RUN", "5P:10 ONE"], [3, 1, 0, 1], 0, None),
    ("E3", 3, 1, ["2F+3P FIVE", "2H+3B RUN", "1P+4B FIVE"], [3, 1, 0], 0, None),
    ("E4", 4, 0, ["6F+9F FIVE", "5H:10+5B:5 FIVE", "1B+9P FIVE", "5P:5+5F:5 FIVE"],
     [0, 3, 1, 0], 1, None),
    ("E5", 5, 3, ["8P+8B SET", "8H+8F SET", "4B ONE", "4P ONE", "9H+9F SET"],
     [0, 1, 0, 3, 1], 3, None),
    ("E6", 3, 0, ["6B+7P RUN", "6H+7B RUN", "6P+7H RUN"], [0, 1, 3], 2, None),
    ("E7", 4, 1, ["5F:5 ONE", "8B ONE", "8H ONE", "3P ONE"], [0, 0, 0, 1], 3, None),
    ("E8", 5, 4, ["1F+2F RUN", "7H+8H FIVE", "9P ONE", "3B+3F SET", "5H:10 ONE"],
     [0, 0, 0, 1, 3], 4, None),
    ("E9", 3, 2, ["4H ONE", "1B+4P FIVE", "2P+3P FIVE"], [5, 0, 1], None, [3, 4, 1]),
    ("E10", 4, 1, ["9H ONE", "5F:10+5B:10 SET", "6P+6F SET", "5H:10 ONE"],
     [1, 0, 0, 5], None, [4, 3, 2, 5]),
    ("E11", 4, 3, ["7B+8B RUN", "2F+3F FIVE", "7P+8P RUN", "1P ONE"], [0, 3, 1, 1], 1, None),
    ("E12", 3, 0, ["4H+5P:5 RUN", "5B:5+6P RUN", "9F+5F:10 RUN"], [3, 1, 0], 0, None),
    ("E13", 5, 0, ["2B ONE", "9B ONE", "1H+1F SET", "1P+2P RUN", "4H+4P SET"],
     [0, 1, 3, 0, 1], 2, None),
    ("E15", 5, 1, ["3H ONE", "3P ONE", "2H ONE", "1B ONE", "2F ONE"],
     [0, 0, 1, 0, 0], None, [2, 1, 1, 3, 2]),
]


def run_example(config, n, lead, plays, sizes, engine, seed=0):
    """Pose the position before the trick, play it; return (state before, state after)."""
    obj = trick_position(config, lead, plays, sizes, seed)
    before = load(config, obj, engine)
    assert before.current_player() == lead
    after = load(config, obj, engine)
    play(after, plays)
    return before, after


def delta(before, after):
    a, b = as_json(before)["scores"], as_json(after)["scores"]
    return [y - x for x, y in zip(a, b)]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("eid, n, lead, plays, pts, nxt, sizes", EXAMPLES,
                         ids=[e[0] for e in EXAMPLES])
def test_E1_to_E15_trick_resolution(engine, eid, n, lead, plays, pts, nxt, sizes):
    """§6-§9: main event, competitors, strength order, points and the next lead (E1-E13, E15)."""
    before, after = run_example(GAME[n], n, lead, plays, sizes, engine)
    assert delta(before, after) == pts, eid
    j = as_json(after)
    if nxt is not None:                      # normal trick: same round, winner leads (§4.3)
        assert j["round"] == 0 and j["lead"] == nxt and after.current_player() == nxt
        assert len(j["tricks"][-1]) == n
    else:                                    # final trick (§8.2): the round is over
        assert j["round"] == 1 and j["tricks"] == []
        assert j["lead"] == (as_json(before)["first_lead"] + 1) % n     # §4.2


@pytest.mark.parametrize("engine", ENGINES)
def test_E9_trick_is_completed_after_the_lead_empties_its_hand(engine):
    """E9 / §8.2, A12: the lead plays its last card; the others still play, and s0's pair
    (not the emptied hand) takes the 5."""
    before, _ = run_example(GAME[3], 3, 2, EXAMPLES[8][3], [3, 4, 1], engine)
    s = play(before, ["4H ONE"])
    assert as_json(s)["hands"][2] == [] and s.current_player() == 0 and not s.is_terminal()
    assert len(s.legal_actions()) > 0
    play(s, ["1B+4P FIVE"])
    assert s.current_player() == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_E10_nonlead_empties_with_a_pair_of_tens(engine):
    """E10: a Set Pair of two 5/10 cards as 10s empties s2's hand; 6s beat 10s; final points."""
    before, after = run_example(GAME[4], 4, 1, EXAMPLES[9][3], [4, 3, 2, 5], engine)
    assert delta(before, after) == [1, 0, 0, 5]


def test_E14_round_rotation_and_shared_victory():
    """E14 / §4.2, A15, §8.3, A20: with first_lead=2 the rounds' first leads are s2, s0, s1
    whoever won tricks; totals [24, 24, 19] give s0 and s1 a shared victory."""
    config = "dog-tag-trick(players=3,first_lead=2)"
    game = load_game(config)
    for seed in range(5):
        eng, ref = game.new_initial_state(seed), game.new_reference_state(seed)
        rnd = random.Random(seed)
        leads = [eng.current_player()]
        while not eng.is_terminal():
            r = eng.round()
            a = rnd.choice(eng.legal_actions())
            eng.apply_action(a)
            ref.apply_action(a)
            if not eng.is_terminal() and eng.round() != r:
                leads.append(eng.current_player())
                assert ref.current_player() == eng.current_player()
        assert leads == [2, 0, 1]
        assert eng.round() == 3                  # round_c past the last round at the end
    # Pose the end of a game with totals [24, 24, 19].
    for seed in range(50):
        s = game.new_initial_state(seed)
        rnd = random.Random(seed)
        while not s.is_terminal():
            s.apply_action(rnd.choice(s.legal_actions()))
        obj = s.to_json()
        obj["scores"] = [24, 24, 19]
        try:
            end = game.state_from_json(obj)
        except InvalidStateError:
            continue                              # this round's points exceed a posed total
        assert end.is_terminal()
        assert end.returns() == [24.0, 24.0, 19.0]
        assert end.outcome().ranks == (0, 0, 2)
        assert N.state_from_json(obj, game.options).winners() == [0, 1]
        break
    else:
        raise AssertionError("no game fits the posed totals")


def hand_state(config, hand_text, engine):
    """A state where seat 0 is to lead holding exactly ``hand_text`` (moves depend only on
    the hand, §5.1)."""
    game = load_game(config)
    ref = R.DogTagTrickState(game.options)
    ref.hands = ([sum(R.bit(N.parse_card(c)) for c in hand_text.split())]
                 + [1 << 35] * (game.num_players - 1))
    ref.future = [[0] * game.num_players for _ in range(game.num_players - 1)]
    return ref if engine == "reference" else game.state_from_reference(ref)


@pytest.mark.parametrize("engine", ENGINES)
def test_E16_two_card_hand_with_a_five_ten(engine):
    """E16: 4B 5H has exactly 4 moves; 4B+5H:10 qualifies for nothing."""
    s = hand_state("dog-tag-trick", "4B 5H", engine)
    got = [N.action_to_str(a) for a in s.legal_actions()]
    assert sorted(got) == sorted(["4B ONE", "5H:5 ONE", "5H:10 ONE", "4B+5H:5 RUN"])
    with pytest.raises(InvalidActionError):
        N.parse_action("4B+5H:10 RUN", load_game("dog-tag-trick").options)


@pytest.mark.parametrize("engine", ENGINES)
def test_S11_worked_count_of_an_11_card_hand(engine):
    """§11: 1P 2H 2B 3F 4P 5H 6B 7F 7H 8P 9B has 39 moves = 12 ONE + 2 SET + 13 RUN + 12 FIVE."""
    s = hand_state("dog-tag-trick(players=3)", "1P 2H 2B 3F 4P 5H 6B 7F 7H 8P 9B", engine)
    acts = s.legal_actions()
    assert len(acts) == 39
    by_event = [sum(1 for a in acts if R.ACTIONS[a].event == e) for e in range(4)]
    assert by_event == [12, 2, 13, 12]
    texts = {N.action_to_str(a) for a in acts}
    runs = {t for t in texts if t.endswith(" RUN")}
    assert {"3F+4P RUN", "4P+5H:5 RUN", "5H:5+6B RUN", "9B+5H:10 RUN", "8P+9B RUN"} <= runs
    assert {"2B+2H SET", "7F+7H SET"} == {t for t in texts if t.endswith(" SET")}
    assert {"1P+4P FIVE", "1P+9B FIVE", "4P+6B FIVE", "6B+9B FIVE"} <= texts
    assert len(runs) == 13


def test_S11_universe_of_396_moves():
    """§11: 396 = 40 ONE + 60 SET + 144 RUN + 152 FIVE, numbered as dtt_playout.c: singles by
    card, then pairs by (i, j); and the engine's tables hold the same moves."""
    qual = R.ACTIONS[:R.NUM_QUALIFYING_ACTIONS]
    assert [sum(1 for a in qual if a.event == e) for e in range(4)] == [40, 60, 144, 152]
    assert all(a.event == R.ONE for a in qual[:40]) and all(a.event != R.ONE for a in qual[40:])
    assert [a.cards for a in qual[40:]] == sorted(a.cards for a in qual[40:])
    assert all(a.event == R.NONE for a in R.ACTIONS[R.NUM_QUALIFYING_ACTIONS:])
    assert load_game("dog-tag-trick").num_distinct_actions == 396
    game = load_game("dog-tag-trick(unqualified_pairs=allowed_as_discard)")
    assert game.num_distinct_actions == 860
    # The Cython tables agree with the reference on every action's qualification.
    for a in R.ACTIONS:
        for e in (R.SET, R.RUN, R.FIVE):
            q = len(a.cards) == 2 and e in R.qualifying_events(*a.values)
            assert (_state.strength_key(a.id, e) >= 0) == q


def test_S11_branching_factor():
    """§11 table: mean legal moves of a fresh hand = 40·H/36 + 356·H(H−1)/1260 = 43.30, 30.34,
    19.64 (11, 9, 7 cards); sampled from seeded deals (the lead's hand is a uniform hand)."""
    for n, exact in ((3, 43.30), (4, 30.34), (5, 19.64)):
        h = R.HAND_SIZE[n]
        assert abs(40 * h / 36 + 356 * h * (h - 1) / 1260 - exact) < 0.005
        game = load_game(GAME[n])
        counts = [len(game.new_initial_state(k).legal_actions()) for k in range(6000)]
        mean = sum(counts) / len(counts)
        assert abs(mean - exact) < 0.5, (n, mean)


def test_S2_deck_and_encoding():
    """§2.1, §2.3: 36 cards, one per (icon, rank); the 5/10 cards are ids 4, 13, 22, 31."""
    names = [N.card_name(c) for c in range(36)]
    assert len(set(names)) == 36
    assert names[0] == "1B" and names[8] == "9B" and names[9] == "1F" and names[35] == "9P"
    assert [c for c in range(36) if R.base(c) == 5] == [4, 13, 22, 31]
    assert all(N.parse_card(x) == c for c, x in enumerate(names))


@pytest.mark.parametrize("n, h, unused", [(3, 11, 3), (4, 9, 0), (5, 7, 1)])
def test_S3_deal_sizes_and_unused_pile(n, h, unused):
    """§3: 11/9/7 cards each, 3/0/1 unused, N rounds, each a fresh deal of all 36 cards."""
    game = load_game(GAME[n])
    s = game.new_initial_state(4)
    j = s.to_json()
    assert [len(x) for x in j["hands"]] == [h] * n and len(j["unused"]) == unused
    assert len(j["deals"]) == n - 1
    for deal in j["deals"]:
        assert [len(x) for x in deal] == [h] * n
    assert game.max_game_length == n * n * h
    for p in range(n):
        assert "unused" not in s.view(p).to_json()


def test_S3_player_counts_other_than_3_to_5_are_rejected():
    from solver.errors import InvalidOptionError
    for bad in ("2", "6", "x"):
        with pytest.raises(InvalidOptionError, match="3, 4 or 5 players"):
            load_game(f"dog-tag-trick(players={bad})")


def test_S5_3_qualifying_value_pairs():
    """§5.3: the complete lists of qualifying value pairs and the multi-event pairs."""
    pairs = {}
    for a in R.ACTIONS[40:R.NUM_QUALIFYING_ACTIONS]:
        pairs.setdefault(a.event, set()).add(tuple(sorted(a.values)))
    assert pairs[R.SET] == {(v, v) for v in range(1, 11)}
    assert pairs[R.RUN] == {(v, v + 1) for v in range(1, 10)}
    assert pairs[R.FIVE] == {(2, 3), (1, 4), (1, 9), (2, 8), (3, 7), (4, 6), (6, 9), (7, 8),
                             (5, 5), (5, 10), (10, 10)}
    multi = {vp for vp in set().union(*pairs.values())
             if sum(vp in pairs[e] for e in (R.SET, R.RUN, R.FIVE)) > 1}
    assert multi == {(2, 3), (7, 8), (5, 5), (10, 10)}


def _ladder(event, cards_values):
    keys = [R.strength(event, c, v, load_game("dog-tag-trick").options) for c, v in cards_values]
    return keys == sorted(keys, reverse=True)


def test_S7_strength_ladders():
    """§7 ladders, strongest first; the trailing key parts never change the ladder order."""
    c = N.parse_card
    assert _ladder(R.ONE, [((c("5H"),), (10,)), ((c("9B"),), (9,)), ((c("8P"),), (8,)),
                           ((c("6P"),), (6,)), ((c("5P"),), (5,)), ((c("4P"),), (4,)),
                           ((c("1P"),), (1,))])
    assert _ladder(R.SET, [((c("1B"), c("1F")), (1, 1)), ((c("4H"), c("4P")), (4, 4)),
                           ((c("5B"), c("5F")), (5, 5)), ((c("6B"), c("6F")), (6, 6)),
                           ((c("9H"), c("9P")), (9, 9)), ((c("5H"), c("5P")), (10, 10))])
    assert _ladder(R.RUN, [((c("1B"), c("2B")), (1, 2)), ((c("4B"), c("5P")), (4, 5)),
                           ((c("5B"), c("6B")), (5, 6)), ((c("8P"), c("9P")), (8, 9)),
                           ((c("5P"), c("9P")), (10, 9))])
    # FIVE by top value; 1+9 and 6+9 compare only on the 9s' icons; 10+10 does not beat 10+5
    # by its sum (A8: the top of two equal values is the stronger icon).
    assert _ladder(R.FIVE, [((c("5B"), c("5P")), (5, 10)), ((c("5F"), c("5H")), (10, 10)),
                            ((c("1B"), c("9P")), (1, 9)), ((c("6P"), c("9H")), (6, 9)),
                            ((c("2B"), c("8B")), (2, 8)), ((c("3B"), c("7B")), (3, 7)),
                            ((c("4B"), c("6B")), (4, 6)), ((c("5F"), c("5P")), (5, 5)),
                            ((c("1B"), c("4B")), (1, 4)), ((c("2B"), c("3B")), (2, 3))])


def test_S5_4_and_E16_non_qualifying_pairs_are_not_moves():
    """§5.4, A1: 9B+9P FIVE, 5H:5+5F:10 SET, 1P+3P and 4B+5H:10 name no move by default."""
    opts = load_game("dog-tag-trick").options
    for text in ("9B+9P FIVE", "5H:5+5F:10 SET", "1P+3P SET", "1P+3P NONE", "1P+3P",
                 "4B+5H:10 RUN"):
        with pytest.raises(InvalidActionError):
            N.parse_action(text, opts)


@pytest.mark.parametrize("engine", ENGINES)
def test_S5_5_single_card_hand_plays_a_single(engine):
    """§5.5: a 1-card hand has 1 move, or 2 for a 5/10 card."""
    assert len(hand_state("dog-tag-trick", "7P", engine).legal_actions()) == 1
    assert len(hand_state("dog-tag-trick", "5P", engine).legal_actions()) == 2


@pytest.mark.parametrize("engine", ENGINES)
def test_S5_1_no_passing_and_may_follow(engine):
    """§5.1, A2, A3: after a SET lead, seat 1 has exactly the moves its hand gives when it
    leads (singles and pairs of every event; never an empty list, no PASS)."""
    before, _ = run_example(GAME[4], 4, 0, ["3H+3B SET", "2P+2F SET", "7P ONE", "6H+6B SET"],
                            None, engine)
    s = play(before, ["3H+3B SET"])
    hand = " ".join(as_json(s)["hands"][1])
    acts = s.legal_actions()
    assert acts == hand_state("dog-tag-trick", hand, engine).legal_actions()
    assert {R.ACTIONS[a].event for a in acts} >= {R.ONE, R.SET}


@pytest.mark.parametrize("engine", ENGINES)
def test_illegal_card_not_in_hand(engine):
    """A move whose cards the mover does not hold is illegal now (IllegalActionError), and the
    state does not change."""
    before, _ = run_example(GAME[4], 4, 0, ["3H+3B SET", "2P+2F SET", "7P ONE", "6H+6B SET"],
                            None, engine)
    snapshot = as_json(before)
    with pytest.raises(IllegalActionError):
        play(before, ["2P+2F SET"])            # seat 1's cards, seat 0 to play
    assert as_json(before) == snapshot
