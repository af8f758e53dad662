"""``threads="auto"`` (solver.search.recommend.threads_for; ``recommend --threads``'s default):
every usable core where a split search gives the one-thread answer, one thread elsewhere.

PIMC and the solver split their worlds over threads and merge them in world order, each world
searched with its own stream (and by max^n as a new solver would), so their answer does not
depend on the thread count (tests/search/test_threads.py); ISMCTS pools one tree a thread, so
for it ``auto`` is one thread. The cores are patched here (2 or 4), so that the tests mean
the same on a one-core machine. No timings: the speed is the bench's (``recommend --algo
solver`` openings).
"""
import importlib
import json

import pytest
from click.testing import CliRunner

from solver.registry import load_game
from solver.search import SearchLimit, SearchParamError, recommend
from solver.search import bench as SB
from solver.search.recommend import threads_for
from tests.search.helpers import mid_state
from tournaments.cli import main

# the module (``solver.search.recommend`` is also the function the package exports)
R = importlib.import_module("solver.search.recommend")


@pytest.fixture
def cores(monkeypatch):
    """Pretend the process may run on ``n`` cores."""
    def set_cores(n: int) -> None:
        monkeypatch.setattr(R, "usable_cores", lambda: n)
    set_cores(4)
    return set_cores


def _opening(config: str, seed: int = 1):
    state = SB.opening_state(load_game(config), seed)
    return state.view(state.current_player())


def _answer(result) -> dict:
    """What a result answers (its moves, values and check), without the thread count, node count
    and timing, which may differ between thread counts (a table a thread)."""
    out = result.to_json()
    out["params"].pop("threads", None)
    out.pop("nodes", None)
    return out


@pytest.mark.parametrize("algo, worlds, expected", [
    ("pimc", 20, 4),
    ("pimc", 3, 3),                                         # at most one thread a world
    ("solver", 12, 4),
    ("ismcts", None, 1),                                    # pooled trees answer differently
])
def test_auto_is_every_core_only_where_the_answer_is_one_threads(cores, algo, worlds,
                                                                 expected):
    assert threads_for(algo, "auto", worlds) == expected


def test_a_number_of_threads_is_kept_and_checked(cores):
    assert threads_for("ismcts", 3, None) == 3
    assert threads_for("pimc", 1, 20) == 1
    with pytest.raises(ValueError, match="threads must be in 1..256, got 0"):
        threads_for("pimc", 0, 20)
    with pytest.raises(SearchParamError, match="threads must be an integer or 'auto', got 'two'"):
        recommend(_opening("dog-tag-trick"), "pimc", "iterations=100,worlds=2", threads="two")
    # the command line's spellings are the library's too
    res = recommend(_opening("dog-tag-trick"), "pimc", "iterations=100,worlds=2", threads="AUTO",
                    check=False)
    assert res.params["threads"] == 2


def test_one_core_is_one_thread(cores):
    cores(1)
    assert threads_for("solver", "auto", 12) == 1


@pytest.mark.parametrize("config", ["dog-tag-trick(players=3)", "mate-vic-village(players=4)",
                                    "mattis(players=4)"])
def test_the_solver_on_auto_answers_as_one_thread(cores, config):
    """docs/rules (each game's opening deal, §4.1 of dog-tag-trick.md): the worlds of
    ``recommend --algo solver`` split over 4 threads give the one-thread moves and values."""
    view = _opening(config)
    limit = SearchLimit(iterations=1, worlds=5)
    one = recommend(view, "solver", limit, seed=3, check=False, threads=1,
                    node_budget=20000)
    auto = recommend(view, "solver", limit, seed=3, check=False, threads="auto",
                     node_budget=20000)
    assert auto.params["threads"] == 4
    assert _answer(auto) == _answer(one)
    # the header says where the time went
    assert " on 4 threads" in auto.table(view).splitlines()[0]
    assert "threads" not in one.table(view).splitlines()[0]


def test_pimc_on_auto_with_its_check_answers_as_one_thread(cores):
    """PIMC splits its worlds over the cores; the independent ISMCTS check behind "how sure"
    stays on one thread, so the verdict is the one-thread verdict too."""
    cores(2)
    game = load_game("dog-tag-trick(players=4)")
    state = mid_state(game, 7, fraction=0.7)            # an answer clear enough to check
    view = state.view(state.current_player())
    limit = SearchLimit(iterations=1200, worlds=6)
    one = recommend(view, "pimc", limit, seed=2, threads=1)
    auto = recommend(view, "pimc", limit, seed=2, threads="auto")
    assert auto.params["threads"] == 2
    assert one.check is not None and one.check["algorithm"] == "ismcts"
    assert _answer(auto) == _answer(one)
    assert auto.check == one.check and auto.confidence() == one.confidence()


def test_recommend_on_the_command_line_defaults_to_auto(cores):
    cores(2)
    args = ["recommend", "--game", "dog-tag-trick", "--seed", "3", "--algo", "pimc",
            "--iterations", "800", "--worlds", "4", "--json"]
    default = json.loads(CliRunner().invoke(main, args).output)
    one = json.loads(CliRunner().invoke(main, args + ["--threads", "1"]).output)
    named = json.loads(CliRunner().invoke(main, args + ["--threads", "auto"]).output)
    assert default["params"]["threads"] == named["params"]["threads"] == 2
    for key in ("chosen", "actions", "iterations", "worlds", "value", "confidence", "recommended"):
        assert default[key] == one[key] == named[key]


def test_recommend_ismcts_on_auto_is_one_thread(cores):
    args = ["recommend", "--game", "dog-tag-trick", "--seed", "3", "--algo", "ismcts",
            "--iterations", "300", "--json"]
    out = json.loads(CliRunner().invoke(main, args).output)
    assert out["params"].get("threads", 1) == 1


def test_bad_threads_word_is_one_line_and_exit_2():
    result = CliRunner().invoke(main, ["recommend", "--game", "mattis", "--seed", "3",
                                       "--threads", "many"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "must be an integer or 'auto', got 'many'" in lines[0]


def test_the_terminal_hint_on_auto_is_the_web_pages_one_thread_hint(cores):
    """The `play` hint at the terminal searches on every core, the web page's on one (its jobs
    may run side by side): in Vic Village (pimc, docs/rules/mate-vic-village.md's opening) both
    give the same moves and values."""
    from bots.human import hint_result, hint_text
    cores(2)
    view = _opening("mate-vic-village(players=3)")
    terminal = hint_result(view, threads="auto")
    web = hint_result(view)
    assert terminal.algorithm == "pimc" and terminal.params["threads"] == 2
    assert _answer(terminal) == _answer(web)
    assert " on 2 threads" in hint_text(view).splitlines()[1]
