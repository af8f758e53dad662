"""The PIMC bot's exploration constant per game (issue 15, results/strength/pimc-tune/).

``pimc``'s ``c`` defaults to -1: the game's measured value
(solver/search/params.py EXPLORATION_DEFAULTS["<game>"]["pimc"], else DEFAULT_C), as the
``ismcts`` bot's does. The same value reaches every search that plays "the pimc bot's search":
the bot itself, the solver bot's sampling path (bots/solver_bot.py) and ``recommend`` / the
``play`` hint (solver.search.recommend.play_defaults). An explicit ``c >= 0`` is searched with
as given; below -1 is refused like any value outside a bot's declared range.
"""
import pytest

import bots.search_bots as search_bots
import bots.solver_bot as solver_bot
from bots.registry import make_bot
from bots.spec import BotSpecError
from solver.registry import load_game
from solver.search import play_defaults
from solver.search.params import DEFAULT_C, EXPLORATION_DEFAULTS, exploration_c

# (game, the c PIMC should search with at its defaults): from the table, so that a re-measured
# entry needs no edit here; a game without an entry searches with DEFAULT_C.
GAMES = ["dog-tag-trick(players=3)", "dog-tag-trick(players=4)",
         "mate-vic-village(players=3)", "mate-vic-village(players=4)", "mattis(players=4)"]


def _measured(config: str) -> float:
    return EXPLORATION_DEFAULTS.get(load_game(config).name, {}).get("pimc", DEFAULT_C)


def _searched_position(config: str, wide: int):
    """A seeded opening position of ``config`` played on (first legal action) to the first
    decision a search bot searches: at least two legal actions, fewer than ``wide``."""
    game = load_game(config)
    state = game.new_initial_state(5)
    while len(state.legal_actions()) < 2 or len(state.legal_actions()) >= wide:
        state.apply_action(state.legal_actions()[0])
    return game, state


def _spy(monkeypatch, module) -> list[float]:
    """Record the ``c`` every ``recommend`` call of ``module`` searches with."""
    seen: list[float] = []
    real = module.recommend

    def spy(view, algo, limit, seed, **kw):
        seen.append(kw["c"])
        return real(view, algo, limit, seed, **kw)

    monkeypatch.setattr(module, "recommend", spy)
    return seen


def test_pimc_c_defaults_to_the_game_measured_value():
    """-1 is the default, and EXPLORATION_DEFAULTS' pimc entries are valid constants (finite,
    >= 0) for games the registry knows."""
    assert search_bots.PIMCBot.PARAMS["c"][0] == -1.0
    for slug, entries in EXPLORATION_DEFAULTS.items():
        if "pimc" in entries:
            assert load_game(slug).name == slug
            assert 0.0 <= entries["pimc"] <= 100.0
    for config in GAMES:
        game = load_game(config)
        assert exploration_c(game, -1.0, "pimc") == _measured(config)
        assert exploration_c(game, 0.0, "pimc") == 0.0
        assert exploration_c(game, 1.5, "pimc") == 1.5


@pytest.mark.parametrize("config", GAMES)
def test_pimc_bot_searches_with_the_games_measured_c(monkeypatch, config):
    """The bot at its defaults passes the game's measured c to the search; c=0.35 is passed as
    given."""
    seen = _spy(monkeypatch, search_bots)
    for spec, expected in (("pimc(iterations=40,worlds=4)", _measured(config)),
                           ("pimc(iterations=40,worlds=4,c=0.35)", 0.35)):
        bot = make_bot(spec, seed=2)
        assert isinstance(bot, search_bots.PIMCBot)
        game, state = _searched_position(config, bot.wide)
        bot.reset(game, state.current_player(), 1)
        assert bot.act(state.view(state.current_player())) in state.legal_actions()
        assert seen[-1] == expected
    assert len(seen) == 2


@pytest.mark.parametrize("config", ["dog-tag-trick(players=4)", "mate-vic-village(players=4)"])
def test_solver_bots_pimc_path_searches_with_the_pimc_bots_c(monkeypatch, config):
    """The solver bot's PIMC path (the default in Vic Village, search=pimc elsewhere) is the
    pimc bot's search (bots/solver_bot.py): the same measured c. exact_actions=0 keeps it off
    the exact path."""
    seen = _spy(monkeypatch, solver_bot)
    bot = make_bot("solver(exact_actions=0,iterations=40,worlds=4,search=pimc)", seed=3)
    assert isinstance(bot, solver_bot.SolverBot)
    game, state = _searched_position(config, bot.wide)
    bot.reset(game, state.current_player(), 1)
    assert bot.act(state.view(state.current_player())) in state.legal_actions()
    assert bot.last_path == "pimc"
    assert seen == [_measured(config)]


@pytest.mark.parametrize("config", GAMES)
def test_recommend_and_the_play_hint_search_pimc_with_the_bots_c(config):
    """``play_defaults`` (recommend, the play hint) fills in the pimc bot's measured c unless
    one is given."""
    game = load_game(config)
    assert play_defaults(game, "pimc")["c"] == _measured(config)
    assert play_defaults(game, "pimc", {"c": 1.25})["c"] == 1.25


@pytest.mark.parametrize("spec", ["pimc(c=-2)", "pimc(c=-1.5)", "pimc(c=101)", "pimc(c=nan)"])
def test_pimc_c_outside_its_range_is_refused(spec):
    """c below -1 (the 'measured default' marker), above 100 or not finite: a BotSpecError."""
    with pytest.raises(BotSpecError):
        make_bot(spec)
