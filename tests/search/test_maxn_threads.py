"""max^n without the GIL (issue 18 item 4): MaxN's passes run in ``with nogil`` on a stack of
states grown before the GIL is released, so solvers on separate threads run at once. Each
thread's solver has its own table, stream, scratch states and Policy (``Game.new_policy``);
run side by side they must answer exactly what they answer one after the other — values,
node counts and passes — with every frontier (the estimate, random and policy playouts) and
in both modes (max^n, paranoid). No timings here (speed: ``trickhound bench``).

Values are each seat's gain to the end of the round (docs/rules/dog-tag-trick.md §8.1,
docs/rules/mate-vic-village.md §7.1)."""
import pytest

from solver.registry import load_game
from solver.search import MaxN
from solver.search.parallel import run_threads
from tests.search.helpers import mid_state, multiplayer_configs

# (paranoid, evaluation, rollouts): every frontier of the core and both modes
SOLVERS = [(False, "auto", 1), (True, "auto", 1), (False, "policy", 2), (False, "rollout", 2),
           (True, "policy", 1)]


def _positions(game):
    """Positions from the opening (deepening within the budget) to near the round's end
    (the exact first pass)."""
    return [mid_state(game, seed, fraction=f) for seed in (1, 2) for f in (0.0, 0.4, 0.8)]


def _solve_all(game, paranoid, evaluation, rollouts, seed, positions):
    """A fresh solver of its own (table, stream, policy) solving ``positions`` in order: the
    answers without their wall seconds."""
    mx = MaxN(game, paranoid, 12, evaluation, rollouts, seed, True, game.new_policy())
    out = []
    for s in positions:
        r = mx.solve(s, 4000)
        r.pop("seconds")
        out.append(r)
    return out


@pytest.mark.parametrize("config", multiplayer_configs()[:2])
@pytest.mark.parametrize("paranoid,evaluation,rollouts", SOLVERS)
def test_solvers_on_two_threads_answer_as_one_after_the_other(config, paranoid, evaluation,
                                                              rollouts):
    game = load_game(config)
    positions = _positions(game)
    serial = [_solve_all(game, paranoid, evaluation, rollouts, seed, positions)
              for seed in (11, 12)]
    side_by_side = run_threads(
        [lambda seed=seed: _solve_all(game, paranoid, evaluation, rollouts, seed, positions)
         for seed in (11, 12)])
    assert side_by_side == serial
    assert any(not r["exact"] for r in serial[0])   # deepening passes were run, not only exact
    assert all(r["nodes"] > 0 for r in serial[0])


def test_a_pass_deeper_than_the_first_stack_runs_on_a_grown_stack():
    """A Mattis game is one unit for the solvers, played to its end (docs/rules/mattis.md
    §10), so a depth-limited pass can go far deeper than the solver's first stack of states
    (64 plies): the stack is grown before the GIL is released, and the answer is the same as
    a solver's whose stack an earlier, deeper pass grew (no table, so that pass leaves nothing
    else behind)."""
    game = load_game("mattis(players=3)")
    s = mid_state(game, 5, fraction=0.0)
    # The pass's first line (the first legal action at every node, 120 plies): more than 64
    # of its nodes branch, and each branching node is one ply of the recursion.
    line, branching = s.clone(), 0
    for _ in range(120):
        if line.is_terminal():
            break
        acts = line.legal_actions()
        branching += len(acts) > 1
        line.apply_action(acts[0])
    assert branching > 64
    answers = []
    for first in (None, 200):
        mx = MaxN(game, False, 12, "heuristic", table=False, fill=False)
        if first is not None:
            mx.solve(s, 3000, max_depth=first, depth_step=first)
        r = mx.solve(s, 3000, max_depth=120, depth_step=120)
        r.pop("seconds")
        answers.append(r)
    assert answers[0] == answers[1]
    assert [d for d, _, _ in answers[0]["passes"]] == [1, 120]
