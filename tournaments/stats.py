"""Scores, intervals, paired differences and the leaderboard, all recomputed from records.

Mean score: a bot's ``returns`` in the games it finished, first averaged per deal (its seats
and rotations of that deal) and then over deals, with a 95% Student-t interval over the deal
means — the games of one duplicate deal are not independent, the deals are. A forfeit scores
the game's worst return for the forfeiting seat (records.scored_returns: Mate -968, Dog Tag
Trick 0, ...), so that a bot never gains by forfeiting a game it is losing, and the other seats
their returns in the game the referee played out with a substitute in the forfeiter's seat
(none where it could not: a worker stopped or killed mid-game; in Mate, two seats and constant
sum, the other seat the rest of the sum, +968, either way); it also counts in the rating
(the forfeiting seat ranks last) and in the ``forfeits`` column. Failed games (no bot's fault)
are not scored.

Paired difference of bots A and B: for every deal, table and seat where both sat (in different
rotations of the same deal at the same table), A's score there minus B's; averaged per deal,
then over deals, with a 95% interval. On duplicate deals this removes the luck of the cards.
A *table* is the set of bots of a game: in a gauntlet every candidate has its own tables on the
same deals, and a pool bot's score on one candidate's table is never paired with its score on
another's (each candidate's figures come from its own tables only).

The leaderboard's primary order (``ranking``):

- ``"paired"`` (the default; every game here scores points): by each bot's *paired score*,
  the mean over the opponents it met of its paired difference with them. Margins count, luck of
  the cards cancels.
- ``"trueskill"``: by the order-free TrueSkill mu − 3·sigma (tournaments.ratings).

For every adjacent pair of that order (oracles, which see the cards, left out of the chain) the
board states the paired difference with its 95% interval, whether the interval excludes zero
(*separated*), and the share of bootstrap resamples over deals in which the upper bot stays
ahead; where TrueSkill's mu orders the pair the other way the pair is flagged.

Control variate (``reference``): for each deal and seat, the score a fixed reference policy
(every seat played by the heuristic bot, tournaments.control_variate) gets there. A bot's
*advantage* on deal ``d`` is its per-deal mean score minus ``c_d`` times the reference's mean
over the same seats. The reference is a function of the deal and the seat alone — fixed before
any bot under test plays — so its expectation is the same for every bot. The coefficient
``c_d`` is one number for every bot, fitted (least squares, pooled over bots) on the *other*
deals only (cross-fitting), so it is independent of deal ``d``: E[c_d · ref_d] is then the same
for every bot and differences of advantages are unbiased for differences of mean scores by
construction, while the luck of the deal that drives both cancels as far as the data show it
does (c near 0 where the reference carries no information, e.g. a constant-sum game whose
every seat a bot plays in the duplicate rotations). The board reports the per-deal variance
with and without it and the deals needed for the same interval.
"""
import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Optional

from tournaments.config import labels as make_labels
from tournaments.ratings import TOLERANCE, Ratings, rate
from tournaments.records import GameRecord, forfeiting_seats, scored_returns

RANKINGS = ("paired", "trueskill")
BOOTSTRAP = 2000           # resamples over deals per adjacent pair
BOOTSTRAP_SEED = 20261201  # fixed: the same records give the same board

# Two-sided 95% Student-t quantiles by degrees of freedom (1..30); 1.96 beyond.
_T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def t95(df: int) -> float:
    """Two-sided 95% Student-t quantile for ``df`` degrees of freedom."""
    if df < 1:
        return float("nan")
    return _T95[df - 1] if df <= len(_T95) else 1.96


def mean_ci(values: Sequence[float]) -> tuple[Optional[float], Optional[float]]:
    """(mean, half-width of the 95% interval) — half-width None below two values."""
    n = len(values)
    if n == 0:
        return None, None
    m = sum(values) / n
    if n < 2:
        return m, None
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, t95(n - 1) * math.sqrt(var / n)


def variance(values: Sequence[float]) -> Optional[float]:
    """Sample variance (n - 1), None below two values."""
    n = len(values)
    if n < 2:
        return None
    m = sum(values) / n
    return sum((v - m) ** 2 for v in values) / (n - 1)


