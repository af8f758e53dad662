"""The ``trickhound`` command line (the outermost layer; DESIGN §1–2).

Every user error — a bad file, card, option, bot or move — ends as one line on stderr,
``trickhound: error: ...``, and exit code 2; never a traceback.
"""
import json
import os
import sys

import click

from solver.errors import TrickhoundError
from solver.registry import available_games, game_class, load_game


class UserError(click.ClickException):
    exit_code = 2

    def show(self, file=None):
        click.echo(f"trickhound: error: {self.format_message()}", err=True)


class TrickhoundGroup(click.Group):
    """Turns our errors and click's usage errors into one line and exit code 2."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            return super().main(args=args, prog_name=prog_name, complete_var=complete_var,
                                standalone_mode=False, **extra)
        except click.exceptions.Exit as e:
            sys.exit(e.exit_code)
        except click.Abort:
            click.echo("trickhound: aborted", err=True)
            sys.exit(1)
        except click.UsageError as e:
            msg = e.format_message()
            click.echo(f"trickhound: error: {msg} (see --help)", err=True)
            sys.exit(2)
        except click.ClickException as e:
            e.show()
            sys.exit(e.exit_code)
        except (TrickhoundError, ValueError, LookupError, OSError) as e:
            click.echo(f"trickhound: error: {_one_line(e)}", err=True)
            sys.exit(2)


def _one_line(e):
    text = str(e) or type(e).__name__
    return " ".join(text.split())


def _load_game(text):
    try:
        return load_game(text)
    except TrickhoundError as e:
        raise UserError(_one_line(e)) from None


def _read_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise UserError(f"cannot read {path}: {e.strerror}") from None
    except ValueError as e:
        raise UserError(f"malformed JSON in {path}: {e}") from None


@click.group(cls=TrickhoundGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="trickhound")
def main():
    """trickhound: search-based AI and bot tournaments for Mate, Mate (Vic Village), Dog Tag
    Trick and Mattis."""


@main.command()
def games():
    """List the games and their options (with defaults)."""
    for slug in available_games():
        cls = game_class(slug)
        click.echo(f"{slug}: {(cls.__doc__ or '').strip().splitlines()[0]}")
        for name, opt in cls.OPTIONS.items():
            choices = f" one of {', '.join(map(str, opt.choices))}" if opt.choices else ""
            doc = f"  [{opt.doc}]" if opt.doc else ""
            click.echo(f"    {name} = {opt.default}{choices}{doc}")


@main.command()
@click.argument("state_file", metavar="STATE.json")
@click.option("--game", "game_text", default=None,
              help="Game string (default: the file's \"game\" field, else mate).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def solve(state_file, game_text, as_json):
    """Solve a perfect-information position exactly: value, best moves, principal variation.

    The file holds a state JSON (the format of `state.to_json()`, documented in each game's
    notation module), optionally with a "game" field naming the game."""
    from solver.search._alphabeta import solve as ab_solve
    obj = _read_json(state_file)
    if not isinstance(obj, dict):
        raise UserError(f"{state_file}: a state JSON must be an object")
    game = _load_game(game_text or obj.pop("game", "mate"))
    obj.pop("game", None)
    state = game.state_from_json(obj)
    if game.num_players != 2:
        raise UserError(f"solve handles two-player games; {game.name} has {game.num_players} players")
    if not game.perfect_information:
        raise UserError(f"{game.spec()} has hidden information; use `trickhound recommend`")
    if state.is_terminal():
        raise UserError("the position is terminal; there is nothing to solve")
    res = ab_solve(state)
    me = res["player"]
    if as_json:
        click.echo(json.dumps({
            "player": me, "value": res["value"],
            "best": [state.action_to_str(a) for a in res["best"]],
            "actions": {state.action_to_str(a): v for a, v in res["actions"].items()},
            "pv": _pv_text(state, res["pv"]), "nodes": res["nodes"], "seconds": res["seconds"]}))
        return
    click.echo(state.render())
    click.echo("")
    click.echo(f"Value for seat {me} (to move), to the end of this game: {res['value'][me]:+g} "
               f"(seat {1 - me}: {res['value'][1 - me]:+g})")
    click.echo(f"Best: {' '.join(state.action_to_str(a) for a in res['best'])}")
    ranked = sorted(res["actions"].items(), key=lambda kv: -kv[1])
    click.echo("Moves: " + "  ".join(f"{state.action_to_str(a)} {v:+g}" for a, v in ranked))
    click.echo(f"Principal variation: {' '.join(_pv_text(state, res['pv']))}")
    click.echo(f"({res['nodes']:,} nodes, {1e3 * res['seconds']:.1f} ms)")


def _pv_text(state, pv):
    s = state.clone()
    out = []
    for a in pv:
        out.append(s.action_to_str(a))
        s.apply_action(a)
    return out


@main.command()
@click.argument("game_text", metavar="GAME")
@click.option("--bots", default="solver,random", show_default=True,
              help="Comma-separated bot specs, one per seat.")
@click.option("--seed", default=1, show_default=True, help="Master seed of the deals and bots.")
@click.option("--games", "n_games", default=1, show_default=True, help="How many games to play.")
@click.option("--quiet", is_flag=True, help="Only the final totals.")
def match(game_text, bots, seed, n_games, quiet):
    """Play seeded games between bots and print each game and the totals."""
    from bots.registry import check_supports
    from bots.spec import BotSpec
    from solver.rng import derive_seed
    from tournaments.referee import play_game
    game = _load_game(game_text)
    specs = [BotSpec.parse(b.strip()) for b in bots.split(",") if b.strip()]
    if len(specs) != game.num_players:
        raise UserError(f"{game.spec()} needs {game.num_players} bots, got {len(specs)}")
    for sp in specs:
        check_supports(sp, game)
    totals = [0.0] * game.num_players
    wins = [0] * game.num_players
    for g in range(n_games):
        deal = derive_seed(seed, "deal", g)
        seeds = [derive_seed(seed, "bot", g, i) for i in range(game.num_players)]
        rec = play_game(game, specs, deal, seeds, game_id=g, seating_specs=specs)
        if not quiet:
            label = "match" if game.name == "mate" else "game"
            click.echo(f"{label} {g + 1}: " + _record_line(game, rec))
        if rec.returns:
            totals = [t + r for t, r in zip(totals, rec.returns)]
        for i, r in enumerate(rec.ranks):
            wins[i] += r == 0
    click.echo("")
    click.echo("Totals over {} game(s):".format(n_games))
    for i, sp in enumerate(specs):
        click.echo(f"  seat {i} {str(sp):30s} return {totals[i]:+10.1f}   first places {wins[i]}")


def _record_line(game, rec):
    if rec.termination == "forfeit":
        f = rec.forfeit
        return f"seat {f['seat']} forfeits ({f['reason']}: {f['detail']})"
    state = game.new_initial_state(rec.deal_seed)
    detail = ""
    if game.name == "mate":
        for a in rec.actions:
            state.apply_action(a)
        res = state.to_json()["results"]
        detail = "; ".join(
            f"g{i + 1}: " + (f"seat {r['winner']} mates with {r['card']} on trick {r['trick']}, {r['points']}"
                             if r["winner"] is not None else "draw")
            for i, r in enumerate(res)) + " | "
    return f"{detail}returns {', '.join(f'{x:+g}' for x in rec.returns)}; ranks {rec.ranks}"


@main.command()
@click.argument("game_text", metavar="GAME")
@click.option("--seat", default=0, show_default=True, help="Your seat.")
@click.option("--vs", "vs", default="solver", show_default=True,
              help="Bot specs for the other seats in seat order, comma-separated (one spec "
                   "fills every other seat).")
@click.option("--seed", default=1, show_default=True, help="Seed of the deal and the bots.")
def play(game_text, seat, vs, seed):
    """Play a game at the terminal against bots. Type a move in the game's notation (e.g. AS,
    PASS), `hint` for the engine's value of every legal move, `moves`, or `quit`."""
    from bots.registry import check_supports
    from solver.rng import derive_seed
    from tournaments.referee import play_game
    game = _load_game(game_text)
    if not 0 <= seat < game.num_players:
        raise UserError(f"seat {seat} out of range for {game.num_players} players")
    others = [s.strip() for s in vs.split(",") if s.strip()]
    if len(others) == 1:
        others = others * (game.num_players - 1)
    if len(others) != game.num_players - 1:
        raise UserError(f"--vs needs {game.num_players - 1} bot(s), got {len(others)}")
    for sp in others:
        check_supports(sp, game)
    specs = others[:seat] + ["human"] + others[seat:]
    seeds = [derive_seed(seed, "bot", p) for p in range(game.num_players)]

    def show(state, who, action):
        if who != seat:
            click.echo(f"seat {who} ({specs[who]}) plays {state.action_to_str(action)}")

    rec = play_game(game, specs, seed, seeds, on_move=show, seating_specs=specs)
    click.echo("")
    if rec.termination == "forfeit" and rec.forfeit["seat"] == seat:
        click.echo("bye")
        return
    final = game.new_initial_state(seed)
    for a in rec.actions:
        final.apply_action(a)
    click.echo(final.render(seat))
    click.echo(f"Game over: returns {rec.returns}, ranks {rec.ranks} (you are seat {seat})")


