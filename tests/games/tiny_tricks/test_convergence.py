"""The searches converge towards the truth as their budget grows (issue 13's proof of the
recipe): in two-player Tiny Tricks every position is perfect information (T8), so its exact
minimax value is the truth, and ISMCTS and PIMC (both UCT on the one consistent world here)
must approach it."""
from __future__ import annotations

import pytest

from solver.registry import load_game
from solver.search.recommend import recommend

GAME = load_game("tiny-tricks")


def exact_values(state, seat: int) -> dict[int, float]:
    """Minimax value for ``seat`` of every legal move."""
    def value(s):
        if s.is_terminal():
            return s.returns()[seat]
        vs = [value(s.child(a)) for a in s.legal_actions()]
        return max(vs) if s.current_player() == seat else min(vs)
    return {a: value(state.child(a)) for a in state.legal_actions()}


def positions() -> list:
    """Opening positions of 24 seeded deals where the moves' exact values differ."""
    out = []
    for seed in range(200):
        s = GAME.new_initial_state(seed)
        truth = exact_values(s, s.current_player())
        if len(set(truth.values())) > 1:
            out.append((s, truth))
        if len(out) == 24:
            break
    return out


POSITIONS = positions()


def errors(algo: str, iterations: int) -> tuple[float, float]:
    """Mean absolute error of the searched move values against the exact ones, and the share of
    positions where the recommended move is optimal."""
    abs_err, optimal = 0.0, 0
    n_values = 0
    for i, (s, truth) in enumerate(POSITIONS):
        seat = s.current_player()
        limit = f"iterations={iterations}" + ("" if algo == "ismcts" else ",worlds=1")
        res = recommend(s.view(seat), algo=algo, limit=limit, seed=i, horizon="game",
                        rollout="random")
        for action, mean in res.values().items():
            abs_err += abs(mean - truth[action])
            n_values += 1
        optimal += truth[res.chosen] == max(truth.values())
    return abs_err / n_values, optimal / len(POSITIONS)


def test_positions_are_informative():
    assert len(POSITIONS) == 24


@pytest.mark.parametrize("algo", ["ismcts", "pimc"])
def test_search_converges_to_exact_values(algo):
    """The error of the move values shrinks as the budget grows 100-fold, and at the large
    budget the recommended move is optimal in every position."""
    small_err, _ = errors(algo, 40)
    large_err, large_opt = errors(algo, 4000)
    assert large_err < 0.5 * small_err
    assert large_err < 0.2
    assert large_opt == 1.0
