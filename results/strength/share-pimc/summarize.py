"""The table of results/strength/share-pimc/README.md from the evaluation files beside it:

    python results/strength/share-pimc/summarize.py

Per run: pimc's seat margin over the heuristic, the oracle's, pimc's share of the oracle's
margin on the same deals (ratio of the means) and the 95% interval of the per-deal difference
pimc - 0.7 x oracle, which says whether the issue's 70% is reached (interval above 0), missed
(below 0) or not resolved (0 inside).
"""
import json
import os

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = [("dog-tag-trick-3p-seat", "Dog Tag Trick 3p, calibrated (loaded machine)"),
        ("dog-tag-trick-3p-quiet-budgets", "Dog Tag Trick 3p, share-dtt's budgets"),
        ("dog-tag-trick-4p-seat", "Dog Tag Trick 4p, calibrated")]


def cell(values: list[float]) -> tuple[str, float, float]:
    """('mean ± se [lo, hi]', lo, hi) over per-deal values (tournaments.evaluate's margin)."""
    mg = summarize_margin("", "", "", "paired", [[x] for x in values])
    lo, hi = mg.ci
    return f"{mg.mean:+.2f} ± {mg.se:.2f} [{lo:+.2f}, {hi:+.2f}]", lo, hi


def main() -> None:
    print("| run | pimc | oracle (cheats) | share | pimc − 0.7 × oracle | 70% | deals |")
    print("|---|---|---|---|---|---|---|")
    for name, label in RUNS:
        path = os.path.join(HERE, f"{name}.json")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            run = json.load(f)
        by = {m["candidate"].split("(")[0]: m for m in run["margins"]}
        pimc, orc = by["pimc"], by["oracle"]
        share = 100 * sum(pimc["per_deal"]) / sum(orc["per_deal"])
        diff, lo, hi = cell([c - 0.7 * o for c, o in zip(pimc["per_deal"], orc["per_deal"],
                                                           strict=True)])
        verdict = "met" if lo > 0 else "missed" if hi < 0 else "not resolved"
        print(f"| {label} | `{pimc['candidate']}` {cell(pimc['per_deal'])[0]} | "
              f"`{orc['candidate']}` {cell(orc['per_deal'])[0]} | {share:.0f}% | {diff} | "
              f"{verdict} | {run['deals']} |")


if __name__ == "__main__":
    main()
