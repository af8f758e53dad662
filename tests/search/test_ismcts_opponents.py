"""ISMCTS's opponent model (solver/search/_ismcts.pyx, ``opponents="heuristic"``): at another
seat's node the tree takes the move the heuristic bot would play in the iteration's world (its
best score from that seat's own hand, ties at random) instead of choosing by UCB, and taking it
is no expansion. The Cython search agrees with its pure-Python twin bit for bit."""
import pytest

from bots.registry import make_bot
from bots.spec import BotSpecError
from solver.registry import load_game
from solver.search import SearchLimit, ismcts
from solver.search._ismcts import ISMCTS
from solver.search.params import objective_code, opponent_model
from solver.search.reference.ismcts import ismcts_root
from tests.search.helpers import mid_state

CONFIGS = ["dog-tag-trick(players=5)", "dog-tag-trick(players=3)", "mate-vic-village",
           "mattis", "mate"]


def codes(horizon):
    obj, hor, _ = objective_code("score", horizon)
    return {"objective": obj, "horizon": hor}


def horizon_of(game):
    return "game" if game.name in ("mattis", "mate") else "round"


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("widen", [0.0, 0.3])
def test_opponent_model_matches_twin(config, widen):
    game = load_game(config)
    s = mid_state(game, 11, fraction=0.2)
    view = s.view(s.current_player())
    hz = horizon_of(game)
    fast = ISMCTS(game, c=0.7, **codes(hz), scale=0.0, widen=widen,
                  model_opponents=True).search(view, 400, 5)
    slow = ismcts_root(view, 400, 5, horizon=hz, widen=widen, opponents="heuristic")
    assert fast == slow
    plain = ISMCTS(game, c=0.7, **codes(hz), scale=0.0, widen=widen).search(view, 400, 5)
    assert fast != plain


def test_other_seats_play_the_heuristics_choice_in_the_tree():
    """Below a root move, the next seat's node holds only moves the heuristic bot plays in some
    world (its best score there): in Mate, with every card in view, that is one move for each
    of the mover's replies, and the descent runs on through it in the same iteration."""
    game = load_game("mate")
    s = mid_state(game, 8, fraction=0.3)
    view = s.view(s.current_player())
    tree = ISMCTS(game, c=0.7, **codes("game"), model_opponents=True)
    children = tree.search(view, 600, 2)
    for a, visits, *_ in children:
        after = s.child(a)
        if visits < 2 or after.is_terminal() or after.current_player() == s.current_player():
            continue
        scores = game.policy.scores(after, after.legal_actions())
        best = {b for b, x in zip(after.legal_actions(), scores) if x == max(scores)}
        below = set(tree.node_keys(0, [a]))
        assert below and below <= best
        # the reply is no expansion: the tree holds nodes past it after a root move's 2nd visit
        assert any(tree.node_keys(0, [a, b]) for b in below)


def test_the_model_is_for_one_observer_and_named_values():
    game = load_game("dog-tag-trick(players=4)")
    s = mid_state(game, 3, fraction=0.1)
    view = s.view(s.current_player())
    with pytest.raises(ValueError, match="observers=single"):
        ismcts(view, limit=SearchLimit(iterations=50), observers="multi", opponents="heuristic")
    with pytest.raises(ValueError, match="opponents must be one of search, heuristic"):
        ismcts(view, limit=SearchLimit(iterations=50), opponents="oracle")
    r = ismcts(view, limit=SearchLimit(iterations=200), seed=4, opponents="heuristic")
    assert r.params["opponents"] == "heuristic"
    assert r.chosen in view.legal_actions()


def test_the_bot_takes_the_model_and_auto():
    game = load_game("dog-tag-trick(players=5)")
    assert opponent_model(game, "search") == "search"
    assert opponent_model(game, "heuristic") == "heuristic"
    assert opponent_model(game, "auto") in ("search", "heuristic")
    bot = make_bot("ismcts(opponents=heuristic,iterations=100)", seed=1)
    s = mid_state(game, 3, fraction=0.1)
    assert bot.search(s.view(s.current_player())).params["opponents"] == "heuristic"
    with pytest.raises(BotSpecError):
        make_bot("ismcts(opponents=oracle)", seed=1)
