"""One-call entry points for "what should I play here?" (the ``trickhound recommend`` command).

    from solver.search.recommend import recommend, view_from_moves
    view = view_from_moves("mate", seed=7, seat=0, moves_text="PASS PASS AS")
    result = recommend(view, "ismcts", "iterations=20000", seed=1)
    print(result.table(view))            # or json.dumps(result.to_json())

``algo``:
  ``auto``    (the default) the strongest answer for the position, chosen by
              :func:`choose_algorithm`: the exact solver where the position is perfect
              information for the mover, otherwise the search measured strongest for the game
              (``STRONGEST_SEARCH``); the result's ``auto`` says which and why.
  ``ismcts``  SO-ISMCTS (``observers="multi"`` for MO-ISMCTS); params c, objective, horizon,
              scale, observers, max_nodes.
  ``pimc``    determinized UCT over ``limit.worlds`` worlds; params evaluator (uct/solver), c,
              objective, horizon, scale, solver, node_budget, evaluation, rollouts, tt_bits,
              max_nodes.
  ``solver``  PIMC with the exact solver of the current round (one world, hence exact, when
              the game has perfect information); params solver (auto/alphabeta/maxn/paranoid),
              node_budget, evaluation, rollouts, tt_bits.

Bad input raises the errors of :mod:`solver.errors` (and ``SearchLimitError``), each naming
the problem in one line.
"""
import functools
import inspect
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from solver.errors import IllegalActionError, InvalidActionError, InvalidStateError, TrickhoundError
from solver.game import Game, State, View
from solver.rng import derive_seed
from solver.search._ismcts import ismcts_search
from solver.search._mcts import uct_search
from solver.search._pimc import pimc_search, solve_state
from solver.search.limits import SearchLimit
from solver.search.parallel import (
    AUTO_THREADS,
    check_threads,
    ismcts_threads,
    pimc_threads,
    usable_cores,
)
from solver.search.params import exploration_c, opponent_model, rollout_policy, widening
from solver.search.result import SearchResult

ALGORITHMS = ("ismcts", "pimc", "solver")
# What ``recommend`` and the CLI accept: the searches, and ``auto`` (choose per position).
AUTO = "auto"
ALGORITHM_CHOICES = (AUTO,) + ALGORITHMS

# The search ``auto`` uses where the exact solver does not apply (the mover lacks information),
# per game slug; a game not listed gets ``ismcts``. Each entry is the measured strongest, from
# paired duplicate deals against ``heuristic`` at default settings (one candidate seat, mean +-
# standard error; the table of docs/issues "Strength II", issue 15):
#   Vic Village   pimc: +4.7 +- 1.1 vs ismcts +4.7 +- 1.0 with 4 players, +5.0 +- 1.7 vs
#                 +1.9 +- 1.5 with 3, and PIMC +6.4 +- 5.3 over ISMCTS at equal time.
#   Dog Tag Trick ismcts since 0.8.0 (progressive widening, params.WIDEN_DEFAULTS): at equal
#                 CPU (5 ms a decision, 48 deals each, results/strength/widen
#                 dtt*p-strongest-cpu) ismcts - pimc +1.94 [+0.99, +2.90] with 3 players,
#                 +0.63 [-0.20, +1.46] with 4, +0.38 [-0.28, +1.04] with 5, and the solver bot
#                 with this path over its pimc path +1.24 [+0.45, +2.04], +0.55, +0.28; on the
#                 0.8.0 boards ismcts finishes first at 3 and 4 players. (Before widening pimc:
#                 +2.9 +- 0.3 vs +2.7 +- 0.4 with 4 players, +2.2 vs +1.5 with 5.)
#   Mattis        ismcts: level with pimc (+0.23 +- 0.01 each, 4 players) and lost none of 48
#                 games where the solver bot lost 36; ISMCTS shares one tree across worlds, so
#                 it is the cheaper of the two at equal strength.
#   Mate (forced_visibility=hidden) solver: PIMC with exact alpha-beta in every world. Not
#                 measured under hidden forcing itself: only the forced card is hidden (the
#                 worlds differ in where one card lies, docs/rules/mate.md §9.2), so each world's
#                 exact value is close to the position's, while ISMCTS's rollouts lose 10.2 +-
#                 1.5 points a decision against exact values in the perfect-information game
#                 (issue 15) and the exact solver loses none.
STRONGEST_SEARCH = {"mate-vic-village": "pimc", "dog-tag-trick": "ismcts", "mattis": "ismcts",
                    "mate": "solver"}
