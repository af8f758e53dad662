"""The web app of ``trickhound serve`` (Starlette, server-rendered Jinja2 pages, no script).

Pages: ``/`` (start), ``/play`` (a game against bots from one seat's view, with hints),
``/recommend`` (a pasted position -> the recommendation table), ``/runs`` (leaderboards, plots,
game lists, replays with their review), ``/jobs/<id>`` (a running search: progress, cancel).

Every search runs in a process of its own (``jobs.JobManager``; a hosted game in
``host.GameHost``), so tabs do not wait for each other. Bad input of any kind -- a form field,
a position, a move, a run or game that does not exist -- answers with the message on the page
and a 4xx status; an unexpected failure answers 500 with a one-line message, never a traceback.
"""
import contextlib
import errno
import json
import logging
import os
import secrets
import shutil
import socket
import tempfile
import threading
from collections.abc import AsyncIterator, Mapping
from typing import Any, Callable, Optional

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from solver.errors import TrickhoundError
from solver.registry import available_games, load_game
from tournaments import engine_adapter as engine
from tournaments.analyse import STAND_IN, forfeit_sentence, forfeit_why
from tournaments.records import GameRecord, forfeiting_seats, scored_returns, seat_forfeits
from tournaments.web import tasks
from tournaments.web.host import GameHost
from tournaments.web.jobs import Job, JobManager

HERE = os.path.dirname(os.path.abspath(__file__))
log = logging.getLogger("trickhound.web")
PLOTS = ("ratings.png", "head_to_head.png", "scores.png")
GAMES_PER_PAGE = 50
MAX_HOSTED = 50          # games hosted at once; the oldest is closed beyond that


class InputError(TrickhoundError, ValueError):
    """A form field that is missing or malformed (shown on the page with a 400)."""


def _one_line(e: BaseException) -> str:
    return " ".join(str(e).split()) or type(e).__name__


def _field(form: Mapping[str, Any], name: str, default: Optional[str] = None,
           required: bool = True) -> str:
    v = form.get(name)
    v = v.strip() if isinstance(v, str) else None
    if not v:
        if default is not None or not required:
            return default or ""
        raise InputError(f"the field {name!r} is required")
    return v


def _int(form: Mapping[str, Any], name: str, default: Optional[int] = None,
         lo: Optional[int] = None) -> int:
    text = _field(form, name, None if default is None else str(default))
    try:
        v = int(text)
    except ValueError:
        raise InputError(f"{name} must be a whole number, got {text!r}") from None
    if lo is not None and v < lo:
        raise InputError(f"{name} must be at least {lo}, got {v}")
    return v


#: Seeds are 64-bit, as on the command line (cli.SEED): -1 would wrap to 2**64 - 1.
SEED_MAX = 2 ** 64 - 1


def _seed(form: Mapping[str, Any], name: str, default: int) -> int:
    """A seed field: a whole number in 0..2**64 - 1, as the command line's --seed takes."""
    v = _int(form, name, default, lo=0)
    if v > SEED_MAX:
        raise InputError(f"{name} must be at most {SEED_MAX} (seeds are 64-bit), got {v}")
    return v


def _web_bot(spec: str) -> None:
    """Refuse a bot the page cannot seat: one that reads from a person (``human``: the person
    at this page is the one seat the page plays) and a bot in a file (``FILE.py:CLASS``): the
    server would import and run any file a form names; such a bot plays at the terminal
    (``trickhound play --vs``) or in ``trickhound rate``."""
    from bots.registry import bot_class, is_plugin
    from bots.spec import BotSpec
    name = BotSpec.parse(spec).name
    if is_plugin(name):
        raise InputError(f"bot {spec!r}: the web page plays built-in and installed bots only; "
                         f"play a bot in a file with `trickhound play --vs {spec}`")
    if getattr(bot_class(name), "interactive", False):
        raise InputError(f"bot {spec!r} reads from a person at the terminal; here you are "
                         f"the person (choose your seat)")


