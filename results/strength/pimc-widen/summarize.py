"""The tables of results/strength/pimc-widen/README.md from the evaluation files beside it:

    python results/strength/pimc-widen/summarize.py

Every file is one seat-mode `trickhound evaluate` run: its candidates share the deals, the bot
seeds and the all-heuristic games, so candidate B minus candidate A per deal is a paired
difference at equal CPU time (each bot calibrated to 5 ms a decision in that run).
"""
import json
import os

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name: str) -> dict:
    with open(os.path.join(HERE, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def cell(values: list[float]) -> str:
    """mean ± se (se count) [95% Student-t interval] over per-deal values, as the evaluation
    reports its margins (tournaments.evaluate.summarize_margin)."""
    mg = summarize_margin("", "", "", "paired", [[x] for x in values])
    lo, hi = mg.ci
    ratio = f" ({mg.mean / mg.se:+.1f} se)" if mg.se > 0 else ""
    return f"{mg.mean:+.2f} ± {mg.se:.2f}{ratio} [{lo:+.2f}, {hi:+.2f}]"


def title(run: dict) -> str:
    """'Dog Tag Trick 4p, seed 78, 96 deals' for a run of dog-tag-trick(players=4)."""
    game = run["game"]
    players = game.split("players=")[1].rstrip(")") if "players=" in game else "4"
    name = {"dog-tag-trick": "Dog Tag Trick", "mate-vic-village": "Vic Village"}[
        game.split("(")[0]]
    return f"{name} {players}p, seed {run['seed']}, {run['deals']} deals"


def screen_table(names: list[str]) -> None:
    print("| run | candidate | over the heuristic | − the run's first candidate |")
    print("|---|---|---|---|")
    for name in names:
        run = load(name)
        ms = run["margins"]
        ref = ms[0]["per_deal"]
        for i, m in enumerate(ms):
            diff = "–" if i == 0 else cell([b - a for a, b in zip(ref, m["per_deal"])])
            print(f"| {title(run) if i == 0 else ''} | `{m['candidate']}` | "
                  f"{cell(m['per_deal'])} | {diff} |")


def share_table(names: list[str]) -> None:
    """The new candidate against the old, and each one's share of the oracle's margin."""
    print("| run | old | new | new − old | oracle (cheats) | share old / new | "
          "new − 0.7 × oracle |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        run = load(name)
        old, new, orc = (m["per_deal"] for m in run["margins"])
        shares = f"{100 * sum(old) / sum(orc):.0f}% / {100 * sum(new) / sum(orc):.0f}%"
        print(f"| {title(run)} | {cell(old)} | {cell(new)} | "
              f"{cell([b - a for a, b in zip(old, new)])} | {cell(orc)} | {shares} | "
              f"{cell([n - 0.7 * o for n, o in zip(new, orc)])} |")
    print()
    for name in names:
        run = load(name)
        print(f"- {title(run)}: " + "; ".join(f"`{m['candidate']}`" for m in run["margins"]))


def pair_table(names: list[str]) -> None:
    """The second candidate against the first, and each one over the heuristic."""
    print("| run | old | new | new − old |")
    print("|---|---|---|---|")
    for name in names:
        run = load(name)
        old, new = (m["per_deal"] for m in run["margins"])
        print(f"| {title(run)} | {cell(old)} | {cell(new)} | "
              f"{cell([b - a for a, b in zip(old, new)])} |")
    print()
    for name in names:
        run = load(name)
        print(f"- {title(run)}: " + "; ".join(f"`{m['candidate']}`" for m in run["margins"]))


def main() -> None:
    print("## The defaults: widen 0.3 and c 2 against widen 0 and c 0.7 (seed 78)\n")
    share_table([f"dtt{p}p-defaults" for p in (3, 4, 5)])
    print("\n## Widening alone (c 0.7): widen 0.5 against none, fresh deals (seed 71)\n")
    share_table([f"dtt{p}p-confirm" for p in (3, 4, 5)])
    print("\n## Vic Village: widen 0.3 against none at c 0.7, fresh deals (seed 80)\n")
    pair_table([f"vic{p}p-confirm" for p in (3, 4)])
    print("\n## Screens (seeds 70, 72-75, 77, 79)\n")
    screen_table(["screen/" + n for n in (
        "dtt3p-pimc-widen", "dtt4p-pimc-widen", "dtt5p-pimc-widen", "vic3p-pimc-widen",
        "vic4p-pimc-widen", "dtt4p-pimc-w05-knobs", "dtt4p-pimc-w05-c", "dtt4p-pimc-c2",
        "dtt4p-pimc-c3", "dtt3p-pimc-c4", "dtt5p-pimc-c4", "vic3p-pimc-c2", "vic4p-pimc-c2")])


if __name__ == "__main__":
    main()
