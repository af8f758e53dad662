"""The run pages read a run as ``trickhound report`` does: a run whose last line was torn
by a kill (kill -9 mid-write) loads, a corrupt line elsewhere is still a 400 naming it.
Starlette's test client, no server; skips without the web extra."""
import html
import json
import re
import shutil

import pytest

from tests.web.client import TestClient
from tournaments.records import GameRecord
from tournaments.web.app import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _game_ids(page):
    """The game ids of the run page's game list."""
    body = page[page.index('id="games"'):]
    body = body[:body.index("</table>")].split("<tbody>")[1]
    return [int(g) for g in re.findall(r"<tr[^>]*><td>(\d+)</td>", body)]


def _copy_run(runs_dir, tmp_path, lines):
    """A runs folder holding a copy of the fixture's run ``mate-demo`` whose games.jsonl is
    ``lines`` (each a function of the original lines)."""
    src = f"{runs_dir}/mate-demo"
    dst = tmp_path / "runs" / "cut"
    shutil.copytree(src, dst)
    with open(f"{src}/games.jsonl") as f:
        original = f.read().splitlines(keepends=True)
    (dst / "games.jsonl").write_text("".join(lines(original)))
    return str(tmp_path / "runs"), original


def test_a_run_with_a_torn_last_line_loads_as_report_reads_it(runs_dir, tmp_path):
    """A kill -9 mid-write leaves a last line without its newline: ``trickhound report``
    skips it and warns that the run is short; the run page does the same (no 400), and the
    replay of a game before it works."""
    runs, original = _copy_run(runs_dir, tmp_path,
                               lambda lines: lines[:2] + ['{"actions": [1,2'])
    kept, lost = ([GameRecord.from_json(json.loads(line)).game_id for line in part]
                  for part in (original[:2], original[2:]))
    assert lost, "the fixture's run holds more than two games"
    with TestClient(create_app(runs, workers=1), raise_server_exceptions=False) as c:
        r = c.get("/runs/cut")
        assert r.status_code == 200, r.text
        assert "Games (2)" in r.text and _game_ids(r.text) == sorted(kept)
        assert re.search(r'id="board-warning">this run holds 2 of its', r.text)
        for gid in kept:
            assert c.get(f"/runs/cut/games/{gid}").status_code == 200
        assert c.get(f"/runs/cut/games/{lost[0]}").status_code == 404


def test_a_corrupt_line_in_the_middle_is_still_an_error(runs_dir, tmp_path):
    """A bad line that is not the last is corruption, as ``report`` and ``resume`` say: the
    run page and its replays answer 400 naming the line, not a list that skips it."""
    runs, _ = _copy_run(runs_dir, tmp_path,
                        lambda lines: lines[:1] + ['{"actions": [1,2\n'] + lines[1:])
    with TestClient(create_app(runs, workers=1), raise_server_exceptions=False) as c:
        for path in ("/runs/cut", "/runs/cut/games/0"):
            r = c.get(path)
            assert r.status_code == 400, (path, r.text)
            assert "corrupt line(s) (line 2)" in html.unescape(r.text)
