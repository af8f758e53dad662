"""Issue 17.10: the docs run. Every ``trickhound`` command shown in README.md and in the
``--help`` text of every command is run as shown (in a scratch folder holding the files the
README asks you to write: my_bot.py, position.json, demo.toml, ...) and must exit 0; every
output the README shows must be what the command prints now.

Budgets: commands run as shown, except ``bench`` (minutes at its defaults) and ``rate``
(until sigma < 2), which get the small-budget flags in SMALL; commands that take more than a
few seconds even so are in the slow test."""
import json
import os
import re
import shlex
import subprocess
import sys

import pytest

from tournaments.cli import main

from .conftest import REPO

README = os.path.join(REPO, "README.md")
#: Flags appended to keep a command's run short, by the command's start (the command as shown
#: is otherwise unchanged; the config files' own `out` is shared, so each gets its folder).
SMALL = {"bench": ["--seconds", "0.05", "--solve-deals", "2", "--length-games", "20",
                   "--game", "mate"],
         # the default pool may hold bots that take minutes a game (the OpenSpiel ones)
         "rate": ["--max-games", "4", "--pool", "random,heuristic"],
         "tournament demo.toml": ["--deals", "1", "--out", "results/demo-toml"],
         "tournament config.toml": ["--deals", "1", "--out", "results/config-toml"]}
#: Commands that cannot run here, with the reason: they name a machine that does not exist.
PLACEHOLDERS = {"tcp://scheduler-host:8786": "a Dask scheduler address to fill in"}
#: Commands that take seconds each (worker pools, plots, ratings, benchmarks), and the ones
#: that follow them in the README (resume, report: the run they read): the slow test.
SLOW = ("tournament", "resume", "report", "rate", "bench")


def readme():
    with open(README, encoding="utf-8") as f:
        return f.read()


def blocks(text, lang):
    return re.findall(r"```" + lang + r"\n(.*?)```", text, re.S)


def readme_commands(text):
    """Every trickhound command the README shows, in order, without duplicates."""
    found = []
    for line in text.splitlines():       # indented commands and the install one-liner
        line = line.strip()
        for part in line.split("&&"):
            part = part.strip()
            if part.startswith("trickhound ") and line.startswith(("trickhound", "python3")):
                found.append(part.split(" #")[0].strip())
    for block in blocks(text, "console"):
        found += [m.strip() for m in re.findall(r"^\$ (trickhound .*)$", block, re.M)]
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    for span in re.findall(r"`(trickhound [^`]+)`", prose.replace("\n", " ")):
        words = span.split()
        # a pattern (`trickhound resume DIR`) or the bare name of a command that needs more
        # (`trickhound solve`) is a reference, not a command to run
        if any(re.fullmatch(r"[A-Z]{2,}", w) for w in words):
            continue
        if len(words) == 2 and (words[1] not in main.commands or any(
                p.required for p in main.commands[words[1]].params)
                or words[1] in ("recommend", "analyse")):
            continue
        found.append(" ".join(words))
    out = []
    for c in found:
        if c not in out:
            out.append(c)
    return out


def help_examples():
    """The ``trickhound ...`` lines of every command's help text."""
    out = []
    for cmd in main.commands.values():
        for line in (cmd.help or "").splitlines():
            if line.strip().startswith("trickhound "):
                out.append(line.strip())
    return out


def workspace(path):
    """The files the README tells a user to write, written from the README itself."""
    text = readme()
    bot = next(b for b in blocks(text, "python") if "class MyBot(Bot)" in b)
    (path / "my_bot.py").write_text(bot)
    position = json.loads(blocks(text, "json")[0])
    (path / "position.json").write_text(json.dumps(position))
    toml = blocks(text, "toml")[0]
    (path / "demo.toml").write_text(toml)
    (path / "config.toml").write_text(toml)
    from solver.registry import load_game
    game = load_game("mattis(players=5)")
    view = game.new_initial_state(3).view(4).to_json()
    view["game"] = game.spec()
    (path / "view.json").write_text(json.dumps(view))
    # The shipped leaderboards' runs, which the README's review examples read, and the
    # games.jsonl one of them names.
    boards = os.path.join(REPO, "results", "leaderboards")
    (path / "results").mkdir(exist_ok=True)
    if not (path / "results" / "leaderboards").exists():
        os.symlink(boards, path / "results" / "leaderboards")
    with open(os.path.join(boards, "runs", "mate", "games.jsonl"), encoding="utf-8") as f:
        (path / "games.jsonl").write_text(f.read())