@main.command("bots")
def bots_command():
    """List every bot, its parameters with defaults, and the games it plays."""
    from bots.registry import available_bots, bot_class
    for name in available_bots():
        cls = bot_class(name)
        games_ = ", ".join(cls.games) if cls.games else "all games"
        flag = "  [oracle: sees the full state]" if cls.cheats else ""
        doc = (cls.__doc__ or "").strip().splitlines()
        click.echo(f"{name}: {doc[0] if doc else ''}{flag}")
        click.echo(f"    games: {games_}")
        for p, (default, pdoc) in cls.PARAMS.items():
            click.echo(f"    {p} = {default!r}  {pdoc}")


@main.command()
@click.argument("position", metavar="[POSITION.json]", required=False)
@click.option("--game", "game_text", default=None,
              help="Game string; with --seed, --seat and --moves instead of a file (a file may "
                   "name its game in a \"game\" field).")
@click.option("--seed", default=0, show_default=True,
              help="Deal seed (with --game), and the search seed unless --search-seed is given.")
@click.option("--seat", type=int, default=None, help="The seat to advise (with --game).")
@click.option("--moves", default="", help="Moves so far in the game's notation, comma-separated.")
@click.option("--algo", type=click.Choice(["ismcts", "pimc", "solver"]), default="ismcts",
              show_default=True, help="The search.")
