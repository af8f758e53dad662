"""Root-parallel search (solver/search/parallel.py, docs/architecture.md §5): ``threads=N``.

* PIMC splits the same sampled worlds over the threads and returns exactly the one-thread
  answer for a seed and an iteration limit (the UCT evaluator in every game, with the game's
  rollout policy, whose Vic Village instance keeps a plan cache: each thread has its own);
  alpha-beta in every world (Mate with the forced card hidden, docs/rules/mate.md §9.2)
  gives the same values, and so does max^n in the multiplayer games, with its fitted frontier
  or with playouts (its core runs without the GIL; each world is solved as by a new solver at
  the world's own seed, on one thread too).
* ISMCTS pools N trees at the root: thread i searches iterations // N (+1 for the first
  iterations % N) iterations seeded by derive_seed(seed, i); the answer is reproducible for
  (seed, iterations, N).
No timings here: speed is measured by ``trickhound bench`` (tournaments/bench/search.py).
"""
import json

import pytest
from click.testing import CliRunner

from bots.registry import make_bot
from solver.registry import load_game
from solver.rng import derive_seed
from solver.search import AlphaBeta, SearchLimit, SearchParamError, ismcts, pimc, recommend
from solver.search._ismcts import ISMCTS
from solver.search.parallel import (
    alphabeta_root_values,
    check_threads,
    map_threads,
    split_iterations,
)
from solver.search.params import objective_code
from solver.search.result import mean_interval
from tests.search.helpers import mid_state, multiplayer_configs, one_config_per_game
from tournaments.cli import main

MATE_HIDDEN = "mate(forced_visibility=hidden)"


def _view(config, seed=11, fraction=0.3):
    game = load_game(config)
    s = mid_state(game, seed, fraction=fraction)
    return s.view(s.current_player())


def _without_threads(result):
    """The JSON of a result minus the thread count it records in its params."""
    out = result.to_json()
    out["params"].pop("threads", None)
    return out


def test_new_policy_is_a_fresh_instance_of_the_games_policy_class():
    for config in one_config_per_game():
        game = load_game(config)
        fresh = game.new_policy()
        assert type(fresh) is type(game.policy)
        assert fresh is not game.policy
        assert fresh is not game.new_policy()
        assert fresh.game == game


def test_split_iterations_gives_the_remainder_to_the_first_threads():
    assert split_iterations(10, 3) == [4, 3, 3]
    assert split_iterations(2, 4) == [1, 1, 0, 0]
    assert sum(split_iterations(1001, 7)) == 1001


@pytest.mark.parametrize("bad", [0, -1, 257, 1.5, True, "2"])
def test_threads_out_of_range_is_refused(bad):
    with pytest.raises(ValueError):
        check_threads(bad)
    with pytest.raises(SearchParamError):
        recommend(_view("mattis"), "ismcts", "iterations=10", 1, check=False, threads=bad)


@pytest.mark.parametrize("config", one_config_per_game())
@pytest.mark.parametrize("threads", [2, 3])
def test_pimc_threads_return_the_one_thread_answer(config, threads):
    view = _view(config)
    limit = SearchLimit(iterations=1500, worlds=7)      # 7 worlds: not a multiple of 2 or 3
    for rollout in ("policy", "random"):
        one = pimc(view, limit=limit, seed=5, horizon="round", rollout=rollout)
        many = pimc(view, limit=limit, seed=5, horizon="round", rollout=rollout,
                    threads=threads)
        assert many.params["threads"] == threads
        assert _without_threads(many) == _without_threads(one)
        assert many.worlds == 7 and many.iterations == one.iterations


def test_pimc_threads_with_weighted_worlds_return_the_one_thread_answer():
    view = _view("mate-vic-village(players=4)")
    kw = dict(limit=SearchLimit(iterations=800, worlds=5), seed=3, horizon="round",
              rollout="policy", inference="policy", particles=16)
    assert _without_threads(pimc(view, threads=2, **kw)) == _without_threads(pimc(view, **kw))


def test_pimc_solver_threads_value_every_world_alike():
    """Alpha-beta in each world (docs/rules/mate.md §9.2: the forced card is hidden, so there
    are worlds to split): exact values, the same with the worlds on two threads."""
    view = _view(MATE_HIDDEN, seed=4, fraction=0.5)
    limit = SearchLimit(iterations=1, worlds=6)
    one = pimc(view, limit=limit, seed=2, evaluator="solver")
    two = pimc(view, limit=limit, seed=2, evaluator="solver", threads=2)
    assert two.chosen == one.chosen
    assert [a.to_json() for a in two.actions] == [a.to_json() for a in one.actions]
    assert two.worlds == one.worlds == 6


