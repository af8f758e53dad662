"""The command line through click's CliRunner: output shape and every bad-input path (one
line, exit code 2)."""
import json
import re

import pytest
from click.testing import CliRunner

from tournaments.cli import main

DEAL_A = ("AC TC KC AS TS 7S QH 7H KD QD", "QC 7C KS QS AH TH KH AD TD 7D")


def run(args, input=None):
    # standalone: our group turns errors into exit codes via sys.exit
    return CliRunner().invoke(main, args, input=input)


def position(**over):
    obj = {"game": "mate", "game_no": 1, "first_dealer": 0, "phase": "lead", "trick": 1,
           "leader": 0, "hands": [DEAL_A[0].split(), DEAL_A[1].split()],
           "forced": [None, None], "totals": [0, 0]}
    obj.update(over)
    return obj


def write(tmp_path, obj, name="pos.json"):
    p = tmp_path / name
    p.write_text(obj if isinstance(obj, str) else json.dumps(obj))
    return str(p)


def assert_one_line_error(result, *words):
    assert result.exit_code == 2, result.output
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("trickhound: error:"), result.output
    for w in words:
        assert w.lower() in lines[0].lower(), lines[0]
    assert "Traceback" not in result.output


def test_games_lists_every_game_and_option():
    r = run(["games"])
    assert r.exit_code == 0
    assert "mate:" in r.output and "forced_visibility = public" in r.output


def test_solve_W10_deal_A(tmp_path):
    """W10: Deal A with both passes is a draw with best play."""
    r = run(["solve", write(tmp_path, position())])
    assert r.exit_code == 0, r.output
    assert "Value for seat 0" in r.output and "+0" in r.output
    assert "Principal variation:" in r.output
    r = run(["solve", "--json", write(tmp_path, position())])
    out = json.loads(r.output)
    assert out["value"] == [0, 0] and out["player"] == 0 and len(out["actions"]) == 10
    assert set(out["best"]) <= set(out["actions"])


@pytest.mark.parametrize("obj, words", [
    ("{not json", ["malformed JSON"]),
    (position(hands=[DEAL_A[0].split()[:-1] + ["ZZ"], DEAL_A[1].split()]), ["unknown card", "ZZ"]),
    (position(hands=[DEAL_A[0].split()[:-1] + ["AC"], DEAL_A[1].split()]), ["duplicate card"]),
    (position(hands=[DEAL_A[0].split()[:-1], DEAL_A[1].split()]), ["10 cards"]),
    (position(game="nope"), ["unknown game", "nope"]),
    (position(game="mate(colour=red)"), ["unknown option", "colour"]),
])
def test_solve_bad_input_is_one_line_and_exit_2(tmp_path, obj, words):
    assert_one_line_error(run(["solve", write(tmp_path, obj)]), *words)


def test_solve_missing_file():
    assert_one_line_error(run(["solve", "/nonexistent/x.json"]), "cannot read")


def test_play_rejects_illegal_move_and_continues():
    # Seat 0 deals game 1 (first_dealer=0) and must force or pass; "QQ" is no card, "KD" then
    # is not legal after... we just check the messages and quit.
    r = run(["play", "mate(first_dealer=0)", "--seat", "0", "--vs", "random", "--seed", "3"],
            input="ZZ\nhint\nPASS\nquit\n")
    assert r.exit_code == 0, r.output
    assert "unknown card 'ZZ'" in r.output
    assert "hint (exact value" in r.output
    assert "Your move:" in r.output and "bye" in r.output


def test_play_illegal_action_message():
    # Seat 0 deals game 1; after its PASS, seat 1 (random) decides; the person then leads
    # trick 1 — a card they do not hold is refused with a message and the game goes on.
    r = run(["play", "mate(first_dealer=0)", "--seat", "0", "--vs", "random", "--seed", "3"],
            input="PASS\n" + "\n".join(["7D"] * 1) + "\nquit\n")
    assert r.exit_code == 0, r.output
    assert "seat 1 (random) plays" in r.output
    assert "not legal here" in r.output or "Your move" in r.output
    assert "bye" in r.output