@click.option("--iterations", type=int, default=None, help="Search iterations (default per algorithm).")
@click.option("--time", "time_s", type=float, default=None, help="Seconds of search.")
@click.option("--worlds", type=int, default=None, help="Worlds sampled (pimc, solver).")
@click.option("--search-seed", type=int, default=None, help="Seed of the search (default: --seed).")
@click.option("--param", "params", multiple=True, metavar="KEY=VALUE",
              help="A search parameter, e.g. c=1.0 or observers=multi (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def recommend(position, game_text, seed, seat, moves, algo, iterations, time_s, worlds,
              search_seed, params, as_json):
    """Recommend a move: every legal move with its value, 95% interval, visit share and
    robustness across sampled worlds, the recommended move first, and how sure it is.

    The position is a view JSON file (what one seat knows: `view.to_json()`), or a game, a
    deal seed, a seat and the moves so far:

        trickhound recommend --game "mattis(players=5)" --seed 3 --seat 1 --moves "TD,BLIND"

    ISMCTS and PIMC search as the bots do: policy rollouts and, where the game's rounds add
    up, the points to the end of the round (--param horizon=game for the final score).
    """
    from solver.registry import _coerce
    from solver.search.limits import SearchLimit
    from solver.search.recommend import (DEFAULT_LIMITS, play_defaults, recommend as run_search,
                                         view_from_moves)
    if position:
        obj = _read_json(position)
        if not isinstance(obj, dict):
            raise UserError(f"{position}: a view JSON must be an object")
        game = _load_game(game_text or obj.pop("game", None) or _missing_game(position))
        obj.pop("game", None)
        view = game.view_from_json(obj)
    else:
        if not game_text or seat is None:
            raise UserError("give a POSITION.json, or --game with --seat (and --seed, --moves)")
        game = _load_game(game_text)
        view = view_from_moves(game, seed, seat, moves)
    if view.is_terminal():
        raise UserError("the game is over; there is no move to recommend")
    if view.current_player() != view.player:
        raise UserError(f"seat {view.current_player()} is to act, not seat {view.player}")
    default = DEFAULT_LIMITS[algo]
    limit = SearchLimit(
        iterations=iterations if iterations is not None else (None if time_s else default.iterations),
        time_s=time_s, worlds=worlds if worlds is not None else default.worlds)
    kw = {}
    for p in params:
        if "=" not in p:
            raise UserError(f"--param {p!r} is not KEY=VALUE")
        k, v = p.split("=", 1)
        v = _coerce(v)
        if isinstance(v, str):
            try:
                v = float(v)
            except ValueError:
                pass
        kw[k.strip()] = v
    kw = play_defaults(game, algo, kw)
    result = run_search(view, algo, limit, search_seed if search_seed is not None else seed, **kw)
    if as_json:
        out = result.to_json(timing=True)
        out["seat"] = view.player
        out["game"] = game.spec()
        out["recommended"] = view.action_to_str(result.chosen)
        click.echo(json.dumps(out))
        return
    click.echo(view.render())
    click.echo("")
    click.echo(result.table(view))


