"""The ``trickhound`` command line (the outermost layer; docs/architecture.md §1–2).

Errors by cause:

* a user error — a bad file, card, option, bot, move or number: the project's own error
  classes (:class:`solver.errors.TrickhoundError` and its subclasses, click's usage errors)
  — is one line on stderr, ``trickhound: error: ...``, and exit code 2;
* a bare ``trickhound`` is not an error: it prints the help, as ``--help`` does (exit 0);
* a run that cannot go on (workers that die at start-up) is one line and exit code 1;
* Ctrl-C or SIGTERM stops the command: tournaments print the exact resume command; exit 130
  (Ctrl-C) or 143 (SIGTERM);
* anything else is a bug in trickhound: its traceback, a line saying so, exit code 1.
"""
import contextlib
import functools
import json
import logging
import os
import signal
import sys
import threading
import traceback
from collections.abc import Iterator, Sequence
from typing import IO, Any, Callable, NoReturn, Optional, TypeVar

import click

from bots.base import MAX_ITERATIONS, MAX_SECONDS, MAX_WORLDS
from solver.errors import TrickhoundError
from solver.registry import available_games, game_class, load_game

#: Exit codes besides 0: a user error; a bug (or a run that cannot go on); Ctrl-C; SIGTERM;
#: the reader of the output went away (`trickhound bots | head -1`: as a command killed by
#: SIGPIPE, 128 + 13).
EXIT_USAGE, EXIT_BUG, EXIT_INTERRUPT, EXIT_TERM, EXIT_PIPE = 2, 1, 130, 143, 141
T = TypeVar("T")


class UserError(click.ClickException):
    exit_code = 2

    def show(self, file: Optional[IO[Any]] = None) -> None:
        click.echo(f"trickhound: error: {self.format_message()}", err=True)


#: What click (8.2 on) raises for a command run without arguments that shows its help then
#: (a bare ``trickhound``): a UsageError carrying the whole help. Older clicks print the help
#: themselves and exit 0; for them this matches nothing.
_NO_ARGS_IS_HELP: tuple[type[click.UsageError], ...] = tuple(
    c for c in [getattr(click.exceptions, "NoArgsIsHelpError", None)] if c is not None)


class TrickhoundGroup(click.Group):
    """Turns our errors and click's usage errors into one line and exit code 2 (a bare
    ``trickhound`` prints its help instead)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            # the output's reader closed it (``| head``): nothing more can be said, and it is
            # no bug (click would exit 1, our code for one); stdout to /dev/null so that the
            # interpreter's last flush does not fail again
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except (OSError, ValueError):      # (a stdout without a file descriptor)
                pass
            sys.exit(EXIT_PIPE)

    def main(self, args: Optional[Sequence[str]] = None, prog_name: Optional[str] = None,
             complete_var: Optional[str] = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        try:
            return super().main(args=args, prog_name=prog_name, complete_var=complete_var,
                                standalone_mode=False, **extra)
        except click.exceptions.Exit as e:
            sys.exit(e.exit_code)
        except click.Abort as e:
            # click turns Ctrl-C (and SIGTERM's Terminated) into Abort: say what it was, with
            # the exit code of a command that handles it itself
            cause = e.__cause__ or e.__context__
            if isinstance(cause, Terminated):
                click.echo("trickhound: terminated", err=True)
                sys.exit(EXIT_TERM)
            if isinstance(cause, KeyboardInterrupt):
                click.echo("trickhound: interrupted", err=True)
                sys.exit(EXIT_INTERRUPT)
            click.echo("trickhound: aborted", err=True)
            sys.exit(1)
        except _NO_ARGS_IS_HELP as e:
            # a bare ``trickhound`` asks for the help, not a mistake: shown as --help shows it
            # (stdout, exit 0), as click before 8.2 did, not as a one-line usage error
            click.echo(e.format_message())      # the message is the command's help
            sys.exit(0)
        except click.UsageError as e:
            msg = e.format_message()
            click.echo(f"trickhound: error: {msg} (see --help)", err=True)
            sys.exit(2)
        except click.ClickException as e:
            e.show()
            sys.exit(e.exit_code)
        except TrickhoundError as e:
            click.echo(f"trickhound: error: {_one_line(e)}", err=True)
            sys.exit(EXIT_USAGE)
        except Terminated:
            click.echo("trickhound: terminated", err=True)
            sys.exit(EXIT_TERM)
        except KeyboardInterrupt:
            click.echo("trickhound: interrupted", err=True)
            sys.exit(EXIT_INTERRUPT)
        except Exception:  # not a user error: show it as the bug it is
            traceback.print_exc()
            click.echo("trickhound: internal error: this is a bug in trickhound, not in your "
                       "input; please report it with the traceback above", err=True)
            sys.exit(EXIT_BUG)


class Terminated(KeyboardInterrupt):
    """SIGTERM, turned into an exception so that a run shuts down like on Ctrl-C: workers
    stopped, files closed, the lock released (and no leaked-semaphore warning)."""


def _raise_terminated(signum: int, frame: object) -> NoReturn:
    from tournaments.referee import mark_user_interrupt
    mark_user_interrupt()
    raise Terminated()


def _clean_shutdown() -> "contextlib.AbstractContextManager[None]":
    """Ctrl-C (marked as the user's, see referee.user_interrupts) and SIGTERM stop the command
    by exceptions, so every ``finally`` runs."""
    from tournaments.referee import user_interrupts

    @contextlib.contextmanager
    def both() -> Iterator[None]:
        old = signal.signal(signal.SIGTERM, _raise_terminated)
        try:
            with user_interrupts():
                yield
        finally:
            signal.signal(signal.SIGTERM, old)
    return both()


def _stoppable(command: Callable[..., None]) -> Callable[..., None]:
    """A command run inside ``_clean_shutdown``: SIGTERM ends it with ``trickhound:
    terminated`` and exit 143, as Ctrl-C does with 130 (tester 9: ``bench`` died of the
    signal without a word)."""
    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> None:
        with _clean_shutdown():
            command(*args, **kwargs)
    return run


def _interruptible(work: Callable[[], T]) -> T:
    """``work()`` in a helper thread while the main thread waits, so that Ctrl-C (or SIGTERM)
    stops a search at once: a search's loop runs in C without the GIL and would only see the
    signal when it returns, minutes later for a long search. On a signal the command prints
    one line and exits (130, or 143 for SIGTERM) without waiting for the search, which holds
    no file or lock."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = work()
        except BaseException as e:          # re-raised in the main thread, as if called there
            box["error"] = e

    thread = threading.Thread(target=run, name="trickhound-search", daemon=True)
    old = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        thread.start()
        while thread.is_alive():
            thread.join(0.05)
    except KeyboardInterrupt as e:
        terminated = isinstance(e, Terminated)
        click.echo(f"trickhound: {'terminated' if terminated else 'interrupted'}", err=True)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(EXIT_TERM if terminated else EXIT_INTERRUPT)   # the search cannot be stopped
    finally:
        signal.signal(signal.SIGTERM, old)
    if "error" in box:
        raise box["error"]
    return box["value"]


def _interrupted(run_dir: str, e: KeyboardInterrupt) -> NoReturn:
    """One line after a stopped tournament: what was kept and the exact command to go on."""
    import shlex

    from tournaments.records import scan_records
    from tournaments.runner import games_path, read_meta
    try:
        total = read_meta(run_dir).get("games", "?")
    except TrickhoundError:
        total = "?"
    kept = len({r.game_id for r in scan_records(games_path(run_dir),
                                                 total if isinstance(total, int) else None)[0]})
    what = "terminated" if isinstance(e, Terminated) else "interrupted"
    click.echo(f"trickhound: {what}: {kept} of {total} games recorded in {run_dir}; resume with: "
               f"trickhound resume {shlex.quote(run_dir)}", err=True)
    sys.exit(EXIT_TERM if isinstance(e, Terminated) else EXIT_INTERRUPT)


class Bounded(click.ParamType):
    """A finite number within inclusive bounds (``low_open``: the low end excluded), with a
    message that says what is wanted: ``must be at least 1, got 0``."""

    def __init__(self, kind: type[float], low: Optional[float] = None,
                 high: Optional[float] = None, low_open: bool = False,
                 name: Optional[str] = None) -> None:
        self.kind, self.low, self.high, self.low_open = kind, low, high, low_open
        self.name = name or ("integer" if kind is int else "seconds")

    def want(self) -> str:
        """The range in words (whole numbers without a decimal point: "at most 3,600")."""
        def num(x: Optional[float]) -> str:
            return f"{int(x):,}" if x is not None and float(x).is_integer() else f"{x:,}"
        low = f"more than {num(self.low)}" if self.low_open else f"at least {num(self.low)}"
        if self.low is not None and self.high is not None:
            if self.low_open:
                return f"{low} and at most {num(self.high)}"
            return f"between {num(self.low)} and {num(self.high)}"
        return low if self.low is not None else f"at most {num(self.high)}"

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, self.kind) and not isinstance(value, bool):
            v = value
        else:
            try:
                v = self.kind(str(value).strip())
            except ValueError:
                what = "an integer" if self.kind is int else "a number"
                self.fail(f"must be {what}, got {value!r}", param, ctx)
        if v != v or v in (float("inf"), float("-inf")):
            self.fail(f"must be a finite number, got {value!r}", param, ctx)
        too_low = self.low is not None and (v <= self.low if self.low_open else v < self.low)
        if too_low or (self.high is not None and v > self.high):
            self.fail(f"must be {self.want()}, got {value}", param, ctx)
        return v


