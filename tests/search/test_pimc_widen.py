"""Progressive widening in UCT, the world search of PIMC (solver/search/_mcts.pyx, ``widen``):
below the root a node reached N times holds at most ceil(N ** widen) tried children, the next
one the untried move the rules of thumb score highest; the Cython tree agrees with its Python
twin (solver/search/reference/mcts.py) bit for bit, in every game, and the pimc bot, the solver
bot's PIMC path, the sampled oracle and ``recommend`` pass the game's measured value on."""
import math

import pytest

from bots.registry import bot_class, make_bot
from bots.spec import BotSpecError
from solver.registry import load_game
from solver.search import SearchLimit, pimc
from solver.search._mcts import UCT
from solver.search.parallel import pimc_threads
from solver.search.params import exploration_c, objective_code, widening
from solver.search.recommend import play_defaults
from solver.search.reference.mcts import uct_root, uct_tree
from tests.search.helpers import assert_pimc_matches_twin, mid_state, one_config_per_game


def codes(objective="score", horizon="round"):
    obj, hor, _ = objective_code(objective, horizon)
    return {"objective": obj, "horizon": hor}


def _iters(game):
    return 150 if game.max_game_length > 200 else 300


@pytest.mark.parametrize("config", one_config_per_game())
@pytest.mark.parametrize("widen", [0.3, 0.6])
def test_widening_uct_matches_twin(config, widen):
    game = load_game(config)
    s = mid_state(game, 23, fraction=0.3)
    n = _iters(game)
    fast = UCT(game, c=0.7, **codes(), widen=widen).search(s, n, 11)
    slow = uct_root(s, n, 11, horizon="round", widen=widen)
    assert fast == slow


@pytest.mark.parametrize("config", one_config_per_game())
def test_widening_pimc_matches_twin(config):
    game = load_game(config)
    s = mid_state(game, 43, fraction=0.3)
    view = s.view(s.current_player())
    worlds, n = 3, 2 * _iters(game)
    res = pimc(view, limit=SearchLimit(iterations=n, worlds=worlds), seed=13, horizon="round",
               widen=0.3)
    assert_pimc_matches_twin(res, view, n, worlds, 13, horizon="round", widen=0.3)
    assert res.params["widen"] == 0.3


def _nodes(node):
    yield node
    for ch in node.children or []:
        yield from _nodes(ch)


def test_a_node_below_the_root_tries_at_most_ceil_of_its_visits_to_the_power_widen():
    """A child is tried on a visit that found fewer than ceil(N ** widen) tried (N: the node's
    visits before that one), so a node seen N times has tried at most ceil((N - 1) ** widen)
    + 1; the root tries every move (the decision weighs them all)."""
    game = load_game("dog-tag-trick(players=4)")
    s = mid_state(game, 7, fraction=0.1)
    widen = 0.5
    tree = uct_tree(s, 600, 3, horizon="round", widen=widen)
    assert all(ch.visits > 0 for ch in tree.root.children)
    below = [nd for nd in _nodes(tree.root) if nd.parent is not None and nd.children]
    assert below
    for nd in below:
        tried = sum(1 for ch in nd.children if ch.visits > 0)
        assert tried <= math.ceil((nd.visits - 1) ** widen) + 1
    # every iteration tries one new child either way; widening spends them deeper
    plain = uct_tree(s, 600, 3, horizon="round")
    assert _depth(tree.root) > _depth(plain.root)


def _depth(node):
    tried = [ch for ch in node.children or [] if ch.visits > 0]
    return 1 + max((_depth(ch) for ch in tried), default=0)


def test_the_first_child_tried_below_the_root_is_the_policys_favourite():
    game = load_game("dog-tag-trick(players=4)")
    s = mid_state(game, 9, fraction=0.1)
    tree = uct_tree(s, 400, 5, horizon="round", widen=0.9)
    checked = 0
    for nd in _nodes(tree.root):
        if nd.parent is None or not nd.children or nd.visits != 2:
            continue
        # a node seen twice has tried exactly one child: the rules of thumb's first choice
        path, up = [], nd
        while up.parent is not None:
            path.append(up.action)
            up = up.parent
        pos = s.clone()
        for a in reversed(path):
            pos.apply_action(a)
        acts = [ch.action for ch in nd.children]
        scores = game.policy.scores(pos, acts)
        favourite = acts[max(range(len(acts)), key=lambda i: (scores[i], -i))]
        assert [ch.action for ch in nd.children if ch.visits > 0] == [favourite]
        checked += 1
    assert checked > 0


def test_widen_zero_is_the_search_before_widening():
    game = load_game("dog-tag-trick(players=3)")
    s = mid_state(game, 3, fraction=0.3)
    assert (UCT(game, c=0.7, **codes(), widen=0.0).search(s, 500, 2)
            == UCT(game, c=0.7, **codes()).search(s, 500, 2))