def _missing_game(path):
    raise UserError(f"{path} does not name its game: add a \"game\" field or --game")


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--seconds", default=1.0, show_default=True, help="Rough time per measurement.")
@click.option("--game", "games_", multiple=True, help="Only these games (repeatable).")
@click.option("--limits", type=click.Path(file_okay=False), default=None,
              help="A built copy of ../shared/limits: run the C reference programs too and print ratios.")
@click.option("--solve-deals", default=200, show_default=True, help="Mate deals for the solve timing.")
@click.option("--length-games", default=10000, show_default=True,
              help="Random games for the game-length distribution (Mattis).")
@click.option("--save", type=click.Path(file_okay=False), default=None,
              help="Also write the JSON report into this folder (e.g. results/bench).")
def bench(as_json, seconds, games_, limits, solve_deals, length_games, save):
    """Measure engine, determinization, solver and search speed."""
    from tournaments import bench as B
    for g in games_:
        if g not in available_games():
            raise UserError(f"unknown game {g!r}; available: {', '.join(available_games())}")
    _load_search_benches()
    report = B.run_bench(seconds=seconds, games=list(games_) or None, limits=limits,
                         solve_deals=solve_deals, length_games=length_games)
    if save:
        report["saved_to"] = B.save_report(report, save)
    click.echo(json.dumps(report, indent=2) if as_json else B.format_report(report))


def _load_search_benches():
    try:
        import solver.search.bench  # noqa: F401  (registers search measurements if present)
    except ImportError:
        pass


# ---------------------------------------------------------------------------------------------
# Tournaments (DESIGN §6): tournament, resume, report, rate.

class RunError(click.ClickException):
    """A run that could not go on (not a bad input): one line, exit code 1."""
    exit_code = 1

    def show(self, file=None):
        click.echo(f"trickhound: error: {self.format_message()}", err=True)


def _config_errors(fn, *args, **kwargs):
    from tournaments.config import ConfigError
    try:
        return fn(*args, **kwargs)
    except ConfigError as e:
        raise UserError(_one_line(e)) from None
    except RuntimeError as e:
        raise RunError(_one_line(e)) from None


def _print_leaderboard(run_dir, cfg, title=None):
    from tournaments.runner import load_records
    from tournaments.stats import leaderboard_text, summarize
    summary = summarize(load_records(run_dir), order=cfg.all_bots)
    click.echo(leaderboard_text(summary, title=title))
    return summary


@main.command()
@click.argument("config_file", metavar="[CONFIG.toml]", required=False)
@click.option("--game", default=None, help="Game string, e.g. mate or mate(first_dealer=0).")
@click.option("--bots", default=None, help="Comma-separated bot specs (the pool, for a gauntlet).")
@click.option("--candidates", default=None, help="Gauntlet: comma-separated candidate specs.")
@click.option("--format", "fmt", default=None, help="round-robin (default) or gauntlet.")
@click.option("--deals", type=int, default=None, help="Deals to play (default 10).")
@click.option("--duplicate/--no-duplicate", default=None,
              help="Replay each deal once per seat rotation (default) or play it once.")