# ``solver`` leaves its worlds open: :func:`solver_worlds` gives them per game and player count.
DEFAULT_LIMITS = {"ismcts": SearchLimit(iterations=20000),
                  "pimc": SearchLimit(iterations=20000, worlds=20),
                  "solver": SearchLimit(iterations=1),
                  "uct": SearchLimit(iterations=20000)}
# ``recommend --algo solver``'s worlds when the limit leaves them open (issue 15 target: an
# opening answered in <= 0.3 s at the defaults, searched at least as deep as before): 20, as
# PIMC, except where 20 worlds of max^n at its 200,000-node budget a world cost more than that
# at an opening. There the worlds are cut, not the nodes: the max^n frontier's fitted
# evaluation is 60-75% of a node's cost (profiled; the search loop itself is under 5% after
# the frontier fast path), and a smaller node budget drops whole plies (Dog Tag Trick 3p:
# depth 2 at 2,000 nodes a world or depth 3 at 83,000, nothing between). Measured as the bench
# row (tournaments/bench/search.py solver_opening_row: the first lead of deals 1-3, median) on
# the 2-core machine: (game slug, players) -> worlds, for a median <= 0.26 s of CPU. Process
# CPU seconds at 20 worlds -> here (median of 6, machine shared, max^n depth unchanged): Dog
# Tag Trick 3p 0.46 -> 0.26 (depth 3), 5p 0.81 -> 0.26 (3/4); Mattis 4p 0.46 -> 0.23 (8),
# 8p 0.58 -> 0.25 (8). Not measured for strength: fewer worlds or fewer plies, the trade is
# open (20 worlds keeping the time would mean depth 2, 3, 4 and 7 plies there).
SOLVER_WORLDS = {("dog-tag-trick", 3): 12, ("dog-tag-trick", 5): 7,
                 ("mattis", 4): 13, ("mattis", 8): 9}
SOLVER_DEFAULT_WORLDS = 20


def solver_worlds(game: Game) -> int:
    """The worlds ``recommend(view, "solver")`` samples when its limit does not say: per game
    and player count (``SOLVER_WORLDS``, why there), else ``SOLVER_DEFAULT_WORLDS``."""
    return SOLVER_WORLDS.get((game.name, game.num_players), SOLVER_DEFAULT_WORLDS)


class SearchParamError(TrickhoundError, ValueError):
    """An unknown algorithm, or a parameter the algorithm does not take."""


def threads_for(algo: str, threads: "int | str", worlds: int | None) -> int:
    """The thread count of a search: ``threads`` itself when a number; for ``AUTO_THREADS``
    every usable core (at most one thread a world) for PIMC and the solver, whose answer is the
    same on any number of threads (each world is searched with its own stream, and max^n
    solves each as a new solver would, and the worlds are merged in world order:
    solver/search/parallel.py), and one thread for ISMCTS, whose pooled trees answer
    differently from one tree. So ``auto`` answers as one thread does, only sooner, and an
    answer does not depend on the machine it ran on (its node count may: alpha-beta's threads
    share the work of a world; under a time limit, which no answer reproduces, the threads'
    tables also carry over from world to world)."""
    if threads != AUTO_THREADS:
        return check_threads(threads)
    if algo == "ismcts":
        return 1
    cores = usable_cores()
    return min(cores, worlds) if worlds else cores


def _entry(algo: str, threads: int = 1) -> tuple[Callable[..., SearchResult], dict[str, str]]:
    """(search function, fixed keywords) of ``algo``; with ``threads`` > 1 the root-parallel
    version (solver/search/parallel.py), which takes the same parameters."""
    if algo == "ismcts":
        return (ismcts_search if threads == 1
                else functools.partial(ismcts_threads, threads=threads)), {}
    pimc = pimc_search if threads == 1 else functools.partial(pimc_threads, threads=threads)
    if algo == "pimc":
        return pimc, {}
    if algo == "solver":
        return pimc, {"evaluator": "solver"}
    raise SearchParamError(f"unknown search algorithm {algo!r}; "
                           f"choose one of {', '.join(ALGORITHM_CHOICES)}")


def algorithm_params(algo: str) -> dict[str, Any]:
    """{parameter: default} that ``recommend(view, algo, ...)`` accepts as keywords."""
    fn, fixed = _entry(algo)
    skip = {"view", "state", "limit", "seed"} | set(fixed)
    if algo == "solver":
        skip |= {"c", "objective", "horizon", "scale", "max_nodes", "rollout", "endgame",
                 "endgame_budget", "cutoff", "future", "widen", "opponents"}
    return {name: p.default for name, p in inspect.signature(fn).parameters.items()
            if name not in skip}


