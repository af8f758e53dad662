"""Review a played game move by move (``trickhound analyse``), as chess engines annotate a game
and bridge programs analyse a played hand double-dummy.

For every decision (a position where the mover had more than one legal move; forced moves are
listed but never counted) the review gives:

* ``exact``: after the game the full state is known, so the position can be searched as a
  perfect-information game: two-player alpha-beta in Mate, max^n elsewhere (exact when the
  rest of the round fits the node budget, which it does near the end of rounds). The loss is
  the best action's gain minus the played action's gain, in points of the current round; it is
  reported as exact only when the search was exact (otherwise ``None``).
* ``view``: what the mover could have known: PIMC with the exact solver on the mover's view
  (``worlds`` sampled deals, ``node_budget`` per world). Its loss is the same difference of
  expected round points. In Mate (perfect information) it equals the exact loss.

Labels judge the view loss (a player is judged by what it could know), in round points:

==================  ===========  =======  =======
game                inaccuracy   mistake  blunder
==================  ===========  =======  =======
mate                >= 3         >= 10    >= 25
mate-vic-village    >= 1         >= 3     >= 6
dog-tag-trick       >= 1         >= 3     >= 6
mattis              >= 0.25      >= 0.5   >= 1
==================  ===========  =======  =======

Mate scores a won game at its trick's card value times a factor (tens of points), the point
games score a round in single points, and Mattis scores a round at most a few points; the
thresholds are a tenth, a third and most of a typical swing of a round.

A summary per seat and per bot gives the mean loss per decision (with a 95% interval over the
decisions) and the count of each label. ``summarise_run`` does that for a whole run with a
bounded budget per decision: the second view on strength besides TrueSkill.
"""
import json
import math
import os
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Callable, Optional

from solver.errors import TrickhoundError
from solver.game import Game, State
from solver.registry import load_game
from tournaments import engine_adapter as engine
from tournaments.records import (
    GameRecord,
    check_record,
    forfeiting_seats,
    scan_records,
    seat_forfeits,
)
from tournaments.referee import SUBSTITUTE
from tournaments.stats import mean_ci

# (inaccuracy, mistake, blunder) lower bounds of the view loss, in round points, per game slug.
THRESHOLDS: dict[str, tuple] = {
    "mate": (3.0, 10.0, 25.0),
    "mate-vic-village": (1.0, 3.0, 6.0),
    "dog-tag-trick": (1.0, 3.0, 6.0),
    "mattis": (0.25, 0.5, 1.0),
}
LABELS = ("inaccuracy", "mistake", "blunder")

# Budgets per decision: a single game's review and the bounded one of ``--all``.
DEFAULT_BUDGET = {"node_budget": 200000, "worlds": 16}
RUN_BUDGET = {"node_budget": 20000, "worlds": 4}

#: How a decision's ``bot`` names the referee's substitute playing a forfeiter's seat (its
#: moves are marked * in a review): "heuristic (for <bot>, which forfeited)". The substitute
#: alone is no mark: it is also a bot that plays a seat of its own.
STAND_IN = f"{SUBSTITUTE} (for "


def budget_text(budget: dict) -> str:
    """A review's budget in words: "node_budget 200,000, worlds 16"."""
    return ", ".join(f"{k} {v:,}" for k, v in budget.items())


def is_stand_in(bot: str) -> bool:
    """True where a decision was the referee's substitute's, in a forfeiter's seat."""
    return bot.startswith(STAND_IN)


class AnalyseError(TrickhoundError, ValueError):
    """A game to review that cannot be found or read (bad file, id, line or record)."""


def thresholds_help() -> str:
    """The label thresholds as one line per game (for ``--help``)."""
    return "; ".join(f"{g}: {a:g}/{b:g}/{c:g}" for g, (a, b, c) in THRESHOLDS.items())


def label_for(slug: str, loss: Optional[float]) -> Optional[str]:
    """The label of a loss in the game ``slug`` (None for a good move or no loss)."""
    if loss is None:
        return None
    bounds = THRESHOLDS.get(slug, THRESHOLDS["mate-vic-village"])
    label = None
    for name, bound in zip(LABELS, bounds):
        if loss >= bound - 1e-9:
            label = name
    return label


