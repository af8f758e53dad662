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