def bootstrap_share(diffs: Sequence[float], resamples: int = BOOTSTRAP,
                    seed: int = BOOTSTRAP_SEED) -> Optional[float]:
    """Share of bootstrap resamples (deals drawn with replacement) whose mean is > 0; a zero
    mean counts half. None without deals."""
    n = len(diffs)
    if n == 0:
        return None
    import numpy as np
    rng = np.random.default_rng(seed)
    arr = np.asarray(diffs, dtype=float)
    means = arr[rng.integers(0, n, size=(resamples, n))].mean(axis=1)
    return float((means > 1e-12).mean() + 0.5 * (np.abs(means) <= 1e-12).mean())


@dataclass
class BotRow:
    spec: str
    label: str
    mu: float
    sigma: float
    conservative: float
    games: int            # games in the records (rated or not) it sat in, any of its seats
    rated: int
    mean_score: Optional[float]
    score_ci: Optional[float]
    deals: int
    # Per game, like ``games`` (a bot repeated to fill a table has several seats in one game):
    first_places: int     # games in which one of its seats placed first (not an all-seat tie)
    forfeits: int         # games in which one of its seats forfeited
    oracle: bool
    paired_score: Optional[float] = None   # mean over opponents met of the paired difference
    advantage: Optional[float] = None      # mean score minus the reference (control variate)
    advantage_ci: Optional[float] = None

    def to_json(self) -> dict:
        return asdict(self)


@dataclass
class PairRow:
    a: str
    b: str
    mean: Optional[float]  # mean of a's score minus b's on the same deal, table and seat
    ci: Optional[float]
    deals: int
    diffs: list[float] = field(default_factory=list, repr=False)   # per deal

    def to_json(self) -> dict:
        return {"a": self.a, "b": self.b, "mean": self.mean, "ci": self.ci, "deals": self.deals}


@dataclass
class AdjacentRow:
    """Two neighbours of the primary order, upper first."""
    upper: str
    lower: str
    mean: Optional[float]     # upper minus lower, paired on the same deals and seats
    ci: Optional[float]
    deals: int
    separated: bool           # the 95% interval lies above zero
    reversed: bool            # ...or below it: the pair's own games contradict the order
    bootstrap: Optional[float]  # share of resamples over deals keeping upper ahead
    trueskill_disagrees: bool   # TrueSkill's mu orders the pair the other way

    def to_json(self) -> dict:
        return asdict(self)


@dataclass
class ControlVariate:
    """What the per-deal reference bought (pooled over bots)."""
    reference: str             # the policy, e.g. "heuristic in every seat"
    var_raw: float             # variance of a bot's per-deal mean score
    var_adjusted: float        # ...of its per-deal mean advantage
    deals: int

    @property
    def factor(self) -> float:
        """Deals needed without the control variate / deals needed with it."""
        return self.var_raw / self.var_adjusted if self.var_adjusted > 0 else float("inf")

    def deals_needed(self, half_width: float) -> tuple[int, int]:
        """Deals for a ±half_width 95% interval on a bot's mean: (without, with)."""
        return (math.ceil((1.96 ** 2) * self.var_raw / half_width ** 2),
                math.ceil((1.96 ** 2) * self.var_adjusted / half_width ** 2))

    def to_json(self) -> dict:
        return {**asdict(self), "factor": self.factor}


@dataclass
class Summary:
    bots: list[BotRow]
    pairs: list[PairRow]
    ratings: Ratings
    records: int
    failed: int
    forfeits: dict        # reason -> count
    ranking: str = "paired"
    adjacent: list[AdjacentRow] = field(default_factory=list)
    control: Optional[ControlVariate] = None
    tables: dict[str, "Summary"] = field(default_factory=dict)   # gauntlet: candidate -> own
    candidates: list[str] = field(default_factory=list)
    note: Optional[str] = None          # e.g. the adaptive run's stopping statement
    # spec -> why it has no game (bots of ``order`` without a record; the reason is filled by
    # the caller that knows the schedule, tournaments.report.run_summary)
    idle: dict[str, str] = field(default_factory=dict)
    sanity: Optional["Summary"] = None  # the sanity table's board (tournaments.adaptive)

    def row(self, spec: str) -> BotRow:
        return next(r for r in self.bots if r.spec == spec)

    def pair(self, a: str, b: str) -> Optional[PairRow]:
        for p in self.pairs:
            if (p.a, p.b) == (a, b):
                return p
            if (p.a, p.b) == (b, a):
                return PairRow(a, b, None if p.mean is None else -p.mean, p.ci, p.deals,
                               [-d for d in p.diffs])
        return None

    def unseparated(self) -> list[AdjacentRow]:
        """Adjacent pairs whose order the games do not establish."""
        return [a for a in self.adjacent if not a.separated]

    def to_json(self) -> dict:
        out = {"bots": [b.to_json() for b in self.bots],
               "pairs": [p.to_json() for p in self.pairs],
               "adjacent": [a.to_json() for a in self.adjacent],
               "ranking": self.ranking,
               "records": self.records, "failed": self.failed, "forfeits": self.forfeits,
               "env": self.ratings.env}
        if self.control is not None:
            out["control_variate"] = self.control.to_json()
        if self.tables:
            out["gauntlet_tables"] = {c: t.to_json() for c, t in self.tables.items()}
        if self.note:
            out["note"] = self.note
        return out


