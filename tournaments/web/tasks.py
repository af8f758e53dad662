"""What the web app's job processes run (see :mod:`tournaments.web.jobs`): plain functions of
plain data, ``fn(report, **kwargs)`` -> JSON-able data, so they pickle to a child process."""
from dataclasses import replace
from typing import Callable, Optional

from solver.game import Game, View
from solver.registry import load_game
from tournaments import engine_adapter as engine

Report = Callable[[int, int], None]
# The searches the pages offer: ``auto`` first (the default, as on the command line: the exact
# solver where the position is perfect information for the mover, else the game's measured
# strongest search; solver/search/recommend.py choose_algorithm), then each search by name.
AUTO = "auto"
ALGORITHM_CHOICES = (AUTO,) + tuple(engine.ALGORITHMS)


def cli_limit(view: View, algo: str, given: Optional[engine.SearchLimit]) -> engine.SearchLimit:
    """The limit ``trickhound recommend`` searches ``view`` with for ``--algo algo`` and the
    limit options ``given`` (None: none given): the default of the search that runs (auto's
    choice for the position), its iterations kept unless only a time is given, and its worlds
    unless the worlds are given. Iteration-limited by default, so that an answer reproduces."""
    from solver.search import choose_algorithm
    chosen = choose_algorithm(view)[0] if algo == AUTO else algo
    default = engine.DEFAULT_LIMITS[chosen]
    if given is None:
        return default
    iterations = given.iterations
    if iterations is None and given.time_s is None:
        iterations = default.iterations
    return replace(given, iterations=iterations,
                   worlds=given.worlds if given.worlds is not None else default.worlds)


def recommendation(report: Report, game: str, view: dict, algo: str, limit: str, seed: int,
                   params: Optional[dict] = None, hint: bool = False) -> dict:
    """Search the view JSON ``view`` of ``game`` with ``algo`` (``auto`` or a search) within
    ``limit`` (its text; empty: the command line's default for the search that runs).
    ``hint``: the play page's Hint, which with ``auto`` and no limit is the terminal's hint
    (``bots.human.hint_result``: the same call, the same budget and seed).
    The search reports nothing while it runs (it holds the GIL); the job page shows the time
    spent against the limit's time budget instead."""
    g: Game = load_game(game)
    v = g.view_from_json(dict(view))
    if hint and algo == AUTO and not limit and not params:
        from bots.human import hint_result
        res = hint_result(v)
    else:
        given = engine.SearchLimit.parse(limit) if limit else None
        lim = cli_limit(v, algo, given)
        # auto completes the parameters of the search it chooses itself (play_defaults)
        kw = dict(params or {}) if algo == AUTO else engine.play_defaults(g, algo, params or {})
        res = engine.search_view(v, algo, lim, seed, **kw)
    out = res.to_json(timing=True)
    out["recommended"] = v.action_to_str(res.chosen)
    out["seat"] = v.player
    out["game"] = g.spec()
    out["table"] = res.table(v)
    # what the values are in, as the terminal's header says it (SearchResult.table)
    unit = getattr(g, "VALUE_UNIT", "points")
    out["value_text"] = res.value if unit == "points" else unit
    return out


def review(report: Report, record: dict, node_budget: int, worlds: int) -> dict:
    """``tournaments.analyse`` of one recorded game (a games.jsonl object); progress per move."""
    from tournaments.analyse import review_record
    from tournaments.records import GameRecord
    rec = GameRecord.from_json(dict(record))
    return review_record(rec, node_budget=node_budget, worlds=worlds, progress=report).to_json()