def Seconds(low: float = 0.0, high: Optional[float] = None, min_open: bool = False) -> Bounded:
    """A bounded, finite float option (seconds or another real quantity)."""
    return Bounded(float, low, high, low_open=min_open)


def Count(low: int = 1, high: Optional[int] = None) -> Bounded:
    """A bounded integer option."""
    return Bounded(int, low, high)


#: Option types: every numeric option of every command is range-checked by click, so a bad
#: number is a usage error (one line, exit 2) before anything runs.
COUNT = Count(1)
SEED = Count(0, 2 ** 64 - 1)      # seeds are 64-bit: a larger one would wrap to a smaller seed
#: solver.search.parallel.MAX_THREADS (tests/test_newcomer_findings_12.py keeps them equal:
#: importing the search package here would slow every command's start)
THREADS = Count(1, 256)


class ThreadsOrAuto(click.ParamType):
    """``--threads``: a count (THREADS) or ``auto`` (solver.search.parallel.AUTO_THREADS:
    every core where the answer is the one-thread answer, else one)."""

    name = "integer|auto"

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, str) and value.strip().lower() == "auto":
            return "auto"
        try:
            int(str(value).strip())
        except ValueError:
            self.fail(f"must be an integer or 'auto', got {value!r}", param, ctx)
        return THREADS.convert(value, param, ctx)


THREADS_OR_AUTO = ThreadsOrAuto()
ITERATIONS = Count(1, MAX_ITERATIONS)
WORLDS = Count(1, MAX_WORLDS)
POSITIVE_SECONDS = Seconds(0.0, MAX_SECONDS, min_open=True)
SECONDS = Seconds(0.0, MAX_SECONDS)


def _one_line(e: BaseException) -> str:
    text = str(e) or type(e).__name__
    return " ".join(text.split())


def _load_game(text: str) -> Any:
    try:
        return load_game(text)
    except TrickhoundError as e:
        raise UserError(_one_line(e)) from None


def _read_json(path: str) -> Any:
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise UserError(f"cannot read {path}: {e.strerror}") from None
    except ValueError as e:
        raise UserError(f"malformed JSON in {path}: {e}") from None


@click.group(cls=TrickhoundGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="trickhound")
def main() -> None:
    """trickhound: search-based AI and bot tournaments for Mate, Mate (Vic Village), Dog Tag
    Trick and Mattis."""


def _summary_line(cls: type) -> str:
    """The first line of a class's docstring, past the signature line Cython's
    ``embedsignature`` puts first (``MateGame(dict options)``)."""
    lines = [ln.strip() for ln in (cls.__doc__ or "").strip().splitlines() if ln.strip()]
    if lines and lines[0].startswith(cls.__name__ + "("):
        lines = lines[1:]
    return lines[0] if lines else ""


@main.command()
def games() -> None:
    """List the games and their options (with defaults)."""
    for slug in available_games():
        cls = game_class(slug)
        summary = _summary_line(cls)
        if "rules:" not in summary:
            # every game's rules, in the project's words, are docs/rules/<slug>.md
            summary = f"{summary.rstrip('.')} (rules: docs/rules/{slug}.md)"
        click.echo(f"{slug}: {summary}")
        for name, opt in cls.OPTIONS.items():
            choices = f" one of {', '.join(map(str, opt.choices))}" if opt.choices else ""
            doc = f"  [{opt.doc}]" if opt.doc else ""
            click.echo(f"    {name} = {opt.default}{choices}{doc}")