def _table(rec: GameRecord) -> tuple[str, ...]:
    """The bots at a game's table, order-free: what makes two games comparable seat by seat."""
    return tuple(sorted(set(rec.seating)))


def summarize(records: Iterable[GameRecord],
              fixed: Optional[dict[str, tuple[float, float]]] = None,
              order: Optional[Sequence[str]] = None, ranking: str = "paired",
              placings: str = "ranks", tie_threshold: float = 0.0,
              reference: Optional[dict[tuple[int, int], float]] = None,
              candidates: Sequence[str] = (), trueskill: bool = True) -> "Summary":
    """The Summary of a run's records. ``fixed``: ratings held fixed (see ratings.rate);
    ``order``: specs to list even without games (e.g. the config's bots); ``ranking``: the
    primary order (module doc); ``placings``/``tie_threshold``: what TrueSkill rates (see
    ratings.rate); ``reference``: (deal_index, seat) -> the reference policy's score, the
    control variate; ``candidates``: a gauntlet's candidates, each also summarised from its own
    tables alone (``Summary.tables``); ``trueskill``: False skips the rating (the adaptive
    loop's quick look)."""
    if ranking not in RANKINGS:
        raise ValueError(f"ranking must be one of {', '.join(RANKINGS)}, got {ranking!r}")
    records = sorted(records, key=lambda r: r.game_id)
    if trueskill:
        ratings = rate(records, fixed=fixed, placings=placings, tie_threshold=tie_threshold)
    else:
        from tournaments.ratings import Ratings
        ratings = Ratings(env={"skipped": True})
    specs = list(order or [])
    for r in records:
        for s in r.seating:
            if s not in specs:
                specs.append(s)
    specs += [s for s in ratings.ratings if s not in specs and s not in (fixed or {})]
    games: defaultdict[str, int] = defaultdict(int)
    firsts: defaultdict[str, int] = defaultdict(int)
    forfeits_by: defaultdict[str, int] = defaultdict(int)
    # games in which a bot's seat was scored, and of those the games it forfeited itself
    scored_games: defaultdict[str, int] = defaultdict(int)
    scored_forfeits: defaultdict[str, int] = defaultdict(int)
    oracle = set()
    # spec -> deal -> scores; spec -> deal -> reference values
    per_deal: defaultdict[str, defaultdict[int, list[float]]] = defaultdict(
        lambda: defaultdict(list))
    ref_deal: defaultdict[str, defaultdict[int, list[float]]] = defaultdict(
        lambda: defaultdict(list))
    # (deal, table, seat) -> spec -> scores
    cell: defaultdict[tuple[int, tuple[str, ...], int], defaultdict[str, list[float]]] = (
        defaultdict(lambda: defaultdict(list)))
    reasons: defaultdict[str, int] = defaultdict(int)
    failed = 0
    for r in records:
        for seat in r.oracle_seats:
            oracle.add(r.seating[seat])
        for s in set(r.seating):
            games[s] += 1
        if r.termination == "failed":
            failed += 1
            continue
        forfeiters: set[str] = set()
        if r.forfeit:
            reasons[r.forfeit.get("reason", "?")] += 1
            for f in r.forfeit.get("others", []):      # later forfeits of a played-out game
                reasons[f.get("reason", "?")] += 1
            # per game, as ``games``: a bot repeated at a table may forfeit in two seats
            forfeiters = {r.seating[seat] for seat, _at in forfeiting_seats(r.forfeit)}
            for spec in forfeiters:
                forfeits_by[spec] += 1
        scored = scored_returns(r)
        if scored is None:
            continue
        for spec in {spec for spec, ret in zip(r.seating, scored) if ret is not None}:
            scored_games[spec] += 1
            scored_forfeits[spec] += spec in forfeiters
        if r.ranks and any(rank != 0 for rank in r.ranks):   # not a game every seat tied
            # per game, as ``games``: a bot repeated at a table counts once however many of
            # its seats share first place, so 1st <= games; a seat left unscored by a game
            # that could not be played out placed nowhere (tester 10)
            for spec in {r.seating[seat] for seat, rank in enumerate(r.ranks)
                         if rank == 0 and scored[seat] is not None}:
                firsts[spec] += 1
        table = _table(r)
        for seat, (spec, ret) in enumerate(zip(r.seating, scored)):
            if ret is None:     # a forfeited game's other seats: it did not finish
                continue
            per_deal[spec][r.deal_index].append(ret)
            cell[(r.deal_index, table, seat)][spec].append(ret)
            if reference is not None and (r.deal_index, seat) in reference:
                ref_deal[spec][r.deal_index].append(reference[(r.deal_index, seat)])
    names = make_labels(specs)

    pairs = []
    for i, a in enumerate(specs):
        for b in specs[i + 1:]:
            by_deal = defaultdict(list)
            for (deal, _tab, _seat), scores in cell.items():
                if a in scores and b in scores:
                    sa, sb = scores[a], scores[b]
                    by_deal[deal].append(sum(sa) / len(sa) - sum(sb) / len(sb))
            diffs = [sum(v) / len(v) for _d, v in sorted(by_deal.items())]
            if diffs:
                m, ci = mean_ci(diffs)
                pairs.append(PairRow(a, b, m, ci, len(diffs), diffs))
    pair_of: dict[tuple[str, str], float] = {}
    for p in pairs:
        if p.mean is None:  # never: a pair is listed only with deals, so with a mean
            continue
        pair_of[(p.a, p.b)] = p.mean
        pair_of[(p.b, p.a)] = -p.mean

    adv_deal = advantages(per_deal, ref_deal) if reference is not None else {}
    rows = []
    for s in specs:
        deal_means = [sum(v) / len(v) for v in per_deal[s].values()]
        m, ci = mean_ci(deal_means)
        adv = list(adv_deal.get(s, {}).values())
        am, aci = mean_ci(adv)
        met = [pair_of[(s, o)] for o in specs if o != s and (s, o) in pair_of]
        mu, sigma = ratings.ratings.get(s, (float("nan"), float("nan")))
        rows.append(BotRow(spec=s, label=names[s], mu=mu, sigma=sigma, conservative=mu - 3 * sigma,
                           games=games[s], rated=ratings.games.get(s, 0), mean_score=m,
                           score_ci=ci, deals=len(deal_means), first_places=firsts[s],
                           forfeits=forfeits_by[s], oracle=s in oracle,
                           paired_score=sum(met) / len(met) if met else None,
                           advantage=am, advantage_ci=aci))

    def ts_key(r: BotRow) -> float:
        return -(r.conservative if r.conservative == r.conservative else -1e18)

    def forfeited_all(r: BotRow) -> bool:
        # Every game in which it was scored was its own forfeit: last, whatever the other keys
        # say (tester 10: two bots that crashed their workers shared the only scored deals,
        # paired +0.00, and ranked above the bot whose games they left unscored).
        return 0 < scored_games[r.spec] == scored_forfeits[r.spec]

    if ranking == "paired":
        rows.sort(key=lambda r: (forfeited_all(r), r.paired_score is None,
                                 -(r.paired_score if r.paired_score is not None else 0.0),
                                 ts_key(r), r.label))
    else:
        rows.sort(key=lambda r: (forfeited_all(r), ts_key(r), r.label))
    summary = Summary(rows, pairs, ratings, len(records), failed, dict(reasons), ranking=ranking,
                      candidates=list(candidates),
                      idle={s: "no game recorded" for s in (order or []) if games[s] == 0})
    summary.adjacent = adjacent_pairs(summary, trueskill)
    if reference is not None:
        summary.control = control_variate(per_deal, adv_deal)
    for c in candidates:
        own = [r for r in records if c in r.seating]
        summary.tables[c] = summarize(own, fixed=fixed, order=[c] + [s for s in specs
                                                                     if s not in candidates],
                                      ranking=ranking, placings=placings,
                                      tie_threshold=tie_threshold, reference=reference,
                                      trueskill=trueskill)
    return summary


