"""``trickhound analyse``: the move-by-move review (tournaments/analyse.py).

Mate has perfect information (docs/rules/mate.md §9), so its exact loss is the double-dummy
difference of the round's points (docs/rules/mate.md §7) between the best move and the one
played: checked against the two-player alpha-beta solver directly."""
import json
import os
import random
import subprocess
import sys

import pytest

from solver.registry import load_game
from tournaments import analyse as A
from tournaments.engine_adapter import exact_mate_values

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MATE_RUN = os.path.join(REPO, "results", "leaderboards", "runs", "mate")


def random_actions(game_text, deal_seed, seed, n=None):
    """Actions of a seeded random game (the first ``n`` of them when given)."""
    game = load_game(game_text)
    state = game.new_initial_state(deal_seed)
    rnd = random.Random(seed)
    out = []
    while not state.is_terminal() and (n is None or len(out) < n):
        a = rnd.choice(state.legal_actions())
        out.append(a)
        state.apply_action(a)
    return out


@pytest.mark.parametrize("deal", [3, 11])
def test_mate_exact_losses_equal_the_solvers_values(deal):
    actions = random_actions("mate", deal, seed=deal)
    review = A.analyse_game("mate", deal, actions, ["random", "random"])
    state = load_game("mate").new_initial_state(deal)
    checked = 0
    for d, a in zip(review.decisions, actions):
        legal = state.legal_actions()
        if len(legal) > 1:
            values = exact_mate_values(state)
            assert d.exact, f"ply {d.ply}: a Mate round always fits the solver's budget"
            assert d.loss_exact == pytest.approx(max(values.values()) - values[a])
            assert values[state.parse_action(d.best_exact)] == max(values.values())
            # Perfect information: the mover's view is the full state.
            assert d.loss_view == pytest.approx(d.loss_exact)
            assert d.label == A.label_for("mate", d.loss_view)
            checked += 1
        else:
            assert d.forced and d.loss_exact is None and d.label is None
        state.apply_action(a)
    assert checked > 10


def test_labels_follow_the_documented_thresholds():
    for slug, (inacc, mistake, blunder) in A.THRESHOLDS.items():
        assert A.label_for(slug, 0.0) is None
        assert A.label_for(slug, inacc * 0.99) is None
        assert A.label_for(slug, inacc) == "inaccuracy"
        assert A.label_for(slug, mistake) == "mistake"
        assert A.label_for(slug, blunder * 5) == "blunder"
        # The module docstring's table documents the same numbers.
        assert f"{slug} " in A.__doc__
    assert A.label_for("mate", None) is None


@pytest.mark.parametrize("game_text", ["mate", "mate-vic-village", "dog-tag-trick", "mattis"])
def test_every_game_is_reviewed_with_small_budgets(game_text):
    actions = random_actions(game_text, 5, seed=1, n=40)
    review = A.analyse_game(game_text, 5, actions, node_budget=500, worlds=2)
    assert len(review.decisions) == len(actions)
    real = [d for d in review.decisions if not d.forced]
    assert real, "some move of the first 40 is a real choice"
    for d in real:
        assert d.best_exact and d.best_view
        assert d.loss_view is not None and d.loss_view >= 0
        assert d.loss_exact is None or d.loss_exact >= 0
        assert d.exact == (d.loss_exact is not None)
        assert d.label == A.label_for(load_game(game_text).name, d.loss_view)
    seats = review.seat_summary()
    assert sum(s["decisions"] for s in seats) == len(real)
    out = json.loads(json.dumps(review.to_json()))
    assert out["schema"] == "trickhound.review/1" and len(out["decisions"]) == len(actions)


def test_summary_counts_and_means():
    d = [A.Decision(ply=i, seat=i % 2, bot=f"b{i % 2}", round=0, played="x", legal=2,
                    loss_view=float(i), loss_exact=float(i), exact=True,
                    label=A.label_for("mate", float(i))) for i in range(6)]
    d.append(A.Decision(ply=6, seat=0, bot="b0", round=0, played="y", legal=1))  # forced
    s = A.summarise_decisions([x for x in d if x.bot == "b0"])
    assert s["decisions"] == 3 and s["mean_loss"] == pytest.approx((0 + 2 + 4) / 3)
    assert s["inaccuracy"] == 1 and s["mistake"] == 0      # 0 and 2 are below 3, 4 is not
    rows = A.summarise_by_bot([A.Review("mate", 1, ["b0", "b1"], None, d)])
    assert [r["bot"] for r in rows] == ["b0", "b1"]       # lower mean loss first


