"""The Cython engine against the reference engine (rules.py), move by move: 1,000 seeded random
games per player count and mode (half of them with every other option switched away from its
default), legal actions, seat to act and scores compared at every move, the whole state every
few moves and at the end; and the two determinizers compared draw for draw."""
import random

import pytest

from solver.games.mate_vic_village import notation as N
from solver.games.mate_vic_village import rules as R
from solver.rng import Random
from tests.games.mate_vic_village.helpers import game

VARIANT = dict(removed_scope="round", go_second_place="all_other_tied",
               go_second_requires_target_match="true", tiebreak_round="one_before",
               next_start_fallback="random", first_leader="random")
GAMES = 1000
FULL_EVERY = 16          # whole-state comparison (to_reference ==) every this many moves


def _run(g, seed, rnd):
    s, r = g.new_initial_state(seed), g.new_reference_state(seed)
    assert s.to_reference() == r
    k = 0
    while True:
        legal = s.legal_actions()
        assert legal == r.legal_actions(), (seed, k)
        assert s.current_player() == r.current_player()
        assert s.scores() == r.scores()
        if not legal:
            break
        a = legal[rnd.randrange(len(legal))]
        s.apply_action(a)
        r.apply_action(a)
        k += 1
        if k % FULL_EVERY == 0:
            assert s.to_reference() == r, (seed, k)
    assert s.is_terminal() and r.is_terminal()
    assert s.to_reference() == r
    assert s.returns() == r.returns() and list(s.ranks()) == r.ranks()
    return s, r


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_engine_matches_reference_move_by_move(players, mode):
    """§4-§9 in both engines: 1,000 games (500 with the defaults, 500 with the A1/A4/A5/A13/
    A15/A16 alternatives)."""
    rnd = random.Random(players * 10 + (mode == "advanced"))
    games = [game(players, mode=mode), game(players, mode=mode, **VARIANT)]
    for i in range(GAMES):
        g = games[i % 2]
        s, r = _run(g, 7919 * i + players, rnd)
        if i % 100 == 0:
            assert s.to_json() == N.state_to_json(r)


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