def run(command, cwd, stdin="quit\n"):
    argv = shlex.split(command)
    assert argv[0] == "trickhound"
    small = [v for k, v in SMALL.items() if command.startswith("trickhound " + k)]
    argv = argv[1:] + (small[0] if small else [])
    env = dict(os.environ, PYTHONPATH=REPO)
    p = subprocess.run([sys.executable, "-m", "tournaments.cli", *argv], cwd=str(cwd), env=env,
                       capture_output=True, text=True, input=stdin, timeout=600)
    return p.returncode, p.stdout, p.stderr


def runnable(commands):
    return [c for c in commands if not any(p in c for p in PLACEHOLDERS)]


def is_slow(command):
    return command.split()[1] in SLOW


def test_the_readme_shows_the_commands_it_should():
    cmds = readme_commands(readme())
    assert "trickhound games" in cmds and "trickhound resume results/demo" in cmds
    assert 'trickhound match mate --bots "my_bot.py:MyBot(samples=2),random"' in cmds
    assert any(c.startswith("trickhound recommend --game") for c in cmds)
    assert len(help_examples()) >= 2


def check_all(commands, tmp_path):
    """Run the commands in order in one folder (the README's follow one another: tournament,
    resume, report, ...)."""
    workspace(tmp_path)
    failed = []
    for c in commands:
        code, out, err = run(c, tmp_path)
        if code != 0:
            failed.append(f"{c}: exit {code}: {err.strip()[-300:]}")
    assert not failed, "\n".join(failed)


@pytest.mark.slow     # over 8 s: the quick loop leaves it to CI
def test_quick_readme_commands_run(tmp_path):
    check_all([c for c in runnable(readme_commands(readme())) if not is_slow(c)], tmp_path)


@pytest.mark.slow     # over 8 s: the quick loop leaves it to CI
def test_help_examples_run(tmp_path):
    check_all(runnable(help_examples()), tmp_path)


@pytest.mark.slow
def test_slow_readme_commands_run(tmp_path):
    check_all([c for c in runnable(readme_commands(readme())) if is_slow(c)], tmp_path)


def normal(line):
    """A line with its timings blanked (they are the machine's, not the program's)."""
    line = re.sub(r"\d+(\.\d+)?\s?(s|ms)\b", "<time>", line.rstrip())
    return re.sub(r"\(\s*[\d,]+ nodes, <time>\)", "(<nodes>, <time>)", line)


def shown_outputs(text):
    """(command, [shown output lines]) of every console block."""
    out = []
    for block in blocks(text, "console"):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            first, *rest = chunk.rstrip("\n").split("\n")
            out.append((first.strip(), rest))
    return out


def matches(shown, actual):
    """Every shown line appears in the actual output, in order; ``...`` alone stands for any
    lines, a line ending in ``...`` for any line starting so."""
    actual = [normal(a) for a in actual]
    i = 0
    for s in shown:
        if s.strip() == "...":
            continue
        s = normal(s)
        prefix = s.endswith("...")
        want = s[:-3].rstrip() if prefix else s
        while i < len(actual) and not (actual[i].startswith(want) if prefix
                                       else actual[i] == want):
            i += 1
        if i == len(actual):
            return s
        i += 1
    return None


@pytest.mark.parametrize("command, shown", shown_outputs(readme()), ids=lambda x: str(x)[:40])
def test_readme_outputs_are_current(tmp_path, command, shown):
    workspace(tmp_path)
    code, out, err = run(command, tmp_path)
    assert code == 0, err
    missing = matches(shown, out.splitlines())
    assert missing is None, f"README shows {missing!r}; `{command}` prints:\n{out}"


def test_output_matching_can_fail():
    assert matches(["a", "...", "c 1.5s"], ["a", "b", "c 0.2s"]) is None
    assert matches(["a", "c"], ["c", "a"]) == "c"
    assert matches(["Best: 7H ..."], ["Best: AC KD"]) == "Best: 7H ..."
