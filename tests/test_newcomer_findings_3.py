"""Findings of the fourth tester pass (a fresh clone, 0.6.0), each fixed and kept fixed."""
import json
from pathlib import Path

from click.testing import CliRunner

from solver.registry import load_game
from tournaments.cli import main


def test_a_seed_beyond_64_bits_is_refused_not_wrapped() -> None:
    """Seeds are 64-bit: 2**64 + 1 dealt the seed-1 hands."""
    r = CliRunner().invoke(main, ["recommend", "--game", "mate", "--seed",
                                  str(2 ** 64 + 1), "--seat", "1"])
    assert r.exit_code == 2 and "--seed" in r.output
    r = CliRunner().invoke(main, ["recommend", "--game", "mate", "--seed",
                                  str(2 ** 64 - 1), "--seat", "1"])
    assert r.exit_code == 0, r.output


def test_recommend_reads_the_state_files_solve_reads(tmp_path: Path) -> None:
    """A full state (state.to_json(), what `solve` reads) advises the seat to act, or --seat's
    (refused when that seat is not to act); the answer is solve's."""
    game = load_game("mate")
    state = game.new_initial_state(7)
    obj = state.to_json()
    obj["game"] = "mate"
    path = tmp_path / "state.json"
    path.write_text(json.dumps(obj))
    r = CliRunner().invoke(main, ["recommend", str(path), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["seat"] == state.current_player()
    solved = CliRunner().invoke(main, ["solve", str(path), "--json"])
    assert out["recommended"] in json.loads(solved.output)["best"]
    other = 1 - state.current_player()
    r = CliRunner().invoke(main, ["recommend", str(path), "--seat", str(other)])
    assert r.exit_code == 2 and f"seat {state.current_player()} is to act" in r.output


def test_a_move_sampled_once_is_not_called_certain() -> None:
    """ISMCTS at 10 iterations in Mate: every move seen once had a zero-wide interval and the
    verdict read z=inf; now they have none and the verdict says why it cannot compare."""
    r = CliRunner().invoke(main, ["recommend", "--game", "mate", "--seed", "1", "--seat", "1",
                                  "--algo", "ismcts", "--iterations", "10", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    once = [a for a in out["actions"] if a["visits"] == 1]
    assert once and all(a["ci95"] == [None, None] for a in once)
    r = CliRunner().invoke(main, ["recommend", "--game", "mate", "--seed", "1", "--seat", "1",
                                  "--algo", "ismcts", "--iterations", "10"])
    assert "sampled once: no interval" in r.output and "z=inf" not in r.output


def test_pimc_does_not_recommend_a_move_on_one_rollout() -> None:
    """Vic Village's 3-player discard (120 pairs) at 500 iterations: a pair seen once (one
    rollout worth 27) was recommended over pairs seen 3-7 times."""
    r = CliRunner().invoke(main, ["recommend", "--game", "mate-vic-village(players=3)",
                                  "--seed", "2", "--seat", "0", "--iterations", "500", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["algorithm"] == "pimc"
    assert out["actions"][0]["visits"] >= 2
    assert any(a["visits"] == 1 for a in out["actions"])


def test_the_table_explains_a_recommendation_less_robust_than_another_move() -> None:
    from solver.search.result import build_result
    rows = [{"action": 0, "text": "A", "mean": 0.5, "ci_low": 0.4, "ci_high": 0.6, "visits": 60,
             "robustness": 0.2},
            {"action": 1, "text": "B", "mean": 0.6, "ci_low": 0.4, "ci_high": 0.8, "visits": 40,
             "robustness": 0.8}]
    res = build_result("ismcts", 0, rows, value="return", nodes=1, iterations=100, worlds=100,
                       rank_by="visits", params={})
    assert res.chosen == 0
    assert "recommends the move with most visits, which need not be the most robust" in \
        res.table()
    calm = build_result("ismcts", 0, [dict(rows[0], robustness=0.9), rows[1]], value="return",
                        nodes=1, iterations=100, worlds=100, rank_by="visits", params={})
    assert "need not be the most robust" not in calm.table()


def test_a_named_sampling_search_in_a_perfect_information_position_points_to_auto() -> None:
    """Plain Mate: `--algo pimc` recommended a move the exact solver scores 136 points worse."""
    r = CliRunner().invoke(main, ["recommend", "--game", "mate", "--seed", "7", "--seat", "1",
                                  "--algo", "pimc", "--iterations", "2000"])
    assert r.exit_code == 0, r.output
    assert "`--algo auto` (the default) solves it exactly" in r.output
    r = CliRunner().invoke(main, ["recommend", "--game", "mate-vic-village(players=3)",
                                  "--seed", "7", "--seat", "0", "--algo", "pimc",
                                  "--iterations", "500"])
    assert r.exit_code == 0, r.output
    assert "solves it exactly" not in r.output


def test_recommend_says_what_it_ignored_and_oversubscribed() -> None:
    """auto picking the exact solver ignored --iterations silently; --threads beyond the cores
    went unremarked (tournament warns)."""
    import os
    r = CliRunner().invoke(main, ["recommend", "--game", "mate", "--seed", "7", "--seat", "1",
                                  "--iterations", "500",
                                  "--threads", str((os.cpu_count() or 1) + 1)])
    assert r.exit_code == 0, r.output
    assert "auto chose the exact solver, which takes no --iterations" in r.output
    assert "the extra threads take turns" in r.output


def test_mattis_values_say_what_they_are_in() -> None:
    """Mattis's returns are 1 for every seat but the loser (docs/rules/mattis.md §2): the
    recommend header and analyse say so rather than "points"."""
    r = CliRunner().invoke(main, ["recommend", "--game", "mattis(players=5)", "--seed", "3",
                                  "--seat", "4", "--iterations", "300"])
    assert r.exit_code == 0, r.output
    assert "value = the chance of not being the loser, " in r.output
    # the solver's answer names the same thing the same way
    r = CliRunner().invoke(main, ["recommend", "--game", "mattis(players=4)", "--seed", "3",
                                  "--algo", "solver"])
    assert r.exit_code == 0, r.output
    assert "value = the chance of not being the loser, " in r.output
    r = CliRunner().invoke(main, ["recommend", "--game", "dog-tag-trick", "--seed", "3",
                                  "--seat", "0", "--iterations", "300"])
    assert "value = round_gain, " in r.output


def test_analyse_brackets_the_best_move_of_an_unfinished_solve() -> None:
    """A full-state solve stopped by its budget has no exact loss ("~"), and the move it found
    best is not called the exact best: it is in parentheses (tester pass 4 saw a named "best
    (exact)" beside every "~")."""
    r = CliRunner().invoke(main, ["analyse", "results/leaderboards/runs/dog-tag-trick",
                                  "--game-id", "0", "--worlds", "2", "--node-budget", "5000"])
    assert r.exit_code == 0, r.output
    rows = [ln.split() for ln in r.output.splitlines() if ln[:1].isdigit()]
    unfinished = [row for row in rows if "~" in row]
    assert unfinished
    for row in unfinished:
        best = row[row.index("~") - 1]
        assert best.endswith(")"), row