def test_published_mate_run_ranks_random_worst():
    """The published Mate board's sanity table (random against every pool bot, issue 16):
    random loses the most per decision, the exact solver nothing."""
    summary = A.summarise_run(os.path.join(MATE_RUN, "sanity"), max_games=12, node_budget=5000,
                              worlds=2)
    bots = [r["bot"] for r in summary["bots"]]
    assert bots[-1] == "random", summary["bots"]
    means = {r["bot"]: r["mean_loss"] for r in summary["bots"]}
    # The exact solver plays the double-dummy optimum: no loss at all.
    assert means["solver"] == 0.0 and means["random"] > 0
    assert all(r["ci95"] is not None for r in summary["bots"])


def test_find_record_and_moves():
    rec = A.find_record(MATE_RUN, 7)
    assert rec.game_id == 7
    line = json.dumps(rec.to_json())
    assert A.find_record(line).actions == rec.actions
    with pytest.raises(A.AnalyseError, match="pick one with --game-id"):
        A.find_record(MATE_RUN)
    with pytest.raises(A.AnalyseError, match="no game with id 99999"):
        A.find_record(MATE_RUN, 99999)
    with pytest.raises(A.AnalyseError, match="malformed JSON"):
        A.find_record("{not json")
    state = load_game("mate").new_initial_state(9)
    texts = []
    for a in random_actions("mate", 9, seed=2, n=6):
        texts.append(state.action_to_str(a))
        state.apply_action(a)
    assert A.actions_from_moves("mate", 9, ",".join(texts)) == random_actions("mate", 9, 2, 6)


def _cli(*args):
    env = dict(os.environ, PYTHONPATH=REPO)
    return subprocess.run([sys.executable, "-m", "tournaments.cli", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300)


def test_cli_analyse_json_plot_and_errors(tmp_path):
    png = tmp_path / "loss.png"
    r = _cli("analyse", MATE_RUN, "--game-id", "2", "--json", "--plot", str(png))
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["game"] == "mate" and out["plot"] == str(png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    r = _cli("analyse", "--game", "mate", "--seed", "3", "--moves", "PASS,ZZ")
    assert r.returncode == 2 and r.stderr.startswith("trickhound: error: move 2")
    assert len(r.stderr.strip().splitlines()) == 1
    r = _cli("analyse", str(tmp_path / "missing"))
    assert r.returncode == 2 and "no such run folder" in r.stderr
    r = _cli("analyse", "--help")
    assert r.returncode == 0
    help_text = " ".join(r.stdout.split())
    for slug, (a, b, c) in A.THRESHOLDS.items():
        assert f"{slug}: {a:g}/{b:g}/{c:g}" in help_text


def test_cli_analyse_all_text():
    r = _cli("analyse", MATE_RUN, "--all", "--max-games", "4")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Mean loss per decision, mate, 4 game(s)")


def test_the_game_id_hint_spans_the_ids_whatever_the_record_order(tmp_path):
    """Records are written in completion order (workers finish out of order): the hint names
    the smallest and largest id, not the first and last record's (tester 5)."""
    import shutil
    run = tmp_path / "run"
    shutil.copytree(MATE_RUN, run)
    path = run / "games.jsonl"
    lines = path.read_text().splitlines()
    ids = [json.loads(x)["game_id"] for x in lines]
    path.write_text("\n".join(lines[1:] + lines[:1]) + "\n")      # the first id last
    with pytest.raises(A.AnalyseError, match=rf"\({min(ids)}\.\.{max(ids)}\)"):
        A.find_record(str(run))


def test_a_torn_last_line_is_skipped_and_a_torn_middle_is_not(tmp_path):
    """A run killed while writing its last line (no newline at its end) reads as ``report``
    reads it: that line is skipped (tester 7: analyse failed on it); a malformed line followed
    by others is still an error naming it."""
    import shutil
    run = tmp_path / "run"
    shutil.copytree(MATE_RUN, run)
    path = run / "games.jsonl"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:5]) + "\n" + '{"actions": [1,2')
    recs = A.read_run_records(str(run))
    assert [r.game_id for r in recs] == [json.loads(x)["game_id"] for x in lines[:5]]
    path.write_text("\n".join(lines[:2]) + "\n" + '{"actions": [1,2' + "\n"
                    + "\n".join(lines[2:5]) + "\n")
    with pytest.raises(A.AnalyseError, match="line 3: malformed JSON"):
        A.read_run_records(str(run))


def test_a_game_forfeited_before_any_move_has_no_empty_summary_headings():
    rec = A.find_record(MATE_RUN, 7)
    forfeited = type(rec)(**{**rec.to_json(), "actions": [], "returns": None, "ranks": [1, 0],
                             "termination": "forfeit",
                             "forfeit": {"seat": 0, "reason": "tampering", "detail": "x"}})
    text = A.review_text(A.review_record(forfeited))
    assert "forfeited at ply 1 (tampering: x); the game was not played out" in text
    assert text.endswith("No move was played: there is no decision to review.")
    assert "Per bot:" not in text and "Per seat:" not in text
