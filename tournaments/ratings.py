"""TrueSkill ratings from game records (the ``trueskill`` package).

Every rated game is a free-for-all: one single-player team per seat, ranked by the record's
``ranks`` (0 = first; equal ranks are a tie and share the place). Records are rated in
``game_id`` order whatever order the file holds them in, so a run's ratings do not depend on
which worker finished first. Not rated: games without ranks (``failed``) and games where one
bot holds every seat.

A bot holding several seats of one game (a pool too small to fill the table) enters the
update once per seat from the same prior; its new rating is the mean of those seats' posts.

Ties share: with three or more players, trueskill's update of tied players depends on their
order in the input; the update is averaged over rotations of every tie group (see
``_rate_symmetric``).

``fixed`` ratings (``trickhound rate``: the published pool) are used as they are and never
updated, so a candidate is measured against the established scale.
"""
from dataclasses import dataclass, field
from typing import Dict, List, Tuple

import trueskill

MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
TAU = SIGMA / 100
DRAW_PROBABILITY = 0.10


def environment(draw_probability=DRAW_PROBABILITY):
    return trueskill.TrueSkill(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU,
                               draw_probability=draw_probability, backend=None)


@dataclass
class Ratings:
    ratings: Dict[str, Tuple[float, float]] = field(default_factory=dict)   # spec -> (mu, sigma)
    games: Dict[str, int] = field(default_factory=dict)                     # rated games per bot
    history: Dict[str, List[Tuple[int, float, float]]] = field(default_factory=dict)
    rated: int = 0                       # games rated (the x axis of history)
    env: dict = field(default_factory=dict)

    def mu(self, spec):
        return self.ratings[spec][0]

    def sigma(self, spec):
        return self.ratings[spec][1]

    def conservative(self, spec):
        mu, sigma = self.ratings[spec]
        return mu - 3 * sigma


def _rate_symmetric(env, ratings, ranks):
    """env.rate for one free-for-all, one rating per seat. trueskill's factor graph treats
    tied players by their position in the input, so with three or more players those tied
    with equal priors come out slightly apart (sublee/trueskill#15). Here every tie group is
    rotated through its positions and the posteriors averaged, so ties share exactly."""
    n = len(ratings)
    ties = {}
    for i, r in enumerate(ranks):
        ties.setdefault(r, []).append(i)
    shifts = max(len(g) for g in ties.values())
    if n < 3 or shifts < 2:
        return [g[0] for g in env.rate([(r,) for r in ratings], ranks=ranks)]
    acc = [[0.0, 0.0] for _ in range(n)]
    for k in range(shifts):
        order = []
        for r in sorted(ties):
            g = ties[r]
            order += g[k % len(g):] + g[:k % len(g)]
        post = env.rate([(ratings[i],) for i in order], ranks=[ranks[i] for i in order])
        for i, (p,) in zip(order, post):
            acc[i][0] += p.mu
            acc[i][1] += p.sigma
    return [env.create_rating(m / shifts, s / shifts) for m, s in acc]


def rate(records, fixed=None, draw_probability=DRAW_PROBABILITY, history=True):
    """TrueSkill over ``records`` (GameRecords, any order; rated by game_id)."""
    env = environment(draw_probability)
    fixed = dict(fixed or {})
    current = {s: env.create_rating(mu, sigma) for s, (mu, sigma) in fixed.items()}
    out = Ratings(env={"mu": MU, "sigma": SIGMA, "beta": BETA, "tau": TAU,
                       "draw_probability": draw_probability})
    for rec in sorted(records, key=lambda r: r.game_id):
        if not rec.ranks or len(set(rec.seating)) < 2:
            continue
        for spec in rec.seating:
            if spec not in current:
                current[spec] = env.create_rating()
        post = _rate_symmetric(env, [current[spec] for spec in rec.seating], list(rec.ranks))
        new = {}
        for spec, r in zip(rec.seating, post):
            new.setdefault(spec, []).append(r)
        out.rated += 1
        for spec, rs in new.items():
            out.games[spec] = out.games.get(spec, 0) + 1
            if spec in fixed:
                continue
            if len(rs) == 1:
                current[spec] = rs[0]
            else:
                current[spec] = env.create_rating(sum(r.mu for r in rs) / len(rs),
                                                  sum(r.sigma for r in rs) / len(rs))
            if history:
                out.history.setdefault(spec, []).append(
                    (out.rated, current[spec].mu, current[spec].sigma))
    out.ratings = {s: (r.mu, r.sigma) for s, r in current.items()}
    for s in out.ratings:
        out.games.setdefault(s, 0)
    return out