def _check_params(algo: str, params: Iterable[str]) -> None:
    allowed = algorithm_params(algo)
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise SearchParamError(f"{algo} takes no parameter {', '.join(unknown)}; "
                               f"parameters: {', '.join(allowed)}")


def perfect_information_for(view: View) -> bool:
    """Whether the mover's view shows the whole position, so that every determinization equals
    the view's world and the exact solver of that one world answers exactly. Decided by the
    game's declared ``perfect_information`` (no seat ever lacks information: Mate with the
    default face-up forcing, docs/rules/mate.md §9.2, A2): sound, and free."""
    return bool(view.game.perfect_information)


def view_hides_nothing(view: View) -> bool:
    """Whether the mover's view hides nothing of the current round: the game is perfect
    information (:func:`perfect_information_for`), or its notation module's
    ``view_hides_nothing`` hook says this view hides nothing (Mate with face-down forcing
    before anyone forced against the seat, docs/rules/mate.md §9.2; tester 8: auto searched 20
    identical worlds there). ``auto`` and ``solver`` then solve the one world exactly. The
    bots' exact hand-over keeps :func:`perfect_information_for` (their measured play)."""
    if perfect_information_for(view):
        return True
    hook = getattr(view.game.notation, "view_hides_nothing", None)
    return bool(hook is not None and hook(view.to_json()))


def choose_algorithm(view: View) -> "tuple[str, str]":
    """(algorithm, why) that ``recommend(view, "auto")`` searches with: ``solver`` (one world,
    solved exactly: alpha-beta for two-player constant-sum games, max^n otherwise) where the
    position is perfect information for the mover, else the game's ``STRONGEST_SEARCH``."""
    game = view.game
    if view_hides_nothing(view):
        exact = ("alpha-beta" if game.num_players == 2 and game.utility_sum() is not None
                 else "max^n")
        return "solver", f"perfect information for the mover: exact {exact}"
    algo = STRONGEST_SEARCH.get(game.name, "ismcts")
    why = ("measured strongest in " + game.name if game.name in STRONGEST_SEARCH
           else "no measurement for " + game.name + ": the general default")
    return algo, f"hidden information: {algo}, {why}"


def play_defaults(game: Game, algo: str,
                  params: dict[str, Any] | None = None) -> dict[str, Any]:
    """``params`` completed with what the search bots play with unless told otherwise (the
    measurements are in bots/search_bots.py): the measured rollouts (``rollout_policy``) and,
    for the score where the game's rounds add up (``Game.rounds_add_up``), the round's points
    as the value;
    for ISMCTS and PIMC the game's measured exploration constant.
    ``trickhound recommend`` and the human player's hint search with them."""
    kw = dict(params or {})
    # the bots' horizon "auto" (bots/search_bots.py), given as a search parameter: the default
    if kw.get("horizon") == "auto":
        del kw["horizon"]
    if algo in ("ismcts", "pimc"):
        # the exploration measured for the game and search (solver/search/params.py
        # EXPLORATION_DEFAULTS: ISMCTS 0.2 in Dog Tag Trick, where 0.7 spread the visits evenly
        # and more budget bought nothing; PIMC 2 there with widening, results/strength/
        # pimc-widen, else 0.7, results/strength/pimc-tune)
        kw.setdefault("c", exploration_c(game, -1.0, algo))
        # the progressive widening measured for the game and search (params.WIDEN_DEFAULTS:
        # 0.3 in Dog Tag Trick for both, and for PIMC in Vic Village, results/strength/widen
        # and pimc-widen)
        if kw.get("evaluator", "uct") == "uct":     # the solver evaluator has no tree to widen
            kw.setdefault("widen", widening(game, -1.0, algo))
        # the rollouts measured for the game, search and player count (params.ROLLOUT_DEFAULTS:
        # heuristic for ISMCTS and PIMC in Dog Tag Trick with 5 players, else the game's policy);
        # a given rollout is kept, and "auto" resolved as the bots resolve it
        kw["rollout"] = rollout_policy(game, kw.get("rollout", "auto"), algo)
        # the opponents measured for the game, search and player count
        # (params.OPPONENT_DEFAULTS); a given one is kept, "auto" resolved as the bots do
        if kw.get("evaluator", "uct") == "uct":
            kw["opponents"] = opponent_model(game, kw.get("opponents", "auto"), algo,
                                             kw.get("observers", "single"),
                                             kw.get("future", "known"))
        if kw.get("objective", "score") == "score" and game.rounds_add_up():
            kw.setdefault("horizon", "round")
    return kw


