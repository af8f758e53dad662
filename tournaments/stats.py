"""Scores, intervals, paired differences and the leaderboard, all recomputed from records.

Mean score: a bot's ``returns`` in the games it finished, first averaged per deal (its seats
and rotations of that deal) and then over deals, with a 95% Student-t interval over the deal
means — the games of one duplicate deal are not independent, the deals are. Forfeited and
failed games have no returns: they count in the rating (the forfeiting seat ranks last) and
in the ``forfeits`` column, not in the mean score.

Paired difference of bots A and B: for every deal and seat where both sat (in different
rotations of the same deal), A's score there minus B's; averaged per deal, then over deals,
with a 95% interval. On duplicate deals this removes the luck of the cards, which is the
point of playing them.
"""
import math
from collections import defaultdict
from dataclasses import asdict, dataclass
from typing import List, Optional

from tournaments.config import labels as make_labels
from tournaments.ratings import rate

# Two-sided 95% Student-t quantiles by degrees of freedom (1..30); 1.96 beyond.
_T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def t95(df):
    if df < 1:
        return float("nan")
    return _T95[df - 1] if df <= len(_T95) else 1.96


def mean_ci(values):
    """(mean, half-width of the 95% interval) — half-width None below two values."""
    n = len(values)
    if n == 0:
        return None, None
    m = sum(values) / n
    if n < 2:
        return m, None
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, t95(n - 1) * math.sqrt(var / n)


@dataclass
class BotRow:
    spec: str
    label: str
    mu: float
    sigma: float
    conservative: float
    games: int            # games in the records (rated or not)
    rated: int
    mean_score: Optional[float]
    score_ci: Optional[float]
    deals: int
    first_places: int
    forfeits: int
    oracle: bool

    def to_json(self):
        return asdict(self)


@dataclass
class PairRow:
    a: str
    b: str
    mean: Optional[float]  # mean of a's score minus b's on the same deal and seat
    ci: Optional[float]
    deals: int

    def to_json(self):
        return asdict(self)


@dataclass
class Summary:
    bots: List[BotRow]
    pairs: List[PairRow]
    ratings: object       # tournaments.ratings.Ratings
    records: int
    failed: int
    forfeits: dict        # reason -> count

    def row(self, spec):
        return next(r for r in self.bots if r.spec == spec)

    def pair(self, a, b):
        for p in self.pairs:
            if (p.a, p.b) == (a, b):
                return p
            if (p.a, p.b) == (b, a):
                return PairRow(a, b, None if p.mean is None else -p.mean, p.ci, p.deals)
        return None

    def to_json(self):
        return {"bots": [b.to_json() for b in self.bots],
                "pairs": [p.to_json() for p in self.pairs],
                "records": self.records, "failed": self.failed, "forfeits": self.forfeits,
                "env": self.ratings.env}


