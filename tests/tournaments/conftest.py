import os
import textwrap

import pytest

from tournaments.config import load_config
from tournaments.runner import load_records

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PLUGINS = {
    "first.py": """
        from bots.base import Bot

        class FirstLegal(Bot):
            name = "first-legal"
            def act(self, view):
                return view.legal_actions()[0]

        class LastLegal(Bot):
            name = "last-legal"
            def act(self, view):
                return view.legal_actions()[-1]

        class Interactive(Bot):
            name = "interactive"
            interactive = True
            def act(self, view):
                return view.legal_actions()[int(input())]

        class OtherGame(Bot):
            name = "other-game"
            games = ("mattis",)
            def act(self, view):
                return view.legal_actions()[0]
    """,
    "faulty.py": """
        import os, sys, time
        from bots.base import Bot

        class Raiser(Bot):
            name = "raiser"
            def act(self, view):
                raise RuntimeError("boom")

        class Illegal(Bot):
            name = "illegal"
            def act(self, view):
                return 10 ** 6

        class Slow(Bot):
            name = "slow"
            def act(self, view):
                time.sleep(0.8)
                return view.legal_actions()[0]

        class Hanger(Bot):
            name = "hanger"
            def act(self, view):
                time.sleep(30)
                return view.legal_actions()[0]

        class Exiter(Bot):
            name = "exiter"
            def act(self, view):
                os._exit(3)

        class Quitter(Bot):
            name = "quitter"
            def act(self, view):
                sys.exit("bye")
    """,
}


@pytest.fixture
def plugins(tmp_path):
    """Write the plugin bot files into tmp_path; returns {file name: absolute path}."""
    out = {}
    for name, text in PLUGINS.items():
        p = tmp_path / name
        p.write_text(textwrap.dedent(text))
        out[name] = str(p)
    return out


def run_config(tmp_path, name, **kw):
    kw.setdefault("game", "mate")
    kw.setdefault("seed", 3)
    kw.setdefault("executor", "serial")
    return load_config(out=str(tmp_path / name), **kw)


def comparable(run_dir):
    return [r.comparable() for r in load_records(run_dir)]
