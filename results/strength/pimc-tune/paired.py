"""Paired differences between the candidates of one seat-mode `trickhound evaluate` result.

The candidates of one run share deals, bot seeds and baseline games, so candidate B minus
candidate A per deal is a paired comparison at the same budget: mean, standard error and the
95% Student-t interval over deals, as tournaments/evaluate.py reports margins.

    python results/strength/pimc-tune/paired.py results/strength/pimc-tune/screen/dtt3-s1.json [REF]

REF (default 0) is the index of the candidate the others are compared with.
"""
from __future__ import annotations

import json
import math
import sys

from tournaments.evaluate import t975


def paired(path: str, ref: int = 0) -> list[str]:
    """Lines: each candidate's margin over the baseline, then each one minus candidate ``ref``."""
    with open(path) as f:
        margins = json.load(f)["margins"]
    lines = [f"{m['candidate']:45s} {m['mean']:+.2f} ± {m['se']:.2f} "
             f"[{m['ci'][0]:+.2f}, {m['ci'][1]:+.2f}] deals {m['deals']}" for m in margins]
    base = margins[ref]
    for i, m in enumerate(margins):
        if i == ref:
            continue
        d = [a - b for a, b in zip(m["per_deal"], base["per_deal"], strict=True)]
        n = len(d)
        mean = sum(d) / n
        se = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n)
        h = t975(n - 1) * se
        lines.append(f"  {m['candidate']} - {base['candidate']}: {mean:+.2f} ± {se:.2f} "
                     f"[{mean - h:+.2f}, {mean + h:+.2f}] deals {n}")
    return lines


if __name__ == "__main__":
    print("\n".join(paired(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0)))
