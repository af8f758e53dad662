"""ISMCTS's exploration scale (solver/search/_ismcts.pyx ``value_scale``): UCB divides a move's
mean by the range of the leaf values seen (the default), a fixed number, or with
``scale="spread"`` by their pooled within-seat standard deviation. The option must give the
documented number, change only the exploration, stay reproducible and reject bad input."""
import math

import pytest

from bots.registry import make_bot
from bots.search_bots import ISMCTSBot
from solver.errors import TrickhoundError
from solver.registry import load_game
from solver.search import recommend
from solver.search._ismcts import ISMCTS
from solver.search.params import objective_code
from tests.search.helpers import mid_state

VIC = "mate-vic-village(players=4)"


def tree(game, spread: bool = False, scale: float = 0.0, horizon: str = "round") -> ISMCTS:
    """A single-observer searcher with the game's rollout policy and the given scale."""
    obj, hor, _ = objective_code("score", horizon)
    return ISMCTS(game, 0.7, obj, hor, scale, False, 1 << 20, True, spread=spread)


def sample_sd(children: list) -> float:
    """The standard deviation (n - 1) of the searcher's own values over every iteration, from
    the root children's (visits, sum, sum of squares)."""
    n = sum(ch[1] for ch in children)
    total = sum(ch[2] for ch in children)
    squares = sum(ch[3] for ch in children)
    return math.sqrt((squares - total * total / n) / (n - 1))


@pytest.mark.parametrize("config", ["mate", "mate(forced_visibility=hidden)"])
@pytest.mark.parametrize("horizon", ["round", "game"])
def test_spread_is_the_standard_deviation_of_the_values(config, horizon):
    """Mate's return is the zero-sum point difference (docs/rules/mate.md §8), so both seats'
    values have the same spread and the pooled within-seat standard deviation is the one of the
    searcher's own values, which its root children's sums give (every iteration passes the
    root). Holds with public and face-down forcing (docs/rules/mate.md §9.2)."""
    game = load_game(config)
    s = mid_state(game, 5, fraction=0.3)
    searcher = tree(game, spread=True, horizon=horizon)
    children = searcher.search(s.view(s.current_player()), 3000, 7)
    assert searcher.iterations == 3000
    assert searcher.value_scale == pytest.approx(sample_sd(children), rel=1e-9)


def test_spread_is_at_most_half_the_range():
    """The spread of values bounded by the range seen is at most half that range (times the
    n / (n - 1) correction): in Mate (Vic Village) 4p (docs/rules/mate-vic-village.md §1,
    points from GO! tricks and rewards, -2 for STAY tricks) it is several times smaller."""
    game = load_game(VIC)
    s = mid_state(game, 3, fraction=0.2)
    view = s.view(s.current_player())
    by_range, by_spread = tree(game), tree(game, spread=True)
    by_range.search(view, 2000, 1)
    by_spread.search(view, 2000, 1)
    assert 0 < by_spread.value_scale <= 0.5 * by_range.value_scale * math.sqrt(2000 / 1999)
    assert by_range.value_scale > 2 * by_spread.value_scale


def test_scale_before_any_iteration_and_fixed_scale():
    """1 until values have been seen, whatever the kind; a fixed scale is used as given."""
    game = load_game(VIC)
    s = mid_state(game, 3, fraction=0.2)
    view = s.view(s.current_player())
    for spread in (False, True):
        fresh = tree(game, spread=spread)
        fresh.search(view, 0, 1)
        assert fresh.value_scale == 1.0
    fixed = tree(game, scale=12.5)
    fixed.search(view, 500, 1)
    assert fixed.value_scale == 12.5


def test_spread_changes_the_search_and_is_reproducible():
    """Seeded searches with the same scale repeat bit for bit; the spread explores less at the
    same c (its scale is smaller), so the visits differ from the range's."""
    game = load_game(VIC)
    s = mid_state(game, 3, fraction=0.2, min_legal=4)
    view = s.view(s.current_player())
    first = tree(game, spread=True).search(view, 2000, 5)
    assert tree(game, spread=True).search(view, 2000, 5) == first
    by_range = tree(game).search(view, 2000, 5)
    assert [ch[1] for ch in by_range] != [ch[1] for ch in first]
    assert max(ch[1] for ch in first) > max(ch[1] for ch in by_range)


def test_recommend_and_the_bot_take_the_spread():
    """``recommend(..., scale="spread")`` equals a direct search; the bot's ``scale`` option
    reaches the search, and its answer repeats with the same seed."""
    game = load_game(VIC)
    s = mid_state(game, 3, fraction=0.2, min_legal=4)
    view = s.view(s.current_player())
    result = recommend(view, "ismcts", "iterations=1500", 9, check=False, scale="spread",
                       rollout="policy", horizon="round")
    direct = tree(game, spread=True).search(view, 1500, 9)
    assert {a.action: a.visits for a in result.actions} == {ch[0]: ch[1] for ch in direct}
    assert result.params["scale"] == "spread"
    bot = make_bot("ismcts(scale=spread,iterations=1500)", seed=4)
    again = make_bot("ismcts(scale=spread,iterations=1500)", seed=4)
    assert isinstance(bot, ISMCTSBot)
    assert bot.scale == "spread"
    assert bot.act(view) == again.act(view)


def test_bad_scales_are_refused():
    """An unknown scale word is a parameter error, for the search and for the bot."""
    game = load_game(VIC)
    s = mid_state(game, 3, fraction=0.2)
    view = s.view(s.current_player())
    with pytest.raises(TrickhoundError):
        recommend(view, "ismcts", "iterations=100", 1, check=False, scale="spreads")
    with pytest.raises(TrickhoundError):
        make_bot("ismcts(scale=sd)")


def test_root_parallel_trees_take_the_spread():
    """With threads=2 every tree searches with the spread (solver/search/parallel.py): the
    pooled root visits differ from the range's and repeat with the same seed."""
    game = load_game(VIC)
    s = mid_state(game, 3, fraction=0.2, min_legal=4)
    view = s.view(s.current_player())

    def search(scale: str | None) -> dict[int, int]:
        result = recommend(view, "ismcts", "iterations=3000", 2, check=False, threads=2,
                           rollout="policy", horizon="round", scale=scale)
        return {a.action: a.visits for a in result.actions}

    visits = search("spread")
    assert visits == search("spread")
    assert visits != search(None)
    assert sum(visits.values()) == 3000
