"""Findings of tester 8 on ``trickhound recommend`` and the bots' options, each fixed and kept
fixed: the verdict names the game's unit, the header counts in the singular for one, and
(below) the time limit, option ranges, inapplicable options and auto's view of hidden cards."""
from click.testing import CliRunner

from solver.game import View
from solver.search import recommend
from solver.search.recommend import replay
from tournaments.cli import main


def _mover(game: str, seed: int, moves: str = "") -> View:
    """The view of the seat to act after ``moves`` from the deal of ``seed``."""
    state = replay(game, seed, moves)
    return state.view(state.current_player())


def _run(*args: str) -> "tuple[int, str]":
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.output


def test_mattis_verdict_names_its_unit_not_points() -> None:
    """tester 8: Mattis's values are the chance of not being the loser, yet the "how sure" line
    said "BLIND beats 7C by 0.000413 points this round" (the header already named the unit)."""
    code, out = _run("recommend", "--game", "mattis(players=5)", "--seed", "5",
                     "--algo", "solver")
    assert code == 0, out
    sure = [line for line in out.splitlines() if line.startswith("how sure:")][0]
    assert "points" not in sure and "the chance of not being the loser" in sure, sure
    view = _mover("mattis", 4)
    res = recommend(view, "ismcts", "iterations=300", seed=4, check=False, horizon="round")
    assert "points" not in res.to_json()["confidence"]["text"]


def test_mate_verdict_still_says_points() -> None:
    view = _mover("mate-vic-village", 1)
    res = recommend(view, "ismcts", "iterations=300", seed=1, check=False, horizon="round")
    assert res.value_unit == "points"
    assert "points this round" in res.sampling_confidence()["text"] or \
        res.sampling_confidence()["gap"] is None


def test_header_counts_one_in_the_singular() -> None:
    """tester 8: the exact solver's header said "1 iterations, 1 world(s)"."""
    code, out = _run("recommend", "--game", "mate", "--seed", "3")
    assert code == 0, out
    head = [line for line in out.splitlines() if " for seat " in line][0]
    # (the solver's budget is its worlds: it names no iterations, tester 9)
    assert "1 world," in head and "iteration" not in head, head
    code, out = _run("recommend", "--game", "mattis", "--seed", "4", "--algo", "ismcts",
                     "--iterations", "300")
    head = [line for line in out.splitlines() if " for seat " in line][0]
    assert "300 iterations," in head and "300 worlds," in head, head


