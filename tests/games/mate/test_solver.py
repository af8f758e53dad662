"""The exact alpha-beta solver: the W10 table, and agreement with a plain minimax."""
import random

import pytest

from solver.registry import load_game
from solver.search import AlphaBeta, alphabeta
from tests.games.mate.test_examples import DEAL_A, DEAL_B, DEAL_C, game_state, play

# W10: values for the dealer (seat 0 here).
W10 = [
    (DEAL_A, "PASS PASS", 0), (DEAL_A, "KC PASS", -70), (DEAL_A, "PASS 7D", 110), (DEAL_A, "", 0),
    (DEAL_B, "PASS PASS", 110), (DEAL_B, "", 110),
    (DEAL_C, "PASS PASS", 0), (DEAL_C, "AS PASS", -70), (DEAL_C, "PASS 7H", 40), (DEAL_C, "", 0),
]


@pytest.mark.parametrize("deal, forcing, value", W10)
def test_W10_game_values(deal, forcing, value):
    s = play(game_state(deal), forcing)
    result = alphabeta(s)
    assert result.seat_values[0] == value
    # The chosen action achieves the value, none does better; the PV ends the game.
    assert result.best.mean == result.seat_values[result.player]
    assert max(result.values().values()) == result.best.mean
    end = s.clone()
    for a in result.pv:
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
    # Random forcing and 5 random tricks (of whichever game of the match reaches a sixth trick
    # first: a game can end early by a mate), then solve the rest of that game both ways.
    while not s.is_terminal() and (s.to_json()["trick"] < 6 or s.to_json()["phase"] == "follow"):
        s.apply_action(rnd.choice(s.legal_actions()))
    assert not s.is_terminal(), "no game of the match reached a sixth trick"
    ref = s.to_reference()
    want = minimax(ref)
    got = alphabeta(s)
    assert got.seat_values[0] == want
    assert AlphaBeta(game).value(s) == (want if s.current_player() == 0 else -want)


# -- the Mate kernel (solver/games/mate/_solve.pyx) against the generic negamax -----------------
from solver.games.mate._state import MateGame  # noqa: E402

# Random plies before the position is solved: 0 = the dealer's forcing decision, 1 = the
# non-dealer's, then lead and follow positions through all four games of the match.
KERNEL_PLIES = (0, 1, 2, 3, 4, 7, 10, 13, 16, 19, 22, 23, 26, 33, 40, 45, 50, 57, 64, 72)


def _random_position(game, seed):
    rnd = random.Random(seed)
    s = game.new_initial_state(seed)
    for _ in range(KERNEL_PLIES[seed % len(KERNEL_PLIES)]):
        if s.is_terminal():
            break
        s.apply_action(rnd.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("config", MateGame.EXAMPLE_CONFIGS)
def test_kernel_agrees_with_generic_alphabeta(config):
    game = load_game(config)
    kernel, generic = AlphaBeta(game), AlphaBeta(game, kernel=False)
    assert kernel.uses_kernel and not generic.uses_kernel
    phases, games, solved = set(), set(), 0
    for seed in range(60):
        s = _random_position(game, 1000 + seed)
        if s.is_terminal():
            continue
        phases.add(s.to_json()["phase"])
        games.add(s.round())
        got, want = kernel.solve(s), generic.solve(s, pv=False)
        where = f"{config} seed {1000 + seed}: {s.summary()}"
        assert got["value"] == want["value"], where
        assert got["actions"] == want["actions"], where
        assert sorted(got["best"]) == sorted(want["best"]), where
        assert kernel.value(s) == generic.value(s) == got["value"][got["player"]], where
        # The kernel's PV ends the game and realises the value.
        end, me = s.clone(), got["player"]
        for a in got["pv"]:
            end.apply_action(a)
        assert end.round() != s.round()
        assert end.scores()[me] - s.scores()[me] == got["value"][me], where
        solved += 1
    assert solved >= 50
    assert phases == {"force_dealer", "force_other", "lead", "follow"}
    assert len(games) >= 3


@pytest.mark.parametrize("deal, forcing, value", W10)
def test_W10_game_values_generic_search(deal, forcing, value):
    s = play(game_state(deal), forcing)
    assert AlphaBeta(s.game, kernel=False).value(s) == value


def test_kernel_table_survives_clear_and_reuse():
    game = load_game("mate(first_dealer=0)")
    solver, fresh = AlphaBeta(game), AlphaBeta(game, kernel=False)
    for seed in range(6):
        s = _random_position(game, seed)
        v = solver.value(s)
        solver.clear()
        assert solver.value(s) == v == fresh.value(s)
        assert solver.nodes > 0