# TrueSkill mu differences below this are not an order (expectation propagation stops within
# ~1e-6; a board's sigmas are tenths at least).
MU_TOLERANCE = 0.01


def adjacent_pairs(summary: Summary, trueskill: bool = True) -> list[AdjacentRow]:
    """Adjacent pairs of the primary order among the non-oracle bots (see the module doc)."""
    chain = [r for r in summary.bots if not r.oracle and r.games > 0]
    out = []
    for up, low in zip(chain, chain[1:]):
        p = summary.pair(up.spec, low.spec)
        if p is None or p.mean is None:
            out.append(AdjacentRow(up.spec, low.spec, None, None, 0, False, False, None, False))
            continue
        sep = p.ci is not None and p.mean - p.ci > 0
        rev = p.ci is not None and p.mean + p.ci < 0
        # TrueSkill's own order disagrees only by more than its convergence noise (two bots
        # that tie on every game end within ~1e-6 of each other, in either order)
        disagree = trueskill and up.mu == up.mu and low.mu == low.mu and (
            (up.mu < low.mu - MU_TOLERANCE) if summary.ranking == "paired" else p.mean < 0)
        out.append(AdjacentRow(up.spec, low.spec, p.mean, p.ci, p.deals, sep, rev,
                               bootstrap_share(p.diffs), bool(disagree)))
    return out


