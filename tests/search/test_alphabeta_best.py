"""Alpha-beta's best-only mode (issue 18 item 3): the root solved once, every action probed with a
null window; the optimal set and value must be those of valuing every action exactly.

Values are the mover's gain to the end of the current Mate game under best play
(docs/rules/mate.md §7 scoring, §14 rounds independent); positions span the forcing decisions
(docs/rules/mate.md §4.1), leads and follows (§5) of every game of a match.
"""
import random

import pytest

from bots.registry import make_bot
from solver.games.mate._state import MateGame
from solver.registry import load_game
from solver.search import AlphaBeta

# Random plies before the position is solved: 0 = the dealer's forcing decision, 1 = the
# non-dealer's, then lead and follow positions through the games of the match.
PLIES = (0, 1, 2, 3, 4, 7, 10, 13, 16, 19, 22, 23, 26, 33, 40, 45, 50, 57, 64, 72)


def _position(game, seed):
    rnd = random.Random(seed)
    s = game.new_initial_state(seed)
    for _ in range(PLIES[seed % len(PLIES)]):
        if s.is_terminal():
            break
        s.apply_action(rnd.choice(s.legal_actions()))
    return s


def _check_best_matches_all(best, full, where):
    """The best-only answer against the all-values one on the same position."""
    assert best["value"] == full["value"], where
    assert sorted(best["best"]) == sorted(full["best"]), where
    assert set(best["actions"]) == set(full["actions"]), where
    top = full["value"][full["player"]]
    for a, v in best["actions"].items():
        if a in best["bounded"]:
            # A failed-low probe: an upper bound on a move strictly worse than the best.
            assert full["actions"][a] <= v < top, where
        else:
            assert v == full["actions"][a] == top, where


@pytest.mark.parametrize("config", MateGame.EXAMPLE_CONFIGS)
@pytest.mark.parametrize("kernel", [True, False])
def test_best_only_finds_the_same_optimal_moves(config, kernel):
    """docs/rules/mate.md §4.1, §5, §7: on seeded positions of every phase the best-only solve
    gives the optimal set and value of the all-values solve; the other moves are proven worse."""
    game = load_game(config)
    fast, full = AlphaBeta(game, kernel=kernel), AlphaBeta(game, kernel=kernel)
    phases, bounded, solved = set(), 0, 0
    for seed in range(60 if kernel else 30):
        s = _position(game, 2000 + seed)
        if s.is_terminal():
            continue
        phases.add(s.to_json()["phase"])
        where = f"{config} seed {2000 + seed}: {s.summary()}"
        best, want = fast.solve(s, False, "best"), full.solve(s, False, "all")
        _check_best_matches_all(best, want, where)
        bounded += len(best["bounded"])
        solved += 1
    assert solved >= 25
    assert phases == {"force_dealer", "force_other", "lead", "follow"}
    assert bounded > 0          # the probes did prove some moves worse without valuing them


def test_best_only_on_a_fresh_solver_equals_a_reused_one():
    """The kernel's table carries bounds from earlier windows: a solver reused along a game
    (as the bot reuses it) answers as a fresh one (docs/rules/mate.md §7 values)."""
    game = load_game("mate")
    reused = AlphaBeta(game)
    for seed in range(40):
        s = _position(game, 3000 + seed)
        if s.is_terminal():
            continue
        got, want = reused.solve(s, False, "best"), AlphaBeta(game).solve(s, False, "all")
        _check_best_matches_all(got, want, f"seed {3000 + seed}: {s.summary()}")


def test_all_values_mode_is_the_default_and_values_every_action_exactly():
    """docs/rules/mate.md §7: values="all" (the default, PIMC's) values every action, none is
    bounded, and it equals the generic negamax's values."""
    game = load_game("mate")
    for seed in range(20):
        s = _position(game, 4000 + seed)
        if s.is_terminal():
            continue
        got = AlphaBeta(game).solve(s, False)
        assert got["bounded"] == []
        assert got["actions"] == AlphaBeta(game, kernel=False).solve(s, False, "all")["actions"]


def test_values_mode_is_checked():
    game = load_game("mate")
    with pytest.raises(ValueError, match="values must be"):
        AlphaBeta(game).solve(game.new_initial_state(1), False, "some")


@pytest.mark.parametrize("seed", range(8))
def test_kernel_window_is_fail_soft(seed):
    """The kernel's windowed value (ExactSolver.value_window): exact strictly inside the
    window, an upper bound at or below alpha, a lower bound at or above beta."""
    game = load_game("mate")
    kernel, rnd = game.exact_solver(), random.Random(seed)
    for k in range(12):
        s = _position(game, 5000 + 12 * seed + k)
        if s.is_terminal():
            continue
        exact = kernel.value(s)
        for _ in range(6):
            lo = exact + rnd.choice([-30, -5, -1, -0.5, 0, 0.5, 1, 7])
            hi = lo + rnd.choice([0.25, 1, 2, 40])
            v = kernel.value_window(s, lo, hi)
            if lo < v < hi:
                assert v == exact
            elif v <= lo:
                assert exact <= v
            else:
                assert exact >= v >= hi
    with pytest.raises(ValueError, match="alpha < beta"):
        kernel.value_window(game.new_initial_state(1), 3.0, 3.0)


@pytest.mark.parametrize("seed", range(3))
def test_solver_bot_plays_as_with_every_value(seed):
    """The solver bot's best-only decisions choose the move its all-values decision would:
    the optimal set in action order, one drawn by the bot's own stream (docs/rules/mate.md §7)."""
    game = load_game("mate")
    bot, twin = make_bot("solver", seed), make_bot("solver", seed)
    s = game.new_initial_state(100 + seed)
    bot.reset(game, 0, seed)
    twin.reset(game, 0, seed)
    rnd, decisions = random.Random(seed), 0
    while not s.is_terminal():
        view = s.view(s.current_player())
        if s.current_player() == 0:
            values = twin.action_values(view)
            top = max(values.values())
            choices = [a for a, v in values.items() if v >= top - 1e-9]
            want = choices[twin.rng.randbelow(len(choices))]
            assert bot.act(view) == want
            decisions += 1
            s.apply_action(want)
        else:
            s.apply_action(rnd.choice(s.legal_actions()))
    assert decisions >= 10
