"""Tournaments of a registered game with three or more seats (skipped until one exists)."""
from collections import Counter

from solver.registry import example_configs, load_game
from tournaments import benchbots
from tournaments.runner import load_records, run_tournament
from tournaments.stats import summarize

from .conftest import comparable, run_config

# The first registered configuration with three or more players (several games have them).
GAME = next(cfg for cfg in example_configs() if load_game(cfg).num_players >= 3)
BOTS = ["random", benchbots.spec(0.0), benchbots.spec(0.001)]


def test_round_robin_over_seat_groups(tmp_path):
    n = load_game(GAME).num_players
    cfg = run_config(tmp_path, "rr", game=GAME, bots=BOTS, deals=2)
    run_tournament(cfg, progress=False)
    records = load_records(cfg.out)
    assert records and all(len(r.seating) == n for r in records)
    for d in (0, 1):
        games = [r for r in records if r.deal_index == d]
        assert len({r.deal_seed for r in games}) == 1
        for seat in range(n):  # every bot of the table plays the hand from every seat it can
            assert {r.seating[seat] for r in games} == set(games[0].seating)
    s = summarize(records)
    assert {b.spec for b in s.bots} == set(cfg.bots) and all(b.rated > 0 for b in s.bots)
    pool = run_config(tmp_path, "pool", game=GAME, bots=BOTS, deals=2, executor="process",
                      workers=2)
    run_tournament(pool, progress=False)
    assert comparable(pool.out) == comparable(cfg.out)


def test_gauntlet_candidate_sits_everywhere(tmp_path):
    n = load_game(GAME).num_players
    cfg = run_config(tmp_path, "g", game=GAME, format="gauntlet", candidates=[BOTS[1]],
                     bots=["random"], deals=1)
    run_tournament(cfg, progress=False)
    records = load_records(cfg.out)
    assert len(records) == n
    assert Counter(r.seating.index(cfg.candidates[0]) for r in records) == Counter(range(n))