def advantages(per_deal: dict, ref_deal: dict) -> dict[str, dict[int, float]]:
    """spec -> deal -> the bot's mean score on the deal minus c_d times the reference's mean
    on the same seats, c_d fitted on the other deals (module doc)."""
    points = []                                   # (deal, spec, mean score, mean reference)
    for spec, refs in ref_deal.items():
        for d, fv in refs.items():
            sv = per_deal[spec][d]
            points.append((d, spec, sum(sv) / len(sv), sum(fv) / len(fv)))
    out: dict[str, dict[int, float]] = defaultdict(dict)
    by_deal = defaultdict(list)
    for p in points:
        by_deal[p[0]].append(p)
    # Sums over all points; each deal's coefficient removes that deal's own terms.
    n = len(points)
    sx = sum(p[3] for p in points)
    sy = sum(p[2] for p in points)
    sxx = sum(p[3] * p[3] for p in points)
    sxy = sum(p[3] * p[2] for p in points)
    for d, own in by_deal.items():
        k = n - len(own)
        if k < 2:
            c = 0.0
        else:
            ox = sx - sum(p[3] for p in own)
            oy = sy - sum(p[2] for p in own)
            oxx = sxx - sum(p[3] * p[3] for p in own)
            oxy = sxy - sum(p[3] * p[2] for p in own)
            var = oxx - ox * ox / k
            c = (oxy - ox * oy / k) / var if var > 1e-12 else 0.0
        for _d, spec, y, x in own:
            out[spec][d] = y - c * x
    return out


def control_variate(per_deal: dict, adv_deal: dict) -> Optional[ControlVariate]:
    """Pooled per-deal variance of the bots' raw scores and of their advantages, over the deals
    where both are known."""
    raw_v, adj_v, n = [], [], 0
    for spec, adv in adv_deal.items():
        deals = [d for d in adv if d in per_deal[spec]]
        raw = [sum(per_deal[spec][d]) / len(per_deal[spec][d]) for d in deals]
        adj = [adv[d] for d in deals]
        vr, va = variance(raw), variance(adj)
        if vr is None or va is None:
            continue
        raw_v.append(vr)
        adj_v.append(va)
        n = max(n, len(deals))
    if not raw_v:
        return None
    return ControlVariate("heuristic in every seat, cross-fitted coefficient",
                          sum(raw_v) / len(raw_v),
                          sum(adj_v) / len(adj_v), n)


#: How a board marks an oracle (a bot that sees the full state) beside its label, and the
#: footnote that says so; README: oracles are "marked in every report".
ORACLE_MARK = " *"
ORACLE_NOTE = "* oracle: sees the full state (cheats)"


