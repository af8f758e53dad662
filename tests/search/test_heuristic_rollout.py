"""Heuristic rollouts (``rollout="heuristic"``, solver/game.pyx ``HeuristicRollout``).

A game's own rollout policy (``rollout="policy"``) may read the whole determinized world; in
Dog Tag Trick and Vic Village each seat sees the hands still to play. The heuristic rollout
plays each seat's heuristic choice (the best of its ``scores_c``, ties at random), which reads
only that seat's hand and public facts, with a uniformly random move now and then. So its
rollouts play as fair players would, and no seat of a rollout reads another's hidden cards."""
import pytest

from bots.registry import make_bot
from bots.spec import BotSpecError
from solver.game import HeuristicRollout
from solver.registry import load_game
from solver.search import ismcts, pimc, uct
from solver.search.parallel import pimc_threads
from tests.conftest import random_states


def test_it_plays_legal_actions_and_games_end(game):
    rollout = HeuristicRollout(game.new_policy())
    for s in random_states(game, 31, games=1, every=3):
        if s.is_terminal():
            continue
        for k in range(3):
            assert rollout.rollout_action(s, k) in s.legal_actions()
    s = game.new_initial_state(32)
    k = 0
    while not s.is_terminal():
        s.apply_action(rollout.rollout_action(s, k))
        k += 1
        assert k <= game.max_game_length


# The games whose heuristic reads only the mover's view (Mate's looks at the other hand, which
# its default rules show, docs/rules/mate.md §9.1).
VIEW_ONLY = ["dog-tag-trick(players=3)", "dog-tag-trick(players=5)", "mate-vic-village(players=4)",
             "mattis(players=4)"]


@pytest.mark.parametrize("config", VIEW_ONLY)
def test_no_seat_reads_another_seats_hidden_cards(config):
    """Two worlds of the mover's view (they differ only in cards the mover cannot see) get the
    same rollout move from the same random draws: the heuristic reads its own hand and public
    facts only. (Dog Tag Trick's own rollout policy fails this: it reads the later hands.)"""
    game = load_game(config)
    rollout = HeuristicRollout(game.new_policy())
    for s in random_states(game, 33, games=1, every=2):
        if s.is_terminal():
            continue
        view = s.view(s.current_player())
        for k in range(4):
            one, two = view.determinize(2 * k), view.determinize(2 * k + 1)
            assert rollout.rollout_action(one, k) == rollout.rollout_action(two, k)


def test_dog_tag_tricks_own_rollout_reads_the_world():
    """The contrast that motivates the heuristic rollout: Dog Tag Trick's policy rollout plays
    differently in two worlds of one view for some position and seed."""
    g = load_game("dog-tag-trick(players=4)")
    differs = False
    for s in random_states(g, 34, games=2, every=1):
        if s.is_terminal():
            continue
        view = s.view(s.current_player())
        if any(g.policy.rollout_action(view.determinize(2 * k), k)
               != g.policy.rollout_action(view.determinize(2 * k + 1), k) for k in range(4)):
            differs = True
            break
    assert differs


def test_it_plays_the_heuristics_best_move_but_now_and_then_a_random_one():
    """The best-scoring move (ties at random) except for a share of uniformly random moves
    (0.15): over 400 draws at positions with a unique best move among several, the best move is
    played between 80% and 95% of the time, and something else at least once."""
    g = load_game("dog-tag-trick(players=4)")
    rollout = HeuristicRollout(g.new_policy())
    checked = 0
    for s in random_states(g, 35, games=2, every=2):
        if s.is_terminal() or len(s.legal_actions()) < 8:
            continue
        best = g.policy.best_actions(s)
        if len(best) != 1:
            continue
        hits = sum(rollout.rollout_action(s, k) == best[0] for k in range(400))
        assert 0.80 * 400 <= hits <= 0.95 * 400, hits
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_it_wraps_a_policy():
    with pytest.raises(TypeError):
        HeuristicRollout(None)
    with pytest.raises(TypeError):
        HeuristicRollout(5)


def test_a_search_shares_the_games_policy_and_threads_get_their_own():
    """One search wraps ``game.policy`` (a fresh instance reloads the fitted weights: ~0.4 ms a
    search); each thread of a parallel search wraps an instance of its own (policies keep
    caches their nogil methods write)."""
    from solver.search.parallel import _policy_for
    from solver.search.params import check_rollout
    g = load_game("dog-tag-trick(players=5)")
    one = check_rollout("heuristic", g)
    assert isinstance(one, HeuristicRollout) and one.inner is g.policy
    per_thread = _policy_for(g, one)
    assert isinstance(per_thread, HeuristicRollout) and per_thread.inner is not g.policy
    assert type(per_thread.inner) is type(g.policy)


