"""TrueSkill ratings from game records (the ``trueskill`` package), independent of record order.

Every rated game is a free-for-all: one single-player team per seat, ranked by its *placings*
(0 = first; equal placings are a tie and share the place). Placings are either the record's
own ``ranks`` (``placings = "ranks"``) or recomputed from the scores (``placings = "score"``):
seats are ordered by score and a seat within ``tie_threshold`` points of the seat above it
shares that seat's place, so margins the game's ranks throw away (a 1-point and a 40-point win)
can be told apart by choosing a threshold. Not rated: games without placings (``failed``) and
games where one bot holds every seat.

Order-free: classic TrueSkill is an online filter — one pass over the games, each update
starting from the ratings the previous games left — so its numbers depend on the order of the
games (shuffling moved mu by about one sigma on the published boards). Here the same factor
graph is solved by expectation propagation to convergence (TrueSkill Through Time without skill
drift): every game keeps the Gaussian *message* it sends to each bot; a bot's rating is the prior
times all its games' messages; a sweep re-rates every game from its *cavity* (the bot's rating
with that game's own message divided out) with ``trueskill``'s ``rate`` and stores the new
message (posterior / cavity). After the first sweep, games with the same seating and placings
are one factor standing for m games (the same likelihood, so at the fixed point their messages
are equal): its message is m times one game's, updated from one game's cavity, and a sweep costs
one update per distinct game. Sweeps repeat until no bot's mu moves by more than ``TOLERANCE``
from one sweep's end to the next (its net move: see ``rate``), at most as many as
``MAX_SWEEPS`` sweeps of one update per game would cost (``MAX_GROUPED_SWEEPS`` at most;
``env["max_sweeps"]``; ``env["converged"]`` says whether they got there). A board where a bot
loses every game (forfeits) repeats its games a lot, and EP needs hundreds of sweeps there.
The fixed point does not depend on the order of the games — only on the set of games — so a
shuffled ``games.jsonl`` (or a resumed run, whose lines come in another order) rates the same.
There is no skill drift (``tau = 0``): a bot is one strategy, its skill does not change.

Draw probability: per game and player count, estimated from the records as the share of
adjacent places (in sorted placing order, the pairs TrueSkill's factor graph compares) that are
tied, clamped to [``DRAW_MIN``, ``DRAW_MAX``]. 4-player Mattis ends with most seats sharing a
place; a fixed 0.10 there reads every tie as a surprise.

Ties share: with three or more players, trueskill's update of tied players depends on their
order in the input; the update is averaged over rotations of every tie group (see
``_rate_symmetric``).

A bot holding several seats of one game (a pool too small to fill the table) enters the update
once per seat from the same cavity; its posterior is the mean of those seats' posteriors.

``fixed`` ratings (``trickhound rate``: the published pool) are used as they are and never
updated, so a candidate is measured against the established scale.

``history``: mu and sigma of every bot after each game of the *first* sweep (the online pass,
in game_id order) — what the ratings plot draws; the final ratings are the converged ones.
"""
import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Optional

import trueskill

from tournaments.records import GameRecord

MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
TAU = 0.0                 # no skill drift: a bot is a fixed strategy
DRAW_PROBABILITY = 0.10   # only when the records hold no rated game to estimate it from
DRAW_MIN, DRAW_MAX = 0.01, 0.90
TOLERANCE = 1e-3          # convergence: largest mu change of a sweep
MAX_SWEEPS = 60           # a cap in sweeps over every game (see rate: grouped sweeps)
MAX_GROUPED_SWEEPS = 2000
PLACINGS = ("ranks", "score")


def environment(draw_probability: float = DRAW_PROBABILITY) -> trueskill.TrueSkill:
    """The trueskill environment of every rating here (prior mu 25, sigma 25/3, beta sigma/2)."""
    return trueskill.TrueSkill(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU,
                               draw_probability=draw_probability, backend=None)


