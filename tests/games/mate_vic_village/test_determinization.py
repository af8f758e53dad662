"""Views and determinization (§10): what a seat sees, and that sampled worlds respect every hard
fact of its view and are uniform among the worlds that do."""
import collections
import itertools
import random

import pytest

from solver.games.mate_vic_village import rules as R
from solver.rng import Random
from tests.conftest import positions_along
from tests.games.mate_vic_village.helpers import game, pose


def _exact_distribution(unknown, caps, allowed):
    """All deals of ``unknown`` into hands of sizes caps (hand j within allowed[j]) + a free
    rest, by brute force: each valid deal is equally likely under §10.5."""
    cards = R.cards_of(unknown)
    deals = []

    def rec(j, rem, hands):
        if j == len(caps):
            deals.append(tuple(hands))
            return
        for combo in itertools.combinations(R.cards_of(rem & allowed[j]), caps[j]):
            m = R.mask_of(combo)
            rec(j + 1, rem & ~m, hands + [m])

    rec(0, R.mask_of(cards), [])
    return deals


@pytest.mark.parametrize("caps,voids", [
    ((3, 2), (0b00001, 0b00110)),            # 3 players: two constrained hands
    ((2, 2, 2), (0b00011, 0b00100, 0b01000)),  # 4 players: three constrained hands
    ((2, 1, 2), (0b00000, 0b00011, 0b00001)),
])
def test_exact_sampler_is_uniform_over_the_consistent_deals(caps, voids):
    """§10.5 (exactness): rules.deal_hidden (the Cython sampler's twin, equal draw for draw by
    test_determinizers_agree_draw_for_draw below) hits every consistent deal with equal
    frequency: a chi-square test against brute-force enumeration (threshold far beyond the 1e-4
    tail)."""
    unknown = R.mask_of([0, 1, 2, 10, 11, 20, 21, 30, 40])      # R1-3, B1-2, Y1-2, G1, P1
    allowed = [R.colour_set(~v & 0x1F) for v in voids]
    deals = _exact_distribution(unknown, list(caps), allowed)
    assert 10 < len(deals) < 2000
    n = 40 * len(deals)
    rng = Random(99)
    counts = collections.Counter()
    for _ in range(n):
        hands, free = R.deal_hidden(rng, unknown, list(caps), allowed)
        assert free | R.mask_of([c for h in hands for c in R.cards_of(h)]) == unknown
        counts[tuple(hands)] += 1
    assert set(counts) == set(deals)
    expect = n / len(deals)
    chi2 = sum((counts[d] - expect) ** 2 / expect for d in deals)
    dof = len(deals) - 1
    assert chi2 < dof + 6 * (2 * dof) ** 0.5


def _late_states(g, seeds, every=3):
    return positions_along(g, seeds, every, 5)


@pytest.mark.parametrize("players", [3, 4])
def test_worlds_respect_every_hard_fact(players):
    """§10.4: in every sampled world the observer's hand, discards, all played and drawn cards,
    hand sizes, the pile size, the unrevealed instruction multiset and every void are as in
    the true state; other seats' cards differ from the truth in some world (they are hidden)."""
    g = game(players)
    moved = 0
    for s in _late_states(g, range(3), every=7):
        t = s.to_reference()
        p = max(0, s.current_player())
        for k in range(6):
            w = s.determinize_for(p, k).to_reference()
            assert w.hands[p] == t.hands[p] and w.discards[p] == t.discards[p]
            assert w.played == t.played and w.drawn == t.drawn and w.voids == t.voids
            assert [R.popcount(h) for h in w.hands] == [R.popcount(h) for h in t.hands]
            assert len(w.reward) - w.reward_pos == len(t.reward) - t.reward_pos
            assert w.unrevealed() == t.unrevealed()
            assert (w.deck[:len(w.deck) - len(w.unrevealed())]
                    == t.deck[:len(t.deck) - len(t.unrevealed())])
            for q in range(players):
                assert not w.hands[q] & R.colour_set(w.voids[q])
            if t.phase == R.PLAY:
                undrawn_mine = t.discards[p] & R.mask_of(t.reward[t.reward_pos:])
                assert undrawn_mine & ~R.mask_of(w.reward[w.reward_pos:]) == 0
            moved += any(w.hands[q] != t.hands[q] for q in range(players) if q != p)
    assert moved > 0


def test_discard_phase_world_keeps_only_what_the_seat_knows():
    """§11.1 / A17: during the discards a seat knows its own hand and discards only; others'
    discards already made are re-dealt (hidden), seats yet to discard have none."""
    g = game(3)
    s = g.new_initial_state(4)
    s.apply_action(s.legal_actions()[5])                  # seat 0 discards
    s.apply_action(s.legal_actions()[7])                  # seat 1 discards
    t = s.to_reference()
    seen_disc = set()
    for k in range(30):
        w = s.determinize_for(2, k).to_reference()
        assert w.discards[2] == 0 and w.hands[2] == t.hands[2]
        assert [R.popcount(d) for d in w.discards] == [2, 2, 0]
        assert R.popcount(w.undealt) == 2 and sorted(w.deck) == sorted(t.deck)
        seen_disc.add(w.discards[0])
    assert len(seen_disc) > 20
    w = s.determinize_for(0, 1).to_reference()
    assert w.discards[0] == t.discards[0] and w.hands[0] == t.hands[0]


