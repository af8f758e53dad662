"""The table of results/strength/budget16-400/README.md from the evaluation files beside it
(budget16/summarize.py's table, for these runs):

    python results/strength/budget16-400/summarize.py
"""
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))
#: (file, what it measures), in the README's order; a run not made yet is left out
RUNS = (("dtt3p-budget16-400", "Dog Tag Trick 3p"),
        ("dtt4p-budget16-400", "Dog Tag Trick 4p"),
        ("dtt5p-budget16-400", "Dog Tag Trick 5p"),
        ("vic3p-budget16-400", "Vic Village 3p"))


def main() -> None:
    spec = importlib.util.spec_from_file_location(
        "budget16_summarize", os.path.join(HERE, os.pardir, "budget16", "summarize.py"))
    assert spec is not None and spec.loader is not None
    budget16 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(budget16)
    budget16.table(HERE, RUNS)


if __name__ == "__main__":
    main()
