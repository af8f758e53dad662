"""Views and determinization (rules §11): in phase 1 the other hands and the stock order are
hidden and re-dealt uniformly from the unseen cards; from phase 2 on the game is of perfect
information and determinization is the identity."""
import random

import pytest

from solver.games.mattis import rules as R
from solver.registry import load_game
from solver.rng import Random
from tests.games.mattis.helpers import game, mask, phase1_json, phase2_json


def random_phase1_states(g, seeds):
    for seed in seeds:
        s = g.new_initial_state(seed)
        rnd = random.Random(seed)
        while s.phase() == "phase1":
            yield s.clone()
            s.apply_action(rnd.choice(s.legal_actions()))


def unseen_by(ref, p):
    """§11: 52 minus the own hand, every played card (won piles, table) and the shown trump."""
    seen = ref.hands[p]
    for w in ref.won:
        seen |= w
    for (_q, c, _r, _b) in ref.trick:
        seen |= R.bit(c)
    if ref.trump_card >= 0:
        seen |= R.bit(ref.trump_card)
    return R.ALL_CARDS & ~seen


@pytest.mark.parametrize("spec", ["mattis", "mattis(players=6,trump_card=reserved)",
                                  "mattis(players=3,draw_timing=immediate)"])
def test_phase1_worlds_keep_every_public_fact(spec):
    """§11: a world keeps the observer's hand, the won piles, the table, hand sizes, stock size
    and the face-up trump card where it lies; only the unseen cards move."""
    g = load_game(spec)
    checked = 0
    for s in random_phase1_states(g, range(3)):
        truth = s.to_reference()
        for p in range(g.num_players):
            unseen = unseen_by(truth, p)
            for k in range(2):
                w = s.view(p).determinize(Random(k)).to_reference()
                assert w.hands[p] == truth.hands[p] and w.won == truth.won
                assert w.trick == truth.trick and w.reserved_by == truth.reserved_by
                assert [R.count(h) for h in w.hands] == [R.count(h) for h in truth.hands]
                assert len(w.stock) == len(truth.stock)
                moved = sum(R.bit(c) for c in w.stock)
                for q in range(g.num_players):
                    if q != p:
                        shown = R.bit(truth.trump_card) if truth.trump_card >= 0 else 0
                        assert w.hands[q] & shown == truth.hands[q] & shown
                        moved |= w.hands[q] & ~shown
                assert moved == unseen
                checked += 1
    assert checked > 50


def _cell_counts(state, p, samples):
    counts = {}
    for k in range(samples):
        w = state.determinize_for(p, Random(1000 + k)).to_reference()
        for q in range(w.n):
            if q != p:
                for c in R.cards_of(w.hands[q]):
                    counts[(c, f"hand{q}")] = counts.get((c, f"hand{q}"), 0) + 1
        top = w.stock[0] if w.stock else None
        if top is not None:
            counts[(top, "stock_top")] = counts.get((top, "stock_top"), 0) + 1
    return counts


def test_phase1_determinization_is_uniform():
    """§11: each unseen card lands in each hidden hand slot and on top of the stock with the
    probability of a uniform deal (each cell within 5 binomial standard errors)."""
    g = game(players=4)
    obj = phase1_json(4, ["7C KD 2H", "9S 4D JC", "QH 3S 5C", "8D 6H TS"], stock="AH 2S 9D 4C",
                      leader=0, extra_stock=36)
    s = g.state_from_json(obj)
    s.apply_action("7C")            # P1 to play; observer P1 sees 7C on the table
    p, samples = 1, 4000
    truth = s.to_reference()
    unseen = R.cards_of(unseen_by(truth, p))
    assert len(unseen) == 48
    counts = _cell_counts(s, p, samples)
    for c in unseen:
        for place, k in (("hand0", 2), ("hand2", 3), ("hand3", 3), ("stock_top", 1)):
            prob = k / 48
            freq = counts.get((c, place), 0) / samples
            se = (prob * (1 - prob) / samples) ** 0.5
            assert abs(freq - prob) <= 5 * se, (c, place, freq, prob)