@pytest.mark.parametrize("config", multiplayer_configs()[:2])
def test_pimc_maxn_threads_value_every_world_alike(config):
    """max^n in each world with its default frontier (the game's estimate, no playouts): the
    worlds split over 2 or 3 threads (the core runs without the GIL) are valued as on one
    thread, so the answer is the one-thread answer (only the node count differs, each thread
    having its own table)."""
    view = _view(config, fraction=0.6)
    limit = SearchLimit(iterations=1, worlds=5)         # 5 worlds: not a multiple of 2 or 3
    kw = dict(limit=limit, seed=8, evaluator="solver", node_budget=3000)
    one = pimc(view, **kw)
    for threads in (2, 3):
        many = pimc(view, threads=threads, **kw)
        assert many.params["threads"] == threads and many.worlds == one.worlds == 5
        assert many.chosen == one.chosen
        assert [a.to_json() for a in many.actions] == [a.to_json() for a in one.actions]


def test_pimc_maxn_threads_share_a_time_limit():
    """With a time limit and a node budget that cannot bind, each thread's max^n deepens within
    its share of the time left (as one thread's worlds do): the search ends with an answer
    from depth-limited passes (docs/rules/dog-tag-trick.md §4.1 opening; no timing asserted)."""
    game = load_game("dog-tag-trick")
    s = game.new_initial_state(2)
    view = s.view(s.current_player())
    res = pimc(view, limit=SearchLimit(iterations=1, worlds=4, time_s=0.2), evaluator="solver",
               node_budget=10 ** 12, threads=2)
    assert 1 <= res.worlds <= 4 and not res.exact and res.params["threads"] == 2
    assert res.chosen in s.legal_actions()


@pytest.mark.parametrize("config", multiplayer_configs()[:2])
def test_pimc_maxn_threads_with_frontier_playouts_give_the_one_thread_answer(config):
    """With playouts at the frontier each world's solver draws from the world's own stream
    (MaxN.forget to derive_seed(seed, "solver-world", w)) on any number of threads, so the
    answer is the one-thread answer, and reproducible."""
    view = _view(config, fraction=0.6)
    kw = dict(limit=SearchLimit(iterations=1, worlds=4), seed=8, evaluator="solver",
              node_budget=300, evaluation="policy", rollouts=1)
    one = pimc(view, **kw)
    a, b = pimc(view, threads=2, **kw), pimc(view, threads=2, **kw)
    assert a.to_json() == b.to_json()
    assert a.worlds == 4 and a.params["threads"] == 2
    assert _without_threads(a) == _without_threads(one)


def test_pimc_maxn_one_thread_solves_each_world_afresh_late_in_mattis():
    """Tester 22's position (Mattis 3 players, docs/rules/mattis.md phase 1, 44 moves in): on
    one thread max^n kept its table from world to world, so nodes of a world were answered
    by deeper passes of the worlds before (worlds there share their late positions) and the
    one-thread answer (8D) was not the threads' (2H). Each world is now solved as by a new
    solver on one thread too."""
    game = load_game("mattis(players=3)")
    moves = ("6H,9D,TH,2D,BLIND,BLIND,BLIND,BLIND,5D,JC,BLIND,AC,BLIND,BLIND,AD,BLIND,7H,5S,5H,"
             "QS,7C,TC,QC,7D,BLIND,TS,BLIND,4C,3H,BLIND,BLIND,JD,KS,KD,BLIND,2S,BLIND,AH,5C,"
             "BLIND,3D,4D,AS,KC")
    from solver.search.recommend import replay
    state = replay(game, 1, moves)
    view = state.view(state.current_player())
    answers = [recommend(view, "solver", seed=1, check=False, threads=t) for t in (1, 2, 3)]
    assert len({json.dumps(_without_threads(r)["actions"]) for r in answers}) == 1
    assert len({r.chosen for r in answers}) == 1


def test_pimc_maxn_repeated_worlds_give_the_one_thread_answer():
    """Worlds resampled by the opponent model repeat (8 worlds from 16 weighted candidates); a
    repeated world is solved again as by a new solver, so one thread and two agree
    (docs/rules/dog-tag-trick.md, 5 players, mid-round)."""
    view = _view("dog-tag-trick(players=5)", seed=2, fraction=0.3)
    kw = dict(limit=SearchLimit(iterations=1, worlds=8), seed=2, evaluator="solver",
              node_budget=20000, inference="policy", particles=16)
    one, two = pimc(view, **kw), pimc(view, threads=2, **kw)
    assert _without_threads(two)["actions"] == _without_threads(one)["actions"]