@dataclass
class Decision:
    """One move of the game under review. Losses are in points of the current round."""
    ply: int                      # 0-based index into the game's actions
    seat: int
    bot: str
    round: int
    played: str
    legal: int                    # number of legal moves (1: forced, not a decision)
    best_exact: Optional[str] = None
    loss_exact: Optional[float] = None   # None: forced, or the full-state search was not exact
    exact: bool = False
    best_view: Optional[str] = None
    loss_view: Optional[float] = None
    view_ci: Optional[list[Optional[float]]] = None  # 95% interval of the played move's value
    label: Optional[str] = None

    @property
    def forced(self) -> bool:
        return self.legal <= 1


@dataclass
class Review:
    """The review of one game: its decisions and the summaries per seat and per bot."""
    game: str
    deal_seed: int
    seating: list[str]
    returns: Optional[list[float]]
    decisions: list[Decision] = field(default_factory=list)
    budget: dict = field(default_factory=dict)
    # the record's forfeits: {"seat", "ply" (the first move not the bot's), "reason", "detail"}
    forfeits: list[dict] = field(default_factory=list)

    def seat_summary(self) -> list[dict]:
        """Per seat and the bot that played its moves (the seat's bot, then the referee's
        substitute after a forfeit): decisions, mean losses (view, exact where known), label
        counts."""
        rows = []
        for s in range(len(self.seating)):
            mine = [d for d in self.decisions if d.seat == s]
            bots = list(dict.fromkeys(d.bot for d in mine)) or [self.seating[s]]
            rows += [dict(seat=s, bot=b, **summarise_decisions([d for d in mine if d.bot == b]))
                     for b in bots]
        return rows

    def bot_summary(self) -> list[dict]:
        return summarise_by_bot([self])

    @classmethod
    def from_json(cls, obj: dict) -> "Review":
        """The review back from ``to_json`` (summaries are recomputed, not read)."""
        return cls(game=obj["game"], deal_seed=obj["deal_seed"], seating=list(obj["seating"]),
                   returns=obj.get("returns"), budget=dict(obj.get("budget") or {}),
                   decisions=[Decision(**d) for d in obj["decisions"]],
                   forfeits=[dict(f) for f in obj.get("forfeits") or []])

    def to_json(self) -> dict:
        return {"schema": "trickhound.review/1", "game": self.game, "deal_seed": self.deal_seed,
                "seating": self.seating, "returns": self.returns, "budget": self.budget,
                "decisions": [asdict(d) for d in self.decisions], "forfeits": self.forfeits,
                "seats": self.seat_summary(), "bots": self.bot_summary()}


def summarise_decisions(decisions: Iterable[Decision]) -> dict:
    """Mean loss per decision (view and exact, forced moves excluded) with the 95% half-width
    of the view mean, and the count of each label."""
    ds = [d for d in decisions if not d.forced]
    view = [d.loss_view for d in ds if d.loss_view is not None]
    exact = [d.loss_exact for d in ds if d.loss_exact is not None]
    m, h = mean_ci(view)
    me, _ = mean_ci(exact)
    counts = {name: sum(1 for d in ds if d.label == name) for name in LABELS}
    return {"decisions": len(ds), "mean_loss": m, "ci95": h, "mean_exact_loss": me,
            "exact_decisions": len(exact), **counts}


def summarise_by_bot(reviews: Sequence[Review]) -> list[dict]:
    """Per bot spec over all ``reviews``: as ``summarise_decisions``, sorted best (lowest mean
    loss) first."""
    by_bot: dict[str, list[Decision]] = {}
    for r in reviews:
        for d in r.decisions:
            by_bot.setdefault(d.bot, []).append(d)
    rows = [dict(bot=b, **summarise_decisions(ds)) for b, ds in by_bot.items()]
    rows.sort(key=lambda r: (math.inf if r["mean_loss"] is None else r["mean_loss"], r["bot"]))
    return rows


def _loss(result: engine.SearchResult, played: int) -> Optional[float]:
    """Best mean minus the played action's mean (>= 0), None when a mean is missing."""
    best = result.actions[0].mean
    mine = result.stats(played).mean
    if best is None or mine is None:
        return None
    return max(0.0, best - mine)


