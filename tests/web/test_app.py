"""``trickhound serve`` without a browser (Starlette's test client): every kind of bad input is
a 4xx page with the message and no traceback, and a search runs as a job that ends on the
result page. Skips without the web extra."""
import html
import re
import time

import pytest

from tests.web.client import TestClient
from tournaments.web.app import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def client(runs_dir):
    with TestClient(create_app(runs_dir, workers=2), raise_server_exceptions=False) as c:
        yield c


BAD_POSTS = [
    ("/recommend", {"game": "nogame"}, "unknown game 'nogame'"),
    ("/recommend", {"game": "mate(first_dealer=7)"}, "first_dealer"),
    ("/recommend", {"game": "mate", "view_json": "[1, 2]"}, "must be an object"),
    ("/recommend", {"game": "mate", "view_json": "{\"hands\": 3}"}, ""),
    ("/recommend", {"game": "mate", "moves": "PASS, QQ"}, "move 2"),
    ("/recommend", {"game": "mate", "limit": "iterations=-3"}, "positive integer"),
    ("/recommend", {"game": "mate", "algo": "magic"}, "unknown search 'magic'"),
    ("/recommend", {"game": "mate", "seed": "x1"}, "whole number"),
    ("/recommend", {"game": "mate", "seat": "9"}, "out of range"),
    ("/play", {"game": "mate", "seat": "2"}, "seat 2 out of range"),
    ("/play", {"game": "mattis", "bots": "random,random"}, "needs 3 bot(s)"),
    ("/play", {"game": "mate", "bots": "nobot"}, "unknown bot 'nobot'"),
    ("/play", {"game": "mate", "bots": "ismcts(iterations=abc)"}, "iterations"),
    ("/play", {}, "the field 'game' is required"),
]


@pytest.mark.parametrize("path,data,needle", BAD_POSTS)
def test_bad_form_input_is_a_400_with_the_message(client, path, data, needle):
    r = client.post(path, data=data, follow_redirects=False)
    assert r.status_code == 400, r.text
    assert 'id="error"' in r.text and "Traceback" not in r.text
    assert needle.replace("'", "&#39;") in r.text


@pytest.mark.parametrize("path", ["/runs/nope", "/runs/../../etc", "/runs/mate-demo/games/x",
                                  "/runs/mate-demo/games/12345", "/runs/mate-demo/plot/evil.png",
                                  "/jobs/none", "/play/abc", "/recommend/result/none"])
def test_missing_things_are_404_pages(client, path):
    r = client.get(path)
    assert r.status_code == 404 and 'id="error"' in r.text


def test_a_move_that_is_not_legal_is_a_400(client):
    r = client.post("/play", data={"game": "mate", "seed": "2", "bots": "random"},
                    follow_redirects=False)
    assert r.status_code == 303
    game = r.headers["location"]
    r = client.post(game + "/move", data={"move": "XX"})
    assert r.status_code == 400 and "unknown card" in r.text
    page = client.get(game).text
    assert 'id="moves"' in page