@pytest.mark.parametrize("config", one_config_per_game())
def test_ismcts_threads_pool_the_trees_of_their_seeds(config):
    """The merged root is the sum of N trees, thread i with derive_seed(seed, i) and its share
    of the iterations; the same search again gives the same answer."""
    view = _view(config)
    game = view.game
    threads, iterations, seed = 3, 1000, 21
    res = ismcts(view, limit=SearchLimit(iterations=iterations), seed=seed, threads=threads,
                 horizon="round", rollout="policy")
    obj, hor, _ = objective_code("score", "round")
    pooled = {}
    for i, n in enumerate(split_iterations(iterations, threads)):
        tree = ISMCTS(game, 0.7, obj, hor, 0.0, False, 1 << 21, game.new_policy())
        for a, visits, tot, sq, _avail, _greedy in tree.search(view, n, derive_seed(seed, i)):
            p = pooled.setdefault(a, [0, 0.0, 0.0])
            p[0] += visits
            p[1] += tot
            p[2] += sq
    assert res.iterations == iterations
    assert res.params["threads"] == threads
    for stats in res.actions:
        n, tot, sq = pooled.get(stats.action, [0, 0.0, 0.0])
        assert stats.visits == n
        mean, lo, hi = mean_interval(tot, sq, n)
        assert (stats.mean, stats.ci_low, stats.ci_high) == (mean, lo, hi)
    again = ismcts(view, limit=SearchLimit(iterations=iterations), seed=seed, threads=threads,
                   horizon="round", rollout="policy")
    assert again.to_json() == res.to_json()


def test_ismcts_fewer_iterations_than_threads_runs_one_tree_per_iteration():
    view = _view("dog-tag-trick")
    res = ismcts(view, limit=SearchLimit(iterations=2), seed=1, threads=4)
    assert res.iterations == 2
    assert res.params["threads"] == 2


def test_one_thread_is_the_plain_search():
    view = _view("mattis")
    limit = SearchLimit(iterations=500)
    assert ismcts(view, limit=limit, seed=3, threads=1) == ismcts(view, limit=limit, seed=3)
    assert "threads" not in ismcts(view, limit=limit, seed=3, threads=1).params


def test_a_time_limit_stops_every_thread():
    view = _view("mattis")
    res = ismcts(view, limit=SearchLimit(time_s=0.05), seed=3, threads=2)
    assert res.iterations > 0
    res = pimc(view, limit=SearchLimit(time_s=0.05, worlds=4), seed=3, threads=2)
    assert res.worlds == 4 and res.iterations > 0


def test_map_threads_keeps_item_order():
    workers = [lambda x, k=k: (x * x, k) for k in range(3)]
    out = map_threads(list(range(50)), workers)
    assert [sq for sq, _ in out] == [x * x for x in range(50)]
    assert map_threads([], workers) == []


def test_map_threads_reraises_a_workers_error():
    def boom(x):
        raise RuntimeError(f"item {x}")
    with pytest.raises(RuntimeError, match="item"):
        map_threads([1, 2, 3], [boom, boom])


@pytest.mark.parametrize("name, params", [
    ("ismcts", "iterations=600,exact=false"),
    ("pimc", "iterations=600,worlds=4,exact=false"),
])
def test_search_bots_with_threads_replay_their_moves(name, params):
    view = _view("mate-vic-village(players=4)")
    moves = []
    for _ in range(2):
        bot = make_bot(f"{name}({params},threads=2)", seed=9)
        bot.reset(view.game, view.player, 9)
        moves.append(bot.act(view))
    assert moves[0] == moves[1]
    assert moves[0] in view.legal_actions()


def test_pimc_bot_threads_play_the_one_thread_move():
    view = _view("dog-tag-trick")
    chosen = []
    for threads in (1, 2):
        bot = make_bot(f"pimc(iterations=800,worlds=5,exact=false,threads={threads})", seed=4)
        bot.reset(view.game, view.player, 4)
        chosen.append(bot.act(view))
    assert chosen[0] == chosen[1]


def test_solver_bot_threads_value_the_worlds_alike():
    """The solver bot in Mate with the forced card hidden (docs/rules/mate.md §9.2): alpha-beta
    in every sampled world, worlds split over two threads, the same mean values."""
    view = _view(MATE_HIDDEN, seed=6, fraction=0.4)
    values = []
    for threads in (1, 2):
        bot = make_bot(f"solver(worlds=6,threads={threads})", seed=5)
        bot.reset(view.game, view.player, 5)
        values.append(bot.action_values(view))
    assert values[0] == values[1]


