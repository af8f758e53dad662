"""``trickhound rate`` tells a bot author what happened (tester 5): how many games the candidate
forfeited and why, a verdict for a bot that forfeits every game even where nothing pairs
(tampered games are not played out), the game's value unit, and oracles marked."""
import textwrap

from click.testing import CliRunner

from tournaments.cli import main
from tournaments.rate import format_result, in_unit

TAMPER = """
    import sys
    from bots.base import Bot

    class Tamper(Bot):
        '''Plays a move on the referee's own state, reached through the call stack.'''
        name = "tamper"
        def act(self, view):
            f = sys._getframe(1)
            while f is not None:
                for v in list(f.f_locals.values()):
                    if (type(v).__name__.endswith("State") and hasattr(v, "apply_action")
                            and not v.is_terminal()):
                        v.apply_action(v.legal_actions()[0])
                        return view.legal_actions()[0]
                f = f.f_back
            return view.legal_actions()[0]
"""


def rate(tmp_path, monkeypatch, *args):
    monkeypatch.chdir(tmp_path)
    return CliRunner().invoke(main, ["rate", *args, "--executor", "serial", "--out", "r"])


def test_forfeits_are_counted_with_their_reason_and_first_detail(tmp_path, plugins,
                                                                 monkeypatch):
    r = rate(tmp_path, monkeypatch, "faulty.py:Raiser", "--game", "mate", "--max-games", "8",
             "--pool", "heuristic")
    assert r.exit_code == 0, r.output
    assert "faulty.py:Raiser: WEAKER" in r.stdout
    line = next(x for x in r.stdout.splitlines() if "forfeited" in x)
    assert line.startswith("  it forfeited 8 of its 8 games (exception 8); the first: ")
    assert "Error" in line


def test_a_bot_that_tampers_in_every_game_is_weaker(tmp_path, monkeypatch):
    (tmp_path / "tamper.py").write_text(textwrap.dedent(TAMPER))
    # three players: a tampered game is not played out and leaves the other seats unscored
    # (in two-player Mate they score the rest of the constant sum, records.scored_returns)
    r = rate(tmp_path, monkeypatch, "tamper.py:Tamper", "--game",
             "dog-tag-trick(players=3)", "--max-games", "8", "--pool", "heuristic")
    assert r.exit_code == 0, r.output
    first = r.stdout.splitlines()[0]
    assert first == ("tamper.py:Tamper: WEAKER than the pool (it forfeited every game it "
                     "played; no paired deals for the test)")
    assert "it forfeited 9 of its 9 games (tampering 9)" in r.stdout   # 3 deals of 3 seats


def test_a_clean_bot_reports_no_forfeits(tmp_path, plugins, monkeypatch):
    r = rate(tmp_path, monkeypatch, "first.py:FirstLegal", "--game", "mate", "--max-games",
             "4", "--pool", "heuristic")
    assert r.exit_code == 0, r.output
    assert "forfeited" not in r.stdout


def test_margins_are_in_the_games_unit():
    assert in_unit(1.5, "points") == "1.5 points"
    assert in_unit(0.0962, "the chance of not being the loser") == (
        "0.0962 (the chance of not being the loser)")


def test_an_oracle_is_marked_in_the_ratings_list():
    board = [{"label": "oracle", "mu": 30.0, "sigma": 2.0, "conservative": 24.0,
              "candidate": True, "oracle": True},
             {"label": "heuristic", "mu": 25.0, "sigma": 2.0, "conservative": 19.0,
              "candidate": False, "oracle": False}]
    res = {"candidate": "oracle", "test": None, "games": 4, "board": board, "place": 1,
           "of": 2, "mu": 30.0, "sigma": 2.0, "source": "given pool", "run_dir": "r",
           "decision": None}
    text = format_result(res)
    assert text.splitlines()[0].startswith("oracle *: no decision")
    assert "   1. oracle *" in text and "* oracle: sees the full state (cheats)" in text
    assert "   2. heuristic " in text


