"""Tournament configuration: a TOML file, CLI flags, or both (flags win), validated in full
before any game starts.

A config file (every key optional except ``game`` and ``bots``)::

    game = "mate"                     # a game string; options may also go in [options]
    bots = ["solver", "random"]       # bot specs (built-in names or plugin paths file.py:Class)
    format = "round-robin"            # or "gauntlet": every candidate against the pool `bots`
    candidates = []                   # gauntlet only
    deals = 20                        # deals in the schedule (each replayed per seat rotation)
    duplicate = true                  # false: each deal played once, seats rotated deal by deal
    seed = 1                          # master seed: fixes every deal and every bot seed
    workers = 2
    executor = "process"              # "serial" (in-process), "process" (pool) or "dask"
    scheduler = "tcp://host:8786"     # dask only; none = a LocalCluster
    iterations = 2000                 # passed to bots that take an `iterations` parameter
    move_time = 0.5                   # seconds per move: passed to bots with a `time_s`
    time_margin = 0.1                 #   parameter; the referee forfeits a move that takes
                                      #   longer than move_time + time_margin
    move_limit = 60                   # without move_time: the seconds a move may take before
                                      #   it is a `timeout` forfeit (default 60; 0: no limit)
    worker_memory = 2048              # MiB of address space per worker process (optional;
                                      #   a bot that runs out forfeits with reason `memory`)
    out = "results/demo"

    [options]                         # game options (the same as mate(first_dealer=0))
    first_dealer = 0

Every problem — an unknown bot, key or game option, zero deals, a bot that does not play the
game, an output directory that cannot be written — raises :class:`ConfigError` with one line
naming it; the command line prints it as ``trickhound: error: ...`` with exit code 2.
"""
import os
import sys
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Optional

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from bots.registry import bot_class, check_supports, is_plugin, make_bot
from bots.spec import BotSpec, BotSpecError
from solver.errors import TrickhoundError
from solver.game import Game

FORMATS = ("round-robin", "gauntlet")
EXECUTORS = ("serial", "process", "dask")
START_METHODS = ("forkserver", "spawn")
#: The per-move limit (seconds) enforced when neither move_time nor move_limit is given:
#: generous for every built-in bot at its defaults, short enough that a bot that hangs
#: costs a minute, not the night.
DEFAULT_MOVE_LIMIT = 60.0
#: The most deals a schedule may hold (each is played once per seat rotation): far beyond
#: any tournament this machine plays in a day; above it a count is a typo.
MAX_DEALS = 100_000
#: The smallest --worker-memory (MiB): a worker needs about this much to import the engines.
MIN_WORKER_MEMORY = 256
#: The process pool's chunk of cheap games is sized to this many wall seconds of play (see
#: executors.ProcessPoolExecutor); the environment variable CHUNK_ENV overrides it, from 0
#: (one game per message) to CHUNK_SECONDS_MAX (beyond it every chunk is MAX_CHUNK games).
CHUNK_ENV = "TRICKHOUND_CHUNK_SECONDS"
CHUNK_SECONDS_DEFAULT = 0.05
CHUNK_SECONDS_MAX = 60.0
#: Bot parameters the tournament fills from its per-move limits (when the spec leaves them out).
ITERATION_PARAMS = ("iterations",)
TIME_PARAMS = ("time_s",)


class ConfigError(TrickhoundError, ValueError):
    """A tournament configuration that cannot run (one line naming the problem)."""


