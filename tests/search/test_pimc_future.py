"""PIMC whose worlds fix the hands but not the future (solver/search/_mcts.pyx, ``future``):
with ``future="sampled"`` a world's UCT re-draws, every iteration, the chance hidden from every
seat (docs/rules/mate-vic-village.md §10.3: the instruction order and the reward-pile order;
docs/rules/mattis.md §11: the stock order) and splits its tree by the chance outcome revealed
(docs/rules/mate-vic-village.md §6.1: every trick turns up an instruction; §6.5: a GO! place
draws a reward card; docs/rules/mattis.md §5.2-§5.4: stock draws, BLIND plays, the trump
shown), so it never reads the world's future. ``future="known"`` is the search as before.
The Cython search agrees with its pure-Python twin bit for bit either way."""
import random

import pytest

from bots.registry import bot_class, make_bot
from bots.spec import BotSpecError
from solver.registry import load_game
from solver.rng import Random
from solver.search import SearchLimit
from solver.search._mcts import UCT
from solver.search._pimc import pimc_search
from solver.search.parallel import pimc_threads
from solver.search.params import objective_code
from solver.search.reference.mcts import uct_root, uct_tree
from tests.search.helpers import assert_pimc_matches_twin, mid_state, trick_completing_position

VIC = ["mate-vic-village", "mate-vic-village(players=3)"]
MATTIS_PHASE1 = 1   # solver/games/mattis/rules.py


def codes(objective, horizon):
    obj, hor, _ = objective_code(objective, horizon)
    return {"objective": obj, "horizon": hor}




def _mattis_phase1(config, seed):
    """A Mattis position in phase 1 with a stock left to draw (docs/rules/mattis.md §5)."""
    game = load_game(config)
    s = game.new_initial_state(seed)
    rnd = random.Random(seed)
    for _ in range(2 * game.num_players):
        s.apply_action(rnd.choice(s.legal_actions()))
    assert s.to_reference().phase == MATTIS_PHASE1 and s.to_reference().stock
    return s


@pytest.mark.parametrize("config", VIC)
def test_sampled_future_matches_twin_and_splits_by_the_turned_up_instruction(config):
    """§6.1: the move completes a trick and turns up the next instruction: with the future
    re-drawn every iteration the move's node is a chance node with several outcomes, each
    followed by moves; the same tree as the Python twin, key for key."""
    game = load_game(config)
    s = trick_completing_position(game, 4)
    fast = UCT(game, c=0.7, **codes("score", "round"), future="sampled")
    roots = fast.search(s, 400, 5)
    slow = uct_tree(s, 400, 5, horizon="round", future="sampled")
    assert roots == slow.root_children()
    assert fast.sampled_future and fast.chance_nodes and fast.chance_mismatches == 0
    assert slow.chance_mismatches == 0
    move = max(roots, key=lambda ch: ch[1])[0]
    chance, outcomes = fast.node_keys([move])
    assert chance and len(outcomes) >= 2
    assert (chance, outcomes) == slow.node_keys([move])
    below = [fast.node_keys([move, o]) for o in outcomes]
    assert below == [slow.node_keys([move, o]) for o in outcomes]
    assert any(keys for _, keys in below)
    assert not any(ch for ch, _ in below)
    assert all(0 <= a < game.num_distinct_actions for _, keys in below for a in keys)


@pytest.mark.parametrize("config", VIC)
def test_known_future_has_no_chance_nodes_and_is_the_search_as_before(config):
    """future=known (the default): one world, one future; no chance node below the move and
    the same root as the twin's plain UCT (and as UCT without the argument)."""
    game = load_game(config)
    s = trick_completing_position(game, 4)
    known = UCT(game, c=0.7, **codes("score", "round"), future="known")
    roots = known.search(s, 400, 5)
    assert roots == UCT(game, c=0.7, **codes("score", "round")).search(s, 400, 5)
    assert roots == uct_root(s, 400, 5, horizon="round")
    assert not known.sampled_future and not known.chance_nodes
    move = max(roots, key=lambda ch: ch[1])[0]
    chance, keys = known.node_keys([move])
    assert not chance and keys == sorted(keys)
    sampled = UCT(game, c=0.7, **codes("score", "round"), future="sampled").search(s, 400, 5)
    assert sampled != roots


