"""``trickhound rate my_bot.py:MyBot --game GAME``: a sequential test of a candidate against the
established pool on duplicate deals, stopped as soon as it decides.

The pool: the non-oracle bots of ``results/leaderboards/<game>.json`` if present (written by
``trickhound report RUN --publish``; the folder is ``--leaderboards``, relative to the current
folder), else trickhound's own bots that play the game, less ``random`` (which the published
boards play in a separate sanity table) and the OpenSpiel bots (their Python search takes
minutes a game): the same bots as the published boards, in any folder and any install, and
never an installed package's plugin bots. In both cases only the bots the installed extras
can build (a pool bot needing a missing optional extra such as ``openspiel`` is left out and
named, never an error). The pool is printed with where it came from (the board's path, or
that none was found there).

The statistic: for every deal, the candidate's score minus each pool bot's score on the same
deal and seat of the candidate's own tables (the duplicate pairing; a forfeit scores the game's
worst return, records.scored_returns), averaged: ``x_d``, the
candidate's margin over the pool on deal ``d``. Deals are played in batches (one deal for every
table of pool bots), and after each batch a two-sided sequential probability ratio test on the
mean of ``x_d`` — two Wald SPRTs under a normal model with the variance estimated from the
deals so far, as chess engine testing frameworks run a (G)SPRT on Elo:

- "+" test: H0 mean = 0 against H1 mean = +margin;  "-" test: H0 mean = 0 against H1 = -margin;
- LLR = n · (mu1 - mu0) · (mean - (mu0 + mu1) / 2) / variance for each;
- bounds (alpha, beta the error rates): lower ln(beta / (1 - alpha)), upper ln((1 - beta) /
  alpha);
- "stronger" when the + test crosses its upper bound, "weaker" when the - test does, "equal
  (within ± margin)" when both cross their lower bounds; else play another batch, until the
  game cap ("no decision").

``margin`` in score points; by default half the standard deviation of ``x_d`` over the first
``PILOT_DEALS`` deals (a pilot estimate, frozen, printed; fewer where the run plays fewer), so
the test asks "is the candidate half a deal's noise better or worse than the pool?". Decisions
need at least ``MIN_DEALS`` deals.

The TrueSkill place (pool ratings fixed at the published ones) is printed beside the decision.
The run is an ordinary tournament directory (``tournament.json``, ``games.jsonl``): it can be
reported on, and the schedule for fewer deals is a prefix of the one for more.
"""
import json
import math
import os
import shlex
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Callable, Optional, Union

from solver.game import Game
from tournaments.config import ConfigError, TournamentConfig, build_config, label, resolve_spec
from tournaments.ratings import MU, SIGMA, rate
from tournaments.records import (
    GameRecord,
    constant_sum,
    forfeiting_seats,
    scored_returns,
    seat_forfeits,
)
from tournaments.report import leaderboard_path
from tournaments.runner import (
    RunLog,
    games_path,
    load_records,
    meta_path,
    remove_empty_run,
    run_tournament,
)
from tournaments.schedule import schedule_for
from tournaments.stats import ORACLE_MARK, ORACLE_NOTE

MIN_DEALS = 4
#: Deals of the pilot whose per-deal standard deviation sets the default margin (pilot_ready).
PILOT_DEALS = 8
#: The rating test's own record in its run folder: the test's settings, and once it decided
#: (or hit the game cap) its outcome. ``resume`` refuses such a folder (a rating test is not
#: resumed: its schedule is the game cap's, most of which the test never needs) and ``report``
#: states the outcome from it.
RATE_FILE = "rate.json"


def write_rate_file(run_dir: str, data: dict[str, Any]) -> None:
    """``data`` as ``run_dir``/RATE_FILE, replaced whole (a reader never sees half of it)."""
    path = os.path.join(run_dir, RATE_FILE)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
    os.replace(tmp, path)


def read_rate_file(run_dir: str) -> Optional[dict[str, Any]]:
    """The rating test's record of ``run_dir``, or None for any other run (or a rate run from
    before 0.9.0, which wrote none)."""
    path = os.path.join(run_dir, RATE_FILE)
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except ValueError:          # torn or edited by hand: a rating run all the same
        return {"finished": False, "decision": None}
    return data if isinstance(data, dict) else {"finished": False, "decision": None}