def test_void_forces_the_colour_elsewhere():
    """§10.4: a seat that did not follow red holds no red in any world, so the red cards still
    unknown sit with the other seats or in the reward pile."""
    g = game(3)
    s = g.state_from_json(pose(g, [("STAY-5", 0, "R1 B2 R3"), ("STAY-6", 2, "")],
                               voids={1: "R"}))
    for k in range(50):
        w = s.determinize_for(2, k).to_reference()
        assert not w.hands[1] & R.COLOR_MASK[0]
    assert s.view(2).to_json()["voids"] == [[], ["R"], []]


def test_view_json_holds_only_the_seat_s_information():
    """§10.1-§10.3: a view carries the seat's own hand and discards, public history, sizes and
    scores; never the other hands, other discards, the undealt cards, any hidden order or the
    chance stream."""
    g = game(4)
    s = g.state_from_json(pose(g, [("GO-7", 0, "R7 R2 B7 R1"), ("STAY-1", 2, "")],
                               voids={2: "R"}, rewards=["Y5"]))
    v = s.view(1).to_json()
    for key in ("undealt", "instruction_deck", "reward_pile", "chance_state"):
        assert key not in v
    assert v["hands"][1] == s.to_json()["hands"][1]
    assert [h for q, h in enumerate(v["hands"]) if q != 1] == [None] * 3
    assert v["discards"][1] == s.to_json()["discards"][1]
    assert [d for q, d in enumerate(v["discards"]) if q != 1] == [None] * 3
    assert v["hand_sizes"] == [10, 10, 10, 10] and v["reward_pile_size"] == 5
    assert v["tricks"][0]["rewards"] == [{"seat": 0, "card": "Y5"}]
    assert v["unrevealed_instructions"] == sorted(v["unrevealed_instructions"], key=_instr_key)
    assert v["tricks"][1]["instruction"] == "STAY-1"        # A23: revealed before the lead


def _instr_key(name):
    from solver.games.mate_vic_village import notation as N
    return N.parse_instr(name)


@pytest.mark.parametrize("players", [3, 4])
def test_infoset_key_hash_round_and_scores(players):
    """game.pxd segment support: a sampled world has the observer's infoset key but (hidden
    cards moved) usually another state hash; round() counts rounds 1..n (n+1 at the end);
    scores() are the totals plus the running round score (§7.1), equal to returns() at the
    end."""
    g = game(players)
    differ = 0
    rounds = set()
    for s in _late_states(g, range(2), every=11):
        rounds.add(s.round())
        t = s.to_reference()
        assert s.scores() == [a + (b if t.phase != R.OVER else 0)
                              for a, b in zip(t.totals, t.round_score)]
        if s.is_terminal():
            assert s.scores() == s.returns() and s.round() == players + 1
            continue
        for p in range(players):
            w = s.determinize_for(p, 3)
            assert w.infoset_key(p) == s.infoset_key(p)
            differ += w.state_hash() != s.state_hash()
        assert len({s.infoset_key(p) for p in range(players)}) == players
    assert rounds == set(range(1, players + 1)) and differ > 0
    s = g.new_initial_state(9)
    rnd = random.Random(9)
    while not s.is_terminal():
        s.apply_action(rnd.choice(s.legal_actions()))
    assert s.scores() == s.returns() and s.round() == players + 1


VARIANT = dict(removed_scope="round", go_second_place="all_other_tied",
               go_second_requires_target_match="true", tiebreak_round="one_before",
               next_start_fallback="random", first_leader="random")


@pytest.mark.parametrize("players", [3, 4])
def test_determinizers_agree_draw_for_draw(players):
    """§10.5: determinize_c and rules.determinize make the same draws, so the exact sampler's
    uniformity (test_determinization) carries over to the engine; every phase is visited."""
    rnd = random.Random(players)
    for g in (game(players), game(players, mode="advanced", **VARIANT)):
        for seed in range(6):
            s = g.new_initial_state(seed)
            k = 0
            while not s.is_terminal():
                if k % 5 == 0:
                    ref = s.to_reference()
                    for p in range(players):
                        w = s.determinize_for(p, 1000 * seed + k)
                        want = R.determinize(ref, p, Random(1000 * seed + k))
                        assert w.to_reference() == want, (seed, k, p)
                s.apply_action(rnd.choice(s.legal_actions()))
                k += 1
            ref = s.to_reference()
            assert s.determinize_for(0, 5).to_reference() == R.determinize(ref, 0, Random(5))