@main.command()
@click.argument("state_file", metavar="STATE.json")
@click.option("--game", "game_text", default=None,
              help="Game string (default: the file's \"game\" field, else mate).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def solve(state_file: str, game_text: Optional[str], as_json: bool) -> None:
    """Solve a position exactly: value, best moves, principal variation.

    The file holds a state JSON (the format of `state.to_json()`, documented in each game's
    notation module), optionally with a "game" field naming the game. A full state is solved
    with every card face up (in a variant that hides cards, e.g. Mate's forced card, that is
    the clairvoyant value, and the output says so); a seat's view only where it hides
    nothing."""
    from solver.search import alphabeta
    obj = _read_json(state_file)
    if not isinstance(obj, dict):
        raise UserError(f"{state_file}: a state JSON must be an object")
    game = _load_game(game_text or obj.pop("game", "mate"))
    obj.pop("game", None)
    if game.num_players != 2:
        raise UserError(f"solve handles two-player games; {game.name} has "
                        f"{game.num_players} players")
    if not game.perfect_information and "seat" in obj:
        raise UserError(f"{game.spec()} hides information from a seat, and {state_file} is "
                        f"that seat's view: use `trickhound recommend {state_file}`")
    if "seat" in obj:
        # a view (view.to_json(): what one seat knows): solvable when it hides nothing
        from solver.search import perfect_information_for
        view = game.view_from_json(obj)
        if not perfect_information_for(view):
            raise UserError(f"{state_file} is a view that hides cards from seat {view.player}; "
                            f"solve needs a full state (state.to_json()); for a view use "
                            f"`trickhound recommend {state_file}`")
        state = view.determinize(0)          # the one world: nothing is hidden
    else:
        state = game.state_from_json(obj)
    if state.is_terminal():
        raise UserError("the position is terminal; there is nothing to solve")
    res = alphabeta(state)
    me = res.player
    seat_values = res.seat_values
    assert seat_values is not None      # alpha-beta reports every seat's value along its line
    best_v = res.best.mean
    best = sorted(a.action for a in res.actions if a.mean == best_v)
    if as_json:
        click.echo(json.dumps({
            "player": me, "value": list(seat_values),
            "best": [state.action_to_str(a) for a in best],
            "actions": {state.action_to_str(a): v for a, v in sorted(res.values().items())},
            "pv": _pv_text(state, list(res.pv)), "nodes": res.nodes, "seconds": res.seconds}))
        return
    click.echo(state.render())
    click.echo("")
    click.echo(f"Value for seat {me} (to move), to the end of this game: "
               f"{seat_values[me]:+g} (seat {1 - me}: {seat_values[1 - me]:+g})")
    click.echo(f"Best: {' '.join(state.action_to_str(a) for a in best)}")
    exact_values = {a: v for a, v in res.values().items() if v is not None}
    assert len(exact_values) == len(res.actions)  # alpha-beta values every legal move
    ranked = sorted(exact_values.items(), key=lambda kv: -kv[1])
    click.echo("Moves: " + "  ".join(f"{state.action_to_str(a)} {v:+g}" for a, v in ranked))
    click.echo(f"Principal variation: {' '.join(_pv_text(state, list(res.pv)))}")
    click.echo(f"({res.nodes:,} nodes, {1e3 * res.seconds:.1f} ms)")
    if not game.perfect_information:
        click.echo(f"(the value with every card face up: in {game.spec()} a seat does not see "
                   f"them all, so a player's best move may differ; `trickhound recommend` "
                   f"searches what a seat sees)")


def _given_pool(pool: Optional[str]) -> Optional[list[str]]:
    """``rate --pool``'s bots, None when not given; a given but empty pool is refused (it
    would otherwise fall back to the default pool without a word)."""
    from tournaments.config import split_specs
    if pool is None:
        return None
    specs = split_specs(pool)
    if not specs:
        raise UserError("--pool names no bot; give bot specs, e.g. --pool heuristic,pimc, "
                        "or leave it out for the default pool")
    return specs


def _pv_text(state: Any, pv: list[int]) -> list[str]:
    s = state.clone()
    out = []
    for a in pv:
        out.append(s.action_to_str(a))
        s.apply_action(a)
    return out


@main.command()
@click.argument("game_text", metavar="GAME")
@click.option("--bots", default="solver,random", show_default=True,
              help="Comma-separated bot specs, one per seat (one spec fills every seat, as "
                   "play's --vs).")
@click.option("--seed", default=1, show_default=True, type=SEED,
              help="Master seed of the deals and bots.")
@click.option("--games", "n_games", default=1, show_default=True, type=Count(1, 100000),
              help="How many games to play; in Mate, how many matches (each of four games).")
@click.option("--move-limit", default=None, type=SECONDS,
              help="Seconds a move may take before it is a `timeout` forfeit (default 60; 0: no "
                   "limit).")
@click.option("--quiet", is_flag=True, help="Only the final totals.")
def match(game_text: str, bots: str, seed: int, n_games: int, move_limit: Optional[float],
          quiet: bool) -> None:
    """Play seeded games between bots and print each game and the totals. In Mate each is a
    match: four games, two deals each played from both sides (docs/rules/mate.md §3), won by
    the higher total.

    The games are played in a worker process, so a bot that hangs is stopped (a `timeout`
    forfeit) and one that crashes its process is a `crash` forfeit; its prints go nowhere."""
    from bots.registry import spec_cheats
    from solver.rng import derive_seed
    from tournaments.config import DEFAULT_MOVE_LIMIT, ConfigError, resolve_spec, split_specs
    from tournaments.executors import ProcessPoolExecutor
    from tournaments.records import scored_returns
    from tournaments.schedule import Fixture
    from tournaments.stats import ORACLE_MARK, ORACLE_NOTE
    from tournaments.worker import Job
    game = _load_game(game_text)
    texts = split_specs(bots)
    if len(texts) == 1:
        texts = texts * game.num_players
    if len(texts) != game.num_players:
        raise UserError(f"{game.spec()} needs {game.num_players} bots (or one for every "
                        f"seat), got {len(texts)}")
    try:
        specs = [resolve_spec(t, game) for t in texts]
    except ConfigError as e:
        raise UserError(_one_line(e)) from None
    limit = DEFAULT_MOVE_LIMIT if move_limit is None else (move_limit or None)
    # The pool's own log lines (a stopped worker, a retry) would interleave with the games;
    # each game's line already says how it ended.
    logging.getLogger("trickhound").addHandler(logging.NullHandler())
    totals = [0.0] * game.num_players
    wins = [0] * game.num_players
    # games that could not be played out leave the other seats unscored: no return, no place
    unscored = [0] * game.num_players
    mate = game.name == "mate"
    drawn = 0                  # Mate: drawn matches (equal totals, docs/rules/mate.md §8)
    mate_games = 0             # Mate: games played to their end, over every match
    jobs = (Job(game.spec(), Fixture(g, derive_seed(seed, "deal", g), tuple(specs),
                                     tuple(derive_seed(seed, "bot", g, i)
                                           for i in range(game.num_players)), g, 0), limit)
            for g in range(n_games))
    with _clean_shutdown(), ProcessPoolExecutor(1, move_time_limit=limit) as pool:
        records = pool.run(jobs)
        for g, rec in enumerate(records):
            _match_line(game, g, rec, quiet)
            scored = scored_returns(rec)      # a forfeit: the game's worst for its forfeiter
            seat_scored = ([r is not None for r in scored] if scored
                           else [False] * game.num_players)
            if scored:
                totals = [t + (r or 0.0) for t, r in zip(totals, scored)]
            ranks = rec.ranks or []
            shared = ranks.count(0) > 1
            for i, r in enumerate(ranks):
                wins[i] += r == 0 and not (mate and shared) and seat_scored[i]
            for i in range(game.num_players):
                unscored[i] += not seat_scored[i]
            if mate:
                drawn += shared
                mate_games += _mate_games_played(game, rec)
    click.echo("")
    if mate:
        click.echo(f"Totals over {_plural(n_games, 'match', 'matches')} "
                   f"({_plural(mate_games, 'game', 'games')}), {drawn} drawn:")
    else:
        click.echo(f"Totals over {n_games} game(s):")
    cheats = [spec_cheats(sp) for sp in specs]
    names = [_short(sp) + (ORACLE_MARK if cheats[i] else "") for i, sp in enumerate(specs)]
    width = max(30, *(len(n) for n in names))       # a long spec widens the column
    for i, name in enumerate(names):
        click.echo(f"  seat {i} {name:{width}s} return {totals[i]:+10.1f}   "
                   + (f"matches won {wins[i]}" if mate else f"first places {wins[i]}")
                   + (f"   (unscored in {_plural(unscored[i], 'game', 'games')}: not played "
                      "out)" if unscored[i] else ""))
    if any(cheats):
        click.echo(ORACLE_NOTE)


def _plural(n: int, one: str, many: str) -> str:
    """``1 match``, ``2 matches``."""
    return f"{n} {one if n == 1 else many}"


def _mate_games_played(game: Any, rec: Any) -> int:
    """The games of a Mate match record played to their end (docs/rules/mate.md §3: four;
    a forfeiter's seat is played out by the referee's substitute, so fewer only when a
    record stops short, as a failed game's does)."""
    state = game.new_initial_state(rec.deal_seed)
    for a in rec.actions:
        state.apply_action(a)
    return len(state.to_json()["results"])


def _short(spec: str) -> str:
    from tournaments.config import label
    return label(spec)


def _match_line(game: Any, g: int, rec: Any, quiet: bool) -> None:
    """One game of ``match`` (unless quiet)."""
    if quiet:
        return
    label = "match" if game.name == "mate" else "game"
    click.echo(f"{label} {g + 1}: " + _record_line(game, rec))


def _record_line(game: Any, rec: Any) -> str:
    from tournaments.records import seat_forfeits
    if rec.termination == "forfeit":
        # every seat that forfeited, in order (tester 23: a second forfeit went unnamed)
        return "; ".join(f"seat {f['seat']} forfeits ({f['reason']}: {f['detail']})"
                         for f in seat_forfeits(rec.forfeit) or [rec.forfeit])
    state = game.new_initial_state(rec.deal_seed)
    detail = ""
    if game.name == "mate":
        for a in rec.actions:
            state.apply_action(a)
        res = state.to_json()["results"]
        detail = "; ".join(
            f"g{i + 1}: " + (f"seat {r['winner']} mates with {r['card']} on trick {r['trick']}, "
                             f"{r['points']}" if r["winner"] is not None else "draw")
            for i, r in enumerate(res)) + " | "
    return f"{detail}returns {', '.join(f'{x:+g}' for x in rec.returns)}; ranks {rec.ranks}"


@main.command()
@click.argument("game_text", metavar="GAME")
@click.option("--seat", default=0, show_default=True, help="Your seat.")
@click.option("--vs", "vs", default="solver", show_default=True,
              help="Bot specs for the other seats in seat order, comma-separated (one spec "
                   "fills every other seat).")
@click.option("--seed", default=1, show_default=True, type=SEED,
              help="Seed of the deal and the bots.")
def play(game_text: str, seat: int, vs: str, seed: int) -> None:
    """Play a game at the terminal against bots. Type a move in the game's notation (e.g. AS,
    PASS), `hint` for the engine's value of every legal move, `moves`, or `quit`."""
    from bots.registry import check_supports
    from solver.observation import move_text_for
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

    # the position before each move, to tell the human only what the human's seat sees of it
    # (a card played face down is "a hidden move": solver/observation.py)
    before = game.new_initial_state(seed)

    def show(state: Any, who: int, action: int) -> None:
        if who != seat:
            click.echo(f"seat {who} ({specs[who]}) plays {move_text_for(before, action, seat)}")
        before.apply_action(action)

    def forfeited(who: int, reason: str, detail: str, plays_on: bool) -> None:
        if who == seat:
            return
        if not plays_on:
            # a person at the terminal who quit (``--vs human``), or tampering: no play-out
            click.echo(f"seat {who} ({specs[who]}) forfeits ({reason}: {detail}); the game "
                       f"ends here")
            return
        click.echo(f"seat {who} ({specs[who]}) forfeits ({reason}: {detail}); the "
                   f"heuristic plays its seat from here")
        specs[who] = f"heuristic for {specs[who]}"

    with _clean_shutdown():          # Ctrl-C / SIGTERM stop the command, not a forfeit of yours
        rec = play_game(game, list(specs), seed, seeds, on_move=show, seating_specs=specs,
                        on_forfeit=forfeited)
    click.echo("")
    from tournaments.records import forfeiting_seats
    if any(s == seat for s, _ in forfeiting_seats(rec.forfeit)):
        click.echo("bye")
        return
    final = game.new_initial_state(seed)
    for a in rec.actions:
        final.apply_action(a)
    click.echo(final.render(seat))
    from tournaments.records import scored_returns
    scored = scored_returns(rec) if rec.forfeit else rec.returns
    click.echo(f"Game over: returns {scored}, ranks {rec.ranks} (you are seat {seat})"
               + ("; a forfeit scores the game's worst return" if rec.forfeit else ""))


@main.command("bots")
def bots_command() -> None:
    """List every bot, its parameters with defaults, and the games it plays."""
    from bots.registry import available_bots, bot_class
    for name in available_bots():
        cls = bot_class(name)
        games_ = ", ".join(cls.games) if cls.games else "all games"
        flag = "  [oracle: sees the full state]" if cls.cheats else ""
        # the docstring's first paragraph, on one line
        summary = " ".join((cls.__doc__ or "").strip().split("\n\n")[0].split())
        click.echo(f"{name}: {summary}{flag}")
        click.echo(f"    games: {games_}")
        for p, (default, pdoc) in cls.PARAMS.items():
            click.echo(f"    {p} = {default!r}  {pdoc}")


#: ``recommend --inference policy``'s candidate worlds (mcmc: its chain's burn-in steps) unless
#: --particles says.
DEFAULT_PARTICLES = 64

@main.command()
@click.argument("position", metavar="[POSITION.json]", required=False)
@click.option("--game", "game_text", default=None,
              help="Game string; with --seed, --seat and --moves instead of a file (a file may "
                   "name its game in a \"game\" field).")
@click.option("--seed", default=0, show_default=True, type=SEED,
              help="Deal seed (with --game), and the search seed unless --search-seed is given.")
@click.option("--seat", type=Count(0), default=None,
              help="With --game: the seat to act, as a check (any other seat is an error: "
                   "only the mover has a move to advise); default: the seat to act.")
@click.option("--moves", default="", help="Moves so far in the game's notation, comma-separated.")
@click.option("--algo", type=click.Choice(["auto", "ismcts", "pimc", "solver"]), default="auto",
              show_default=True,
              help="The search; auto: the exact solver where the position is perfect "
                   "information for the mover, else the search measured strongest for the game.")
@click.option("--iterations", type=ITERATIONS, default=None,
              help=f"Search iterations (default per algorithm; at most {MAX_ITERATIONS:,}).")
@click.option("--time", "time_s", type=POSITIVE_SECONDS, default=None,
              help="Seconds for the whole answer, with --iterations too: the search gets 75% "
                   "and the independent check search behind \"how sure\" (run when the answer "
                   "looks clear or likely) what is left (ismcts and pimc search until their "
                   "share runs out, the solver only stops sooner: its size is --worlds and "
                   "--param node_budget). Not reproducible, as time is not.")
@click.option("--worlds", type=WORLDS, default=None,
              help=f"Worlds sampled (pimc, solver; an error with ismcts, ignored where auto "
                   f"chooses it; at most {MAX_WORLDS:,}).")
@click.option("--search-seed", type=SEED, default=None,
              help="Seed of the search (default: --seed).")
@click.option("--param", "params", multiple=True, metavar="KEY=VALUE",
              help="A search parameter, e.g. c=1.0 or observers=multi (repeatable).")
@click.option("--inference", type=click.Choice(["none", "policy", "mcmc"]), default="none",
              show_default=True,
              help="Worlds (ismcts, pimc, solver): uniform, weighted by the opponent model "
                   "(policy; prints their effective sample size), or drawn by a Markov chain "
                   "that follows the opponent model (mcmc, Dog Tag Trick and Vic Village; "
                   "prints its acceptance rate; elsewhere policy). A --time limit gives them at "
                   "most half of it.")
@click.option("--particles", type=WORLDS, default=None,
              help=f"Candidate worlds weighed with --inference policy, or the chain's steps "
                   f"of burn-in with mcmc, a world kept every --particles/8 steps after them "
                   f"(default {DEFAULT_PARTICLES}; an error with --inference none).")
@click.option("--threads", type=THREADS_OR_AUTO, default="auto", show_default=True,
              help="Search on this many cores at once (root-parallel: ISMCTS pools that many "
                   "trees, PIMC and the solver split their worlds, with the same moves and "
                   "values; with exact alpha-beta worlds the node count varies from run to "
                   "run; the independent ISMCTS check behind \"how sure\" pools the trees too, "
                   "so its verdict may differ from one core's). auto: every core for PIMC and "
                   "the solver (at most one thread a world), whose answer is then one core's, "
                   "only sooner; one core for ISMCTS and for the check, whose pooled trees "
                   "would answer differently.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def recommend(position: Optional[str], game_text: Optional[str], seed: int, seat: Optional[int],
              moves: str, algo: str, iterations: Optional[int], time_s: Optional[float],
              worlds: Optional[int], search_seed: Optional[int], params: tuple[str, ...],
              inference: str, particles: Optional[int], threads: "int | str",
              as_json: bool) -> None:
    """Recommend a move: every legal move with its value, 95% interval, visit share and
    robustness across sampled worlds, the recommended move first, and how sure it is.

    The position is a view JSON file (what one seat knows: `view.to_json()`), a full state
    file (`state.to_json()`, as `solve` reads; the seat to act is advised unless --seat), or a
    game, a deal seed, a seat and the moves so far:

    \b
      trickhound recommend --game "mattis(players=5)" --seed 3 --seat 0 --moves 8S

    ISMCTS and PIMC search as the bots do: the game's measured rollouts (policy; heuristic in
    Dog Tag Trick with 5 players; --param rollout=... to choose), exploration and
    widening, the measured opponents (heuristic for ISMCTS and PIMC in Dog Tag Trick and for
    ISMCTS in 3-player Vic Village: the other seats play as the heuristic bot would inside
    the tree; --param opponents=search to search their moves) and,
    where the game's rounds add up, the points to the end of the round (--param
    horizon=game for the final score).
    """
    from solver.search import (
        DEFAULT_LIMITS,
        SearchLimit,
        choose_algorithm,
        play_defaults,
        view_from_moves,
        view_hides_nothing,
    )
    from solver.search import recommend as run_search
    if position:
        if moves:
            raise UserError("--moves goes with --game, not with a POSITION.json (the file holds "
                            "the moves so far)")
        obj = _read_json(position)
        if not isinstance(obj, dict):
            raise UserError(f"{position}: a view JSON must be an object")
        if seat is not None and "seat" in obj:
            raise UserError(f"--seat goes with --game or a full state file; {position} is a "
                            f"view of seat {obj['seat']} (it holds its seat)")
        named = obj.pop("game", None)
        game = _load_game(game_text or named or _missing_game(position))
        if game_text and named and _load_game(named).spec() != game.spec():
            kind = "view" if "seat" in obj else "state"     # tester 23: a state is no view
            raise UserError(f"{position} is a {kind} of {named}, not of {game_text} (drop "
                            f"--game: the file names its game)")
        if "seat" in obj:
            view = game.view_from_json(obj)
        else:               # a full state (state.to_json(), what `solve` reads): the mover's
            state = game.state_from_json(obj)             # view, or --seat's
            view = state.view(seat if seat is not None else max(state.current_player(), 0))
    else:
        if not game_text:
            raise UserError("give a POSITION.json, or --game (with --seed, --moves, --seat)")
        game = _load_game(game_text)
        if seat is None:        # the seat to act, as for a state file (tester 6)
            from solver.search.recommend import replay
            state = replay(game, seed, moves)
            view = state.view(max(state.current_player(), 0))
        else:
            view = view_from_moves(game, seed, seat, moves)
    if view.is_terminal():
        raise UserError("the game is over; there is no move to recommend")
    if view.current_player() != view.player:
        raise UserError(f"seat {view.current_player()} is to act, not seat {view.player}")
    chosen = choose_algorithm(view)[0] if algo == "auto" else algo
    if algo == "solver" and iterations is not None:
        raise UserError("--iterations does not apply to --algo solver (it solves each sampled "
                        "world within a node budget); use --worlds and --param node_budget=N "
                        "(--time only caps it)")
    # options that do not apply are refused as --iterations is above (tester 8: --worlds with
    # ismcts and --particles without --inference policy changed nothing, silently); where auto
    # chose the search, a note says what it ignored
    if algo == "ismcts" and worlds is not None:
        raise UserError("--worlds does not apply to --algo ismcts (it draws a world every "
                        "iteration); it applies to --algo pimc and solver")
    if particles is not None and inference == "none":
        raise UserError("--particles applies only with --inference policy or mcmc (the "
                        "candidate worlds it weighs, the chain's steps of burn-in)")
    # a view that hides nothing has no worlds to infer (tester 24: no note said so)
    no_inference = ([opt for opt, given in (("--inference", inference != "none"),
                                            ("--particles", particles is not None)) if given]
                    if view_hides_nothing(view) else [])
    particles = DEFAULT_PARTICLES if particles is None else particles
    # the exact solver of a view that hides nothing solves its one world: no worlds to sample
    one_world = chosen == "solver" and view_hides_nothing(view)
    ignored = [opt for opt, given, takes in (("--iterations", iterations, chosen != "solver"),
                                             ("--worlds", worlds,
                                              chosen != "ismcts" and not one_world))
               if algo == "auto" and given is not None and not takes]
    default = DEFAULT_LIMITS[chosen]
    limit = SearchLimit(
        iterations=(iterations if iterations is not None
                    else (None if time_s else default.iterations)),
        time_s=time_s, worlds=(worlds if worlds is not None and chosen != "ismcts"
                               else default.worlds))
    if algo == "auto":
        kw, ignored_params = _search_params_auto(chosen, params)
        ignored += [f"--param {k}" for k in ignored_params]
    else:
        kw = _search_params(chosen, params)
    try:
        kw = play_defaults(game, chosen, kw)
    except ValueError as e:                 # a value auto cannot resolve (opponents=foo)
        raise UserError(f"--param: {e}") from None
    if inference != "none":
        kw.update(inference=inference, particles=particles)
    result = _interruptible(lambda: run_search(
        view, algo, limit, search_seed if search_seed is not None else seed, threads=threads,
        **kw))
    if as_json:
        out = result.to_json(timing=True)
        out["seat"] = view.player
        out["game"] = game.spec()
        out["recommended"] = view.action_to_str(result.chosen)
        # what auto's choice ignored, as the text output's notes say (tester 19)
        out["ignored"] = ignored + no_inference
        click.echo(json.dumps(out))
        return
    click.echo(view.render())
    click.echo("")
    for opt in ignored:
        what = "the exact solver" if chosen == "solver" else chosen
        takes = f"parameter {opt[len('--param '):]!r}" if opt.startswith("--param ") else opt
        click.echo(f"note: auto chose {what}, which takes no {takes} (ignored)")
    if no_inference:
        click.echo(f"note: seat {view.player} sees every card here, so there is nothing to "
                   f"infer: {' and '.join(no_inference)} ignored")
    from solver.search.parallel import usable_cores
    cores = usable_cores()
    if isinstance(threads, int) and threads > cores:
        click.echo(f"note: {threads} threads on {cores} core(s): the extra threads take turns")
    click.echo(result.table(view))
    if algo in ("ismcts", "pimc") and view_hides_nothing(view):
        click.echo(f"note: seat {view.player} sees everything here: `--algo auto` (the default) "
                   f"solves it exactly, where {algo}'s sampled values can mislead")
    # (tester 7: "20 world(s)" above and "64 weighted worlds" here read as a contradiction)
    searched = (f"the {result.worlds} world(s) searched were drawn from "
                if result.algorithm != "ismcts" else "the worlds searched were drawn from ")
    if result.params.get("ess") is not None:
        click.echo(f"inference: {searched}{particles} candidates weighted by the opponent "
                   f"model (effective sample size {result.params['ess']:.1f})")
    if result.params.get("acceptance") is not None:
        click.echo(f"inference: {searched}a Markov chain over the hidden cards that follows "
                   f"the opponent model ({particles} steps of burn-in, "
                   f"{100 * result.params['acceptance']:.0f}% of its exchanges accepted)")
        if result.params.get("uniform_worlds"):
            click.echo(f"  the chain reached half the --time limit first: "
                       f"{result.params['uniform_worlds']} of its worlds are uniform ones")


def _search_params(algo: str, params: "tuple[str, ...]") -> dict:
    """``--param KEY=VALUE`` options as keywords of the search, each checked against the type
    of the parameter's default (a number where a number is due, naming the parameter)."""
    from solver.registry import _coerce
    from solver.search import algorithm_params
    defaults = algorithm_params(algo)
    kw = {}
    for p in params:
        if "=" not in p:
            raise UserError(f"--param {p!r} is not KEY=VALUE")
        k, text = (x.strip() for x in p.split("=", 1))
        if k not in defaults:
            raise UserError(f"--param {k}: {algo} takes no parameter {k!r}; parameters: "
                            f"{', '.join(sorted(defaults))}")
        if sum(1 for q in params if q.split("=", 1)[0].strip() == k) > 1:
            # (the last one silently won: tester 13)
            raise UserError(f"--param {k} is given more than once")
        v = _coerce(text)
        default = defaults[k]
        if isinstance(default, (int, float)) and not isinstance(default, bool):
            try:
                v = type(default)(float(text)) if isinstance(default, float) else int(text)
            except ValueError:
                kind = "a number" if isinstance(default, float) else "an integer"
                raise UserError(f"--param {k}={text}: {k} must be {kind}") from None
            if v == -1 and k in GAME_DEFAULT_PARAMS:
                continue          # -1: the game's measured value, as the bots' defaults say
            if v != v or v in (float("inf"), float("-inf")) or v < 0:
                raise UserError(f"--param {k}={text}: {k} must be a finite number >= 0"
                                + (" (or -1: the game's measured value)"
                                   if k in GAME_DEFAULT_PARAMS else ""))
        elif isinstance(v, str):
            try:
                v = float(v)
            except ValueError:
                pass
        if k == "evaluation":
            # checked here: a search that never reaches a frontier (Mate's exact alpha-beta)
            # would take any word without a sound (tester 6)
            from solver.search._maxn import EVALUATIONS
            if v not in EVALUATIONS:
                raise UserError(f"--param evaluation={text}: evaluation must be one of "
                                f"{', '.join(EVALUATIONS)}")
        kw[k] = v
    return kw


#: Search parameters whose -1 means the game's measured value, as in the bots' printed
#: defaults (recommend fills it in per game: solver.search.recommend.play_defaults; widen too,
#: which recommend refused although the bots print -1 as its default: tester 8); not
#: endgame and cutoff: recommend keeps them off unless given (its confidence labels are
#: measured so).
GAME_DEFAULT_PARAMS = ("c", "widen")


def _search_params_auto(chosen: str,
                        params: "tuple[str, ...]") -> "tuple[dict[str, Any], list[str]]":
    """``--param`` options with ``--algo auto``: each checked as a parameter of any search
    (an error names it otherwise), and those of the search auto chose for the position kept.
    Returns the keywords and the parameters the chosen search does not take, which are
    ignored with a note, as ``--iterations`` and ``--worlds`` are (tester 19: ``--param
    rollout=heuristic`` in Mate, where auto chose the exact solver, was an error)."""
    from solver.search import ALGORITHMS, algorithm_params
    names = set().union(*(algorithm_params(a) for a in ALGORITHMS))
    keys = [p.split("=", 1)[0].strip() for p in params]
    for p, k in zip(params, keys):
        if "=" not in p or k not in names:
            _search_params(chosen, (p,))            # not KEY=VALUE, or no search's parameter
    for a in ALGORITHMS:                            # each value checked by a search taking it
        _search_params(a, tuple(p for p, k in zip(params, keys) if k in algorithm_params(a)))
    taken = algorithm_params(chosen)
    mine = tuple(p for p, k in zip(params, keys) if k in taken)
    ignored = list(dict.fromkeys(k for k in keys if k not in taken))
    for p, k in zip(params, keys):
        # a word the chosen search never reads is still checked (tester 20: opponents=foo in
        # Mate, where auto chose the exact solver, passed as "ignored")
        words = _word_params().get(k) if k in ignored else None
        if words is not None and p.split("=", 1)[1].strip() not in words:
            raise UserError(f"--param {p.strip()}: {k} must be one of {', '.join(words)}")
    return _search_params(chosen, mine), ignored


@functools.cache
def _word_params() -> "dict[str, tuple[str, ...]]":
    """The searches' parameters that take a word, with the words each takes as ``recommend
    --param`` does (auto where play_defaults resolves it); built on first use, as the CLI
    imports the searches only when a command needs them."""
    from solver.inference.weighted import INFERENCE_MODES
    from solver.search._ismcts import OBSERVERS
    from solver.search._mcts import FUTURES
    from solver.search._pimc import EVALUATORS, SOLVERS
    from solver.search.params import (
        CHANCES,
        HORIZONS,
        OBJECTIVES,
        OPPONENT_CHOICES,
        ROLLOUT_CHOICES,
    )
    return {"rollout": ROLLOUT_CHOICES, "opponents": OPPONENT_CHOICES,
            "horizon": ("auto",) + HORIZONS,
            "objective": OBJECTIVES, "observers": OBSERVERS, "chance": CHANCES,
            "future": FUTURES, "evaluator": EVALUATORS, "inference": INFERENCE_MODES,
            "solver": SOLVERS}


def _missing_game(path: str) -> NoReturn:
    raise UserError(f"{path} does not name its game: add a \"game\" field or --game")


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--seconds", default=1.0, show_default=True,
              type=Seconds(0.0, 600.0, min_open=True),
              help="Rough time per measurement (a bound on each, except the tournament "
                   "rows: a 1-worker run there takes at least 2 s, so that a run's fixed "
                   "costs stay about 1% of it).")
