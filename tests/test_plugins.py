"""User bots from a file and from an entry point, end to end; the README's example bot is the
one tested, so the README stays true."""
import builtins
import os
import re
import textwrap

import pytest
from click.testing import CliRunner

from bots.registry import available_bots, make_bot
from bots.spec import BotSpecError
from tournaments.cli import main
from tournaments.referee import play_game


def readme_bot_source():
    text = open("README.md", encoding="utf-8").read()
    section = text[text.index("## Write your own bot"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


@pytest.fixture
def plugin_file(tmp_path):
    p = tmp_path / "my_bot.py"
    p.write_text(readme_bot_source())
    return p


def test_readme_bot_loads_and_plays_a_whole_game(plugin_file):
    spec = f"{plugin_file}:MyBot(samples=1)"
    rec = play_game("mate", [spec, "random"], deal_seed=3, bot_seeds=[1, 2])
    assert rec.termination == "normal" and len(rec.actions) > 40


def test_readme_bot_through_the_cli(plugin_file):
    r = CliRunner().invoke(main, ["match", "mate", "--bots",
                                  f"{plugin_file}:MyBot(samples=1),random",
                                  "--games", "1", "--quiet"])
    assert r.exit_code == 0, r.output
    assert "MyBot" in r.output


def test_a_plugin_file_runs_once_until_it_changes(tmp_path):
    """A tournament makes bots afresh for every game: the file is executed once per process,
    and again only when it is edited."""
    p = tmp_path / "counted.py"
    src = ("import builtins\n"
           "builtins.trickhound_test_runs = getattr(builtins, 'trickhound_test_runs', 0) + 1\n"
           "from bots.base import Bot\n"
           "class C(Bot):\n"
           "    def act(self, view):\n"
           "        return view.legal_actions()[{k}]\n")
    p.write_text(src.format(k=0))
    before = getattr(builtins, "trickhound_test_runs", 0)
    for _ in range(3):
        play_game("mate", [f"{p}:C", "random"], deal_seed=1, bot_seeds=[1, 2])
    assert builtins.trickhound_test_runs == before + 1
    p.write_text(src.format(k=-1))                 # edited: same size, new contents
    os.utime(p, ns=(os.stat(p).st_atime_ns, os.stat(p).st_mtime_ns + 10**9))
    make_bot(f"{p}:C")
    assert builtins.trickhound_test_runs == before + 2


def test_bad_plugin_paths(tmp_path):
    with pytest.raises(BotSpecError, match="not found"):
        make_bot(f"{tmp_path}/missing.py:X")
    (tmp_path / "broken.py").write_text("raise RuntimeError('boom')\n")
    with pytest.raises(BotSpecError, match="failed to import"):
        make_bot(f"{tmp_path}/broken.py:X")
    (tmp_path / "notbot.py").write_text("class X: pass\n")
    with pytest.raises(BotSpecError, match="not a trickhound Bot"):
        make_bot(f"{tmp_path}/notbot.py:X")
    r = CliRunner().invoke(main, ["match", "mate", "--bots", f"{tmp_path}/notbot.py:X,random"])
    assert r.exit_code == 2 and r.output.count("\n") == 1


def test_entry_point_plugin(tmp_path, monkeypatch):
    """A package installed with an entry point in group trickhound.bots is found by name."""
    pkg = tmp_path / "site"
    (pkg / "epbot").mkdir(parents=True)
    (pkg / "epbot" / "__init__.py").write_text(textwrap.dedent("""
        from bots.base import Bot
        class EpBot(Bot):
            name = "ep-bot"
            def act(self, view):
                return view.legal_actions()[-1]
    """))
    dist = pkg / "epbot-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: epbot\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[trickhound.bots]\nep-bot = epbot:EpBot\n")
    monkeypatch.syspath_prepend(str(pkg))
    assert "ep-bot" in available_bots()
    rec = play_game("mate", ["ep-bot", "random"], deal_seed=1, bot_seeds=[0, 0])
    assert rec.termination == "normal"
