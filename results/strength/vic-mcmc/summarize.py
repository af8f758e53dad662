"""The tables of results/strength/vic-mcmc/README.md from the evaluation files beside it:

    python results/strength/vic-mcmc/summarize.py

Each screen: every candidate's seat margin over the heuristic, and its paired difference from
the screen's first candidate (pimc with uniform worlds) on the same deals.
"""
import os

from tournaments.evaluate import saved_margins, screen_table

HERE = os.path.dirname(os.path.abspath(__file__))
SCREENS = (("screen-vic4p-mcmc-iters", "iteration-limited at 2,000, before the fix: the chain's "
                                       "worlds shared one future (seed 161, commit 23bfc6f)"),
           ("screen-vic4p-mcmc-iters-2", "iteration-limited at 2,000, each world its own future "
                                         "(seed 162)"),
           ("screen-vic4p-mcmc-cpu", "equal CPU, 5 ms a decision (seed 163)"))


def main() -> None:
    for name, what in SCREENS:
        margins = saved_margins(os.path.join(HERE, f"{name}.json"))
        if margins:
            print(f"### {what}\n\n" + "\n".join(screen_table(margins, "the heuristic")) + "\n")


if __name__ == "__main__":
    main()
