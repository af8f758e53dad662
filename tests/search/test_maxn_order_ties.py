"""MaxN.solve(order_ties=False): PIMC's worlds skip the tie-ordering search (it reads only a
world's values), which made a tied world cost up to twice an untied one; the values are the
same, ``guaranteed`` is empty and the nodes fewer."""
from __future__ import annotations

import random

from solver.registry import load_game
from solver.search import MaxN


def test_order_ties_off_keeps_the_values_and_skips_the_tie_search() -> None:
    game = load_game("mattis(players=3)")
    rng = random.Random(5)
    tied = 0
    for deal in range(12):
        state = game.new_initial_state(deal)
        while not state.is_terminal() and tied < 6:
            if len(state.legal_actions()) > 1:
                on = MaxN(game, False, 12).solve(state, 2000)
                off = MaxN(game, False, 12).solve(state, 2000, order_ties=False)
                assert off["values"] == on["values"] and off["actions"] == on["actions"]
                assert sorted(off["best"]) == sorted(on["best"]) and off["guaranteed"] == {}
                if len(on["best"]) > 1:
                    tied += 1
                    assert on["guaranteed"] and off["nodes"] < on["nodes"]
                else:
                    assert off["nodes"] == on["nodes"]
            state.apply_action(rng.choice(state.legal_actions()))
    assert tied >= 3, "too few tied positions to test the tie search"
