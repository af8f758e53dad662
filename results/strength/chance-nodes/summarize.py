"""The numbers of results/strength/chance-nodes/README.md from the evaluation files beside it
(and baseline-3's, played on the same deals by the search before chance nodes):

    python results/strength/chance-nodes/summarize.py
"""
import json
import math
import os

from tournaments.evaluate import t975

HERE = os.path.dirname(os.path.abspath(__file__))
BASELINE = os.path.join(HERE, "..", "baseline-3")


def load(name: str, where: str = HERE) -> dict:
    with open(os.path.join(where, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def line(label: str, diffs: list[float]) -> str:
    """mean ± se [95% CI] (se count) over the per-deal values."""
    n = len(diffs)
    m = sum(diffs) / n
    se = math.sqrt(sum((x - m) ** 2 for x in diffs) / (n - 1) / n)
    h = t975(n - 1) * se
    return f"| {label} | {m:+.2f} ± {se:.2f} ({m / se:+.1f} se) | [{m - h:+.2f}, {m + h:+.2f}] | {n} |"


def per_deal(data: dict, i: int = 0) -> list[float]:
    return data["margins"][i]["per_deal"]


def paired(a: list[float], b: list[float]) -> list[float]:
    return [y - x for x, y in zip(a, b)]


def main() -> None:
    print("| what | mean ± se | 95% CI | deals |")
    print("|---|---|---|---|")
    for game, n in (("vic3p", "3"), ("vic4p", "4"), ("mattis4p", "4")):
        d = load(f"{game}-chance-seat")
        print(line(f"{game}: split − merged over the heuristic, equal iterations (seed 11)",
                   paired(per_deal(d, 1), per_deal(d, 0))))
    for game in ("vic4p", "vic3p"):
        a = per_deal(load(f"{game}-chance-budget16"))
        b = per_deal(load(f"{game}-budget16-seed6"))
        print(line(f"{game}: 16x − 1x, seed 5", a))
        print(line(f"{game}: 16x − 1x, seed 6", b))
        print(line(f"{game}: 16x − 1x, both", a + b))
    for game, players in (("vic3p", 3), ("vic4p", 4)):
        new = load(f"{game}-seat-seed5")
        old = load(f"mate-vic-village-{players}p-seat", BASELINE)
        by = {m["candidate"].split("(")[0]: m["per_deal"] for m in old["margins"]}
        print(line(f"{game}: ismcts over the heuristic at 5 ms, seed 5", per_deal(new)))
        print(line(f"{game}: that − baseline-3's ismcts (merged), same deals",
                   paired(by["ismcts"], per_deal(new))))
        print(line(f"{game}: that − baseline-3's pimc, same deals",
                   paired(by["pimc"], per_deal(new))))
        m_new = sum(per_deal(new)) / len(per_deal(new))
        m_or = sum(by["oracle"]) / len(by["oracle"])
        print(f"| {game}: share of baseline-3's oracle margin (+{m_or:.1f}) | "
              f"{100 * m_new / m_or:.0f}% | | {len(by['oracle'])} |")


if __name__ == "__main__":
    main()