@click.option("--seed", type=int, default=None, help="Master seed (default 1).")
@click.option("--workers", type=int, default=None, help="Worker processes (default 1).")
@click.option("--executor", default=None, help="process (default), serial or dask.")
@click.option("--scheduler", default=None, help="Dask scheduler address (none: a LocalCluster).")
@click.option("--start-method", default=None, help="forkserver (default where available) or spawn.")
@click.option("--iterations", type=int, default=None, help="Iterations for bots that take them.")
@click.option("--move-time", type=float, default=None,
              help="Seconds per move (bots with time_s get it; the referee enforces it plus the margin).")
@click.option("--time-margin", type=float, default=None,
              help="Seconds allowed over --move-time (default max(0.05, 20%)).")
@click.option("--out", default=None, help="Run directory (default results/run-<time>).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--report", "with_report", is_flag=True, help="Also write report.md, ratings.json and plots.")
def tournament(config_file, game, bots, candidates, fmt, deals, duplicate, seed, workers, executor,
               scheduler, start_method, iterations, move_time, time_margin, out, quiet, with_report):
    """Run a bot tournament from CONFIG.toml and/or flags, then print the leaderboard.

    Example: trickhound tournament --game mate --bots solver,random --deals 4 --seed 1
    --workers 2 --out results/demo"""
    from tournaments.config import load_config
    from tournaments.runner import run_tournament
    if config_file is None and game is None and bots is None:
        raise UserError("give a CONFIG.toml or at least --game and --bots")
    cfg = _config_errors(load_config, config_file, game=game, bots=bots, candidates=candidates,
                         format=fmt, deals=deals, duplicate=duplicate, seed=seed, workers=workers,
                         executor=executor, scheduler=scheduler, start_method=start_method,
                         iterations=iterations, move_time=move_time, time_margin=time_margin,
                         out=out)
    res = _config_errors(run_tournament, cfg, progress=not quiet)
    click.echo(f"{res.recorded} of {res.scheduled} games in {cfg.out} "
               f"({res.played} played now, {res.seconds:.1f}s)")
    click.echo("")
    summary = _print_leaderboard(cfg.out, cfg, title=f"Leaderboard: {cfg.game}")
    if with_report:
        from tournaments.report import write_report
        write_report(cfg.out, summary)
        click.echo(f"report: {os.path.join(cfg.out, 'report.md')}")


