"""The tables of results/strength/widen/README.md from the evaluation files beside it:

    python results/strength/widen/summarize.py
"""
import json
import os

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name: str) -> dict:
    with open(os.path.join(HERE, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def per_deal(data: dict, i: int = 0) -> list[float]:
    return data["margins"][i]["per_deal"]


def line(label: str, values: list[float], budgets: str) -> str:
    """| label | mean ± se (se count) | [95% CI] | budgets | deals | over the per-deal values (the
    evaluation's own Student-t margin, tournaments.evaluate.summarize_margin)."""
    mg = summarize_margin(label, "", "", "paired", [[x] for x in values])
    m, se, (lo, hi) = mg.mean, mg.se, mg.ci
    return (f"| {label} | {m:+.2f} ± {se:.2f} ({m / se:+.1f} se) | [{lo:+.2f}, {hi:+.2f}] | "
            f"{budgets} | {mg.deals} |")


def budgets(data: dict, *idx: int) -> str:
    return "; ".join(f"`{data['margins'][i]['candidate']}`" for i in idx)


def main() -> None:
    print("## Widening against none, over the heuristic (paired on the same deals)\n")
    print("| what | widened − plain | 95% CI | bots | deals |")
    print("|---|---|---|---|---|")
    d = load("dtt4p-widen-seat")
    for i, w in ((1, "0.3"), (2, "0.5")):
        print(line(f"Dog Tag Trick 4p, widen={w}, equal iterations (2,000; seed 41)",
                   [b - a for a, b in zip(per_deal(d, 0), per_deal(d, i))], budgets(d, 0, i)))
    for name, label in (("dtt5p-widen03-cpu", "Dog Tag Trick 5p"),
                        ("dtt4p-widen03-cpu", "Dog Tag Trick 4p"),
                        ("dtt3p-widen03-cpu", "Dog Tag Trick 3p"),
                        ("vic4p-widen03-cpu", "Vic Village 4p"),
                        ("vic3p-widen03-cpu", "Vic Village 3p")):
        if not os.path.exists(os.path.join(HERE, name + ".json")):
            continue
        d = load(name)
        print(line(f"{label}, widen=0.3, equal CPU (5 ms; seed 42)",
                   [b - a for a, b in zip(per_deal(d, 0), per_deal(d, 1))], budgets(d, 0, 1)))
    print("\n## Over the heuristic, and the share of the oracle's margin (seed 42, 5 ms)\n")
    print("The widened ISMCTS's seat margin, the oracle's on the same deals, the share (ratio of "
          "the means) and the 95% interval of the per-deal candidate − 0.7 × oracle.\n")
    print("| game | ismcts (widen=0.3) | oracle | share | candidate − 0.7 × oracle | deals |")
    print("|---|---|---|---|---|---|")
    for p in (3, 4, 5):
        names = (f"dtt{p}p-widen03-cpu", f"dtt{p}p-oracle-cpu")
        if not all(os.path.exists(os.path.join(HERE, n + ".json")) for n in names):
            continue
        cand, orc = per_deal(load(names[0]), 1), per_deal(load(names[1]))
        mc = summarize_margin("", "", "", "paired", [[x] for x in cand])
        mo = summarize_margin("", "", "", "paired", [[x] for x in orc])
        diff = summarize_margin("", "", "", "paired",
                                [[c - 0.7 * o] for c, o in zip(cand, orc)])
        lo, hi = diff.ci
        verdict = ("≥ 70%" if lo > 0 else "< 70%" if hi < 0 else "70% in interval")
        print(f"| Dog Tag Trick {p}p | {mc.mean:+.2f} ± {mc.se:.2f} | {mo.mean:+.2f} ± "
              f"{mo.se:.2f} | {100 * mc.mean / mo.mean:.0f}% | [{lo:+.2f}, {hi:+.2f}] "
              f"{verdict} | {mc.deals} |")
    print("\n## Dog Tag Trick's strongest search, at equal CPU (seed 44, 5 ms)\n")
    print("ismcts (widening) against pimc, and the solver bot on an ISMCTS path against its "
          "PIMC path (the sampling search it plays before a round's end), over the heuristic "
          "on the same deals.\n")
    print("| what | difference | 95% CI | bots | deals |")
    print("|---|---|---|---|---|")
    for p in (3, 4, 5):
        name = f"dtt{p}p-strongest-cpu"
        if not os.path.exists(os.path.join(HERE, name + ".json")):
            continue
        d = load(name)
        print(line(f"Dog Tag Trick {p}p: ismcts − pimc",
                   [b - a for a, b in zip(per_deal(d, 1), per_deal(d, 0))], budgets(d, 0, 1)))
        print(line(f"Dog Tag Trick {p}p: solver(search=ismcts) − solver(search=pimc)",
                   [b - a for a, b in zip(per_deal(d, 2), per_deal(d, 3))], budgets(d, 2, 3)))
    print("\n## ISMCTS at 16x its budget over 1x, widening on\n")
    print("| what | 16x − 1x | 95% CI | bots | deals |")
    print("|---|---|---|---|---|")
    if os.path.exists(os.path.join(HERE, "dtt5p-widen-budget16.json")):
        d = load("dtt5p-widen-budget16")
        print(line("Dog Tag Trick 5p, the default (widen=0.3), seed 43", per_deal(d),
                   budgets(d, 0)))
    d = load("dtt4p-widen05-budget16")
    print(line("Dog Tag Trick 4p, widen=0.5, seed 41", per_deal(d), budgets(d, 0)))


if __name__ == "__main__":
    main()
