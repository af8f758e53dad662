"""What the web app's job processes run (see :mod:`tournaments.web.jobs`): plain functions of
plain data, ``fn(report, **kwargs)`` -> JSON-able data, so they pickle to a child process."""
from typing import Callable, Optional

from solver.registry import load_game
from tournaments import engine_adapter as engine

Report = Callable[[int, int], None]


def recommendation(report: Report, game: str, view: dict, algo: str, limit: str, seed: int,
                   params: Optional[dict] = None) -> dict:
    """Search the view JSON ``view`` of ``game`` with ``algo`` within ``limit`` (its text).
    The search reports nothing while it runs (it holds the GIL); the job page shows the time
    spent against the limit's time budget instead."""
    g = load_game(game)
    v = g.view_from_json(dict(view))
    lim = engine.SearchLimit.parse(limit)
    kw = engine.play_defaults(g, algo, params or {})
    res = engine.search_view(v, algo, lim, seed, **kw)
    out = res.to_json(timing=True)
    out["recommended"] = v.action_to_str(res.chosen)
    out["seat"] = v.player
    out["game"] = g.spec()
    out["table"] = res.table(v)
    return out


def review(report: Report, record: dict, node_budget: int, worlds: int) -> dict:
    """``tournaments.analyse`` of one recorded game (a games.jsonl object); progress per move."""
    from tournaments.analyse import review_record
    from tournaments.records import GameRecord
    rec = GameRecord.from_json(dict(record))
    return review_record(rec, node_budget=node_budget, worlds=worlds, progress=report).to_json()
