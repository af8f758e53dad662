"""Exact endgames inside the sampling searches (issue 15): the nogil endgame solver
(solver/search/_endgame.pyx), UCT as an MCTS-solver, ISMCTS's exact leaves and proofs, PIMC's
proven worlds, the rollout cut-off, and their parameters.

The solver values a position by the points each seat still gains to the end of the round
(docs/rules/dog-tag-trick.md §8.1, docs/rules/mate-vic-village.md §7.2, docs/rules/mate.md §7),
under best play: max^n for three or more players, the two-player kernel (docs/rules/mate.md
§14) for Mate. The references are the project's own exact searches (``maxn``, ``alphabeta``).
"""
import math

import pytest

from bots.registry import make_bot
from bots.spec import BotSpec
from solver.registry import load_game
from solver.search import AlphaBeta, alphabeta, ismcts, maxn, pimc, uct
from solver.search._endgame import Endgame
from solver.search._ismcts import ISMCTS
from solver.search._mcts import UCT
from solver.search.params import (
    check_cutoff,
    check_endgame,
    check_endgame_budget,
    endgame_options,
)

from .helpers import mid_state, round_endgames

MULTI = ["dog-tag-trick(players=4)", "mate-vic-village(players=4)",
         "mate-vic-village(players=3)", "dog-tag-trick(players=3)"]


def endgames(spec, seeds=range(4), max_plies=8):
    """(game, states a few plies before a round's end) from seeded random lines."""
    game = load_game(spec)
    out = []
    for seed in seeds:
        out.extend(round_endgames(game, seed, max_plies=max_plies, count=2))
    assert out, f"no endgame positions in {spec}"
    return game, out


def reference(state):
    """The exact solver's answer for ``state``: alpha-beta (two players) or max^n."""
    if state.game.num_players == 2:
        return alphabeta(state)
    res = maxn(state, node_budget=10**7)
    assert res.exact
    return res


@pytest.mark.parametrize("spec", MULTI)
def test_endgame_value_is_the_maxn_value(spec):
    """The mover's component of the max^n vector equals the reference max^n's value of the
    position (both break ties towards the lowest action), and every component is a seat's
    gain to the end of the round: within the round's points (docs/rules/*.md scoring)."""
    game, states = endgames(spec)
    solver = Endgame(game, 16, 1 << 20)
    assert states
    solved = 0
    for s in states:
        v = solver.value(s)
        if v is None:
            continue
        solved += 1
        ref = reference(s)
        me = s.current_player()
        assert v[me] == pytest.approx(max(a.mean for a in ref.actions), abs=1e-9)
        assert len(v) == game.num_players
    assert solved >= len(states) // 2
    assert solver.solved == solved


def test_endgame_uses_mates_kernel_and_agrees_with_alphabeta():
    """Mate (docs/rules/mate.md §14): the game's own kernel values the round for both seats;
    zero-sum, so the other seat gets the negation (the round's total is 0)."""
    game, states = endgames("mate", max_plies=10)
    solver = Endgame(game, 22)
    assert solver.uses_kernel
    for s in states:
        v = solver.value(s)
        me = s.current_player()
        ref = alphabeta(s)
        assert v[me] == pytest.approx(ref.seat_values[me])
        assert v[1 - me] == pytest.approx(ref.seat_values[1 - me])


def test_endgame_refuses_far_positions_and_gives_up_over_budget():
    """A position more than ``max_plies`` actions from the round's end is not solved; a solve
    over its node budget gives up (None) and lowers the threshold below that position's size,
    so the same search does not pay the budget again on positions that big."""
    game = load_game("dog-tag-trick(players=4)")
    opening = game.new_initial_state(3)
    solver = Endgame(game, 8)
    assert solver.value(opening) is None
    assert solver.too_far == 1
    _, states = endgames("dog-tag-trick(players=4)", max_plies=8)
    big = [s for s in states if len(s.legal_actions()) >= 2]
    tiny = Endgame(game, 8, node_budget=1)
    results = [tiny.value(s) for s in big]
    assert None in results
    assert tiny.gave_up >= 1
    assert tiny.limit < 8
    tiny.clear()
    assert tiny.limit == 8 and tiny.gave_up == 0


@pytest.mark.parametrize("bad", [dict(max_plies=0), dict(max_plies=4, node_budget=0),
                                 dict(max_plies=4, tt_bits=2)])
def test_endgame_solver_rejects_bad_parameters(bad):
    with pytest.raises(ValueError):
        Endgame(load_game("mate"), **bad)


@pytest.mark.parametrize("call", [
    lambda: check_endgame(4, "game"), lambda: check_endgame(-1, "round"),
    lambda: check_endgame(True, "round"), lambda: check_endgame(65, "round"),
    lambda: check_cutoff(8, "game"), lambda: check_cutoff(-2, "round"),
    lambda: check_cutoff(2.5, "round"), lambda: check_endgame_budget(0)])
