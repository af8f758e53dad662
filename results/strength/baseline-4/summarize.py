"""The tables of results/strength/baseline-4/README.md from the JSON files ``run.sh`` leaves
beside it (each made by ``trickhound evaluate ... --out``; the commands that made and that
replay each are in its own .md/.json). NOTES.md beside this script is the narrative.

Run from the repository root: ``python results/strength/baseline-4/summarize.py [--write]``.

The tables are baseline-3's (results/strength/baseline-3/summarize.py, read here from this
folder's files), without its budget table (results/strength/budget16-400 measures that), and
with the solver bot against pimc paired per deal (issue 15: the solver bot at least level with
pimc).
"""
from __future__ import annotations

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "baseline_3_summarize", os.path.join(HERE, "..", "baseline-3", "summarize.py"))
assert _spec is not None and _spec.loader is not None
base = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(base)
base.HERE = HERE                    # its load() and tables read this folder's files


def solver_vs_pimc() -> list[str]:
    """The solver bot's seat margin minus pimc's, per deal (the same deals and baseline games):
    mean ± se [95% CI]; "level or above" unless the interval is below 0."""
    rows = ["| game | players | solver − pimc | 95% CI | verdict | deals |",
            "|---|---|---|---|---|---|"]
    for title, slug, counts, k in base.SWEEP:
        for n in counts:
            ev = base.load(f"{slug}-{n}p-seat")
            if ev is None:
                continue
            by = {m["candidate"].split("(")[0]: m["per_deal"] for m in ev["margins"]}
            d = [a - b for a, b in zip(by["solver"], by["pimc"], strict=True)]
            mean, se, lo, hi = base.mean_se_ci(d)
            verdict = ("behind" if hi < 0 else "ahead" if lo > 0 else "level")
            rows.append(f"| {title} | {n} | {mean:+.{k}f} ± {se:.{k}f} | [{lo:+.{k}f}, "
                        f"{hi:+.{k}f}] | {verdict} | {ev['deals']} |")
    return rows


def page() -> str:
    """README.md: the narrative (NOTES.md) and the tables."""
    return base.page(base.sections() + [(
        "The solver bot against pimc",
        "Per deal, the solver bot's seat margin minus pimc's (the same deals and all-heuristic "
        "games); mean ± standard error, 95% Student-t interval.", solver_vs_pimc())])


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as f:
            f.write(page())
    else:
        print("\n".join(base.matrix() + [""] + base.shares() + [""] + solver_vs_pimc()))
