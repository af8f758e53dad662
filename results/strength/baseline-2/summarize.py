"""Writes results/strength/baseline-2/README.md from the JSON files ``run.sh`` leaves beside it
(each made by ``trickhound evaluate ... --out``; the commands that made and that replay each
are in its own .md/.json).

Run: ``python results/strength/baseline-2/summarize.py``."""
import json
import os
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
BOTS = ("ismcts", "pimc", "solver", "oracle")
SWEEP = [("Vic Village", "mate-vic-village", (3, 4), 1), ("Dog Tag Trick", "dog-tag-trick",
         (3, 4, 5), 2), ("Mattis (1 = not the loser)", "mattis", (3, 4, 5, 6, 8), 3)]
OTHER = [("ISMCTS 16x over 1x, Dog Tag Trick 4p", "dog-tag-trick-4p-ismcts-budget16", 2),
         ("ISMCTS 16x over 1x, Vic Village 4p", "mate-vic-village-4p-ismcts-budget16", 1),
         ("solver vs pimc head-to-head, Dog Tag Trick 4p", "dog-tag-trick-4p-solver-vs-pimc", 2),
         ("solver vs pimc head-to-head, Vic Village 4p", "mate-vic-village-4p-solver-vs-pimc", 1),
         ("solver at one seat, ISMCTS elsewhere, Mattis 4p", "mattis-4p-solver-vs-ismcts", 3)]


def load(name: str) -> dict[str, Any] | None:
    path = os.path.join(HERE, name + ".json")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def cell(m: dict[str, Any], k: int) -> str:
    """mean ± se in standard errors, '(n.s.)' when the 95% interval holds 0."""
    sep = "" if m["separated"] else " (n.s.)"
    z = m["mean"] / m["se"] if m["se"] > 0 else float("inf")
    return f"{m['mean']:+.{k}f} ± {m['se']:.{k}f} ({z:+.1f} se){sep}"


def page() -> str:
    out = ["# Strength, second baseline (issue 15)", "",
           "Made by `sh results/strength/baseline-2/run.sh` (every entry's command and the one "
           "that replays it without calibration are in its `.md`/`.json`); this page by "
           "`python results/strength/baseline-2/summarize.py`.", "",
           "Seat margin over `heuristic`: the candidate at one seat, the heuristic elsewhere, "
           "paired with the all-heuristic game on the same deal and bot seeds, every seat in "
           "turn; each search calibrated to **5 ms of process CPU per decision** (iteration- or "
           "world-limited, so it replays). Mean ± standard error over deals, the margin in "
           "standard errors, (n.s.) when the 95% Student-t interval holds 0; 'recovers' is the "
           "candidate's share of the cheating oracle's margin.", "",
           "| game | players | ismcts | pimc | solver | oracle (cheats) | recovers (ismcts / "
           "pimc / solver) | deals |", "|---|---|---|---|---|---|---|---|"]
    for title, slug, counts, k in SWEEP:
        for n in counts:
            ev = load(f"{slug}-{n}p-seat")
            if ev is None:
                continue
            by = {m["candidate"].split("(")[0]: m for m in ev["margins"]}
            oracle = by.get("oracle")
            rec = " / ".join(f"{100 * by[b]['mean'] / oracle['mean']:.0f}%"
                             for b in ("ismcts", "pimc", "solver")) if oracle else "–"
            out.append(f"| {title} | {n} | " + " | ".join(
                cell(by[b], k) if b in by else "–" for b in BOTS) + f" | {rec} | {ev['deals']} |")
    ev = load("mate-seat")
    if ev is not None:
        by = {m["candidate"].split("(")[0]: m for m in ev["margins"]}
        out.append("| Mate | 2 | " + " | ".join(cell(by[b], 0) if b in by else "–"
                                               for b in BOTS) + f" | – | {ev['deals']} |")
    out += ["", "| comparison | mean ± se | 95% CI | deals |", "|---|---|---|---|"]
    for title, name, k in OTHER:
        ev = load(name)
        if ev is None:
            continue
        m = ev["margins"][0]
        out.append(f"| {title}: `{m['candidate']}` vs `{m['baseline']}` | {cell(m, k)} | "
                   f"[{m['ci'][0]:+.{k}f}, {m['ci'][1]:+.{k}f}] | {ev['deals']} |")
    out += ["", "Budgets at 5 ms per decision (calibrated on this 2-core machine):", "",
            "| entry | " + " | ".join(BOTS) + " |", "|---|---|---|---|---|"]
    for title, slug, counts, _ in SWEEP:
        for n in counts:
            ev = load(f"{slug}-{n}p-seat")
            if ev is None:
                continue
            cal = {c["spec"].split("(")[0]: c for c in ev["calibration"]}
            out.append(f"| {title} {n}p | " + " | ".join(
                (f"{cal[b]['parameter']}={cal[b]['value']} ({cal[b]['cpu_ms']:.1f} ms)"
                 if b in cal and cal[b]["parameter"] else "–") for b in BOTS) + " |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as f:
        f.write(page())
    print(page())
