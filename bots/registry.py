"""Bot names -> Bot classes: built-ins, plugin files (``my_bot.py:MyBot``) and installed
packages' entry points (group ``trickhound.bots``). Errors list what is available."""
import contextlib
import importlib
import importlib.util
import os
import sys
from typing import Any, TypeVar

from bots.base import Bot
from bots.spec import BotSpec, BotSpecError
from solver.game import Game

_BUILTIN: dict[str, type[Bot]] = {}

_BotClass = TypeVar("_BotClass", bound=type[Bot])


def register(cls: _BotClass) -> _BotClass:
    """Class decorator: make a Bot subclass available under ``cls.name``."""
    _BUILTIN[cls.name] = cls
    return cls


def _load_builtins() -> None:
    # Importing the modules registers their bots.
    from bots import heuristic, human, openspiel_bots, random_bot, search_bots, solver_bot  # noqa: F401


def _entry_points() -> dict[str, Any]:
    try:
        from importlib.metadata import entry_points
    except ImportError:  # pragma: no cover
        return {}
    eps = entry_points()
    group = (eps.select(group="trickhound.bots") if hasattr(eps, "select")
             else eps.get("trickhound.bots", []))  # type: ignore[arg-type]  # Python < 3.10
    return {ep.name: ep for ep in group}


def builtin_bots() -> list[str]:
    """Names of trickhound's own bots (not installed packages' entry points), sorted."""
    _load_builtins()
    return sorted(_BUILTIN)


def available_bots() -> list[str]:
    """Names of every built-in and installed bot, sorted."""
    _load_builtins()
    return sorted(set(_BUILTIN) | set(_entry_points()))


# Plugin modules already executed: (real path, mtime, size) -> module. A tournament makes its
# bots afresh for every game; the file runs once per process (again only if it changes).
_PLUGIN_MODULES: dict[tuple[str, int, int], Any] = {}


def _why(e: BaseException) -> str:
    """An import failure in one phrase: the exception's type, and its text when it has one
    (a bare ``sys.exit()`` has none)."""
    return f"{type(e).__name__}: {e}" if str(e) else type(e).__name__


def _load_plugin_file(target: str) -> type[Bot]:
    path, _, clsname = target.rpartition(":")
    if not os.path.isfile(path):
        raise BotSpecError(f"bot plugin file {path!r} not found")
    st = os.stat(path)
    key = (os.path.realpath(path), st.st_mtime_ns, st.st_size)
    module = _PLUGIN_MODULES.get(key)
    if module is None:
        modname = "trickhound_plugin_" + os.path.splitext(os.path.basename(path))[0]
        spec = importlib.util.spec_from_file_location(modname, path)
        if spec is None or spec.loader is None:
            raise BotSpecError(f"bot plugin {path!r} cannot be imported (not a Python file)")
        module = importlib.util.module_from_spec(spec)
        sys.modules[modname] = module
        # The file's own folder is searched for its imports (``from helper import pick`` next
        # to it), as Python does for a script it runs; last, so it shadows nothing installed.
        folder = os.path.dirname(os.path.realpath(path))
        if folder not in sys.path:
            sys.path.append(folder)
        try:
            # what the file prints as it is imported goes to stderr: stdout carries the
            # command's own output (a leaderboard, --json) in the process that resolves specs
            with contextlib.redirect_stdout(sys.stderr):
                spec.loader.exec_module(module)
        except (Exception, SystemExit) as e:
            # SystemExit (a module-level sys.exit()) is the file's failure, not a request to
            # quit trickhound: it ended the run silently with the file's exit code. A
            # KeyboardInterrupt still propagates, so the user's Ctrl-C interrupts.
            sys.modules.pop(modname, None)
            raise BotSpecError(f"bot plugin {path!r} failed to import: {_why(e)}") from None
        _PLUGIN_MODULES[key] = module
    cls = getattr(module, clsname, None)
    if cls is None:
        found = sorted(n for n, v in vars(module).items()
                       if isinstance(v, type) and issubclass(v, Bot) and v.__module__ == modname)
        raise BotSpecError(f"no class {clsname!r} in {path!r}; its Bot classes: "
                           f"{', '.join(found) or 'none'}")
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise BotSpecError(f"{clsname!r} in {path!r} is not a trickhound Bot subclass")
    return cls


