"""Bad configurations: one clear line, exit code 2, before any game starts (nothing written)."""
import os

import pytest
from click.testing import CliRunner

from tournaments.cli import main
from tournaments.config import load_config, split_specs


def run(args):
    return CliRunner().invoke(main, args)


def assert_one_line_error(result, *words):
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("trickhound: error:"), result.output
    for w in words:
        assert w.lower() in lines[0].lower(), lines[0]


def no_games(out):
    return not os.path.exists(os.path.join(out, "games.jsonl"))


@pytest.mark.parametrize("args, words", [
    (["--bots", "random,nosuchbot"], ["unknown bot", "nosuchbot"]),
    (["--bots", "random,solver(depth=3)"], ["unknown parameter", "depth"]),
    (["--bots", "random,solver", "--game", "mate(colour=red)"], ["unknown option", "colour"]),
    (["--bots", "random,solver", "--game", "nogame"], ["unknown game", "nogame"]),
    (["--bots", "random,solver", "--deals", "0"], ["deals", "at least 1"]),
    (["--bots", "random"], ["at least 2 bots"]),
    (["--bots", "random,random"], ["listed twice"]),
    (["--bots", "random,solver", "--executor", "threads"], ["executor"]),
    (["--bots", "random,solver", "--deals", "many"], ["deals"]),
    (["--bots", "random,solver", "--move-time", "-1"], ["move-time", "more than 0"]),
])
def test_bad_flags(tmp_path, args, words):
    out = str(tmp_path / "run")
    args = ["tournament", "--game", "mate", "--out", out, "--quiet"] + args \
        if "--game" not in args else ["tournament", "--out", out, "--quiet"] + args
    assert_one_line_error(run(args), *words)
    assert no_games(out)


def test_bot_that_does_not_play_the_game(tmp_path, plugins):
    out = str(tmp_path / "run")
    r = run(["tournament", "--game", "mate", "--bots", f"random,{plugins['first.py']}:OtherGame",
             "--out", out])
    assert_one_line_error(r, "does not play", "mate")
    assert no_games(out)


def test_interactive_bot_is_refused(tmp_path, plugins):
    r = run(["tournament", "--game", "mate", "--bots", f"random,{plugins['first.py']}:Interactive",
             "--out", str(tmp_path / "run")])
    assert_one_line_error(r, "person")


def test_plugin_that_is_missing_or_not_a_bot(tmp_path, plugins):
    r = run(["tournament", "--game", "mate", "--bots", "random,/nonexistent/x.py:Bot",
             "--out", str(tmp_path / "a")])
    assert_one_line_error(r, "not found")
    r = run(["tournament", "--game", "mate", "--bots", f"random,{plugins['first.py']}:Nope",
             "--out", str(tmp_path / "b")])
    assert_one_line_error(r, "no class 'Nope'", "its Bot classes: FirstLegal")


def test_unwritable_output(tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a directory")
    for out in (str(blocker), str(blocker / "run")):
        r = run(["tournament", "--game", "mate", "--bots", "random,solver", "--out", out])
        assert_one_line_error(r, "output")


def test_config_file_errors(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("game = \"mate\"\nbots = [\"random\", \"solver\"]\ncolour = 3\n")
    assert_one_line_error(run(["tournament", str(bad), "--out", str(tmp_path / "x")]),
                          "unknown key", "colour")
    bad.write_text("game = \"mate\"\nbots = [\"random\", \"solver\"\n")
    assert_one_line_error(run(["tournament", str(bad)]), "malformed TOML")
    bad.write_text("game = \"mate\"\nbots = [\"random\", \"solver\"]\n"
                   "[options]\ncolour = \"red\"\n")
    assert_one_line_error(run(["tournament", str(bad), "--out", str(tmp_path / "y")]),
                          "unknown option", "colour")
    assert_one_line_error(run(["tournament", str(tmp_path / "missing.toml")]), "cannot read")
    assert_one_line_error(run(["tournament"]), "CONFIG.toml")


def test_existing_run_is_not_overwritten(tmp_path):
    out = str(tmp_path / "run")
    r = run(["tournament", "--game", "mate", "--bots", "random,solver(worlds=1)",
             "--deals", "1", "--executor", "serial", "--out", out, "--quiet"])
    assert r.exit_code == 0, r.output
    before = open(os.path.join(out, "games.jsonl")).read()
    r = run(["tournament", "--game", "mate", "--bots", "random,solver", "--out", out, "--quiet"])
    assert_one_line_error(r, "already holds", "resume")
    assert open(os.path.join(out, "games.jsonl")).read() == before


def test_toml_config_with_flags_overriding(tmp_path, plugins):
    cfg_file = tmp_path / "t.toml"
    cfg_file.write_text(f"""
game = "mate"
bots = ["random", "{plugins['first.py']}:FirstLegal"]
deals = 3
seed = 4
duplicate = false
move_time = 0.5
time_margin = 0.25
[options]
first_dealer = 1
""")
    cfg = load_config(str(cfg_file), deals=5, out=str(tmp_path / "o"))
    assert cfg.game == "mate(first_dealer=1)" and cfg.deals == 5 and cfg.seed == 4
    assert cfg.duplicate is False and cfg.move_time_limit == pytest.approx(0.75)
    assert cfg.bots[1].startswith("/") and cfg.bots[1].endswith("first.py:FirstLegal")


def test_spec_lists_keep_commas_inside_parentheses():
    assert split_specs("ismcts(iterations=2000,c=0.7), random,x.py:B(a=1)") == \
        ["ismcts(iterations=2000,c=0.7)", "random", "x.py:B(a=1)"]
