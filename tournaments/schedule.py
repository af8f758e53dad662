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

Seeds: deal ``d`` is dealt from ``derive_seed(seed, "deal", d)`` — the same deal in every
rotation and for every candidate — and the bot in seat ``s`` of rotation ``r`` gets
``derive_seed(seed, "bot", d, r, s)``. Game ids number the fixtures deal by deal, so a
schedule for more deals extends the one for fewer (``trickhound rate`` relies on that).
"""
import hashlib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

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
    if fmt == "gauntlet":
        opp = _shuffled(seat_groups(list(bots), num_players - 1), seed, "pool")
        tables = [[(c,) + g for g in opp] for c in candidates]
    else:
        tables = [_shuffled(seat_groups(list(bots), num_players), seed)]
    gid = 0
    for d in range(deals):
        deal_seed = derive_seed(seed, "deal", d)
        for groups in tables:
            g = len(groups)
            group = groups[d % g]
            rots = rotations(group)
            if duplicate:
                chosen = list(enumerate(rots))
            else:
                r = (d // g) % len(rots)
                chosen = [(r, rots[r])]
            for r, seating in chosen:
                seeds = tuple(derive_seed(seed, "bot", d, r, s) for s in range(num_players))
                yield Fixture(gid, deal_seed, seating, seeds, d, r)
                gid += 1


def schedule_for(cfg: Any, num_players: int) -> Iterator[Fixture]:
    """The config's fixtures, lazily, in game_id order."""
    return iter_schedule(num_players, cfg.bots, cfg.deals, cfg.seed, cfg.duplicate,
                         cfg.candidates, cfg.format)


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
