"""Writes results/strength/README.md from the JSON files of the first baseline (each made by
``trickhound evaluate ... --out results/strength``; their commands are listed on the page).

Run: ``python results/strength/summarize.py``."""
import json
import os
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
BOTS = ("ismcts", "pimc", "solver", "oracle")
# (title, seat-margin file, decimals)
SEAT = [("Mate", "mate-seat", 0), ("Vic Village 4p", "mate-vic-village-4p-seat", 1),
        ("Dog Tag Trick 4p", "dog-tag-trick-4p-seat", 1),
        ("Mattis 4p (1 = not the loser)", "mattis-4p-seat", 2)]
BUDGET = [("Dog Tag Trick 4p", "dog-tag-trick-4p-ismcts-budget16"),
          ("Vic Village 4p", "mate-vic-village-4p-ismcts-budget16")]


def load(name: str) -> dict[str, Any] | None:
    path = os.path.join(HERE, name + ".json")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def by_bot(ev: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {m["candidate"].split("(")[0]: m for m in ev["margins"]}


def cell(m: dict[str, Any], k: int) -> str:
    return f"{m['mean']:+.{k}f} ± {m['se']:.{k}f}" + ("" if m["separated"] else " (n.s.)")


def interval(m: dict[str, Any], k: int) -> str:
    return f"[{m['ci'][0]:+.{k}f}, {m['ci'][1]:+.{k}f}]"


def budget_text(cal: dict[str, Any]) -> str:
    if cal["parameter"] is None:
        return f"exact, fixed ({cal['cpu_ms']:.1f} ms)"
    return f"{cal['parameter']}={cal['value']} ({cal['cpu_ms']:.1f} ms)"


def newer_entries() -> list[str]:
    """The hand-written entries of newer.md (its opening comment dropped), newest first."""
    with open(os.path.join(HERE, "newer.md"), encoding="utf-8") as f:
        text = f.read()
    if text.startswith("<!--"):
        text = text[text.index("-->") + 3:]
    return [line for line in text.splitlines() if line]


def page() -> str:
    out = ["# Strength results", "",
           "Produced by `trickhound evaluate` (tournaments/evaluate.py); each file pair",
           "`<name>.json` / `<name>.md` holds the command, the date, the machine, the calibrated",
           "bot specs and the command that replays it exactly without calibration. This page:",
           "`python results/strength/summarize.py`.", "",
           "**Newer**, each folder with its README and run.sh:", "",
           *newer_entries(),
           "- [baseline-3/](baseline-3/README.md) (v0.6.0): ismcts, pimc, solver and the oracle",
           "  over the heuristic in every game and player count (Mattis 3-7), fresh deals; the",
           "  share of the oracle's margin; ISMCTS at 16x over 1x in Vic Village 4p.",
           "- [chance-oracle/](chance-oracle/README.md) (v0.6.0): an oracle that knows the hands",
           "  but not the future (`oracle(chance=sampled)`): how much of the oracle's margin is",
           "  knowing future chance (Vic Village: about half), the hands, the search method.",
           "- [pimc-tune/](pimc-tune/README.md) (v0.5.0): PIMC's c, worlds and rollout cut-off",
           "  screened at equal CPU; pimc, solver and oracle over the heuristic at the defaults",
           "  (Dog Tag Trick 3-5p, Vic Village 3-4p, 64 deals): the share of the oracle's margin.",
           "- [ismcts-budget/](ismcts-budget/README.md) (v0.4.0-v0.5.0): ISMCTS at 16x over 1x,",
           "  the exploration constant, the Vic Village diagnosis, ISMCTS over the heuristic.",
           "- [solver-hybrid/](solver-hybrid/README.md) (v0.4.0): the hybrid solver bot over the",
           "  heuristic in every game and player count, and against pimc and ISMCTS.",
           "- [baseline-2/](baseline-2/README.md) (v0.3.0): exact endgames, the fitted",
           "  evaluation, every game and player count.", "",
           "The first baseline, below, was measured with the engines and bots of main at 8633f53",
           "(before the policy-module refactor merged); later code plays differently.", "",
           "## First baseline (issue 15)", "",
           "Seat margin over `heuristic` (the candidate at one seat, the heuristic elsewhere,",
           "paired with the all-heuristic game on the same deal and bot seeds, every seat in",
           "turn), at default settings and **equal CPU time: 5 ms of process CPU per decision**",
           "(each search bot's iterations, or the solver bot's worlds, calibrated on 40 positions",
           "from seeded heuristic play; the exact Mate solver and the Mate oracle have no budget",
           "and run as they are). Mean ± standard error over deals; (n.s.) marks a 95% Student-t",
           "interval that contains 0.", "",
           "| game | ismcts | pimc | solver | oracle (cheats) | deals |",
           "|---|---|---|---|---|---|"]
    seat = [(title, load(name), k) for title, name, k in SEAT]
    for title, ev, k in seat:
        if ev is not None:
            cells = " | ".join(cell(by_bot(ev)[b], k) for b in BOTS)
            out.append(f"| {title} | {cells} | {ev['deals']} |")
    out += ["", "Budgets at 5 ms per decision (calibrated on this machine):", "",
            "| game | ismcts | pimc | solver | oracle |", "|---|---|---|---|---|"]
    for title, ev, _ in seat:
        if ev is not None:
            cal = {c["spec"]: c for c in ev["calibration"]}
            out.append(f"| {title} | " + " | ".join(budget_text(cal[b]) for b in BOTS) + " |")
    out += ["", "## ISMCTS at 16x its budget over 1x", "",
            "The 16x bot at one seat, the 1x bot elsewhere, paired with the all-1x game",
            "(`--mode budget --scale 16`); 1x = ISMCTS calibrated to 5 ms CPU per decision.", "",
            "| game | 1x | 16x − 1x (mean ± se) | 95% CI | deals |", "|---|---|---|---|---|"]
    for title, name in BUDGET:
        ev = load(name)
        if ev is not None:
            m = ev["margins"][0]
            out.append(f"| {title} | `{m['baseline']}` | {cell(m, 2)} | {interval(m, 2)} "
                       f"| {ev['deals']} |")
    out += ["", "## The solver bot at its default budget", "",
            "Not calibrated: `solver` with its default 16 worlds costs 3 to 8 times the 5 ms",
            "above (its first calibration trial, in the seat files).", "",
            "| game | solver (16 worlds) − heuristic | 95% CI | CPU ms/decision | deals |",
            "|---|---|---|---|---|"]
    for title, ev, k in seat[1:]:
        name = SEAT[[t for t, _, _ in SEAT].index(title)][1].replace("-seat", "-solver-default")
        default = load(name)
        if default is not None and ev is not None:
            m = default["margins"][0]
            ms = {c["spec"]: c for c in ev["calibration"]}["solver"]["trials"][0][1]
            out.append(f"| {title} | {cell(m, k)} | {interval(m, k)} | {ms:.0f} "
                       f"| {default['deals']} |")
    h2h = load("mate-head-to-head-vs-solver")
    if h2h is not None:
        out += ["", "## Head-to-head in Mate: the searches against the exact solver", "",
                "Each search at one seat against the `solver` bot (exact alpha-beta: Mate has",
                "perfect information by default), paired with the same deal with the seats",
                "swapped (`--mode head-to-head`), at 5 ms CPU per decision for the searches.",
                "Over the heuristic the searches gain more than the solver (above); against",
                "each other the solver wins clearly.", "",
                "| candidate | vs | mean ± se | 95% CI | deals |", "|---|---|---|---|---|"]
        for m in h2h["margins"]:
            out.append(f"| `{m['candidate']}` | `{m['baseline']}` | {cell(m, 0)} "
                       f"| {interval(m, 0)} | {h2h['deals']} |")
    out += ["", "## Reading", "",
            "- Every figure rests on the deals in its row (a deal is played once per seat with",
            "  the candidate there, plus once with the baseline everywhere); standard errors",
            "  are over deals.",
            "- Calibration ran on a shared 2-core machine under varying load. Process CPU time",
            "  is less sensitive to contention than wall time, but not immune (shared caches),",
            "  so the iteration counts are this machine's; the games replay exactly from them",
            "  (the second command of each entry below).",
            "- At 5 ms the solver bot gets only 2 to 5 worlds (its default 16 costs 16 to 41",
            "  ms): its equal-time figure is not its default-settings figure; both are shown.",
            "- ISMCTS 16x in Vic Village: an earlier run of the same command on 12 deals (1x =",
            "  1496 iterations) measured +5.4 ± 1.7; the 24 deals here give +2.0 ± 1.5. More",
            "  deals are needed before calling it either way."]
    for title, ev, _ in seat[1:3]:
        if ev is not None:
            oracle = by_bot(ev)["oracle"]["mean"]
            shares = ", ".join(f"{b} {100 * by_bot(ev)[b]['mean'] / oracle:.0f}%"
                               for b in BOTS[:3])
            out.append(f"- Share of the oracle's margin recovered, {title}: {shares} (issue "
                       f"15's target: 70%).")
    out += ["", "## Commands", "",
            "Run (calibrates, so budgets depend on the machine), then replay (exact):", ""]
    names = [n for _, n, _ in SEAT] + [n for _, n in BUDGET] + ["mate-head-to-head-vs-solver"]
    names += [n.replace("-seat", "-solver-default") for _, n, _ in SEAT[1:]]
    for name in names:
        ev = load(name)
        if ev is None:
            continue
        out += [f"- `{name}`: {ev['games']} games, {ev['cpu_seconds']:.0f} s CPU of play, "
                f"{ev['date']}", "", f"      {ev['command']}"]
        if ev["reproduce"] != ev["command"]:
            out.append(f"      {ev['reproduce']}")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as f:
        f.write(page())
