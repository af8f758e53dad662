"""Strength ladder on duplicate deals, seeded and with a wide margin (docs/architecture.md §7):
the stronger bot's seat margin over the weaker (tournaments/evaluate.py: it alone at one seat,
the weaker elsewhere, paired with the all-weaker game on the same deal and bot seeds, every
seat in turn) must be clearly positive. Published margins at equal CPU time:
results/strength/."""
import importlib.util
import os

import pytest

from solver.registry import available_games
from tournaments.evaluate import seat_margin

SLOW = pytest.mark.slow     # search bots over many deals: tens of seconds each

LADDER = [
    ("mate", "heuristic", "random", 12),
    ("mate", "solver", "heuristic", 4),
    ("mate", "ismcts(iterations=1000)", "heuristic", 8),
    ("mate-vic-village", "heuristic", "random", 6),
    ("mattis", "heuristic", "random", 20),
    ("dog-tag-trick", "heuristic", "random", 8),
    pytest.param("mattis", "ismcts(iterations=1000)", "heuristic", 20, marks=SLOW),
    pytest.param("dog-tag-trick", "ismcts(iterations=1000)", "heuristic", 12, marks=SLOW),
    # 24 deals measured +2.4 ± 1.5: the seat margin is noisier than the old within-game
    # difference (ISMCTS minus its heuristic opponents), so Vic Village needs 48.
    pytest.param("mate-vic-village", "ismcts(iterations=1000)", "heuristic", 48, marks=SLOW),
]


@pytest.mark.parametrize("game, strong, weak, deals", LADDER)
def test_stronger_bot_wins_on_duplicate_deals(game, strong, weak, deals):
    if game.split("(")[0] not in available_games():
        pytest.skip(f"{game} not registered")
    m = seat_margin(game, strong, weak, deals, seed=0)
    assert m.mean > 2 * m.se and m.mean > 0, (m.mean, m.se)


@pytest.mark.parametrize("folder", ["", "mattis-table"])
def test_published_strength_page_is_what_its_generator_writes(folder: str) -> None:
    """results/strength/README.md is written by results/strength/summarize.py (the JSON tables
    and newer.md's entries), and mattis-table's page by its own (NOTES.md and the tables); a
    hand edit of a page, or an entry added to one but not the other, would leave the two apart
    and the next regeneration would silently drop it."""
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "results", "strength", folder)
    spec = importlib.util.spec_from_file_location("strength_summarize",
                                                  os.path.join(root, "summarize.py"))
    assert spec is not None and spec.loader is not None
    summarize = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(summarize)
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        assert f.read() == summarize.page()
