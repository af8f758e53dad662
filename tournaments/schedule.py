"""The schedule: every game of a tournament, fixed by the master seed before any is played.

A *seat group* is the bots that sit at one table (as many as the game has seats). Round-robin:
with more bots than seats, every combination of bots is a group; with fewer, the bots are
repeated cyclically to fill the seats (one group per starting bot); with exactly as many, the
one group. Gauntlet: each candidate with every group of pool bots filling the other seats.
Groups are put in an order shuffled by the master seed, and deal ``d`` goes to group
``d mod G`` (for each candidate, in a gauntlet), so any prefix of the deals is balanced.

Duplicate mode (the default) replays a deal once per distinct cyclic rotation of its group's
seating, so every bot of the group plays every hand; without it a deal is played once, the
rotation advancing from one pass over the groups to the next.

With three or more seats the rotations of one seating keep who sits after whom (in a 3-player
table A-B-C, B always plays right after A), and in some games that order is worth a lot (two
copies of one bot in Mattis: +0.22 points apart, "separated", by their place in the bot list).
So a group of distinct bots is seated in a different cyclic order on each pass over the groups
(``arrangement``): pass ``q`` uses the ``q mod (n - 1)!``-th arrangement of its last n - 1
bots, so every order of neighbours comes round equally often; a group with a repeated bot
(fewer bots than seats) keeps its one order.

Seeds: deal ``d`` is dealt from ``derive_seed(seed, "deal", d)`` — the same deal in every
rotation and for every candidate — and the bot in seat ``s`` of rotation ``r`` gets
``derive_seed(seed, "bot", d, r, s)``. Game ids number the fixtures deal by deal, so a
schedule for more deals extends the one for fewer (``trickhound rate`` relies on that).
"""
import bisect
import hashlib
import json
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from solver.rng import Random, derive_seed


@dataclass(frozen=True)
class Fixture:
    game_id: int
    deal_seed: int
    seating: tuple[str, ...]      # bot spec per seat
    bot_seeds: tuple[int, ...]
    deal_index: int
    rotation: int

    def to_json(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "deal_seed": self.deal_seed,
                "seating": list(self.seating), "bot_seeds": list(self.bot_seeds),
                "deal_index": self.deal_index, "rotation": self.rotation}


