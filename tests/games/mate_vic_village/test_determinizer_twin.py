"""The engine's determinizer against the reference's (rules.determinize), draw for draw (the
engine-vs-reference comparison of play is the generic harness in tests/test_differential.py)."""
import random

import pytest

from solver.games.mate_vic_village import rules as R
from solver.rng import Random
from tests.games.mate_vic_village.helpers import game

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