# The independent search that checks a sampled answer (SearchResult.confidence): a search of a
# different kind, so that it does not share the first one's bias (PIMC's strategy fusion and
# per-world trees, ISMCTS's one tree over all worlds).
CHECK_ALGO = {"ismcts": "pimc", "pimc": "ismcts", "solver": "ismcts"}
# A PIMC check search gives each world at least this many UCT iterations (at most the default
# number of worlds): fewer, and its per-world trees are too shallow to be "clear" about anything.
CHECK_ITERATIONS_PER_WORLD = 500
# Under a time limit T the whole answer fits in T (tester 8: --time 2 took 4.4 s, the check
# search having its own T): the main search gets (1 - CHECK_TIME_SHARE) * T, the check search
# what is left of T when the main search is done, and no check runs when less than
# CHECK_MIN_SECONDS is left (the verdict is then at most "likely"). A declared choice, not
# measured: the answer is the main search's, the check only vouches for it.
CHECK_TIME_SHARE = 0.25     # --help and README.md say 75% for the search: keep in step
CHECK_MIN_SECONDS = 0.02


def _check_limit(algo: str, limit: SearchLimit) -> SearchLimit:
    """The check search's limit: the answer's iterations (the check algorithm's default when
    the answer ran one iteration per world, as the exact solver does) and time."""
    default = DEFAULT_LIMITS[algo]
    its = limit.iterations if limit.iterations and limit.iterations > 1 else None
    if its is None and limit.time_s is None:
        its = default.iterations
    worlds = None
    if algo == "pimc":
        most = default.worlds or 1
        worlds = most if its is None else max(1, min(most, its // CHECK_ITERATIONS_PER_WORLD))
    return SearchLimit(iterations=its, time_s=limit.time_s, worlds=worlds)


def _with_check(view: View, algo: str, result: SearchResult, seed: int,
                params: dict, threads: "int | str" = 1,
                time_left: float | None = None) -> SearchResult:
    """``result`` with the independent check search ``confidence`` needs before it says
    "clear": run only when the answer's own intervals say clear or likely (not when exact,
    forced or already close). Same objective and horizon; its own seed and world set.
    ``time_left``: under a time limit, the seconds the check may take (none run below
    ``CHECK_MIN_SECONDS``)."""
    if result.exact or algo not in CHECK_ALGO:
        return result
    if result.sampling_confidence()["label"] not in ("clear", "likely"):
        return result
    if time_left is not None and time_left < CHECK_MIN_SECONDS:
        return result
    other = CHECK_ALGO[algo]
    kw = {k: params[k] for k in ("objective", "horizon") if k in params and other != "solver"}
    if algo == "solver":
        kw = {"objective": "score", "horizon": "round"}   # the solver's unit: the round's gain
    kw = play_defaults(view.game, other, kw)
    check_seed = derive_seed(seed, "check")
    given = result.limit if isinstance(result.limit, SearchLimit) else DEFAULT_LIMITS[algo]
    lim = _check_limit(other, given)
    if time_left is not None:
        lim = replace(lim, time_s=time_left)
    res = recommend(view, other, lim, check_seed, check=False, threads=threads, **kw)
    conf = res.sampling_confidence()
    return replace(result, check={"algorithm": other, "seed": check_seed, "chosen": res.chosen,
                                  "text": res.best.text, "label": conf["label"],
                                  "z": conf["z"]})


def _solve_view(view: View, limit: SearchLimit, seed: int, evaluator: str = "solver",
                **params: Any) -> SearchResult:
    """The exact solver on the one world of a view that hides nothing of its round
    (:func:`view_hides_nothing`): exact where it finishes, as for a perfect-information game."""
    keep = {k: v for k, v in params.items()
            if k in ("solver", "node_budget", "evaluation", "rollouts", "tt_bits")}
    return solve_state(view.determinize(seed), replace(limit, worlds=1), seed, **keep)


def recommend(view: View, algo: str = AUTO, limit: "SearchLimit | str | None" = None,
              seed: int = 0, check: bool = True, threads: "int | str" = 1,
              **params: object) -> SearchResult:
    """Search ``view`` (its seat must be to act) and return a SearchResult: every legal move
    with its value, 95% interval, visits, share and robustness, the recommended move first.
    ``limit``: a SearchLimit or its text (default per algorithm, see DEFAULT_LIMITS).
    ``algo="auto"`` chooses per position (:func:`choose_algorithm`), searches with the bots'
    defaults (:func:`play_defaults`) and records the choice in ``result.auto``; ``params``
    must then suit the algorithm chosen.
    ``check`` (default on): where the answer is sampled and its intervals call it clear or
    likely, run an independent search of another kind (``CHECK_ALGO``, the same iterations)
    so that ``result.confidence()`` can account for bias; bots pass False. Under a time limit
    the two share it (``CHECK_TIME_SHARE``): the whole answer fits in ``limit.time_s``.
    ``threads=N``: a root-parallel search on N cores (solver/search/parallel.py; the check
    search too): ISMCTS pools N trees, PIMC splits its worlds (the same answer as one thread).
    ``threads="auto"`` (the command line's default): every usable core where that gives the
    one-thread answer, else one (:func:`threads_for`), for the search and its check alike."""
    if not isinstance(view, View):
        raise TypeError(f"recommend needs a View (state.view(seat)), got {type(view).__name__}")
    if isinstance(threads, str) and threads.strip().lower() == AUTO_THREADS:
        threads = AUTO_THREADS
    elif isinstance(threads, str):
        raise SearchParamError(f"threads must be an integer or {AUTO_THREADS!r}, got {threads!r}")
    else:
        try:
            threads = check_threads(threads)
        except ValueError as e:
            raise SearchParamError(str(e)) from None
    if algo == AUTO:
        return _recommend_auto(view, limit, seed, params, check, threads)
    _check_params(algo, params)
    limit = DEFAULT_LIMITS[algo] if limit is None else SearchLimit.parse(limit)
    if algo == "solver" and limit.worlds is None:
        limit = replace(limit, worlds=solver_worlds(view.game))
    used = threads_for(algo, threads, limit.worlds)
    fn, fixed = _entry(algo, used)
    main = limit
    if check and algo in CHECK_ALGO and limit.time_s is not None:
        main = replace(limit, time_s=limit.time_s * (1.0 - CHECK_TIME_SHARE))
    start = time.perf_counter()
    if (algo == "solver" and not perfect_information_for(view)
            and params.get("inference", "none") == "none" and view_hides_nothing(view)):
        # nothing hidden from the mover in this round: its one world, solved (tester 8)
        fn = _solve_view
    try:
        result = fn(view, main, seed, **fixed, **params)
    except TrickhoundError:
        raise
    except ValueError as e:     # a parameter value the search refuses (its check_* functions)
        raise SearchParamError(f"{algo}: {e}") from None
    if algo == "solver":
        result = replace(result, algorithm="solver")
    # the verdict names the game's unit (Mattis: a chance, not points; tester 8)
    result = replace(result, value_unit=getattr(view.game, "VALUE_UNIT", "points"),
                     limit=limit)             # the whole answer's limit, as the caller gave it
    if not check:
        return result
    left = (None if limit.time_s is None
            else limit.time_s - (time.perf_counter() - start))
    return _with_check(view, algo, result, seed, params, threads, left)


def _recommend_auto(view: View, limit: "SearchLimit | str | None", seed: int, params: dict,
                    check: bool, threads: "int | str" = 1) -> SearchResult:
    """``recommend(view, "auto", ...)``: the exact solver where it applies and finishes
    (``result.exact``), else the game's strongest search at its default limit (keeping a time
    limit the caller gave)."""
    algo, why = choose_algorithm(view)
    _check_params(algo, params)
    start = time.perf_counter()
    # an exact answer needs no check; a solver that does not finish here is replaced, below
    solo = algo == "solver" and view_hides_nothing(view)
    result = recommend(view, algo, limit, seed, check and not solo, threads,
                       **play_defaults(view.game, algo, params))
    if algo != "solver" or result.exact or not solo:
        return replace(result, auto=why)
    # A perfect-information position too large for max^n's node budget: search instead.
    fallback = STRONGEST_SEARCH.get(view.game.name, "ismcts")
    fallback = "ismcts" if fallback == "solver" else fallback
    given = SearchLimit.parse(limit) if limit is not None else None
    lim = DEFAULT_LIMITS[fallback]
    if given is not None and given.time_s:
        # what is left of the caller's time (the whole answer fits in it), at least a tenth
        left = given.time_s - (time.perf_counter() - start)
        lim = replace(lim, time_s=max(left, given.time_s / 10))
    result = recommend(view, fallback, lim, seed, check, threads,
                       **play_defaults(view.game, fallback))
    return replace(result, auto=f"{why} did not finish within its node budget: {fallback}")


def search_state(state: State, algo: str = "uct",
                 limit: SearchLimit | str | dict[str, Any] | None = None, seed: int = 0,
                 **params: Any) -> SearchResult:
    """Search a full (true) state as a perfect-information game: the oracle's search.
    ``algo`` "uct" (params c, objective, horizon, scale, max_nodes) or "solver" (params
    solver, node_budget, evaluation, rollouts, tt_bits)."""
    if not isinstance(state, State):
        raise TypeError(f"search_state needs a State, got {type(state).__name__}")
    if algo == "uct":
        return uct_search(state, DEFAULT_LIMITS["uct"] if limit is None else limit, seed, **params)
    if algo == "solver":
        return solve_state(state, limit, seed, **params)
    raise SearchParamError(f"unknown state search {algo!r}; choose uct or solver")


_SEPARATORS = re.compile(r"[,;\n]")
_MAX_WORDS = 4


def split_moves(moves_text: str | Iterable[object] | None) -> tuple[list[str], bool]:
    """(moves, exact): a sequence is taken as is; a string is split at commas, semicolons or
    newlines when it has any (``exact``), otherwise into whitespace-separated words that
    ``replay`` may join (a move's text can contain spaces, e.g. Dog Tag Trick's ``2B+3P RUN``).

    Spaces around a move, and around the whole text (a trailing newline), do not count. An
    empty move between separators, or before the first or after the last one (``PASS,,AS``,
    ``PASS,AS,``), is an InvalidActionError naming its number: dropping it would give every
    later move, and the error about one, the wrong number."""
    if moves_text is None:
        return [], True
    if not isinstance(moves_text, str):
        return [str(m) for m in moves_text], True
    text = moves_text.strip()
    if _SEPARATORS.search(text):
        moves = [m.strip() for m in _SEPARATORS.split(text)]
        for n, move in enumerate(moves, 1):
            if not move:
                where = ("the moves start with a separator" if n == 1 else
                         "the moves end with a separator" if n == len(moves) else
                         "two separators in a row")
                raise InvalidActionError(f"move {n} is empty ({where})")
        return moves, True
    return text.split(), False


def _legal(state: State, text: str) -> bool:
    try:
        a = state.parse_action(text)
    except InvalidActionError:
        return False
    return a in state.legal_actions()


def replay(game: Game | str, seed: int, moves_text: str | Iterable[object] | None) -> State:
    """The state after playing ``moves_text`` (the game's notation) from the deal of ``seed``.
    Moves are separated by commas, semicolons or newlines, or by whitespace: then each move is
    the longest run of up to four words naming a legal action (a single word otherwise).
    Errors name the move by its number (1-based) and text."""
    from solver.registry import load_game
    if isinstance(game, str):
        game = load_game(game)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidStateError(f"the deal seed must be an integer, got {seed!r}")
    state = game.new_initial_state(seed)
    words, exact = split_moves(moves_text)
    i = n = 0
    while i < len(words):
        k = 1
        if not exact:
            for j in range(min(_MAX_WORDS, len(words) - i), 1, -1):
                if _legal(state, " ".join(words[i:i + j])):
                    k = j
                    break
        tok = " ".join(words[i:i + k])
        i += k
        n += 1
        try:
            action = state.parse_action(tok)
        except InvalidActionError as e:
            raise InvalidActionError(f"move {n} ({tok!r}): {e}") from None
        try:
            state.apply_action(action)
        except IllegalActionError as e:
            raise IllegalActionError(f"move {n} ({tok!r}): {e}") from None
    return state


def view_from_moves(game: Game | str, seed: int, seat: int,
                    moves_text: str | Iterable[object] | None) -> View:
    """What seat ``seat`` knows after ``moves_text`` was played from the deal of ``seed``
    (``game`` a Game or a game string). Raises UnknownGameError / InvalidOptionError for the
    game, InvalidStateError for a bad seat or seed, InvalidActionError for text that names
    no action, IllegalActionError for a move the rules do not allow at that point."""
    from solver.registry import load_game
    if isinstance(game, str):
        game = load_game(game)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.num_players:
        raise InvalidStateError(f"seat {seat!r} out of range for {game.num_players} players "
                                f"(seats 0..{game.num_players - 1})")
    return replay(game, seed, moves_text).view(seat)
