"""The control variate of the leaderboards: each deal's value for each seat under a fixed
reference policy — every seat played by the ``heuristic`` bot, the bots' seeds derived from the
deal seed alone.

The reference is a function of the deal and the seat only: it is computed without looking at
any bot under test, so its expectation is one constant shared by every bot, and a bot's
*advantage* (its score minus the reference on the same deal and seat) differs from its score by
that constant on average — unbiased by construction — while most of the luck of the deal (a
strong hand scores in both) cancels. See tournaments.stats for how the board uses it.

Values are cached in ``<run>/reference.jsonl`` (one line per deal: index, seed, returns), so a
report recomputes nothing it already has; one reference game per deal is played otherwise.
"""
import json
import os
from collections.abc import Iterable
from typing import Optional

from solver.game import Game
from solver.rng import derive_seed
from tournaments.records import GameRecord

REFERENCE_BOT = "heuristic"
CACHE = "reference.jsonl"


def reference_game(game: Game, deal_seed: int) -> GameRecord:
    """The reference game of one deal: ``heuristic`` in every seat (a GameRecord)."""
    from tournaments.referee import play_game
    seeds = [derive_seed(deal_seed, "reference", s) for s in range(game.num_players)]
    return play_game(game, [REFERENCE_BOT] * game.num_players, deal_seed, seeds)


def reference_values(run_dir: str, records: Iterable[GameRecord],
                     game: Optional[Game] = None) -> dict[tuple[int, int], float]:
    """(deal_index, seat) -> the reference policy's score, for every deal of ``records``
    (reference games played and cached as needed; deals whose reference game did not finish
    are left out, so their games count without the correction)."""
    from solver.registry import load_game
    deals: dict[int, int] = {}
    for r in records:
        deals.setdefault(r.deal_index, r.deal_seed)
        if game is None:
            game = load_game(r.game)
    path = os.path.join(run_dir, CACHE)
    cached: dict[tuple[int, int], Optional[list[float]]] = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    obj = json.loads(line)
                    cached[(obj["deal_index"], obj["deal_seed"])] = obj["returns"]
                except (ValueError, KeyError, TypeError):
                    continue   # a torn line: that deal is played again below
    missing = [(d, s) for d, s in sorted(deals.items()) if (d, s) not in cached]
    if missing:
        assert game is not None  # taken from the records, which gave the missing deals
        with open(path, "a", encoding="utf-8") as f:
            for d, s in missing:
                rec = reference_game(game, s)
                cached[(d, s)] = rec.returns
                f.write(json.dumps({"deal_index": d, "deal_seed": s,
                                    "returns": rec.returns}) + "\n")
    out: dict[tuple[int, int], float] = {}
    for d, s in deals.items():
        returns = cached.get((d, s))
        if returns is None:
            continue
        for seat, v in enumerate(returns):
            out[(d, seat)] = float(v)
    return out
