"""Properties the rules prove or require: §7.1 (strength orders are strict, no exact ties), §10
(determinization re-deals exactly the unseen cards, uniformly, by public hand sizes)."""
import collections
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.games.dog_tag_trick import _state
from solver.games.dog_tag_trick import rules as R
from solver.registry import load_game

OPTS = {m: dict(load_game(f"dog-tag-trick(low_set_tiebreak={m})").options)
        for m in ("max_icon", "min_icon")}
QUAL = R.ACTIONS[:R.NUM_QUALIFYING_ACTIONS]


def competitors(event):
    """Every action whose played values qualify for ``event`` (announced or, under A4's
    AUTO_JOIN_MAIN, joining it)."""
    if event == R.ONE:
        return [a for a in QUAL if a.event == R.ONE]
    return [a for a in R.ACTIONS if len(a.cards) == 2 and event in R.qualifying_events(*a.values)]


COMPETITORS = {e: competitors(e) for e in (R.ONE, R.SET, R.RUN, R.FIVE)}


def check_strict(event, a, b, tiebreak):
    """Two plays that can meet in one trick (disjoint cards) never tie in ``event``, and both
    engines order them the same way."""
    if a.mask & b.mask:
        return
    ka = R.strength(event, a.cards, a.values, OPTS[tiebreak])
    kb = R.strength(event, b.cards, b.values, OPTS[tiebreak])
    assert ka != kb, (a, b)
    ea = _state.strength_key(a.id, event, tiebreak == "min_icon")
    eb = _state.strength_key(b.id, event, tiebreak == "min_icon")
    assert ea >= 0 and eb >= 0 and (ea > eb) == (ka > kb), (a, b)


@settings(max_examples=400, deadline=None)
@given(event=st.sampled_from([R.ONE, R.SET, R.RUN, R.FIVE]), data=st.data(),
       tiebreak=st.sampled_from(["max_icon", "min_icon"]))
def test_S7_1_strength_order_is_strict_hypothesis(event, data, tiebreak):
    """§7.1: no two plays of one trick have equal keys, in every event and tie-break option."""
    pool = COMPETITORS[event]
    a = data.draw(st.sampled_from(pool))
    b = data.draw(st.sampled_from([x for x in pool if not x.mask & a.mask]))
    check_strict(event, a, b, tiebreak)


def test_S7_1_strength_order_is_strict_exhaustive():
    """§7.1 over every pair of competitors of every event (both tie-break options)."""
    for event, pool in COMPETITORS.items():
        for tiebreak in ("max_icon", "min_icon"):
            keys = {}
            for a in pool:
                keys[a.id] = R.strength(event, a.cards, a.values, OPTS[tiebreak])
            for i, a in enumerate(pool):
                for b in pool[i + 1:]:
                    if not a.mask & b.mask:
                        assert keys[a.id] != keys[b.id], (a, b)


def test_S7_engine_keys_order_as_the_reference():
    """The packed base-16 keys of the engine sort every event's competitors as the rules'
    tuples do (§7: "any injective packing works")."""
    for event, pool in COMPETITORS.items():
        for tiebreak in ("max_icon", "min_icon"):
            ref = sorted(pool, key=lambda a: R.strength(event, a.cards, a.values, OPTS[tiebreak]))
            eng = sorted(pool, key=lambda a: _state.strength_key(a.id, event,
                                                                  tiebreak == "min_icon"))
            assert [R.strength(event, a.cards, a.values, OPTS[tiebreak]) for a in eng] == \
                [R.strength(event, a.cards, a.values, OPTS[tiebreak]) for a in ref]