def test_bots_rated_alike_share_a_place():
    """A gauntlet's pool bots never meet: rated from its games alone they keep one rating, and
    the list gives them one place (tester 8 saw four equal bots placed 1 to 4)."""
    def row(label, mu, candidate=False):
        return {"label": label, "mu": mu, "sigma": 6.55, "conservative": mu - 19.65,
                "candidate": candidate, "oracle": False}
    board = [row("mine", 30.0, True), row("random", 28.38), row("heuristic", 28.38),
             row("pimc", 28.38), row("ismcts", 20.0)]
    res = {"candidate": "mine", "test": None, "games": 8, "board": board, "place": 1,
           "of": 5, "mu": 30.0, "sigma": 6.55, "source": "given pool", "run_dir": "r",
           "decision": None}
    places = [line.split()[0] for line in format_result(res).splitlines()
              if "mu-3s" in line and "sigma" in line and line.startswith("  ")]
    assert places == ["1.", "2.", "2=", "2=", "5."]


def test_solve_takes_a_full_state_of_a_variant_that_hides_cards(tmp_path):
    """docs/rules/mate.md §9.2: with the forced card hidden a full state still holds every card:
    `solve` values it with every card face up and says so; a seat's view of it is refused
    with a pointer to recommend."""
    import json

    from solver.registry import load_game
    game = load_game("mate(forced_visibility=hidden)")
    s = game.new_initial_state(5)
    for _ in range(3):
        s.apply_action(s.legal_actions()[0])
    state_file = tmp_path / "state.json"
    state_file.write_text(json.dumps(dict(s.to_json(), game=game.spec())))
    r = CliRunner().invoke(main, ["solve", str(state_file)])
    assert r.exit_code == 0, r.output
    assert "with every card face up" in r.stdout and "Best: " in r.stdout
    view_file = tmp_path / "view.json"
    view_file.write_text(json.dumps(dict(s.view(s.current_player()).to_json(),
                                         game=game.spec())))
    r = CliRunner().invoke(main, ["solve", str(view_file)])
    assert r.exit_code == 2
    assert "that seat's view: use `trickhound recommend" in r.output


def test_a_plugin_file_imports_a_module_beside_it(tmp_path, monkeypatch):
    """A bot file's own folder is searched for its imports, from any current folder."""
    from bots.registry import make_bot
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "helper_for_lastbot.py").write_text("def pick(actions):\n    return actions[-1]\n")
    (pkg / "lastbot.py").write_text(textwrap.dedent("""
        from bots.base import Bot
        from helper_for_lastbot import pick

        class LastBot(Bot):
            name = "last"
            def act(self, view):
                return pick(view.legal_actions())
    """))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.path", list(__import__("sys").path))
    bot = make_bot(f"{pkg / 'lastbot.py'}:LastBot")
    assert type(bot).__name__ == "LastBot"


def test_a_file_name_without_its_class_gets_a_hint():
    import pytest

    from bots.registry import make_bot
    from bots.spec import BotSpecError
    with pytest.raises(BotSpecError, match=r"named FILE\.py:CLASS, e\.g\. first\.py:MyBot"):
        make_bot("first.py")


def test_numbers_for_people():
    from tournaments.rate import _number
    assert _number(-1050.4, True) == "-1,050" and _number(1234.0) == "1,234"
    assert _number(0.0962, True) == "+0.0962" and _number(12.345) == "12.3"


def test_exact_values_are_compared_without_z_inf():
    """Two exact values (zero-wide intervals) are compared as exact, not as z=inf."""
    from solver.search.result import build_result
    rows = [{"action": a, "text": t, "mean": m, "ci_low": m, "ci_high": m, "visits": 1,
             "robustness": None} for a, t, m in ((0, "7D", 3.0), (1, "7C", 1.0))]
    res = build_result("pimc", 0, rows, value="round_gain", nodes=0, iterations=1, worlds=4,
                       rank_by="mean", params={}, limit=None, seed=0, seconds=0.0)
    conf = res.sampling_confidence()
    assert conf["label"] == "clear"
    # several worlds that agree are not exact values (tester 10): said as what they are
    assert "each the same in all 4 sampled worlds" in conf["text"] and "z=" not in conf["text"]
    one = build_result("pimc", 0, rows, value="round_gain", nodes=0, iterations=1, worlds=1,
                       rank_by="mean", params={}, limit=None, seed=0, seconds=0.0)
    assert "both values exact" in one.sampling_confidence()["text"]