@click.option("--game", "games_", multiple=True,
              help="Only these games, by name (repeatable): each runs its bench "
                   "configurations (mate includes Mate with the forced card hidden).")
@click.option("--limits", type=click.Path(exists=True, file_okay=False), default=None,
              help="A built copy of the C yardstick (the hand-written C programs that play "
                   "and solve these games, outside this repository; build them with their "
                   "`make`, which builds build/native and build/o2): run them too and print "
                   "our CPU-time ratios to them.")
@click.option("--o2", is_flag=True,
              help="With --limits: also compare with the C programs' plain -O2 build.")
@click.option("--solve-deals", default=200, show_default=True, type=Count(1, 100000),
              help="Mate deals for the solve timing.")
@click.option("--length-games", default=10000, show_default=True,
              type=Count(1, 10_000_000),
              help="Random games for the game-length distribution (Mattis).")
@click.option("--save", type=click.Path(file_okay=False), default=None,
              help="Also write the JSON report into this folder (e.g. results/bench).")
@click.option("--only", type=click.Choice(["engines", "threads", "tournaments"]), default=None,
              help="engines: only the random-playout rows (and their --limits ratios); "
                   "threads: only the 2-threads-vs-1 rows; tournaments: only the cheap "
                   "tournaments' rows (1 and 2 workers).")