def decision_plies(game_text: str, deal_seed: int, actions: Sequence[int]) -> list[int]:
    """The plies of ``actions`` that are decisions (the mover had more than one legal move),
    found by replaying the game; AnalyseError for a move that is not legal. Cheap next to the
    searches, so a bad move is refused before any search and the progress knows its total."""
    state = load_game(game_text).new_initial_state(int(deal_seed))
    plies = []
    for ply, action in enumerate(actions):
        if state.is_terminal():
            raise AnalyseError(f"move {ply + 1}: the game is already over")
        legal = state.legal_actions()
        if action not in legal:
            raise AnalyseError(f"move {ply + 1}: action {action} is not legal here")
        if len(legal) > 1:
            plies.append(ply)
        state.apply_action(action)
    return plies


def _judge(d: Decision, state: State, action: int, slug: str, node_budget: int, worlds: int,
           seed: int) -> None:
    """Fill in ``d`` (a decision at ``state`` where ``action`` was played): the full-state
    solve and the search of the mover's view, their losses and the label. A pure function of
    its arguments (every search is seeded), so decisions can be judged in any order or
    process with the same result."""
    game = state.game
    full = engine.solve_full_state(state, node_budget, seed)
    d.best_exact = full.actions[0].text
    d.exact = bool(full.exact)
    d.loss_exact = _loss(full, action) if full.exact else None
    if game.perfect_information:
        # The mover saw everything: its view is the full state.
        view_res = full
    else:
        # check=False: recommend's independent check search only feeds its confidence
        # label, which the review does not report (a tenth of the review's time in Mattis).
        view_res = engine.search_view(state.view(d.seat), "solver",
                                      engine.SearchLimit(iterations=1, worlds=worlds),
                                      seed + d.ply, node_budget=node_budget, check=False)
    d.best_view = view_res.actions[0].text
    d.loss_view = _loss(view_res, action)
    st = view_res.stats(action)
    d.view_ci = [st.ci_low, st.ci_high]
    d.label = label_for(slug, d.loss_view)
    # A played move tied with the best is shown as the best (ties are not mistakes).
    if d.loss_exact == 0.0:
        d.best_exact = d.played
    if d.loss_view == 0.0:
        d.best_view = d.played


def _judge_job(args: tuple[str, int, list[int], dict, int, int, int]) -> dict:
    """``_judge`` in a worker process: the game replayed to the decision's ply (action ids
    are cheap to apply), the decision back as a dict."""
    game_text, deal_seed, actions, decision, node_budget, worlds, seed = args
    d = Decision(**decision)
    state = load_game(game_text).new_initial_state(int(deal_seed))
    for a in actions[:d.ply]:
        state.apply_action(a)
    _judge(d, state, actions[d.ply], state.game.name, node_budget, worlds, seed)
    return asdict(d)


def analyse_game(game_text: str, deal_seed: int, actions: Sequence[int],
                 seating: Optional[Sequence[str]] = None, returns: Optional[list[float]] = None,
                 node_budget: int = DEFAULT_BUDGET["node_budget"],
                 worlds: int = DEFAULT_BUDGET["worlds"], seed: int = 0,
                 progress: Optional[Callable[[int, int], None]] = None,
                 stand_ins: Optional[dict[int, int]] = None,
                 on_decision: Optional[Callable[[int, int, Decision], None]] = None,
                 workers: int = 1) -> Review:
    """Review the game ``game_text`` dealt by ``deal_seed`` and played as ``actions`` (action
    ids). ``seating`` names the bot of each seat (default ``seat0``...). ``stand_ins``: seat
    -> the move from which the referee's substitute played it (the seat forfeited there;
    those moves are the substitute's, not the seat's bot's). ``progress(done, total)`` is
    called after each move (with ``workers`` 1), ``on_decision(done, total, decision)`` after
    each judged decision (``total``: the game's decisions; in the order they finish).
    ``workers`` > 1 judges that many decisions at once in worker processes: the same review
    (every search is seeded by its ply), sooner on as many free cores. Raises AnalyseError
    for a move that is not legal, before any search."""
    game = load_game(game_text)
    slug = game.name
    seating = list(seating) if seating else [f"seat{i}" for i in range(game.num_players)]
    if len(seating) != game.num_players:
        raise AnalyseError(f"{game.spec()} has {game.num_players} seats, the seating names "
                           f"{len(seating)}")
    if workers < 1:
        raise AnalyseError(f"workers must be at least 1, got {workers}")
    total = len(decision_plies(game_text, deal_seed, actions))
    review = Review(game=game.spec(), deal_seed=int(deal_seed), seating=seating,
                    returns=returns, budget={"node_budget": node_budget, "worlds": worlds})
    state = game.new_initial_state(int(deal_seed))
    judged = 0
    for ply, action in enumerate(actions):
        seat = state.current_player()
        bot = seating[seat]
        if stand_ins and seat in stand_ins and ply >= stand_ins[seat]:
            bot = f"{STAND_IN}{bot}, which forfeited)"
        review.decisions.append(Decision(ply=ply, seat=seat, bot=bot, round=int(state.round()),
                                         played=state.action_to_str(action),
                                         legal=len(state.legal_actions())))
        if workers == 1 and not review.decisions[-1].forced:
            d = review.decisions[-1]
            _judge(d, state, action, slug, node_budget, worlds, seed)
            judged += 1
            if on_decision is not None:
                on_decision(judged, total, d)
        state.apply_action(action)
        if workers == 1 and progress is not None:
            progress(ply + 1, len(actions))
    if workers > 1:
        _judge_in_workers(review, game.spec(), list(actions), node_budget, worlds, seed,
                          workers, on_decision, total)
    return review