def test_phase1_determinization_reads_only_the_view():
    """Two true positions that differ only in where hidden cards lie give identical worlds for
    the same seed (the sampler never reads the truth)."""
    g = game(players=3)
    a = phase1_json(3, ["8C 2D JH", "4C 6S 9D", "TD 3H KC"], stock="5H QS 7S", leader=0,
                    last_winner=0)
    b = phase1_json(3, ["8C 2D JH", "QS 6S 7S", "TD 3H 5H"], stock="4C KC 9D", leader=0,
                    last_winner=0)
    sa, sb = g.state_from_json(a), g.state_from_json(b)
    assert sa.view(0).to_json() == sb.view(0).to_json()
    assert sa.infoset_key(0) == sb.infoset_key(0) and sa.state_hash() != sb.state_hash()
    assert sa.infoset_key(1) != sb.infoset_key(1)
    for k in range(5):
        assert sa.determinize_for(0, k).to_json() == sb.determinize_for(0, k).to_json()


def test_shown_trump_card_stays_with_its_holder():
    """§5.4/§11: the face-up trump card in a hand (playable) is public and never re-dealt."""
    g = game(players=3)
    s = g.state_from_json(phase1_json(3, ["8C 2D JH", "4C 6S 9D", "TD 3H KC"], stock="5H QS",
                                      leader=0, last_winner=0))
    s.apply_action("8C")
    s.apply_action("BLIND")
    s.apply_action("TD")            # P2 draws QS, the last card, face up
    v = s.view(0).to_json()
    assert v["hands"][2] == ["QS"] and v["hand_sizes"] == [2, 3, 3] and v["stock_size"] == 0
    for k in range(20):
        w = s.determinize_for(0, k).to_reference()
        assert w.hands[2] & mask("QS") and R.count(w.hands[2]) == 3


def test_view_json_phase1_round_trip_and_hidden_fields():
    g = game(players=5, trump_card="reserved")
    for s in random_phase1_states(g, [4]):
        for p in range(5):
            v = s.view(p).to_json()
            assert "stock" not in v and v["stock_size"] == len(s.to_reference().stock)
            assert v["hands"][p] == s.to_json()["hands"][p]
            assert g.view_from_json(v).to_json() == v


def test_phase2_view_is_the_whole_state_and_determinization_is_identity():
    """§11: phase 2 is of perfect information; the view is the state plus the seat."""
    g = game(players=4)
    s = g.state_from_json(phase2_json(["4S 9S KC", "2S AD 6D", "TS 3C 5D", ""], "H", to_act=1))
    for p in range(4):
        v = s.view(p).to_json()
        assert v == dict(s.to_json(), seat=p)
        for k in range(3):
            assert s.view(p).determinize(k) == s and s.determinize_for(p, k) == s
        assert s.infoset_key(p) == s.view(p).determinize(0).infoset_key(p)


def test_scores_round_and_returns_before_the_end():
    """scores are zero until the end, then the returns; one round (round() == 0)."""
    g = game(players=3)
    s = g.new_initial_state(3)
    assert s.scores() == [0.0] * 3 and s.round() == 0 and s.returns() == [0.0] * 3
    rnd = random.Random(3)
    while not s.is_terminal():
        s.apply_action(rnd.choice(s.legal_actions()))
    assert s.scores() == s.returns() and sorted(s.returns()) == [0.0, 1.0, 1.0]
    assert s.round() == 0 and s.loser() == s.returns().index(0.0)


def test_a_view_showing_a_card_twice_names_it():
    """A view that shows one card in two places (here the seat's own hand and a won pile) is
    refused with the card and both places named (it used to get a count mismatch)."""
    from solver.errors import InvalidStateError

    g = game(players=4)
    s = next(x for x in random_phase1_states(g, [5]) if any(x.to_json()["won"]))
    me = s.current_player()
    v = s.view(me).to_json()
    thief = next(i for i, w in enumerate(v["won"]) if w)
    v["hands"][me] = v["hands"][me][:-1] + [v["won"][thief][0]]
    with pytest.raises(InvalidStateError, match=rf"duplicate card {v['won'][thief][0]}: in "
                                                rf"hands\[{me}\] and won\[{thief}\]"):
        g.view_from_json(v)