@_stoppable
def bench(as_json: bool, seconds: float, games_: tuple[str, ...], limits: Optional[str],
          o2: bool, solve_deals: int, length_games: int, save: Optional[str],
          only: Optional[str]) -> None:
    """Measure engine, determinization, solver and search speed."""
    from tournaments import bench as B
    if o2 and not limits:
        raise UserError("--o2 compares with the C programs' -O2 build: it needs --limits DIR")
    for g in games_:
        if g not in available_games():
            name = g.split("(")[0].strip()
            hint = (f" (bench --game takes a game's name: {name!r} runs its bench "
                    "configurations)" if "(" in g and name in available_games() else "")
            raise UserError(f"unknown game {g!r}{hint}; available: "
                            f"{', '.join(available_games())}")
    if save:
        # refused before minutes of measuring, not after them (tester 10: a traceback at the end)
        from tournaments.config import check_writable
        _config_errors(check_writable, save)
    report = B.run_bench(seconds=seconds, games=list(games_) or None, limits=limits,
                         solve_deals=solve_deals, length_games=length_games, o2=o2,
                         engines_only=only == "engines", only=only)
    if save:
        report["saved_to"] = _writing(B.save_report, report, save)
    click.echo(json.dumps(report, indent=2) if as_json else B.format_report(report))


# ---------------------------------------------------------------------------------------------
# Tournaments (docs/architecture.md §6): tournament, resume, report, rate.

class RunError(click.ClickException):
    """A run that could not go on (not a bad input): one line, exit code 1."""
    exit_code = 1

    def show(self, file: Optional[IO[Any]] = None) -> None:
        click.echo(f"trickhound: error: {self.format_message()}", err=True)