@main.command()
@click.argument("run_dir", metavar="RUN_DIR")
@click.option("--workers", type=int, default=None, help="Override the run's worker count.")
@click.option("--executor", default=None, help="Override the executor (process, serial, dask).")
@click.option("--scheduler", default=None, help="Dask scheduler address.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def resume(run_dir, workers, executor, scheduler, quiet):
    """Finish an interrupted tournament: play exactly the scheduled games not yet recorded."""
    from tournaments.config import EXECUTORS
    from tournaments.runner import config_from_run, run_tournament
    if executor is not None and executor not in EXECUTORS:
        raise UserError(f"executor must be one of {', '.join(EXECUTORS)}, got {executor!r}")
    if workers is not None and workers < 1:
        raise UserError(f"workers must be at least 1, got {workers}")
    if scheduler and executor is None:
        executor = "dask"
    cfg, _ = _config_errors(config_from_run, run_dir, workers=workers, executor=executor,
                            scheduler=scheduler)
    if cfg.scheduler and cfg.executor != "dask":
        cfg.scheduler = None
    res = _config_errors(run_tournament, cfg, resume=True, progress=not quiet)
    click.echo(f"{res.recorded} of {res.scheduled} games in {run_dir} ({res.played} played now)")
    click.echo("")
    _print_leaderboard(run_dir, cfg, title=f"Leaderboard: {cfg.game}")


@main.command()
@click.argument("run_dir", metavar="RUN_DIR")
@click.option("--publish", is_flag=True,
              help="Also publish the leaderboard as the rating pool of the game (for `rate`).")
@click.option("--leaderboards", default=os.path.join("results", "leaderboards"), show_default=True,
              help="Where published leaderboards live.")
def report(run_dir, publish, leaderboards):
    """Write report.md, ratings.json and PNG plots for a run and print its leaderboard."""
    from tournaments.report import publish as publish_board, write_report
    from tournaments.runner import config_from_run, load_records
    from tournaments.stats import leaderboard_text
    cfg, _ = _config_errors(config_from_run, run_dir)
    if not load_records(run_dir):
        raise UserError(f"{run_dir} has no recorded games yet")
    summary = write_report(run_dir)
    click.echo(leaderboard_text(summary, title=f"Leaderboard: {cfg.game}"))
    click.echo("")
    click.echo(f"wrote {os.path.join(run_dir, 'report.md')}, ratings.json, ratings.png, "
               f"head_to_head.png, scores.png")
    if publish:
        click.echo(f"published {publish_board(run_dir, summary, leaderboards)}")


@main.command()
@click.argument("candidate", metavar="BOT")
@click.option("--game", "game_text", required=True, help="Game string.")
@click.option("--sigma", type=float, default=2.0, show_default=True,
              help="Stop once the candidate's TrueSkill sigma is below this.")
@click.option("--max-games", type=int, default=200, show_default=True, help="Game cap.")
@click.option("--pool", default=None,
              help="Comma-separated pool specs (default: the published leaderboard, else the built-in bots).")
@click.option("--seed", type=int, default=1, show_default=True, help="Master seed.")
@click.option("--workers", type=int, default=1, show_default=True, help="Worker processes.")
@click.option("--executor", default="process", show_default=True, help="process, serial or dask.")
@click.option("--iterations", type=int, default=None, help="Iterations for bots that take them.")
@click.option("--move-time", type=float, default=None, help="Seconds per move (enforced with a margin).")
@click.option("--out", default=None, help="Run directory (default results/rate-<bot>-<game>-<time>).")
@click.option("--leaderboards", default=os.path.join("results", "leaderboards"), show_default=True,
              help="Where published leaderboards live.")
def rate(candidate, game_text, sigma, max_games, pool, seed, workers, executor, iterations,
         move_time, out, leaderboards):
    """Rate BOT against the established pool on duplicate deals; print its rating and place.

    BOT is a spec such as my_bot.py:MyBot. Games are played in batches until the bot's
    TrueSkill sigma is below --sigma or --max-games are reached."""
    from tournaments.config import split_specs
    from tournaments.rate import format_result, rate_bot
    if sigma <= 0:
        raise UserError(f"--sigma must be positive, got {sigma}")
    if max_games < 1:
        raise UserError(f"--max-games must be at least 1, got {max_games}")
    game = _load_game(game_text)
    res = _config_errors(rate_bot, candidate, game, sigma=sigma, max_games=max_games,
                         seed=seed, workers=workers, executor=executor, out=out,
                         pool=split_specs(pool) if pool else None, leaderboards=leaderboards,
                         iterations=iterations, move_time=move_time,
                         echo=lambda m: click.echo(m, err=True))
    click.echo(format_result(res))


@main.command()
@click.argument("game_text", metavar="GAME")
@click.option("--candidate", "candidates", multiple=True, required=True, metavar="BOT",
              help="The bot measured (repeatable: one margin each, sharing the baseline games).")
@click.option("--baseline", default="heuristic", show_default=True, metavar="BOT",
              help="The table (seat mode) or the reference the candidate meets (head-to-head).")
@click.option("--mode", type=click.Choice(["seat", "head-to-head", "budget"]), default="seat",
              show_default=True,
              help="seat: candidate at one seat vs the all-baseline game; head-to-head: vs the "
                   "roles swapped; budget: the candidate at --scale x its budget vs at 1x.")
@click.option("--scale", type=int, default=16, show_default=True,
              help="Budget mode: the multiple of the candidate's budget.")
@click.option("--deals", type=int, default=20, show_default=True, help="Duplicate deals.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of deals and bots.")
@click.option("--cpu-ms", type=float, default=None,
              help="Calibrate every search bot's iterations (or worlds) to this much process "
                   "CPU time per decision first; the games stay iteration-limited.")
@click.option("--calibration-positions", type=int, default=40, show_default=True,
              help="Positions from seeded play that --cpu-ms is measured on.")
@click.option("--workers", type=int, default=2, show_default=True,
              help="Worker processes (the result does not depend on it).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="Also write <name>.json and <name>.md into this folder (e.g. "
                   "results/strength).")
@click.option("--name", default=None, help="File name for --out (default: game and mode).")
@click.option("--quiet", is_flag=True, help="No progress on stderr.")
def evaluate(game_text, candidates, baseline, mode, scale, deals, seed, cpu_ms,
             calibration_positions, workers, as_json, out, name, quiet):
    """Measure strength: paired margins on duplicate deals, mean ± 95% CI over deals.

    Seat mode: each seat in turn holds the candidate with the baseline elsewhere; its return
    is compared with the all-baseline game on the same deal and bot seeds. With --cpu-ms the
    search bots are first calibrated to equal CPU time per decision and the command that
    replays the result without calibration is printed.

        trickhound evaluate "dog-tag-trick(players=4)" --candidate ismcts --candidate pimc
        --deals 30 --cpu-ms 5 --out results/strength"""
    import datetime
    import platform
    import re
    import shlex
    import time as _time

    from bots.spec import BotSpecError
    from tournaments import evaluate as E
    if deals < 1:
        raise UserError(f"--deals must be at least 1, got {deals}")
    if cpu_ms is not None and not 0 < cpu_ms < float("inf"):
        raise UserError(f"--cpu-ms must be a positive number of milliseconds, got {cpu_ms:g}")
    if workers < 1:
        raise UserError(f"--workers must be at least 1, got {workers}")
    if calibration_positions < 1:
        raise UserError(f"--calibration-positions must be at least 1, got {calibration_positions}")
    game = _load_game(game_text)
    say = (lambda m: None) if quiet else (lambda m: click.echo(f"evaluate: {m}", err=True))
    shown = {"t": 0.0}

    def progress(done, total):
        now = _time.monotonic()
        if done == total or now - shown["t"] >= 5:
            shown["t"] = now
            say(f"{done}/{total} games")

    def calibrated(c):
        say(f"calibrated {c.spec} -> {c.calibrated} ({c.cpu_ms:.2f} ms CPU per decision)")

    try:
        ev = E.evaluate(game.spec(), mode, list(candidates), baseline, deals=deals, seed=seed,
                        scale=scale if mode == "budget" else None, cpu_ms=cpu_ms,
                        calibration_positions_count=calibration_positions, workers=workers,
                        progress=progress, on_calibrated=calibrated)
    except (TrickhoundError, BotSpecError) as e:
        raise UserError(_one_line(e)) from None
    except E.EvaluationRunError as e:
        raise RunError(_one_line(e)) from None

    def command(cands, base, with_cpu):
        words = ["trickhound", "evaluate", game.spec(), "--mode", mode]
        for c in cands:
            words += ["--candidate", c]
        if mode != "budget":
            words += ["--baseline", base]
        else:
            words += ["--scale", str(scale)]
        words += ["--deals", str(deals), "--seed", str(seed)]
        if with_cpu and cpu_ms is not None:
            words += ["--cpu-ms", f"{cpu_ms:g}", "--calibration-positions",
                      str(calibration_positions)]
        return shlex.join(words)

    meta = {"command": command(candidates, baseline, True),
            "reproduce": command(ev.candidates, ev.baseline, False),
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "machine": f"{platform.machine()} {platform.system()}, {os.cpu_count()} CPUs, "
                       f"Python {platform.python_version()}",
            "workers": workers}
    if as_json:
        click.echo(json.dumps({**ev.to_json(), **meta}, indent=2))
    else:
        click.echo(E.format_text(ev))
        click.echo(f"reproduce: {meta['reproduce']}")
    if out:
        stem = name or re.sub(r"[^A-Za-z0-9]+", "-", f"{game.spec()}-{mode}").strip("-")
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, stem + ".json"), "w", encoding="utf-8") as f:
            json.dump({**ev.to_json(), **meta}, f, indent=2)
            f.write("\n")
        with open(os.path.join(out, stem + ".md"), "w", encoding="utf-8") as f:
            f.write(E.format_markdown(ev, meta))
        say(f"wrote {os.path.join(out, stem)}.json and .md")


if __name__ == "__main__":
    main()
