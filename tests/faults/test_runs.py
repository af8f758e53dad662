"""Issue 17, runs: signals (Ctrl-C, SIGTERM, kill -9), the run-folder lock, corrupt records,
runaway workers and schedules. Each run disturbed here is finished by ``resume`` and must
then hold every scheduled game once, identical to an undisturbed run of the same seed."""
import json
import os
import signal

import pytest

from tournaments.config import load_config
from tournaments.records import CORRUPT
from tournaments.runner import effective_workers, run_tournament

from .conftest import assert_each_game_once, comparable, lines_of, one_line_error, wait_for_records

SEED = 7
DEALS = 4          # 8 games: Slowpoke against random on duplicate Mate deals


def reference(tmp_path, monkeypatch, bad_bots, deals=DEALS):
    """The undisturbed run of the same config, serial and in this process (no sleeping)."""
    monkeypatch.setenv("SLOWPOKE_DELAY", "0")
    cfg = load_config(game="mate", bots=f"{bad_bots}:Slowpoke,random", deals=deals, seed=SEED,
                      executor="serial", out=str(tmp_path / "reference"))
    run_tournament(cfg, progress=False)
    return comparable(cfg.out)


def start_run(cli, bad_bots, out, workers=2):
    return cli.start("tournament", "--game", "mate", "--bots", f"{bad_bots}:Slowpoke,random",
                     "--deals", str(DEALS), "--seed", str(SEED), "--workers", str(workers),
                     "--out", out)


@pytest.mark.slow
@pytest.mark.parametrize("how, code, word", [
    ("ctrl-c", 130, "interrupted"),     # SIGINT to the terminal's process group
    ("sigterm", 143, "terminated"),     # `kill PID`
    ("sigkill", -9, None),              # `kill -9 PID`: nothing printed, nothing lost
])
def test_stopped_run_resumes_to_the_undisturbed_records(tmp_path, monkeypatch, cli, bad_bots,
                                                        how, code, word):
    out = str(tmp_path / "run")
    proc = start_run(cli, bad_bots, out)
    wait_for_records(out, 2, proc)
    if how == "ctrl-c":
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGTERM if how == "sigterm" else signal.SIGKILL)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == code, stderr
    if word:
        # one line with the exact command that goes on; no traceback, no leaked semaphore
        lines = [line for line in stderr.splitlines() if line.strip()]
        assert len(lines) == 1, stderr
        assert lines[0].startswith(f"trickhound: {word}: ") and " of 8 games recorded" in lines[0]
        assert lines[0].endswith(f"resume with: trickhound resume {out}")
    cli.assert_no_leftovers()
    kept = len(lines_of(out))
    assert 2 <= kept < 8
    code2, stdout2, stderr2 = cli.run("resume", out, "--quiet")
    assert code2 == 0, stderr2
    assert stdout2.startswith(f"8 of 8 games in {out} ({8 - kept} played now)")
    assert_each_game_once(out, 8)
    assert comparable(out) == reference(tmp_path, monkeypatch, bad_bots)


@pytest.mark.slow
def test_second_writer_on_a_running_folder_is_refused(tmp_path, monkeypatch, cli, bad_bots):
    """Issue 17.3: resume (or a tournament) while the run is going used to write the games
    twice (38–39 lines for 24 games); now the folder is locked by its writer."""
    out = str(tmp_path / "run")
    # the run is held at its next move while the three checks run (on a loaded machine they
    # took longer than the 7 games left: the run had ended and let go of its lock)
    gate = tmp_path / "hold"
    cli.env["SLOWPOKE_GATE"] = str(gate)
    cli.env["SLOWPOKE_DELAY"] = "0.05"       # 7 games left take seconds: time to shut the gate
    proc = start_run(cli, bad_bots, out, workers=1)
    wait_for_records(out, 1, proc)
    gate.touch()
    try:
        assert len(lines_of(out)) < 8, "the run ended before it could be held"
        for args in (("resume", out), ("resume", out, "--repair"),
                     ("tournament", "--game", "mate", "--bots", "random,heuristic", "--out",
                      out)):
            one_line_error(*cli.run(*args), "in use by another trickhound process",
                           f"pid {proc.pid}")
    finally:
        gate.unlink()
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 0, stderr
    assert stdout.startswith(f"8 of 8 games in {out}")
    assert len(lines_of(out)) == 8
    assert_each_game_once(out, 8)
    assert comparable(out) == reference(tmp_path, monkeypatch, bad_bots)
    code, stdout, _ = cli.run("resume", out, "--quiet")  # the lock went with its holder
    assert code == 0 and stdout.startswith(f"8 of 8 games in {out} (0 played now)")


