"""The tables of results/strength/vic-mcmc/README.md from the evaluation files beside it:

    python results/strength/vic-mcmc/summarize.py

Each screen: every candidate's seat margin over the heuristic, and its paired difference from
the screen's first candidate (pimc with uniform worlds) on the same deals.
"""
import json
import os

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))
SCREENS = (("screen-vic4p-mcmc-iters", "iteration-limited at 2,000, before the fix: the chain's "
                                       "worlds shared one future (seed 161, commit 23bfc6f)"),
           ("screen-vic4p-mcmc-iters-2", "iteration-limited at 2,000, each world its own future "
                                         "(seed 162)"),
           ("screen-vic4p-mcmc-cpu", "equal CPU, 5 ms a decision (seed 163)"))


def cell(values: list[float]) -> str:
    """'mean ± se [lo, hi]' over per-deal values (tournaments.evaluate's margin)."""
    mg = summarize_margin("", "", "", "paired", [[x] for x in values])
    lo, hi = mg.ci
    return f"{mg.mean:+.2f} ± {mg.se:.2f} [{lo:+.2f}, {hi:+.2f}]"


def main() -> None:
    for name, what in SCREENS:
        path = os.path.join(HERE, f"{name}.json")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            margins = json.load(f)["margins"]
        print(f"### {what}\n")
        print("| candidate | over the heuristic | minus the first | deals |")
        print("|---|---|---|---|")
        base = margins[0]["per_deal"]
        for m in margins:
            diff = ("–" if m is margins[0] else
                    cell([a - b for a, b in zip(m["per_deal"], base, strict=True)]))
            print(f"| `{m['candidate']}` | {cell(m['per_deal'])} | {diff} | {m['deals']} |")
        print()


if __name__ == "__main__":
    main()
