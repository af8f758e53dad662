"""max^n's iterative deepening within a node budget (issue 15 item 3): the second pass is
predicted too (growth per ply against the root), and a pass predicted to overrun is replaced by
the deepest shallower one that fits until one trick has been searched. (That the last child of
every node is played on its parent's state changes no value: tests/search/test_twins.py.)

Values are each seat's gain to the end of the round (docs/rules/dog-tag-trick.md §8.1 scoring,
docs/rules/mate-vic-village.md §7.1)."""
import pytest

from solver.registry import load_game
from solver.rng import derive_seed
from solver.search import MaxN


def _opening_world(game, seed):
    s = game.new_initial_state(seed)
    return s.view(s.current_player()).determinize(derive_seed(seed, 0))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dog_tag_trick_opening_searches_three_plies_not_one(seed):
    """Dog Tag Trick, 4 players, the first lead (docs/rules/dog-tag-trick.md §4.1): one trick (4
    plies) cannot fit 200,000 nodes, so the search goes as deep as fits (3 plies) instead of
    stopping at 1 — and every pass it starts completes (none is abandoned half-way)."""
    game = load_game("dog-tag-trick")
    out = MaxN(game).solve(_opening_world(game, seed), 200000)
    assert not out["exact"]
    assert [(d, done) for d, _, done in out["passes"]] == [(1, True), (3, True)]
    assert out["depth"] == 3
    assert out["nodes"] < 200000


def test_intermediate_depths_only_until_a_trick_is_searched():
    """Once a whole trick has been searched, a pass inside the next trick is never started:
    every completed pass after the first is a multiple of the step (the number of players)."""
    game = load_game("mate-vic-village")
    for seed in (1, 2, 3):
        out = MaxN(game).solve(_opening_world(game, seed), 200000)
        done = [d for d, _, ok in out["passes"] if ok]
        assert done[0] == 1
        assert all(d % 4 == 0 for d in done[1:]) and len(done) >= 2
        assert all(ok for _, _, ok in out["passes"])