def summarize(records, fixed=None, order=None):
    """The Summary of a run's records. ``fixed``: ratings held fixed (see ratings.rate);
    ``order``: specs to list even without games (e.g. the config's bots)."""
    records = sorted(records, key=lambda r: r.game_id)
    ratings = rate(records, fixed=fixed)
    specs = list(order or [])
    for r in records:
        for s in r.seating:
            if s not in specs:
                specs.append(s)
    specs += [s for s in ratings.ratings if s not in specs and s not in (fixed or {})]
    games = defaultdict(int)
    firsts = defaultdict(int)
    forfeits_by = defaultdict(int)
    oracle = set()
    per_deal = defaultdict(lambda: defaultdict(list))       # spec -> deal -> scores
    cell = defaultdict(lambda: defaultdict(list))           # (deal, seat) -> spec -> scores
    reasons = defaultdict(int)
    failed = 0
    for r in records:
        for seat in r.oracle_seats:
            oracle.add(r.seating[seat])
        for s in set(r.seating):
            games[s] += 1
        if r.termination == "failed":
            failed += 1
            continue
        if r.forfeit:
            reasons[r.forfeit.get("reason", "?")] += 1
            if r.forfeit.get("seat") is not None:
                forfeits_by[r.seating[r.forfeit["seat"]]] += 1
        if r.ranks:
            for seat, rank in enumerate(r.ranks):
                if rank == 0 and sum(1 for x in r.ranks if x == 0) < len(r.ranks):
                    firsts[r.seating[seat]] += 1
        if r.returns is None:
            continue
        for seat, (spec, ret) in enumerate(zip(r.seating, r.returns)):
            per_deal[spec][r.deal_index].append(ret)
            cell[(r.deal_index, seat)][spec].append(ret)
    names = make_labels(specs)
    rows = []
    for s in specs:
        deal_means = [sum(v) / len(v) for v in per_deal[s].values()]
        m, ci = mean_ci(deal_means)
        mu, sigma = ratings.ratings.get(s, (float("nan"), float("nan")))
        rows.append(BotRow(spec=s, label=names[s], mu=mu, sigma=sigma, conservative=mu - 3 * sigma,
                           games=games[s], rated=ratings.games.get(s, 0), mean_score=m,
                           score_ci=ci, deals=len(deal_means), first_places=firsts[s],
                           forfeits=forfeits_by[s], oracle=s in oracle))
    rows.sort(key=lambda r: (-(r.conservative if r.conservative == r.conservative else -1e18), r.label))
    pairs = []
    for i, a in enumerate(specs):
        for b in specs[i + 1:]:
            by_deal = defaultdict(list)
            for (deal, seat), scores in cell.items():
                if a in scores and b in scores:
                    sa, sb = scores[a], scores[b]
                    by_deal[deal].append(sum(sa) / len(sa) - sum(sb) / len(sb))
            diffs = [sum(v) / len(v) for v in by_deal.values()]
            if diffs:
                m, ci = mean_ci(diffs)
                pairs.append(PairRow(a, b, m, ci, len(diffs)))
    return Summary(rows, pairs, ratings, len(records), failed, dict(reasons))


def _num(x, fmt="{:.1f}"):
    return "-" if x is None or x != x else fmt.format(x)


def score_text(row):
    if row.mean_score is None:
        return "-"
    if row.score_ci is None:
        return f"{row.mean_score:+.1f}"
    return f"{row.mean_score:+.1f} ± {row.score_ci:.1f}"


def leaderboard_rows(summary):
    """Header and rows of the leaderboard as text cells."""
    head = ["#", "bot", "mu", "sigma", "mu-3s", "games", "score (95% CI)", "1st", "forfeits"]
    rows = []
    for i, r in enumerate(summary.bots, 1):
        rows.append([str(i), r.label + (" *" if r.oracle else ""), _num(r.mu, "{:.2f}"),
                     _num(r.sigma, "{:.2f}"), _num(r.conservative, "{:.2f}"), str(r.games),
                     score_text(r), str(r.first_places), str(r.forfeits)])
    return head, rows


def leaderboard_text(summary, title=None):
    """The plain-text leaderboard (and the paired differences) the CLI prints."""
    head, rows = leaderboard_rows(summary)
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(head)]
    right = {0, 2, 3, 4, 5, 7, 8}

    def fmt(cells):
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
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
        notes.append("forfeits: " + ", ".join(f"{k} {v}" for k, v in sorted(summary.forfeits.items())))
    lines.append("(" + "; ".join(notes) + "; ranked by mu - 3·sigma)")
    if any(r.oracle for r in summary.bots):
        lines.append("* oracle: sees the full state (cheats)")
    names = {r.spec: r.label for r in summary.bots}
    pairs = [p for p in summary.pairs if p.mean is not None]
    if pairs:
        lines.append("")
        lines.append("Paired score difference on the same deal and seat (A - B, mean ± 95% CI):")
        for p in sorted(pairs, key=lambda p: -abs(p.mean)):
            a, b, m = names[p.a], names[p.b], p.mean
            if m < 0:
                a, b, m = b, a, -m
            ci = f" ± {p.ci:.1f}" if p.ci is not None else ""
            m = 0.0 if abs(m) < 0.05 else m
            lines.append(f"  {a} - {b}: {m:+.1f}{ci} over {p.deals} deal(s)")
    return "\n".join(lines)
