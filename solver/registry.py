"""Game names -> Game objects: ``load_game("mate(forced_visibility=hidden)")``.

A game string is ``slug`` or ``slug(key=value,...)``. Each game module declares its options as
``OPTIONS = {name: Option(default, choices or type)}``; unknown options and bad values raise
InvalidOptionError, unknown slugs UnknownGameError. Games join by adding one line to ``_GAMES``.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from solver.errors import InvalidOptionError, UnknownGameError

if TYPE_CHECKING:
    from solver.game import Game

# slug -> "module:GameClass" (imported on first use)
_GAMES = {
    "mate": "solver.games.mate._state:MateGame",
    "dog-tag-trick": "solver.games.dog_tag_trick._state:DogTagTrickGame",
    "mate-vic-village": "solver.games.mate_vic_village._state:MateVicVillageGame",
    "mattis": "solver.games.mattis._state:MattisGame",
    "tiny-tricks": "solver.games.tiny_tricks._state:TinyTricksGame",
}


@dataclass(frozen=True)
class Option:
    """One game option: its default and either the allowed values or a converter."""

    default: Any
    choices: tuple[Any, ...] | None = None
    convert: Callable[[str], Any] | None = None
    doc: str = ""

    def parse(self, name: str, text: object) -> Any:
        value = _coerce(text)
        if self.convert is not None:
            try:
                value = self.convert(value)
            except (TypeError, ValueError) as e:
                raise InvalidOptionError(f"option {name}={text!r}: {e}") from None
        if self.choices is not None and value not in self.choices:
            raise InvalidOptionError(
                f"option {name}={text!r} is not one of {', '.join(map(str, self.choices))}")
        return value


@dataclass(frozen=True)
class BenchConfig:
    """One row a game declares for ``trickhound bench`` (``Game.BENCH_CONFIGS``).

    ``config``       the game string measured.
    ``unit``         how many of the C reference program's games one of our games is (Mate's
                     reference counts one deal, our state is a four-deal match).
    ``c_reference``  the C reference program's command line in ../shared/limits (``{games}``
                     is filled in), or None when it has none.
    ``playouts``     measure random playouts (engine speed) for this config.
    ``search``       measure the searches (ISMCTS, PIMC, max^n) for this config.
    ``lengths``      report the length distribution of random games (games that can cycle).
    ``anchor``       also measure the long max^n endgame series and OpenSpiel's C++ ISMCTS
                     anchor beside this config; ``label`` names it in the max^n row.
    ``solve_cases``  (case name, actions played first) pairs: time the game's exact solver
                     (``Game.EXACT_SOLVER``) on seeded deals after each prefix of actions;
                     ``solve_c_reference`` is the C program timing the same cases.
    """

    config: str
    unit: int = 1
    c_reference: str | None = None
    playouts: bool = True
    search: bool = True
    lengths: bool = False
    anchor: bool = False
    label: str = ""
    solve_cases: tuple[tuple[str, tuple[int, ...]], ...] = ()
    solve_c_reference: str | None = None


def _coerce(text: object) -> Any:
    if not isinstance(text, str):
        return text
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if re.fullmatch(r"[+-]?\d+", low):
        return int(low)
    return text.strip()


def available_games() -> list[str]:
    """The registered game slugs, sorted."""
    return sorted(_GAMES)


def example_configs(slug: str | None = None) -> list[str]:
    """The game strings each game declares as covering its player counts and options."""
    slugs = [slug] if slug else available_games()
    return [cfg for sl in slugs for cfg in game_class(sl).EXAMPLE_CONFIGS]


def game_class(slug: str) -> type[Game]:
    try:
        target = _GAMES[slug]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {slug!r}; available: {', '.join(available_games())}") from None
    module, cls = target.split(":")
    return getattr(importlib.import_module(module), cls)


_GAME_RE = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*(?:\((.*)\))?\s*$", re.S)


def parse_game_string(text: str) -> tuple[str, dict[str, str]]:
    """``"mate(a=1,b=x)"`` -> ``("mate", {"a": "1", "b": "x"})`` (values still text)."""
    if text is not None and not isinstance(text, str):
        # e.g. a position file's "game": 5 (tester 9): a refusal, not a TypeError
        raise UnknownGameError(f"a game is named by text (e.g. \"mate\"), got {text!r}")
    m = _GAME_RE.match(text or "")
    if not m:
        raise UnknownGameError(f"cannot parse game string {text!r} (expected name(key=value,...))")
    slug, body = m.group(1).lower().replace("_", "-"), m.group(2)
    params = {}
    if body and body.strip():
        for part in body.split(","):
            if "=" not in part:
                raise InvalidOptionError(f"game option {part.strip()!r} is not key=value")
            k, v = part.split("=", 1)
            k = k.strip()
            if k in params:
                raise InvalidOptionError(f"game option {k!r} given twice")
            params[k] = v.strip()
    return slug, params


def resolve_options(slug: str, declared: dict[str, Option],
                    given: dict[str, Any]) -> dict[str, Any]:
    """Defaults filled in, every given option checked against the declaration."""
    unknown = sorted(set(given) - set(declared))
    if unknown:
        raise InvalidOptionError(
            f"unknown option {', '.join(unknown)} for game {slug}; "
            f"options: {', '.join(sorted(declared)) or 'none'}")
    return {name: (opt.parse(name, given[name]) if name in given else opt.default)
            for name, opt in declared.items()}


def load_game(text: str, **options: Any) -> Game:
    """A Game from its string, e.g. ``load_game("mate-vic-village(players=4)")``; keyword
    options override those in the string."""
    slug, params = parse_game_string(text)
    params.update({k: v for k, v in options.items()})
    cls = game_class(slug)
    return cls(resolve_options(slug, cls.OPTIONS, params))


def game_string(game: Game) -> str:
    """The canonical text of a game: the slug plus its non-default options."""
    cls = type(game)
    diffs = [f"{k}={_fmt(v)}" for k, v in game.options.items() if v != cls.OPTIONS[k].default]
    return f"{game.name}({','.join(diffs)})" if diffs else game.name


def _fmt(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)
