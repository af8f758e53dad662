"""``SearchResult``: a search's answer for one decision, with per-action statistics.

Every legal root action gets an :class:`ActionStats`:

``mean``        the action's estimated value for the searching seat, in the unit named by
                ``SearchResult.value``: ``"return"`` (the game's returns, objective score),
                ``"win_share"`` (objective win: 1 for a sole first place, 1/k when k share it) or
                ``"round_gain"`` (points gained from now to the end of the current round: the
                exact solvers and horizon=round).
``ci_low/high`` a 95% interval of that mean: over the rollouts through the action (MCTS, one
                world) or over the sampled worlds (PIMC, >= 2 worlds). Zero width means exact.
``visits``      MCTS: iterations through the action (PIMC: summed over worlds); exact solver:
                the worlds it was solved in.
``share``       visits / all root visits.
``robustness``  PIMC: the fraction of sampled worlds in which the action was best (UCT: the
                most visited child of that world's tree; solver: an optimal move of that world,
                ties all count). ISMCTS: every iteration samples a world and the observer's own
                actions are available in each, so robustness is the fraction of iterations
                (counted once every root action has been tried) after which the action was the
                greedy choice (highest mean) at the root: how stable the answer was across
                determinizations. ``None`` when undefined (e.g. too few iterations).

``actions`` are stored recommended first, then in the algorithm's own order (visits for
MCTS, mean value for PIMC and solvers). ``to_json()`` is deterministic for an iteration-bound
limit, a seed and a thread count, but for ``nodes`` of PIMC's alpha-beta worlds on 2 or more
threads (which thread valued which action of a world, hence how much each found in its table,
is timing's; the values are exact); wall-clock figures are added by ``to_json(timing=True)``.
"""
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple, Optional

if TYPE_CHECKING:
    from solver.game import State, View
    from solver.search.limits import SearchLimit

Z95 = 1.959963984540054
SCHEMA = "trickhound.search_result/1"

VALUE_KINDS = ("return", "win_share", "round_gain")
# How the sampled verdicts read in the "how sure" line.
_WORDS = {"clear": "clear", "likely": "likely", "close": "close call"}


def _r(x: Optional[float]) -> Optional[float]:
    """Floats in JSON: None for missing, no NaN/inf (not JSON), otherwise exact."""
    if x is None:
        return None
    f = float(x)
    return f if f - f == 0.0 else None      # (inf - inf and nan - nan are nan: not finite)


def _finite(x: Optional[float]) -> Optional[float]:
    """``_r(x)``, faster for what searches mostly give: a finite float is returned as is."""
    return x if type(x) is float and x - x == 0.0 else _r(x)


_new_tuple = tuple.__new__


class ActionStats(NamedTuple):
    """One root action's statistics (the module docstring says what each field means).
    Immutable; a NamedTuple rather than a frozen dataclass because every search builds one per
    legal action (0.25 us each against 0.8: a frozen dataclass sets each field through
    ``object.__setattr__``), which at Mate's forced-card-hidden PIMC decision (~0.8 ms on 2
    threads) was a visible share of the time around the search."""

    action: int
    text: str
    mean: Optional[float]
    ci_low: Optional[float]
    ci_high: Optional[float]
    visits: int
    share: float
    robustness: Optional[float]

    @property
    def half_width(self) -> Optional[float]:
        if self.ci_low is None or self.ci_high is None:
            return None
        return (self.ci_high - self.ci_low) / 2

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "text": self.text, "mean": _r(self.mean),
                "ci95": [_r(self.ci_low), _r(self.ci_high)], "visits": self.visits,
                "share": _r(self.share), "robustness": _r(self.robustness)}


def mean_interval(total: float, total_sq: float, n: int
                  ) -> tuple[Optional[float], Optional[float], Optional[float]]:
    """(mean, low, high) of a sample given its sum, sum of squares and size (normal 95%
    interval with the sample variance). One value has no variance to estimate: its interval is
    unknown (low, high None), not zero-wide (zero width means exact); n == 0 gives Nones."""
    if n <= 0:
        return None, None, None
    mean = total / n
    if n == 1:
        return mean, None, None
    var = max(0.0, (total_sq - total * total / n) / (n - 1))
    h = Z95 * math.sqrt(var / n)
    return mean, mean - h, mean + h