def is_plugin(name: str) -> bool:
    """Whether a spec name names a bot in a file (``file.py:Class``), not a registered one."""
    return ":" in name and name.split(":")[0].endswith(".py")


def spec_cheats(spec: str) -> bool:
    """Whether the bot a spec names is an oracle (its class's ``cheats``: it is handed the full
    state, hidden cards included), so that every report marks it; False for a spec that names
    no loadable bot (the error is reported where the bot is built)."""
    try:
        return bool(bot_class(BotSpec.parse(spec).name).cheats)
    except Exception:
        return False


def bot_class(name: str) -> type[Bot]:
    """The Bot class for a spec name (built-in name, entry point, or ``file.py:Class``)."""
    if is_plugin(name):
        return _load_plugin_file(name)
    _load_builtins()
    if name in _BUILTIN:
        return _BUILTIN[name]
    eps = _entry_points()
    if name in eps:
        try:
            cls = eps[name].load()
        except (Exception, SystemExit) as e:   # as for a plugin file: Ctrl-C still interrupts
            raise BotSpecError(f"entry point {name!r} failed to import: {_why(e)}") from None
        if not (isinstance(cls, type) and issubclass(cls, Bot)):
            raise BotSpecError(f"entry point {name!r} is not a trickhound Bot subclass")
        return cls
    hint = (f" (a bot in a file is named FILE.py:CLASS, e.g. {name}:MyBot)"
            if name.endswith(".py") else "")
    raise BotSpecError(f"unknown bot {name!r}{hint}; available: {', '.join(available_bots())}")


def make_bot(spec: "str | BotSpec", seed: int = 0) -> Bot:
    """A live bot from a spec (text or BotSpec): every parameter checked for name, type,
    choice and range before the bot is built."""
    spec = BotSpec.parse(spec)
    cls = bot_class(spec.name)
    params = spec.kwargs
    for k, v in params.items():
        if k not in cls.PARAMS:
            raise BotSpecError(f"unknown parameter {k!r} for bot {spec.name}; "
                               f"parameters: {', '.join(cls.PARAMS) or 'none'}")
        default = cls.PARAMS[k][0]
        params[k] = _convert(spec.name, k, v, default)
        allowed = getattr(cls, "CHOICES", {}).get(k)
        if allowed is not None and params[k] not in allowed:
            raise BotSpecError(f"parameter {k}={params[k]!r} of bot {spec.name} must be one of "
                               f"{', '.join(map(str, allowed))}")
        check_range(cls, spec.name, k, params[k])
    return cls(seed=seed, **params)


def check_range(cls: type, bot: str, key: str, value: object) -> None:
    """Raise BotSpecError if a numeric parameter is not finite or lies outside the bot class's
    declared ``RANGES`` (inclusive; see bots.base.Bot)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return
    if value != value or value in (float("inf"), float("-inf")):
        raise BotSpecError(f"parameter {key}={value} of bot {bot} must be a finite number")
    low, high = getattr(cls, "RANGES", {}).get(key, (None, None))
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            want = f"between {low} and {high}"
        elif low is not None:
            want = f"at least {low}"
        else:
            want = f"at most {high}"
        raise BotSpecError(f"parameter {key}={value} of bot {bot} must be {want}")


def _convert(bot: str, key: str, value: object, default: object) -> object:
    if default is None or isinstance(value, type(default)):
        return value
    try:
        if isinstance(default, bool):
            raise TypeError
        if isinstance(default, int) and isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(default, float) and isinstance(value, (int, float)):
            return float(value)
        if isinstance(default, str):
            return str(value)
    except (TypeError, ValueError):
        pass
    raise BotSpecError(f"parameter {key}={value!r} of bot {bot} must be {type(default).__name__}")


def check_supports(spec: "str | BotSpec", game: Game) -> type[Bot]:
    """Raise BotSpecError (at configuration time) if the bot cannot play this game or its
    spec names an unknown parameter or a bad value."""
    make_bot(spec, 0)
    cls = bot_class(BotSpec.parse(spec).name)
    if not cls.supports(game):
        raise BotSpecError(f"bot {spec} does not play {game.name}; "
                           f"it plays: {', '.join(cls.games or ())}")
    return cls
