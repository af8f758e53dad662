"""The table of results/strength/budget16-vic4p/README.md from the evaluation file beside it
(budget16/summarize.py's table, for this run):

    python results/strength/budget16-vic4p/summarize.py
"""
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))
#: (file, what it measures); a run not made yet is left out
RUNS = (("vic4p-budget16-240", "Vic Village 4p"),)


def main() -> None:
    spec = importlib.util.spec_from_file_location(
        "budget16_summarize", os.path.join(HERE, os.pardir, "budget16", "summarize.py"))
    assert spec is not None and spec.loader is not None
    budget16 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(budget16)
    budget16.table(HERE, RUNS)


if __name__ == "__main__":
    main()