def marked(row: BotRow) -> str:
    """A bot's label as boards print it: with ``ORACLE_MARK`` if it is an oracle."""
    return row.label + (ORACLE_MARK if row.oracle else "")


def marked_names(summary: "Summary") -> dict[str, str]:
    """spec -> its label as boards print it (oracles marked)."""
    return {r.spec: marked(r) for r in summary.bots}


def has_oracle(summary: "Summary") -> bool:
    """Whether any bot of the board (or of a gauntlet's tables) is an oracle."""
    return any(r.oracle for r in summary.bots) or any(has_oracle(t)
                                                      for t in summary.tables.values())


def column_legend(summary: "Summary") -> list[str]:
    """What the leaderboard's columns hold, one sentence each (the board's legend). ``games``,
    ``1st`` and ``forfeits`` count games, not seats: a bot repeated to fill a table's seats
    counts a game once."""
    out = ["paired: the bot's mean paired score difference over the opponents it met (same "
           "deal, table and seat); mu, sigma, mu-3s: its TrueSkill rating",
           "games: games it sat in (any of its seats); score: mean return per game with a 95% "
           "interval over deals"]
    if summary.control is not None:
        out.append("vs reference: the control variate, its per-deal mean score minus c times "
                   "the reference's (the heuristic bot in every seat) on the same deals and "
                   "seats, c fitted on the other deals: the same expected differences between "
                   "bots as score, with less of the cards' luck; 95% interval over deals")
    out.append("1st: games in which one of its seats placed first, alone or shared (not a game "
               "every seat tied); forfeits: games in which one of its seats forfeited")
    return out


def idle_lines(summary: "Summary") -> list[str]:
    """A warning naming the bots of the run that played no game, and why (Summary.idle)."""
    if not summary.idle:
        return []
    names = {r.spec: r.label for r in summary.bots}
    return [f"warning: {len(summary.idle)} bot(s) played no game: "
            + "; ".join(f"{names.get(s, s)} ({why})" for s, why in summary.idle.items())]


def _num(x: Optional[float], fmt: str = "{:.1f}") -> str:
    return "-" if x is None or x != x else fmt.format(x)


def score_text(row: BotRow) -> str:
    """``+3.2 ± 1.1``: a bot's mean score and its 95% interval."""
    if row.mean_score is None:
        return "-"
    if row.score_ci is None:
        return f"{row.mean_score:+.1f}"
    return f"{row.mean_score:+.1f} ± {row.score_ci:.1f}"


