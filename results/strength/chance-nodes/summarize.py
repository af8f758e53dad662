"""The numbers of results/strength/chance-nodes/README.md from the evaluation files beside it
(and baseline-3's, played on the same deals by the search before chance nodes):

    python results/strength/chance-nodes/summarize.py
"""
import json
import os

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))
BASELINE = os.path.join(HERE, "..", "baseline-3")


def load(name: str, where: str = HERE) -> dict:
    with open(os.path.join(where, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def line(label: str, diffs: list[float]) -> str:
    """mean ± se [95% CI] (se count) over the per-deal values (the evaluation's own
    Student-t margin, tournaments.evaluate.summarize_margin)."""
    mg = summarize_margin(label, "", "", "paired", [[x] for x in diffs])
    m, se, (lo, hi) = mg.mean, mg.se, mg.ci
    digits = 3 if abs(m) < 1 and se < 0.1 else 2
    return (f"| {label} | {m:+.{digits}f} ± {se:.{digits}f} ({m / se:+.1f} se) | "
            f"[{lo:+.{digits}f}, {hi:+.{digits}f}] | {mg.deals} |")


def per_deal(data: dict, i: int = 0) -> list[float]:
    return data["margins"][i]["per_deal"]


def paired(a: list[float], b: list[float]) -> list[float]:
    return [y - x for x, y in zip(a, b)]


def main() -> None:
    print("| what | mean ± se | 95% CI | deals |")
    print("|---|---|---|---|")
    for game in ("vic3p", "vic4p", "mattis4p"):
        d = load(f"{game}-chance-seat")
        print(line(f"{game}: split − merged over the heuristic, equal iterations (seed 11)",
                   paired(per_deal(d, 1), per_deal(d, 0))))
    for game, extra in (("vic4p", ["seed7"]), ("vic3p", [])):
        runs = {"seed 5": per_deal(load(f"{game}-chance-budget16")),
                "seed 6": per_deal(load(f"{game}-budget16-seed6"))}
        for seed in extra:
            runs[f"seed {seed[4:]}"] = per_deal(load(f"{game}-budget16-{seed}"))
        for label, values in runs.items():
            print(line(f"{game}: 16x − 1x, {label}", values))
        print(line(f"{game}: 16x − 1x, every seed", [x for v in runs.values() for x in v]))
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
    for players in (3, 4, 5):
        new = load(f"mattis-{players}p-seat-seed5")
        old = load(f"mattis-{players}p-seat", BASELINE)
        by = {m["candidate"].split("(")[0]: m["per_deal"] for m in old["margins"]}
        for i, bot in enumerate(("ismcts", "solver")):
            print(line(f"mattis{players}p: {bot} over the heuristic at 5 ms, seed 5",
                       per_deal(new, i)))
            print(line(f"mattis{players}p: that − baseline-3's {bot}, same deals",
                       paired(by[bot], per_deal(new, i))))
        print(line(f"mattis{players}p: solver − baseline-3's pimc, same deals",
                   paired(by["pimc"], per_deal(new, 1))))
    print(line("dtt4p: 16x − 1x, seed 5 (no chance nodes in Dog Tag Trick)",
               per_deal(load("dtt4p-budget16-seed5"))))
    dtt5 = per_deal(load("dtt5p-budget16-seed6"))
    print(line("dtt5p: 16x − 1x, seed 6", dtt5))
    print(line("dtt5p: 16x − 1x, seed 6 and baseline-3's seed 5",
               dtt5 + per_deal(load("dog-tag-trick-5p-ismcts-budget16", BASELINE))))
    table = load("mattis-4p-at-an-ismcts-table")
    for i, bot in enumerate(("pimc", "solver")):
        print(line(f"mattis4p: {bot} at a table of ismcts (seed 11)", per_deal(table, i)))


if __name__ == "__main__":
    main()
