"""The table of results/strength/budget16/README.md from the evaluation files beside it:

    python results/strength/budget16/summarize.py
"""
import json
import os

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))
#: (file, what it measures), in the README's order; a run not made yet is left out
RUNS = (("dtt3p-budget16", "Dog Tag Trick 3p"),
        ("dtt4p-budget16", "Dog Tag Trick 4p"),
        ("dtt5p-budget16", "Dog Tag Trick 5p"),
        ("vic3p-budget16", "Vic Village 3p"))
#: issue 15's bar: 16x over 1x by at least this many standard errors
TARGET_SE = 2.0


def table(here: str, runs: tuple) -> None:
    """Print the table of the runs ``runs`` ((file stem, label), ...) in the folder ``here``
    (budget16-400/summarize.py prints its own runs with it)."""
    print("| game | 1x (5 ms) | 16x − 1x | 95% CI | se count | deals | ≥ 2 se |")
    print("|---|---|---|---|---|---|---|")
    for name, label in runs:
        path = os.path.join(here, name + ".json")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        m = data["margins"][0]
        # the evaluation's own Student-t margin over the per-deal values
        mg = summarize_margin(label, "", "", "paired", [[x] for x in m["per_deal"]])
        lo, hi = mg.ci
        z = mg.mean / mg.se
        print(f"| {label} | `{m['baseline']}` | {mg.mean:+.2f} ± {mg.se:.2f} | "
              f"[{lo:+.2f}, {hi:+.2f}] | {z:+.3f} | {mg.deals} | "
              f"{'yes' if z >= TARGET_SE else 'no'} |")


def main() -> None:
    table(HERE, RUNS)


if __name__ == "__main__":
    main()
