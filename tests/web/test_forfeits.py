"""The run pages show what a forfeited game scores, as the board counts it
(records.scored_returns: the forfeiter the game's worst return), who forfeited, when and why,
and mark the moves the referee's substitute made for the seat -- not the returns of the game
the substitute played out. Starlette's test client, no server; skips without the web extra."""
import html
import inspect
import re
import subprocess
import sys

import pytest

from tests.test_newcomer_findings import Tamperer
from tests.web.client import TestClient
from tests.web.conftest import REPO, _env
from tournaments.records import GameRecord, scored_returns, seat_forfeits, worst_return
from tournaments.runner import load_records
from tournaments.web.app import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: Bots that forfeit every game: one raises (its seat is played out by the referee's
#: substitute), one changes the referee's state (tampering: the game stops there, no returns):
#: tests/test_newcomer_findings.py's Tamperer, written to a plugin file with the Crasher.
BAD_BOTS = '''import sys

from bots.base import Bot


class Crasher(Bot):
    name = "crasher"

    def act(self, view):
        raise RuntimeError("boom")


''' + inspect.getsource(Tamperer)


def _tournament(out, bots):
    r = subprocess.run([sys.executable, "-m", "tournaments.cli", "tournament", "--game", "mate",
                        "--bots", bots, "--deals", "1", "--seed", "2", "--executor", "serial",
                        "--out", str(out), "--quiet"],
                       cwd=REPO, env=_env(), capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr


@pytest.fixture(scope="module")
def bad_runs(tmp_path_factory):
    """A runs folder with ``crash`` (a bot that raises, against heuristic) and ``tamper`` (a
    bot that tampers, against heuristic): every game of both is a forfeit."""
    root = tmp_path_factory.mktemp("bad-runs")
    bots = root / "badbots.py"
    bots.write_text(BAD_BOTS)
    _tournament(root / "runs" / "crash", f"{bots}:Crasher,heuristic")
    _tournament(root / "runs" / "tamper", f"{bots}:Tamperer,heuristic")
    return str(root / "runs")


@pytest.fixture(scope="module")
def client(bad_runs):
    with TestClient(create_app(bad_runs, workers=1), raise_server_exceptions=False) as c:
        yield c


def _records(runs, name):
    recs = load_records(f"{runs}/{name}")
    assert recs and all(r.termination == "forfeit" for r in recs)
    return recs


def _game_rows(page):
    """{game id: the text of its score cell} of the run page's game list."""
    body = page[page.index('id="games"'):]
    body = body[:body.index("</table>")]
    rows = {}
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body.split("<tbody>")[1], re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
        text = re.sub(r"<(?!br>)[^>]+>", "", cells[3])            # tags but line breaks
        rows[int(cells[0])] = html.unescape(text.replace("<br>", "\n"))
    return rows


def _shown(scores):
    return ", ".join("-" if x is None else f"{x:+g}" for x in scores)


@pytest.mark.parametrize("run,why", [("crash", "exception: RuntimeError: boom"),
                                     ("tamper", "tampering: the game state changed")])
def test_the_game_list_shows_what_a_forfeit_scores_and_why(client, bad_runs, run, why):
    """Each forfeit's row shows the board's score (the forfeiter the worst return, -968 in
    Mate, not the substitute's played-out +0) and names the seat that forfeited and why;
    a tampering forfeit (not played out, no returns) too."""
    rows = _game_rows(client.get(f"/runs/{run}").text)
    recs = _records(bad_runs, run)
    assert sorted(rows) == [r.game_id for r in recs]
    for rec in recs:
        seat = rec.forfeit["seat"]
        score, note = rows[rec.game_id].split("\n")
        assert score == _shown(scored_returns(rec))
        assert score.split(", ")[seat] == f"{worst_return('mate'):+g}"
        assert note == (f"seat {seat} ({rec.seating[seat]}) forfeited at ply "
                        f"{rec.forfeit['at'] + 1} ({rec.forfeit['reason']}: "
                        f"{rec.forfeit['detail']})")
        assert why in note


def _replay(client, run, gid):
    page = client.get(f"/runs/{run}/games/{gid}?ply=3")
    assert page.status_code == 200, page.text
    text = page.text
    score = html.unescape(re.search(r'id="score">([^<]*)<', text).group(1))
    forfeit = html.unescape(re.search(r'id="forfeit">(.*?)</p>', text, re.S).group(1))
    moves = [(int(ply), html.unescape(seat)) for ply, seat in re.findall(
        r'<td><a href="\?ply=(\d+)[^"]*">\d+</a></td><td[^>]*>([^<]*)</td>', text)]
    return score, forfeit, moves


def test_the_replay_shows_the_forfeit_and_marks_the_substitutes_moves(client, bad_runs):
    """The replay's score is the board's, the forfeit is named as ``trickhound analyse``
    names it, and the forfeiting seat's moves from the forfeit on (the referee's
    substitute's) are marked *, no other move."""
    for rec in _records(bad_runs, "crash"):
        score, forfeit, moves = _replay(client, "crash", rec.game_id)
        seat, at = rec.forfeit["seat"], rec.forfeit["at"]
        assert score == _shown(scored_returns(rec)) and "-968" in score
        assert len(moves) == len(rec.actions)
        marked = [ply for ply, s in moves if s.endswith("*")]
        assert marked == [ply for ply, s in moves if s.rstrip("*") == str(seat)
                          and ply > at]                         # plies count from 1
        assert marked, "the substitute played the crashed seat's moves"
        assert forfeit == (f"seat {seat} ({rec.seating[seat]}) forfeited at ply {at + 1} "
                           f"(exception: RuntimeError: boom); the referee's substitute "
                           f"played its {len(marked)} move(s) from that ply on, marked *")


def test_the_replay_of_a_tampering_forfeit_says_it_was_not_played_out(client, bad_runs):
    """Tampering stops the game (returns None): the replay still shows what it scores and
    who forfeited, and that the game was not played out; no move is marked."""
    for rec in _records(bad_runs, "tamper"):
        assert rec.returns is None
        score, forfeit, moves = _replay(client, "tamper", rec.game_id)
        seat = rec.forfeit["seat"]
        assert score == _shown(scored_returns(rec))
        assert score.split(", ")[seat] == "-968"
        assert forfeit.startswith(f"seat {seat} ({rec.seating[seat]}) forfeited at ply "
                                  f"{rec.forfeit['at'] + 1} (tampering: ")
        assert forfeit.endswith("; the game was not played out")
        assert not any(s.endswith("*") for _, s in moves)


def test_a_seat_left_unscored_shows_a_dash():
    """A forfeit not played out in a game without a constant sum leaves the other seats
    unscored (records.scored_returns: None): the page shows "-" there, the worst return for
    the forfeiter."""
    from tournaments.web.app import score_cells
    rec = GameRecord(game_id=0, game="dog-tag-trick(players=3)", deal_seed=1,
                     seating=["a", "b", "c"], bot_seeds=[1, 2, 3], termination="forfeit",
                     forfeit={"seat": 1, "reason": "tampering", "detail": "x", "at": 0})
    assert seat_forfeits(rec.forfeit) and rec.returns is None
    assert score_cells(rec) == ["-", f"{worst_return(rec.game):+g}", "-"]


@pytest.mark.parametrize("cls,why", [("Crasher", "exception: RuntimeError: boom"),
                                     ("Tamperer", "tampering: the game state changed")])
def test_a_bot_that_faults_in_a_hosted_game_forfeits_and_the_game_goes_on(bad_runs, cls, why):
    """A game in the browser judges a bot's fault as the referee does
    (referee.refereed_move): the bot forfeits, the log says so, and the referee's substitute
    plays its seat from there (the hosted game's state as it was, even after tampering), where
    the game's process used to die. The page seats built-in and installed bots only; the host
    is driven here with bots from a file."""
    from pathlib import Path

    from tournaments.web.host import GameHost
    spec = f"{Path(bad_runs).parent / 'badbots.py'}:{cls}"
    host = GameHost("mate", 7, 0, ["you", spec], [1, 2])
    try:
        snap = host.call("state")
        for _ in range(6):             # our moves, each answered by the bot or its substitute
            if snap["terminal"]:
                break
            assert snap["to_act"] == 0 and snap["legal"], snap
            snap = host.call("move", snap["legal"][0])
            assert "error" not in snap, snap
    finally:
        host.close()
    log = [f"seat {p} ({who}) {text}" for p, who, text in snap["log"]]
    forfeits = [line for line in log if "forfeits" in line]
    assert len(forfeits) == 1 and forfeits[0].startswith(f"seat 1 ({spec}) forfeits ({why}"), log
    assert forfeits[0].endswith("heuristic plays this seat from here")
    later = log[log.index(forfeits[0]) + 1:]
    assert any(line.startswith(f"seat 1 (heuristic (for {spec}))") for line in later), log


def test_the_play_form_seats_neither_a_person_nor_a_bot_in_a_file(client, bad_runs):
    """The page plays built-in and installed bots: ``human`` (a person at the server's
    terminal) and ``FILE.py:CLASS`` (the server would import whatever file a form names) are
    refused with the page's one-line error (tester 8: an HTTP 500 and a prompt at the server's
    terminal; a file calling sys.exit took the game's process down)."""
    from pathlib import Path
    spec = f"{Path(bad_runs).parent / 'badbots.py'}:Crasher"
    for bots, says in (("human", "reads from a person"), (spec, "built-in and installed")):
        r = client.post("/play", data={"game": "mate", "bots": bots}, follow_redirects=False)
        assert r.status_code == 400, (bots, r.status_code)
        assert says in html.unescape(r.text)
    for seed in ("-1", str(2 ** 64)):
        r = client.post("/play", data={"game": "mate", "seed": seed}, follow_redirects=False)
        assert r.status_code == 400 and "seed must be" in html.unescape(r.text), seed