@dataclass
class Ratings:
    ratings: dict[str, tuple[float, float]] = field(default_factory=dict)   # spec -> (mu, sigma)
    games: dict[str, int] = field(default_factory=dict)                     # rated games per bot
    history: dict[str, list[tuple[int, float, float]]] = field(default_factory=dict)
    rated: int = 0                       # games rated (the x axis of history)
    env: dict = field(default_factory=dict)

    def mu(self, spec: str) -> float:
        return self.ratings[spec][0]

    def sigma(self, spec: str) -> float:
        return self.ratings[spec][1]

    def conservative(self, spec: str) -> float:
        mu, sigma = self.ratings[spec]
        return mu - 3 * sigma


def score_placings(returns: Sequence[float], tie_threshold: float = 0.0) -> list[int]:
    """Competition placings from scores: highest score first; a seat within ``tie_threshold``
    of the seat just above it (in score order) shares that seat's place.

    >>> score_placings([10, 3, 9.5, -2], tie_threshold=1)
    [0, 2, 0, 3]
    """
    order = sorted(range(len(returns)), key=lambda i: -returns[i])
    out = [0] * len(returns)
    for k in range(1, len(order)):
        i, above = order[k], order[k - 1]
        if returns[above] - returns[i] <= tie_threshold:
            out[i] = out[above]
        else:
            out[i] = k
    return out


def placings_of(rec: GameRecord, placings: str = "ranks",
                tie_threshold: float = 0.0) -> Optional[list[int]]:
    """The placings a record is rated by (None: not rated). A forfeit keeps the record's ranks
    (the forfeiting seat last) whatever ``placings`` says: its scores are not a played game."""
    if not rec.ranks:
        return None
    if placings == "score" and rec.returns is not None and not rec.forfeit:
        return score_placings(rec.returns, tie_threshold)
    return list(rec.ranks)


def estimate_draw_probability(placing_lists: Iterable[Sequence[int]]) -> float:
    """Share of adjacent places (in sorted order) that are tied, clamped to [DRAW_MIN,
    DRAW_MAX]; DRAW_PROBABILITY when there is nothing to count."""
    tied = total = 0
    for pl in placing_lists:
        s = sorted(pl)
        for a, b in zip(s, s[1:]):
            total += 1
            tied += a == b
    if total == 0:
        return DRAW_PROBABILITY
    return min(DRAW_MAX, max(DRAW_MIN, tied / total))


def _rate_symmetric(env: trueskill.TrueSkill, ratings: Sequence[trueskill.Rating],
                    ranks: Sequence[int]) -> list[trueskill.Rating]:
    """env.rate for one free-for-all, one rating per seat. trueskill's factor graph treats
    tied players by their position in the input, so with three or more players those tied
    with equal priors come out slightly apart (sublee/trueskill#15). Here every tie group is
    rotated through its positions and the posteriors averaged, so ties share exactly."""
    n = len(ratings)
    ties: dict[int, list[int]] = {}
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


# Gaussians in natural parameters: pi = 1 / sigma^2 (precision), tau = mu * pi.
def _natural(mu: float, sigma: float) -> tuple[float, float]:
    pi = 1.0 / (sigma * sigma)
    return pi, mu * pi


def _moments(pi: float, tau: float) -> tuple[float, float]:
    return tau / pi, math.sqrt(1.0 / pi)


def _recentre(marginal: dict[str, list[float]], messages: list[dict[str, tuple[float, float]]],
              prior: tuple[float, float]) -> None:
    """Move every game's messages along the likelihood's one symmetry (all skills shifted by
    the same amount) so the mean mu of the bots is the prior's MU.

    Every factor depends only on differences of skills, and the bots share one Gaussian prior,
    so the exact posterior mean of the average skill is the prior mean: MU. Sweeps alone reach
    that level only slowly (the prior is the one weak force on it); this step puts it there.
    Shifting a message by c adds c * pi to its tau; a marginal then moves by c * (1 - prior
    precision / its precision)."""
    mus = {s: f[1] / f[0] for s, f in marginal.items()}
    gain = {s: 1.0 - prior[0] / f[0] for s, f in marginal.items()}
    mean_gain = sum(gain.values()) / len(gain)
    if mean_gain <= 1e-12:
        return
    c = (MU - sum(mus.values()) / len(mus)) / mean_gain
    for msg in messages:
        for s, (m_pi, m_tau) in msg.items():
            msg[s] = (m_pi, m_tau + c * m_pi)
    for f in marginal.values():
        f[1] += c * (f[0] - prior[0])


