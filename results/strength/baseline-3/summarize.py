"""The tables of results/strength/baseline-3/README.md from the JSON files ``run.sh`` leaves
beside it (each made by ``trickhound evaluate ... --out``; the commands that made and that
replay each are in its own .md/.json). NOTES.md beside this script is the narrative.

Run from the repository root: ``python results/strength/baseline-3/summarize.py [--write]``.

Issue 15's targets read here: each of ismcts, pimc and solver >= 3 standard errors over the
heuristic in every configuration; each recovering >= 70% of the oracle's margin in Vic Village
and Dog Tag Trick, judged by the per-deal difference candidate - 0.7 x oracle (an interval
below 0: the share is below 70%; above 0: above; holding 0: not resolved by these deals);
ISMCTS at 16x its budget >= 2 standard errors over 1x.
"""
from __future__ import annotations

import importlib.util
import math
import os
import sys
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
# mean_se_ci and load, as results/strength/pimc-tune computes them
_spec = importlib.util.spec_from_file_location(
    "pimc_tune_summarize", os.path.join(HERE, "..", "pimc-tune", "summarize.py"))
assert _spec is not None and _spec.loader is not None
pimc_tune = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pimc_tune)
mean_se_ci = pimc_tune.mean_se_ci
SWEEP = [("Vic Village", "mate-vic-village", (3, 4), 1),
         ("Dog Tag Trick", "dog-tag-trick", (3, 4, 5), 2),
         ("Mattis (1 = not the loser)", "mattis", (3, 4, 5, 6, 7, 8), 3)]
SEARCHES = ("ismcts", "pimc", "solver")
SHARE_GAMES = ("mate-vic-village", "dog-tag-trick")
TARGET_SE = 3.0
TARGET_SHARE = 0.7
BUDGET = [("Vic Village", "mate-vic-village", 4), ("Vic Village", "mate-vic-village", 3),
          ("Dog Tag Trick", "dog-tag-trick", 5), ("Dog Tag Trick", "dog-tag-trick", 3)]


def load(name: str) -> dict[str, Any] | None:
    """The evaluate JSON ``name``.json beside this script, None if it was not run."""
    return pimc_tune.load(os.path.join(HERE, name + ".json"))


def margin_cell(m: dict[str, Any], k: int, target: bool) -> str:
    """mean ± se (margin in se); ✓ when it reaches TARGET_SE (searches only)."""
    z = m["mean"] / m["se"] if m["se"] > 0 else math.inf
    mark = (" ✓" if z >= TARGET_SE else " ✗") if target else ""
    spread = f"{z:+.1f} se" if m["se"] > 0 else "the same on every deal"
    return f"{m['mean']:+.{k}f} ± {m['se']:.{k}f} ({spread}){mark}"


def share_cell(x: list[float], oracle: list[float]) -> str:
    """The share of the oracle's mean margin, and the interval of x - 0.7 x oracle."""
    share = sum(x) / sum(oracle) if sum(oracle) else math.nan
    _, _, lo, hi = mean_se_ci([a - TARGET_SHARE * b for a, b in zip(x, oracle, strict=True)])
    verdict = "≥ 70%" if lo > 0 else ("< 70%" if hi < 0 else "70% in interval")
    return f"{100 * share:.0f}% [{lo:+.2f}, {hi:+.2f}] {verdict}"


def matrix() -> list[str]:
    """Every configuration: each search's and the oracle's seat margin over the heuristic."""
    rows = ["| game | players | ismcts | pimc | solver | oracle (cheats) | deals |",
            "|---|---|---|---|---|---|---|"]
    for title, slug, counts, k in SWEEP:
        for n in counts:
            ev = load(f"{slug}-{n}p-seat")
            if ev is None:
                rows.append(f"| {title} | {n} | not run | | | | |")
                continue
            by = {m["candidate"].split("(")[0]: m for m in ev["margins"]}
            cells = [margin_cell(by[b], k, True) if b in by else "–" for b in SEARCHES]
            cells.append(margin_cell(by["oracle"], k, False) if "oracle" in by else "–")
            rows.append(f"| {title} | {n} | " + " | ".join(cells) + f" | {ev['deals']} |")
    ev = load("mate-seat")
    if ev is not None:
        by = {m["candidate"].split("(")[0]: m for m in ev["margins"]}
        cells = [margin_cell(by[b], 0, True) if b in by else "–" for b in SEARCHES]
        rows.append("| Mate | 2 | " + " | ".join(cells) + f" | – | {ev['deals']} |")
    return rows


