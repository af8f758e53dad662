"""``recommend(algo="auto")``, the default of ``recommend``, the CLI and the ``play`` hint: the
exact solver where the position is perfect information for the mover, the game's measured
strongest search elsewhere (issue 15, item 5).

Mate with default options is a game of perfect information within each game of the match
(forced cards lie face up, docs/rules/mate.md §9.2 and A2), so ``auto`` must answer every
decision with a move the exact alpha-beta proves optimal: it loses 0 points per decision.
"""
import random

import pytest

from solver.registry import load_game
from solver.search import AlphaBeta, alphabeta, choose_algorithm, recommend

N_MATCHES = 6


def _self_play_positions():
    """Every decision with two or more legal moves of ``N_MATCHES`` seeded self-play matches of
    Mate: each seat plays ``recommend``'s default answer, except one move in four chosen at
    random by the match's seed (so that the positions are not all on one optimal line). The
    forcing decisions (phases force_dealer / force_other, docs/rules/mate.md §10) are kept."""
    game = load_game("mate")
    out = []
    for seed in range(1, N_MATCHES + 1):
        rnd = random.Random(seed)
        s = game.new_initial_state(seed)
        while not s.is_terminal() and len(out) < 40 * seed:
            legal = s.legal_actions()
            view = s.view(s.current_player())
            if len(legal) >= 2:
                out.append(s.clone())
            if rnd.random() < 0.25:
                a = rnd.choice(legal)
            else:
                a = recommend(view).chosen
            s.apply_action(a)
    return out


@pytest.fixture(scope="module")
def positions():
    return _self_play_positions()


def test_auto_loses_nothing_against_exact_values_in_mate(positions):
    """Loss of a decision = the best move's exact value minus the chosen move's exact value
    (alpha-beta of the true state: with perfect information the view's only world)."""
    ab = AlphaBeta(load_game("mate"))
    assert len(positions) >= 150
    forcing = 0
    total_loss = 0.0
    for s in positions:
        view = s.view(s.current_player())
        res = recommend(view)
        assert res.auto is not None and "alpha-beta" in res.auto and res.exact
        exact = alphabeta(s, pv=False, solver=ab).values()
        total_loss += max(exact.values()) - exact[res.chosen]
        forcing += s.to_json()["phase"] in ("force_dealer", "force_other")
    assert forcing >= 6
    assert total_loss == 0.0


@pytest.mark.parametrize("config, algo", [
    ("mate(forced_visibility=hidden)", "solver"), ("mattis", "ismcts"),
    ("dog-tag-trick", "ismcts"), ("mate-vic-village(players=3)", "pimc"),
    ("tiny-tricks(players=3)", "ismcts")])
def test_auto_uses_the_measured_search_under_hidden_information(config, algo):
    game = load_game(config)
    s = game.new_initial_state(3)
    if game.name == "mate":
        # the dealer forces a card face down: hidden from the non-dealer, now to act (before
        # it nothing is hidden, and auto solves exactly: tester 8)
        s.apply_action(s.legal_actions()[1])
    view = s.view(s.current_player())
    chosen, why = choose_algorithm(view)
    assert chosen == algo and "hidden information" in why
    assert choose_algorithm(load_game("mate").new_initial_state(3).view(0))[0] == "solver"


def test_auto_result_names_its_choice():
    game = load_game("mate(forced_visibility=hidden)")
    s = game.new_initial_state(2)
    s.apply_action(s.legal_actions()[1])      # a face-down forced card (tester 8)
    view = s.view(s.current_player())
    res = recommend(view, limit="iterations=1,worlds=4", seed=1)
    assert res.algorithm == "solver" and res.auto.startswith("hidden information")
    assert res.to_json()["auto"] == res.auto
    assert res.table(view).startswith("auto: solver (hidden information")
