"""Tester 13's findings (a newcomer and tester in a fresh clone, session 16), each mended:

1. A node budget past the C counters (``--param node_budget=99999999999999999999``, or
   ``endgame_budget``) raised OverflowError inside the search (exit 1, "internal error");
   both budgets are now integers in 1..2**40, refused in one line naming the parameter.
2. Two refused flag combinations of ``tournament`` (``--max-deals`` without
   ``--until-separated``; ``--until-separated`` with both ``--max-deals`` and ``--deals``)
   left an empty run folder behind: they are now checked before the folder is made.
3. Under ``--worker-memory`` (an address-space cap per worker), the arrays a big ISMCTS
   search cached for the next one would count against whichever bot plays next: a capped
   worker keeps none.
6. ``--param c=1 --param c=2`` silently took the last; a parameter given twice is refused.
   ``mattis(players=abc)`` now names the value it refuses.
"""
import os
import subprocess
import sys

import pytest

from solver.registry import load_game
from solver.search import SearchLimit, ismcts, pimc
from solver.search.bench import opening_state
from solver.search.params import MAX_NODE_BUDGET, check_node_budget
from tests.test_cli import assert_one_line_error, run

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.parametrize("algo, param", [("solver", "node_budget"), ("ismcts", "endgame_budget"),
                                         ("pimc", "endgame_budget")])
def test_a_budget_past_the_counters_is_one_line_naming_it(algo, param):
    r = run(["recommend", "--game", "dog-tag-trick(players=4)", "--seed", "1", "--algo", algo,
             "--param", f"{param}=99999999999999999999", "--param", "horizon=round",
             "--param", "endgame=2"] if algo != "solver" else
            ["recommend", "--game", "dog-tag-trick(players=4)", "--seed", "1", "--algo", algo,
             "--param", f"{param}=99999999999999999999"])
    assert_one_line_error(r, param, "2**40")


def test_the_budgets_bound_in_the_api():
    game = load_game("dog-tag-trick(players=4)")
    s = opening_state(game)
    view = s.view(s.current_player())
    assert check_node_budget(MAX_NODE_BUDGET) == MAX_NODE_BUDGET
    for bad in (0, MAX_NODE_BUDGET + 1, 10 ** 20, True, 2.5):
        with pytest.raises(ValueError, match="node_budget must be an integer in 1..2"):
            check_node_budget(bad)
    with pytest.raises(ValueError, match="node_budget"):
        pimc(view, limit=SearchLimit(iterations=1, worlds=2), evaluator="solver",
             node_budget=10 ** 20)
    with pytest.raises(ValueError, match="node_budget"):
        pimc(view, limit=SearchLimit(iterations=1, worlds=2), evaluator="solver",
             node_budget=10 ** 20, threads=2)
    with pytest.raises(ValueError, match="endgame_budget"):
        ismcts(view, limit=SearchLimit(iterations=10), horizon="round", endgame=2,
               endgame_budget=10 ** 20)


@pytest.mark.parametrize("flags", [["--deals", "2", "--max-deals", "5"],
                                   ["--until-separated", "--max-deals", "5", "--deals", "3"]])
def test_a_refused_flag_combination_leaves_no_run_folder(tmp_path, flags):
    out = tmp_path / "run"
    r = run(["tournament", "--game", "mate", "--bots", "random,heuristic", "--out", str(out),
             *flags])
    assert_one_line_error(r, "--max-deals" if "--until-separated" not in flags
                          else "--until-separated")
    assert not out.exists()


def test_a_capped_worker_keeps_no_search_memory():
    """limit_memory (the worker's --worker-memory) turns the ISMCTS mapping cache off: run in
    a child process, as it caps that process's address space."""
    code = ("from solver.search import set_cache_limit; "
            "from tournaments.worker import limit_memory; "
            "limit_memory(8192); print(set_cache_limit(0))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "0"


def test_a_search_parameter_given_twice_is_refused():
    for algo in ("ismcts", "auto"):
        r = run(["recommend", "--game", "dog-tag-trick(players=4)", "--seed", "1",
                 "--algo", algo, "--param", "c=1", "--param", "c=2"])
        assert_one_line_error(r, "--param c", "more than once")


def test_a_player_count_that_is_no_number_is_named():
    r = run(["recommend", "--game", "mattis(players=abc)", "--seed", "1"])
    assert_one_line_error(r, "3 to 8 players", "not 'abc'")
