"""The paired difference B - A (margin indices 1 and 0) pooled over the deals of several
`trickhound evaluate --out` JSON files (disjoint deal seeds, the same two candidates): mean, se
and 95% Student-t interval over all their deals, as results/strength/ismcts-budget/paired.py
computes it for one file.

    python results/strength/pimc-future/pooled.py FILE.json [FILE.json ...]
"""
import json
import sys

from tournaments.evaluate import summarize_margin


def main(paths: list[str]) -> None:
    """Print the pooled paired difference of the files' margins 1 and 0."""
    d: list[float] = []
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        a, b = data["margins"][0], data["margins"][1]
        d += [y - x for x, y in zip(a["per_deal"], b["per_deal"])]
    mg = summarize_margin("pooled", "", "", "paired", [[x] for x in d])
    print(f"pooled over {len(paths)} files: {mg.mean:+.2f} +- {mg.se:.2f} se, "
          f"95% CI [{mg.ci[0]:+.2f}, {mg.ci[1]:+.2f}], {mg.deals} deals")


if __name__ == "__main__":
    main(sys.argv[1:])