#: Bot modules left out of the default pool: OpenSpiel's Python searches (minutes a game).
SLOW_MODULES = ("bots.openspiel_bots",)
#: Built-in bots left out of the default pool: the weak yardsticks that the published boards
#: play in a separate sanity table (results/leaderboards/<game>.toml: sanity = ["random"]), so
#: that the pool is the same set of bots with or without a published board.
SANITY_BOTS = ("random",)


def default_pool(game: Game, exclude: Sequence[str] = ()) -> list[str]:
    """trickhound's own bots (not installed plugins: the pool is the same for every install
    of a version) that play ``game``, are not oracles, not interactive, not the slow
    OpenSpiel bots and not the sanity bots: the bots of the published boards. Whether this
    install can build them is ``rate_bot``'s to check (it names the ones it leaves out)."""
    from bots.registry import bot_class, builtin_bots
    out = []
    for name in builtin_bots():
        if name in exclude or name in SANITY_BOTS:
            continue
        cls = bot_class(name)
        if (cls.cheats or getattr(cls, "interactive", False)
                or cls.__module__ in SLOW_MODULES or not cls.supports(game)):
            continue
        out.append(name)
    return out


def buildable(spec: str, game: Game) -> Optional[str]:
    """None if this install can build ``spec`` for ``game``, else why not (one line)."""
    try:
        resolve_spec(spec, game)
    except ConfigError as e:
        return str(e)
    return None


def published_pool(game_spec: str, directory: str) -> Optional[
        tuple[list[str], dict[str, tuple[float, float]], list[dict[str, Any]]]]:
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


def stale_note(game_spec: str, directory: str) -> Optional[str]:
    """A warning when the published board was played by another trickhound version (its
    fixed ratings describe the pool's bots as they played then), else None."""
    from tournaments import __version__
    from tournaments.report import played_by
    path = leaderboard_path(game_spec, directory)
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        played = json.load(f).get("trickhound_version")
    if played == __version__:
        return None
    return (f"the published board {path} was played by {played_by(played)} (this is "
            f"{__version__}): the pool's fixed TrueSkill ratings may be out of date; the test "
            f"itself plays fresh games")


@dataclass
class SPRT:
    """The state of the two-sided sequential test after some deals."""
    deals: int
    mean: float
    sd: float                      # the per-deal differences' sample standard deviation
    margin: float
    alpha: float
    beta: float
    llr_plus: float
    llr_minus: float
    decision: Optional[str]        # "stronger", "weaker", "equal" or None (go on)
    # the test's variance was the floor (margin / 10)^2, not the sample's: the deals barely vary
    floored: bool = False

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def to_json(self) -> dict:
        return {**asdict(self), "lower": self.lower, "upper": self.upper}


def sprt(x: Sequence[float], margin: float, alpha: float = 0.05, beta: float = 0.05,
         min_deals: int = MIN_DEALS) -> SPRT:
    """The two-sided SPRT of the module doc on per-deal margins ``x``."""
    n = len(x)
    mean = sum(x) / n if n else 0.0
    sample_var = sum((v - mean) ** 2 for v in x) / (n - 1) if n > 1 else float("inf")
    # A variance floor: identical bots on duplicate deals can give x_d = 0 on every deal.
    var = max(sample_var, (margin / 10) ** 2)
    llr_plus = n * margin * (mean - margin / 2) / var if var != float("inf") else 0.0
    llr_minus = n * margin * (-mean - margin / 2) / var if var != float("inf") else 0.0
    res = SPRT(n, mean, math.sqrt(sample_var) if sample_var != float("inf") else float("nan"),
               margin, alpha, beta, llr_plus, llr_minus, None,
               floored=var != sample_var and sample_var != float("inf"))
    if n >= min_deals:
        if llr_plus >= res.upper:
            res.decision = "stronger"
        elif llr_minus >= res.upper:
            res.decision = "weaker"
        elif llr_plus <= res.lower and llr_minus <= res.lower:
            res.decision = "equal"
    return res


def test_outcome(rated: dict[str, Any]) -> Optional[str]:
    """How a rating run's test ended, from its rate.json: "decided WEAKER" (or STRONGER,
    EQUAL), "reached its game cap without a decision", or None while it has not finished."""
    if not rated.get("finished"):
        return None
    if rated.get("decision"):
        return f"decided {str(rated['decision']).upper()}"
    return "reached its game cap without a decision"