def _algo(form: Mapping[str, Any]) -> str:
    """The form's search: ``auto`` (the default, as on the command line) or a search's name."""
    algo = _field(form, "algo", tasks.AUTO)
    if algo not in tasks.ALGORITHM_CHOICES:
        raise InputError(f"unknown search {algo!r}; "
                         f"choose one of {', '.join(tasks.ALGORITHM_CHOICES)}")
    return algo


def _limit(form: Mapping[str, Any]) -> Optional[engine.SearchLimit]:
    """The form's search limit, None when left empty (the command line's default for the search
    that runs: iteration-limited, so that the answer reproduces)."""
    text = _field(form, "limit", required=False)
    return engine.SearchLimit.parse(text) if text else None


def create_app(runs_dir: str = os.path.join("results", "leaderboards", "runs"),
               workers: int = 2) -> Starlette:
    """The app, browsing the runs under ``runs_dir`` and running ``workers`` searches at once."""
    templates = Jinja2Templates(directory=os.path.join(HERE, "templates"))
    jobs = JobManager(workers=workers)
    hosts: dict[str, GameHost] = {}
    reviews: dict[tuple, str] = {}    # (run, game id, budget) -> job id of its review
    boards = Boards()
    plot_dir = tempfile.mkdtemp(prefix="trickhound-serve-")   # review plots, made on demand

    def page(request: Request, template: str, code: int = 200, **ctx: Any) -> Response:
        return templates.TemplateResponse(request, template, {"games": available_games(), **ctx},
                                          status_code=code)

    # -- errors ------------------------------------------------------------------------------
    async def input_error(request: Request, exc: Exception) -> Response:
        return page(request, "error.html", 400, message=_one_line(exc), status=400)

    async def http_error(request: Request, exc: HTTPException) -> Response:
        return page(request, "error.html", exc.status_code, message=exc.detail,
                    status=exc.status_code)

    async def server_error(request: Request, exc: Exception) -> Response:
        log.exception("unexpected error on %s", request.url.path)
        return page(request, "error.html", 500, status=500,
                    message=f"internal error ({type(exc).__name__}); the server log has details")

    # -- home, recommend ---------------------------------------------------------------------
    async def home(request: Request) -> Response:
        return page(request, "home.html", runs=_runs(runs_dir))

    async def recommend_form(request: Request) -> Response:
        return page(request, "recommend.html", form={}, algos=tasks.ALGORITHM_CHOICES)

    async def recommend_post(request: Request) -> Response:
        form = await request.form()
        game = load_game(_field(form, "game"))
        algo = _algo(form)
        limit = _limit(form)
        text = _field(form, "view_json", required=False)
        # The search seed, as ``trickhound recommend --search-seed``: by default the deal seed
        # (0 for a pasted view, as for a POSITION.json without --seed).
        seed = _seed(form, "search_seed", 0 if text else _seed(form, "seed", 0))
        if text:
            try:
                obj = json.loads(text)
            except ValueError as e:
                raise InputError(f"the view JSON is malformed: {e}") from None
            if not isinstance(obj, dict):
                raise InputError("the view JSON must be an object (view.to_json())")
            obj.pop("game", None)
            view = game.view_from_json(obj)
        else:
            state = engine.replay(game, _seed(form, "seed", 0),
                                  _field(form, "moves", required=False))
            if state.is_terminal():
                raise InputError("the game is over; there is no move to recommend")
            # No seat given: the seat to act.
            seat = _int(form, "seat", state.current_player(), lo=0)
            view = engine.view_from_moves(game, _seed(form, "seed", 0), seat,
                                          _field(form, "moves", required=False))
        if view.is_terminal():
            raise InputError("the game is over; there is no move to recommend")
        if view.current_player() != view.player:
            raise InputError(f"seat {view.current_player()} is to act, not seat {view.player}")
        job = jobs.submit("recommend", f"{algo} on {game.spec()}, seat {view.player}",
                          tasks.recommendation,
                          dict(game=game.spec(), view=view.to_json(), algo=algo,
                               limit=str(limit) if limit else "", seed=seed),
                          done_url="/recommend/result/{job}",
                          expected_s=limit.time_s if limit else None)
        return RedirectResponse(f"/jobs/{job.id}", status_code=303)

    async def recommend_result(request: Request) -> Response:
        job = _job(jobs, request.path_params["job"], "recommend")
        if not job.finished_ok:
            return RedirectResponse(f"/jobs/{job.id}", status_code=303)
        return page(request, "result.html", job=job, res=job.result)

    # -- jobs --------------------------------------------------------------------------------
    async def job_page(request: Request) -> Response:
        job = _job(jobs, request.path_params["job"])
        if job.finished_ok and job.done_url:
            return RedirectResponse(job.done_url, status_code=303)
        status = 400 if job.status == "failed" and job.user_error else (
            500 if job.status == "failed" else 200)
        return page(request, "job.html", status, job=job)

    async def job_cancel(request: Request) -> Response:
        job = _job(jobs, request.path_params["job"])
        jobs.cancel(job.id)
        return RedirectResponse(f"/jobs/{job.id}", status_code=303)

    # -- play --------------------------------------------------------------------------------
    async def play_form(request: Request) -> Response:
        return page(request, "play_new.html", form={})

    async def play_post(request: Request) -> Response:
        from bots.registry import check_supports
        from solver.rng import derive_seed
        form = await request.form()
        game = load_game(_field(form, "game"))
        seat = _int(form, "seat", 0, lo=0)
        if seat >= game.num_players:
            raise InputError(f"seat {seat} out of range for {game.num_players} players "
                             f"(seats 0..{game.num_players - 1})")
        seed = _seed(form, "seed", 1)
        others = [s.strip() for s in _field(form, "bots", "random").split(",") if s.strip()]
        if len(others) == 1:
            others = others * (game.num_players - 1)
        if len(others) != game.num_players - 1:
            raise InputError(f"{game.spec()} needs {game.num_players - 1} bot(s), "
                             f"got {len(others)}")
        for sp in others:
            _web_bot(sp)
            check_supports(sp, game)
        specs = others[:seat] + ["you"] + others[seat:]
        seeds = [derive_seed(seed, "bot", p) for p in range(game.num_players)]
        sid = secrets.token_hex(6)
        host = GameHost(game.spec(), seed, seat, specs, seeds)
        while len(hosts) >= MAX_HOSTED:
            hosts.pop(next(iter(hosts))).close()
        hosts[sid] = host
        await run_in_threadpool(host.call, "state")
        return RedirectResponse(f"/play/{sid}", status_code=303)

    def _host(sid: str) -> GameHost:
        host = hosts.get(sid)
        if host is None:
            raise HTTPException(404, f"no game {sid!r} here (the server may have restarted)")
        return host

    async def play_page(request: Request) -> Response:
        sid = request.path_params["sid"]
        host = _host(sid)
        snap = host.last or await run_in_threadpool(host.call, "state")
        hint = None
        hint_id = request.query_params.get("hint")
        if hint_id:
            job = _job(jobs, hint_id, "hint")
            hint = job.result if job.finished_ok else None
        return page(request, "play.html", sid=sid, s=snap, host=host, hint=hint,
                    algos=tasks.ALGORITHM_CHOICES)

    async def play_move(request: Request) -> Response:
        sid = request.path_params["sid"]
        host = _host(sid)
        form = await request.form()
        out = await run_in_threadpool(host.call, "move", _field(form, "move"))
        if "error" in out:
            raise InputError(out["error"])
        return RedirectResponse(f"/play/{sid}", status_code=303)

    async def play_hint(request: Request) -> Response:
        sid = request.path_params["sid"]
        host = _host(sid)
        form = await request.form()
        snap = host.last
        if snap is None or snap["terminal"] or snap["to_act"] != host.seat:
            raise InputError("a hint is for your turn")
        algo = _algo(form)
        limit = _limit(form)
        # seed 0, as the terminal's hint: the same position gets the same answer
        job = jobs.submit("hint", f"hint ({algo}) for seat {host.seat}", tasks.recommendation,
                          dict(game=host.game_text, view=snap["view"], algo=algo,
                               limit=str(limit) if limit else "", seed=0, hint=True),
                          done_url=f"/play/{sid}?hint={{job}}",
                          expected_s=limit.time_s if limit else None)
        return RedirectResponse(f"/jobs/{job.id}", status_code=303)

    # -- runs --------------------------------------------------------------------------------
    def _run(name: str) -> str:
        if name not in _runs(runs_dir):
            raise HTTPException(404, f"no run {name!r} in {runs_dir}")
        return os.path.join(runs_dir, name)

    async def runs_page(request: Request) -> Response:
        return page(request, "runs.html", runs=_runs(runs_dir), runs_dir=runs_dir)

    async def run_page(request: Request) -> Response:
        from tournaments.runner import load_records
        name = request.path_params["run"]
        path = _run(name)
        board = await run_in_threadpool(boards.get, path)
        # read as ``trickhound report`` reads the run (a torn last line is skipped, a corrupt
        # line elsewhere is a 400 naming it), so that the list holds the board's games
        recs = await run_in_threadpool(load_records, path)
        pages = max(1, -(-len(recs) // GAMES_PER_PAGE))
        p = min(max(1, _int(request.query_params, "page", 1)), pages)
        shown = [{"rec": r, "scores": score_cells(r), "forfeits": forfeit_notes(r)}
                 for r in recs[(p - 1) * GAMES_PER_PAGE:p * GAMES_PER_PAGE]]
        plots = [f for f in PLOTS if os.path.exists(os.path.join(path, f))]
        return page(request, "run.html", name=name, board=board, rows=shown, page=p,
                    pages=pages, total=len(recs), plots=plots,
                    reported=os.path.exists(os.path.join(path, "ratings.json")))

    async def run_plot(request: Request) -> Response:
        name, plot = request.path_params["run"], request.path_params["plot"]
        if plot not in PLOTS:
            raise HTTPException(404, f"no plot {plot!r}")
        path = os.path.join(_run(name), plot)
        if not os.path.exists(path):
            raise HTTPException(404, f"run {name!r} has no {plot}")
        return FileResponse(path, media_type="image/png")

    def _record(name: str, gid_text: str) -> GameRecord:
        """The game ``gid_text`` of the run ``name``, read as the run page reads the run (a
        torn last line skipped): 404 for a game the run does not hold, 400 for a corrupt run."""
        from tournaments.runner import load_records
        try:
            gid = int(gid_text)
        except ValueError:
            raise HTTPException(404, f"no game {gid_text!r}") from None
        for rec in load_records(_run(name)):
            if rec.game_id == gid:
                return rec
        raise HTTPException(404, f"{name} has no game with id {gid}")

    async def replay_page(request: Request) -> Response:
        name = request.path_params["run"]
        rec = await run_in_threadpool(_record, name, request.path_params["gid"])
        game = load_game(rec.game)
        ply = _int(request.query_params, "ply", len(rec.actions), lo=0)
        ply = min(ply, len(rec.actions))
        state = game.new_initial_state(rec.deal_seed)
        # seat -> the move from which the referee's substitute played it (as analyse marks
        # them; its first forfeit, should the substitute forfeit that seat again)
        stand_ins: dict[int, int] = {}
        for seat, at in forfeiting_seats(rec.forfeit):
            stand_ins.setdefault(seat, at)
        moves: list[dict] = []
        for i, a in enumerate(rec.actions):
            if i == ply:
                render = state.render()
            seat = state.current_player()
            moves.append({"ply": i + 1, "seat": seat, "text": state.action_to_str(a),
                          "stand_in": seat in stand_ins and i >= stand_ins[seat]})
            state.apply_action(a)
        if ply == len(rec.actions):
            render = state.render()
        review = None
        rid = request.query_params.get("review")
        if rid:
            job = _job(jobs, rid, "review")
            review = job.result if job.finished_ok else None
        if review:
            for m, d in zip(moves, review["decisions"]):
                m["d"] = d
        return page(request, "replay.html", name=name, rec=rec, ply=ply, render=render,
                    moves=moves, review=review, rid=rid, scores=score_cells(rec),
                    forfeits=forfeit_notes(rec, [m["seat"] for m in moves]),
                    stand_in=STAND_IN)

    async def replay_analyse(request: Request) -> Response:
        name, gid = request.path_params["run"], request.path_params["gid"]
        rec = await run_in_threadpool(_record, name, gid)
        form = await request.form()
        nb = _int(form, "node_budget", 20000, lo=1)
        worlds = _int(form, "worlds", 4, lo=1)
        ply = _int(form, "ply", len(rec.actions), lo=0)
        key = (name, rec.game_id, nb, worlds)
        job = jobs.get(reviews.get(key, ""))
        if job is None or job.status in ("failed", "cancelled"):
            job = jobs.submit("review", f"review of {name} game {rec.game_id}", tasks.review,
                              dict(record=rec.to_json(), node_budget=nb, worlds=worlds))
            reviews[key] = job.id
        # Back to the move the reviewer was looking at (a finished review is reused).
        job.done_url = f"/runs/{name}/games/{rec.game_id}?review={job.id}&ply={ply}"
        return RedirectResponse(job.done_url if job.finished_ok else f"/jobs/{job.id}",
                                status_code=303)

    async def review_plot(request: Request) -> Response:
        from tournaments.analyse import Review, plot_review
        job = _job(jobs, request.path_params["job"], "review")
        if not job.finished_ok:
            raise HTTPException(404, "the review is not finished")
        path = os.path.join(plot_dir, f"{job.id}.png")
        if not os.path.exists(path):
            await run_in_threadpool(plot_review, Review.from_json(job.result), path)
        return FileResponse(path, media_type="image/png")

    def shutdown() -> None:
        jobs.shutdown()
        for h in hosts.values():
            h.close()
        shutil.rmtree(plot_dir, ignore_errors=True)

    routes = [
        Route("/", home),
        Route("/recommend", recommend_form, methods=["GET"]),
        Route("/recommend", recommend_post, methods=["POST"]),
        Route("/recommend/result/{job}", recommend_result),
        Route("/jobs/{job}", job_page),
        Route("/jobs/{job}/cancel", job_cancel, methods=["POST"]),
        Route("/play", play_form, methods=["GET"]),
        Route("/play", play_post, methods=["POST"]),
        Route("/play/{sid}", play_page),
        Route("/play/{sid}/move", play_move, methods=["POST"]),
        Route("/play/{sid}/hint", play_hint, methods=["POST"]),
        Route("/runs", runs_page),
        Route("/runs/{run}", run_page),
        Route("/runs/{run}/plot/{plot}", run_plot),
        Route("/runs/{run}/games/{gid}", replay_page),
        Route("/runs/{run}/games/{gid}/analyse", replay_analyse, methods=["POST"]),
        Route("/runs/{run}/games/{gid}/review/{job}.png", review_plot),
        Mount("/static", StaticFiles(directory=os.path.join(HERE, "static")), name="static"),
    ]
    handlers: dict[Any, Callable[..., Any]] = {
        TrickhoundError: input_error, ValueError: input_error, LookupError: input_error,
        HTTPException: http_error, Exception: server_error}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        shutdown()

    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan)
    app.state.jobs = jobs
    return app


def _job(jobs: JobManager, job_id: str, kind: Optional[str] = None) -> Job:
    job = jobs.get(job_id)
    if job is None or (kind is not None and job.kind != kind):
        raise HTTPException(404, f"no search {job_id!r} (finished searches are kept a while)")
    return job


def _runs(runs_dir: str) -> list[str]:
    """Sub-folders of ``runs_dir`` holding a games.jsonl (the runs to browse), sorted."""
    if not os.path.isdir(runs_dir):
        return []
    return sorted(d for d in os.listdir(runs_dir)
                  if os.path.isfile(os.path.join(runs_dir, d, "games.jsonl")))


def score_cells(rec: GameRecord) -> Optional[list[str]]:
    """What a game scores per seat, as the page shows it: the board's numbers
    (records.scored_returns), so that a forfeit shows the game's worst return for each
    forfeiting seat and the played-out returns for the others, "-" for a seat left unscored
    (a forfeit not played out). A forfeit's raw ``returns`` are those of the game the
    referee's substitute finished, which would show the forfeiter a score it did not get.
    None for a game that scores nothing (a failed game): the page shows its termination."""
    scores = scored_returns(rec)
    if scores is None:
        return None
    return ["-" if x is None else f"{x:+g}" for x in scores]


def forfeit_notes(rec: GameRecord, movers: Optional[list[int]] = None) -> list[str]:
    """One sentence per forfeit of ``rec`` (records.seat_forfeits), as ``trickhound analyse``
    words it (analyse.forfeit_sentence). With ``movers`` (the seat of each recorded move, which
    the replay knows) it also says how many of the seat's moves the referee's substitute made
    (marked * on the page), or that the game was not played out."""
    notes = []
    for f in seat_forfeits(rec.forfeit):
        seat, at = int(f["seat"]), int(f.get("at", 0))
        played = (None if movers is None else
                  sum(1 for ply, s in enumerate(movers) if s == seat and ply >= at))
        notes.append(forfeit_sentence(seat, rec.seating[seat], at, forfeit_why(f), played,
                                      movers is None or len(movers) > at))
    return notes


def board_of(run_dir: str) -> dict:
    """A run's leaderboard as ``trickhound report`` prints it, for the page: the same Summary
    (tournaments.report.run_summary, which the report command writes ratings.json from) and
    the same text functions (tournaments.stats), in the same order: the table ranked by paired
    score (``head``, ``rows``: leaderboard_rows), then the lines the CLI prints below it
    (``notes``: games, the ranking statement, each adjacent pair "separated" / "NOT
    SEPARATED", the control variate, the paired differences). A gauntlet's board is its text
    as a whole (``text``); ``sanity`` is the sanity table's text, as the CLI prints it below.
    ``warning``: a run holding fewer games than scheduled, as ``report`` warns."""
    from tournaments.adaptive import ADAPTIVE
    from tournaments.config import TournamentConfig
    from tournaments.report import rating_test_stop, run_summary
    from tournaments.runner import load_records, read_meta
    from tournaments.stats import leaderboard_rows, leaderboard_text
    records = load_records(run_dir)
    if not records:
        return {"empty": True}
    summary = run_summary(run_dir, records=records)
    out: dict[str, Any] = {"empty": False, "text": None, "head": None, "rows": None,
                           "notes": [], "sanity": None, "warning": None}
    meta = read_meta(run_dir)
    scheduled = meta.get("games")
    if (isinstance(scheduled, int) and len(records) < scheduled
            and not os.path.exists(os.path.join(run_dir, ADAPTIVE))
            and rating_test_stop(TournamentConfig.from_json(meta["config"]), meta,
                                 records, run_dir) is None):  # rate's run: the note says so
        out["warning"] = (f"this run holds {len(records)} of its {scheduled} scheduled games "
                          f"(interrupted, or still playing?): the board covers only those")
    if summary.candidates:
        out["text"] = leaderboard_text(summary)
    else:
        head, rows = leaderboard_rows(summary)
        # leaderboard_text (no title) is the header line, the rule, one line per row, then
        # the notes: the notes are what follows the table's lines
        lines = leaderboard_text(summary).splitlines()
        out["head"], out["rows"] = head, rows
        out["notes"] = lines[2 + len(rows):]
    if summary.sanity is not None:
        where = os.path.join(os.path.basename(os.path.normpath(run_dir)), "sanity")
        out["sanity"] = leaderboard_text(summary.sanity, title=f"Sanity table ({where}): the "
                                         f"weak bots against the pool, apart from the board")
    return out


class Boards:
    """Leaderboards of runs, computed once per state of the run's files (games.jsonl,
    tournament.json): a board costs a pass over every record and a bootstrap per pair. One at a
    time: the control variate's reference games (run and cached in the run folder by
    ``trickhound report``, played here only for deals the cache lacks) are not written twice."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cache: dict[str, tuple[tuple, dict]] = {}

    @staticmethod
    def _stamp(run_dir: str) -> tuple:
        out: list[Optional[tuple[int, int]]] = []     # (mtime ns, size) per file, None: absent
        for name in ("games.jsonl", "tournament.json"):
            try:
                st = os.stat(os.path.join(run_dir, name))
                out.append((st.st_mtime_ns, st.st_size))
            except OSError:
                out.append(None)
        return tuple(out)

    def get(self, run_dir: str) -> dict:
        """The board of ``run_dir`` (see :func:`board_of`); a run that cannot be summarized
        (a corrupt record, a broken config) gives ``{"error": message}``, shown on the page."""
        with self._lock:
            stamp = self._stamp(run_dir)
            hit = self._cache.get(run_dir)
            if hit is not None and hit[0] == stamp:
                return hit[1]
            try:
                board = board_of(run_dir)
            except TrickhoundError as e:
                board = {"error": _one_line(e)}
            self._cache[run_dir] = (stamp, board)
            return board


class PortError(TrickhoundError, OSError):
    """The port ``trickhound serve`` was asked for cannot be had: in use, or reserved (one
    line, exit 2)."""


def bind(port: int, host: str = "127.0.0.1") -> socket.socket:
    """A listening socket on ``host``:``port``, bound before the server says it serves: a port
    in use is the user's error (:class:`PortError`), not a server that starts and dies."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # as uvicorn binds: a port left in TIME_WAIT by a server just stopped can be taken again
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            raise PortError(f"port {port} is in use (another program listens on it: "
                            f"{e.strerror}); choose another with --port") from None
        if e.errno == errno.EACCES:
            raise PortError(f"port {port} is reserved ({e.strerror}: ports below 1024 need "
                            f"root); choose another with --port") from None
        raise
    return sock


def serve(port: int = 8000, runs_dir: str = os.path.join("results", "leaderboards", "runs"),
          workers: int = 2) -> None:
    """Serve the app on 127.0.0.1:``port`` until interrupted. The port is bound first (a port
    in use raises :class:`PortError` before anything is printed). Ctrl-C and SIGTERM stop
    the server gracefully and then reach the caller as ``KeyboardInterrupt`` / the caller's
    SIGTERM handler (uvicorn re-raises the signal it caught once it has shut down), so that the
    command says ``trickhound: interrupted`` / ``terminated`` like every other command."""
    import uvicorn
    sock = bind(port)
    try:
        config = uvicorn.Config(create_app(runs_dir, workers), log_level="warning")
        print(f"trickhound: serving on http://127.0.0.1:{port}/ (Ctrl-C to stop)", flush=True)
        # Server.run, not uvicorn.run: uvicorn.run swallows the KeyboardInterrupt of Ctrl-C
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