@pytest.mark.parametrize("config", ["mate", "mate(first_dealer=1,utility=match_result)"])
def test_alphabeta_root_values_split_over_threads_are_the_solvers(config):
    """One perfect-information position (docs/rules/mate.md §9.2: face-up forcing): the root's
    moves valued on two threads, each with its own alpha-beta, give solve()'s values."""
    game = load_game(config)
    for seed in range(1, 9):
        for fraction in (0.05, 0.3, 0.6):
            s = mid_state(game, seed, fraction=fraction)
            expected = AlphaBeta(game, 16).solve(s, False)["actions"]
            got = alphabeta_root_values(s, [AlphaBeta(game, 16), AlphaBeta(game, 16)])
            assert got == expected


def test_solver_bot_threads_split_the_root_of_a_perfect_information_decision():
    view = _view("mate", seed=8, fraction=0.2)
    values = []
    for threads in (1, 2):
        bot = make_bot(f"solver(threads={threads})", seed=5)
        bot.reset(view.game, view.player, 5)
        values.append(bot.action_values(view))
    assert values[0] == values[1]


def test_exact_hand_over_with_threads_plays_the_principal_variations_move():
    game = load_game("mate")
    for seed in range(1, 6):
        view = _view("mate", seed=seed, fraction=0.3)
        moves = []
        for threads in (1, 2):
            bot = make_bot(f"ismcts(iterations=50,threads={threads})", seed=1)
            bot.reset(game, view.player, 1)
            assert bot.exact_applies(view)
            moves.append(bot.act(view))
        assert moves[0] == moves[1]


def test_recommend_threads_on_the_command_line():
    args = ["recommend", "--game", "dog-tag-trick", "--seed", "3", "--seat", "1",
            "--moves", "", "--algo", "pimc", "--iterations", "2000", "--worlds", "6", "--json"]
    state = load_game("dog-tag-trick").new_initial_state(3)
    args[args.index("--seat") + 1] = str(state.current_player())
    one = json.loads(CliRunner().invoke(main, args + ["--threads", "1"]).output)
    two = json.loads(CliRunner().invoke(main, args + ["--threads", "2"]).output)
    assert two["params"]["threads"] == 2
    # the PIMC answer itself is the one-thread answer (its independent ISMCTS check, when
    # one runs, pools two trees and so may word its verdict differently)
    for key in ("chosen", "actions", "iterations", "worlds", "nodes", "value"):
        assert two[key] == one[key]


@pytest.mark.parametrize("bad, message", [("0", "must be between 1 and 256, got 0"),
                                          ("1000", "must be between 1 and 256, got 1000")])
def test_recommend_bad_threads_is_one_line_and_exit_2(bad, message):
    result = CliRunner().invoke(main, ["recommend", "--game", "mattis", "--seed", "3",
                                       "--seat", "3", "--threads", bad])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("trickhound: error:") and message in lines[0]


def test_ismcts_threads_search_the_inference_pool() -> None:
    """threads=N with inference=policy weighs the worlds once and every tree searches that pool:
    reproducible for a seed, and the effective sample size is reported as with one thread."""
    view = _view("dog-tag-trick(players=4)", seed=5, fraction=0.6)
    limit = SearchLimit(iterations=400)
    one = ismcts(view, limit=limit, seed=3, inference="policy", particles=16)
    a = ismcts(view, limit=limit, seed=3, inference="policy", particles=16, threads=2)
    b = ismcts(view, limit=limit, seed=3, inference="policy", particles=16, threads=2)
    assert a.params["ess"] == one.params["ess"] and a.params["ess"] is not None
    assert a.to_json()["actions"] == b.to_json()["actions"]
    assert sum(s.visits for s in a.actions) == 400


def test_pimc_threads_with_exact_endgames_give_the_one_thread_answer() -> None:
    """With endgame > 0 proven worlds answer with their exact values and keep an even share of
    the iterations, so splitting the worlds over threads still gives the threads=1 answer."""
    view = _view("mate(forced_visibility=hidden)", seed=4, fraction=0.5)
    kw = dict(limit=SearchLimit(iterations=1200, worlds=8), seed=9, horizon="round",
              endgame=22)
    one = pimc(view, **kw)
    two = pimc(view, threads=2, **kw)
    assert _without_threads(two) == _without_threads(one)
    assert one.iterations < 1200        # proven worlds stopped before their share was spent