Message = dict[str, tuple[float, float]]        # spec -> (pi, tau) a factor sends a bot
Factor = tuple[list[str], list[int], int]       # (seating, placings, games it stands for)


def _grouped(games: list[tuple[int, list[str], list[int]]],
             messages: list[Message]) -> tuple[list[Factor], list[Message]]:
    """Games with the same seating and placings as one factor (seating, placings, m), its
    message the sum of theirs (natural parameters add), so every marginal is unchanged."""
    index: dict[tuple[tuple[str, ...], tuple[int, ...]], int] = {}
    factors: list[Factor] = []
    totals: list[Message] = []
    for (_gid, seating, pl), msg in zip(games, messages):
        key = (tuple(seating), tuple(pl))
        k = index.get(key)
        if k is None:
            index[key] = len(factors)
            factors.append((seating, pl, 1))
            totals.append(dict(msg))
            continue
        seating_k, pl_k, m = factors[k]
        factors[k] = (seating_k, pl_k, m + 1)
        for s, (pi, tau) in msg.items():
            t_pi, t_tau = totals[k].get(s, (0.0, 0.0))
            totals[k][s] = (t_pi + pi, t_tau + tau)
    return factors, totals


def rate(records: Iterable[GameRecord], fixed: Optional[dict[str, tuple[float, float]]] = None,
         draw_probability: Optional[float] = None, history: bool = True,
         placings: str = "ranks", tie_threshold: float = 0.0) -> Ratings:
    """Order-free TrueSkill over ``records`` (GameRecords, any order); see the module doc.

    ``draw_probability``: None estimates it from the records (per game and player count; the
    records of one run share both)."""
    if placings not in PLACINGS:
        raise ValueError(f"placings must be one of {', '.join(PLACINGS)}, got {placings!r}")
    fixed = dict(fixed or {})
    games = []                                     # (game_id, seating, placings)
    for rec in sorted(records, key=lambda r: r.game_id):
        pl = placings_of(rec, placings, tie_threshold)
        if pl is None or len(set(rec.seating)) < 2:
            continue
        games.append((rec.game_id, list(rec.seating), pl))
    if draw_probability is None:
        draw_probability = estimate_draw_probability(g[2] for g in games)
    env = environment(draw_probability)
    out = Ratings(env={"mu": MU, "sigma": SIGMA, "beta": BETA, "tau": TAU,
                       "draw_probability": draw_probability, "placings": placings,
                       "tie_threshold": tie_threshold, "procedure":
                       "expectation propagation to convergence (order-free)"})
    prior = _natural(MU, SIGMA)
    # marginal[spec] = prior * prod(messages): natural parameters, summed.
    marginal: dict[str, list[float]] = {}
    for rec_specs in (g[1] for g in games):
        for s in rec_specs:
            if s not in fixed:
                marginal.setdefault(s, list(prior))
    messages: list[dict[str, tuple[float, float]]] = [{} for _ in games]

    def rating_of(spec: str, msg: dict[str, tuple[float, float]]) -> trueskill.Rating:
        if spec in fixed:
            return env.create_rating(*fixed[spec])
        pi = marginal[spec][0] - msg.get(spec, (0.0, 0.0))[0]
        tau = marginal[spec][1] - msg.get(spec, (0.0, 0.0))[1]
        return env.create_rating(*_moments(pi, tau))

    # Convergence is judged by each bot's net move over a whole sweep, recentring included
    # (``settled``: the mus at the previous sweep's end), not by the largest step within it: a
    # bot holding several seats of a table is updated from one cavity per seat and takes the
    # mean of their posteriors, which is not quite an EP step, so every sweep pushes the
    # average skill off MU by the same amount and recentring pulls it back (tester 7: 0.576
    # each way on every sweep of 3-player Mattis with two bots, so the in-sweep steps never
    # fell below TOLERANCE and every such board ran all 60 sweeps, though the ratings had long
    # stopped moving).
    settled: dict[str, float] = {}
    converged = False
    # Factors: the first sweep updates every game in turn (the online pass: ``history``);
    # after it, games with the same seating and placings are one factor of multiplicity m
    # (they are the same likelihood, so at the fixed point their messages are equal): its
    # message is m times one game's, updated from one game's cavity. A board of thousands of
    # games has a few hundred distinct ones (a bot forfeiting every game makes most of its
    # games alike), and a sweep costs one update per distinct game.
    # The sweeps may number MAX_SWEEPS sweeps' worth of one-game updates (so a sweep of few
    # factors is not capped like one of many), MAX_GROUPED_SWEEPS at most: such boards (a bot
    # losing every game) are the ones EP settles slowly on.
    factors: list[Factor] = [(seating, pl, 1) for _gid, seating, pl in games]
    max_sweeps = MAX_SWEEPS
    sweep = 0
    while sweep < max_sweeps:
        if sweep == 1:
            factors, messages = _grouped(games, messages)
            max_sweeps = min(MAX_GROUPED_SWEEPS,
                             max(MAX_SWEEPS, MAX_SWEEPS * len(games) // max(len(factors), 1)))
        for k, (seating, pl, m) in enumerate(factors):
            total = messages[k]                  # the factor's message: m games' messages
            one = {s: (pi / m, tau / m) for s, (pi, tau) in total.items()}
            cavity = {s: rating_of(s, one) for s in set(seating)}
            post = _rate_symmetric(env, [cavity[s] for s in seating], pl)
            by_spec = defaultdict(list)
            for s, r in zip(seating, post):
                by_spec[s].append(r)
            for s, rs in by_spec.items():
                if s in fixed:
                    continue
                mu = sum(r.mu for r in rs) / len(rs)
                sigma = sum(r.sigma for r in rs) / len(rs)
                p_pi, p_tau = _natural(mu, sigma)
                c_pi, c_tau = _natural(cavity[s].mu, cavity[s].sigma)
                # The new message: posterior / cavity. A truncated-Gaussian update never
                # widens a rating, so its precision is >= 0 up to rounding; clamp at 0.
                m_pi, m_tau = max(p_pi - c_pi, 0.0), p_tau - c_tau
                if m_pi == 0.0:
                    m_tau = 0.0
                # marginal = cavity * the m games' new messages * nothing else of this
                # factor: the cavity holds m - 1 of its old one-game messages
                one_pi, one_tau = one.get(s, (0.0, 0.0))
                marginal[s][0] = c_pi + m * m_pi - (m - 1) * one_pi
                marginal[s][1] = c_tau + m * m_tau - (m - 1) * one_tau
                total[s] = (m * m_pi, m * m_tau)
            if sweep == 0:
                out.rated += 1
                for s in by_spec:
                    if history and s not in fixed:
                        mu, sg = _moments(*marginal[s])
                        out.history.setdefault(s, []).append((out.rated, mu, sg))
        if not fixed and marginal:
            _recentre(marginal, messages, prior)
        mus = {s: f[1] / f[0] for s, f in marginal.items()}
        if sweep > 0 and all(abs(mu - settled[s]) < TOLERANCE for s, mu in mus.items()):
            converged = True
        settled = mus
        sweep += 1
        if converged:
            break
    out.env["sweeps"] = sweep
    out.env["max_sweeps"] = max_sweeps
    out.env["converged"] = converged or not marginal
    for _gid, seating, _pl in games:
        for s in set(seating):
            out.games[s] = out.games.get(s, 0) + 1
    out.ratings = {s: (float(f[0]), float(f[1])) for s, f in fixed.items()}
    for s, (pi, tau) in marginal.items():
        out.ratings[s] = _moments(pi, tau)
    for s in out.ratings:
        out.games.setdefault(s, 0)
    return out