def test_analyse_says_where_a_seat_forfeited_and_marks_the_substitutes_moves(tmp_path,
                                                                             plugins):
    """A forfeit's seat, ply and reason head the review; the moves the referee's substitute
    played are marked *, and the per-seat summary gives them their own row (tester 5)."""
    from tournaments.analyse import review_record, review_text
    from tournaments.runner import load_records, run_tournament

    from .conftest import run_config
    cfg = run_config(tmp_path, "ff", bots=["random", f"{plugins['faulty.py']}:Raiser"], deals=1)
    run_tournament(cfg, progress=False)
    rec = next(r for r in load_records(cfg.out) if r.forfeit)
    review = review_record(rec, node_budget=2000, worlds=2)
    seat = int(rec.forfeit["seat"])
    assert review.forfeits == [{"seat": seat, "ply": int(rec.forfeit.get("at", 0)),
                                "reason": "exception", "detail": rec.forfeit.get("detail")}]
    text = review_text(review)
    assert f"seat {seat} ({rec.seating[seat]}) forfeited at ply" in text
    assert "RuntimeError: boom" in text and "marked *" in text
    assert any(line.split()[1] == f"{seat}*" for line in text.splitlines()
               if line[:1].isdigit())
    rows = [r for r in review.seat_summary() if r["seat"] == seat]
    assert all(r["bot"].startswith("heuristic (for ") for r in rows)
    assert sum(r["decisions"] for r in review.seat_summary()) == sum(
        1 for d in review.decisions if not d.forced)
    assert review.to_json()["forfeits"] == review.forfeits


def test_analyse_marks_no_move_of_a_heuristic_that_plays_its_own_seat(tmp_path):
    """The substitute is the heuristic bot; a heuristic at a seat of its own in a game without
    a forfeit is no substitute, and none of its moves is marked * (tester 6)."""
    from tournaments.analyse import review_record, review_text
    from tournaments.runner import load_records, run_tournament

    from .conftest import run_config
    cfg = run_config(tmp_path, "hh", bots=["random", "heuristic"], deals=1)
    run_tournament(cfg, progress=False)
    rec = load_records(cfg.out)[0]
    assert not rec.forfeit and "heuristic" in rec.seating
    text = review_text(review_record(rec, node_budget=2000, worlds=2))
    moves = [line.split() for line in text.splitlines() if line[:1].isdigit()]
    assert moves and not any(cells[1].endswith("*") for cells in moves)
    assert "marked *" not in text


def test_an_empty_pool_is_refused_not_replaced(tmp_path, monkeypatch):
    for given in ("--pool=", "--pool=,"):
        r = rate(tmp_path, monkeypatch, "first.py:X", "--game", "mate", given)
        assert r.exit_code == 2
        assert "--pool names no bot" in r.output


def test_games_names_every_games_rules_page():
    import os
    r = CliRunner().invoke(main, ["games"])
    assert r.exit_code == 0, r.output
    heads = [line for line in r.output.splitlines() if line and not line.startswith(" ")]
    assert heads
    for line in heads:
        slug = line.split(":")[0]
        assert f"(rules: docs/rules/{slug}.md)" in line
        assert os.path.exists(os.path.join(os.path.dirname(__file__), "..", "..", "docs",
                                           "rules", f"{slug}.md"))


def test_the_progress_line_says_when_the_test_cannot_decide_yet(tmp_path, plugins,
                                                                monkeypatch):
    """An LLR past its bound before MIN_DEALS deals does not stop the test, and the progress
    line says so (tester 23: it looked like a missed stop)."""
    from tournaments.rate import MIN_DEALS

    r = rate(tmp_path, monkeypatch, "faulty.py:Raiser", "--game", "mate", "--max-games", "12",
             "--pool", "heuristic", "--margin", "1")
    assert r.exit_code == 0, r.output
    lines = [x for x in r.output.splitlines() if "LLR+" in x and "after" in x]
    deals = [int(x.split(" games (")[1].split()[0]) for x in lines]
    assert deals == [2, MIN_DEALS]                 # past the bound at 2 deals, decided at 4
    assert lines[0].endswith(f"; the test decides from {MIN_DEALS} deals on")
    assert "decides from" not in lines[1]


def test_forfeiting_at_once_never_rates_above_playing_badly(tmp_path, plugins, monkeypatch):
    """Tester 24: with three seats the referee's substitute plays a forfeiter's seat out, and
    its strong play lowered the pool scores the candidate is paired with, so a bot raising at
    once rated above one playing its first legal move. The pool's scores from a game with a
    forfeit no longer count: a bot forfeiting every game has no paired deal, and is weaker."""
    r = rate(tmp_path, monkeypatch, "faulty.py:Raiser", "--game", "dog-tag-trick(players=3)",
             "--max-games", "12", "--pool", "heuristic")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == ("faulty.py:Raiser: WEAKER than the pool (it forfeited "
                                        "every game it played; no paired deals for the test)")