@dataclass
class TournamentConfig:
    game: str = "mate"
    bots: list[str] = field(default_factory=list)
    candidates: list[str] = field(default_factory=list)
    format: str = "round-robin"
    deals: int = 10
    duplicate: bool = True
    seed: int = 1
    workers: int = 1
    executor: str = "process"
    scheduler: Optional[str] = None
    start_method: Optional[str] = None
    iterations: Optional[int] = None
    move_time: Optional[float] = None
    time_margin: Optional[float] = None
    move_limit: Optional[float] = None
    worker_memory: Optional[int] = None
    out: Optional[str] = None
    leaderboard: dict = field(default_factory=dict)   # [leaderboard]: tournaments.adaptive

    @property
    def move_time_limit(self) -> Optional[float]:
        """What the referee enforces per move (seconds), or None: ``move_time`` plus the
        margin when bots are given a time; else ``move_limit`` (default DEFAULT_MOVE_LIMIT;
        0 turns the limit off, the only way to have none)."""
        if self.move_time is not None:
            return self.move_time + self.margin
        if self.move_limit is None:
            return DEFAULT_MOVE_LIMIT
        return self.move_limit or None

    @property
    def run_dir(self) -> str:
        """``out``, the run's folder: build_config always sets it; a config without one
        cannot be run."""
        if self.out is None:
            raise ConfigError("the tournament has no output directory (out)")
        return self.out

    @property
    def margin(self) -> float:
        if self.time_margin is not None:
            return self.time_margin
        return max(0.05, 0.2 * (self.move_time or 0.0))

    @property
    def all_bots(self) -> list[str]:
        """Every distinct spec of the run: candidates first (gauntlet), then the pool."""
        return list(self.candidates) + [b for b in self.bots if b not in self.candidates]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> "TournamentConfig":
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in obj.items() if k in known})

    def game_obj(self) -> Game:
        from solver.registry import load_game
        return load_game(self.game)


KEYS = tuple(f.name for f in fields(TournamentConfig)) + ("options",)

# What each key of a saved config (tournament.json's "config") may hold: the JSON types of
# TournamentConfig's fields ("int" excludes true/false; "number" is an int or a finite float).
_SAVED_TYPES: dict[str, tuple[str, ...]] = {
    "game": ("str",), "bots": ("specs",), "candidates": ("specs",), "format": ("str",),
    "deals": ("int",), "duplicate": ("bool",), "seed": ("int",), "workers": ("int",),
    "executor": ("str",), "scheduler": ("str", "none"), "start_method": ("str", "none"),
    "iterations": ("int", "none"), "move_time": ("number", "none"),
    "time_margin": ("number", "none"), "move_limit": ("number", "none"),
    "worker_memory": ("int", "none"), "out": ("str", "none"), "leaderboard": ("dict",)}
_TYPE_WORDS = {"str": "text", "specs": "a list of bot specs", "int": "an integer",
               "bool": "true or false", "number": "a number", "none": "null",
               "dict": "a table"}


def _json_type_ok(v: object, kind: str) -> bool:
    if kind == "str":
        return isinstance(v, str)
    if kind == "specs":
        return isinstance(v, list) and all(isinstance(b, str) for b in v)
    if kind == "int":
        return isinstance(v, int) and not isinstance(v, bool)
    if kind == "bool":
        return isinstance(v, bool)
    if kind == "number":
        return (isinstance(v, (int, float)) and not isinstance(v, bool)
                and v == v and v not in (float("inf"), float("-inf")))
    if kind == "none":
        return v is None
    return isinstance(v, dict)


def check_saved_config(obj: object, where: str) -> None:
    """A ConfigError naming the first problem of a saved config (tournament.json's
    ``config``, as ``TournamentConfig.to_json`` wrote it): not an object, no game or bots, or a
    key whose value is of the wrong type. ``report`` and ``resume`` of a hand-edited or damaged
    run then refuse in one line (tester 9: a list, ``seed: "x"``, ``leaderboard: 3`` or
    ``bots`` left out gave tracebacks). Keys it does not know are ignored, as from_json
    ignores them."""
    if not isinstance(obj, dict):
        raise ConfigError(f"malformed {where}: config is not an object")
    for key in ("game", "bots"):
        if key not in obj:
            raise ConfigError(f"malformed {where}: config has no {key}")
    if not obj["bots"]:
        raise ConfigError(f"malformed {where}: config.bots is empty")
    for key, kinds in _SAVED_TYPES.items():
        if key in obj and not any(_json_type_ok(obj[key], k) for k in kinds):
            want = " or ".join(_TYPE_WORDS[k] for k in kinds)
            raise ConfigError(f"malformed {where}: config.{key} must be {want}, "
                              f"got {obj[key]!r}")


