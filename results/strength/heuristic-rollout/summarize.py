"""The tables of results/strength/heuristic-rollout/README.md from the evaluation files beside it:

    python results/strength/heuristic-rollout/summarize.py

Per player count, and pooled over them: heuristic rollouts minus the game's policy rollouts
for ismcts, pimc and the oracle (paired on the same deals and bot seeds, at equal CPU time);
then each
search's share of the oracle's margin on the same deals (ratio of the means) with the 95%
interval of the per-deal difference candidate - 0.7 x oracle, against the oracle with policy
rollouts (the yardstick issue 15 measured) and with heuristic rollouts; then the screens.
"""
import json
import os

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))
PLAYERS = (3, 4, 5)


def cell(values: list[float]) -> tuple[str, float, float]:
    """('mean ± se [lo, hi]', lo, hi) over per-deal values (tournaments.evaluate's margin)."""
    mg = summarize_margin("", "", "", "paired", [[x] for x in values])
    lo, hi = mg.ci
    return f"{mg.mean:+.2f} ± {mg.se:.2f} [{lo:+.2f}, {hi:+.2f}]", lo, hi


def runs() -> dict[int, dict[str, dict]]:
    """{players: {candidate spec without its budget: margin record}} of the files present."""
    out = {}
    for p in PLAYERS:
        path = os.path.join(HERE, f"dog-tag-trick-{p}p-seat.json")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                run = json.load(f)
            out[p] = {short(m["candidate"]): m for m in run["margins"]}
    return out


def short(spec: str) -> str:
    """'ismcts(iterations=812,rollout=heuristic)' -> 'ismcts(rollout=heuristic)'."""
    name, _, rest = spec.partition("(")
    params = [x for x in rest.rstrip(")").split(",") if x and not x.startswith("iterations=")]
    return f"{name}({','.join(params)})" if params else name


def main() -> None:
    by = runs()
    print("| search | players | heuristic − policy rollouts | deals |")
    print("|---|---|---|---|")
    for name in ("ismcts", "pimc", "oracle"):
        pooled: list[float] = []
        for p, m in by.items():
            d = [a - b for a, b in zip(m[f"{name}(rollout=heuristic)"]["per_deal"],
                                       m[f"{name}(rollout=policy)"]["per_deal"], strict=True)]
            pooled += d
            print(f"| {name} | {p} | {cell(d)[0]} | {len(d)} |")
        if len(by) > 1:
            print(f"| {name} | pooled | **{cell(pooled)[0]}** | {len(pooled)} |")
    print()
    print("| players | search | over the heuristic | share of oracle(policy) | − 0.7 × "
          "oracle(policy) | share of oracle(heuristic) | − 0.7 × oracle(heuristic) | deals |")
    print("|---|---|---|---|---|---|---|---|")
    for p, m in by.items():
        for name in ("ismcts(rollout=policy)", "ismcts(rollout=heuristic)",
                     "pimc(rollout=policy)", "pimc(rollout=heuristic)",
                     "oracle(rollout=policy)", "oracle(rollout=heuristic)"):
            c = m[name]["per_deal"]
            row = [f"{p}", f"`{m[name]['candidate']}`", cell(c)[0]]
            for orc in ("oracle(rollout=policy)", "oracle(rollout=heuristic)"):
                o = m[orc]["per_deal"]
                if name.startswith("oracle"):
                    row += ["–", "–"]
                    continue
                diff, lo, hi = cell([x - 0.7 * y for x, y in zip(c, o, strict=True)])
                verdict = "met" if lo > 0 else "missed" if hi < 0 else "not resolved"
                row += [f"{100 * sum(c) / sum(o):.0f}%", f"{diff} ({verdict})"]
            print("| " + " | ".join(row) + f" | {len(c)} |")

    print()
    print("| screen | search | heuristic − policy rollouts | deals |")
    print("|---|---|---|---|")
    for file, what, pairs in (
            ("dog-tag-trick-5p-iterations", "Dog Tag Trick 5p, 2,000 iterations (seed 90)",
             ((1, 0),)),
            ("dog-tag-trick-5p-screen", "Dog Tag Trick 5p, 5 ms (seed 91)", ((1, 0), (3, 2))),
            ("mate-vic-village-4p-screen", "Vic Village 4p, 5 ms (seed 93)", ((1, 0), (3, 2))),
            ("dog-tag-trick-4p-cutoff-screen",
             "Dog Tag Trick 4p, 5 ms, heuristic rollouts cut at 4 / 8 plies (seed 95)",
             ((1, 0), (2, 0), (3, 4)))):
        with open(os.path.join(HERE, file + ".json"), encoding="utf-8") as f:
            margins = json.load(f)["margins"]
        for new, old in pairs:
            d = [a - b for a, b in zip(margins[new]["per_deal"], margins[old]["per_deal"],
                                       strict=True)]
            name = short(margins[new]["candidate"])
            print(f"| {what} | {name} | {cell(d)[0]} | {len(d)} |")

    print()
    confirm = load("dog-tag-trick-5p-confirm")
    print("| the 5-player default (seed 96, preregistered) | heuristic − policy rollouts | deals |")
    print("|---|---|---|")
    for name in ("ismcts", "pimc"):
        d = [a - b for a, b in zip(confirm[f"{name}(rollout=heuristic)"]["per_deal"],
                                   confirm[f"{name}(rollout=policy)"]["per_deal"], strict=True)]
        print(f"| {name} | {cell(d)[0]} | {len(d)} |")
    print()
    share = load("dog-tag-trick-5p-share")
    print("| at the new defaults, 5 players (seed 97, preregistered) | over the heuristic | share "
          "of oracle | − 0.7 × oracle | share of oracle(rollout=heuristic) | − 0.7 × that "
          "oracle | deals |")
    print("|---|---|---|---|---|---|---|")
    for name in ("ismcts", "pimc", "solver", "oracle", "oracle(rollout=heuristic)"):
        c = share[name]["per_deal"]
        row = [f"`{share[name]['candidate']}`", cell(c)[0]]
        for orc in ("oracle", "oracle(rollout=heuristic)"):
            if name.startswith("oracle"):
                row += ["–", "–"]
                continue
            o = share[orc]["per_deal"]
            diff, lo, hi = cell([x - 0.7 * y for x, y in zip(c, o, strict=True)])
            verdict = "met" if lo > 0 else "missed" if hi < 0 else "not resolved"
            row += [f"{100 * sum(c) / sum(o):.0f}%", f"{diff} ({verdict})"]
        print("| " + " | ".join(row) + f" | {len(c)} |")


def load(name: str) -> dict[str, dict]:
    """{candidate spec without its budget: margin record} of one evaluation file here."""
    with open(os.path.join(HERE, name + ".json"), encoding="utf-8") as f:
        return {short(m["candidate"]): m for m in json.load(f)["margins"]}


if __name__ == "__main__":
    main()