def test_seat_help_says_it_must_be_the_seat_to_act() -> None:
    """tester 8: the help said "The seat to advise (default: the seat to act)", yet any seat
    but the mover's is refused; the help now says it is a check."""
    code, out = _run("recommend", "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "The seat to advise" not in text
    assert "the seat to act, as a check" in text
    code, out = _run("recommend", "--game", "mate", "--seed", "3", "--seat", "0")
    assert code == 2 and "seat 1 is to act, not seat 0" in out


def test_bot_c_and_widen_are_minus_one_or_in_range() -> None:
    """tester 8: ``ismcts(widen=-0.5)`` and ``c=-0.5`` were accepted and played exactly like
    the defaults (any negative value meant "the game's measured value"); only -1 does now."""
    from bots.registry import make_bot
    from bots.spec import BotSpecError
    for spec in ("ismcts(widen=-0.5)", "ismcts(c=-0.5)", "pimc(c=-3)"):
        try:
            make_bot(spec, 0)
        except BotSpecError as e:
            assert "or -1 (the game's measured value)" in str(e), e
        else:
            raise AssertionError(f"{spec} was accepted")
    for spec in ("ismcts(widen=-1,c=-1)", "ismcts(widen=0,c=0)", "pimc(c=-1)"):
        make_bot(spec, 0)
    code, out = _run("match", "dog-tag-trick(players=3)", "--bots",
                     "ismcts(iterations=100,widen=-0.5),heuristic,heuristic", "--seed", "1",
                     "--games", "1")
    assert code == 2 and out.startswith("trickhound: error: parameter widen=-0.5"), out


def test_recommend_takes_widen_minus_one_as_the_bots_do() -> None:
    """tester 8: ``recommend --param widen=-1`` was refused although the bots print -1 as
    widen's default (and ``--param c=-1`` was accepted); -1 is the game's measured value."""
    base = ("recommend", "--game", "dog-tag-trick(players=3)", "--seed", "1", "--algo",
            "ismcts", "--iterations", "200", "--json")
    code, minus_one = _run(*base, "--param", "widen=-1")
    assert code == 0, minus_one
    code, default = _run(*base)
    import json
    a, b = json.loads(minus_one), json.loads(default)
    assert a["params"]["widen"] == b["params"]["widen"] == 0.3
    assert a["actions"] == b["actions"]
    code, out = _run(*base, "--param", "widen=-0.5")
    assert code == 2 and "or -1: the game's measured value" in out, out


def test_recommend_refuses_options_its_search_does_not_take() -> None:
    """tester 8: ``--worlds 5 --algo ismcts`` still searched its usual worlds and
    ``--particles 10`` without ``--inference policy`` changed nothing, silently, while
    ``--iterations`` with ``--algo solver`` was an error; all three are errors now, and where
    auto chose the search a note says what it ignored (as for --iterations)."""
    base = ("recommend", "--game", "mattis", "--seed", "4", "--iterations", "100")
    code, out = _run(*base, "--algo", "ismcts", "--worlds", "5")
    assert code == 2 and out.startswith("trickhound: error: --worlds does not apply to "
                                        "--algo ismcts"), out
    assert "pimc and solver" in out
    code, out = _run(*base, "--particles", "10")
    assert code == 2 and "--particles applies only with --inference policy or mcmc" in out, out
    code, out = _run(*base, "--worlds", "5")            # auto chooses ismcts in Mattis
    assert code == 0 and "note: auto chose ismcts, which takes no --worlds (ignored)" in out
    code, out = _run(*base, "--algo", "pimc", "--worlds", "5", "--inference", "policy",
                     "--particles", "10")
    assert code == 0 and "5 worlds" in out and "from 10 candidates" in out, out


def _timed_answer(monkeypatch, elapsed: float) -> "tuple[list, object]":
    """recommend(ismcts, time_s=1) with the searches spied on (each run to 6,000 iterations
    instead of a clock, so the test reads no time) and recommend's clock faked: the main
    search takes ``elapsed`` seconds. Returns (the (search, time_s) each search was given,
    the result)."""
    import functools
    import importlib
    import types
    from dataclasses import replace

    # the module (solver.search's ``recommend`` attribute is the function)
    R = importlib.import_module("solver.search.recommend")
    given: list = []
    real_entry = R._entry

    def entry(algo: str, threads: int = 1):
        fn, fixed = real_entry(algo, threads)

        @functools.wraps(fn)            # (its parameters are read off its signature)
        def spy(view, limit, seed, **kw):
            given.append((algo, limit.time_s))
            return fn(view, replace(limit, time_s=None, iterations=6000), seed, **kw)
        return spy, fixed

    ticks = iter([100.0, 100.0 + elapsed])

    def clock() -> float:
        return next(ticks, 100.0 + elapsed)
    monkeypatch.setattr(R, "_entry", entry)
    monkeypatch.setattr(R, "time", types.SimpleNamespace(perf_counter=clock))
    view = _mover("dog-tag-trick(players=5)", 3)
    res = recommend(view, "ismcts", "time_s=1", seed=3, horizon="round", rollout="policy",
                    widen=0.3, c=0.2)
    return given, res


def test_time_bounds_the_answer_with_its_check_search(monkeypatch) -> None:
    """tester 8: ``--time 2 --algo ismcts`` took 4.4 s, as the independent check search behind
    "how sure" had a time limit of its own; the two now share the caller's time: the search
    (1 - CHECK_TIME_SHARE) of it, the check what the search left, none when too little is
    left. (No clock is read: the searches are iteration-limited and the time faked.)"""
    from solver.search.recommend import CHECK_MIN_SECONDS, CHECK_TIME_SHARE
    given, res = _timed_answer(monkeypatch, 0.6)
    assert given[0] == ("ismcts", 1 - CHECK_TIME_SHARE)
    assert given[1][0] == "pimc" and abs(given[1][1] - 0.4) < 1e-9, given
    assert res.check is not None and res.limit.time_s == 1.0
    given, res = _timed_answer(monkeypatch, 1.0 - CHECK_MIN_SECONDS / 2)
    assert [g[0] for g in given] == ["ismcts"] and res.check is None


def test_iteration_limits_still_reproduce_with_the_check() -> None:
    view = _mover("dog-tag-trick(players=5)", 3)
    a, b = (recommend(view, "ismcts", "iterations=6000", seed=3, horizon="round",
                      rollout="policy", widen=0.3, c=0.2) for _ in range(2))
    assert a.check is not None and a.check == b.check and a.actions == b.actions


def test_auto_solves_hidden_forcing_mate_once_nothing_is_hidden() -> None:
    """tester 8: in ``mate(forced_visibility=hidden)`` after both players pass nothing of the
    game is hidden (only a face-down forced card is, docs/rules/mate.md §9.2), yet auto said
    "hidden information" and sampled 20 identical worlds; it solves the one world exactly now,
    as in default Mate, and still samples while a forced card lies face down."""
    from bots.human import hint_result
    from solver.search import choose_algorithm, view_hides_nothing
    game = "mate(forced_visibility=hidden)"
    open_view = _mover(game, 2, "PASS,PASS")
    assert view_hides_nothing(open_view)
    assert choose_algorithm(open_view)[1].startswith("perfect information for the mover")
    res = recommend(open_view, "auto", seed=0)
    assert res.exact and res.worlds == 1 and res.check is None, res.auto
    default = recommend(_mover("mate", 2, "PASS,PASS"), "auto", seed=0)
    assert [(a.action, a.mean) for a in res.actions] == \
        [(a.action, a.mean) for a in default.actions]
    assert hint_result(open_view).exact
    hidden = _mover(game, 2, "QD")            # the dealer forced QD face down: seat 1 to act
    assert not view_hides_nothing(hidden)
    assert choose_algorithm(hidden)[1].startswith("hidden information")
    assert not recommend(hidden, "auto", seed=0).exact
    forcer = _mover(game, 2, "QD,PASS")       # the forcer knows his own card: nothing hidden
    assert view_hides_nothing(forcer) and recommend(forcer, "auto", seed=0).exact