def not_resumable(run_dir: str) -> Optional[str]:
    """Why ``run_dir`` is not for ``resume`` (a rating run: its schedule is the game cap's,
    which its test stops long before; tester 6 saw resume play all 200 games of a test decided
    at 20), or None for any other run."""
    rated = read_rate_file(run_dir) if os.path.isdir(run_dir) else None
    if rated is None:
        return None
    outcome = test_outcome(rated)
    if outcome:
        return (f"{run_dir} is a `trickhound rate` run whose test {outcome} after "
                f"{rated.get('games', '?')} games: nothing is left to play (its board: "
                f"trickhound report {shlex.quote(run_dir)})")
    return (f"{run_dir} is a `trickhound rate` run stopped before its test decided: a rating "
            f"test is not resumed; run `trickhound rate` again (with a new --out)")


def occupied(run_dir: str) -> Optional[str]:
    """Why ``rate`` cannot start in ``run_dir``, or None: a rating test never adds to a run
    already there (a rating run, decided or not, or a tournament), and ``resume`` would refuse
    it too (tester 7: `rate --out` on a finished rating run said "resume it with `trickhound
    resume`", which then refused it)."""
    if not os.path.isdir(run_dir):
        return None
    rated = read_rate_file(run_dir)
    if rated is not None:
        outcome = test_outcome(rated)
        state = f"its test {outcome}" if outcome else "stopped before its test decided"
        return (f"{run_dir} already holds a `trickhound rate` run ({state}); choose another "
                f"--out")
    games = len(load_records(run_dir)) if os.path.exists(games_path(run_dir)) else 0
    if games or os.path.exists(meta_path(run_dir)):
        return f"{run_dir} already holds a tournament ({games} games); choose another --out"
    return None


def pilot_ready(x: Sequence[float], last_batch: bool) -> bool:
    """Whether the per-deal margins ``x`` so far are the pilot that fixes the default margin:
    at least PILOT_DEALS deals, or at least two in the last batch the run will play. (A pilot
    of the first batch alone, two deals against one pool bot, could put the margin anywhere:
    an sd from two values is near 0 as often as not, and a margin of a few points left a bot
    146 points a deal weaker undecided after 30 deals.)"""
    return len(x) >= PILOT_DEALS or (last_batch and len(x) >= 2)


def pilot_margin(x: Sequence[float]) -> float:
    """The test's margin when none is given: half the standard deviation of the per-deal
    margins of the pilot (``pilot_ready``), or 1 where they do not vary."""
    m = sum(x) / len(x)
    sd = math.sqrt(sum((v - m) ** 2 for v in x) / (len(x) - 1))
    return 0.5 * sd if sd > 0 else 1.0


