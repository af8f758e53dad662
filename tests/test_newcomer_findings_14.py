"""Tester 14's findings (a newcomer and tester in a fresh clone, session 16), each mended:

1. The play that ends a round was told as "a hidden move" (``trickhound play``, the browser,
   and ``Bot.observe``) in Dog Tag Trick, whose rules make every play of the round public
   (docs/rules/dog-tag-trick.md §10), and at Mate's game-ending leads: the information set
   after it is the next round's, which no longer shows the round's plays. A round's last move
   is now seen by every seat (solver/observation.py), and MO-ISMCTS follows it by its action
   in the other seats' trees instead of merging it into a hidden edge.
2. ``analyse`` named a decision with one legal move "forced", which in Mate names a card set
   aside (docs/rules/mate.md §4): it is now "only move".
6. ``ratings.png`` did not mark an oracle bot with ``*`` as the other plots and boards do.
   report.md did not say how many deals each bot's score interval rests on.
7. ``set_cache_limit(1.5)`` set a 1-byte cap: the limit is a whole number of bytes.
"""
import random

import pytest

from solver.observation import ends_round, move_text_for, seen_by
from solver.registry import load_game
from solver.search import set_cache_limit
from tests.test_cli import run


def _round_enders(game, games: int):
    """(state before, action) for every move of seeded random games that ends its round."""
    for seed in range(games):
        rng = random.Random(seed)
        s = game.new_initial_state(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            a = rng.choice(legal)
            after = s.clone()
            after.apply_action(a)
            if len(legal) > 1 and ends_round(s, after):
                yield s.clone(), a
            s = after


@pytest.mark.parametrize("config", ["dog-tag-trick(players=4)", "mate",
                                    "mate(forced_visibility=hidden)"])
def test_a_rounds_last_move_is_seen_by_every_seat(config):
    game = load_game(config)
    seats = list(range(game.num_players))
    enders = list(_round_enders(game, 20))
    assert enders                                   # Dog Tag Trick: several a game
    for before, a in enders:
        assert seen_by(before, a, seats) == {s: a for s in seats}
        for s in seats:
            assert move_text_for(before, a, s) == before.action_to_str(a)


def test_the_secret_moves_stay_hidden():
    """Mate's face-down forced card (§9.2) is still hidden from the other seat."""
    game = load_game("mate(forced_visibility=hidden)")
    s = game.new_initial_state(3)
    while game.decision_kind(s) != "force" or len(s.legal_actions()) < 2:
        s.apply_action(s.legal_actions()[0])
    a = s.legal_actions()[0]
    assert seen_by(s, a, [1 - s.current_player()]) == {1 - s.current_player(): None}


def test_analyse_names_a_single_legal_move_only_move():
    r = run(["analyse", "results/leaderboards/runs/mate", "--game-id", "3"])
    assert r.exit_code == 0, r.output
    assert "only move" in r.output
    assert " forced " not in r.output


def test_the_ratings_plot_marks_an_oracle(tmp_path, monkeypatch):
    import matplotlib.pyplot as plt

    from tournaments.report import plot_ratings, run_summary
    labels: list[str] = []
    close = plt.close

    def keep_labels(fig=None):
        for ax in (fig.axes if fig is not None else []):
            legend = ax.get_legend()
            if legend is not None:
                labels.extend(t.get_text() for t in legend.get_texts())
        close(fig)

    monkeypatch.setattr(plt, "close", keep_labels)
    out = tmp_path / "run"
    r = run(["tournament", "--game", "tiny-tricks", "--bots", "oracle(iterations=30),random",
             "--deals", "2", "--out", str(out), "--quiet"])
    assert r.exit_code == 0, r.output
    plot_ratings(run_summary(str(out)), str(tmp_path / "ratings.png"))
    assert any(t.startswith("oracle") and " *" in t for t in labels), labels
    assert any(t.startswith("random") and " *" not in t for t in labels), labels


def test_the_cache_limit_is_a_whole_number_of_bytes():
    old = set_cache_limit(512 << 20)
    try:
        for bad in (1.5, "1", None, True, -1):
            with pytest.raises(ValueError, match="whole number of bytes"):
                set_cache_limit(bad)
        assert set_cache_limit(old) == 512 << 20
    finally:
        set_cache_limit(old)


def test_mo_ismcts_follows_a_rounds_last_move_by_its_key():
    """MO-ISMCTS (solver/search/reference/ismcts.py and its Cython twin) merges the moves an
    observer cannot tell apart into one hidden edge, but a round's last move is public: from a
    position whose root move ends the round (Dog Tag Trick, §10), every other seat's tree
    follows it by its action, and the twins agree."""
    from solver.rng import Random as SeededRandom
    from solver.search._ismcts import ISMCTS as FastISMCTS
    from solver.search.params import objective_code
    from solver.search.reference.ismcts import HIDDEN, ISMCTS, ismcts_root
    game = load_game("dog-tag-trick(players=4)")
    checked = 0
    for before, _ in _round_enders(game, 6):
        view = before.view(before.current_player())
        enders = [a for a in view.legal_actions() if ends_round(before, before.child(a))]
        if len(enders) < 2 or len(enders) != len(view.legal_actions()):
            continue
        tree = ISMCTS(observers="multi", horizon="game")
        tree.reset(view)
        tree.run(60, SeededRandom(1))
        for t, root in enumerate(tree.roots):
            if t != view.player:
                assert root.children and HIDDEN not in root.children
        obj, hor, _ = objective_code("score", "game")
        fast = FastISMCTS(game, objective=obj, horizon=hor, multi=True).search(view, 60, 1)
        assert fast == ismcts_root(view, 60, 1, observers="multi", horizon="game")
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_report_md_says_how_many_deals_each_score_rests_on(tmp_path):
    """The board's score column is a mean with a 95% interval over deals: report.md names the
    deals each bot's rests on (only ratings.json did)."""
    import json
    out = tmp_path / "run"
    r = run(["tournament", "--game", "tiny-tricks", "--bots",
             "random,heuristic,oracle(iterations=30)", "--deals", "3", "--out", str(out),
             "--quiet", "--report"])
    assert r.exit_code == 0, r.output
    bots = json.loads((out / "ratings.json").read_text())["bots"]
    line = next(ln for ln in (out / "report.md").read_text().splitlines()
                if ln.startswith("Deals each bot's score interval rests on: "))
    for b in bots:
        star = " *" if b["oracle"] else ""
        assert f"`{b['label']}{star}` {b['deals']}" in line