def seat_groups(bots: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """Tables of ``seats`` bots drawn from ``bots`` (see the module doc), in a fixed order."""
    m = len(bots)
    if m == 0:
        return []
    if m >= seats:
        return [tuple(bots[i] for i in c) for c in combinations(range(m), seats)]
    return [tuple(bots[(k + j) % m] for j in range(seats)) for k in range(m)]


def arrangement(group: Sequence[str], q: int) -> tuple[str, ...]:
    """The group seated in its ``q``-th cyclic order: its first bot in place, the other n - 1
    in the ``q mod (n - 1)!``-th permutation in lexicographic order of their positions (the
    factorial number system); a group with a repeated bot, or of fewer than 3, unchanged."""
    n = len(group)
    if n < 3 or len(set(group)) < n:
        return tuple(group)
    rest = list(range(1, n))
    k = q % math.factorial(n - 1)
    order = [0]
    for i in range(n - 1, 0, -1):
        f = math.factorial(i - 1)
        order.append(rest.pop(k // f))
        k %= f
    return tuple(group[i] for i in order)


def rotations(group: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct cyclic rotations of a seating (rotation r puts group[(s + r) % n] in
    seat s)."""
    n = len(group)
    out: list[tuple[str, ...]] = []
    for r in range(n):
        seating = tuple(group[(s + r) % n] for s in range(n))
        if seating not in out:
            out.append(seating)
    return out


def _shuffled(groups: list[tuple[str, ...]], seed: int, *tag: "int | str") -> list[tuple[str, ...]]:
    order = list(range(len(groups)))
    Random(derive_seed(seed, "groups", *tag)).shuffle(order)
    return [groups[i] for i in order]


def build_schedule(num_players: int, bots: Sequence[str], deals: int, seed: int,
                   duplicate: bool = True, candidates: Sequence[str] = (),
                   fmt: str = "round-robin") -> list[Fixture]:
    """Every Fixture of the tournament, in game_id order (as a list: for tests and small
    runs; the runner walks :func:`iter_schedule` instead)."""
    return list(iter_schedule(num_players, bots, deals, seed, duplicate, candidates, fmt))


def iter_schedule(num_players: int, bots: Sequence[str], deals: int, seed: int,
                  duplicate: bool = True, candidates: Sequence[str] = (),
                  fmt: str = "round-robin") -> Iterator[Fixture]:
    """The fixtures of :func:`build_schedule`, made one at a time: a run of many deals never
    holds its whole schedule in memory (only the seat groups, one entry per table)."""
    return iter(Schedule(num_players, bots, deals, seed, duplicate, candidates, fmt))


class Schedule:
    """A tournament's schedule with random access by game id (see the module doc for what it
    holds): ``fixture(game_id)`` builds one fixture without walking those before it, so a pool
    worker can be sent bare game ids and rebuild their fixtures itself (the one writer then
    never makes, pickles or sends a Fixture per game), and ``first_game(d)`` is where deal
    ``d`` starts.

    Layout: deal ``d`` uses seat group ``d mod G`` of every table (all tables have the G
    pool groups, in a gauntlet one table per candidate), so the number of fixtures of a deal
    repeats with period G; ``_prefix[k]`` counts the fixtures of deals ``0..k-1`` of a period
    and ``_period`` those of a whole period. Only the seat groups and their rotations are
    held (one entry per table and group), never the fixtures."""

    def __init__(self, num_players: int, bots: Sequence[str], deals: int, seed: int,
                 duplicate: bool = True, candidates: Sequence[str] = (),
                 fmt: str = "round-robin") -> None:
        self.params = (num_players, tuple(bots), deals, seed, duplicate, tuple(candidates), fmt)
        self.num_players, self.deals, self.seed = num_players, deals, seed
        self.duplicate = duplicate
        if fmt == "gauntlet":
            opp = _shuffled(seat_groups(list(bots), num_players - 1), seed, "pool")
            tables = [[(c,) + g for g in opp] for c in candidates]
        else:
            tables = [_shuffled(seat_groups(list(bots), num_players), seed)]
        self._groups = len(tables[0]) if tables else 0
        self._tables = tables
        # (group k, arrangement a) -> the distinct rotations of every table's group k seated
        # in arrangement a (one shared tuple per seating, so that pickling many fixtures of
        # one seating stores it once); arrangements keep a group's rotation count
        self._rot_cache: dict[tuple[int, int], list[list[tuple[str, ...]]]] = {}
        counts = [sum(len(r) for r in rots) if duplicate else len(rots)
                  for rots in (self._rots(k, 0) for k in range(self._groups))]
        self._prefix = [0]
        for c in counts:
            self._prefix.append(self._prefix[-1] + c)
        self._period = self._prefix[-1]
        self._last: tuple[int, list[Fixture]] = (-1, [])   # the last deal built (fixture())

    def _arrangement_of(self, deal: int) -> int:
        """Which arrangement deal ``deal``'s group is seated in: its pass over the groups."""
        return deal // self._groups

    def _rots(self, k: int, q: int) -> list[list[tuple[str, ...]]]:
        """Every table's distinct rotations of group ``k`` in its ``q``-th arrangement."""
        n = self.num_players
        a = q % math.factorial(n - 1) if n >= 3 else 0
        key = (k, a)
        got = self._rot_cache.get(key)
        if got is None:
            got = self._rot_cache[key] = [rotations(arrangement(table[k], a))
                                          for table in self._tables]
        return got

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # only the parameters travel (to a pool worker); the tables are rebuilt there
        return (Schedule, self.params)

    def first_game(self, deal: int) -> int:
        """The game id of deal ``deal``'s first fixture (``len(self)`` for ``deal`` = deals)."""
        if self._period == 0:
            return 0
        deal = max(0, min(deal, self.deals))
        q, k = divmod(deal, self._groups)
        return q * self._period + self._prefix[k]

    def __len__(self) -> int:
        return self.first_game(self.deals)

    def deal_of(self, game_id: int) -> int:
        """The deal index of fixture ``game_id`` (0 <= game_id < len(self))."""
        if not 0 <= game_id < len(self):
            raise IndexError(f"game id {game_id} is not in a schedule of {len(self)} games")
        q, rest = divmod(game_id, self._period)
        return q * self._groups + bisect.bisect_right(self._prefix, rest) - 1

    def deal_fixtures(self, deal: int) -> list[Fixture]:
        """Every fixture of deal ``deal``, in game id order."""
        k = deal % self._groups
        gid = self.first_game(deal)
        deal_seed = derive_seed(self.seed, "deal", deal)
        out: list[Fixture] = []
        for rots in self._rots(k, self._arrangement_of(deal)):
            if self.duplicate:
                chosen: list[tuple[int, tuple[str, ...]]] = list(enumerate(rots))
            else:
                r = (deal // self._groups) % len(rots)
                chosen = [(r, rots[r])]
            for r, seating in chosen:
                seeds = tuple(derive_seed(self.seed, "bot", deal, r, s)
                              for s in range(self.num_players))
                out.append(Fixture(gid, deal_seed, seating, seeds, deal, r))
                gid += 1
        return out

    def fixture(self, game_id: int) -> Fixture:
        """Fixture ``game_id`` (the deal last asked for is kept: a chunk's ids share deals)."""
        deal = self.deal_of(game_id)
        if self._last[0] != deal:
            self._last = (deal, self.deal_fixtures(deal))
        return self._last[1][game_id - self.first_game(deal)]

    def __iter__(self) -> Iterator[Fixture]:
        for d in range(self.deals if self._period else 0):
            yield from self.deal_fixtures(d)

    def digest(self, game: str) -> str:
        """:func:`schedule_hash` of this schedule (the same bytes hashed), without making a
        Fixture per game: each fixture's JSON is formatted from its parts (one bytes template
        per seating and rotation), and the seeds of a block of deals are derived at once
        (:func:`derive_seeds`). The one writer hashes every game of a run before playing it,
        so this is most of its own work per cheap game."""
        h = hashlib.sha256()
        h.update(game.encode())
        # one bytes template per (group, table, rotation): the fixture tuple's JSON with its
        # seating and rotation filled in; game id, deal seed, bot seeds and deal index left
        seeds_fmt = ", ".join(["%d"] * self.num_players)
        plan_cache: dict[int, list[list[tuple[int, bytes]]]] = {}

        def plans_of(d: int) -> list[list[tuple[int, bytes]]]:
            # one bytes template per (table, rotation) of deal d's group and arrangement
            k = d % groups
            rots_k = self._rots(k, self._arrangement_of(d))
            key = id(rots_k)
            got = plan_cache.get(key)
            if got is None:
                got = plan_cache[key] = [
                    [(r, ("[%d, %d, " + json.dumps(rot) + ", [" + seeds_fmt + "], %d, "
                          + str(r) + "]").encode()) for r, rot in enumerate(rots)]
                    for rots in rots_k]
            return got

        groups = self._groups
        most = max((len(rots) for k in range(groups) for rots in self._rots(k, 0)), default=1)
        gid = 0
        block = 1024
        for d0 in range(0, self.deals if self._period else 0, block):
            deals = range(d0, min(d0 + block, self.deals))
            deal_seeds = derive_seeds(self.seed, "deal", deals).tolist()
            # bot_seeds[i][r][s]: deal d0 + i, rotation r, seat s
            bot_seeds = derive_seeds(self.seed, "bot", deals, range(most),
                                     range(self.num_players)).tolist()
            parts: list[bytes] = []
            for i, d in enumerate(deals):
                deal_seed, seeds = deal_seeds[i], bot_seeds[i]
                for plan in plans_of(d):
                    if not self.duplicate:
                        plan = [plan[(d // groups) % len(plan)]]
                    for r, template in plan:
                        parts.append(template % (gid, deal_seed, *seeds[r], d))
                        gid += 1
            h.update(b"".join(parts))
        return h.hexdigest()


_MASK = (1 << 64) - 1


def _splitmix64(x: "np.ndarray") -> tuple["np.ndarray", "np.ndarray"]:
    """solver/rng.pxd's splitmix64 on arrays of uint64 (arithmetic modulo 2**64): the
    advanced state and the output."""
    x = x + np.uint64(0x9E3779B97F4A7C15)
    z = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x, z ^ (z >> np.uint64(31))


def derive_seeds(seed: int, tag: str, *ranges: range) -> "np.ndarray":
    """``derive_seed(seed, tag, i, j, ...)`` for every ``i`` of ``ranges[0]``, ``j`` of
    ``ranges[1]``, ... at once, as an array of shape ``(len(ranges[0]), len(ranges[1]),
    ...)``: solver.rng.derive_seed's steps (mix each part into the state with splitmix64,
    then one more splitmix64, shifted to 63 bits) on arrays, the state after ``seed`` and
    ``tag`` computed once. The schedule hash derives two seeds a game, which one by one cost
    the one writer more than the rest of its work on a cheap game."""
    def mix(x: int, part: int) -> int:
        x ^= part & _MASK
        x = (x + 0x9E3779B97F4A7C15) & _MASK
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return x ^ z ^ (z >> 31)

    x0 = mix(0x6A09E667F3BCC909, seed)
    for ch in tag.encode("utf-8"):
        x0 = mix(x0, ch)
    shape = [len(r) for r in ranges]
    x = np.full(shape, x0, dtype=np.uint64)
    for axis, values in enumerate(ranges):
        view = [1] * len(ranges)
        view[axis] = len(values)
        part = np.array(values, dtype=np.uint64).reshape(view)
        x, h = _splitmix64(x ^ part)
        x = x ^ h
    _, out = _splitmix64(x)
    return out >> np.uint64(1)


def schedule_for(cfg: Any, num_players: int) -> Iterator[Fixture]:
    """The config's fixtures, lazily, in game_id order."""
    return iter(schedule_of(cfg, num_players))


def schedule_of(cfg: Any, num_players: int) -> Schedule:
    """The config's Schedule (random access by game id)."""
    return Schedule(num_players, cfg.bots, cfg.deals, cfg.seed, cfg.duplicate, cfg.candidates,
                    cfg.format)


def schedule_hash(game: str, fixtures: Iterable[Fixture]) -> str:
    """sha256 of the game string and every fixture: what resume checks before it continues."""
    return schedule_digest(game, fixtures)[0]


def schedule_digest(game: str, fixtures: Iterable[Fixture]) -> tuple[str, int]:
    """(schedule_hash, number of fixtures) in one pass over a possibly lazy schedule."""
    h = hashlib.sha256()
    h.update(game.encode())
    n = 0
    for f in fixtures:
        # the JSON of dataclasses.astuple(f), built without its deep copy (which cost a cheap
        # game's worth of the runner's time per fixture); the same bytes, so the same hash
        h.update(json.dumps((f.game_id, f.deal_seed, f.seating, f.bot_seeds, f.deal_index,
                             f.rotation)).encode())
        n += 1
    return h.hexdigest(), n
