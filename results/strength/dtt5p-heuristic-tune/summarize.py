"""The table of results/strength/dtt5p-heuristic-tune/README.md from the evaluation files beside
it:

    python results/strength/dtt5p-heuristic-tune/summarize.py

Each setting's seat margin over the heuristic, and its difference from the default (ISMCTS with
heuristic rollouts, c = 0.2, widening 0.3 below the roots, 15% random rollout moves) paired per
deal: every file plays the same 128 deals (seed 98) with the same all-heuristic games, so the
per-deal margins of two files differ only by the candidate's play.
"""
import json
import os

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))

# (file, setting as the README names it); the first row is the default.
ROWS = [
    ("dog-tag-trick-5p-c", 0, "default (c = 0.2, 15% random rollout moves)"),
    ("dog-tag-trick-5p-c", 1, "c = 0.1"),
    ("dog-tag-trick-5p-c", 2, "c = 0.35"),
    ("dog-tag-trick-5p-eps0", 0, "0% random rollout moves (variant build)"),
    ("dog-tag-trick-5p-eps50", 0, "5% random rollout moves (variant build)"),
    ("dog-tag-trick-5p-eps300", 0, "30% random rollout moves (variant build)"),
    ("dog-tag-trick-5p-root-widen-0.3", 0, "roots widened, N ** 0.3 (variant build)"),
    ("dog-tag-trick-5p-root-widen-0.4", 0, "roots widened, N ** 0.4 (variant build)"),
]


def cell(values: list[float]) -> str:
    """'mean ± se [lo, hi]' over per-deal values (tournaments.evaluate's margin)."""
    mg = summarize_margin("", "", "", "paired", [[x] for x in values])
    lo, hi = mg.ci
    return f"{mg.mean:+.2f} ± {mg.se:.2f} [{lo:+.2f}, {hi:+.2f}]"


def main() -> None:
    print("| setting | played as | over the heuristic | − default | deals |")
    print("|---|---|---|---|---|")
    base: list[float] = []
    for name, index, setting in ROWS:
        path = os.path.join(HERE, f"{name}.json")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            m = json.load(f)["margins"][index]
        per_deal = m["per_deal"]
        if not base:
            base = per_deal
            diff = "–"
        else:
            diff = cell([a - b for a, b in zip(per_deal, base, strict=True)])
        print(f"| {setting} | `{m['candidate']}` | {cell(per_deal)} | {diff} | {m['deals']} |")


if __name__ == "__main__":
    main()
