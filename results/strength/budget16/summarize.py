"""The table of results/strength/budget16/README.md from the evaluation files beside it, or of
another budget run's folder (budget16-400, budget16-1300, budget16-vic4p) from the budget-mode
files in it:

    python results/strength/budget16/summarize.py [FOLDER]
"""
import glob
import json
import os
import sys

from tournaments.evaluate import summarize_margin

HERE = os.path.dirname(os.path.abspath(__file__))
#: (file, what it measures), in the README's order; a run not made yet is left out
RUNS = (("dtt3p-budget16", "Dog Tag Trick 3p"),
        ("dtt4p-budget16", "Dog Tag Trick 4p"),
        ("dtt5p-budget16", "Dog Tag Trick 5p"),
        ("vic3p-budget16", "Vic Village 3p"))
#: issue 15's bar: 16x over 1x by at least this many standard errors
TARGET_SE = 2.0


def table(here: str, runs: tuple) -> None:
    """Print the table of the runs ``runs`` ((file stem, label), ...) in the folder ``here``
    (main prints another folder's runs with it)."""
    print("| game | 1x (5 ms) | 16x − 1x | 95% CI | se count | deals | ≥ 2 se |")
    print("|---|---|---|---|---|---|---|")
    for name, label in runs:
        path = os.path.join(here, name + ".json")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        m = data["margins"][0]
        # the evaluation's own Student-t margin over the per-deal values
        mg = summarize_margin(label, "", "", "paired", [[x] for x in m["per_deal"]])
        lo, hi = mg.ci
        z = mg.mean / mg.se
        print(f"| {label} | `{m['baseline']}` | {mg.mean:+.2f} ± {mg.se:.2f} | "
              f"[{lo:+.2f}, {hi:+.2f}] | {z:+.3f} | {mg.deals} | "
              f"{'yes' if z >= TARGET_SE else 'no'} |")


#: the games' names in the tables
TITLES = {"dog-tag-trick": "Dog Tag Trick", "mate-vic-village": "Vic Village"}


def folder_runs(folder: str) -> tuple:
    """(file stem, label) of every budget-mode evaluation in ``folder``, labelled by its game
    and player count ("Vic Village 4p") and in that order."""
    from solver.registry import load_game
    runs = []
    for path in glob.glob(os.path.join(folder, "*.json")):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        if data.get("mode") != "budget":
            continue
        game = load_game(data["game"])
        label = f"{TITLES.get(game.name, game.name)} {game.num_players}p"
        runs.append((os.path.splitext(os.path.basename(path))[0], label))
    return tuple(sorted(runs, key=lambda r: r[1]))


def main() -> None:
    if len(sys.argv) > 1:
        table(sys.argv[1], folder_runs(sys.argv[1]))
    else:
        table(HERE, RUNS)


if __name__ == "__main__":
    main()
