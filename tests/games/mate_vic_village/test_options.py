"""Every option of §12 (plus ``players``) shows its effect; ambiguity resolutions A1, A3, A4-A6,
A11, A13, A15, A16 and A21 are checked against their alternatives."""
import collections
import random

import pytest

from solver.errors import InvalidOptionError
from solver.games.mate_vic_village import notation as N
from solver.games.mate_vic_village import rules as R
from solver.games.mate_vic_village._state import _next_starter
from solver.registry import load_game
from solver.rng import Random
from tests.games.mate_vic_village.helpers import game, pose


def test_defaults_are_the_rules():
    """§12: every option defaults to the rules as specified (4 players, §3)."""
    assert load_game("mate-vic-village").options == {
        "players": 4, "mode": "basic", "first_leader": 0, "removed_scope": "game",
        "go_second_place": "second_latest", "go_second_requires_target_match": False,
        "tiebreak_round": "just_completed",
        "next_start_fallback": "clockwise_after_previous_starter", "recall_played_cards": True}


@pytest.mark.parametrize("bad", ["2", "5", "8", "three"])
def test_A21_other_player_counts_are_rejected(bad):
    """A21 / §3: only 3 and 4 players exist."""
    with pytest.raises(InvalidOptionError, match="3 or 4 players"):
        load_game(f"mate-vic-village(players={bad})")
    for n in (3, 4):
        assert game(n).num_players == n


def test_A13_first_leader_seat_and_random():
    """A13: first_leader picks round 1's starter (who also discards first); a seat outside the
    table is rejected; "random" is a uniform chance event of the deal (same in rules.py)."""
    s = game(4, first_leader=2).new_initial_state(0)
    assert s.to_json()["starter"] == 2 and s.current_player() == 2
    with pytest.raises(InvalidOptionError):
        load_game("mate-vic-village(players=3,first_leader=3)")
    g = game(3, first_leader="random")
    seen = collections.Counter()
    for seed in range(300):
        s = g.new_initial_state(seed)
        seen[s.to_json()["starter"]] += 1
        assert s.to_reference() == g.new_reference_state(seed)
    assert set(seen) == {0, 1, 2} and min(seen.values()) > 60


def test_mode_basic_never_removes_go_and_A3_advanced_removes_uniformly():
    """§4 / A3: basic mode removes 4 (1) STAY cards and keeps all five GO! cards; advanced mode
    removes uniformly among all 15 instruction cards, so GO! cards can go (4 players: 1-5 GO!
    and 6-10 STAY left; 3 players: 4 or 5 GO! left)."""
    basic, adv, adv3 = game(4), game(4, mode="advanced"), game(3, mode="advanced")
    counts = collections.Counter()
    gos = set()
    n = 3000
    for seed in range(n):
        rem = basic.new_initial_state(seed).to_json()["removed"]
        assert len(rem) == 4 and all(x.startswith("STAY") for x in rem)
        js = adv.new_initial_state(seed).to_json()
        counts.update(js["removed"])
        deck = js["instruction_deck"]
        ngo = sum(x.startswith("GO") for x in deck)
        assert 1 <= ngo <= 5 and 6 <= len(deck) - ngo <= 10
        gos.add(ngo)
        deck3 = adv3.new_initial_state(seed).to_json()["instruction_deck"]
        ngo3 = sum(x.startswith("GO") for x in deck3)
        assert ngo3 in (4, 5)
    assert gos >= {3, 4, 5}
    p = 4 / 15
    sd = (n * p * (1 - p)) ** 0.5
    assert len(counts) == 15 and all(abs(c - n * p) < 5 * sd for c in counts.values())


def _play_out(s, rnd, per_round):
    while not s.is_terminal():
        js = s.to_json()
        per_round.setdefault(js["round"], (js["removed"], js["instruction_deck"]))
        s.apply_action(rnd.choice(s.legal_actions()))


def test_A1_removed_scope_game_and_round():
    """A1: removed cards stay out for the whole game, so every round uses the same instruction
    multiset; removed_scope=round re-removes at every round's set-up."""
    rnd = random.Random(1)
    changed = 0
    for seed in range(6):
        per_round = {}
        _play_out(game(4).new_initial_state(seed), rnd, per_round)
        assert len(per_round) == 4
        assert len({tuple(r) for r, _ in per_round.values()}) == 1
        assert len({tuple(sorted(d)) for _, d in per_round.values()}) == 1
        per_round = {}
        _play_out(game(4, removed_scope="round").new_initial_state(seed), rnd, per_round)
        changed += len({tuple(r) for r, _ in per_round.values()}) > 1
        for removed, deck in per_round.values():
            assert sorted(map(N.parse_instr, removed + deck)) == list(range(15))
    assert changed >= 5