def test_bots_lists_bots_with_parameters():
    r = run(["bots"])
    assert r.exit_code == 0
    assert "random:" in r.output and "solver:" in r.output and "worlds = 20" in r.output


def test_play_bad_seat_and_bot():
    assert_one_line_error(run(["play", "mate", "--seat", "5"]), "seat 5")
    assert_one_line_error(run(["play", "mate", "--vs", "nobot"]), "unknown bot")


def test_match_prints_each_game_and_totals():
    r = run(["match", "mate", "--bots", "solver,random", "--seed", "1", "--games", "2"])
    assert r.exit_code == 0, r.output
    assert r.output.count("match ") == 2 and "Totals over 2 matches (8 games)" in r.output
    assert run(["match", "mate", "--seed", "1", "--games", "2"]).output == r.output  # seeded


def test_match_bad_bots():
    assert_one_line_error(run(["match", "mate", "--bots", "random,random,random"]),
                          "needs 2 bots")
    assert_one_line_error(run(["match", "mate", "--bots", "random,random(x=1)"]),
                          "unknown parameter")
    assert_one_line_error(run(["match", "mate(x=1)"]), "unknown option")
    assert_one_line_error(run(["match", "mate", "--bots", "ismcts(objective=fame),random"]),
                          "objective='fame'", "must be one of")


@pytest.mark.slow     # over 8 s: the quick loop leaves it to CI
def test_bench_json_shape():
    r = run(["bench", "--json", "--seconds", "0.02", "--game", "mate", "--solve-deals", "3",
             "--length-games", "10"])
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)  # progress lines go to stderr (issue 17.9)
    assert r.stderr.startswith("bench: ")
    row = rep["playouts"][0]
    assert row["config"] == "mate" and row["games_per_s"] > 0 and row["vs_reference"] > 1
    assert set(rep["solve"]) == {"forcing_fixed", "forcing_optimised"}
    assert rep["determinize"][0]["per_s"] > 0


def test_bench_only_engines():
    """--only engines: the random-playout rows alone (no determinizations, solves, searches)."""
    r = run(["bench", "--json", "--seconds", "0.02", "--game", "mate", "--only", "engines"])
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert [row["config"] for row in rep["playouts"]] == ["mate"]
    assert rep["determinize"] == [] and rep["solve"] is None and rep["search"] == []
    assert_one_line_error(run(["bench", "--only", "searches"]), "--only")


@pytest.mark.slow     # over 8 s: the quick loop leaves it to CI
def test_bench_only_threads_and_only_tournaments():
    """--only threads / tournaments: those rows alone, to re-measure what a change moved."""
    r = run(["bench", "--json", "--seconds", "0.02", "--game", "tiny-tricks", "--only",
             "threads"])
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    names = [row["name"] for row in rep["search"]]
    assert names and all("2 threads vs 1" in n for n in names), names
    assert rep["playouts"] == [] and rep["determinize"] == [] and rep["solve"] is None
    r = run(["bench", "--json", "--seconds", "0.02", "--game", "tiny-tricks", "--only",
             "tournaments"])
    assert r.exit_code == 0, r.output
    names = [row["name"] for row in json.loads(r.stdout)["search"]]
    assert names and all(n.startswith("tournament tiny-tricks") for n in names), names


def test_bench_unknown_game():
    assert_one_line_error(run(["bench", "--game", "chess"]), "unknown game")


def test_usage_error_is_one_line():
    assert_one_line_error(run(["solve"]), "missing argument")


# -- recommend ---------------------------------------------------------------------------------

def test_recommend_from_game_seed_seat_moves():
    r = run(["recommend", "--game", "mate(first_dealer=0)", "--seed", "4", "--seat", "1",
             "--moves", "PASS", "--iterations", "2000", "--algo", "ismcts"])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    head = next(i for i, ln in enumerate(lines) if ln.startswith("ismcts for seat 1"))
    assert lines[head + 1].split()[:2] == ["move", "value"]
    assert lines[head + 2].startswith("*")                 # the recommended move first
    assert lines[-2].startswith("how sure:")
    assert lines[-1].startswith("note: seat 1 sees everything here")   # Mate: use auto


