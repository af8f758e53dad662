"""The exact alpha-beta solver: the W10 table, and agreement with a plain minimax."""
import random

import pytest

from solver.games.mate import rules as R
from solver.search._alphabeta import AlphaBeta, solve
from solver.registry import load_game
from tests.games.mate.test_worked_examples import DEAL_A, DEAL_B, DEAL_C, game_state, play

# W10: values for the dealer (seat 0 here).
W10 = [
    (DEAL_A, "PASS PASS", 0), (DEAL_A, "KC PASS", -70), (DEAL_A, "PASS 7D", 110), (DEAL_A, "", 0),
    (DEAL_B, "PASS PASS", 110), (DEAL_B, "", 110),
    (DEAL_C, "PASS PASS", 0), (DEAL_C, "AS PASS", -70), (DEAL_C, "PASS 7H", 40), (DEAL_C, "", 0),
]


@pytest.mark.parametrize("deal, forcing, value", W10)
def test_W10_game_values(deal, forcing, value):
    s = play(game_state(deal), forcing)
    result = solve(s)
    assert result["value"][0] == value
    # Every listed best action achieves the value; the PV ends the game.
    for a in result["best"]:
        assert result["actions"][a] == result["value"][result["player"]]
    end = s.clone()
    for a in result["pv"]:
        end.apply_action(a)
    assert end.to_json()["game_no"] == 2
    assert end.scores()[0] - s.scores()[0] == value


def minimax(ref):
    """Plain full-width minimax on the reference engine: seat 0's gain to the end of the game."""
    game_no, t0 = ref.game_no, ref.totals[0] - ref.totals[1]
    best = None
    for a in ref.legal_actions():
        c = ref.clone()
        c.apply_action(a)
        v = (c.totals[0] - c.totals[1] - t0) if (c.game_no != game_no or c.is_terminal()) \
            else minimax(c) + (c.totals[0] - c.totals[1] - t0)
        if best is None or (v > best if ref.current_player() == 0 else v < best):
            best = v
    return best


@pytest.mark.parametrize("seed", range(12))
def test_solver_agrees_with_plain_minimax_on_small_positions(seed):
    game = load_game("mate(first_dealer=0)")
    s = game.new_initial_state(seed)
    rnd = random.Random(seed)
    # Random forcing and 5 random tricks, then solve the rest exactly both ways.
    while not s.is_terminal() and (s.to_json()["trick"] < 6 or s.to_json()["phase"] == "follow"):
        s.apply_action(rnd.choice(s.legal_actions()))
        if s.to_json()["game_no"] != 1:
            return
    ref = s.to_reference()
    want = minimax(ref)
    got = solve(s)
    assert got["value"][0] == want
    assert AlphaBeta(game).value(s) == (want if s.current_player() == 0 else -want)