@pytest.mark.parametrize("config", ["mattis", "mattis(players=3)"])
def test_mattis_sampled_future_matches_twin(config):
    """docs/rules/mattis.md §5.2-§5.4: stock draws are revealed to the drawer, BLIND cards and
    the trump to all; a perfect-information tree keys an outcome by what any seat saw."""
    s = _mattis_phase1(config, 6)
    game = s.game
    fast = UCT(game, c=0.7, **codes("score", "game"), future="sampled")
    roots = fast.search(s, 300, 3)
    slow = uct_tree(s, 300, 3, horizon="game", future="sampled")
    assert roots == slow.root_children()
    assert fast.chance_nodes and fast.chance_mismatches == 0 == slow.chance_mismatches
    assert roots != UCT(game, c=0.7, **codes("score", "game")).search(s, 300, 3)


@pytest.mark.parametrize("config", VIC + ["mattis"])
def test_sampled_search_never_reads_the_worlds_future(config):
    """Two worlds with the same hands and history but different hidden-from-everyone futures
    (§10.3; State.resample_chance) get the same sampled search for the same seed; searched with
    the future known they differ."""
    game = load_game(config)
    s = _mattis_phase1(config, 6) if game.name == "mattis" else trick_completing_position(game, 4)
    hz = "game" if game.name == "mattis" else "round"
    a, b = s.resample_chance(Random(1)), s.resample_chance(Random(2))
    assert a.state_hash() != b.state_hash()
    sampled = UCT(game, c=0.7, **codes("score", hz), future="sampled")
    assert sampled.search(a, 500, 9) == sampled.search(b, 500, 9)
    known = UCT(game, c=0.7, **codes("score", hz))
    assert known.search(a, 500, 9) != known.search(b, 500, 9)


def test_the_tree_stays_in_the_roots_round_when_the_future_is_sampled():
    """Dog Tag Trick (no chance inside a round, docs/rules/dog-tag-trick.md §10: later rounds'
    deals are hidden from everyone): one move from the round's end, horizon game. Known, the
    tree grows into the next round's deal; sampled, that deal is re-drawn every iteration, so
    the tree ends at the round's end and iterations roll out from there. Same as the twin."""
    game = load_game("dog-tag-trick(players=4)")
    s = game.new_initial_state(3)
    rnd = random.Random(3)
    while True:
        nxt = s.clone()
        nxt.apply_action(rnd.choice(nxt.legal_actions()))
        if nxt.round() != s.round() and len(s.legal_actions()) >= 2:
            break
        s = nxt
    assert not game.ROUND_CHANCE
    known = UCT(game, c=0.7, **codes("score", "game"))
    known.search(s, 200, 4)
    sampled = UCT(game, c=0.7, **codes("score", "game"), future="sampled")
    roots = sampled.search(s, 200, 4)
    assert roots == uct_root(s, 200, 4, future="sampled")
    assert not sampled.chance_nodes
    for a, _, _, _ in roots:
        assert known.node_keys([a])[1]          # the next round's first moves
        assert sampled.node_keys([a]) == (False, [])
    assert sampled.node_count == len(roots) + 1


@pytest.mark.parametrize("config", ["dog-tag-trick(players=4)", "mate"])
def test_games_without_chance_inside_a_round_match_twin_sampled(config):
    game = load_game(config)
    s = mid_state(game, 21, fraction=0.3)
    fast = UCT(game, c=0.7, **codes("score", "round"), future="sampled")
    assert fast.search(s, 300, 7) == uct_root(s, 300, 7, horizon="round", future="sampled")
    assert not fast.chance_nodes