def test_a_search_job_ends_on_the_result_page(client):
    r = client.post("/recommend", data={"game": "mate", "algo": "solver",
                                        "limit": "iterations=1,worlds=1", "seed": "4"},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/jobs/")
    job = r.headers["location"]
    for _ in range(300):                     # bounded: 300 polls of 0.1 s at most
        r = client.get(job, follow_redirects=False)
        if r.status_code == 303:
            break
        assert r.status_code == 200
        time.sleep(0.1)
    assert r.headers["location"].startswith("/recommend/result/")
    page = client.get(r.headers["location"]).text
    assert 'id="rec-table"' in page and "exact" in page


@pytest.mark.parametrize("game,hidden", [("mate", None),
                                         ("mate-vic-village", r"seat 1: \d+ cards"),
                                         ("dog-tag-trick", r"seat 1: \d+ cards"),
                                         ("mattis(players=5)", r"seat 1: \d+ cards")])
def test_every_game_is_playable_from_ones_own_view(client, game, hidden):
    """The page shows the player's view only: other hands as card counts in the hidden-card
    games (docs/rules/mattis.md, docs/rules/dog-tag-trick.md, docs/rules/mate-vic-village.md
    information model), both hands in Mate (docs/rules/mate.md §9)."""
    r = client.post("/play", data={"game": game, "seed": "5", "bots": "random"},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    url = r.headers["location"]
    for _ in range(3):                       # three of our moves, each answered by the bots
        page = client.get(url).text
        if hidden:
            assert re.search(hidden, page)
        moves = re.findall(r'<button name="move" value="([^"]+)"', page)
        if not moves:
            assert 'id="result"' in page
            break
        r = client.post(url + "/move", data={"move": html.unescape(moves[0])},
                        follow_redirects=False)
        assert r.status_code == 303, r.text


def _finished(client, location):
    """Follow a search job until it sends the browser on (bounded: 600 polls of 0.1 s)."""
    for _ in range(600):
        r = client.get(location, follow_redirects=False)
        if r.status_code == 303:
            return r.headers["location"]
        assert r.status_code == 200, r.text
        time.sleep(0.1)
    pytest.fail(f"the search at {location} did not finish")


def _rows(page):
    """(move, value as shown: 3 decimals) of the recommendation table's rows, best first."""
    body = page[page.index('id="rec-table"'):]
    body = body[:body.index("</table>")]
    return [(html.unescape(m), v) for m, v in
            re.findall(r"<td>(?:★)?</td><td>([^<]+)</td>\s*<td class=\"num\">([-0-9.]+)</td>",
                       body)]


def test_the_search_menus_offer_auto_selected_by_default(client):
    """Both pages default to ``auto`` with an empty limit (the command line's defaults)."""
    r = client.post("/play", data={"game": "mate", "seed": "7", "bots": "heuristic"},
                    follow_redirects=False)
    pages = [client.get("/recommend").text, client.get(r.headers["location"]).text]
    for page in pages:
        assert re.search(r"<option selected>auto</option>", page)
        assert re.search(r'<input name="limit" value=""', page)


def test_the_hint_is_the_terminals_hint(client):
    """The brief's case: Mate seat 0, deal 7, against heuristic. Mate with face-up forcing is
    perfect information for the mover (docs/rules/mate.md §9), so auto solves it exactly and
    the page's values are the terminal hint's (bots.human.hint_result), not a sampled search's;
    the page names auto's choice and why."""
    from bots.human import hint_result
    from solver.registry import load_game
    from tournaments.engine_adapter import replay
    r = client.post("/play", data={"game": "mate", "seat": "0", "seed": "7",
                                   "bots": "heuristic"}, follow_redirects=False)
    url = r.headers["location"]
    r = client.post(url + "/hint", data={"algo": "auto", "limit": ""}, follow_redirects=False)
    assert r.status_code == 303
    page = client.get(_finished(client, r.headers["location"])).text
    # The position: deal 7 after the bot's moves in the page's log (every move is seen in Mate)
    log = [html.unescape(m) for m in
           re.findall(r'<li><span class="seat">[^<]*</span> ([^<]+)</li>', page)]
    assert log, "the heuristic moves first at deal 7"
    view = replay(load_game("mate"), 7, log).view(0)
    assert view.current_player() == 0
    want = hint_result(view)
    assert want.exact
    got = _rows(page)
    assert dict(got) == {view.action_to_str(a.action): f"{a.mean:.3f}" for a in want.actions}
    assert float(got[0][1]) == max(a.mean for a in want.actions)
    auto = html.unescape(re.search(r'id="auto">([^<]*)<', page).group(1))
    assert auto == f"auto: solver ({want.auto})" and "perfect information" in auto


def test_recommend_auto_answers_as_the_command_line(client):
    """Recommend with the form's defaults searches as ``trickhound recommend`` with its own:
    the same algorithm choice, the same values (an iteration limit: the answer reproduces)."""
    import json as _json
    import subprocess
    import sys

    from tests.web.conftest import REPO, _env
    form = {"game": "dog-tag-trick", "seed": "3", "moves": ""}
    r = client.post("/recommend", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    page = client.get(_finished(client, r.headers["location"])).text
    cli = subprocess.run([sys.executable, "-m", "tournaments.cli", "recommend", "--game",
                          "dog-tag-trick", "--seed", "3", "--seat", "0", "--json"],
                         cwd=REPO, env=_env(), capture_output=True, text=True, timeout=600)
    assert cli.returncode == 0, cli.stderr
    want = _json.loads(cli.stdout)
    assert html.unescape(re.search(r'id="auto">([^<]*)<', page).group(1)) == \
        f"auto: {want['algorithm']} ({want['auto']})"
    assert dict(_rows(page)) == {a["text"]: f"{a['mean']:.3f}" for a in want["actions"]}
    assert html.unescape(re.search(r'id="recommended">([^<]*)<', page).group(1)) == \
        want["recommended"]
    # The verdict reads as the CLI's "how sure:" line, its label once ("close call: ...",
    # not "close : close call: ..."), whichever label the CLI gives this position.
    from solver.search.result import _WORDS
    verdict = html.unescape(re.search(r'how sure: <span id="verdict">([^<]*)<', page).group(1))
    assert verdict == want["confidence"]["text"]
    words = _WORDS[want["confidence"]["label"]]
    assert verdict.startswith(words + ": ")
    label = re.search(r'<p class="verdict[^"]*">(.*?)</p>', page, re.S).group(1)
    assert re.sub(r"<[^>]+>", "", label).count(words + ":") == 1


def _cells(line):
    """The cells of a line of the CLI's leaderboard table (columns apart by 2+ spaces)."""
    return re.split(r"\s{2,}", line.strip())


@pytest.mark.parametrize("bots", ["random,solver", "random,heuristic,solver"])
def test_the_leaderboard_is_the_reports(runs_dir, tmp_path, bots):
    """The run page shows what ``trickhound report`` prints, in its order: the table ranked by
    paired score (the paired column first), then the notes with each adjacent pair's
    "separated" / "NOT SEPARATED" line and the paired differences -- the same numbers."""
    import subprocess
    import sys

    from tests.web.conftest import REPO, _env
    run = tmp_path / "runs" / "board"
    r = subprocess.run([sys.executable, "-m", "tournaments.cli", "tournament", "--game", "mate",
                        "--bots", bots, "--deals", "2", "--seed", "3", "--executor", "serial",
                        "--out", str(run), "--quiet"],
                       cwd=REPO, env=_env(), capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    with TestClient(create_app(str(tmp_path / "runs"), workers=1),
                    raise_server_exceptions=False) as c:
        before = c.get("/runs/board").text          # before any report: computed the same way
    rep = subprocess.run([sys.executable, "-m", "tournaments.cli", "report", str(run)],
                         cwd=REPO, env=_env(), capture_output=True, text=True, timeout=600)
    assert rep.returncode == 0, rep.stderr
    cli = rep.stdout.splitlines()
    assert cli[0] == "Leaderboard: mate"
    n = len(bots.split(","))
    head, rows = _cells(cli[1]), [_cells(ln) for ln in cli[3:3 + n]]
    notes = cli[3 + n:]
    notes = notes[:next(i for i, ln in enumerate(notes) if ln.startswith("wrote "))]
    while notes and not notes[-1]:
        notes.pop()
    assert head[:3] == ["#", "bot", "paired"]
    assert any("separated" in ln.lower() for ln in notes)
    with TestClient(create_app(str(tmp_path / "runs"), workers=1),
                    raise_server_exceptions=False) as c:
        after = c.get("/runs/board").text
    for page in (before, after):
        table = page[page.index('id="leaderboard"'):]
        table = table[:table.index("</table>")]
        got_head = [html.unescape(h) for h in re.findall(r"<th>([^<]*)</th>", table)]
        got_rows = [[html.unescape(c) for c in re.findall(r"<td[^>]*>([^<]*)</td>", tr)]
                    for tr in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1])]
        assert got_head == head
        assert got_rows == rows
        got_notes = html.unescape(re.search(r'id="board-notes">(.*?)</pre>', page,
                                            re.S).group(1)).splitlines()
        assert got_notes == notes
    # ranked by paired score, best first
    paired = [float(r[2]) for r in rows]
    assert paired == sorted(paired, reverse=True)