def _config_errors(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    from tournaments.config import ConfigError
    try:
        return fn(*args, **kwargs)
    except ConfigError as e:
        raise UserError(_one_line(e)) from None
    except RuntimeError as e:
        raise RunError(_one_line(e)) from None


def _progress_echo(quiet: bool) -> Callable[[str], None]:
    """Where an --until-separated run's word after each batch goes: stderr on a terminal, as
    the progress line; nowhere with --quiet or when stderr is piped or logged (README: then
    only the result is printed; tester 11)."""
    if quiet or not sys.stderr.isatty():
        return lambda message: None
    return lambda message: click.echo(message, err=True)


def _writing(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run ``fn``, turning a file that cannot be written (a full disk, a read-only folder: the
    user's to fix) into a one-line user error."""
    try:
        return fn(*args, **kwargs)
    except OSError as e:
        where = f" {e.filename}" if e.filename else ""
        raise UserError(f"cannot write{where}: {e.strerror or e}") from None


def _print_leaderboard(run_dir: str, cfg: Any, title: Optional[str] = None) -> Any:
    from tournaments.report import run_summary
    summary = run_summary(run_dir, cfg)
    _echo_board(summary, run_dir, title)
    return summary


def _echo_board(summary: Any, run_dir: str, title: Optional[str]) -> None:
    """A run's leaderboard, and its sanity table's below it when it has one."""
    from tournaments.stats import leaderboard_text
    click.echo(leaderboard_text(summary, title=title))
    if summary.sanity is not None:
        click.echo("")
        click.echo(leaderboard_text(summary.sanity, title=f"Sanity table ({run_dir}/sanity): "
                                    f"the weak bots against the pool, apart from the board"))


@main.command()
@click.argument("config_file", metavar="[CONFIG.toml]", required=False)
@click.option("--game", default=None, help="Game string, e.g. mate or mate(first_dealer=0).")
@click.option("--bots", default=None, help="Comma-separated bot specs (the pool, for a gauntlet).")
@click.option("--candidates", default=None, help="Gauntlet: comma-separated candidate specs.")
@click.option("--format", "fmt", default=None, help="round-robin (default) or gauntlet.")
@click.option("--deals", type=COUNT, default=None, help="Deals to play (default 10).")
@click.option("--duplicate/--no-duplicate", default=None,
              help="Replay each deal once per seat rotation (default) or play it once.")
@click.option("--seed", type=SEED, default=None, help="Master seed (default 1).")
@click.option("--workers", type=COUNT, default=None,
              help="Worker processes (default 1; never more than the games to play, nor more "
                   "than 4 per CPU).")
@click.option("--executor", default=None, help="process (default), serial or dask.")
@click.option("--scheduler", default=None, help="Dask scheduler address (none: a LocalCluster).")
@click.option("--start-method", default=None, help="forkserver (default where available) or spawn.")
@click.option("--iterations", type=ITERATIONS, default=None,
              help="Iterations for bots that take them.")
@click.option("--move-time", type=POSITIVE_SECONDS, default=None,
              help="Seconds per move (bots with time_s get it; the referee enforces it plus "
                   "the margin). A search bot still stops at its iteration cap (ismcts: 2000) "
                   "if that comes first: add --iterations 10000000 to let the time decide.")
@click.option("--time-margin", type=SECONDS, default=None,
              help="Seconds allowed over --move-time (default max(0.05, 20%)).")
@click.option("--move-limit", type=SECONDS, default=None,
              help="Without --move-time: seconds a move may take before it is a `timeout` "
                   "forfeit (default 60; 0: no limit).")
@click.option("--worker-memory", type=Count(256), default=None, metavar="MIB",
              help="Address-space limit per worker process in MiB (a bot that runs out "
                   "forfeits with reason `memory`). Under it, no search keeps memory for a "
                   "later one (big ISMCTS searches otherwise cache their arrays, up to 512 MiB "
                   "a process).")
@click.option("--out", default=None, help="Run directory (default results/run-<time>).")
@click.option("--quiet", is_flag=True, help="No progress line.")
@click.option("--report", "with_report", is_flag=True,
              help="Also write report.md, ratings.json and plots.")
@click.option("--until-separated", is_flag=True,
              help="Play batches of duplicate deals until every adjacent pair of the leaderboard "
                   "is separated (95% CI of the paired difference excludes 0) or --max-deals.")
@click.option("--max-deals", type=COUNT, default=None,
              help="Deal cap of --until-separated (default: --deals / the config's deals; "
                   "not with --deals).")
def tournament(config_file: Optional[str], game: Optional[str], bots: Optional[str],
               candidates: Optional[str], fmt: Optional[str], deals: Optional[int],
               duplicate: Optional[bool], seed: Optional[int], workers: Optional[int],
               executor: Optional[str], scheduler: Optional[str], start_method: Optional[str],
               iterations: Optional[int], move_time: Optional[float],
               time_margin: Optional[float], move_limit: Optional[float],
               worker_memory: Optional[int], out: Optional[str], quiet: bool, with_report: bool,
               until_separated: bool, max_deals: Optional[int]) -> None:
    """Run a bot tournament from CONFIG.toml and/or flags, then print the leaderboard.

    A progress line (games, forfeits, rate, ETA) is drawn on stderr when it is a terminal.
    Ctrl-C or SIGTERM stops the run and prints the command that resumes it.

    \b
    Example:
      trickhound tournament --game mate --bots solver,random --deals 2 --out demo
    """
    from tournaments.config import load_config
    from tournaments.runner import run_tournament
    if config_file is None and game is None and bots is None:
        raise UserError("give a CONFIG.toml or at least --game and --bots")
    # the flags' own checks before load_config, which makes the run folder (tester 13: a
    # refused combination left an empty one behind)
    if max_deals is not None and not until_separated:
        raise UserError("--max-deals goes with --until-separated")
    if until_separated and max_deals is not None and deals is not None:
        # both would be its cap, and --deals was silently unused (tester 8)
        raise UserError("--until-separated takes its deal cap from --max-deals (or, without "
                        "it, from --deals): give one of them")
    if max_deals is not None:
        from tournaments.adaptive import check_max_deals
        _config_errors(check_max_deals, max_deals)
    cfg = _config_errors(load_config, config_file, game=game, bots=bots, candidates=candidates,
                         format=fmt, deals=deals, duplicate=duplicate, seed=seed, workers=workers,
                         executor=executor, scheduler=scheduler, start_method=start_method,
                         iterations=iterations, move_time=move_time, time_margin=time_margin,
                         move_limit=move_limit, worker_memory=worker_memory, out=out)
    try:
        with _clean_shutdown():
            if until_separated:
                from tournaments.adaptive import run_sanity_table, run_until_separated
                # the outcome ("every adjacent pair separated after ..." or not) is printed
                # once, with the leaderboard below (run_summary reads it from the run)
                cap = max_deals if max_deals is not None else cfg.deals
                _config_errors(run_until_separated, cfg, cap, progress=not quiet,
                               echo=_progress_echo(quiet))
                _config_errors(run_sanity_table, cfg, progress=not quiet)
            else:
                from tournaments.adaptive import run_sanity_table
                res = _config_errors(run_tournament, cfg, progress=not quiet)
                click.echo(f"{res.recorded} of {res.scheduled} games in {cfg.out} "
                           f"({res.played} played now, {res.seconds:.1f}s)")
                _config_errors(run_sanity_table, cfg, progress=not quiet)
    except KeyboardInterrupt as e:
        if not os.path.exists(os.path.join(cfg.out, "tournament.json")):
            raise
        _interrupted(cfg.out, e)
    click.echo("")
    summary = _print_leaderboard(cfg.out, cfg, title=f"Leaderboard: {cfg.game}")
    if with_report:
        from tournaments.report import write_report
        _writing(write_report, cfg.out, summary)
        click.echo(f"report: {os.path.join(cfg.out, 'report.md')}")


@main.command()
@click.argument("run_dir", metavar="RUN_DIR")
@click.option("--workers", type=COUNT, default=None, help="Override the run's worker count.")
@click.option("--executor", default=None, help="Override the executor (process, serial, dask).")
@click.option("--scheduler", default=None, help="Dask scheduler address.")
@click.option("--repair", is_flag=True,
              help="Move corrupt lines of games.jsonl (not a record, or a game_id the "
                   "schedule does not hold) to games.corrupt.jsonl and replay those games "
                   "(without it a corrupt line stops the resume).")
@click.option("--quiet", is_flag=True, help="No progress line.")
def resume(run_dir: str, workers: Optional[int], executor: Optional[str],
           scheduler: Optional[str], repair: bool, quiet: bool) -> None:
    """Finish an interrupted tournament: play exactly the scheduled games not yet recorded.

    A second tournament or resume on the same folder is refused while one runs (a lock)."""
    from tournaments.config import EXECUTORS
    from tournaments.rate import not_resumable
    from tournaments.runner import config_from_run, run_tournament
    refused = not_resumable(run_dir)
    if refused:
        raise UserError(refused)
    if executor is not None and executor not in EXECUTORS:
        raise UserError(f"executor must be one of {', '.join(EXECUTORS)}, got {executor!r}")
    if scheduler and executor is None:
        executor = "dask"
    cfg, _ = _config_errors(config_from_run, run_dir, workers=workers, executor=executor,
                            scheduler=scheduler)
    if cfg.scheduler and cfg.executor != "dask":
        cfg.scheduler = None
    from tournaments.adaptive import UNDER_WAY, outcome_text, read_outcome, run_until_separated
    # An --until-separated run's schedule runs to the deal cap, so playing the rest of it would
    # break the rule the run states (tester 10: resume played 6 more deals after "separated
    # after 6 deal(s)"): stopped before its rule did, it goes on under the rule; finished,
    # there is nothing to resume.
    outcome = read_outcome(run_dir)
    try:
        with _clean_shutdown():
            if outcome is not None and outcome["stopped"] != UNDER_WAY:
                # nothing more is played under its rule, but a game lost from the deals it
                # played (a torn last line, a corrupt line that --repair set aside) is played
                # again, as in a fixed-size run (tester 11: the run was stuck instead)
                res = _config_errors(run_tournament, cfg, resume=True, progress=not quiet,
                                     repair=repair, max_deals=int(outcome["deals_played"]))
                lost = (f"its {res.played} lost game(s) played again"
                        if res.played else "nothing to resume")
                click.echo(f"{run_dir} is finished, {lost}: {outcome_text(outcome)} To play "
                           "more deals, run its tournament command again with a larger "
                           "--max-deals.")
            elif outcome is not None:
                _config_errors(run_until_separated, cfg, int(outcome["max_deals"]),
                               progress=not quiet, echo=_progress_echo(quiet), repair=repair)
            else:
                res = _config_errors(run_tournament, cfg, resume=True, progress=not quiet,
                                     repair=repair)
                click.echo(f"{res.recorded} of {res.scheduled} games in {run_dir} "
                           f"({res.played} played now)")
    except KeyboardInterrupt as e:
        _interrupted(run_dir, e)
    click.echo("")
    _print_leaderboard(run_dir, cfg, title=f"Leaderboard: {cfg.game}")


@main.command()
@click.argument("run_dir", metavar="RUN_DIR")
@click.option("--publish", is_flag=True,
              help="Also publish the leaderboard as the rating pool of the game (for `rate`).")
@click.option("--leaderboards", default=os.path.join("results", "leaderboards"),
              show_default=True, help="Where published leaderboards live.")
@click.option("--force", is_flag=True, help="With --publish: overwrite a published leaderboard.")
def report(run_dir: str, publish: bool, leaderboards: str, force: bool) -> None:
    """Write report.md, ratings.json and PNG plots for a run and print its leaderboard."""
    from tournaments.report import check_index, check_publish, write_report
    from tournaments.report import publish as publish_board
    from tournaments.runner import config_from_run, load_records
    cfg, meta = _config_errors(config_from_run, run_dir)
    records = load_records(run_dir)
    if not records:
        raise UserError(f"{run_dir} has no recorded games yet")
    from tournaments.adaptive import ADAPTIVE
    from tournaments.report import rating_test_stop
    scheduled = meta.get("games")
    if (isinstance(scheduled, int) and len(records) < scheduled
            and not os.path.exists(os.path.join(run_dir, ADAPTIVE))
            and rating_test_stop(cfg, meta, records, run_dir) is None):
        # an interrupted run (an adaptive one, or rate's, stops early by design and the board
        # says so itself)
        from tournaments.runner import writer_pid
        pid = writer_pid(run_dir)       # its writer holds the run's lock: still playing
        state = f"so far (still playing: pid {pid})" if pid is not None else "(interrupted?)"
        then = "" if pid is not None else f"; finish it with `trickhound resume {run_dir}`"
        click.echo(f"trickhound: warning: {run_dir} holds {len(records)} of its {scheduled} "
                   f"scheduled games {state}: the board covers only those{then}", err=True)
        if publish and not force:
            raise UserError(f"{run_dir} is incomplete ({len(records)} of {scheduled} games): "
                            f"resume it first, or pass --force to publish it as it is")
    if publish:
        _config_errors(check_index, leaderboards)    # --force or not
    if publish and not force:
        _config_errors(check_publish, run_dir, leaderboards)
    summary = _writing(write_report, run_dir)
    _echo_board(summary, run_dir, f"Leaderboard: {cfg.game}")
    click.echo("")
    click.echo(f"wrote {os.path.join(run_dir, 'report.md')}, ratings.json, ratings.png, "
               f"head_to_head.png, scores.png")
    if publish:
        published = _writing(_config_errors, publish_board, run_dir, summary, leaderboards,
                             force=force)
        click.echo(f"published {published}")


@main.command()
@click.argument("candidate", metavar="BOT")
@click.option("--game", "game_text", required=True, help="Game string.")
@click.option("--margin", type=float, default=None,
              help="SPRT margin in score points per deal (default: half the standard "
                   "deviation of the per-deal difference over at least the first 8 deals, "
                   "in whole batches; fewer when --max-games leaves fewer).")
@click.option("--alpha", type=float, default=0.05, show_default=True,
              help="SPRT error rate alpha.")
@click.option("--beta", type=float, default=0.05, show_default=True, help="SPRT error rate beta.")
@click.option("--max-games", type=Count(1, 1_000_000), default=200, show_default=True,
              help="Game cap.")
@click.option("--pool", default=None,
              help="Comma-separated pool specs (default: the published leaderboard's bots, "
                   "else the built-in heuristic and search bots).")
@click.option("--seed", type=SEED, default=1, show_default=True, help="Master seed.")
@click.option("--workers", type=COUNT, default=1, show_default=True, help="Worker processes.")
@click.option("--executor", default="process", show_default=True, help="process, serial or dask.")
@click.option("--iterations", type=ITERATIONS, default=None,
              help="Iterations for bots that take them.")
@click.option("--move-time", type=POSITIVE_SECONDS, default=None,
              help="Seconds per move (enforced with a margin); a search bot still stops at "
                   "its iteration cap if that comes first (see --iterations).")
@click.option("--move-limit", type=SECONDS, default=None,
              help="Without --move-time: seconds a move may take before it is a `timeout` "
                   "forfeit (default 60; 0: no limit), as for `tournament`.")
@click.option("--out", default=None,
              help="Run directory (default results/rate-<bot>-<game>-<time>).")
@click.option("--leaderboards", default=os.path.join("results", "leaderboards"),
              show_default=True, help="Where published leaderboards live.")
def rate(candidate: str, game_text: str, margin: Optional[float], alpha: float, beta: float,
         max_games: int, pool: Optional[str], seed: int, workers: int, executor: str,
         iterations: Optional[int], move_time: Optional[float], move_limit: Optional[float],
         out: Optional[str], leaderboards: str) -> None:
    """Rate BOT against the established pool on duplicate deals: a sequential test (SPRT) on
    the paired score difference, stopped as soon as it decides stronger, weaker or equal.

    \b
      trickhound rate my_bot.py:MyBot --game mate

    BOT is a spec such as my_bot.py:MyBot. The pool, printed first with where it came from, is
    the bots of the published leaderboard LEADERBOARDS/GAME.json (relative to the current
    folder), else the built-in bots that board holds (heuristic and the search bots; random
    plays in the boards' sanity tables, not in the pool): in both cases those the installed
    extras can build. The games go to --out (default: a folder in ./results)."""
    from tournaments.rate import format_result, rate_bot
    if margin is not None and not 0 < margin < float("inf"):
        raise UserError(f"--margin must be a positive number, got {margin}")
    for name, v in (("alpha", alpha), ("beta", beta)):
        if not 0 < v < 0.5:
            raise UserError(f"--{name} must be between 0 and 0.5, got {v}")
    source = click.get_current_context().get_parameter_source("leaderboards")
    if (pool is None and source == click.core.ParameterSource.COMMANDLINE
            and not os.path.isdir(leaderboards)):
        # a folder the user named: a typo there would rate against another pool unnoticed
        # (tester 10); the default folder may be absent (the built-in pool then); with --pool
        # the boards are not read
        raise UserError(f"--leaderboards {leaderboards}: no such folder")
    game = _load_game(game_text)
    try:
        with _clean_shutdown():     # Ctrl-C is the user's, not a forfeit of the bot in play
            res = _config_errors(rate_bot, candidate, game, margin=margin, alpha=alpha,
                                 beta=beta, max_games=max_games,
                                 seed=seed, workers=workers, executor=executor, out=out,
                                 pool=_given_pool(pool),
                                 leaderboards=leaderboards, iterations=iterations,
                                 move_time=move_time, move_limit=move_limit,
                                 echo=lambda m: click.echo(m, err=True))
    except KeyboardInterrupt as e:
        what = "terminated" if isinstance(e, Terminated) else "interrupted"
        # (tester 23: "again" with the same --out is refused: that folder holds this run)
        again = (f"run `trickhound rate` again with another --out ({out} holds this run) to "
                 f"test afresh" if out else "run `trickhound rate` again to test afresh")
        click.echo(f"trickhound: {what}: a rating test is not resumed; {again}", err=True)
        sys.exit(EXIT_TERM if isinstance(e, Terminated) else EXIT_INTERRUPT)
    click.echo(format_result(res))



# ---------------------------------------------------------------------------------------------
# Review and the browser: analyse, serve (self-contained; see tournaments/analyse.py and
# tournaments/web/).

#: Seconds before analyse's first progress line and between two of them.
ANALYSE_PROGRESS_EVERY_S = 2.0


@main.command("analyse",
              epilog="Labels (inaccuracy/mistake/blunder) from the view loss, in the game's "
                     "values (points of the round; in mattis the chance of not being the "
                     "loser), per game: " + "; ".join(
                         f"{g}: {a:g}/{b:g}/{c:g}" for g, (a, b, c) in {
                             "mate": (3, 10, 25), "mate-vic-village": (1, 3, 6),
                             "dog-tag-trick": (1, 3, 6), "mattis": (0.25, 0.5, 1)}.items())
                     + " (tournaments/analyse.py THRESHOLDS; a test keeps the two equal).")
@click.argument("source", metavar="[RUN|GAMES.jsonl|RECORD_JSON]", required=False)
@click.option("--game-id", type=int, default=None, help="The game of the run to review.")
@click.option("--game", "game_text", default=None, help="Game string (with --seed and --moves).")
@click.option("--seed", type=SEED, default=None, help="Deal seed (with --game).")
@click.option("--moves", default=None, help="The moves played, in the game's notation.")
@click.option("--bots", default=None, help="Comma-separated names of the seats (with --game).")
@click.option("--all", "whole_run", is_flag=True,
              help="Summarise every bot of the run RUN: mean loss per decision with 95% CI.")
@click.option("--max-games", type=int, default=12, show_default=True,
              help="With --all: games reviewed, spread over the run.")
@click.option("--node-budget", type=int, default=None,
              help="Nodes per exact solve (default 200000; 5000 with --all).")
@click.option("--worlds", type=int, default=None,
              help="Worlds sampled for the mover's view (default 16; 2 with --all).")
@click.option("--workers", type=int, default=1, show_default=True,
              help="Processes: games reviewed at once with --all, else decisions judged at "
                   "once (the same review, sooner on free cores).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--plot", "plot_path", default=None, metavar="FILE.png",
              help="Also draw the loss per move into FILE.png.")
@click.option("--quiet", is_flag=True,
              help="No progress on stderr (by default a review that takes more than a few "
                   "seconds prints a line every few seconds).")
@_stoppable
def analyse_command(source: Optional[str], game_id: Optional[int], game_text: Optional[str],
                    seed: Optional[int], moves: Optional[str], bots: Optional[str],
                    whole_run: bool, max_games: int, node_budget: Optional[int],
                    worlds: Optional[int], workers: int, as_json: bool,
                    plot_path: Optional[str], quiet: bool) -> None:
    """Review a played game: for every decision the move played, the best move and the points
    lost, exact (double-dummy on the full state: alpha-beta in Mate, max^n near the end of
    rounds) and from the mover's view (PIMC with the exact solver: what it could know), with
    labels and a summary per seat and per bot.

    The game: a run folder with --game-id, a games.jsonl file (with --game-id unless it holds
    one game), the text of one games.jsonl line, or --game, --seed and --moves.

    \b
      trickhound analyse results/leaderboards/runs/mate --game-id 3 --json
      trickhound analyse results/leaderboards/runs/mate --all --max-games 12

    A review takes seconds in Mate and most of a minute for a Mattis game at the default
    budget (--workers judges decisions at once on free cores): past the first seconds a
    progress line goes to stderr every few seconds, a terminal or not (--quiet: none); stdout
    holds the review alone.
    """
    from tournaments import analyse as A
    # Progress goes to stderr (a terminal or not: a piped review of a Mattis game takes most
    # of a minute), so stdout holds the review alone.
    lines = A.ProgressLines(lambda m: None if quiet else click.echo(m, err=True),
                            every_s=ANALYSE_PROGRESS_EVERY_S)
    if workers < 1:
        raise UserError(f"--workers must be at least 1, got {workers}")
    if whole_run:
        if not source:
            raise UserError("--all needs a RUN folder")
        if max_games < 1:
            raise UserError("--max-games must be at least 1")
        summary = A.summarise_run(source, max_games=max_games,
                                  node_budget=node_budget or 5000, worlds=worlds or 2,
                                  workers=workers, progress=lines.game)
        click.echo(json.dumps(summary) if as_json else A.run_summary_text(summary))
        return
    if (node_budget is not None and node_budget < 1) or (worlds is not None and worlds < 1):
        raise UserError("--node-budget and --worlds must be at least 1")
    if plot_path:
        # before the analysis: a plot that cannot be written is refused now
        folder = os.path.dirname(os.path.abspath(plot_path))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            raise UserError(f"cannot write the plot {plot_path}: {folder} is not a writable "
                            f"folder")
    kw: dict[str, Any] = dict(node_budget=node_budget or A.DEFAULT_BUDGET["node_budget"],
                              worlds=worlds or A.DEFAULT_BUDGET["worlds"],
                              workers=workers, on_decision=lines.decision)
    if source:
        review = A.review_record(A.find_record(source, game_id), **kw)
    else:
        if not game_text or seed is None or moves is None:
            raise UserError("give a RUN (with --game-id), a games.jsonl line, or --game, "
                            "--seed and --moves")
        actions = A.actions_from_moves(game_text, seed, moves)
        seating = [b.strip() for b in bots.split(",")] if bots else None
        review = A.analyse_game(game_text, seed, actions, seating, **kw)
    if plot_path:
        _writing(A.plot_review, review, plot_path)
    if as_json:
        out = review.to_json()
        if plot_path:
            out["plot"] = plot_path
        click.echo(json.dumps(out))
        return
    click.echo(A.review_text(review))
    if plot_path:
        click.echo(f"plot: {plot_path}")


@main.command("serve")
@click.option("--port", type=int, default=8000, show_default=True, help="Port on 127.0.0.1.")
@click.option("--runs", "runs_dir", default=os.path.join("results", "leaderboards", "runs"),
              show_default=True, help="Folder whose sub-folders are the runs to browse.")
@click.option("--workers", type=int, default=2, show_default=True,
              help="Searches run at once (each in its own process).")
def serve_command(port: int, runs_dir: str, workers: int) -> None:
    """A local web page on http://127.0.0.1:PORT: play against bots with hints, get a
    recommendation for a pasted position, browse runs (leaderboards, games, replays with their
    analysis). Needs the web extra, from a clone:

    \b
      pip install '.[web]'
    """
    try:
        from tournaments.web.app import serve
    except ImportError as e:
        raise UserError(f"trickhound serve needs the web extra (pip install "
                        f"'.[web]' from a clone): {e}") from None
    if not 0 < port < 65536:
        raise UserError(f"--port must be in 1..65535, got {port}")
    if workers < 1:
        raise UserError(f"--workers must be at least 1, got {workers}")
    # SIGTERM as on every other command: one line, exit 143 (the server shuts down first, then
    # re-raises the signal into this handler); Ctrl-C's KeyboardInterrupt reaches main().
    old = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        serve(port=port, runs_dir=runs_dir, workers=workers)
    finally:
        signal.signal(signal.SIGTERM, old)


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
@click.option("--deals", type=Count(2), default=20, show_default=True,
              help="Duplicate deals (at least 2: the 95% interval is over deals).")
@click.option("--seed", type=SEED, default=1, show_default=True, help="Seed of deals and bots.")
@click.option("--cpu-ms", type=Bounded(float, 0.0, 1000 * MAX_SECONDS, low_open=True,
                                       name="milliseconds"), default=None,
              help="Calibrate every search bot's iterations (or worlds) to this much process "
                   "CPU time per decision first (a bot's given iterations are only the first "
                   "trial; calibrate on a quiet machine: other processes make the same work "
                   "cost more CPU time, and a note says when they were busy); the games stay "
                   "iteration-limited.")
@click.option("--calibration-positions", type=COUNT, default=40, show_default=True,
              help="Positions from seeded play that --cpu-ms is measured on.")
@click.option("--workers", type=int, default=2, show_default=True,
              help="Worker processes (the result does not depend on it).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="Also write <name>.json and <name>.md into this folder (e.g. "
                   "results/strength).")
@click.option("--name", default=None, help="File name for --out (default: game and mode).")
@click.option("--quiet", is_flag=True, help="No progress on stderr.")
def evaluate(game_text: str, candidates: "tuple[str, ...]", baseline: str, mode: str, scale: int,
             deals: int, seed: int, cpu_ms: Optional[float], calibration_positions: int,
             workers: int, as_json: bool, out: Optional[str], name: Optional[str],
             quiet: bool) -> None:
    """Measure strength: paired margins on duplicate deals, mean ± 95% CI over deals.

    Seat mode: each seat in turn holds the candidate with the baseline elsewhere; its return
    is compared with the all-baseline game on the same deal and bot seeds. With --cpu-ms the
    search bots are first calibrated to equal CPU time per decision and the command that
    replays the result without calibration is printed.

    \b
      trickhound evaluate dog-tag-trick --candidate ismcts --deals 30 --cpu-ms 5
    """
    import datetime
    import platform
    import re
    import shlex
    import time as _time

    from bots.spec import BotSpecError
    from tournaments import evaluate as E
    from tournaments.config import MAX_DEALS
    if deals > MAX_DEALS:
        # as tournament's (tester 10: 10,000,000 ran silently; the bound lives with the
        # tournament config, which the command line does not import before it runs)
        raise UserError(f"--deals must be at most {MAX_DEALS:,}, got {deals:,}")
    if workers < 1:
        raise UserError(f"--workers must be at least 1, got {workers}")
    if name is not None and (not name or os.sep in name or (os.altsep or os.sep) in name
                             or name in (".", "..")):
        # a file name inside --out (tester 9: "../../x" wrote outside it)
        raise UserError(f"--name must be a file name without a folder, got {name!r}")
    game = _load_game(game_text)
    if out:
        # before any game: a folder that cannot be written is refused now, not after the work
        from tournaments.config import check_writable
        _config_errors(check_writable, out)
    say = (lambda m: None) if quiet else (lambda m: click.echo(f"evaluate: {m}", err=True))
    shown = {"t": 0.0}

    def progress(done: int, total: int) -> None:
        now = _time.monotonic()
        if done == total or now - shown["t"] >= 5:
            shown["t"] = now
            say(f"{done}/{total} games")

    def calibrated(c: "E.Calibration") -> None:
        say(f"calibrated {c.spec} -> {c.calibrated} ({c.cpu_ms:.2f} ms CPU per decision)")

    try:
        with _clean_shutdown():     # Ctrl-C is the user's, not the bot's in play (a forfeit)
            ev = E.evaluate(game.spec(), mode, list(candidates), baseline, deals=deals,
                            seed=seed, scale=scale if mode == "budget" else None,
                            cpu_ms=cpu_ms, calibration_positions_count=calibration_positions,
                            workers=workers, progress=progress, on_calibrated=calibrated)
    except (TrickhoundError, BotSpecError) as e:
        raise UserError(_one_line(e)) from None
    except E.EvaluationRunError as e:
        raise RunError(_one_line(e)) from None

    def command(cands: Sequence[str], base: Optional[str], with_cpu: bool) -> str:
        words = ["trickhound", "evaluate", game.spec(), "--mode", mode]
        for c in cands:
            words += ["--candidate", c]
        if mode != "budget":
            assert base is not None  # only budget mode plays without a baseline
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

        def write() -> None:
            os.makedirs(out, exist_ok=True)
            with open(os.path.join(out, stem + ".json"), "w", encoding="utf-8") as f:
                json.dump({**ev.to_json(), **meta}, f, indent=2)
                f.write("\n")
            with open(os.path.join(out, stem + ".md"), "w", encoding="utf-8") as f:
                f.write(E.format_markdown(ev, meta))
        _writing(write)
        say(f"wrote {os.path.join(out, stem)}.json and .md")


if __name__ == "__main__":
    main()