def shares() -> list[str]:
    """Vic Village and Dog Tag Trick: each search's share of the oracle's margin."""
    rows = ["| game | players | ismcts | pimc | solver | deals |", "|---|---|---|---|---|---|"]
    for title, slug, counts, _ in SWEEP:
        if slug not in SHARE_GAMES:
            continue
        for n in counts:
            ev = load(f"{slug}-{n}p-seat")
            if ev is None:
                continue
            by = {m["candidate"].split("(")[0]: m["per_deal"] for m in ev["margins"]}
            cells = [share_cell(by[b], by["oracle"]) for b in SEARCHES]
            rows.append(f"| {title} | {n} | " + " | ".join(cells) + f" | {ev['deals']} |")
    return rows


def budget() -> list[str]:
    """ISMCTS at 16x over 1x: mean ± se, the margin in se, the 95% interval."""
    rows = ["| game | players | 1x | 16x − 1x | 95% CI | ≥ 2 se | deals |",
            "|---|---|---|---|---|---|---|"]
    for title, slug, n in BUDGET:
        ev = load(f"{slug}-{n}p-ismcts-budget16")
        if ev is None:
            continue
        m = ev["margins"][0]
        lo, hi = m["ci"]
        z = m["mean"] / m["se"]
        rows.append(f"| {title} | {n} | `{m['baseline']}` | {m['mean']:+.2f} ± {m['se']:.2f} "
                    f"({z:+.1f} se) | [{lo:+.2f}, {hi:+.2f}] | {'yes' if z >= 2 else 'no'} | "
                    f"{ev['deals']} |")
    return rows


def calibration() -> list[str]:
    """The budgets 5 ms of process CPU a decision calibrated to, per configuration."""
    rows = ["| entry | budgets (CPU ms a decision) |", "|---|---|"]
    for _, slug, counts, _ in SWEEP:
        for n in counts:
            ev = load(f"{slug}-{n}p-seat")
            if ev is not None:
                rows.append(f"| {slug} {n}p | " + "; ".join(
                    f"`{c['calibrated']}` ({c['cpu_ms']:.1f})" for c in ev["calibration"]
                    if c["parameter"] is not None) + " |")
    return rows


def sections() -> list[tuple[str, str, list[str]]]:
    """(heading, what the table shows, its rows) of the README's tables but the budgets'."""
    return [
        ("Over the heuristic, every configuration",
         "Seat margin: the candidate at one seat, `heuristic` elsewhere, paired with the "
         "all-heuristic game on the same deal and bot seeds, every seat in turn; mean ± standard "
         "error over deals (the margin in standard errors). ✓: at least 3 standard errors (the "
         "issue's target for the three fair searches).", matrix()),
        ("Share of the oracle's margin (Vic Village, Dog Tag Trick)",
         "The candidate's mean margin over the oracle's on the same deals, then the 95% interval "
         "of the per-deal difference candidate − 0.7 × oracle and what it says of the issue's "
         "70%.", shares())]


def page(tables: list[tuple[str, str, list[str]]] | None = None) -> str:
    """README.md: the narrative (NOTES.md beside HERE), ``tables`` (heading, text, rows; by
    default ``sections()`` and the budget table) and the budgets."""
    with open(os.path.join(HERE, "NOTES.md"), encoding="utf-8") as f:
        notes = f.read().strip()
    if tables is None:
        tables = sections() + [(
            "ISMCTS at 16x its budget over 1x",
            "The 16x bot at one seat, the 1x bot elsewhere, paired with the all-1x game "
            "(`--mode budget --scale 16`).", budget())]
    lines = [notes, ""]
    for heading, text, rows in tables:
        lines += [f"## {heading}", "", text, "", *rows, ""]
    return "\n".join(lines + ["## Budgets", "", *calibration()]) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as f:
            f.write(page())
    else:
        print("\n".join(matrix() + [""] + shares() + [""] + budget()))
