"""Parameter checks shared by the searches (Python side; the Cython loops take the codes)."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from solver.errors import IllegalActionError
from solver.search.limits import SearchLimit, SearchLimitError

if TYPE_CHECKING:
    from solver.game import Game, View

OBJECTIVES = ("score", "win")
ROLLOUTS = ("random", "policy")
HORIZONS = ("game", "round")
DEFAULT_WORLDS = 20
DEFAULT_C = 0.7
DEFAULT_MAX_NODES = 1 << 21


def objective_code(objective: str, horizon: str) -> tuple[int, int, str]:
    """(objective code, horizon code, value kind) after checking the pair."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
    if horizon not in HORIZONS:
        raise ValueError(f"horizon must be one of {', '.join(HORIZONS)}, not {horizon!r}")
    if objective == "win" and horizon == "round":
        raise ValueError("objective=win is decided at the end of the game; use horizon=game")
    value = ("round_gain" if horizon == "round"
             else ("win_share" if objective == "win" else "return"))
    return OBJECTIVES.index(objective), HORIZONS.index(horizon), value


def check_rollout(rollout: str) -> bool:
    """True for the game's rollout policy, False for uniformly random rollouts."""
    if rollout not in ROLLOUTS:
        raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
    return rollout == "policy"


def check_c(c: float) -> float:
    c = float(c)
    if not math.isfinite(c) or c < 0:
        raise ValueError(f"exploration constant c must be a finite number >= 0, got {c}")
    return c


def check_scale(scale: float | str | None, game: Game | None = None, objective: str = "score",
                horizon: str = "game") -> float:
    """The UCB value scale as the searchers take it: 0.0 = adaptive (``None``: the range of
    leaf values seen so far in the search), a positive number, or ``"bounds"``: the span of
    ``game.utility_bounds()`` (objective score, horizon game; 1 for objective win). The
    engines' bounds are loose (Mate (Vic Village): -128..1280 where a game's totals spread by
    a few dozen), which is why adaptive is the default."""
    if scale is None:
        return 0.0
    if scale == "bounds":
        if objective == "win":
            return 1.0
        if horizon != "game":
            raise ValueError("scale=bounds describes whole-game returns; use horizon=game")
        if game is None:
            raise ValueError("scale=bounds needs the game whose utility_bounds() to use")
        lo, hi = game.utility_bounds()
        return check_scale(hi - lo)
    if isinstance(scale, str):
        raise ValueError(f"scale must be a positive number, 'bounds' or None, not {scale!r}")
    scale = float(scale)
    if not math.isfinite(scale) or scale <= 0:
        raise ValueError(f"scale must be a positive number (or None for adaptive), got {scale}")
    return scale


def check_max_nodes(max_nodes: int) -> int:
    max_nodes = int(max_nodes)
    if not 16 <= max_nodes <= (1 << 30):
        raise ValueError(f"max_nodes must be in 16..2**30, got {max_nodes}")
    return max_nodes


def as_limit(limit: SearchLimit | str | int | dict[str, Any] | None) -> SearchLimit:
    if limit is None:
        raise SearchLimitError("a search needs a SearchLimit (iterations and/or time_s)")
    return SearchLimit.parse(limit)


def seed_int(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    return seed


def check_to_act(view: View) -> None:
    """The searching seat must be the one to act at a non-terminal position."""
    if view.is_terminal():
        raise IllegalActionError("the game is over; there is no move to search")
    if view.current_player() != view.player:
        raise IllegalActionError(
            f"seat {view.player} is not to act (seat {view.current_player()} is)")