def _judge_in_workers(review: Review, game_text: str, actions: list[int], node_budget: int,
                      worlds: int, seed: int, workers: int,
                      on_decision: Optional[Callable[[int, int, Decision], None]],
                      total: int) -> None:
    """Judge the review's decisions in ``workers`` processes, each decision in its place."""
    from concurrent.futures import ProcessPoolExecutor, as_completed
    todo = [d for d in review.decisions if not d.forced]
    pool = ProcessPoolExecutor(min(workers, max(1, len(todo))))
    try:
        futures = [pool.submit(_judge_job, (game_text, review.deal_seed, actions, asdict(d),
                                            node_budget, worlds, seed)) for d in todo]
        for done, f in enumerate(as_completed(futures), 1):
            d = Decision(**f.result())
            review.decisions[d.ply] = d
            if on_decision is not None:
                on_decision(done, total, d)
    finally:
        # on Ctrl-C or an error the queued decisions are dropped, not searched first
        pool.shutdown(wait=True, cancel_futures=True)


def review_record(rec: GameRecord, **kw) -> Review:
    """``analyse_game`` of a recorded game (its seating names the bots; the moves the referee's
    substitute made for a forfeiting seat are named as the substitute's)."""
    review = analyse_game(rec.game, rec.deal_seed, rec.actions, rec.seating, rec.returns,
                          stand_ins=dict(forfeiting_seats(rec.forfeit)), **kw)
    review.forfeits = [{"seat": int(f["seat"]), "ply": int(f.get("at", 0)),
                        "reason": f.get("reason"), "detail": f.get("detail")}
                       for f in seat_forfeits(rec.forfeit)]
    return review