def read_toml(path: str) -> dict[str, Any]:
    """The raw key/value table of a config file."""
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as e:
        raise ConfigError(f"cannot read {path}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"malformed TOML in {path}: {e}") from None
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise ConfigError(f"unknown key {', '.join(unknown)} in {path}; "
                          f"keys: {', '.join(KEYS)}")
    return data


def split_specs(text: str) -> list[str]:
    """``"ismcts(iterations=2000,c=0.7),random"`` -> the two specs (commas inside
    parentheses belong to the spec)."""
    out: list[str] = []
    depth = 0
    cur: list[str] = []
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if depth < 0:
            raise ConfigError(f"cannot parse bot spec {''.join(cur + [ch]).strip()!r}: a ')' "
                              f"without its '('")
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if depth:
        raise ConfigError(f"cannot parse bot spec {''.join(cur).strip()!r}: a '(' is not "
                          f"closed")
    out.append("".join(cur).strip())
    if any(out) and not all(out):
        # "random,,heuristic" or a trailing comma: a spec left out by mistake (tester 9: it was
        # skipped without a word)
        raise ConfigError(f"empty bot spec in {text.strip()!r} (two commas in a row, or one "
                          f"at an end)")
    return [s for s in out if s]


def _spec_list(value: object, key: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return split_specs(value)
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return [v.strip() for v in value if v.strip()]
    raise ConfigError(f"{key} must be a list of bot specs, got {value!r}")


def _int(value: Any, key: str, minimum: Optional[int] = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
                value = int(value)
            else:
                raise ValueError
        except ValueError:
            raise ConfigError(f"{key} must be an integer, got {value!r}") from None
    if minimum is not None and value < minimum:
        raise ConfigError(f"{key} must be at least {minimum}, got {value}")
    return value


def _float(value: Any, key: str, positive: bool = True) -> float:
    if isinstance(value, bool):
        raise ConfigError(f"{key} must be a number of seconds, got {value!r}")
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise ConfigError(f"{key} must be a number of seconds, got {value!r}") from None
    if value < 0 or (positive and value == 0) or value != value:
        raise ConfigError(f"{key} must be {'positive' if positive else 'non-negative'}, "
                          f"got {value}")
    return value


def chunk_seconds() -> float:
    """The process pool's chunk size in seconds of play: $TRICKHOUND_CHUNK_SECONDS, checked
    (a number from 0 to CHUNK_SECONDS_MAX; NaN, infinities and text are refused, where they
    had stopped a run mid-start with a traceback), else CHUNK_SECONDS_DEFAULT."""
    text = os.environ.get(CHUNK_ENV)
    if text is None or not text.strip():
        return CHUNK_SECONDS_DEFAULT
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 <= value <= CHUNK_SECONDS_MAX:    # NaN fails every comparison
        raise ConfigError(f"environment variable {CHUNK_ENV} must be a number of seconds "
                          f"from 0 to {CHUNK_SECONDS_MAX:g} (0: one game per message), "
                          f"got {text!r}")
    return value


def _bool(value: object, key: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1",
                                                    "false", "no", "off", "0"):
        return value.lower() in ("true", "yes", "on", "1")
    raise ConfigError(f"{key} must be true or false, got {value!r}")


def _game_string(raw: dict[str, Any]) -> Game:
    from solver.registry import load_game, parse_game_string
    game = raw.get("game")
    if game is None or game == "":
        raise ConfigError("no game given (game = \"mate\" in the config, or --game)")
    if not isinstance(game, str):
        raise ConfigError(f"game must be a game string such as \"mate\", got {game!r}")
    options = raw.get("options") or {}
    if not isinstance(options, dict):
        raise ConfigError("options must be a table of game options")
    try:
        given = {k: str(v) if not isinstance(v, str) else v for k, v in options.items()}
        g = load_game(game, **given)
        # an option both in the game string and in [options] must agree (the table won,
        # silently: newcomer pass 2)
        slug, in_string = parse_game_string(game)
        for k in sorted(set(in_string) & set(given)):
            a, b = load_game(game).options[k], load_game(slug, **{k: given[k]}).options[k]
            if a != b:
                raise ConfigError(f"game option {k} is {a!r} in game = {game!r} but {b!r} in "
                                  f"[options]: give it once")
    except TrickhoundError as e:
        raise ConfigError(_one_line(e)) from None
    return g


def _one_line(e: BaseException) -> str:
    return " ".join((str(e) or type(e).__name__).split())


def resolve_spec(text: str, game: Game, iterations: Optional[int] = None,
                 move_time: Optional[float] = None) -> str:
    """A spec checked against the registry and the game, plugin paths made absolute, and the
    per-move limits filled into the parameters the bot declares. Returns the canonical text."""
    try:
        spec = BotSpec.parse(text)
        name = spec.name
        if is_plugin(name):
            path, _, cls_name = name.rpartition(":")
            name = os.path.abspath(path) + ":" + cls_name
        cls = bot_class(name)
        params = dict(spec.params)
        for key in ITERATION_PARAMS:
            if iterations is not None and key in cls.PARAMS and key not in params:
                params[key] = iterations
        for key in TIME_PARAMS:
            if move_time is not None and key in cls.PARAMS and key not in params:
                params[key] = move_time
        spec = BotSpec(name, tuple(sorted(params.items())))
        if getattr(cls, "interactive", False):
            raise ConfigError(f"bot {text} needs a person at the terminal; tournaments and "
                              f"matches run unattended (play against bots with `trickhound "
                              f"play`)")
        make_bot(spec, 0)
        check_supports(spec, game)
    except (BotSpecError, ConfigError) as e:
        raise ConfigError(_one_line(e)) from None
    except TrickhoundError as e:
        raise ConfigError(f"bot {text!r}: {_one_line(e)}") from None
    except Exception as e:  # a plugin's constructor failing at configuration time
        raise ConfigError(f"bot {text!r} cannot be built: "
                          f"{type(e).__name__}: {_one_line(e)}") from None
    return str(spec)


def spec_class(spec: "str | BotSpec") -> type:
    return bot_class(BotSpec.parse(spec).name)


def build_config(raw: dict[str, Any], check_output: bool = True) -> TournamentConfig:
    """A validated :class:`TournamentConfig` from a raw mapping (TOML table and/or flags)."""
    unknown = sorted(set(raw) - set(KEYS))
    if unknown:
        raise ConfigError(f"unknown setting {', '.join(unknown)}; settings: {', '.join(KEYS)}")
    game = _game_string(raw)
    fmt = raw.get("format") or "round-robin"
    if fmt not in FORMATS:
        raise ConfigError(f"format must be one of {', '.join(FORMATS)}, got {fmt!r}")
    deals = _int(raw.get("deals", 10), "deals", 1)
    if deals > MAX_DEALS:
        raise ConfigError(f"deals must be at most {MAX_DEALS:,}, got {deals:,} (run a longer "
                          f"tournament as several runs with different seeds)")
    seed = _int(raw.get("seed", 1), "seed", 0)
    workers = _int(raw.get("workers", 1), "workers", 1)
    duplicate = _bool(raw.get("duplicate", True), "duplicate")
    scheduler = raw.get("scheduler") or None
    executor = raw.get("executor") or ("dask" if scheduler else "process")
    if executor not in EXECUTORS:
        raise ConfigError(f"executor must be one of {', '.join(EXECUTORS)}, got {executor!r}")
    if scheduler is not None and executor != "dask":
        raise ConfigError("a scheduler address needs executor = \"dask\"")
    if executor == "process":
        chunk_seconds()     # refused here, before a run folder is made
    start_method = raw.get("start_method") or None
    if start_method is not None and start_method not in START_METHODS:
        raise ConfigError(f"start_method must be one of {', '.join(START_METHODS)}, "
                          f"got {start_method!r}")
    iterations = raw.get("iterations")
    iterations = None if iterations is None else _int(iterations, "iterations", 1)
    move_time = raw.get("move_time")
    move_time = None if move_time is None else _float(move_time, "move_time")
    margin = raw.get("time_margin")
    margin = None if margin is None else _float(margin, "time_margin", positive=False)
    if margin is not None and move_time is None:
        raise ConfigError("time_margin needs move_time")
    move_limit = raw.get("move_limit")
    move_limit = None if move_limit is None else _float(move_limit, "move_limit", positive=False)
    if move_limit is not None and move_time is not None:
        raise ConfigError("move_limit is for runs without move_time (with move_time the limit "
                          "is move_time + time_margin)")
    memory = raw.get("worker_memory")
    memory = None if memory is None else _int(memory, "worker_memory", MIN_WORKER_MEMORY)

    bots = _spec_list(raw.get("bots"), "bots")
    candidates = _spec_list(raw.get("candidates"), "candidates")
    if fmt == "round-robin":
        if candidates:
            raise ConfigError("candidates belong to format = \"gauntlet\"")
        if len(bots) < 2:
            raise ConfigError(f"a round-robin needs at least 2 bots, got {len(bots)}")
    else:
        if not candidates:
            raise ConfigError("a gauntlet needs at least one candidate (candidates = [...])")
        if not bots:
            raise ConfigError("a gauntlet needs a pool of bots (bots = [...])")
    resolved: dict[str, list[str]] = {}
    for key, specs in (("candidates", candidates), ("bots", bots)):
        specs_out: list[str] = []
        for text in specs:
            spec = resolve_spec(text, game, iterations, move_time)
            if spec in specs_out:
                raise ConfigError(f"bot {text!r} is listed twice in {key}")
            specs_out.append(spec)
        resolved[key] = specs_out
    clash = set(resolved["candidates"]) & set(resolved["bots"])
    if clash:
        raise ConfigError(f"bot {sorted(clash)[0]} is both a candidate and in the pool")

    from tournaments.adaptive import leaderboard_settings
    board = raw.get("leaderboard")
    if board is not None and not isinstance(board, dict):
        raise ConfigError("leaderboard must be a table of leaderboard settings")
    for text in leaderboard_settings(board)["sanity"]:
        # checked like the bots now, not after the main run (the sanity table comes last)
        spec = resolve_spec(text, game, iterations, move_time)
        if spec in resolved["bots"] or spec in resolved["candidates"]:
            raise ConfigError(f"bot {text!r} is both in leaderboard.sanity and in the main "
                              f"table: the sanity table plays it against the pool apart")
    out = raw.get("out") or os.path.join("results", time.strftime("run-%Y%m%d-%H%M%S"))
    cfg = TournamentConfig(game=game.spec(), bots=resolved["bots"],
                           candidates=resolved["candidates"], format=fmt, deals=deals,
                           duplicate=duplicate, seed=seed, workers=workers,
                           executor=executor, scheduler=scheduler,
                           start_method=start_method, iterations=iterations,
                           move_time=move_time, time_margin=margin, move_limit=move_limit,
                           worker_memory=memory, out=str(out), leaderboard=dict(board or {}))
    if check_output:
        check_run_folder(cfg.run_dir)
        check_writable(cfg.run_dir)
    return cfg


#: What a tournament run folder holds (tournaments/runner.py): a folder with none of these is
#: not a run.
RUN_FILES = ("tournament.json", "games.jsonl", "tournament.log", ".lock")


def check_run_folder(out: str) -> None:
    """ConfigError if ``out`` is a folder that holds files but is not a tournament run (e.g.
    ``--out results``: the run's games.jsonl, log and report would be written among them)."""
    if not os.path.isdir(out):
        return
    names = os.listdir(out)
    if names and not set(names) & set(RUN_FILES):
        raise ConfigError(f"output {out} is a folder with other files, not a tournament run: "
                          f"give --out a new folder (or a run's, to continue it)")


def check_writable(out: str) -> None:
    """Create the output directory if needed and prove a file can be written in it. (Every
    other check of the config comes first, so a refused config leaves no folder; the runner
    removes a folder it leaves empty when it refuses to start.)"""
    if os.path.exists(out) and not os.path.isdir(out):
        raise ConfigError(f"output {out} exists and is not a directory")
    try:
        os.makedirs(out, exist_ok=True)
        probe = os.path.join(out, f".write-test-{os.getpid()}")
        with open(probe, "w") as f:
            f.write("ok")
        os.remove(probe)
    except OSError as e:
        raise ConfigError(f"output directory {out} is not writable: {e.strerror or e}") from None


def load_config(path: Optional[str] = None, check_output: bool = True,
                **flags: Any) -> TournamentConfig:
    """Config file (optional) overlaid with flags whose value is not None."""
    raw = read_toml(path) if path else {}
    for k, v in flags.items():
        if v is not None:
            raw[k] = v
    return build_config(raw, check_output=check_output)


def label(spec: "str | BotSpec") -> str:
    """A short display name: plugin paths lose their directory."""
    s = BotSpec.parse(spec)
    if is_plugin(s.name):
        path, _, cls_name = s.name.rpartition(":")
        s = BotSpec(os.path.basename(path) + ":" + cls_name, s.params)
    return str(s)


def labels(specs: Iterable[str]) -> dict[str, str]:
    """spec -> display label, falling back to the full spec where two labels would clash."""
    out = {s: label(s) for s in specs}
    counts: dict[str, int] = {}
    for v in out.values():
        counts[v] = counts.get(v, 0) + 1
    return {s: (v if counts[v] == 1 else s) for s, v in out.items()}
