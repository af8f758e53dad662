"""ISMCTS's edge arena (solver/search/_ismcts.pyx): where the edge arrays live (aligned malloc
blocks, or 2 MiB-aligned huge-page mappings grown by mremap), how often they grow and where a
node's edge block lies never change a search's answers; outgrown blocks are reused."""
from collections.abc import Iterator

import pytest

from solver.registry import load_game
from solver.search import _ismcts
from solver.search._ismcts import ISMCTS
from solver.search.bench import opening_state
from solver.search.params import objective_code
from tests.search.helpers import mid_state, round_endgames

#: set_map_threshold values: the default (2 MiB), a tiny one (the arrays turn from malloc
#: blocks into mappings after a few growths, then grow by mremap), 0 (mapped from the
#: start) and -1 (never mapped: aligned malloc + memcpy on every growth)
THRESHOLDS = [2 << 20, 4096, 0, -1]


@pytest.fixture
def map_threshold() -> Iterator[None]:
    """Restores the module-wide mapping threshold a test moves."""
    old = _ismcts.set_map_threshold(2 << 20)
    yield
    _ismcts.set_map_threshold(old)


def codes(objective: str, horizon: str) -> dict[str, int]:
    """The (objective, horizon) codes the Cython tree takes, by name."""
    obj, hor, _ = objective_code(objective, horizon)
    return {"objective": obj, "horizon": hor}


def _search(game, view, iterations: int, seed: int, threshold: int, initial_edges: int,
            **params) -> tuple[list, int, int]:
    """(root children, nodes, arena edges) of one seeded search with the arrays allocated
    from ``threshold`` bytes on, starting with room for ``initial_edges`` edges."""
    _ismcts.set_map_threshold(threshold)
    tree = ISMCTS(game, initial_edges=initial_edges, **params)
    children = tree.search(view, iterations, seed)
    return children, tree.node_count, tree.arena_edges


@pytest.mark.parametrize("multi", [False, True])
def test_every_allocation_path_gives_the_same_search(map_threshold, multi):
    """Mate Vic Village 4p hides hands and the reward pile (docs/rules/mate-vic-village.md §10):
    SO- and MO-ISMCTS from a 16-edge arena grown ten times, along every allocation path,
    give the search of one big preallocated arena bit for bit (statistics, node count, and
    even the arena's layout, which depends only on the tree)."""
    game = load_game("mate-vic-village(players=4)")
    s = mid_state(game, 3, fraction=0.1)
    view = s.view(s.current_player())
    params = dict(c=0.7, **codes("score", "game"), multi=multi)
    big = _search(game, view, 6000, 11, 2 << 20, 1 << 22, **params)
    assert big[2] > 1 << 13                  # the small arenas grow 16 -> 2^14: ten times
    for threshold in THRESHOLDS:
        assert _search(game, view, 6000, 11, threshold, 16, **params) == big


def test_a_solving_search_grows_its_proofs_with_the_arena(map_threshold):
    """Mate with face-up forcing is of perfect information (docs/rules/mate.md §9.2): with exact
    endgames the search is an MCTS-solver whose per-edge proof offsets (a third array) grow
    with the edges; the proven values and statistics do not depend on the growth path."""
    game = load_game("mate")
    for s in round_endgames(game, 5, max_plies=14, count=2):
        view = s.view(s.current_player())
        params = dict(c=0.7, **codes("score", "round"), endgame=6, endgame_budget=1 << 16)
        ref = ISMCTS(game, initial_edges=1 << 20, **params)
        ref_children = ref.search(view, 3000, 2)
        assert ref.solving
        for threshold in THRESHOLDS:
            _ismcts.set_map_threshold(threshold)
            tree = ISMCTS(game, initial_edges=4, **params)
            assert tree.search(view, 3000, 2) == ref_children
            assert tree.root_exact() == ref.root_exact()
            assert tree.root_proven == ref.root_proven
            assert tree.node_count == ref.node_count