def test_corrupt_line_is_reported_and_repair_replays_it(tmp_path, monkeypatch, cli, bad_bots):
    """Issue 17.10: a corrupt line in the middle of games.jsonl was skipped silently by
    resume and report. Now both refuse, naming the line; --repair sets it aside and replays
    that game."""
    monkeypatch.setenv("SLOWPOKE_DELAY", "0")
    cli.env["SLOWPOKE_DELAY"] = "0"
    cfg = load_config(game="mate", bots=f"{bad_bots}:Slowpoke,random", deals=DEALS, seed=SEED,
                      executor="serial", out=str(tmp_path / "run"))
    run_tournament(cfg, progress=False)
    out = cfg.out
    path = os.path.join(out, "games.jsonl")
    lines = lines_of(out)
    lost = json.loads(lines[4])["game_id"]
    lines[4] = lines[4][:40] + "\n"          # line 5: cut in the middle, newline kept
    with open(path, "w") as f:
        f.writelines(lines)
    for args in (("report", out), ("resume", out)):
        one_line_error(*cli.run(*args), "games.jsonl: 1 corrupt line(s) (line 5)",
                       f"trickhound resume --repair {out}")
    assert lines_of(out) == lines               # refused without touching anything
    code, stdout, err = cli.run("resume", "--repair", out, "--quiet")
    assert code == 0, err
    assert stdout.startswith(f"8 of 8 games in {out} (1 played now)")
    assert "moved 1 corrupt line(s)" in err and "(line 5)" in err
    aside = [json.loads(line) for line in open(os.path.join(out, CORRUPT))]
    assert aside == [{"line": 5, "text": lines[4].strip()}]
    assert_each_game_once(out, 8)
    assert json.loads(lines_of(out)[-1])["game_id"] == lost
    assert comparable(out) == reference(tmp_path, monkeypatch, bad_bots)
    code, stdout, err = cli.run("report", out)
    assert code == 0, err


def test_torn_last_line_is_not_corruption(tmp_path, monkeypatch, bad_bots):
    """A kill in the middle of a write leaves a last line without its newline: resume cuts it
    and plays that game again (no --repair needed)."""
    monkeypatch.setenv("SLOWPOKE_DELAY", "0")
    cfg = load_config(game="mate", bots=f"{bad_bots}:Slowpoke,random", deals=DEALS, seed=SEED,
                      executor="serial", out=str(tmp_path / "run"))
    run_tournament(cfg, progress=False)
    lines = lines_of(cfg.out)
    with open(os.path.join(cfg.out, "games.jsonl"), "w") as f:
        f.writelines(lines[:5])
        f.write(lines[5][:30])
    res = run_tournament(cfg, resume=True, progress=False)
    assert (res.played, res.recorded) == (3, 8)
    assert_each_game_once(cfg.out, 8)
    assert comparable(cfg.out) == reference(tmp_path, monkeypatch, bad_bots)


def test_workers_are_capped_by_the_games(tmp_path, cli):
    """Issue 17.1: ``--deals 1 --workers 10000`` started hundreds of processes and never
    played a game. Now a run starts no more workers than games it can play at once."""
    out = str(tmp_path / "run")
    code, stdout, err = cli.run("tournament", "--game", "mate", "--bots", "random,heuristic",
                                "--deals", "1", "--workers", "10000", "--out", out)
    assert code == 0, err
    assert stdout.startswith(f"2 of 2 games in {out} (2 played now")
    log = open(os.path.join(out, "tournament.log")).read()
    assert "2 to play (process, 2 workers)" in log
    assert log.count("trickhound.worker: worker ") == 4  # two workers started and stopped
    assert_each_game_once(out, 2)