@dataclass(frozen=True)
class SearchResult:
    algorithm: str
    player: int
    chosen: int
    actions: tuple[ActionStats, ...]
    value: str
    nodes: int
    iterations: int
    worlds: int
    exact: bool = False
    params: dict = field(default_factory=dict)
    limit: Optional["SearchLimit"] = None
    seed: Optional[int] = None
    seconds: float = field(default=0.0, compare=False)
    # Exact solvers: one optimal line from the position to the end of its round (empty when
    # not computed or not exact), and each seat's gain along it (None: not an exact solve).
    pv: tuple[int, ...] = ()
    seat_values: Optional[tuple[float, ...]] = None
    # recommend(algo="auto"): why this algorithm was chosen for the position (None otherwise).
    auto: Optional[str] = None
    # An independent search of the same view that ``confidence`` checks the answer against
    # (recommend's ``check``): {"algorithm", "seed", "chosen", "text", "label" (its sampling
    # verdict), "z"}; None when there was none (bots, exact answers).
    check: Optional[dict] = None
    # What the values are in: the game's ``VALUE_UNIT`` ("points", or Mattis's "the chance of
    # not being the loser"); ``recommend`` sets it from the view's game, so that the verdict
    # names the game's unit, not points (tester 8).
    value_unit: str = "points"

    # -- access -------------------------------------------------------------------------------
    def stats(self, action: int) -> ActionStats:
        for s in self.actions:
            if s.action == action:
                return s
        raise KeyError(action)

    @property
    def best(self) -> ActionStats:
        return self.actions[0]

    def values(self) -> dict[int, Optional[float]]:
        """{action: mean value} for every legal root action."""
        return {s.action: s.mean for s in self.actions}

    @property
    def iterations_per_s(self) -> Optional[float]:
        return self.iterations / self.seconds if self.seconds > 0 else None

    # -- how sure -------------------------------------------------------------------------------
    def sampling_confidence(self) -> dict:
        """The verdict from this search's own intervals alone: ``label`` forced / proved / tie
        (exact) or clear (z >= 3) / likely (z >= 1.64) / close, ``gap``, ``z``, ``text``. It
        counts sampling noise only, not the bias of rollouts or of the sampled worlds: see
        :meth:`confidence` for the verdict that does."""
        acts = self.actions
        if len(acts) == 1:
            return {"label": "forced", "gap": None, "z": None,
                    "text": f"forced: {acts[0].text} is the only legal move"}
        b = acts[0]
        # the runner-up: the best mean among the other moves with an interval (a move sampled
        # once has none), else among them all
        rest = [a for a in acts[1:] if a.half_width is not None] or list(acts[1:])
        s = max(rest, key=lambda a: (a.mean if a.mean is not None else -math.inf))
        if b.mean is None or s.mean is None:
            return {"label": "close", "gap": None, "z": None,
                    "text": "too few iterations to compare the moves"}
        gap = b.mean - s.mean
        unit = ({"return": "", "win_share": " win share",
                 "round_gain": " points this round"}[self.value] if self.value_unit == "points"
                else f" in {self.value_unit}")       # tester 8: Mattis's values are no points
        rob = f"; best in {b.robustness:.0%} of worlds" if (
            b.robustness is not None and self.algorithm != "ismcts" and self.worlds > 1) else ""
        if self.exact and all((a.half_width or 0.0) == 0.0 for a in (b, s)):
            label = "proved" if gap > 0 else "tie"
            what = (f"{b.text} is optimal, {gap:g}{unit} better than {s.text}" if gap > 0
                    else f"{b.text} and {s.text} are equally good")
            return {"label": label, "gap": gap, "z": None, "text": f"{label} (exact): {what}{rob}"}
        if (gap == 0 and self.algorithm != "ismcts" and self.worlds > 1
                and b.robustness == 1.0 and s.robustness == 1.0):
            # each is a best move in every world: they are worth the same in each sampled world
            # (the spread of their values is the worlds', not a difference between them)
            # (tester 7: this was called a "close call", a word for moves that may differ)
            detail = (f"{b.text} and {s.text} tie in every one of the {self.worlds} sampled "
                      f"worlds")
            return {"label": "tie", "gap": gap, "z": 0.0, "text": f"tie: {detail}",
                    "detail": detail}
        once = [a.text for a in (b, s) if a.half_width is None]
        if once:
            detail = (f"{' and '.join(once)} {'was' if len(once) == 1 else 'were'} sampled "
                      f"once: no interval to compare {b.text} and {s.text} by")
            return {"label": "close", "gap": gap, "z": None,
                    "text": f"{_WORDS['close']}: {detail}", "detail": detail}
        se = math.hypot((b.half_width or 0.0) / Z95, (s.half_width or 0.0) / Z95)
        z = gap / se if se > 0 else (math.inf if gap > 0 else 0.0)
        label = "clear" if z >= 3 else ("likely" if z >= 1.64 else "close")
        # both intervals zero-wide: exact in one world, the same in every world of several
        # (tester 10: "exact" for 20 sampled worlds that agreed, which proves nothing of the
        # worlds not drawn)
        same = (f"each the same in all {self.worlds} sampled worlds" if self.worlds > 1
                else "both values exact")
        how = (same if math.isinf(z) else
               f"95% half-widths {b.half_width or 0:.3g} and {s.half_width or 0:.3g}, z={z:.1f}")
        detail = (f"{b.text} {'beats' if gap >= 0 else 'trails'} {s.text} by "
                  f"{abs(gap):.3g}{unit} ({how}){rob}")
        return {"label": label, "gap": gap, "z": None if math.isinf(z) else z,
                "text": f"{_WORDS[label]}: {detail}", "detail": detail}

    def confidence(self) -> dict:
        """How sure the answer is: a dict ``label``, ``gap`` (value of the recommended move
        minus the runner-up), ``z`` (gap over the standard error of that difference from the
        two intervals; None when exact or undefined) and ``text``.

        Labels: ``forced`` (one legal move), ``proved`` / ``tie`` (exact values; ``tie`` also
        where the two best moves are worth the same in every sampled world), otherwise
        ``clear`` / ``likely`` / ``close``. An interval counts sampling noise, not the bias of
        the rollouts or of strategy fusion, and a search repeated with another seed repeats its
        bias; so "clear" needs the sampling verdict "clear" AND an independent search of a
        different kind (``check``: ISMCTS for PIMC and PIMC for ISMCTS, its own seed and
        worlds, see ``recommend``) choosing the same move with its own sampling verdict
        "clear". Measured on Mate positions against exact values (2,000 iterations; 200
        positions of seeded random play, the searches at 2 seeds each): sampling-only "clear"
        was right 89.9% (PIMC) and 94.6% (ISMCTS) of the time, agreement with a second seed of
        the same search 89.3% / 97.1% (the bias repeats), with the other kind of search 98.2%
        (tests/search/test_honest_confidence.py: PIMC 70/80 -> 48/48). Without a check the
        verdict is at most "likely"; when the check prefers another move it is "close"."""
        base = self.sampling_confidence()
        if base["label"] not in ("clear", "likely"):
            return {k: v for k, v in base.items() if k != "detail"}
        b = self.actions[0]
        check = self.check
        if check is None:
            label = "likely"
            note = "no independent search checked it (bias unmeasured)"
        elif check["chosen"] != b.action:
            label = "close"
            note = f"an independent {check['algorithm']} search prefers {check['text']}"
        else:
            both = base["label"] == "clear" and check["label"] == "clear"
            label = "clear" if both else "likely"
            note = (f"an independent {check['algorithm']} search agrees"
                    + ("" if both else f" ({check['label']})"))
        return {"label": label, "gap": base["gap"], "z": base["z"],
                "text": f"{_WORDS[label]}: {base['detail']}; {note}"}

    # -- output -------------------------------------------------------------------------------
    def to_json(self, timing: bool = False) -> dict:
        conf = self.confidence()
        out: dict[str, Any] = {
            "schema": SCHEMA,
            "algorithm": self.algorithm,
            "params": dict(self.params),
            "limit": self.limit.to_json() if self.limit is not None else None,
            "seed": self.seed,
            "player": self.player,
            "chosen": self.chosen,
            "chosen_text": self.actions[0].text,
            "value": self.value,
            "exact": self.exact,
            "confidence": {"label": conf["label"], "gap": _r(conf["gap"]), "z": _r(conf["z"]),
                           "text": conf["text"]},
            "nodes": self.nodes,
            "iterations": self.iterations,
            "worlds": self.worlds,
            "actions": [a.to_json() for a in self.actions],
        }
        if self.pv:
            out["pv"] = list(self.pv)
        if self.seat_values is not None:
            out["seat_values"] = [_r(v) for v in self.seat_values]
        if self.auto is not None:
            out["auto"] = self.auto
        if self.check is not None:
            out["check"] = {k: (_r(v) if k == "z" else v) for k, v in self.check.items()}
        if timing:
            out["elapsed_s"] = self.seconds
            out["iterations_per_s"] = self.iterations_per_s
        return out

    def table(self, view: Optional["View | State"] = None) -> str:
        """The answer for people: one row per legal move (recommended first), then the
        "how sure" line. Action text comes from ``view.action_to_str`` when a view is given."""
        def name(a: ActionStats) -> str:
            return view.action_to_str(a.action) if view is not None else a.text

        rows = [("", "move", "value", "95% interval", "visits", "share", "robust")]
        for i, a in enumerate(self.actions):
            mean = "-" if a.mean is None else f"{a.mean:.3f}"
            ci = "-" if a.ci_low is None else f"[{a.ci_low:.3f}, {a.ci_high:.3f}]"
            rob = "-" if a.robustness is None else f"{a.robustness:.0%}"
            rows.append(("*" if i == 0 else "", name(a), mean, ci, str(a.visits),
                         f"{a.share:.1%}", rob))
        widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
        lines = ["  ".join(c.ljust(w) if k < 2 else c.rjust(w) for k, (c, w) in
                           enumerate(zip(r, widths))).rstrip() for r in rows]
        chose = [f"auto: {self.algorithm} ({self.auto})"] if self.auto is not None else []
        unit = (getattr(view.game, "VALUE_UNIT", "points") if view is not None
                else self.value_unit)
        # a game whose values are not points names its unit alone: in Mattis one deal is the
        # game, so the round's gain and the game's return are one chance (tester 7 saw
        # "round_gain" from the solver and "return" from the searches for the same thing)
        what = self.value if unit == "points" else unit
        # the solver's budget is its worlds (--iterations is refused for it): its iteration
        # count (one a world) is not shown (tester 9 read "3 iterations, 3 worlds")
        budget = ("" if self.algorithm == "solver"
                  else f"{_count(self.iterations, 'iteration')}, ")
        # the rollouts the values rest on (they differ by game and player count:
        # params.rollout_policy; tester 19 found them only in --json)
        rollout = self.params.get("rollout") if self.algorithm != "solver" else None
        rollouts = f"{rollout} rollouts, " if isinstance(rollout, str) else ""
        # and the other seats' play in the tree where it is the heuristic's, not a search's
        if self.params.get("opponents") == "heuristic":
            rollouts += "heuristic opponents, "
        head = (f"{self.algorithm} for seat {self.player}: value = {what}, "
                f"{budget}{_count(self.worlds, 'world')}, {rollouts}"
                f"{_count(self.nodes, 'node')}"
                + (f", {self.seconds:.2f}s" if self.seconds else "")
                + (f" on {threads} threads" if isinstance(threads := self.params.get("threads"),
                                                          int) and threads > 1 else ""))
        best = self.actions[0].robustness
        note = []
        if best is not None and any((a.robustness or 0.0) > best for a in self.actions[1:]):
            # the columns would seem to disagree: say what each one means
            per = ("iterations after which" if self.algorithm == "ismcts"
                   else "sampled worlds in which")
            by = "most visits" if self.algorithm == "ismcts" else "the best mean value"
            note = [f"(robust: the share of {per} the move was best; {self.algorithm} "
                    f"recommends the move with {by}, which need not be the most robust)"]
        return "\n".join(chose + [head] + lines + note
                         + ["how sure: " + replace(self, value_unit=unit).confidence()["text"]])

    def __str__(self) -> str:
        return self.table()


