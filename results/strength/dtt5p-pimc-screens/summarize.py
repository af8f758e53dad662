"""The tables of results/strength/dtt5p-pimc-screens/README.md from the evaluation files beside
it: each screen's candidates against its first (pimc at its defaults), paired on the deals.

    python results/strength/dtt5p-pimc-screens/summarize.py
"""
import json
import os

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))
SCREENS = (("settings", "worlds, widening and c (seed 139)"),
           ("worlds", "more worlds, and c = 4 with them (seed 140)"),
           ("sharp-inference", "worlds weighted by a sharp model of the heuristic (seed 141)"),
           ("selection", "the move chosen by visits or by robustness (seed 142)"),
           ("budget", "2x and 4x the iterations (seed 143)"))


def row(label: str, values: list[float]) -> str:
    """| label | mean ± se (se count) | [95% CI] | deals | over per-deal values (the
    evaluation's own Student-t margin, tournaments.evaluate.summarize_margin)."""
    mg = summarize_margin(label, "", "", "paired", [[x] for x in values])
    lo, hi = mg.ci
    ses = f"{mg.mean / mg.se:+.1f} se" if mg.se else "identical"
    return (f"| {label} | {mg.mean:+.2f} ± {mg.se:.2f} ({ses}) | [{lo:+.2f}, {hi:+.2f}] | "
            f"{mg.deals} |")


def main() -> None:
    for name, what in SCREENS:
        path = os.path.join(HERE, f"screen-{name}.json")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            margins = json.load(f)["margins"]
        print(f"### {what}\n")
        print("| candidate − the default, over the heuristic | difference | 95% CI | deals |")
        print("|---|---|---|---|")
        base = margins[0]["per_deal"]
        print(row(f"the default `{margins[0]['candidate']}` over the heuristic", base))
        for m in margins[1:]:
            label = m["candidate"].replace("results/strength/dtt5p-pimc-screens/", "")
            print(row(f"`{label}`", [b - a for a, b in zip(base, m["per_deal"])]))
        print()


if __name__ == "__main__":
    main()
