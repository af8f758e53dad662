"""``trickhound rate`` keeps its test in its run (tester 6): the default margin comes from a
pilot of several deals, the test's settings and outcome are written to the run folder
(rate.RATE_FILE), ``resume`` refuses a rating run (its schedule is the game cap's, which the
test never needs: resume had played all 200 games of a test decided at 20) and ``report``
states the outcome from the record."""
import json
import os

from click.testing import CliRunner

from tournaments.cli import main
from tournaments.rate import PILOT_DEALS, RATE_FILE, pilot_margin, pilot_ready


def test_the_pilot_needs_several_deals_unless_the_run_ends():
    two = [-150.0, -151.0]                    # two deals that happen to agree
    assert not pilot_ready(two, last_batch=False)
    assert pilot_ready(two, last_batch=True)
    assert not pilot_ready([1.0], last_batch=True)
    many = [float(v) for v in range(PILOT_DEALS)]
    assert pilot_ready(many, last_batch=False)
    assert pilot_margin(two) < 1 < pilot_margin(many)


def rate(tmp_path, monkeypatch, *args):
    monkeypatch.chdir(tmp_path)
    return CliRunner().invoke(main, ["rate", *args, "--executor", "serial", "--out", "r"])


def test_a_decided_rating_run_records_its_test_and_is_not_resumed(tmp_path, monkeypatch):
    r = rate(tmp_path, monkeypatch, "random", "--game", "mate", "--pool", "heuristic",
             "--max-games", "60", "--seed", "2")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("random: WEAKER")
    assert f"over the first {PILOT_DEALS} deals" in r.stderr
    with open(os.path.join(tmp_path, "r", RATE_FILE), encoding="utf-8") as f:
        rec = json.load(f)
    assert rec["finished"] and rec["decision"] == "weaker"
    assert rec["test"]["decision"] == "weaker" and rec["games"] < 60
    assert rec["margin"] == rec["test"]["margin"] > 0
    again = CliRunner().invoke(main, ["resume", "r"])
    assert again.exit_code == 2
    assert "`trickhound rate` run whose test decided WEAKER" in again.output
    assert "nothing is left to play" in again.output
    rep = CliRunner().invoke(main, ["report", "r"])
    assert rep.exit_code == 0, rep.output
    with open(os.path.join(tmp_path, "r", "report.md"), encoding="utf-8") as f:
        page = f.read()
    assert "Stopped by the rating test after" in page and "decided WEAKER" in page
    assert "interrupted?" not in rep.output


def test_an_unfinished_rating_run_is_not_resumed(tmp_path, monkeypatch):
    r = rate(tmp_path, monkeypatch, "random", "--game", "mate", "--pool", "heuristic",
             "--max-games", "8", "--seed", "2")
    assert r.exit_code == 0, r.output
    path = os.path.join(tmp_path, "r", RATE_FILE)
    with open(path, encoding="utf-8") as f:
        rec = json.load(f)
    rec.update(finished=False, decision=None)   # as an interrupted run leaves it
    with open(path, "w", encoding="utf-8") as f:
        json.dump(rec, f)
    again = CliRunner().invoke(main, ["resume", "r"])
    assert again.exit_code == 2
    assert "stopped before its test decided: a rating test is not resumed" in again.output


def test_the_report_hint_quotes_the_run_folder():
    from tournaments.rate import format_result
    res = {"candidate": "my_bot.py:MyBot(samples=1)", "mu": 25.0, "sigma": 8.0,
           "conservative": 1.0, "games": 2, "place": 1, "of": 2, "board": [],
           "run_dir": "results/rate-my_bot.py-MyBot(samples=1)-mate", "source": "given pool",
           "pool": ["heuristic"], "decision": None, "why": None,
           "forfeits": {"games": 2, "forfeited": 0}, "unit": "points", "test": None}
    text = format_result(res)
    assert "`trickhound report 'results/rate-my_bot.py-MyBot(samples=1)-mate'`" in text