def test_parameter_checks(call):
    """endgame and cutoff are only defined for the round's points (horizon round), and are
    whole numbers in range."""
    with pytest.raises(ValueError):
        call()


def test_search_api_refuses_endgame_outside_the_round_horizon():
    game = load_game("dog-tag-trick(players=4)")
    s = mid_state(game, 1)
    with pytest.raises(ValueError, match="horizon=round"):
        uct(s, limit="iterations=10", endgame=4, horizon="game")
    with pytest.raises(ValueError, match="horizon=round"):
        ismcts(s.view(s.current_player()), limit="iterations=10", cutoff=4)


@pytest.mark.parametrize("spec", ["mate-vic-village(players=4)", "dog-tag-trick(players=4)"])
def test_uct_mcts_solver_proves_small_worlds_exactly(spec):
    """With the round's end within the threshold, UCT proves the root: it stops early and every
    move's value is the exact max^n value (the MCTS-solver backs up proven values)."""
    game, states = endgames(spec, max_plies=6)
    proven = 0
    for s in states:
        res = uct(s, limit="iterations=5000", seed=2, horizon="round", rollout="policy",
                  endgame=8, endgame_budget=1 << 20)
        if not res.exact:
            continue
        proven += 1
        assert res.iterations < 5000
        ref = {a.action: a.mean for a in reference(s).actions}
        for a in res.actions:
            assert a.mean == pytest.approx(ref[a.action], abs=1e-9)
            assert a.ci_low == a.ci_high == a.mean
        assert res.chosen in {a for a, v in ref.items() if v == max(ref.values())}
    assert proven >= len(states) // 2


def test_uct_without_endgame_never_proves():
    """endgame=0 is plain UCT: no proofs, the whole budget is spent."""
    game, states = endgames("mate-vic-village(players=4)", max_plies=6)
    res = uct(states[0], limit="iterations=300", seed=2, horizon="round")
    assert not res.exact and res.iterations == 300


def test_uct_proofs_propagate_to_the_root():
    """A searcher whose root is proven reports every root move's exact value, the same as the
    endgame solver's value of each child position for the mover."""
    game, states = endgames("mate-vic-village(players=3)", max_plies=4)
    s = states[-1]
    searcher = UCT(game, 0.7, 0, 1, 0.0, 1 << 16, True, 8, 1 << 20, 0)
    searcher.search(s, 10000, 5)
    assert searcher.root_proven
    exact = searcher.root_exact()
    solver = Endgame(game, 8, 1 << 20)
    me = s.current_player()
    before = s.scores()
    for a in s.legal_actions():
        child = s.clone()
        child.apply_action(a)
        gained = child.scores()[me] - before[me]
        rest = 0.0 if child.is_terminal() or child.round() != s.round() else solver.value(child)[me]
        assert exact[a] == pytest.approx(gained + rest)


def test_mate_ismcts_and_pimc_are_exact_with_endgames():
    """Mate with face-up forcing has perfect information (docs/rules/mate.md §9.2, A2): ISMCTS
    and PIMC with endgame covering the whole game (2 forcing decisions + 20 cards) prove the
    root, so their answer loses nothing against alpha-beta."""
    game, states = endgames("mate", seeds=range(3), max_plies=12)
    for s in states + [mid_state(game, 4, 0.05)]:
        if s.round() != game.new_initial_state(0).round() and s.is_terminal():
            continue
        ref = {a.action: a.mean for a in alphabeta(s).actions}
        view = s.view(s.current_player())
        for res in (ismcts(view, limit="iterations=3000", seed=1, horizon="round",
                           rollout="policy", endgame=22),
                    pimc(view, limit="iterations=3000,worlds=1", seed=1, horizon="round",
                         rollout="policy", endgame=22)):
            assert res.exact
            assert ref[res.chosen] == max(ref.values())
            for a in res.actions:
                assert a.mean == pytest.approx(ref[a.action])


def test_ismcts_exact_leaves_in_hidden_information_games_are_samples():
    """Dog Tag Trick hides hands (docs/rules/dog-tag-trick.md §10): exact leaves value one
    world, so nothing is proven; the search still runs its whole budget, reproducibly."""
    game = load_game("dog-tag-trick(players=4)")
    _, states = endgames("dog-tag-trick(players=4)", max_plies=8)
    s = states[0]
    view = s.view(s.current_player())
    a = ismcts(view, limit="iterations=400", seed=3, horizon="round", endgame=8)
    b = ismcts(view, limit="iterations=400", seed=3, horizon="round", endgame=8)
    assert a == b or a.to_json() == b.to_json()
    assert not a.exact and a.iterations == 400
    tree = ISMCTS(game, 0.7, 0, 1, 0.0, False, 1 << 16, False, 8, 1 << 20, 0)
    tree.search(view, 200, 3)
    solved, _, _ = tree.endgame_stats
    assert solved > 0 and not tree.root_proven