def leaderboard_rows(summary: Summary) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the leaderboard as text cells."""
    head = ["#", "bot", "paired", "mu", "sigma", "mu-3s", "games", "score (95% CI)"]
    cv = summary.control is not None
    if cv:
        head.append("vs reference (95% CI)")
    head += ["1st", "forfeits"]
    rows = []
    for i, r in enumerate(summary.bots, 1):
        cells = [str(i), marked(r), _num(r.paired_score, "{:+.2f}"),
                 _num(r.mu, "{:.2f}"), _num(r.sigma, "{:.2f}"), _num(r.conservative, "{:.2f}"),
                 str(r.games), score_text(r)]
        if cv:
            cells.append("-" if r.advantage is None else
                         f"{r.advantage:+.1f}" + ("" if r.advantage_ci is None
                                                  else f" ± {r.advantage_ci:.1f}"))
        cells += [str(r.first_places), str(r.forfeits)]
        rows.append(cells)
    return head, rows


def ranking_statement(summary: Summary) -> str:
    """One sentence: what orders the board and what TrueSkill rated."""
    env = summary.ratings.env
    if summary.ranking == "paired" and summary.bots and all(
            r.paired_score is None for r in summary.bots):
        # paired scores need a deal played by two bots in the same seat (tester 6: the header
        # claimed them on a --no-duplicate board whose every paired score was "-")
        first = ("ranked by TrueSkill mu - 3·sigma: no paired score (no deal was played by "
                 "two bots in the same seat, as without duplicate deals)")
    elif summary.ranking == "paired":
        first = ("ranked by paired score (mean over opponents met of the score difference on "
                 "the same deal, table and seat)")
    else:
        first = "ranked by TrueSkill mu - 3·sigma"
    if env.get("skipped"):
        return first
    pl = env.get("placings", "ranks")
    placing = ("placings from the game's ranks" if pl == "ranks" else
               f"placings by score, ties within {env.get('tie_threshold', 0):g} points")
    sweeps = env.get("sweeps", "?")
    # (boards rated before 0.10.0 have no "converged": they said "to convergence" throughout)
    procedure = (f"expectation propagation to convergence, {sweeps} sweeps"
                 if env.get("converged", True) else
                 f"expectation propagation stopped at {sweeps} sweeps, before the ratings "
                 f"settled within {TOLERANCE:g}")
    return (f"{first}; TrueSkill: order-free ({procedure}), {placing}, draw probability "
            f"{env.get('draw_probability', float('nan')):.3f} estimated from the records")


def _pm(mean: float, ci: Optional[float]) -> str:
    return f"{_z(mean):+.2f}" + (f" ± {ci:.2f}" if ci is not None else " (no interval)")


def _z(x: float) -> float:
    return 0.0 if abs(x) < 0.005 else x


def adjacent_lines(summary: Summary) -> list[str]:
    """The 'what the board knows' block: one line per adjacent pair."""
    names = {r.spec: r.label for r in summary.bots}
    lines = ["Adjacent pairs (upper - lower, paired on the same deals and seats, 95% CI; "
             "bootstrap: share of resamples over deals keeping the order):"]
    for a in summary.adjacent:
        u, lo = names.get(a.upper, a.upper), names.get(a.lower, a.lower)
        if a.mean is None:
            lines.append(f"  {u} > {lo}: no scored game on a shared deal and seat (never in "
                         f"the same seat of one deal, as without duplicate deals, or every "
                         f"game they shared was forfeited) — NOT SEPARATED")
            continue
        verdict = ("separated" if a.separated else
                   "REVERSED (their own games put the lower bot ahead)" if a.reversed else
                   "NOT SEPARATED: the same score on every deal they shared (the order is the "
                   "board's, over every opponent)"
                   if a.mean == 0 and a.ci == 0 else
                   # the order is the board's (over every opponent); a pair's own games may
                   # lean the other way (tester 6 read "pimc > heuristic: -0.58" as a typo)
                   "NOT SEPARATED (their own games lean the other way; the order is the "
                   "board's, over every opponent)" if _z(a.mean) < 0 else "NOT SEPARATED")
        boot = "" if a.bootstrap is None else f", bootstrap {100 * a.bootstrap:.0f}%"
        flag = "  [TrueSkill orders this pair the other way]" if a.trueskill_disagrees else ""
        order = "=" if a.mean == 0 and a.ci == 0 else ">"    # equal on every deal: no order
        lines.append(f"  {u} {order} {lo}: {_pm(a.mean, a.ci)} over {a.deals} deal(s){boot} "
                     f"— {verdict}{flag}")
    return lines


def control_lines(summary: Summary) -> list[str]:
    cv = summary.control
    if cv is None:
        return []
    return [f"Control variate ({cv.reference}, per deal and seat; unbiased: the reference is "
            f"fixed by the deal and seat alone): per-deal variance of a bot's score "
            f"{cv.var_raw:.2f} -> {cv.var_adjusted:.2f}; "
            f"{control_gain(cv.var_raw, cv.var_adjusted)}."]


def control_gain(var_raw: float, var_adjusted: float) -> str:
    """What a control variate's variances say, in words (none, fewer deals, or more)."""
    if var_raw <= 0 and var_adjusted <= 0:
        return "no variance to remove (every deal scored alike)"
    factor = var_raw / var_adjusted if var_adjusted > 0 else float("inf")
    if factor == float("inf"):
        return "it removes all of it"
    if factor >= 1.05:
        return f"an interval of the same width needs {factor:.2f}x fewer deals with it"
    if factor <= 1 / 1.05:
        return (f"it adds variance here ({1 / factor:.2f}x the deals for the same interval: "
                f"its coefficient, fitted on the other deals, does not fit these)")
    return "it removes no variance here (as many deals needed as without it)"


