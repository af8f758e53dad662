"""The share table of results/strength/pimc-rollout-5p/README.md from the evaluation files
beside it:

    python results/strength/pimc-rollout-5p/summarize.py

Every file plays the same 512 deals (seed 101) with the same all-heuristic games, so each
search's per-deal margin pairs with the oracle's (dog-tag-trick-5p-oracle): its share of the
oracle's margin (ratio of the means) and the 95% interval of candidate - 0.7 x oracle, which
says whether issue 15's 70% is reached (interval above 0), missed (below 0) or not resolved.
"""
import json
import os

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = ("dog-tag-trick-5p-ismcts-solver", "dog-tag-trick-5p-pimc-rollouts")


def cell(values: list[float]) -> tuple[str, float, float]:
    """('mean ± se [lo, hi]', lo, hi) over per-deal values (tournaments.evaluate's margin)."""
    mg = summarize_margin("", "", "", "paired", [[x] for x in values])
    lo, hi = mg.ci
    return f"{mg.mean:+.2f} ± {mg.se:.2f} [{lo:+.2f}, {hi:+.2f}]", lo, hi


def main() -> None:
    with open(os.path.join(HERE, "dog-tag-trick-5p-oracle.json"), encoding="utf-8") as f:
        oracle = json.load(f)["margins"][0]
    orc = oracle["per_deal"]
    print("| search | over the heuristic | share of the oracle's | candidate − 0.7 × oracle | "
          "70% | deals |")
    print("|---|---|---|---|---|---|")
    for name in FILES:
        with open(os.path.join(HERE, f"{name}.json"), encoding="utf-8") as f:
            margins = json.load(f)["margins"]
        for m in margins:
            share = 100 * sum(m["per_deal"]) / sum(orc)
            diff, lo, hi = cell([c - 0.7 * o for c, o in zip(m["per_deal"], orc, strict=True)])
            verdict = "met" if lo > 0 else "missed" if hi < 0 else "not resolved"
            print(f"| `{m['candidate']}` | {cell(m['per_deal'])[0]} | {share:.0f}% | {diff} | "
                  f"{verdict} | {m['deals']} |")
    print(f"| `{oracle['candidate']}` (cheats) | {cell(orc)[0]} | – | – | – | {oracle['deals']} |")


if __name__ == "__main__":
    main()