class ProgressLines:
    """Progress of a long review as lines for stderr (``trickhound analyse``): nothing for the
    first ``every_s`` seconds (a quick review stays silent), then at most one line every
    ``every_s`` seconds, and a last line when the work is done if any line came before. Plain
    lines, no carriage returns: they read the same in a terminal, a pipe or a log."""

    def __init__(self, echo: Callable[[str], None], every_s: float = 2.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.echo, self.every_s, self.clock = echo, every_s, clock
        self.start = self.last = clock()
        self.shown = False

    def _due(self, done: int, total: int) -> bool:
        now = self.clock()
        if now - self.last >= self.every_s or (done == total and self.shown):
            self.last, self.shown = now, True
            return True
        return False

    def decision(self, done: int, total: int, d: Decision) -> None:
        """After a judged decision: ``analyse: decision 12/80 (move 40, seat 1), 24 s``."""
        if self._due(done, total):
            self.echo(f"analyse: decision {done}/{total} (move {d.ply + 1}, seat {d.seat}), "
                      f"{self.clock() - self.start:.0f} s")

    def game(self, done: int, total: int) -> None:
        """After a reviewed game of ``--all``: ``analyse: game 3/12 reviewed, 40 s``."""
        if self._due(done, total):
            self.echo(f"analyse: game {done}/{total} reviewed, {self.clock() - self.start:.0f} s")


# -- finding the game --------------------------------------------------------------------------

def _record(obj: object, where: str) -> GameRecord:
    if not isinstance(obj, dict):
        raise AnalyseError(f"{where}: a game record must be a JSON object")
    try:
        rec = GameRecord.from_json(obj)
        check_record(rec)
        return rec
    except TypeError as e:
        raise AnalyseError(f"{where}: not a games.jsonl record ({e})") from None


def read_run_records(path: str) -> list[GameRecord]:
    """Every record of a run folder (its games.jsonl; each game once, the first of repeated
    lines, and only the schedule's games) or of a JSONL file; AnalyseError for a missing file
    or a malformed line (with its number). A torn last line (no newline at its
    end: a run killed while writing it, which ``resume`` cuts and plays again) is skipped, as
    ``report`` skips it (tester 7: analyse failed on it)."""
    from tournaments.runner import scheduled_games
    file = os.path.join(path, "games.jsonl") if os.path.isdir(path) else path
    if not os.path.exists(file):
        raise AnalyseError(f"{path}: no such run folder or games.jsonl file")
    # a run folder's schedule size: a game_id outside it is a bad line, as for report
    games = scheduled_games(path) if os.path.isdir(path) else None
    try:
        out, bad = scan_records(file, games)    # the runner's reader: a torn last line skipped
    except OSError as e:
        raise AnalyseError(f"cannot read {file}: {e.strerror}") from None
    if bad:
        n, text = bad[0]
        try:
            obj = json.loads(text)
        except ValueError as e:
            whole = _whole_json(file)
            if isinstance(whole, dict):
                # a JSON file over several lines, e.g. a position (tester 10 read "malformed
                # JSON" for a valid state file): say what analyse reads instead
                raise AnalyseError(
                    f"{file} is one JSON object over several lines, not a game record a line "
                    f"(analyse reads a run folder or its games.jsonl; a position goes to "
                    f"`trickhound recommend` or `trickhound solve`)") from None
            raise AnalyseError(f"{file} line {n}: malformed JSON ({e})") from None
        rec = _record(obj, f"{file} line {n}")      # says what is wrong with it
        if games is not None and isinstance(rec.game_id, int):
            raise AnalyseError(f"{file} line {n}: game_id {rec.game_id} is not one of the "
                               f"run's {games} scheduled games (0..{games - 1})")
        raise AnalyseError(f"{file} line {n}: not a games.jsonl record")
    if os.path.isdir(path):
        # a run holds each game once: a repeated line counts once (the first), as in report
        first: dict[int, GameRecord] = {}
        for r in out:
            first.setdefault(r.game_id, r)
        out = list(first.values())
    if not out:
        raise AnalyseError(f"{file} holds no games")
    return out


def _whole_json(file: str) -> object:
    """The whole file read as one JSON value, or None when it is not one."""
    try:
        with open(file, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def find_record(source: str, game_id: Optional[int] = None) -> GameRecord:
    """The game to review: ``source`` is a run folder or a JSONL file (``game_id`` picks the
    record; needed unless the file holds one game) or the text of one games.jsonl line."""
    if source.lstrip().startswith("{"):
        try:
            return _record(json.loads(source), "the game record")
        except ValueError as e:
            raise AnalyseError(f"the game record is malformed JSON ({e})") from None
    recs = read_run_records(source)
    if game_id is None:
        if len(recs) == 1:
            return recs[0]
        raise AnalyseError(f"{source} holds {len(recs)} games: pick one with --game-id "
                           f"({min(r.game_id for r in recs)}..{max(r.game_id for r in recs)})")
    for r in recs:
        if r.game_id == game_id:
            return r
    raise AnalyseError(f"{source} has no game with id {game_id}")


def actions_from_moves(game_text: str, deal_seed: int, moves_text: str) -> list[int]:
    """Action ids of ``moves_text`` (the game's notation) played from the deal ``deal_seed``."""
    game = load_game(game_text)
    final = engine.replay(game, deal_seed, moves_text)   # raises the move's own error
    return _ids_by_replay(game, deal_seed, moves_text, final)


def _ids_by_replay(game: Game, deal_seed: int, moves_text: str, final: State) -> list[int]:
    """The action ids leading from the deal to ``final``: found by replaying prefixes move by
    move, so the multi-word notation is parsed exactly as ``replay`` does."""
    words, exact = engine.split_moves(moves_text)
    state = game.new_initial_state(int(deal_seed))
    ids = []
    i = 0
    while i < len(words):
        k = 1
        if not exact:
            for j in range(min(4, len(words) - i), 1, -1):
                text = " ".join(words[i:i + j])
                try:
                    a = state.parse_action(text)
                except TrickhoundError:
                    continue
                if a in state.legal_actions():
                    k = j
                    break
        a = state.parse_action(" ".join(words[i:i + k]))
        ids.append(a)
        state.apply_action(a)
        i += k
    if state.state_hash() != final.state_hash():
        raise AnalyseError("the moves replay to a different position")
    return ids


# -- a whole run -------------------------------------------------------------------------------

def pick_games(records: Sequence[GameRecord], max_games: Optional[int]) -> list[GameRecord]:
    """Up to ``max_games`` finished games spread evenly over the run (a round robin's games
    cycle through the pairings, so an even spread meets every bot)."""
    done = [r for r in records if r.termination != "forfeit"]
    if max_games is None or len(done) <= max_games:
        return list(done)
    step = len(done) / max_games
    return [done[int(i * step)] for i in range(max_games)]


def _review_json(args: tuple[dict, dict]) -> dict:
    rec, kw = args
    return review_record(GameRecord.from_json(rec), **kw).to_json()


def summarise_run(run: str, max_games: Optional[int] = 40,
                  node_budget: int = RUN_BUDGET["node_budget"], worlds: int = RUN_BUDGET["worlds"],
                  workers: int = 1, seed: int = 0,
                  progress: Optional[Callable[[int, int], None]] = None) -> dict:
    """Review up to ``max_games`` games of ``run`` with a bounded budget per decision and
    summarise every bot: mean loss per decision with its 95% interval and the label counts,
    best first."""
    every = read_run_records(run)
    recs = pick_games(every, max_games)
    kw = dict(node_budget=node_budget, worlds=worlds, seed=seed)
    jobs = [(r.to_json(), kw) for r in recs]
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(workers) as pool:
            outs = []
            for out in pool.map(_review_json, jobs):
                outs.append(out)
                if progress:
                    progress(len(outs), len(jobs))
    else:
        outs = []
        for j in jobs:
            outs.append(_review_json(j))
            if progress:
                progress(len(outs), len(jobs))
    reviews = [Review.from_json(o) for o in outs]
    return {"schema": "trickhound.run_review/1", "run": run,
            "game": every[0].game if every else None, "games": len(recs),
            "forfeited": sum(1 for r in every if r.termination == "forfeit"),
            "budget": kw, "bots": summarise_by_bot(reviews)}


# -- output ------------------------------------------------------------------------------------

def _f(x: Optional[float], fmt: str = "{:.2f}") -> str:
    return "-" if x is None else fmt.format(x)


def _unit(game_text: str) -> str:
    """What a game's losses are in (``Game.VALUE_UNIT``; points: of the round), for the
    review's header."""
    from solver.registry import load_game
    unit = load_game(game_text).VALUE_UNIT
    return "points of the round" if unit == "points" else unit


def forfeit_why(forfeit: dict) -> str:
    """Why a seat forfeited: its reason, then its detail ("exception: RuntimeError: boom")."""
    why = forfeit.get("reason") or "forfeit"
    if forfeit.get("detail"):
        why += f": {forfeit['detail']}"
    return why


def forfeit_sentence(seat: int, bot: str, at: int, why: str, played: Optional[int] = None,
                     played_out: bool = True) -> str:
    """One forfeit in words (the review's, the web replay's): "seat 0 (bot) forfeited at ply
    ``at`` + 1 (why)", then, given how many of the seat's moves the referee's substitute made
    from there (``played``), that they are marked *, or that the game was not played out."""
    after = ""
    if played:
        after = (f"; the referee's substitute played its {played} move(s) from that ply on, "
                 f"marked *")
    elif played is not None and not played_out:
        after = "; the game was not played out"
    return f"seat {seat} ({bot}) forfeited at ply {at + 1} ({why}){after}"


def review_text(review: Review) -> str:
    """The review for people: one line per move, then the per-seat and per-bot summaries."""
    lines = [f"Review of {review.game}, deal {review.deal_seed}: "
             + ", ".join(f"seat {i} {b}" for i, b in enumerate(review.seating)),
             f"(losses in {_unit(review.game)}; exact = full-state solve, view = "
             f"what the mover could know; budget "
             f"{budget_text(review.budget) or 'default'}; "
             f"~ = the full-state solve did "
             f"not finish within the budget, so no exact loss, and its best move is in "
             f"parentheses)", ""]
    for f in review.forfeits:
        played = sum(1 for d in review.decisions if d.seat == f["seat"]
                     and is_stand_in(d.bot))
        lines.append(forfeit_sentence(f["seat"], review.seating[f["seat"]], f["ply"],
                                      forfeit_why(f), played,
                                      any(d.ply >= f["ply"] for d in review.decisions)))
    if review.forfeits:
        lines.append("")
    if not review.decisions:
        # a game forfeited before its first move (tester 7: an empty table and empty headings)
        lines.append("No move was played: there is no decision to review.")
        return "\n".join(lines)
    rows = [("ply", "seat", "played", "best (exact)", "loss", "best (view)", "loss", "label")]
    for d in review.decisions:
        seat = f"{d.seat}*" if is_stand_in(d.bot) else str(d.seat)
        if d.forced:
            # (not "forced": in Mate that names a card set aside, §4; tester 14)
            rows.append((str(d.ply + 1), seat, d.played, "only move", "", "", "", ""))
            continue
        best = d.best_exact if d.exact or not d.best_exact else f"({d.best_exact})"
        rows.append((str(d.ply + 1), seat, d.played, best or "-",
                     _f(d.loss_exact) if d.exact else "~", d.best_view or "-",
                     _f(d.loss_view), d.label or ""))
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    lines += ["", "Per seat:"] + _summary_lines(review.seat_summary(), key="seat")
    lines += ["", "Per bot:"] + _summary_lines(review.bot_summary(), key="bot")
    return "\n".join(lines)


def _summary_lines(rows: list[dict], key: str) -> list[str]:
    out = []
    for r in rows:
        who = f"seat {r['seat']} {r['bot']}" if key == "seat" else r["bot"]
        ci = f" ±{r['ci95']:.2f}" if r.get("ci95") is not None else ""
        exact = f"exact {_f(r['mean_exact_loss'])} over the {r['exact_decisions']} solved"
        many = "decisions" if r["decisions"] != 1 else "decision "
        out.append(f"  {who:32s} {r['decisions']:4d} {many}  mean loss "
                   f"{_f(r['mean_loss'])}{ci}  ({exact})  "
                   + "  ".join(f"{n} {r[n]}" for n in LABELS))
    return out


def run_summary_text(summary: dict) -> str:
    """``summarise_run``'s table for people, best bot first."""
    head = (f"Mean loss per decision, {summary['game']}, {summary['games']} game(s) of "
            f"{summary['run']} (budget {budget_text(summary['budget'])}):")
    left = summary.get("forfeited", 0)
    notes = ([f"  ({left} forfeited game(s) left out: a forfeiter's moves stop short and a "
              f"substitute played the rest)"] if left else [])
    if not summary["bots"]:
        notes.append("  no finished game to review")
    return "\n".join([head] + _summary_lines(summary["bots"], key="bot") + notes)


def plot_review(review: Review, path: str) -> str:
    """A PNG of the loss per move (one marker series per seat; exact losses hollow) at
    ``path``."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(10, 4))
    for s, bot in enumerate(review.seating):
        ds = [d for d in review.decisions if d.seat == s and not d.forced]
        ax.plot([d.ply + 1 for d in ds], [d.loss_view or 0.0 for d in ds], "o-", ms=4, lw=0.8,
                label=f"seat {s} {bot} (view)")
        ex = [(d.ply, d.loss_exact) for d in ds if d.loss_exact is not None]
        ax.plot([ply + 1 for ply, _ in ex], [loss for _, loss in ex], "s", mfc="none", ms=6,
                label=f"seat {s} exact")
    a, b, c = THRESHOLDS.get(load_game(review.game).name, THRESHOLDS["mate-vic-village"])
    for y, name in ((a, "inaccuracy"), (b, "mistake"), (c, "blunder")):
        ax.axhline(y, color="grey", lw=0.5, ls="--")
        ax.text(0.5, y, name, fontsize=7, color="grey", va="bottom")
    ax.set_xlabel("move")
    ax.set_ylabel("points lost (this round)")
    ax.set_title(f"Loss per move: {review.game}, deal {review.deal_seed}")
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