def test_pimc_hands_unused_iterations_on():
    """A PIMC world proven before its share of iterations is spent passes the rest on: the
    total never exceeds the limit, and proven worlds report exact values."""
    game, states = endgames("mate-vic-village(players=4)", max_plies=6)
    s = states[-1]
    view = s.view(s.current_player())
    res = pimc(view, limit="iterations=2000,worlds=8", seed=1, horizon="round", endgame=8,
               endgame_budget=1 << 20)
    assert res.iterations < 2000            # the last world was proven with iterations to spare
    off = pimc(view, limit="iterations=2000,worlds=8", seed=1, horizon="round")
    assert off.iterations == 2000


@pytest.mark.parametrize("rollout", ["random", "policy"])
def test_cutoff_longer_than_the_round_changes_nothing(rollout):
    """A cut-off beyond the round's end never cuts: the same rollouts (random ones drawn as
    State.random_playout_c draws them), the same result bit for bit."""
    game = load_game("dog-tag-trick(players=4)")
    s = mid_state(game, 2, 0.1)
    view = s.view(s.current_player())
    kw = dict(limit="iterations=300", seed=4, horizon="round", rollout=rollout)
    assert ismcts(view, cutoff=1000, **kw).actions == ismcts(view, **kw).actions
    assert uct(s, cutoff=1000, **kw).actions == uct(s, **kw).actions


def test_cutoff_uses_the_games_evaluation():
    """A cut-off of one ply replaces most of each rollout by Policy.evaluate_c: the values
    differ from full rollouts, stay finite, and replay under the seed."""
    game = load_game("mate-vic-village(players=4)")
    s = mid_state(game, 2, 0.3)
    kw = dict(limit="iterations=300", seed=4, horizon="round", rollout="policy")
    cut = uct(s, cutoff=1, **kw)
    assert cut.actions == uct(s, cutoff=1, **kw).actions
    assert cut.actions != uct(s, **kw).actions
    assert all(math.isfinite(a.mean) for a in cut.actions if a.visits)


def test_bot_options_resolve_per_game_and_horizon():
    """The bots' endgame/cutoff: -1 is the game's measured default, and both are off unless
    the search's horizon is the round (Mattis is one round valued as a whole game)."""
    dtt = load_game("dog-tag-trick(players=4)")
    assert endgame_options(dtt, "game", 6, 8) == {"endgame": 0, "cutoff": 0}
    assert endgame_options(dtt, "round", 6, 8) == {"endgame": 6, "cutoff": 8}
    auto = endgame_options(dtt, "round")
    assert auto["endgame"] >= 0 and auto["cutoff"] >= 0
    mate = load_game("mate")
    assert endgame_options(mate, "round", algorithm="pimc")["endgame"] == 22
    assert endgame_options(mate, "round", algorithm="ismcts")["endgame"] == 12
    for spec in ("pimc(endgame=6,cutoff=0,iterations=200,worlds=4)",
                 "ismcts(endgame=6,cutoff=4,iterations=200)"):
        bot = make_bot(BotSpec.parse(spec))
        s = mid_state(dtt, 5, 0.8)
        view = s.view(s.current_player())
        bot.reset(dtt, s.current_player(), 9)
        first = bot.act(view)
        bot.reset(dtt, s.current_player(), 9)
        assert bot.act(view) == first
        assert first in s.legal_actions()


def test_when_nodes_are_solved_does_not_change_the_proof():
    """Solving a small node as soon as it is created (solve_after=0) or when an iteration
    reaches it again (1, UCT's default) proves the same exact root values."""
    game, states = endgames("dog-tag-trick(players=4)", seeds=range(2), max_plies=5)
    for s in states:
        exact = []
        for after in (0, 1):
            searcher = UCT(game, 0.7, 0, 1, 0.0, 1 << 16, True, 8, 1 << 20, 0, after)
            searcher.search(s, 20000, 5)
            assert searcher.root_proven
            exact.append(searcher.root_exact())
        assert exact[0] == pytest.approx(exact[1])


def test_mate_pimc_bot_without_the_hand_over_loses_nothing_with_its_default_endgame():
    """PIMC's measured default in Mate (endgame=22, the whole game: docs/rules/mate.md §4
    forcing and §5 tricks) makes even a small search without the exact hand-over prove every
    move of a perfect-information position (§9.2): it loses no point against alpha-beta, where
    the same search with endgame=0 misplays some (tests/search/test_exact_handover.py)."""
    game = load_game("mate")
    ab = AlphaBeta(game)
    for seed in range(12):
        s = mid_state(game, seed, fraction=0.1 + 0.06 * seed)
        bot = make_bot(BotSpec.parse("pimc(iterations=100,worlds=4,exact=false)"), seed=seed)
        bot.reset(game, s.current_player(), seed)
        chosen = bot.act(s.view(s.current_player()))
        exact = alphabeta(s, pv=False, solver=ab).values()
        assert exact[chosen] == max(exact.values())