def test_A6_empty_reward_pile_under_all_other_tied():
    """A6 (with A4's all_other_tied): three GO! draws per trick empty the 6-card pile in two
    tricks; a later qualifier draws nothing."""
    g = game(4, go_second_place="all_other_tied")
    s = g.state_from_json(pose(g, [
        ("GO-9", 0, "R9 B9 Y9 G9"),     # S3 wins; S2, S1, S0 draw
        ("GO-7", 3, "B7 R7 Y7 G7"),     # S2 wins; S1, S0, S3 draw: the pile is empty
        ("GO-5", 2, "G5 G1 G2"),
    ], voids={0: "B", 1: "RBG", 2: "RB", 3: "R"}))
    js = s.to_json()
    assert js["reward_pile"] == [] and [len(t["rewards"]) for t in js["tricks"][:2]] == [3, 3]
    before = s.scores()
    s.apply_action("P5")                  # S1's 5 is the last one: S2's G5 is 2nd, no card left
    t = s.to_json()["tricks"][2]
    assert (t["W"], t["winner"], t["rewards"]) == (5, 1, [])
    assert s.scores() == [before[0], before[1] + 5, before[2], before[3]]


def test_A5_second_place_with_target_match_only():
    """A5: by default a tie for the highest number (no match) still gives a 2nd place; with
    go_second_requires_target_match=true only W == N does (a matched tie still draws)."""
    for requires, expect in ((False, 1), (True, 0)):
        g = game(3, go_second_requires_target_match=str(requires).lower())
        s = g.state_from_json(pose(g, [("GO-3", 0, "R9 B9 Y9")], voids={1: "R", 2: "R"}))
        assert len(s.to_json()["tricks"][0]["rewards"]) == expect
        s = g.state_from_json(pose(g, [("GO-3", 0, "R3 B3 Y1")], voids={1: "R", 2: "R"}))
        assert len(s.to_json()["tricks"][0]["rewards"]) == 1


def test_leader_card_can_be_second_place():
    """§15: the leader's earlier W card can be 2nd place."""
    g = game(3)
    s = g.state_from_json(pose(g, [("GO-7", 0, "B7 B3 G7")], voids={2: "B"}, rewards=["R1"]))
    t = s.to_json()["tricks"][0]
    assert (t["winner"], t["rewards"]) == (2, [{"seat": 0, "card": "R1"}])


def test_A15_A16_tiebreaks_and_fallbacks():
    """A15: the just-completed round breaks ties of the lowest total (one_before: the round
    before it, nothing after round 1); A16: the remaining tie goes clockwise from the seat
    after the previous starter, skipping seats dropped by step 2, or (random) to a uniform
    candidate, drawn identically by both engines."""
    g4 = game(4)
    # Totals 0/2/2/2 -> S0 alone.
    assert _next_starter(g4, [[0, 2, 2, 2]], 3) == 0
    # S1, S2, S3 tie on total 4; S1 has the higher round-2 score, so from S0 clockwise S1 is
    # skipped and S2 starts.
    past = [[5, 1, 2, 2], [0, 3, 2, 2]]
    assert _next_starter(g4, past, 0) == 2
    # one_before compares the round-1 scores 1/2/2: S1.
    assert _next_starter(game(4, tiebreak_round="one_before"), past, 0) == 1
    # After round 1 one_before has nothing to compare: clockwise from S3 -> S0.
    assert _next_starter(game(4, tiebreak_round="one_before"), [[1, 1, 1, 1]], 3) == 0
    gr = game(4, next_start_fallback="random")
    seen = collections.Counter()
    opts = gr.options
    for seed in range(400):
        a = _next_starter(gr, [[2, 1, 1, 1]], 1, seed)
        assert a == R.next_starter([2, 1, 1, 1], [[2, 1, 1, 1]], 1, opts, Random(seed))
        seen[a] += 1
    assert set(seen) == {1, 2, 3} and min(seen.values()) > 90


def test_A11_recall_played_cards_changes_the_observation_only():
    """A11: with recall_played_cards=false the observation hides the cards of completed
    face-down piles (a seat keeps its own card) and the voids only they showed; GO! tricks and
    the trick in progress stay visible; play and the View (the information state) do not
    change."""
    script = [("STAY-4", 0, "R1 B2 R3 R5"),    # S3 wins (W = 5); S1 shows a red void
              ("GO-9", 3, "Y2 G3 Y4 Y5"),      # S2 wins (W = 5); S0 shows a yellow void
              ("STAY-6", 2, "P1")]
    forget, keep = game(4, recall_played_cards="false"), game(4)
    sf = forget.state_from_json(pose(forget, script, voids={0: "Y", 1: "R"}))
    sk = keep.state_from_json(pose(keep, script, voids={0: "Y", 1: "R"}))
    ref = sf.to_reference()
    obs = N.observation_to_json(ref, 2)
    assert obs["tricks"][0]["cards"] == [None, None, "R3", None] and "W" not in obs["tricks"][0]
    assert obs["tricks"][0]["winner"] == 3
    assert obs["tricks"][1]["cards"] == ["Y2", "G3", "Y4", "Y5"]
    assert obs["tricks"][2]["cards"] == ["P1"]
    assert obs["voids"] == [["Y"], [], [], []]                  # S1's red void was forgotten
    assert sf.view(2).to_json()["voids"] == [["Y"], ["R"], [], []]
    assert N.observation_to_json(sk.to_reference(), 2) == sk.view(2).to_json()
    assert "??" in sf.render(2) and "??" not in sk.render(2)
    assert sf.view(2).to_json() == sk.view(2).to_json()
    assert sf.legal_actions() == sk.legal_actions()
