"""The tables of results/strength/mattis-table/README.md from the JSON files ``run.sh`` leaves
beside it (each made by ``trickhound evaluate ... --out``; the commands that made and that
replay each are in its own .md/.json). NOTES.md beside this script is the narrative.

Run from the repository root: ``python results/strength/mattis-table/summarize.py [--write]``.
"""
from __future__ import annotations

import json
import os
import sys
from typing import Any

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))
PLAYERS = range(3, 9)


def load(name: str) -> dict[str, Any] | None:
    path = os.path.join(HERE, name + ".json")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def cell(xs: list[float]) -> tuple[str, str, str]:
    """(mean ± se, [95% CI], verdict) of per-deal values: Student t over deals."""
    m = summarize_margin("", "", "", "seat", [[x] for x in xs])
    lo, hi = m.ci
    verdict = "behind" if hi < 0 else "ahead" if lo > 0 else "level"
    return f"{m.mean:+.3f} ± {m.se:.3f}", f"[{lo:+.3f}, {hi:+.3f}]", verdict


def heuristic_table() -> list[str]:
    """Per player count: each bot over the heuristic, and the solver bot (with and without the
    table model) minus pimc, paired per deal."""
    rows = ["| players | solver | solver, no model (`follow=0`) | pimc | solver − pimc | 95% CI "
            "| verdict | no model − pimc | 95% CI | verdict | deals |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    for n in PLAYERS:
        ev = load(f"mattis-{n}p-heuristic-table")
        if ev is None:
            continue
        solver, off, pimc = (m["per_deal"] for m in ev["margins"])
        over = [cell(x)[0] for x in (solver, off, pimc)]
        new = cell([a - b for a, b in zip(solver, pimc, strict=True)])
        old = cell([a - b for a, b in zip(off, pimc, strict=True)])
        rows.append(f"| {n} | {' | '.join(over)} | {' | '.join(new)} | {' | '.join(old)} "
                    f"| {ev['deals']} |")
    return rows


def ismcts_table() -> list[str]:
    """Per player count: the solver bot at one seat of an ISMCTS table over the all-ISMCTS
    game."""
    rows = ["| players | table | solver − ismcts | 95% CI | verdict | deals |",
            "|---|---|---|---|---|---|"]
    for n in PLAYERS:
        ev = load(f"mattis-{n}p-ismcts-table")
        if ev is None:
            continue
        m = ev["margins"][0]
        mean_se, ci, verdict = cell(m["per_deal"])
        rows.append(f"| {n} | `{m['baseline']}` | {mean_se} | {ci} | {verdict} | "
                    f"{ev['deals']} |")
    return rows


def page() -> str:
    with open(os.path.join(HERE, "NOTES.md"), encoding="utf-8") as f:
        notes = f.read().rstrip()
    return "\n".join([
        notes, "",
        "## At heuristic tables", "",
        "Seat margin over `heuristic` (the bot at one seat, the heuristic elsewhere, paired with "
        "the all-heuristic game on the same deal and bot seeds, every seat in turn), and the "
        "differences paired per deal; mean ± standard error, 95% Student-t interval over deals, "
        "in points a game (1 = not the loser).", "",
        *heuristic_table(), "",
        "## At ISMCTS tables", "",
        "The solver bot's seat margin over `ismcts` (it at one seat, ISMCTS elsewhere, paired "
        "with the all-ISMCTS game); mean ± standard error, 95% Student-t interval over deals.",
        "",
        *ismcts_table(), ""])


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as f:
            f.write(page())
    else:
        print("\n".join(heuristic_table() + [""] + ismcts_table()))
