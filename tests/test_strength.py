"""Strength ladder on duplicate deals (each deal played twice, seats swapped), seeded and with a
wide margin: the stronger bot's mean paired return must be clearly positive (docs/architecture.md §7; the
margins measured are reported in the closing notes)."""
import statistics

import pytest

from solver.registry import available_games, load_game
from tournaments.referee import play_game


def paired_margin(game_text, strong, weak, deals, seed=0):
    """Mean over deals of strong's return minus weak's, each deal played with the strong bot in
    every seat (others weak) — duplicate play cancels the luck of the deal."""
    game = load_game(game_text)
    n = game.num_players
    diffs = []
    for d in range(deals):
        for seat in range(n):
            specs = [weak] * n
            specs[seat] = strong
            rec = play_game(game, specs, deal_seed=seed + d, bot_seeds=[d * 10 + i for i in range(n)])
            assert rec.termination != "forfeit", rec.forfeit
            others = [r for i, r in enumerate(rec.returns) if i != seat]
            diffs.append(rec.returns[seat] - statistics.mean(others))
    mean = statistics.mean(diffs)
    se = statistics.stdev(diffs) / len(diffs) ** 0.5
    return mean, se


LADDER = [
    ("mate", "heuristic", "random", 12),
    ("mate", "solver", "heuristic", 4),
    ("mate", "ismcts(iterations=1000)", "heuristic", 8),
    ("mate-vic-village", "heuristic", "random", 6),
    ("mattis", "heuristic", "random", 20),
    ("dog-tag-trick", "heuristic", "random", 8),
    ("mattis", "ismcts(iterations=1000)", "heuristic", 20),
    ("dog-tag-trick", "ismcts(iterations=1000)", "heuristic", 12),
    ("mate-vic-village", "ismcts(iterations=1000)", "heuristic", 24),
]


@pytest.mark.parametrize("game, strong, weak, deals", LADDER)
def test_stronger_bot_wins_on_duplicate_deals(game, strong, weak, deals):
    if game.split("(")[0] not in available_games():
        pytest.skip(f"{game} not registered")
    mean, se = paired_margin(game, strong, weak, deals)
    assert mean > 2 * se and mean > 0, (mean, se)
