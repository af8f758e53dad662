"""ISMCTS progressive widening (solver/search/_ismcts.pyx, ``widen``): below the root a node
seen N times holds at most ceil(N ** widen) of the moves available to it before it adds
another, taking the untried move the game's rules of thumb score highest; the root keeps every
move. The Cython search agrees with its pure-Python twin bit for bit, with and without it."""
import math

import pytest

from bots.registry import bot_class, make_bot
from bots.spec import BotSpecError
from solver.registry import load_game
from solver.search import SearchLimit, ismcts
from solver.search._ismcts import ISMCTS, ismcts_search
from solver.search.params import objective_code, widening
from solver.search.recommend import play_defaults
from solver.search.reference.ismcts import ismcts_root
from tests.search.helpers import mid_state

CONFIGS = ["dog-tag-trick(players=4)", "dog-tag-trick(players=3)", "mate-vic-village",
           "mattis"]


def codes(horizon="round"):
    obj, hor, _ = objective_code("score", horizon)
    return {"objective": obj, "horizon": hor}


def horizon_of(game):
    return "game" if game.name == "mattis" else "round"


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("observers", ["single", "multi"])
@pytest.mark.parametrize("widen", [0.3, 0.5])
def test_widening_matches_twin(config, observers, widen):
    game = load_game(config)
    s = mid_state(game, 17, fraction=0.2)
    view = s.view(s.current_player())
    hz = horizon_of(game)
    fast = ISMCTS(game, c=0.7, **codes(hz), scale=0.0, multi=observers == "multi",
                  widen=widen).search(view, 400, 3)
    slow = ismcts_root(view, 400, 3, horizon=hz, observers=observers, widen=widen)
    assert fast == slow


def test_widening_changes_the_search_but_not_the_root_moves():
    """The root tries every legal move (the decision weighs them all) either way; the tree
    below differs."""
    game = load_game("dog-tag-trick(players=4)")
    s = mid_state(game, 5, fraction=0.1)
    view = s.view(s.current_player())
    legal = view.legal_actions()
    plain = ISMCTS(game, c=0.7, **codes()).search(view, 1500, 1)
    wide = ISMCTS(game, c=0.7, **codes(), widen=0.5).search(view, 1500, 1)
    assert sorted(ch[0] for ch in plain) == sorted(legal)
    assert sorted(ch[0] for ch in wide) == sorted(legal)
    assert plain != wide


def test_a_node_holds_at_most_ceil_of_its_visits_to_the_power_widen():
    """Where every move of a node is available in every world (Mate, perfect information,
    docs/rules/mate.md §9.1), a node below the root seen N times holds at most
    ceil((N - 1) ** widen) + 1 children: a child is added on a visit that found fewer than
    allowed. (With hidden cards the bound is on the children available in the iteration's
    world, as ISMCTS's selection is.)"""
    game = load_game("mate")
    s = mid_state(game, 8, fraction=0.3)      # every reply of the mover's 9 has 4 or more
    view = s.view(s.current_player())
    widen = 0.5
    tree = ISMCTS(game, c=0.7, **codes(), widen=widen)
    children = tree.search(view, 4000, 2)
    checked = 0
    for a, visits, *_ in children:
        below = tree.node_keys(0, [a])
        if visits > 1 and len(s.child(a).legal_actions()) > 3:
            assert len(below) <= math.ceil((visits - 1) ** widen) + 1
            checked += 1
    assert checked >= 3
    # after a short search (some 20 visits a root move) the nodes one level down hold fewer
    # children than without widening, which tries all of a node's moves first
    short = ISMCTS(game, c=0.7, **codes(), widen=widen)
    short.search(view, 200, 2)
    plain = ISMCTS(game, c=0.7, **codes())
    plain.search(view, 200, 2)
    assert (sum(len(plain.node_keys(0, [a])) for a in view.legal_actions())
            > sum(len(short.node_keys(0, [a])) for a in view.legal_actions()))


def test_the_first_move_a_node_adds_is_the_policys_favourite():
    """A node's first child is the untried move the rules of thumb score highest in the world
    of the iteration that added it; with one world the choice is that world's top move."""
    game = load_game("dog-tag-trick(players=4)")
    s = mid_state(game, 12, fraction=0.1)
    view = s.view(s.current_player())
    world = view.determinize(3)
    tree = ISMCTS(game, c=0.7, **codes(), widen=0.9)
    tree.search(view, len(view.legal_actions()) + 1, 1, 0.0, [world])
    # every root move was expanded once; the first root move's node, when visited again,
    # added the policy's best reply in that world
    for a in view.legal_actions():
        below = tree.node_keys(0, [a])
        if below:
            after = world.child(a)
            scores = game.policy.scores(after, after.legal_actions())
            best = after.legal_actions()[max(range(len(scores)), key=lambda i: (scores[i], -i))]
            assert below == [best]
            return
    pytest.fail("no root move was visited twice")


def test_widen_is_reported_and_checked():
    game = load_game("dog-tag-trick(players=4)")
    s = mid_state(game, 3, fraction=0.3)
    view = s.view(s.current_player())
    r = ismcts_search(view, "iterations=300", seed=1, horizon="round", widen=0.5)
    assert r.params["widen"] == 0.5
    r2 = ismcts(view, limit=SearchLimit(iterations=300), seed=1, horizon="round", widen=0.5,
                threads=2)
    assert r2.params["widen"] == 0.5
    for bad in (-0.1, 1.0, 2):
        with pytest.raises(ValueError, match="widen must be in"):
            ismcts_search(view, "iterations=10", widen=bad)


def test_the_bot_takes_the_widen_parameter():
    assert bot_class("ismcts").PARAMS["widen"][0] == -1.0
    assert make_bot("ismcts(widen=0.5,iterations=50)").widen == 0.5
    with pytest.raises(BotSpecError):
        make_bot("ismcts(widen=1.5)")


def test_the_games_measured_widening_is_the_default():
    """-1 (the bots' default) means the game's measured value: 0.3 in Dog Tag Trick (results/
    strength/widen; PIMC's world trees there and in Vic Village, results/strength/pimc-widen),
    off elsewhere; an explicit value is used as given. ``recommend`` and the hint search with
    the same default."""
    dtt, vic = load_game("dog-tag-trick"), load_game("mate-vic-village")
    assert widening(dtt) == 0.3 and widening(vic) == 0.0
    assert widening(dtt, 0.0) == 0.0 and widening(vic, 0.5) == 0.5
    assert play_defaults(dtt, "ismcts", {})["widen"] == 0.3
    assert play_defaults(dtt, "ismcts", {"widen": 0.1})["widen"] == 0.1
    assert play_defaults(dtt, "pimc", {})["widen"] == 0.3     # PIMC's own measured value
    assert play_defaults(vic, "pimc", {})["widen"] == 0.3
    assert play_defaults(vic, "ismcts", {})["widen"] == 0.0
    s = mid_state(dtt, 4, fraction=0.3)
    view = s.view(s.current_player())
    bot = make_bot("ismcts(iterations=300)")
    bot.reset(dtt, view.player, 7)
    assert bot.search(view).params["widen"] == 0.3
    off = make_bot("ismcts(iterations=300,widen=0)")
    off.reset(dtt, view.player, 7)
    assert off.search(view).params["widen"] == 0.0