def test_workers_beyond_the_cpus_are_cut_with_a_warning():
    cpus = os.cpu_count() or 1
    cfg = load_config(game="mate", bots="random,heuristic", workers=10000, check_output=False)
    told = []
    assert effective_workers(cfg, 10 ** 6, told.append) == 4 * cpus
    assert told == [f"--workers 10000 is more than 4 per CPU ({cpus} CPUs); using {4 * cpus}"]
    assert effective_workers(cfg, 3, told.append) == 3 and len(told) == 1


@pytest.mark.parametrize("deals", ["1000000000", "100001"])
def test_absurd_deal_count_is_refused_before_any_folder(tmp_path, cli, deals):
    """Issue 17.6: ``--deals 1000000000`` built the whole schedule in memory (1.2–1.4 GB)
    and left an empty run folder."""
    out = str(tmp_path / "run")
    one_line_error(*cli.run("tournament", "--game", "mate", "--bots", "random,heuristic",
                            "--deals", deals, "--out", out), "deals must be at most 100,000")
    assert not os.path.exists(out)


def test_refused_start_leaves_no_folder(tmp_path, cli):
    """A start refused for a bad bot, option or number leaves nothing behind."""
    for args in (["--bots", "random,ismcts(iterations=-5)"], ["--bots", "random,nosuchbot"],
                 ["--bots", "random,heuristic", "--deals", "0"]):
        out = str(tmp_path / "run")
        code, _, _ = cli.run("tournament", "--game", "mate", "--out", out, *args)
        assert code == 2 and not os.path.exists(out)


def test_schedule_is_generated_lazily():
    """The runner walks the schedule one fixture at a time: the first fixture of the largest
    allowed schedule comes without the rest being built."""
    from tournaments.schedule import iter_schedule, schedule_digest
    fixtures = iter_schedule(2, ["a", "b"], deals=100_000, seed=1)
    first = next(fixtures)
    assert (first.game_id, first.deal_index) == (0, 0)
    assert iter(fixtures) is fixtures  # a generator, not a list
    from tournaments.schedule import build_schedule, schedule_hash
    small = build_schedule(2, ["a", "b"], deals=3, seed=1)
    assert schedule_digest("g", iter(small)) == (schedule_hash("g", small), 6)


@pytest.mark.parametrize("how, code, word", [
    ("ctrl-c", 130, "interrupted"),
    ("sigterm", 143, "terminated"),
])
def test_a_signal_at_the_play_prompt_stops_the_command(cli, how, code, word):
    """Ctrl-C or SIGTERM while `play` waits for the person's move stops the command (README:
    one line, 130 / 143), where click's prompt had turned it into the seat's forfeit and a
    quiet "bye" with exit 0 (tester 6)."""
    import subprocess
    import time
    proc = subprocess.Popen(cli.argv(("play", "mate", "--seat", "0", "--vs", "random",
                                      "--seed", "1")),
                            cwd=cli.cwd, env=cli.env, text=True, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    # the prompt follows the line that lists the moves; then the command waits for input
    shown = []
    for line in proc.stdout:
        shown.append(line)
        if line.startswith("Your move:"):
            break
    assert shown and shown[-1].startswith("Your move:"), "".join(shown)
    time.sleep(0.5)
    if how == "ctrl-c":
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGTERM)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == code, (stdout[-500:], stderr)
    assert stderr.strip().splitlines()[-1] == f"trickhound: {word}"
    assert "bye" not in stdout


def test_the_end_of_the_input_at_the_play_prompt_resigns(cli):
    code, stdout, stderr = cli.run("play", "mate", "--seat", "0", "--vs", "random", "--seed",
                                   "1", stdin="")
    assert code == 0, stderr
    assert stdout.rstrip().endswith("bye")
