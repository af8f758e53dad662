"""ISMCTS and PIMC bots hand perfect-information decisions to the exact solver (issue 15, item
5): in Mate with face-up forcing (docs/rules/mate.md §9.2, A2) every decision is perfect
information for the mover, so at default settings the bots play a move alpha-beta proves
optimal for the rest of the game, and lose no points the solver would not."""
import random

import pytest

from bots.registry import make_bot
from solver.registry import load_game
from solver.search import AlphaBeta, alphabeta

N_POSITIONS = 40


def _positions(config):
    """Decisions with two or more legal moves met in seeded random Mate matches (forcing and
    trick play alike), at most three per match."""
    game = load_game(config)
    out, seed = [], 0
    while len(out) < N_POSITIONS:
        seed += 1
        rnd = random.Random(seed)
        s = game.new_initial_state(seed)
        stops = sorted(rnd.sample(range(0, 60), 3))
        for ply in range(61):
            if s.is_terminal():
                break
            if ply in stops and len(s.legal_actions()) >= 2:
                out.append(s.clone())
            s.apply_action(rnd.choice(s.legal_actions()))
    return out[:N_POSITIONS]


@pytest.fixture(scope="module")
def positions():
    return _positions("mate")


def _losses(spec, positions):
    """Points lost per position by the bot ``spec`` against exact values (alpha-beta of the
    true state, which the perfect-information view shows in full)."""
    ab = AlphaBeta(load_game("mate"))
    out = []
    for i, s in enumerate(positions):
        bot = make_bot(spec, seed=i)
        bot.reset(s.game, s.current_player(), i)
        a = bot.act(s.view(s.current_player()))
        exact = alphabeta(s, pv=False, solver=ab).values()
        out.append(max(exact.values()) - exact[a])
    return out


@pytest.mark.parametrize("spec", ["ismcts", "pimc", "ismcts(iterations=100)",
                                  "pimc(iterations=100,worlds=4)"])
def test_search_bots_play_exact_optimal_moves_in_mate(positions, spec):
    losses = _losses(spec, positions)
    assert sum(losses) == 0.0, f"{spec} lost {sum(losses)} points over {len(losses)} decisions"


def test_without_the_hand_over_a_small_search_loses_points(positions):
    """The test above can fail: with ``exact=false`` (and no exact endgames, ``endgame=0``,
    which would prove these positions too) the same small search misplays some."""
    losses = _losses("ismcts(iterations=100,exact=false,endgame=0)", positions)
    assert sum(1 for x in losses if x > 0) >= 3


@pytest.mark.parametrize("spec, config, applies", [
    ("ismcts", "mate", True), ("pimc", "mate", True),
    ("ismcts", "mate(forced_visibility=hidden)", False),   # the forced card is hidden (§9.2)
    ("ismcts", "mate(utility=match_result)", False),       # the target is the match, not the game
    ("ismcts(objective=win)", "mate", False), ("ismcts(exact=false)", "mate", False),
    ("pimc", "dog-tag-trick", False)])
def test_hand_over_applies_only_where_the_solver_is_exact_for_the_target(spec, config, applies):
    game = load_game(config)
    s = game.new_initial_state(2)
    bot = make_bot(spec, seed=1)
    bot.reset(game, s.current_player(), 1)
    assert bot.exact_applies(s.view(s.current_player())) is applies
