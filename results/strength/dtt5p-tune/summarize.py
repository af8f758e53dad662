"""The tables of results/strength/dtt5p-tune/README.md from the evaluation files beside it:

    python results/strength/dtt5p-tune/summarize.py
"""
import json
import os

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))


def margins(name: str) -> list[dict]:
    with open(os.path.join(HERE, name + ".json"), encoding="utf-8") as f:
        return json.load(f)["margins"]


def row(label: str, values: list[float]) -> str:
    """| label | mean ± se (se count) | [95% CI] | deals | over per-deal values (the
    evaluation's own Student-t margin, tournaments.evaluate.summarize_margin)."""
    mg = summarize_margin(label, "", "", "paired", [[x] for x in values])
    lo, hi = mg.ci
    return (f"| {label} | {mg.mean:+.2f} ± {mg.se:.2f} ({mg.mean / mg.se:+.1f} se) | "
            f"[{lo:+.2f}, {hi:+.2f}] | {mg.deals} |")


def main() -> None:
    print("## Settings against the defaults, equal iterations (1,800; seed 46)\n")
    print("| setting − default (widen=0.3, c=0.2), over the heuristic | difference | 95% CI "
          "| deals |")
    print("|---|---|---|---|")
    screen = margins("screen-iter1800")
    base = screen[0]["per_deal"]
    print(row(f"the default `{screen[0]['candidate']}` over the heuristic", base))
    for m in screen[1:]:
        print(row(f"`{m['candidate']}`", [b - a for a, b in zip(base, m["per_deal"])]))
    print("\n## The share of the oracle's margin, equal CPU (5 ms; seed 46)\n")
    print("| what | value | 95% CI | deals |")
    print("|---|---|---|---|")
    share = margins("share-cpu5")
    cand, orc = share[0]["per_deal"], share[1]["per_deal"]
    print(row(f"`{share[0]['candidate']}` over the heuristic", cand))
    print(row(f"`{share[1]['candidate']}` (cheats) over the heuristic", orc))
    print(row("ismcts − 0.7 × oracle (≥ 0: 70% reached)",
              [c - 0.7 * o for c, o in zip(cand, orc)]))
    print(f"\nShare (ratio of the means): {100 * sum(cand) / sum(orc):.0f}%.")


if __name__ == "__main__":
    main()