def leaderboard_text(summary: Summary, title: Optional[str] = None) -> str:
    """The plain-text leaderboard (and what it knows about each adjacent pair) the CLI prints."""
    if summary.candidates:
        return gauntlet_text(summary, title)
    head, rows = leaderboard_rows(summary)
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(head)]
    left = {1, 7, 8} if summary.control is not None else {1, 7}

    def fmt(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if i in left else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    lines = []
    if title:
        lines.append(title)
    lines.append(fmt(head))
    lines.append("  ".join("-" * w for w in widths))
    lines += [fmt(r) for r in rows]
    notes = [f"{summary.records} games"]
    if summary.failed:
        notes.append(f"{summary.failed} failed (not rated)")
    if summary.forfeits:
        notes.append("forfeits: " + ", ".join(f"{k} {v}"
                                               for k, v in sorted(summary.forfeits.items())))
    lines.append("(" + "; ".join(notes) + ")")
    lines.append("(" + ranking_statement(summary) + ")")
    lines += ["(" + c + ")" for c in column_legend(summary)]
    if has_oracle(summary):
        lines.append(ORACLE_NOTE + "; not in the adjacent-pair chain")
    lines += idle_lines(summary)
    if summary.adjacent:
        lines.append("")
        lines += adjacent_lines(summary)
        bad = summary.unseparated()
        if bad:
            names = {r.spec: r.label for r in summary.bots}
            lines.append(f"  {len(bad)} of {len(summary.adjacent)} adjacent pair(s) not "
                         f"separated: " + ", ".join(f"{names[a.upper]} / {names[a.lower]}"
                                                    for a in bad))
        else:
            lines.append("  every adjacent pair is separated")
    if summary.note:
        lines.append(summary.note)
    cv = control_lines(summary)
    if cv:
        lines.append("")
        lines += cv
    names = marked_names(summary)
    pairs = [(p, p.mean) for p in summary.pairs if p.mean is not None]
    if pairs:
        lines.append("")
        lines.append("Paired score difference on the same deal and seat (A - B, mean ± 95% CI):")
        for p, m in sorted(pairs, key=lambda pm: -abs(pm[1])):
            a, b = names[p.a], names[p.b]
            if m < 0:
                a, b, m = b, a, -m
            ci = f" ± {p.ci:.1f}" if p.ci is not None else ""
            m = 0.0 if abs(m) < 0.05 else m
            lines.append(f"  {a} - {b}: {m:+.1f}{ci} over {p.deals} deal(s)")
    return "\n".join(lines)


def gauntlet_text(summary: Summary, title: Optional[str] = None) -> str:
    """A gauntlet's board: each candidate's figures from its own tables only."""
    lines = [title] if title else []
    # the board's ranking setting orders the candidates here too (tester 6: a gauntlet sorted
    # by paired score under ranking = "trueskill", without saying which)
    by_trueskill = summary.ranking == "trueskill"
    lines.append("Gauntlet: every candidate's figures come from its own tables against the "
                 "pool only; candidates ranked by "
                 + ("TrueSkill mu - 3·sigma on their own tables." if by_trueskill
                    else "paired score vs the pool."))
    order = []
    for c in summary.candidates:
        t = summary.tables[c]
        row = t.row(c)
        key = row.conservative if by_trueskill else row.paired_score
        order.append((key if key is not None and key == key else -1e18, c, t, row))
    order.sort(key=lambda x: -x[0])
    for i, (_ps, c, t, row) in enumerate(order, 1):
        lines.append("")
        lines.append(f"{i}. candidate {marked(row)}: paired score vs the pool "
                     f"{_num(row.paired_score, '{:+.2f}')}; TrueSkill on its own tables mu "
                     f"{_num(row.mu, '{:.2f}')} sigma {_num(row.sigma, '{:.2f}')}")
        names = marked_names(t)
        forfeits = (f"; it forfeited {row.forfeits} ("
                    + ", ".join(f"{k} {v}" for k, v in sorted(t.forfeits.items())) + ")"
                    if row.forfeits else "")
        lines.append(f"   {t.records} games on its tables{forfeits}; its paired difference with "
                     f"each pool bot (same deal and seat, 95% CI):")
        for o in t.bots:
            p = t.pair(c, o.spec) if o.spec != c else None
            if p is None or p.mean is None:
                continue
            sep = p.ci is not None and abs(p.mean) > p.ci
            lines.append(f"     {marked(row)} - {names[o.spec]}: {_pm(p.mean, p.ci)} over "
                         f"{p.deals} deal(s) — {'separated' if sep else 'not separated'}")
    if has_oracle(summary):
        lines += ["", ORACLE_NOTE]
    lines += idle_lines(summary)
    if summary.note:
        lines += ["", summary.note]
    return "\n".join(lines)
