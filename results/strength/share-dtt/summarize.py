"""The table of results/strength/share-dtt/README.md from the evaluation files beside it:

    python results/strength/share-dtt/summarize.py

Per configuration and search: its seat margin over the heuristic, its share of the oracle's
margin on the same deals (ratio of the means) and the 95% interval of the per-deal difference
candidate - 0.7 x oracle, which says whether the issue's 70% is reached (interval above 0),
missed (below 0) or not resolved (0 inside).
"""
import json
import os

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))


def cell(values: list[float]) -> tuple[str, float, float]:
    """('mean ± se [lo, hi]', lo, hi) over per-deal values (tournaments.evaluate's margin)."""
    mg = summarize_margin("", "", "", "paired", [[x] for x in values])
    lo, hi = mg.ci
    return f"{mg.mean:+.2f} ± {mg.se:.2f} [{lo:+.2f}, {hi:+.2f}]", lo, hi


def main() -> None:
    print("| game | search | over the heuristic | share of the oracle's | candidate − 0.7 × "
          "oracle | 70% | deals |")
    print("|---|---|---|---|---|---|---|")
    for p in (3, 4):
        path = os.path.join(HERE, f"dog-tag-trick-{p}p-seat.json")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            run = json.load(f)
        by = {m["candidate"].split("(")[0]: m for m in run["margins"]}
        orc = by["oracle"]["per_deal"]
        for name in ("ismcts", "pimc", "solver", "oracle"):
            m = by[name]
            over, _, _ = cell(m["per_deal"])
            if name == "oracle":
                print(f"| Dog Tag Trick {p}p | `{m['candidate']}` (cheats) | {over} | – | – | – "
                      f"| {run['deals']} |")
                continue
            share = 100 * sum(m["per_deal"]) / sum(orc)
            diff, lo, hi = cell([c - 0.7 * o for c, o in zip(m["per_deal"], orc)])
            verdict = "met" if lo > 0 else "missed" if hi < 0 else "not resolved"
            print(f"| Dog Tag Trick {p}p | `{m['candidate']}` | {over} | {share:.0f}% | {diff} | "
                  f"{verdict} | {run['deals']} |")


if __name__ == "__main__":
    main()
