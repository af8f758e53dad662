"""``trickhound analyse`` on a long review: progress lines on stderr (a terminal or not), stdout
unchanged, ``--quiet``; the review's searches without recommend's unused check search; and
decisions judged in worker processes give the same review.

A decision is a position where the mover has more than one legal move (tournaments/analyse.py);
Mattis (docs/rules/mattis.md §8, pick-ups) has hundreds of them in a game, which is why its
review takes most of a minute at the default budget."""
import json
import os

import pytest
from click.testing import CliRunner

from tournaments import analyse as A
from tournaments import cli
from tournaments import engine_adapter as engine

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MATTIS_RUN = os.path.join(REPO, "results", "leaderboards", "runs", "mattis")
SMALL = ["--node-budget", "2000", "--worlds", "2"]


def first_moves(n):
    """The first ``n`` moves of the published Mattis run's game 0, as a games.jsonl line."""
    rec = A.find_record(MATTIS_RUN, 0)
    obj = rec.to_json()
    obj["actions"] = obj["actions"][:n]
    return json.dumps(obj)


def test_progress_lines_wait_then_throttle_then_close():
    """Silent for the first interval, then at most one line per interval, and a last line
    only when an earlier one was shown."""
    now = [0.0]
    out = []
    p = A.ProgressLines(out.append, every_s=2.0, clock=lambda: now[0])
    d = A.Decision(ply=9, seat=1, bot="b", round=0, played="x", legal=2)
    for k, t in enumerate([0.5, 1.0, 2.5, 3.0, 4.6], 1):
        now[0] = t
        p.decision(k, 6, d)
    assert out == ["analyse: decision 3/6 (move 10, seat 1), 2 s",
                   "analyse: decision 5/6 (move 10, seat 1), 5 s"]
    now[0] = 4.7
    p.decision(6, 6, d)
    assert out[-1] == "analyse: decision 6/6 (move 10, seat 1), 5 s"
    quick = []
    q = A.ProgressLines(quick.append, every_s=2.0, clock=lambda: 0.1)
    q.decision(1, 1, d)
    q.game(1, 1)
    assert quick == []            # a quick review says nothing


def test_cli_prints_progress_to_stderr_and_leaves_stdout_alone(monkeypatch):
    """CliRunner's stderr is no terminal, as in a pipe: one line per decision at interval 0,
    the same stdout as with --quiet, and --quiet prints no progress."""
    monkeypatch.setattr(cli, "ANALYSE_PROGRESS_EVERY_S", 0.0)
    line = first_moves(30)
    total = len(A.decision_plies("mattis", A.find_record(line).deal_seed,
                                 A.find_record(line).actions))
    assert total > 3
    r = CliRunner().invoke(cli.main, ["analyse", line, *SMALL])
    assert r.exit_code == 0, r.output
    progress = r.stderr.splitlines()
    assert len(progress) == total
    assert all(p.startswith("analyse: decision ") for p in progress)
    assert progress[-1].startswith(f"analyse: decision {total}/{total} ")
    q = CliRunner().invoke(cli.main, ["analyse", line, *SMALL, "--quiet"])
    assert q.exit_code == 0 and q.stderr == ""
    assert q.stdout == r.stdout and r.stdout.startswith("Review of mattis")


def test_cli_all_prints_progress_per_game(monkeypatch):
    monkeypatch.setattr(cli, "ANALYSE_PROGRESS_EVERY_S", 0.0)
    r = CliRunner().invoke(cli.main, ["analyse", MATTIS_RUN, "--all", "--max-games", "2",
                                      *SMALL])
    assert r.exit_code == 0, r.output
    assert r.stderr.splitlines()[-1].startswith("analyse: game 2/2 reviewed")
    assert r.stdout.startswith("Mean loss per decision, mattis, 2 game(s)")


def test_review_skips_the_unused_check_search(monkeypatch):
    """The view search's confidence check (a second, independent search) is not asked for:
    the review reports no confidence label."""
    seen = []
    real = engine.recommend

    def spy(view, algo, limit, seed, **params):
        seen.append(params.get("check", True))
        return real(view, algo, limit, seed, **params)

    monkeypatch.setattr(engine, "recommend", spy)
    rec = A.find_record(first_moves(20))
    A.review_record(rec, node_budget=2000, worlds=2)
    assert seen and not any(seen)


def test_workers_give_the_same_review():
    """Every search is seeded by its ply: judged in two processes, in any order, the review
    is the same as in one."""
    rec = A.find_record(first_moves(40))
    one = A.review_record(rec, node_budget=2000, worlds=2).to_json()
    done = []
    two = A.review_record(rec, node_budget=2000, worlds=2, workers=2,
                          on_decision=lambda k, n, d: done.append((k, n))).to_json()
    assert two == one
    n = sum(1 for d in one["decisions"] if d["legal"] > 1)
    assert done == [(k, n) for k in range(1, n + 1)]


def test_a_bad_move_is_refused_before_any_search(monkeypatch):
    def no_search(*a, **k):
        raise AssertionError("searched before checking the moves")

    monkeypatch.setattr(engine, "solve_full_state", no_search)
    rec = A.find_record(first_moves(20))
    bad = list(rec.actions) + [rec.actions[0]]      # a card already played
    with pytest.raises(A.AnalyseError, match="move 21"):
        A.analyse_game("mattis", rec.deal_seed, bad)