def deal_margins(records: Iterable[GameRecord], candidate: str,
                 pool: Sequence[str]) -> list[float]:
    """x_d per deal, in deal order: the candidate's score minus each pool bot's on the same
    deal and seat of the candidate's tables, averaged (module doc). A game with a forfeit
    scores its forfeiters only (the worst return), except in a two-seat constant-sum game
    (Mate), whose other seat scores the rest of the sum: elsewhere the others played it out
    against the referee's substitute, not against the candidate, and a strong substitute
    lowered the very pool scores a forfeiting candidate is measured against (tester 24: a bot
    raising at once rated above one playing its first legal move)."""
    cells: dict[tuple[int, int], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for r in records:
        scored = scored_returns(r)
        if scored is None or candidate not in r.seating:
            continue
        forfeiters = {s for s, _at in forfeiting_seats(r.forfeit)}
        if len(r.seating) == 2 and constant_sum(r.game) is not None:
            forfeiters = set()                 # both seats scored without the play-out
        for seat, (spec, ret) in enumerate(zip(r.seating, scored)):
            if ret is not None and (not forfeiters or seat in forfeiters):
                cells[(r.deal_index, seat)][spec].append(ret)
    per_deal: defaultdict[int, list[float]] = defaultdict(list)
    for (deal, _seat), scores in cells.items():
        if candidate not in scores:
            continue
        c = sum(scores[candidate]) / len(scores[candidate])
        for p in pool:
            if p in scores:
                per_deal[deal].append(c - sum(scores[p]) / len(scores[p]))
    return [sum(v) / len(v) for _d, v in sorted(per_deal.items())]


def _deals_for(cfg: TournamentConfig, num_players: int, max_games: int) -> int:
    """The fewest deals whose fixtures reach ``max_games`` games."""
    cfg.deals = max_games
    count = 0
    for f in schedule_for(cfg, num_players):
        count += 1
        if count >= max_games:
            return f.deal_index + 1
    return cfg.deals


def rate_bot(candidate: str, game: Union[Game, str], margin: Optional[float] = None,
             alpha: float = 0.05, beta: float = 0.05, max_games: int = 200, seed: int = 1,
             workers: int = 1, executor: str = "process", out: Optional[str] = None,
             pool: Optional[Sequence[str]] = None,
             leaderboards: str = "results/leaderboards", iterations: Optional[int] = None,
             move_time: Optional[float] = None, time_margin: Optional[float] = None,
             move_limit: Optional[float] = None, batch_deals: Optional[int] = None,
             echo: Callable[[str], None] = print, dask_processes: bool = True,
             progress: bool = True) -> dict:
    """Play the gauntlet until the SPRT decides or ``max_games``; returns the decision, the
    test's state, the candidate's rating and place."""
    from solver.registry import load_game
    from tournaments.executors import make_executor
    if not 0 < alpha < 0.5 or not 0 < beta < 0.5:
        raise ConfigError(f"alpha and beta must be in (0, 0.5), got {alpha} and {beta}")
    if margin is not None and not margin > 0:
        raise ConfigError(f"--margin must be positive, got {margin}")
    g = load_game(game) if isinstance(game, str) else game
    published = None
    fixed: dict[str, tuple[float, float]]
    if pool:
        pool_specs, fixed = list(pool), {}
    else:
        published = published_pool(g.spec(), leaderboards)
        if published:
            pool_specs, fixed, _ = published
            note = stale_note(g.spec(), leaderboards)
            if note:
                echo(f"trickhound: warning: {note}")
        else:
            pool_specs, fixed = default_pool(g), {}
    board_file = leaderboard_path(g.spec(), leaderboards)
    if not pool:
        # Leave out (and name) pool bots this install cannot build, e.g. a missing extra.
        kept = []
        for b in pool_specs:
            why = buildable(b, g)
            if why:
                echo(f"pool: leaving out {label(b)} ({why})")
            else:
                kept.append(b)
        pool_specs = kept
    if out is None:
        stem = label(candidate).replace("/", "_").replace(":", "-")
        out = os.path.join("results",
                           f"rate-{stem}-{g.spec()}-{time.strftime('%Y%m%d-%H%M%S')}")
    raw = {"game": g.spec(), "format": "gauntlet", "candidates": [candidate],
           "bots": pool_specs, "deals": 1, "seed": seed, "workers": workers,
           "executor": executor, "iterations": iterations, "move_time": move_time,
           "time_margin": time_margin, "move_limit": move_limit, "out": out}
    # The candidate may share a name with a pool bot: it is not rated against itself.
    cand_spec = resolve_spec(candidate, g, iterations, move_time)
    resolved = {b: resolve_spec(b, g, iterations, move_time) for b in pool_specs}
    # A published rating belongs to the bot as the board played it: one that --iterations or
    # --move-time changes is another bot, rated from these games (tester 9: 50-iteration bots
    # were shown at the 2000-iteration bots' published ratings).
    changed = [b for b in fixed if b in resolved and resolved[b] != resolve_spec(b, g)]
    fixed = {resolved[b]: v for b, v in fixed.items() if b in resolved and b not in changed}
    if changed:
        echo(f"pool: {', '.join(label(resolved[b]) for b in changed)} "
             f"{'is' if len(changed) == 1 else 'are'} not the published board's "
             f"{'bot' if len(changed) == 1 else 'bots'} (--iterations / --move-time): rated "
             f"from these games, not at the published ratings")
    raw["bots"] = [b for b in pool_specs if resolved[b] != cand_spec]
    if not raw["bots"]:
        why = ("the pool holds only the candidate itself: give --pool other bots"
               if pool_specs else "publish a leaderboard or give --pool")
        raise ConfigError(f"no pool to rate against for {g.spec()}: {why}")
    cfg = build_config({k: v for k, v in raw.items() if v is not None})
    cfg.deals = _deals_for(cfg, g.num_players, max_games)
    cand_spec = cfg.candidates[0]
    fixed = {sp: v for sp, v in fixed.items() if sp in cfg.bots}
    from tournaments.adaptive import batch_deals as groups_per_batch
    batch = batch_deals or groups_per_batch(cfg, g.num_players)
    ctx = None
    if cfg.executor == "process":
        import multiprocessing

        from tournaments.executors import default_start_method
        ctx = multiprocessing.get_context(cfg.start_method or default_start_method())
    taken = occupied(cfg.run_dir)
    if taken:
        raise ConfigError(taken)
    source = "published leaderboard" if published else ("given pool" if pool else "built-in bots")
    # Where the pool came from, and for the built-in one why: a board is looked for relative
    # to the current folder, so the same command gives another pool in another folder.
    whence = {"published leaderboard": f"published leaderboard {board_file}",
              "given pool": "given pool",
              "built-in bots": f"built-in bots: no published leaderboard {board_file} here; "
                               f"--leaderboards DIR names another folder"}[source]
    echo(f"rating {label(cand_spec)} on {cfg.game}")
    echo(f"pool ({whence}): {', '.join(label(b) for b in cfg.bots)}")
    echo(f"SPRT on the paired score difference per deal: H0 0 vs H1 ±margin, alpha {alpha}, "
         f"beta {beta}; {batch} deal(s) per batch, at most {max_games} game(s), rounded up to "
         f"whole deals; run in {cfg.out}")
    deals_done = 0
    first = True
    test = None
    # the test's settings, as rate.json records them (write_rate_file)
    settings = {"candidate": cand_spec, "pool": list(cfg.bots), "alpha": alpha, "beta": beta,
                "max_games": max_games}
    with RunLog(cfg.run_dir, ctx) as runlog:
        ex = make_executor(cfg, log_queue=runlog.queue, dask_processes=dask_processes)
        with ex:
            while True:
                deals_done = min(cfg.deals, deals_done + batch)
                echo(f"  playing deals up to {deals_done} ...")
                if first:
                    # before any game: a test stopped in its first batch is still a rating
                    # run that ``resume`` refuses (tester 7: resume played one such on as a
                    # plain gauntlet of 200 games)
                    os.makedirs(cfg.run_dir, exist_ok=True)
                    write_rate_file(cfg.run_dir, {**settings, "margin": margin,
                                                  "finished": False, "decision": None})
                try:
                    run_tournament(cfg, resume=not first, executor=ex, max_deals=deals_done,
                                   progress=progress)
                except BaseException:
                    if first and not os.path.exists(meta_path(cfg.run_dir)):
                        # refused before it started: no run folder left behind
                        os.remove(os.path.join(cfg.run_dir, RATE_FILE))
                        remove_empty_run(cfg.run_dir)
                    raise
                first = False
                records = load_records(cfg.run_dir)
                x = deal_margins(records, cand_spec, cfg.bots)
                last = deals_done >= cfg.deals or len(records) >= max_games
                if margin is None and pilot_ready(x, last):
                    margin = pilot_margin(x)
                    if len(set(x)) > 1:
                        echo(f"  margin: {in_unit(margin, g)} (half the standard deviation of "
                             f"the per-deal difference over the first {len(x)} deals)")
                    else:
                        # (tester 7: it called the fallback half of an sd that was 0)
                        echo(f"  margin: {in_unit(margin, g)} (the per-deal difference did "
                             f"not vary over the first {len(x)} deals; give --margin to set "
                             f"one)")
                if margin is not None and x:
                    test = sprt(x, margin, alpha, beta)
                    echo(f"  after {len(records)} games ({test.deals} deals): mean "
                         f"{_number(test.mean, True)}, LLR+ {test.llr_plus:+.2f}, LLR- "
                         f"{test.llr_minus:+.2f} (bounds {test.lower:.2f}, {test.upper:.2f})"
                         + (f"; the test decides from {MIN_DEALS} deals on"
                            if test.deals < MIN_DEALS else ""))
                    if test.decision:
                        break
                if deals_done >= cfg.deals or len(records) >= max_games:
                    break
    ratings = rate(records, fixed=fixed, history=False)
    mu, sg = ratings.ratings.get(cand_spec, (float("nan"), float("nan")))
    board: list[dict[str, Any]] = []
    for spec, (m, s) in ratings.ratings.items():
        if spec != cand_spec and spec not in cfg.bots:
            continue
        board.append({"spec": spec, "label": label(spec), "mu": m, "sigma": s,
                      "conservative": m - 3 * s, "games": ratings.games.get(spec, 0),
                      "candidate": spec == cand_spec})
    for spec in cfg.bots:
        if spec not in ratings.ratings:
            # a pool bot no game of the run seated (a short run): listed at the rating it was
            # given (published) or the prior, so the board holds the pool it names (tester 9)
            m, s = fixed.get(spec, (MU, SIGMA))
            board.append({"spec": spec, "label": label(spec), "mu": m, "sigma": s,
                          "conservative": m - 3 * s, "games": 0, "candidate": False})
    board.sort(key=lambda r: -r["conservative"])
    oracles = {r.seating[seat] for r in records for seat in r.oracle_seats}
    for row in board:
        row["oracle"] = row["spec"] in oracles
    place, shared = next(p for p, r in zip(board_places(board), board) if r["candidate"])
    forfeits = candidate_forfeits(records, cand_spec)
    decision = test.decision if test else None
    why = None
    if decision is None and forfeits["games"] and forfeits["forfeited"] == forfeits["games"]:
        # Every game the candidate sat in it forfeited, scoring the game's worst return each
        # time; where nothing pairs (tampered games are not played out, so the pool's seats
        # have no score) the test cannot run, but the verdict is not in doubt.
        decision = "weaker"
        why = "it forfeited every game it played"
    write_rate_file(cfg.run_dir, {**settings, "margin": test.margin if test else margin,
                                  "finished": True, "decision": decision, "why": why,
                                  "games": len(records),
                                  "test": test.to_json() if test else None})
    return {"candidate": cand_spec, "mu": mu, "sigma": sg, "conservative": mu - 3 * sg,
            "games": len(records), "place": place, "place_shared": shared, "of": len(board),
            "board": board,
            "run_dir": cfg.out, "source": source, "pool": list(cfg.bots),
            "fixed": sorted(fixed),
            "decision": decision, "why": why, "forfeits": forfeits, "unit": g.VALUE_UNIT,
            "test": test.to_json() if test else None}


def board_places(board: list[dict[str, Any]]) -> list[tuple[int, bool]]:
    """Each row's place on the rating board, in order, and whether it shares it. Bots rated
    alike share a place: a gauntlet's pool bots never meet, and rated from its games alone they
    keep one rating (tester 8 saw them placed 1 to 4); so may the candidate and a pool bot
    (tester 23: "place 2 of 2" above a board that showed it 1=)."""
    keys = [(round(r["mu"], 2), round(r["sigma"], 2)) for r in board]
    # rows alike are adjacent (the board is sorted): a row's place is its first twin's
    return [(keys.index(key) + 1, keys.count(key) > 1) for key in keys]


def _number(x: float, sign: bool = False) -> str:
    """``x`` for people: three significant digits, whole numbers from 1,000 on (no e+03)."""
    if abs(x) >= 1000:
        return f"{x:+,.0f}" if sign else f"{x:,.0f}"
    return f"{x:+.3g}" if sign else f"{x:.3g}"


def _llr(x: float) -> str:
    """A log-likelihood ratio for people: two decimals near the bounds, whole numbers with
    thousands separators far past them (a floored variance gives millions)."""
    return f"{x:+,.0f}" if abs(x) >= 1000 else f"{x:+.2f}"


def in_unit(value: float, game: Union[Game, str]) -> str:
    """``value`` with the unit the game's values are in (``Game.VALUE_UNIT``): "0.5 points",
    or for Mattis "0.0962 (the chance of not being the loser)"."""
    unit = game if isinstance(game, str) else game.VALUE_UNIT
    if unit == "points":
        return f"{value:.3g} {'point' if value == 1 else 'points'}"
    return f"{value:.3g} ({unit})"


def candidate_forfeits(records: Iterable[GameRecord], candidate: str) -> dict[str, Any]:
    """How many of the games the candidate sat in it forfeited, by reason, with the first
    forfeit's detail (what a bot author needs to see first)."""
    games = forfeited = 0
    reasons: dict[str, int] = defaultdict(int)
    detail = None
    for r in records:
        if candidate not in r.seating:
            continue
        games += 1
        mine = [f for f in seat_forfeits(r.forfeit) if r.seating[int(f["seat"])] == candidate]
        if mine:
            forfeited += 1
            reasons[str(mine[0].get("reason", "forfeit"))] += 1
            if detail is None:
                detail = mine[0].get("detail")
    return {"games": games, "forfeited": forfeited, "reasons": dict(reasons), "detail": detail}


def format_result(res: dict) -> str:
    """The decision, the test's bounds and the games used, then the TrueSkill place."""
    t = res["test"]
    cand = label(res["candidate"]) + (ORACLE_MARK if any(
        r.get("oracle") and r["candidate"] for r in res["board"]) else "")
    unit = res.get("unit", "points")
    if res.get("why"):
        # decided without the test: it had no paired deal, or too few to decide (tester 9:
        # "no paired deals" under progress lines that showed the test on 2 deals)
        test_note = ("no paired deals for the test" if t is None else
                     f"the test had {t['deals']} paired deal(s), too few to decide")
        lines = [f"{cand}: WEAKER than the pool ({res['why']}; {test_note})"]
    elif t is None:
        lines = [f"{cand}: no decision (too few deals for the test) after {res['games']} games"]
    else:
        cap = ("no decision: the game cap came first"
               + (f" (the test decides only after {MIN_DEALS} deals; raise --max-games)"
                  if t["deals"] < MIN_DEALS else ""))
        words = {"stronger": "STRONGER than the pool by at least the margin",
                 "weaker": "WEAKER than the pool by at least the margin",
                 "equal": "EQUAL to the pool within ± the margin",
                 None: cap}
        lines = [f"{cand}: {words[res['decision']]}",
                 f"  mean paired score difference vs the pool {_number(t['mean'], True)} per "
                 f"deal (sd {_number(t['sd'])}) over {t['deals']} deals, {res['games']} games"
                 + (f"; the test took the sd as {_number(t['margin'] / 10)}, a tenth of the "
                    f"margin, as the deals barely vary" if t.get("floored") else ""),
                 f"  SPRT: margin {in_unit(t['margin'], unit)}, alpha {t['alpha']}, beta "
                 f"{t['beta']}; bounds {t['lower']:.2f} / {t['upper']:.2f}; LLR+ "
                 f"{_llr(t['llr_plus'])}, LLR- {_llr(t['llr_minus'])}"]
    ff = res.get("forfeits") or {}
    if ff.get("forfeited"):
        why = ", ".join(f"{reason} {n}" for reason, n in sorted(ff["reasons"].items()))
        first = f"; the first: {ff['detail']}" if ff.get("detail") else ""
        lines.append(f"  it forfeited {ff['forfeited']} of its {ff['games']} games ({why}){first}"
                     f" (each scores the game's worst return; `trickhound analyse` shows where)")
    pool = res.get("pool", [])
    fixed = res.get("fixed", pool)         # (a result without the list: every pool bot)
    changed = [b for b in pool if b not in fixed]
    if res["source"] != "published leaderboard" or (pool and not fixed):
        scale = "every bot rated from these games"
    elif not changed:
        scale = "pool fixed at its published ratings"
    else:
        scale = (f"pool fixed at its published ratings but for "
                 f"{', '.join(label(b) for b in changed)}")
    lines.append(f"TrueSkill ({scale}): mu {res['mu']:.2f}, "
                 f"sigma {res['sigma']:.2f}; place {res['place']}"
                 f"{'=' if res.get('place_shared') else ''} of {res['of']}:")
    last = None
    for (place, _shared), r in zip(board_places(res["board"]), res["board"]):
        shown = f"{place:2d}." if place != last else f"{place:2d}="
        last = place
        mark = "  <-" if r["candidate"] else ""
        name = r["label"] + (ORACLE_MARK if r.get("oracle") else "")
        idle = "  (no game)" if not r.get("games") and not r["candidate"] else ""
        lines.append(f"  {shown} {name:32s} mu {r['mu']:6.2f}  sigma {r['sigma']:5.2f}  "
                     f"mu-3s {r['conservative']:6.2f}{mark}{idle}")
    if any(r.get("oracle") for r in res["board"]):
        lines.append(f"  {ORACLE_NOTE}")
    lines.append(f"(games in {res['run_dir']}; `trickhound report "
                 f"{shlex.quote(res['run_dir'])}` for plots)")
    return "\n".join(lines)
