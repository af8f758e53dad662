"""The tables of results/strength/baseline-5/README.md from the JSON files ``run.sh`` leaves
beside it (each made by ``trickhound evaluate ... --out``; the commands that made and that
replay each are in its own .md/.json). NOTES.md beside this script is the narrative.

Run from the repository root: ``python results/strength/baseline-5/summarize.py [--write]``.

The tables are baseline-4's (results/strength/baseline-4/summarize.py, which builds on
baseline-3's), read from this folder's files: the configurations this baseline did not run
(Mattis, Mate) are left out of them.
"""
from __future__ import annotations

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "baseline_4_summarize", os.path.join(HERE, "..", "baseline-4", "summarize.py"))
assert _spec is not None and _spec.loader is not None
b4 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(b4)
b4.HERE = b4.base.HERE = HERE       # its tables and page read this folder's files


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as f:
            f.write(b4.page())
    else:
        base = b4.base
        print("\n".join(base.matrix() + [""] + base.shares() + [""] + b4.solver_vs_pimc()))
