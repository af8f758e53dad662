"""The table of results/strength/budget16-400/README.md from the evaluation file beside it:

    python results/strength/budget16-400/summarize.py
"""
import json
import os

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))
#: issue 15's bar: 16x over 1x by at least this many standard errors
TARGET_SE = 2.0


def main() -> None:
    with open(os.path.join(HERE, "dtt4p-budget16-400.json"), encoding="utf-8") as f:
        data = json.load(f)
    m = data["margins"][0]
    mg = summarize_margin("Dog Tag Trick 4p", "", "", "paired", [[x] for x in m["per_deal"]])
    lo, hi = mg.ci
    z = mg.mean / mg.se
    print("| game | 1x | 16x − 1x | 95% CI | se count | deals | ≥ 2 se |")
    print("|---|---|---|---|---|---|---|")
    print(f"| Dog Tag Trick 4p | `{m['baseline']}` | {mg.mean:+.2f} ± {mg.se:.2f} | "
          f"[{lo:+.2f}, {hi:+.2f}] | {z:+.3f} | {mg.deals} | "
          f"{'yes' if z >= TARGET_SE else 'no'} |")


if __name__ == "__main__":
    main()
