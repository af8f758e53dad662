"""The tables of results/strength/pimc-tune/README.md from the JSON files ``run.sh`` leaves
beside it (each made by ``trickhound evaluate ... --out``; the commands that made and that
replay each are in its own .md/.json).

Run from the repository root: ``python results/strength/pimc-tune/summarize.py``.

The recovery share is a candidate's mean margin over the heuristic divided by the oracle's on
the same deals. Its uncertainty comes from the per-deal difference candidate - 0.7 x oracle
(the issue's target is a share >= 70%): mean, standard error and 95% Student-t interval over
deals; an interval below 0 says the share is below 70%, above 0 that it is above.
"""
from __future__ import annotations

import json
import math
import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from paired import paired

from tournaments.evaluate import t975

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIGS = [("Dog Tag Trick", "dog-tag-trick", 3), ("Dog Tag Trick", "dog-tag-trick", 4),
           ("Dog Tag Trick", "dog-tag-trick", 5), ("Vic Village", "mate-vic-village", 3),
           ("Vic Village", "mate-vic-village", 4)]
TARGET = 0.7
SCREENS = ["dtt3-s1", "dtt3-s2", "dtt4-s1", "vv3-s1", "vv4-s1", "vv4-s2", "vv3-w40"]


def load(path: str) -> dict[str, Any] | None:
    """The evaluate JSON at ``path`` (relative to this folder), None if it was not run."""
    full = os.path.join(HERE, path)
    if not os.path.exists(full):
        return None
    with open(full, encoding="utf-8") as f:
        return json.load(f)


def mean_se_ci(xs: list[float]) -> tuple[float, float, float, float]:
    """Mean, standard error and 95% Student-t interval of ``xs`` (one value per deal)."""
    n = len(xs)
    mean = sum(xs) / n
    se = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)
    h = t975(n - 1) * se
    return mean, se, mean - h, mean + h


def margin_cell(m: dict[str, Any]) -> str:
    lo, hi = m["ci"]
    return f"{m['mean']:+.2f} ± {m['se']:.2f} [{lo:+.2f}, {hi:+.2f}]"


def main_table() -> list[str]:
    """One row per configuration: pimc, solver, oracle; shares; candidate - 0.7 x oracle."""
    rows = ["| game | players | pimc | solver | oracle (cheats) | share pimc / solver | "
            "pimc - 0.7 oracle | solver - 0.7 oracle | iterations pimc / solver / oracle | deals |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for title, slug, n in CONFIGS:
        ev = load(f"{slug}-{n}p-seat.json")
        if ev is None:
            continue
        by = {m["candidate"].split("(")[0]: m for m in ev["margins"]}
        oracle = by["oracle"]
        shares, gaps = [], []
        for b in ("pimc", "solver"):
            shares.append(f"{100 * by[b]['mean'] / oracle['mean']:.0f}%")
            d = [x - TARGET * o for x, o in zip(by[b]["per_deal"], oracle["per_deal"],
                                                 strict=True)]
            mean, se, lo, hi = mean_se_ci(d)
            gaps.append(f"{mean:+.2f} ± {se:.2f} [{lo:+.2f}, {hi:+.2f}]")
        budgets = " / ".join(f"{c['value']} ({c['cpu_ms']:.1f} ms)"
                             for c in ev["calibration"] if c["parameter"])
        rows.append(f"| {title} | {n} | {margin_cell(by['pimc'])} | {margin_cell(by['solver'])} "
                    f"| {margin_cell(oracle)} | {' / '.join(shares)} | {gaps[0]} | {gaps[1]} "
                    f"| {budgets} | {ev['deals']} |")
    return rows


def screens() -> list[str]:
    """Each screening run: its command, then paired.py's lines."""
    out: list[str] = []
    for name in SCREENS:
        ev = load(f"screen/{name}.json")
        if ev is None:
            continue
        out += [f"`screen/{name}`: `{ev['command']}`", "", "```",
                *paired(os.path.join(HERE, "screen", name + ".json")), "```", ""]
    return out


if __name__ == "__main__":
    print("\n".join(main_table()))
    print()
    print("\n".join(screens()))
