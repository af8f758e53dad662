"""Tester 12's findings (a newcomer and tester in a fresh clone, session 15), each mended:

1. ``bench --game`` takes a game's name; given a game string with options it said only
   "unknown game", though ``recommend`` takes that string.
3. The bench printed values to three significant digits, so 1.796 read "1.8 x ... BELOW".
5. ``recommend --threads 999`` failed inside the search ("threads must be in 1..256") without
   naming the option; the bound is now the option's own, like every other number's.
8. ``recommend --help`` did not say that node counts vary with 2 or more threads where the
   worlds are solved exactly (the README did).
"""
from click.testing import CliRunner

from tests.test_cli import assert_one_line_error, run
from tournaments.bench import format_report
from tournaments.cli import THREADS, main


def test_bench_game_with_options_says_it_takes_a_name():
    r = run(["bench", "--game", "mate(forced_visibility=hidden)"])
    assert_one_line_error(r, "unknown game", "takes a game's name", "'mate'")
    r = run(["bench", "--game", "chess(players=2)"])           # no game of that name either
    assert_one_line_error(r, "unknown game")
    assert "takes a game's name" not in r.output


def test_bench_values_keep_four_digits_so_a_ratio_never_rounds_onto_its_target():
    report = {"machine": {"python": "3", "machine": "x86_64", "cpus": 2}, "playouts": [],
              "determinize": [], "lengths": None, "solve": None,
              "search": [{"name": "PIMC x, 2 threads vs 1", "value": 1.796, "unit": "x",
                          "note": "target >= 1.8x: BELOW"}]}
    text = format_report(report)
    assert "1.796 x" in text and "1.8 x" not in text


def test_recommend_threads_out_of_range_is_a_usage_error_naming_the_option():
    for bad in ("999", "0", "two"):
        r = run(["recommend", "--game", "mate", "--seed", "1", "--seat", "0", "--threads", bad])
        assert_one_line_error(r, "--threads")
    r = run(["recommend", "--game", "mate", "--seed", "1", "--seat", "0", "--threads", "999"])
    assert "between 1 and 256" in r.output


def test_the_threads_bound_is_the_search_packages():
    from solver.search.parallel import MAX_THREADS
    assert THREADS.low == 1 and THREADS.high == MAX_THREADS


def test_recommend_help_says_node_counts_vary_with_threads():
    out = CliRunner().invoke(main, ["recommend", "--help"], terminal_width=200).output
    assert "node count varies" in " ".join(out.split())