def test_threads_give_the_one_thread_answer_with_widening():
    game = load_game("dog-tag-trick(players=4)")
    s = mid_state(game, 17, fraction=0.2)
    view = s.view(s.current_player())
    limit = SearchLimit(iterations=1200, worlds=8)
    one = pimc(view, limit=limit, seed=4, horizon="round", rollout="policy", widen=0.3)
    two = pimc_threads(view, limit, 4, threads=2, horizon="round", rollout="policy", widen=0.3)
    assert [(a.action, a.mean, a.visits) for a in one.actions] == \
        [(a.action, a.mean, a.visits) for a in two.actions]
    assert two.params["widen"] == 0.3


def test_widen_is_checked():
    game = load_game("dog-tag-trick(players=3)")
    s = mid_state(game, 3, fraction=0.3)
    view = s.view(s.current_player())
    for bad in (-0.1, 0.99, 1.0, 2.0, "abc", None):     # the bots' range: [0, 0.95]
        for threads in (1, 2):
            with pytest.raises(ValueError, match="widen must be in"):
                pimc(view, limit=SearchLimit(iterations=10, worlds=2), widen=bad,
                     threads=threads)
    for bad in (-0.1, 1.0, 2.0):
        with pytest.raises(ValueError, match="widen must be in"):
            UCT(game, widen=bad)
    # tester 15: the solver evaluator has no tree to widen
    for threads in (1, 2):
        with pytest.raises(ValueError, match="widen=0.3 needs evaluator=uct"):
            pimc(view, limit=SearchLimit(iterations=1, worlds=2), evaluator="solver",
                 widen=0.3, threads=threads)


def test_the_pimc_bot_takes_the_widen_parameter():
    assert bot_class("pimc").PARAMS["widen"][0] == -1.0
    assert make_bot("pimc(widen=0.5,iterations=50)").widen == 0.5
    for bad in ("pimc(widen=1.5)", "pimc(widen=-0.5)", "pimc(widen=0.99)"):
        with pytest.raises(BotSpecError):
            make_bot(bad)
    # tester 15: the solver evaluator has no tree to widen; the option was silently ignored
    with pytest.raises(BotSpecError, match="widen=0.3 needs evaluator=uct"):
        make_bot("pimc(evaluator=solver,widen=0.3)")
    assert make_bot("pimc(evaluator=solver)").widen == -1.0


def test_the_solver_bots_pimc_path_widens_as_the_pimc_bot():
    game = load_game("mate-vic-village(players=3)")
    s = mid_state(game, 5, fraction=0.2)
    view = s.view(s.current_player())
    bot = make_bot("solver(iterations=200,worlds=4)")
    bot.reset(game, view.player, 3)
    r = bot.pimc_search(view, 11)
    assert r.params["widen"] == 0.3 and r.params["c"] == 0.7


def test_the_games_measured_widening_per_search():
    dtt, vic = load_game("dog-tag-trick(players=4)"), load_game("mate-vic-village(players=4)")
    assert widening(dtt) == widening(dtt, -1.0, "ismcts") == widening(dtt, -1.0, "pimc") == 0.3
    assert widening(vic, -1.0, "pimc") == 0.3 and widening(vic) == 0.0     # ISMCTS: off
    assert widening(load_game("mattis"), -1.0, "pimc") == 0.0
    assert widening(dtt, 0.4, "pimc") == 0.4
    assert exploration_c(dtt, -1.0, "pimc") == 2.0 and exploration_c(vic, -1.0, "pimc") == 0.7


def test_the_pimc_bot_and_recommend_search_with_the_games_values():
    """The bot's -1 sentinels and recommend's play_defaults give the measured values, so the
    bot, `recommend --algo pimc` and the play hint search alike."""
    game = load_game("dog-tag-trick(players=3)")
    s = mid_state(game, 3, fraction=0.3)
    view = s.view(s.current_player())
    bot = make_bot("pimc(iterations=300,worlds=4)")
    bot.reset(game, view.player, 5)
    r = bot.search(view)
    assert r.params["widen"] == 0.3 and r.params["c"] == 2.0
    kw = play_defaults(game, "pimc")
    assert kw["widen"] == 0.3 and kw["c"] == 2.0
    # the solver evaluator has no tree: `recommend --algo pimc --param evaluator=solver` works
    assert "widen" not in play_defaults(game, "pimc", {"evaluator": "solver"})
    vic = load_game("mate-vic-village(players=3)")
    assert play_defaults(vic, "pimc")["widen"] == 0.3
    assert play_defaults(vic, "pimc")["c"] == 0.7