def test_a_rating_run_stopped_in_its_first_batch_is_not_resumed(tmp_path, monkeypatch):
    """Stopped while its first batch plays, a rating run is still one: ``resume`` refuses it
    (tester 7: without rate.json yet, resume played it on as a plain gauntlet of 200 games)."""
    import tournaments.rate as rate_module

    real = rate_module.run_tournament

    def interrupted(*args, **kwargs):
        real(*args, **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(rate_module, "run_tournament", interrupted)
    r = rate(tmp_path, monkeypatch, "random", "--game", "mate", "--pool", "heuristic",
             "--max-games", "60", "--seed", "2")
    assert r.exit_code == 130, r.output
    with open(os.path.join(tmp_path, "r", RATE_FILE), encoding="utf-8") as f:
        assert json.load(f)["finished"] is False
    again = CliRunner().invoke(main, ["resume", "r"])
    assert again.exit_code == 2
    assert "stopped before its test decided" in again.output


def test_a_rating_start_refused_before_any_game_leaves_no_folder(tmp_path, monkeypatch):
    import tournaments.rate as rate_module
    from tournaments.config import ConfigError

    def refused(*args, **kwargs):
        raise ConfigError("refused for the test")

    monkeypatch.setattr(rate_module, "run_tournament", refused)
    r = rate(tmp_path, monkeypatch, "random", "--game", "mate", "--pool", "heuristic")
    assert r.exit_code == 2 and "refused for the test" in r.output
    assert not os.path.exists(os.path.join(tmp_path, "r"))


def test_rate_refuses_a_folder_that_holds_a_run_before_it_starts(tmp_path, monkeypatch):
    """``rate --out`` on a rating run (decided or not) or on a tournament: one line naming what
    is there and asking for another --out, before the rating's header (tester 7: it printed
    the header and "playing deals" and then pointed to `resume`, which refuses such a run)."""
    monkeypatch.chdir(tmp_path)
    t = CliRunner().invoke(main, ["tournament", "--game", "mate", "--bots", "random,heuristic",
                                  "--deals", "2", "--executor", "serial", "--out", "r",
                                  "--quiet"])
    assert t.exit_code == 0, t.output
    r = rate(tmp_path, monkeypatch, "random", "--game", "mate", "--pool", "heuristic")
    assert r.exit_code == 2 and "already holds a tournament (4 games)" in r.output
    with open(tmp_path / "r" / RATE_FILE, "w", encoding="utf-8") as f:
        json.dump({"finished": True, "decision": "weaker", "games": 4}, f)
    r = rate(tmp_path, monkeypatch, "random", "--game", "mate", "--pool", "heuristic")
    assert r.exit_code == 2
    assert "already holds a `trickhound rate` run (its test decided WEAKER)" in r.output
    assert "choose another --out" in r.output and "resume" not in r.output
    assert "rating " not in r.output and "playing deals" not in r.output


def test_a_pilot_that_does_not_vary_is_said_so_and_the_floored_sd_is_named(tmp_path,
                                                                           monkeypatch):
    """A candidate that forfeits every game scores the same difference on every deal: the
    default margin is then the fallback, said as such (tester 7: "half the standard deviation"
    of an sd of 0), and the result line names the sd the test used (a tenth of the margin),
    beside the sample's 0."""
    (tmp_path / "crasher.py").write_text(
        "from bots.base import Bot\n\n\nclass Crasher(Bot):\n"
        "    def act(self, view):\n        raise RuntimeError('no')\n")
    r = rate(tmp_path, monkeypatch, "crasher.py:Crasher", "--game", "mate", "--pool",
             "heuristic", "--max-games", "40", "--seed", "3")
    assert r.exit_code == 0, r.output
    assert "did not vary over the first" in r.stderr and "half the standard" not in r.stderr
    assert "(sd 0)" in r.stdout
    assert "the test took the sd as 0.1, a tenth of the margin" in r.stdout
    assert "e+0" not in r.output
