"""``GameRecord``: one finished game as one JSON line of ``games.jsonl`` (the source of truth
of a tournament; ratings and reports are recomputed from it)."""
import json
import os
from dataclasses import asdict, dataclass, field
from typing import List, Optional

# Fields that depend on the machine's speed, not on the games: excluded when runs are compared.
TIMING_FIELDS = ("move_times", "seconds")


@dataclass
class GameRecord:
    game_id: int
    game: str                       # game string, e.g. "mate-vic-village(players=4)"
    deal_seed: int
    seating: List[str]              # bot spec per seat
    bot_seeds: List[int]
    actions: List[int] = field(default_factory=list)
    returns: Optional[List[float]] = None
    ranks: Optional[List[int]] = None
    termination: str = "normal"     # normal | forfeit | a game's own ending (e.g. move_cap)
    forfeit: Optional[dict] = None  # {"seat": s, "reason": exception|illegal|timeout, "detail": text}
    oracle_seats: List[int] = field(default_factory=list)
    deal_index: int = 0             # which deal of the schedule (for duplicate pairing)
    rotation: int = 0               # which seat rotation of that deal
    move_times: List[float] = field(default_factory=list)
    seconds: float = 0.0

    def to_json(self):
        return asdict(self)

    @classmethod
    def from_json(cls, obj):
        return cls(**obj)

    def comparable(self):
        """The record without timing fields (what serial, parallel and resumed runs share)."""
        d = self.to_json()
        for k in TIMING_FIELDS:
            d.pop(k, None)
        return d


class RecordWriter:
    """Appends records to a JSONL file, one flushed and fsynced line per game, so a killed run
    loses at most the games in flight."""

    def __init__(self, path):
        self.path = path
        self._f = open(path, "a", encoding="utf-8")

    def write(self, record):
        self._f.write(json.dumps(record.to_json(), sort_keys=True) + "\n")
        self._f.flush()
        os.fsync(self._f.fileno())

    def close(self):
        self._f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def read_records(path):
    """Every complete record of a JSONL file (a torn last line from a kill is ignored)."""
    out = []
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                out.append(GameRecord.from_json(json.loads(line)))
            except (ValueError, TypeError):
                continue
    return out
