"""The tables of results/strength/dtt5p-mcmc/README.md from the evaluation files beside it:

    python results/strength/dtt5p-mcmc/summarize.py

Screens: each candidate minus the screen's first (pimc with uniform worlds), paired on the deals.
The claim (dog-tag-trick-5p-mcmc, 512 deals): the same difference, then each search's share of
the oracle's margin on the same deals (ratio of the means) and the 95% interval of candidate -
0.7 x oracle, which says whether issue 15's 70% is met (interval above 0), missed (below 0) or
not resolved. The table checks: the chain's bot over the same bot with uniform worlds at a table
of it.
"""
import os

from tournaments.evaluate import paired_margin, saved_margins, screen_table

HERE = os.path.dirname(os.path.abspath(__file__))
SCREENS = (("screen-fitted-inference", "weighted determinization, iteration-limited (seed 144)"),
           ("screen-mcmc", "the Markov chain, iteration-limited (seed 145)"),
           ("screen-mcmc-cpu", "the Markov chain at equal CPU, 5 ms a decision (seed 146)"),
           ("screen-mcmc-short", "shorter chains at equal CPU (seed 152)"),
           ("screen-4p", "after the claims: pimc with the chain at 4 players, equal CPU "
                         "(seed 155)"),
           ("screen-ismcts-5p", "after the claims: ismcts with the chain at 5 players, equal "
                                "CPU (seed 156)"),
           ("dog-tag-trick-5p-mcmc", "claim 1: equal CPU, 512 preregistered deals (seed 150)"),
           ("dog-tag-trick-5p-mcmc-2", "claim 3: equal CPU, 1,024 preregistered deals "
                                       "(seed 153)"),
           ("dog-tag-trick-4p-mcmc", "claim 5: 4 players, equal CPU, 512 preregistered deals "
                                     "(seed 157)"),
           ("dog-tag-trick-3p-mcmc", "claim 6: 3 players, equal CPU, 512 preregistered deals "
                                     "(seed 159)"),
           ("screen-solver-5p", "the solver bot with the chain at 5 players, equal CPU (seed 164)"),
           ("screen-solver-4p", "the solver bot with the chain at 4 players, equal CPU "
                                "(seed 165)"),
           ("dog-tag-trick-4p-solver-mcmc", "claim 7: the solver bot at 4 players, 512 "
                                            "preregistered deals (seed 166)"),
           ("dog-tag-trick-5p-mcmc-recalibrated", "claim 8: 5 players at the corrected "
                                                  "calibration, 1,024 deals (seed 168)"),
           ("dog-tag-trick-4p-mcmc-recalibrated", "claim 8: 4 players at the corrected "
                                                  "calibration, 512 deals (seed 169)"))
CLAIMS = (("dog-tag-trick-5p-mcmc", "seed 150"), ("dog-tag-trick-5p-mcmc-2", "seed 153"))


def cell(values: list[float]) -> tuple[str, float, float]:
    """('mean ± se [lo, hi]', lo, hi) over per-deal values (tournaments.evaluate's margin)."""
    mg = paired_margin(values)
    return mg.cell(), mg.ci[0], mg.ci[1]


def load(name: str) -> list[dict] | None:
    return saved_margins(os.path.join(HERE, f"{name}.json"))


def share_table(margins: list[dict]) -> None:
    """Each search's share of the oracle's margin on the same deals and the interval of
    candidate - 0.7 x oracle (met above 0, missed below, else not resolved)."""
    oracle = next(m for m in margins if "oracle" in m["candidate"])
    orc = oracle["per_deal"]
    print("| search | share of the oracle's | candidate − 0.7 × oracle | 70% | deals |")
    print("|---|---|---|---|---|")
    for m in margins:
        if m is oracle:
            continue
        share = 100 * sum(m["per_deal"]) / sum(orc)
        diff, lo, hi = cell([c - 0.7 * o for c, o in zip(m["per_deal"], orc, strict=True)])
        verdict = "met" if lo > 0 else "missed" if hi < 0 else "not resolved"
        print(f"| `{m['candidate']}` | {share:.0f}% | {diff} | {verdict} | {m['deals']} |")
    print(f"| `{oracle['candidate']}` (cheats) | {cell(orc)[0]} over the heuristic | – | – "
          f"| {oracle['deals']} |\n")


def heading(title: str, columns: tuple[str, ...]) -> None:
    """A section's title and its table's header rows."""
    print(f"### {title}\n")
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))


def main() -> None:
    for name, what in SCREENS:
        margins = load(name)
        if margins is None:
            continue
        print(f"### {what}\n")
        fair = [m for m in margins if "oracle" not in m["candidate"]]
        print("\n".join(screen_table(fair, "the heuristic")) + "\n")
    pooled: dict[str, list[float]] = {}
    for name, label in CLAIMS:
        claim = load(name)
        if claim is None:
            continue
        print(f"### the share of the oracle's margin ({label})\n")
        share_table(claim)
        # the candidates by role: pimc with uniform worlds, with the chain, the oracle
        for m in claim:
            role = ("oracle" if "oracle" in m["candidate"] else
                    "mcmc" if "mcmc" in m["candidate"] else "pimc")
            pooled.setdefault(role, []).extend(m["per_deal"])
    if all(load(name) is not None for name, _ in CLAIMS):
        print("### seeds 150 and 153 pooled (claim 3's second condition)\n")
        print("| pimc(inference=mcmc) − pimc | deals |")
        print("|---|---|")
        diff = [a - b for a, b in zip(pooled["mcmc"], pooled["pimc"], strict=True)]
        print(f"| {cell(diff)[0]} | {len(diff)} |\n")
        share_table([{"candidate": "pimc", "per_deal": pooled["pimc"], "deals": len(diff)},
                     {"candidate": "pimc(inference=mcmc)", "per_deal": pooled["mcmc"],
                      "deals": len(diff)},
                     {"candidate": "oracle", "per_deal": pooled["oracle"], "deals": len(diff)}])
    for name, bot, label in (("dog-tag-trick-5p-mcmc-pimc-table", "pimc", "5 players, seed 154"),
                             ("dog-tag-trick-4p-mcmc-pimc-table", "pimc", "4 players, seed 158"),
                             ("dog-tag-trick-3p-mcmc-pimc-table", "pimc", "3 players, seed 160"),
                             ("dog-tag-trick-4p-solver-mcmc-table", "solver",
                              "4 players, seed 167")):
        table = load(name)
        if table is None:
            continue
        heading(f"at a table of {bot} with uniform worlds ({label})",
                ("candidate", f"over the table's {bot}", "deals"))
        for m in table:
            print(f"| `{m['candidate']}` | {cell(m['per_deal'])[0]} | {m['deals']} |")
        print()


if __name__ == "__main__":
    main()
