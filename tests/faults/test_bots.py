"""Issue 17, bots: a bot that hangs, raises anything (BaseException included), prints, eats
memory or is configured with absurd parameters. Each is that bot's outcome — a forfeit with
its reason, or a one-line refusal before any game — never the tournament's."""
import io
import os

import pytest

from tournaments.config import DEFAULT_MOVE_LIMIT, load_config
from tournaments.records import read_records
from tournaments.runner import Progress, run_tournament

from .conftest import assert_each_game_once, one_line_error


def forfeits(run_dir):
    return [r.forfeit for r in read_records(os.path.join(run_dir, "games.jsonl"))]


@pytest.mark.parametrize("spec, words", [
    ("ismcts(iterations=-5)", ["iterations=-5", "between 0 and 10000000"]),
    ("ismcts(c=-2)", ["c=-2 ", "between 0 and 100.0, or -1"]),   # -1: the game's measured c
    # tester 8: a negative value other than -1 was read as -1 (the game's measured value)
    ("ismcts(c=-0.5)", ["c=-0.5 ", "between 0 and 100.0, or -1"]),
    ("ismcts(widen=-0.5)", ["widen=-0.5 ", "between 0 and 0.95, or -1"]),
    ("pimc(c=-0.5)", ["c=-0.5 ", "between 0 and 100.0, or -1"]),
    ("ismcts(iterations=1000000000000)", ["iterations=1000000000000", "between"]),
    ("pimc(worlds=0)", ["worlds=0", "between 1 and 10000"]),
    ("ismcts(c=nan)", ["c=nan", "finite"]),
    ("ismcts(c=abc)", ["c='abc'", "must be float"]),
    ("solver(tt_bits=64)", ["tt_bits=64", "between 8 and 28"]),
])
def test_bad_bot_parameters_are_refused_before_any_game(tmp_path, cli, spec, words):
    """Issue 17.4: every game used to be forfeited and the command exited 0."""
    out = str(tmp_path / "run")
    one_line_error(*cli.run("tournament", "--game", "mate", "--bots", f"random,{spec}",
                            "--out", out), *words)
    assert not os.path.exists(out)
    one_line_error(*cli.run("match", "mate", "--bots", f"random,{spec}"), *words)


@pytest.mark.slow
def test_hanging_bot_is_a_timeout_in_tournament_and_match(tmp_path, cli, bad_bots):
    """Issue 17.2: a bot sleeping in `act` stalled both commands forever."""
    out = str(tmp_path / "run")
    code, stdout, err = cli.run("tournament", "--game", "mate", "--bots",
                                f"{bad_bots}:Sleeper,random", "--deals", "1", "--workers", "2",
                                "--move-limit", "0.2", "--out", out)
    assert code == 0, err
    assert stdout.startswith(f"2 of 2 games in {out} (2 played now")
    assert_each_game_once(out, 2)
    for f in forfeits(out):
        assert (f["reason"], f["detail"]) == ("timeout", "no answer within 1.4s; worker stopped")
    code, stdout, err = cli.run("match", "mate", "--bots", f"random,{bad_bots}:Sleeper",
                                "--move-limit", "0.2")
    assert code == 0, err
    assert stdout.startswith("match 1: seat 1 forfeits (timeout: no answer within 1.4s; "
                             "worker stopped)\n")
    assert err == ""


def test_default_move_limit_is_generous_and_off_only_when_asked():
    cfg = load_config(game="mate", bots="random,heuristic", check_output=False)
    assert cfg.move_time_limit == DEFAULT_MOVE_LIMIT == 60.0
    assert load_config(game="mate", bots="random,heuristic", move_limit=5,
                       check_output=False).move_time_limit == 5
    assert load_config(game="mate", bots="random,heuristic", move_limit=0,
                       check_output=False).move_time_limit is None
    assert load_config(game="mate", bots="random,heuristic", move_time=0.5,
                       check_output=False).move_time_limit == pytest.approx(0.6)