def mid_round(config, seed, moves):
    game = load_game(config)
    s = game.new_initial_state(seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        s.apply_action(rnd.choice(s.legal_actions()))
    return game, s


@pytest.mark.parametrize("config", ["dog-tag-trick(players=3)", "dog-tag-trick",
                                    "dog-tag-trick(players=5)"])
def test_S10_determinization_keeps_what_the_observer_knows(config):
    """§10: own hand, every play, scores, hand sizes and the unused pile's size stay; the
    unseen cards (36 - own hand - played) are spread over the other hands and the unused pile;
    later rounds are re-dealt (hidden from everyone)."""
    game, s = mid_round(config, 5, 7)
    n = game.num_players
    p = s.current_player()
    truth = s.to_json()
    seen_futures = set()
    for k in range(30):
        w = s.view(p).determinize(k).to_json()
        assert w["hands"][p] == truth["hands"][p]
        assert w["tricks"] == truth["tricks"] and w["scores"] == truth["scores"]
        assert [len(h) for h in w["hands"]] == [len(h) for h in truth["hands"]]
        assert len(w["unused"]) == len(truth["unused"])
        unseen = set().union(*(set(truth["hands"][q]) for q in range(n) if q != p), truth["unused"])
        got = set().union(*(set(w["hands"][q]) for q in range(n) if q != p), w["unused"])
        assert got == unseen
        assert ([[len(h) for h in d] for d in w["deals"]]
                == [[len(h) for h in d] for d in truth["deals"]])
        seen_futures.add(str(w["deals"]))
        assert game.state_from_json(w).infoset_key(p) == s.infoset_key(p)
    assert len(seen_futures) == 30                   # later rounds are re-dealt every time


@pytest.mark.parametrize("config", ["dog-tag-trick(players=3)", "dog-tag-trick(players=5)"])
def test_S10_determinization_is_uniform(config):
    """Every unseen card lands in each other hand / the unused pile with probability
    size / pool (within 5 standard errors over 4,000 worlds), whatever the true hands are."""
    game, s = mid_round(config, 11, 5)
    n = game.num_players
    p = s.current_player()
    view = s.view(p)
    truth = s.to_json()
    places = [q for q in range(n) if q != p]
    sizes = {q: len(truth["hands"][q]) for q in places}
    sizes["unused"] = len(truth["unused"])
    pool = sum(sizes.values())
    counts = collections.Counter()
    trials = 4000
    for k in range(trials):
        w = view.determinize(k).to_json()
        for q in places:
            for c in w["hands"][q]:
                counts[(c, q)] += 1
        for c in w["unused"]:
            counts[(c, "unused")] += 1
    unseen = set().union(*(set(truth["hands"][q]) for q in places), truth["unused"])
    for c in unseen:
        for place, size in sizes.items():
            prob = size / pool
            se = (prob * (1 - prob) / trials) ** 0.5
            assert abs(counts[(c, place)] / trials - prob) <= 5 * se, (c, place)


def test_infoset_key_separates_what_seats_know():
    """infoset_key is equal across worlds of one view and differs between seats' views."""
    game, s = mid_round("dog-tag-trick", 2, 6)
    keys = {s.infoset_key(p) for p in range(4)}
    assert len(keys) == 4
    w = s.view(1).determinize(7)
    assert w.infoset_key(1) == s.infoset_key(1)
    assert w.state_hash() != s.state_hash()


def test_segment_interface_round_scores_estimate():
    """round_c is the round index (players at the end), scores_c the running points and the
    policy's position estimate (game.policy.evaluate) a positive estimate that is zero at the
    end."""
    game = load_game("dog-tag-trick(players=3)")
    game.policy.evaluation = "heuristic"  # the hand-written estimate (fitted: tests/evaluation)
    s = game.new_initial_state(1)
    rnd = random.Random(1)
    rounds = []
    while not s.is_terminal():
        rounds.append(s.round())
        assert s.scores() == [float(x) for x in s.to_json()["scores"]]
        h = game.policy.evaluate(s)
        assert len(h) == 3 and min(h) > 0 and 2 < sum(h) < 60
        s.apply_action(rnd.choice(s.legal_actions()))
    assert sorted(set(rounds)) == [0, 1, 2] and rounds == sorted(rounds)
    assert s.round() == 3 and s.returns() == s.scores()
    assert game.policy.evaluate(s) == [0.0, 0.0, 0.0]
