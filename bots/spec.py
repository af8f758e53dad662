"""``BotSpec``: a bot's name and parameters as text and as a picklable value.

``ismcts(iterations=2000,c=0.7)``, ``random``, ``path/to/my_bot.py:MyBot(depth=3)``. Workers of a
tournament receive specs, never live bots, and build their own.
"""
import re
from dataclasses import dataclass

from solver.errors import TrickhoundError
from solver.registry import _coerce


class BotSpecError(TrickhoundError, ValueError):
    """A bot spec that does not parse, names no bot, or has a bad parameter (type or range):
    bad user input, so the command line prints it as one line with exit code 2."""


_SPEC_RE = re.compile(r"^\s*([^()\s][^()]*?)\s*(?:\((.*)\))?\s*$", re.S)


@dataclass(frozen=True)
class BotSpec:
    name: str
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def parse(cls, text: "str | BotSpec") -> "BotSpec":
        """The spec of ``name(key=value,...)`` text (a BotSpec is returned as it is)."""
        if isinstance(text, BotSpec):
            return text
        m = _SPEC_RE.match(text or "")
        if not m:
            raise BotSpecError(f"cannot parse bot spec {text!r} (expected name(key=value,...))")
        name, body = m.group(1).strip(), m.group(2)
        params = {}
        if body and body.strip():
            for part in _split_params(body):
                if "=" not in part:
                    raise BotSpecError(f"bot parameter {part.strip()!r} in {text!r} "
                                       "is not key=value")
                k, v = (x.strip() for x in part.split("=", 1))
                if k in params:
                    raise BotSpecError(f"bot parameter {k!r} given twice in {text!r}")
                params[k] = _coerce_value(v)
        return cls(name, tuple(sorted(params.items())))

    @property
    def kwargs(self) -> dict[str, object]:
        return dict(self.params)

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return f"{self.name}({','.join(f'{k}={_fmt(v)}' for k, v in self.params)})"


def _split_params(body: str) -> list[str]:
    return [p for p in body.split(",") if p.strip()]


def _coerce_value(v: str) -> object:
    value = _coerce(v)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return value
    return value


def _fmt(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return repr(v) if isinstance(v, float) and v != v else str(v)
