"""The MO-ISMCTS bot's mean score per deal in two runs of the same schedule (same deals,
seatings and bot seeds), paired by deal: the run with this session's code minus the run with
MO-ISMCTS as before (a round's last play merged into a hidden edge). Usage: pair.py NEW OLD."""
import json
import math
import statistics
import sys
from collections import defaultdict


def per_deal(run: str) -> dict[int, list[tuple[int, int, float]]]:
    """{deal index: sorted (rotation, seat, return) of every MO-ISMCTS seat} of a run."""
    acc: dict[int, list[tuple[int, int, float]]] = defaultdict(list)
    with open(f"{run}/games.jsonl", encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            for seat, bot in enumerate(r["seating"]):
                if bot.startswith("ismcts"):
                    acc[r["deal_index"]].append((r["rotation"], seat, r["returns"][seat]))
    return {k: sorted(v) for k, v in acc.items()}


def main() -> None:
    new, old = per_deal(sys.argv[1]), per_deal(sys.argv[2])
    diffs = []
    alike = 0
    for k in sorted(new):
        assert [x[:2] for x in new[k]] == [x[:2] for x in old[k]], "not the same schedule"
        diffs.append(statistics.mean(x[2] for x in new[k]) - statistics.mean(x[2] for x in old[k]))
        alike += new[k] == old[k]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    print(f"deals {len(diffs)}; deals identical {alike}; new - old mean per seat "
          f"{mean:+.3f} ± {half:.3f} (95%)")


if __name__ == "__main__":
    main()
