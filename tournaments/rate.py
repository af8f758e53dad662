"""``trickhound rate my_bot.py:MyBot --game GAME``: a gauntlet on duplicate deals against the
established pool, played in batches until the candidate's TrueSkill sigma falls below a
threshold or a game cap is reached.

The pool: ``results/leaderboards/<game>.json`` if present (written by ``trickhound report
RUN --publish``); its bots keep their published ratings, fixed, so the candidate is placed on
the published scale. Without one, the pool is every registered built-in bot that plays the
game and is not an oracle, and every bot is rated from the gauntlet's games alone.

The run is an ordinary tournament directory (``tournament.json``, ``games.jsonl``): it can be
reported on, and the schedule for fewer deals is a prefix of the one for more.
"""
import json
import os
import time

from tournaments.config import ConfigError, build_config, label, resolve_spec
from tournaments.ratings import rate
from tournaments.report import leaderboard_path
from tournaments.runner import RunLog, load_records, run_tournament
from tournaments.schedule import schedule_for


def default_pool(game, exclude=()):
    from bots.registry import available_bots, bot_class
    out = []
    for name in available_bots():
        try:
            cls = bot_class(name)
        except Exception:
            continue
        if cls.cheats or getattr(cls, "interactive", False) or name in exclude:
            continue
        try:
            if not cls.supports(game):
                continue
        except Exception:
            continue
        out.append(name)
    return out


def published_pool(game_spec, directory):
    """(specs, {spec: (mu, sigma)}, rows) from a published leaderboard, or None."""
    path = leaderboard_path(game_spec, directory)
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            obj = json.load(f)
        rows = [r for r in obj["bots"] if not r.get("oracle")]
        fixed = {r["spec"]: (float(r["mu"]), float(r["sigma"])) for r in rows}
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ConfigError(f"malformed leaderboard {path}: {e}") from None
    return [r["spec"] for r in rows], fixed, rows


def _deals_for(cfg, num_players, max_games):
    """The fewest deals whose fixtures reach ``max_games`` games."""
    cfg.deals = max_games
    count = 0
    for f in schedule_for(cfg, num_players):
        count += 1
        if count >= max_games:
            return f.deal_index + 1
    return cfg.deals


def rate_bot(candidate, game, sigma=2.0, max_games=200, seed=1, workers=1, executor="process",
             out=None, pool=None, leaderboards="results/leaderboards", iterations=None,
             move_time=None, time_margin=None, batch_deals=None, echo=print, dask_processes=True):
    """Play the gauntlet; returns a dict with the candidate's rating, place and the board."""
    from solver.registry import load_game
    from tournaments.executors import make_executor
    g = load_game(game) if isinstance(game, str) else game
    cand_spec = candidate
    published = None
    if pool:
        pool_specs, fixed = list(pool), {}
    else:
        published = published_pool(g.spec(), leaderboards)
        if published:
            pool_specs, fixed, _ = published
        else:
            pool_specs, fixed = default_pool(g), {}
    if out is None:
        stem = label(candidate).replace("/", "_").replace(":", "-")
        out = os.path.join("results", f"rate-{stem}-{g.spec()}-{time.strftime('%Y%m%d-%H%M%S')}")
    raw = {"game": g.spec(), "format": "gauntlet", "candidates": [candidate],
           "bots": pool_specs, "deals": 1, "seed": seed, "workers": workers,
           "executor": executor, "iterations": iterations, "move_time": move_time,
           "time_margin": time_margin, "out": out}
    # The candidate may share a name with a pool bot: it is not rated against itself.
    cand_spec = resolve_spec(candidate, g, iterations, move_time)
    resolved = {b: resolve_spec(b, g, iterations, move_time) for b in pool_specs}
    fixed = {resolved[b]: v for b, v in fixed.items() if b in resolved}
    raw["bots"] = [b for b in pool_specs if resolved[b] != cand_spec]
    if not raw["bots"]:
        raise ConfigError(f"no pool to rate against for {g.spec()}: publish a leaderboard or give --pool")
    cfg = build_config({k: v for k, v in raw.items() if v is not None})
    cfg.deals = _deals_for(cfg, g.num_players, max_games)
    cand_spec = cfg.candidates[0]
    fixed = {sp: v for sp, v in fixed.items() if sp in cfg.bots}
    batch = batch_deals or max(2, 2 * cfg.workers)
    ctx = None
    if cfg.executor == "process":
        import multiprocessing
        from tournaments.executors import default_start_method
        ctx = multiprocessing.get_context(cfg.start_method or default_start_method())
    source = "published leaderboard" if published else ("given pool" if pool else "built-in bots")
    echo(f"rating {label(cand_spec)} on {cfg.game} against {', '.join(label(b) for b in cfg.bots)} "
         f"({source}); stop at sigma < {sigma} or {max_games} games; run in {cfg.out}")
    deals_done = 0
    first = True
    with RunLog(cfg.out, ctx) as runlog:
        ex = make_executor(cfg, log_queue=runlog.queue, dask_processes=dask_processes)
        with ex:
            while True:
                deals_done = min(cfg.deals, deals_done + batch)
                run_tournament(cfg, resume=not first, executor=ex, max_deals=deals_done,
                               progress=False)
                first = False
                records = load_records(cfg.out)
                ratings = rate(records, fixed=fixed, history=False)
                mu, sg = ratings.ratings.get(cand_spec, (float("nan"), float("nan")))
                n = ratings.games.get(cand_spec, 0)
                echo(f"  after {len(records)} games: {label(cand_spec)} mu {mu:.2f} sigma {sg:.2f}")
                if sg < sigma or deals_done >= cfg.deals or len(records) >= max_games:
                    break
    board = []
    for spec, (m, s) in ratings.ratings.items():
        if spec != cand_spec and spec not in cfg.bots:
            continue
        board.append({"spec": spec, "label": label(spec), "mu": m, "sigma": s,
                      "conservative": m - 3 * s, "games": ratings.games.get(spec, 0),
                      "candidate": spec == cand_spec})
    board.sort(key=lambda r: -r["conservative"])
    place = next(i for i, r in enumerate(board, 1) if r["candidate"])
    return {"candidate": cand_spec, "mu": mu, "sigma": sg, "conservative": mu - 3 * sg,
            "games": n, "place": place, "of": len(board), "board": board, "run_dir": cfg.out,
            "converged": sg < sigma, "source": source}


def format_result(res):
    lines = [f"{label(res['candidate'])}: mu {res['mu']:.2f}, sigma {res['sigma']:.2f}, "
             f"mu - 3·sigma {res['conservative']:.2f} over {res['games']} games"
             + ("" if res["converged"] else " (game cap reached before the sigma threshold)"),
             f"place {res['place']} of {res['of']} in the leaderboard ({res['source']}):"]
    for i, r in enumerate(res["board"], 1):
        mark = "  <-" if r["candidate"] else ""
        lines.append(f"  {i:2d}. {r['label']:32s} mu {r['mu']:6.2f}  sigma {r['sigma']:5.2f}  "
                     f"mu-3s {r['conservative']:6.2f}{mark}")
    lines.append(f"(games in {res['run_dir']}; `trickhound report {res['run_dir']}` for plots)")
    return "\n".join(lines)
