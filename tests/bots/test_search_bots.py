"""The search bots' measured defaults (bots/search_bots.py): ``horizon=auto`` and ``wide``."""
import pytest

from bots import heuristic
from bots.registry import make_bot
from solver.registry import load_game


@pytest.mark.parametrize("spec, game, horizon", [
    ("ismcts", "dog-tag-trick", "round"), ("ismcts", "mate-vic-village(players=3)", "round"),
    ("ismcts", "mate", "round"), ("ismcts", "mate(utility=match_result)", "game"),
    ("ismcts", "mattis", "game"), ("ismcts(objective=win)", "dog-tag-trick", "game"),
    ("ismcts(horizon=game)", "dog-tag-trick", "game"), ("pimc", "mate-vic-village", "round"),
    ("pimc(objective=win,horizon=auto)", "mate", "game"), ("oracle", "dog-tag-trick", "round"),
])
def test_auto_horizon_is_the_round_where_rounds_add_up(spec, game, horizon):
    assert make_bot(spec).search_horizon(load_game(game)) == horizon


def test_rounds_add_up_where_the_returns_are_the_sum_of_the_rounds():
    """Game.rounds_add_up: at the end of seeded games the returns equal scores()."""
    for text in ("mate", "mate-vic-village", "dog-tag-trick(players=3)"):
        game = load_game(text)
        assert game.rounds_add_up()
        s = game.new_initial_state(3)
        while not s.is_terminal():
            s.apply_action(game.policy.rollout_action(s, len(s.legal_actions())))
        assert list(s.returns()) == list(s.scores())
    assert not load_game("mate(utility=match_result)").rounds_add_up()
    assert not load_game("mattis").rounds_add_up()


def test_win_objective_plays_with_the_auto_horizon():
    """objective=win with the default horizon must not hit 'win needs horizon=game'."""
    game = load_game("dog-tag-trick(players=3)")
    bot = make_bot("ismcts(iterations=50,objective=win)", seed=1)
    state = game.new_initial_state(4)
    bot.reset(game, state.current_player(), 1)
    assert bot.act(state.view(state.current_player())) in state.legal_actions()


def _discard_view(players):
    game = load_game(f"mate-vic-village(players={players})")
    state = game.new_initial_state(2)
    seat = state.current_player()
    return game, seat, state.view(seat)


@pytest.mark.parametrize("players, spec, delegated", [
    (3, "ismcts(iterations=20)", True),          # 120 discard pairs >= wide=100
    (3, "ismcts(iterations=20,wide=0)", False),  # wide=0: search everything
    (4, "ismcts(iterations=20)", False),         # 12 single-card discards: searched
    (3, "pimc(iterations=20,worlds=2)", True),
])
def test_wide_decisions_go_to_the_heuristic(monkeypatch, players, spec, delegated):
    game, seat, view = _discard_view(players)
    assert len(view.legal_actions()) == (120 if players == 3 else 12)
    calls = []
    real = heuristic.choose
    monkeypatch.setattr(heuristic, "choose", lambda v, rng: calls.append(1) or real(v, rng))
    bot = make_bot(spec, seed=5)
    bot.reset(game, seat, 5)
    action = bot.act(view)
    assert action in view.legal_actions()
    assert bool(calls) == delegated
    if delegated:                                # and it is reproducible under the seed
        again = make_bot(spec, seed=5)
        again.reset(game, seat, 5)
        assert again.act(view) == action


@pytest.mark.parametrize("spec, game, c", [
    ("ismcts", "dog-tag-trick(players=4)", 0.2), ("ismcts", "dog-tag-trick(players=3)", 0.2),
    ("ismcts", "mate-vic-village(players=4)", 0.7), ("ismcts", "mattis(players=4)", 0.7),
    ("ismcts(c=0.5)", "dog-tag-trick(players=4)", 0.5), ("ismcts(c=0)", "dog-tag-trick", 0.0),
    ("ismcts(c=1.5)", "mate-vic-village", 1.5),
])
def test_ismcts_searches_with_the_games_measured_exploration(monkeypatch, spec, game, c):
    """ISMCTS's c defaults per game (solver/search/params.py EXPLORATION_DEFAULTS, measured in
    results/strength/ismcts-budget/); an explicit c >= 0 is searched with as given."""
    import bots.search_bots as sb
    seen = []
    real = sb.recommend

    def spy(view, algo, limit, seed, **kw):
        seen.append(kw["c"])
        return real(view, algo, limit, seed, **kw)

    monkeypatch.setattr(sb, "recommend", spy)
    g = load_game(game)
    bot = make_bot(spec.replace("ismcts", "ismcts(iterations=40)") if "(" not in spec
                   else spec.replace(")", ",iterations=40)"), seed=2)
    state = g.new_initial_state(5)
    while len(state.legal_actions()) < 2 or len(state.legal_actions()) >= bot.wide:
        state.apply_action(state.legal_actions()[0])
    bot.reset(g, state.current_player(), 1)
    assert bot.act(state.view(state.current_player())) in state.legal_actions()
    assert seen == [c]


def test_exploration_default_is_the_table_else_the_search_default():
    from solver.search.params import DEFAULT_C, EXPLORATION_DEFAULTS, exploration_c
    dtt, vic = load_game("dog-tag-trick"), load_game("mate-vic-village")
    assert exploration_c(dtt) == EXPLORATION_DEFAULTS["dog-tag-trick"]["ismcts"]
    assert exploration_c(dtt, algorithm="pimc") == EXPLORATION_DEFAULTS["dog-tag-trick"]["pimc"]
    assert exploration_c(vic) == exploration_c(vic, algorithm="pimc") == DEFAULT_C
    assert exploration_c(vic, 0.0) == 0.0 and exploration_c(dtt, 3.0) == 3.0
