"""The paired difference of two margins of one `trickhound evaluate --out` JSON (the same deals
and baseline games): mean, se and 95% Student-t interval over deals of candidate B - candidate A.

    python results/strength/ismcts-budget/paired.py FILE.json [A B]   (margin indices, 0 1)
"""
import json
import math
import sys

from tournaments.evaluate import t975

data = json.load(open(sys.argv[1]))
i, j = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (0, 1)
a, b = data["margins"][i], data["margins"][j]
d = [y - x for x, y in zip(a["per_deal"], b["per_deal"])]
n = len(d)
m = sum(d) / n
se = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1) / n)
h = t975(n - 1) * se
print(f"{b['candidate']} - {a['candidate']} (vs {a['baseline']}): {m:+.2f} +- {se:.2f} se, "
      f"95% CI [{m - h:+.2f}, {m + h:+.2f}], {n} deals")
