"""``trickhound rate`` run outside the repository, as by a user who pip-installed trickhound:
no published board in the current folder, so the built-in pool, said so with the reason;
the same bots as the published boards; never an installed package's plugin bots."""
import os

from click.testing import CliRunner

import bots.registry as registry
from bots.base import Bot
from solver.registry import load_game
from tournaments.cli import main
from tournaments.rate import default_pool


def test_rate_outside_the_repository_says_why_the_pool_is_built_in(tmp_path, plugins,
                                                                   monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert not os.path.exists("results")
    r = CliRunner().invoke(main, ["rate", "first.py:FirstLegal", "--game", "mate",
                                  "--max-games", "4", "--executor", "serial"])
    assert r.exit_code == 0, r.output
    lines = r.stderr.splitlines()
    assert lines[0] == "rating first.py:FirstLegal on mate"
    board = os.path.join("results", "leaderboards", "mate.json")
    assert lines[1] == (f"pool (built-in bots: no published leaderboard {board} here; "
                        f"--leaderboards DIR names another folder): "
                        f"heuristic, ismcts, pimc, solver")
    # the run folder is made in the current folder, and the result names it
    runs = os.listdir("results")
    assert len(runs) == 1 and runs[0].startswith("rate-first.py-FirstLegal-mate-")
    assert f"(games in results/{runs[0]};" in r.stdout


def test_given_pool_says_so(tmp_path, plugins, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["rate", "first.py:FirstLegal", "--game", "mate",
                                  "--pool", "random", "--max-games", "4",
                                  "--executor", "serial", "--out", "r"])
    assert r.exit_code == 0, r.output
    assert "pool (given pool): random" in r.stderr.splitlines()


class ExtBot(Bot):
    """An installed package's bot (entry point group trickhound.bots)."""
    name = "ext-bot"

    def act(self, view):
        return view.legal_actions()[0]


class FakeEntryPoint:
    name = "ext-bot"

    def load(self):
        return ExtBot


def test_installed_plugin_bots_stay_out_of_the_built_in_pool(monkeypatch):
    """A plugin is listed and usable by name (`trickhound bots`), but the default pool is the
    same for every install of a version: trickhound's own bots."""
    monkeypatch.setattr(registry, "_entry_points", lambda: {"ext-bot": FakeEntryPoint()})
    assert "ext-bot" in registry.available_bots()
    assert registry.bot_class("ext-bot") is ExtBot
    assert "ext-bot" not in registry.builtin_bots()
    assert default_pool(load_game("mate")) == ["heuristic", "ismcts", "pimc", "solver"]


def test_rate_help_names_the_pool_and_the_folder():
    text = " ".join(CliRunner().invoke(main, ["rate", "--help"]).output.split())
    assert "trickhound rate my_bot.py:MyBot --game mate" in text
    assert "relative to the current folder" in text