def test_recommend_auto_by_default_prints_its_choice():
    """Mate's forcing is face up by default (docs/rules/mate.md §9.2): perfect information, so
    ``--algo auto`` (the default) answers with the exact solver and says so."""
    r = run(["recommend", "--game", "mate(first_dealer=0)", "--seed", "4", "--seat", "1",
             "--moves", "PASS"])
    assert r.exit_code == 0, r.output
    assert "auto: solver (perfect information for the mover: exact alpha-beta)" in r.output
    assert r.output.splitlines()[-1].startswith("how sure: ")


def test_recommend_json_schema_and_reproducible(tmp_path):
    args = ["recommend", "--game", "dog-tag-trick(players=3)", "--seed", "2", "--seat", "0",
            "--iterations", "500", "--json"]
    a, b = run(args), run(args)
    assert a.exit_code == 0, a.output
    out = json.loads(a.output)
    assert out["schema"].startswith("trickhound.search_result/")
    assert out["game"] == "dog-tag-trick(players=3)" and out["seat"] == 0
    assert out["recommended"] == out["chosen_text"]
    for row in out["actions"]:
        assert {"action", "text", "mean", "ci95", "visits", "share",
                "robustness"} <= set(row)
    strip = lambda o: {k: v for k, v in o.items() if k not in ("elapsed_s", "iterations_per_s")}
    assert strip(out) == strip(json.loads(b.output))


def test_recommend_from_a_view_file(tmp_path):
    from solver.registry import load_game
    game = load_game("mate-vic-village(players=3)")
    s = game.new_initial_state(5)
    v = s.view(s.current_player()).to_json()
    v["game"] = "mate-vic-village(players=3)"
    r = run(["recommend", write(tmp_path, v), "--algo", "pimc", "--iterations", "600",
             "--worlds", "4"])
    assert r.exit_code == 0, r.output
    assert "pimc for seat" in r.output


@pytest.mark.parametrize("args, words", [
    (["--game", "mate", "--seat", "7"], ["seat 7 out of range"]),
    (["--game", "mate(first_dealer=0)", "--seat", "0", "--moves", "ZZ"], ["unknown card"]),
    (["--game", "mate(first_dealer=0)", "--seat", "0", "--moves", "PASS,AS"], ["not legal"]),
    (["--game", "mate(first_dealer=0)", "--seat", "1"], ["seat 0 is to act"]),
    (["--game", "nogame", "--seat", "0"], ["unknown game"]),
    (["--game", "mate(first_dealer=0)", "--seat", "0", "--iterations", "0"], ["iterations"]),
    (["--game", "mate(first_dealer=0)", "--seat", "0", "--param", "nope=1"], ["nope"]),
    (["--game", "dog-tag-trick(players=4)", "--seed", "1", "--seat", "0", "--algo", "solver",
      "--param", "evaluation=bogus"], ["evaluation must be one of"]),
    ([], ["--game"]),
])
def test_recommend_bad_input(args, words):
    assert_one_line_error(run(["recommend"] + args), *words)


def test_recommend_bad_view_files(tmp_path):
    assert_one_line_error(run(["recommend", write(tmp_path, {"seat": 0})]), "game")
    bad = {"game": "mate", "seat": 0, "hands": [["AS"], None]}
    assert_one_line_error(run(["recommend", write(tmp_path, bad)]))


def test_recommend_with_game_advises_the_seat_to_act_by_default():
    """--seat is optional with --game, as with a state file: the seat to act (tester 6)."""
    r = CliRunner().invoke(main, ["recommend", "--game", "mattis(players=5)", "--seed", "3",
                                  "--iterations", "200"])
    assert r.exit_code == 0, r.output
    told = CliRunner().invoke(main, ["recommend", "--game", "mattis(players=5)", "--seed", "3",
                                     "--iterations", "200", "--seat", "4"])
    # the same answer; the header's elapsed seconds may differ by a tick
    def untimed(text: str) -> str:
        return re.sub(r", \d+\.\d+s\b", "", text)
    assert told.exit_code == 0 and untimed(told.output) == untimed(r.output)