def test_tiny_arena_sampled_matches_twin():
    """A full arena ends the descent where a new outcome would be stored, as in the twin."""
    game = load_game("mate-vic-village")
    s = trick_completing_position(game, 4)
    fast = UCT(game, c=0.7, **codes("score", "round"), max_nodes=30, future="sampled")
    roots = fast.search(s, 300, 2)
    assert roots == uct_root(s, 300, 2, horizon="round", max_nodes=30, future="sampled")
    assert fast.node_count <= 30


@pytest.mark.parametrize("config", VIC)
def test_pimc_sampled_matches_twin(config):
    game = load_game(config)
    s = trick_completing_position(game, 5)
    view = s.view(s.current_player())
    res = pimc_search(view, SearchLimit(iterations=300, worlds=3), 13, horizon="round",
                      future="sampled")
    assert res.params["future"] == "sampled"
    assert_pimc_matches_twin(res, view, 300, 3, 13, horizon="round", future="sampled")
    known = pimc_search(view, SearchLimit(iterations=300, worlds=3), 13, horizon="round")
    assert known.params["future"] == "known"
    assert [a.mean for a in known.actions] != [a.mean for a in res.actions]


def test_threads_give_the_one_thread_answer_with_a_sampled_future():
    game = load_game("mate-vic-village")
    s = trick_completing_position(game, 5)
    view = s.view(s.current_player())
    lim = SearchLimit(iterations=400, worlds=4)
    one = pimc_search(view, lim, 3, horizon="round", future="sampled")
    two = pimc_threads(view, lim, 3, threads=2, horizon="round", future="sampled")
    assert two.params["future"] == "sampled" and two.params["threads"] == 2
    assert [(a.action, a.mean, a.visits) for a in one.actions] == \
        [(a.action, a.mean, a.visits) for a in two.actions]


def test_bad_future_arguments_are_refused():
    game = load_game("mate-vic-village")
    s = trick_completing_position(game, 4)
    view = s.view(s.current_player())
    with pytest.raises(ValueError, match="future must be one of known, sampled"):
        UCT(game, future="clairvoyant")
    with pytest.raises(ValueError, match="future must be one of known, sampled"):
        pimc_search(view, "iterations=10", future="clairvoyant")
    with pytest.raises(ValueError, match="needs evaluator=uct"):
        pimc_search(view, "iterations=10", evaluator="solver", future="sampled")
    with pytest.raises(ValueError, match="needs evaluator=uct"):
        pimc_threads(view, "iterations=10", threads=2, evaluator="solver", future="sampled")
    # exact endgames prove a world's value: wrong where the round's future is re-drawn
    with pytest.raises(ValueError, match="endgame > 0 needs future=known"):
        UCT(game, **codes("score", "round"), endgame=4, future="sampled")
    with pytest.raises(ValueError, match="endgame > 0 needs future=known"):
        pimc_search(view, "iterations=10", horizon="round", endgame=4, future="sampled")
    # Mate reveals no chance inside a round: proofs stay sound (docs/rules/mate.md §9.2)
    mate = load_game("mate")
    assert UCT(mate, **codes("score", "round"), endgame=4, future="sampled").sampled_future


def test_the_pimc_bot_takes_the_future_parameter():
    assert bot_class("pimc").PARAMS["future"][0] == "known"
    bot = make_bot("pimc(future=sampled,iterations=60,worlds=3)")
    assert bot.future == "sampled"
    game = load_game("mate-vic-village")
    s = trick_completing_position(game, 4)
    view = s.view(s.current_player())
    bot.reset(game, view.player, 1)
    assert bot.act(view) in s.legal_actions()
    assert bot.search(view).params["future"] == "sampled"
    with pytest.raises(BotSpecError):
        make_bot("pimc(future=sometimes)")
    with pytest.raises(BotSpecError, match="needs evaluator=uct"):
        make_bot("pimc(future=sampled,evaluator=solver)")
    assert "future" not in bot_class("ismcts").PARAMS