def test_scores_and_estimates_are_the_wrapped_policys():
    g = load_game("dog-tag-trick(players=3)")
    rollout = HeuristicRollout(g.new_policy())
    assert rollout.game is g and type(rollout.inner) is type(g.policy)
    for s in random_states(g, 36, games=1, every=5):
        if s.is_terminal():
            continue
        assert rollout.scores(s) == g.policy.scores(s)
        assert rollout.evaluate(s) == g.policy.evaluate(s)


@pytest.mark.parametrize("config", ["dog-tag-trick(players=4)", "mate-vic-village(players=3)"])
def test_the_searches_take_it(config):
    """ISMCTS, PIMC and UCT search with it (and differ from the policy rollout's answer
    somewhere), and PIMC on two threads gives its one-thread answer."""
    g = load_game(config)
    s = g.new_initial_state(7)
    view = s.view(s.current_player())
    kw = dict(seed=3, horizon="round")
    a = ismcts(view, limit="iterations=300", rollout="heuristic", **kw)
    b = pimc(view, limit="iterations=300,worlds=6", rollout="heuristic", **kw)
    c = uct(s, limit="iterations=300", rollout="heuristic", **kw)
    for res in (a, b, c):
        assert res.chosen in s.legal_actions() and res.iterations == 300
    assert a.params["rollout"] == b.params["rollout"] == "heuristic"
    policy = ismcts(view, limit="iterations=300", rollout="policy", **kw)
    assert policy.values() != a.values()
    two = pimc_threads(view, "iterations=300,worlds=6", 3, threads=2, horizon="round",
                       rollout="heuristic")
    one = pimc(view, limit="iterations=300,worlds=6", seed=3, horizon="round",
               rollout="heuristic")
    assert two.values() == one.values()


def test_bots_take_it_and_refuse_unknown_rollouts():
    for name in ("ismcts", "pimc"):
        bot = make_bot(f"{name}(rollout=heuristic,iterations=50)", seed=1)
        g = load_game("dog-tag-trick(players=3)")
        s = g.new_initial_state(2)
        bot.reset(g, s.current_player(), 5)
        assert bot.act(s.view(s.current_player())) in s.legal_actions()
    with pytest.raises(BotSpecError, match="heuristic"):
        make_bot("ismcts(rollout=fair)")
    with pytest.raises(ValueError, match="heuristic"):
        s = load_game("mate").new_initial_state(1)
        ismcts(s.view(s.current_player()), limit="iterations=10", rollout="fair")


def test_the_measured_default_is_heuristic_only_in_five_player_dog_tag_trick():
    """rollout=auto (the ismcts and pimc bots' default): heuristic rollouts where they were
    measured stronger at equal CPU (ISMCTS and PIMC, Dog Tag Trick, 5 players), else the game's
    policy; an explicit rollout is kept. The bots, the solver bot's ISMCTS path and recommend's
    defaults all resolve it alike."""
    from bots.solver_bot import SolverBot
    from solver.search.params import rollout_policy
    from solver.search.recommend import play_defaults
    five, four = load_game("dog-tag-trick(players=5)"), load_game("dog-tag-trick(players=4)")
    assert rollout_policy(five, "auto", "ismcts") == "heuristic"
    assert rollout_policy(five, "auto", "pimc") == "heuristic"    # pimc-rollout-5p
    assert rollout_policy(four, "auto", "pimc") == "policy"
    assert rollout_policy(four, "auto", "ismcts") == "policy"
    assert rollout_policy(load_game("mate-vic-village"), "auto", "ismcts") == "policy"
    assert rollout_policy(five, "random", "ismcts") == "random"
    assert play_defaults(five, "ismcts")["rollout"] == "heuristic"
    assert play_defaults(four, "ismcts")["rollout"] == "policy"
    assert play_defaults(five, "pimc")["rollout"] == "heuristic"
    s = five.new_initial_state(4)
    view = s.view(s.current_player())
    for spec, want in (("ismcts(iterations=30)", "heuristic"),
                       ("pimc(iterations=30)", "heuristic"),
                       ("ismcts(iterations=30,rollout=policy)", "policy"),
                       ("pimc(iterations=30,rollout=policy)", "policy")):
        bot = make_bot(spec, seed=1)
        bot.reset(five, view.player, 2)
        assert bot.search(view).params["rollout"] == want, spec
    solver = make_bot("solver(iterations=30)", seed=1)
    assert isinstance(solver, SolverBot)
    solver.reset(five, view.player, 2)
    assert solver.ismcts_search(view, 3).params["rollout"] == "heuristic"
