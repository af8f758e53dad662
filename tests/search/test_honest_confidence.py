"""``recommend``'s "how sure" verdict accounts for bias, not only sampling noise (issue 15,
item 4): a "clear" answer must be an optimal move at least 95% of the time.

Truth: positions of Mate with default options, where forced cards lie face up
(docs/rules/mate.md §9.2, A2), so the mover's view is perfect information and the exact
alpha-beta value of the view's single world is the true value of every move — no hidden card
makes a double-dummy value the wrong target. The searches are forced to ISMCTS or PIMC (the
default ``auto`` would answer exactly, "proved"), at 2,000 iterations so that rollouts are
biased and many answers are wrong. Measured on these 200 positions when written: the
sampling-only verdict was "clear" and right 70/80 times (PIMC, 87.5%) and 68/68 (ISMCTS); with
the cross-check 48/48 and 46/46. "Right" = the chosen move's
exact value equals the best exact value (ties count as right).
"""
import random

import pytest

from solver.registry import load_game
from solver.search import AlphaBeta, alphabeta, play_defaults, recommend

N_POSITIONS = 200
ITERATIONS = 2000


def _positions():
    """Decisions with two or more legal moves after a seeded number of seeded random moves
    (0-79) of a Mate match, one per seed: forcing and trick play alike."""
    game = load_game("mate")
    out, seed = [], 0
    while len(out) < N_POSITIONS:
        seed += 1
        rnd = random.Random(seed)
        s = game.new_initial_state(seed)
        for _ in range(rnd.randrange(0, 80)):
            if s.is_terminal():
                break
            s.apply_action(rnd.choice(s.legal_actions()))
        if not s.is_terminal() and len(s.legal_actions()) >= 2:
            out.append(s)
    return out


@pytest.fixture(scope="module")
def positions():
    game = load_game("mate")
    ab = AlphaBeta(game)
    out = []
    for s in _positions():
        exact = alphabeta(s, pv=False, solver=ab).values()
        out.append((s, {a for a, v in exact.items() if v == max(exact.values())}))
    return out


@pytest.mark.parametrize("algo", ["ismcts", "pimc"])
def test_clear_is_right_at_least_95_percent(positions, algo):
    game = load_game("mate")
    limit = f"iterations={ITERATIONS}" + (",worlds=4" if algo == "pimc" else "")
    clear = right = sampled_clear = sampled_right = 0
    for i, (s, best) in enumerate(positions):
        res = recommend(s.view(s.current_player()), algo, limit, seed=i,
                        **play_defaults(game, algo))
        assert res.check is None or res.check["algorithm"] != algo
        if res.confidence()["label"] == "clear":
            clear += 1
            right += res.chosen in best
        if res.sampling_confidence()["label"] == "clear":
            sampled_clear += 1
            sampled_right += res.chosen in best
    print(f"{algo}: clear right {right}/{clear}; sampling-only clear right "
          f"{sampled_right}/{sampled_clear}")
    assert clear >= 15, f"only {clear} answers called clear: the check is too strict to tell"
    assert right >= 0.95 * clear, f"{algo}: clear right only {right}/{clear}"


def test_without_a_check_nothing_sampled_is_clear(positions):
    """A sampled answer nobody checked is at most "likely" (its bias is unmeasured); an exact
    one is "proved" or "tie"."""
    s, _ = positions[0]
    view = s.view(s.current_player())
    game = load_game("mate")
    for i in range(5):
        res = recommend(view, "ismcts", "iterations=2000", seed=i, check=False,
                        **play_defaults(game, "ismcts"))
        assert res.check is None and res.confidence()["label"] in ("likely", "close")
    assert recommend(view).confidence()["label"] in ("proved", "tie")


def test_moves_equal_in_every_sampled_world_are_a_tie_not_a_close_call():
    """Two best moves worth the same in every sampled world (each best in all of them) are a
    tie of the sample, labelled so (tester 7: "close call", a word for moves that may differ,
    introduced "7H and PASS tie in every one of the 8 sampled worlds")."""
    from solver.search.result import build_result

    rows = [{"action": a, "text": t, "mean": 1.0, "ci_low": 0.2, "ci_high": 1.8, "visits": 8,
             "robustness": 1.0} for a, t in ((3, "7H"), (9, "PASS"))]
    rows.append({"action": 5, "text": "AS", "mean": 0.0, "ci_low": -0.5, "ci_high": 0.5,
                 "visits": 8, "robustness": 0.0})
    res = build_result("pimc", 0, rows, value="return", nodes=0, iterations=8, worlds=8,
                       rank_by="mean", params={})
    conf = res.confidence()
    assert conf["label"] == "tie"
    assert conf["text"] == "tie: 7H and PASS tie in every one of the 8 sampled worlds"