def _count(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless one ("1 iteration", "20 worlds"; tester 8 saw "1
    iterations")."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _widened(row: dict[str, Any], factor: float) -> dict[str, Any]:
    """``row`` with its interval's half-widths about the mean times ``factor``."""
    if row["ci_low"] is None or row["ci_high"] is None or row["mean"] is None:
        return row
    m = row["mean"]
    return dict(row, ci_low=m - factor * (m - row["ci_low"]),
                ci_high=m + factor * (row["ci_high"] - m))


def build_result(algorithm: str, player: int, rows: Sequence[dict[str, Any]], *, value: str,
                 nodes: int, iterations: int, worlds: int, rank_by: str,
                 params: dict[str, Any], limit: Optional["SearchLimit"] = None,
                 seed: Optional[int] = None, seconds: float = 0.0, exact: bool = False,
                 chosen: Optional[int] = None) -> SearchResult:
    """A SearchResult from per-action rows: dicts with action, text, mean, ci_low, ci_high,
    visits, robustness. ``rank_by`` is "visits" (MCTS: most visited, then mean) or "mean"
    (PIMC / solvers: best mean, then robustness; where some moves were sampled at least twice,
    a move sampled once comes after them: one rollout's value is no estimate to choose by); the
    action id breaks remaining ties. The chosen action is the first of that order unless
    ``chosen`` is given."""
    visits = [r["visits"] for r in rows]
    total = sum(visits)
    repeated = any(v >= 2 for v in visits)

    def neg(x: Optional[float]) -> float:
        return -x if x is not None else math.inf

    key: Callable[[dict[str, Any]], tuple[float, ...]]
    if rank_by == "visits":
        key = lambda r: (-r["visits"], neg(r["mean"]), r["action"])
    elif rank_by == "mean":
        key = lambda r: (int(repeated and r["visits"] < 2), neg(r["mean"]),
                         neg(r["robustness"]), r["action"])
    else:
        raise ValueError(f"rank_by must be 'visits' or 'mean', not {rank_by!r}")
    ordered = sorted(rows, key=key)
    if chosen is not None:
        ordered = ([r for r in ordered if r["action"] == chosen]
                   + [r for r in ordered if r["action"] != chosen])
    if exact:       # exact values: zero-width intervals (one world's value needs no variance)
        ordered = [dict(r, ci_low=r["mean"], ci_high=r["mean"]) if r["ci_low"] is None else r
                   for r in ordered]
    ess = params.get("ess")
    if algorithm != "ismcts" and ess is not None and 0 < ess < worlds:
        # Worlds resampled from weighted candidates repeat them: about ESS of the ``worlds``
        # are independent, so an interval over the worlds is as wide as ESS worlds give
        # (tester 24: z of 875 at an ESS of 1.6, the intervals of two seeds disjoint).
        ordered = [_widened(r, math.sqrt(worlds / ess)) for r in ordered]
    # (built once per legal action of every search: tuple.__new__ skips the NamedTuple's
    # Python-level __new__, and a finite float is its own _r)
    stats = tuple([_new_tuple(ActionStats, (
        int(r["action"]), r["text"], _finite(r["mean"]), _finite(r["ci_low"]),
        _finite(r["ci_high"]), int(r["visits"]), (r["visits"] / total) if total else 0.0,
        _finite(r["robustness"]))) for r in ordered])
    return SearchResult(algorithm=algorithm, player=player, chosen=stats[0].action, actions=stats,
                        value=value, nodes=int(nodes), iterations=int(iterations),
                        worlds=int(worlds), exact=bool(exact), params=dict(params), limit=limit,
                        seed=seed, seconds=seconds)