def test_outgrown_blocks_are_reused(map_threshold):
    """A node's edges are one block that moves, doubled, when it fills; the blocks left behind
    are handed to later nodes (split where only a smaller one is asked for). At the first lead
    of Mate Vic Village 4p (docs/rules/mate-vic-village.md §6.2) 20,000 iterations take 1.47
    arena edges a node; 2.32 when outgrown blocks were abandoned."""
    game = load_game("mate-vic-village(players=4)")
    s = opening_state(game)
    view = s.view(s.current_player())
    children, nodes, arena = _search(game, view, 20000, 1, 2 << 20, 0, c=0.7,
                                     **codes("score", "game"))
    assert nodes == 20001                    # every iteration adds one node (and the root)
    assert arena < 1.6 * nodes
    # the same search restarted on the same searcher reuses the arena from scratch
    tree = ISMCTS(game, c=0.7, **codes("score", "game"))
    tree.search(view, 20000, 1)
    again = tree.search(view, 20000, 1)
    assert again == children and tree.arena_edges == arena


def test_map_threshold_reports_the_previous_one(map_threshold):
    """set_map_threshold returns the threshold it replaces (-1: never map)."""
    assert _ismcts.set_map_threshold(-1) == 2 << 20
    assert _ismcts.set_map_threshold(0) == -1
    assert _ismcts.set_map_threshold(2 << 20) == 0


def test_initial_edges_beyond_the_index_range_is_refused():
    """Edge offsets are 32-bit: an arena of 2^31 edges or more cannot be indexed."""
    with pytest.raises(ValueError, match="initial_edges"):
        ISMCTS(load_game("mate"), initial_edges=1 << 31)


@pytest.fixture
def region_cache() -> Iterator[None]:
    """Empties the process-wide cache of mappings before and after a test, and restores its
    limit."""
    _ismcts.release_cached_memory()
    old = _ismcts.set_cache_limit(512 << 20)
    yield
    _ismcts.set_cache_limit(old)
    _ismcts.release_cached_memory()


def test_an_ended_searchers_mappings_serve_the_next_search(map_threshold, region_cache):
    """A searcher that ends gives its mapped arrays to the process-wide cache, and the next
    searcher's arrays grow into them (the first growth past the threshold copies into the
    largest cached mapping of the same array): its search is the one from fresh memory bit for
    bit, though that memory still holds another position's tree (Mate Vic Village 4p,
    docs/rules/mate-vic-village.md §10)."""
    game = load_game("mate-vic-village(players=4)")
    s = mid_state(game, 3, fraction=0.1)
    view = s.view(s.current_player())
    other = opening_state(game, 8)
    params = dict(c=0.7, **codes("score", "game"))
    _ismcts.set_cache_limit(0)
    fresh = _search(game, view, 4000, 11, -1, 16, **params)      # aligned malloc, no cache
    assert _ismcts.cached_memory() == 0
    _ismcts.set_cache_limit(512 << 20)
    _search(game, other.view(other.current_player()), 4000, 3, 4096, 16, **params)
    held = _ismcts.cached_memory()
    assert held >= 2 * (2 << 20)               # the edges' and the keys' 2 MiB mappings
    assert _search(game, view, 4000, 11, 4096, 16, **params) == fresh
    assert _ismcts.cached_memory() == held     # taken, and given back when it ended
    assert _ismcts.release_cached_memory() == held
    assert _ismcts.cached_memory() == 0


def test_the_cache_keeps_no_more_than_its_limit(map_threshold, region_cache):
    """With a limit below one mapping nothing is kept: the arrays are unmapped when their
    searcher ends; a negative limit is refused. set_cache_limit returns the limit it replaces."""
    game = load_game("mate-vic-village(players=4)")
    view = opening_state(game).view(opening_state(game).current_player())
    assert _ismcts.set_cache_limit((2 << 20) - 1) == 512 << 20
    _search(game, view, 2000, 1, 0, 16, c=0.7, **codes("score", "game"))
    assert _ismcts.cached_memory() == 0
    with pytest.raises(ValueError, match="cache limit"):
        _ismcts.set_cache_limit(-1)