@pytest.mark.parametrize("executor", ["process", "serial"])
def test_any_exception_of_a_bot_is_its_forfeit(tmp_path, bad_bots, executor):
    """Issue 17.8: a bot raising KeyboardInterrupt (or SystemExit, or BaseException) killed
    the whole tournament: 8 tracebacks, 'worker processes die at start-up', 0 games."""
    names = ("Interrupter", "Quitter", "Raw")
    cfg = load_config(game="mate", bots="random", format="gauntlet",
                      candidates=",".join(f"{bad_bots}:{n}" for n in names), deals=1,
                      executor=executor, workers=2, out=str(tmp_path / executor))
    res = run_tournament(cfg, progress=False)
    assert (res.played, res.recorded) == (6, 6)
    assert_each_game_once(cfg.out, 6)
    seen = {}
    for r in read_records(os.path.join(cfg.out, "games.jsonl")):
        seat = r.forfeit["seat"]
        assert r.termination == "forfeit" and r.forfeit["reason"] == "exception"
        assert r.ranks[seat] == 1 and r.ranks[1 - seat] == 0
        seen.setdefault(r.seating[seat].rsplit(":", 1)[1], set()).add(r.forfeit["detail"])
    assert seen == {"Interrupter": {"KeyboardInterrupt: the bot pressed Ctrl-C"},
                    "Quitter": {"SystemExit: bye"}, "Raw": {"BaseException: raw"}}


def test_bot_prints_go_to_the_log_with_its_name(tmp_path, cli, bad_bots):
    """Issue 17.10: a bot's prints landed in the tournament's stdout."""
    out = str(tmp_path / "run")
    code, stdout, err = cli.run("tournament", "--game", "mate", "--bots",
                                f"{bad_bots}:Printer,random", "--deals", "1", "--out", out)
    assert code == 0, err
    assert "thinking out loud" not in stdout + err
    assert "grumbling" not in stdout + err      # stderr too (newcomer pass 2)
    log = open(os.path.join(out, "tournament.log")).read()
    assert f"trickhound.bot: seat 0 {bad_bots}:Printer printed: thinking out loud" in log
    assert f"trickhound.bot: seat 1 {bad_bots}:Printer printed: thinking out loud" in log
    assert f"trickhound.bot: seat 0 {bad_bots}:Printer printed to stderr: grumbling" in log


def test_worker_memory_limit_is_a_memory_forfeit(tmp_path, cli, bad_bots):
    out = str(tmp_path / "run")
    code, stdout, err = cli.run("tournament", "--game", "mate", "--bots",
                                f"{bad_bots}:Hog,random", "--deals", "1",
                                "--worker-memory", "512", "--out", out)
    assert code == 0, err
    assert_each_game_once(out, 2)
    for f in forfeits(out):
        assert f["reason"] == "memory" and f["detail"].startswith("MemoryError"), f
    one_line_error(*cli.run("tournament", "--game", "mate", "--bots", "random,heuristic",
                            "--worker-memory", "10", "--out", out + "2"),
                   "--worker-memory", "at least 256")


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_line_is_live_on_a_terminal_and_quiet_otherwise(tmp_path, bad_bots,
                                                                 monkeypatch):
    """Issue 17.2: nothing was shown before the first game ended. The line is drawn when the
    run starts (before any record) and redrawn as games end; a pipe gets nothing."""
    monkeypatch.setenv("SLOWPOKE_DELAY", "0")
    seen_at_first_draw = []

    class Watch(Terminal):
        def write(self, text):
            if not seen_at_first_draw:
                path = os.path.join(str(tmp_path / "run"), "games.jsonl")
                seen_at_first_draw.append(os.path.exists(path) and os.path.getsize(path))
            return super().write(text)

    term = Watch()
    cfg = load_config(game="mate", bots=f"{bad_bots}:Slowpoke,random", deals=2,
                      executor="serial", out=str(tmp_path / "run"))
    run_tournament(cfg, stream=term)
    assert seen_at_first_draw == [0]  # drawn before the first game was recorded
    text = term.getvalue()
    assert text.startswith("\rgames 0/4   0%  forfeits 0  ")
    assert "\rgames 4/4 100%  forfeits 0  " in text and "games/s" in text and "ETA" in text
    assert text.endswith("\n")
    pipe = io.StringIO()
    cfg.out = str(tmp_path / "piped")
    run_tournament(cfg, stream=pipe)
    assert pipe.getvalue() == ""


def test_progress_ticks_while_no_game_ends():
    term = Terminal()
    bar = Progress(10, stream=term, tick=0.01).start()
    import time
    deadline = time.monotonic() + 30
    while term.getvalue().count("\r") < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    bar.finish()
    assert term.getvalue().count("\rgames 0/10") >= 3
