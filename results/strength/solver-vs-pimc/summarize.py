"""The table of results/strength/solver-vs-pimc/README.md from the evaluation files beside it:

    python results/strength/solver-vs-pimc/summarize.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = ["mattis-3p", "mattis-4p", "mattis-5p", "mattis-6p", "mattis-7p",
         "dog-tag-trick-3p", "dog-tag-trick-4p", "dog-tag-trick-5p",
         "mate-vic-village-3p", "mate-vic-village-4p"]


def main() -> None:
    print("| game | solver − pimc at a pimc table (mean ± se) | 95% CI | verdict | budgets "
          "(5 ms) | deals |")
    print("|---|---|---|---|---|---|")
    for name in NAMES:
        path = os.path.join(HERE, name + ".json")
        if not os.path.exists(path):
            print(f"| {name} | not run | | | | |")
            continue
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        m = data["margins"][0]
        lo, hi = m["ci"]
        digits = 3 if abs(m["mean"]) < 1 and m["se"] < 0.1 else 2
        verdict = ("solver above" if lo > 0 else "solver below" if hi < 0 else "level")
        print(f"| {name} | {m['mean']:+.{digits}f} ± {m['se']:.{digits}f} | "
              f"[{lo:+.{digits}f}, {hi:+.{digits}f}] | {verdict} | `{m['candidate']}` vs "
              f"`{m['baseline']}` | {m['deals']} |")


if __name__ == "__main__":
    main()
