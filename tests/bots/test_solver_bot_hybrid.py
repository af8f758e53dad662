"""The solver bot's hybrid decision with 3+ players (issue 15): exact max^n where the rest of
the round fits, the pimc bot's search elsewhere.

- The switch: the exact path exactly when the actions left in the round, counted in the world
  sampled from the decision's seed, are at most the threshold (``exact_actions``, -1 = the
  game's measured default, 0 = never).
- The exact path's values are max^n's (exact, to the end of the round) in the sampled worlds.
- Elsewhere the path is the game's strongest sampling bot's search (pimc or ismcts) for the
  same seed and budget.
The guaranteed non-loss (Mattis, docs/rules/mattis.md A-19) is tested in
tests/search/test_solver_ties_and_budget.py; fair play (no view reaches the true state) for
every registered bot, the solver bot included, in tests/test_bot_contract.py.
"""
import pytest

from bots.heuristic import choose
from bots.registry import make_bot
from bots.solver_bot import EXACT_ACTIONS, MAX_EXACT_ACTIONS, SolverBot, exact_actions_left
from solver.registry import load_game
from solver.rng import Random, derive_seed
from solver.search import MaxN, SearchLimit, recommend
from solver.search.recommend import STRONGEST_SEARCH
from tournaments.evaluate import budget_parameter


def _decisions(config: str, games: int, seed: int = 1):
    """(state, view) at every decision with at least two legal actions of seeded heuristic
    self-play in ``config``."""
    game = load_game(config)
    out = []
    for g in range(seed, seed + games):
        s = game.new_initial_state(g)
        rng = Random(g)
        while not s.is_terminal():
            view = s.view(s.current_player())
            if len(s.legal_actions()) > 1:
                out.append((s.clone(), view))
            s.apply_action(choose(view, Random(rng.next_u64())))
    return out


def test_actions_left_counts_the_cards_in_hand_in_vic_village():
    """Mate (Vic Village), docs/rules/mate-vic-village.md §6.3: after the discards (§5) every
    play of a trick is one card, so the round has as many actions left as cards in hands."""
    checked = 0
    for s, _view in _decisions("mate-vic-village", 2):
        j = s.to_json()
        if j["phase"] != "play":
            continue
        cards = sum(len(h) for h in j["hands"])
        assert exact_actions_left(s, 64) == cards
        # counted only up to one past the cap: enough to compare with a threshold
        assert exact_actions_left(s, 5) == min(cards, 6)
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("config", ["dog-tag-trick", "mate-vic-village"])
def test_the_switch_takes_the_exact_path_exactly_when_the_rule_says(config):
    """For every decision of a few self-play games, a bot's path is "exact" iff the actions left
    in the world it samples from its decision seed are at most its threshold; both paths occur."""
    game = load_game(config)
    spec = "solver(iterations=40,worlds=4)"
    sampling = STRONGEST_SEARCH[game.name]           # ismcts in Dog Tag Trick, pimc in Vic
    threshold = EXACT_ACTIONS[(game.name, game.num_players)]
    paths = set()
    for i, (s, view) in enumerate(_decisions(config, 1, seed=3)):
        twin = make_bot(spec, seed=i)             # draws the same decision seed as the bot
        twin.reset(game, s.current_player(), i)
        seed = twin.next_seed()
        probe = view.determinize(derive_seed(seed, "exact-probe"))
        expected = "exact" if exact_actions_left(probe, threshold) <= threshold else sampling
        bot = make_bot(spec, seed=i)
        bot.reset(game, s.current_player(), i)
        bot.act(view)
        assert bot.path_counts == {bot.last_path: 1}
        if bot.last_path == "wide":
            continue
        assert bot.last_path == expected, f"decision {i}: {bot.last_path} != {expected}"
        paths.add(expected)
    assert paths == {"exact", sampling}


def test_exact_actions_option_sets_the_threshold():
    """``exact_actions``: -1 the game's measured default, 0 never, k itself, its maximum always;
    Mattis has no default (its pick-ups leave the round's length unbounded,
    docs/rules/mattis.md)."""
    dtt, mattis = load_game("dog-tag-trick"), load_game("mattis")
    assert make_bot("solver").exact_threshold(dtt) == EXACT_ACTIONS[("dog-tag-trick", 4)]
    assert make_bot("solver").exact_threshold(mattis) == 0
    assert make_bot("solver(exact_actions=3)").exact_threshold(mattis) == 3
    opening = mattis.new_initial_state(1)
    view = opening.view(opening.current_player())
    assert make_bot(f"solver(exact_actions={MAX_EXACT_ACTIONS})").takes_exact_path(view, 1)
    assert not make_bot("solver(exact_actions=40)").takes_exact_path(view, 1)
    never = make_bot("solver(exact_actions=0,iterations=40,worlds=4)")
    for i, (s, view) in enumerate(_decisions("dog-tag-trick", 1)):
        never.reset(dtt, s.current_player(), i)
        assert not never.takes_exact_path(view, i)
        never.act(view)
        assert never.last_path in ("ismcts", "single")


def test_exact_path_values_are_max_n_values():
    """On the exact path, with one world the bot's values are max^n's exact values of the world
    sampled from its seed (docs/rules/dog-tag-trick.md §8: the points to the round's end); with
    several worlds they are the means of the exactly solved worlds."""
    game = load_game("dog-tag-trick")
    checked = 0
    for i, (s, view) in enumerate(_decisions("dog-tag-trick", 2)):
        bot = make_bot("solver(worlds=1)", seed=i)
        bot.reset(game, s.current_player(), i)
        seed = derive_seed(i, "test")
        if not bot.takes_exact_path(view, seed):
            continue
        got = bot.exact_search(view, seed)
        solved = MaxN(game, False, 16, "fitted", 2, 0).solve(view.determinize(seed), 10**7)
        assert solved["exact"]
        assert got.values() == pytest.approx(solved["actions"])
        many = make_bot("solver(worlds=6)", seed=i)
        many.reset(game, s.current_player(), i)
        exact = recommend(view, "pimc", SearchLimit(iterations=1, worlds=6), seed, check=False,
                          evaluator="solver", node_budget=10**7)
        assert many.exact_search(view, seed).values() == pytest.approx(exact.values())
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("config, algorithm", [("dog-tag-trick", "ismcts"),
                                               ("mate-vic-village(players=3)", "pimc"),
                                               ("mattis", "ismcts")])
def test_sampling_path_is_the_game_strongest_bots_search(config, algorithm):
    """Away from the round's end the solver bot searches as the game's strongest sampling bot
    does (pimc in Vic Village, ismcts in Mattis and Dog Tag Trick): the same values and choice
    for the same bot seed, iterations and worlds."""
    game = load_game(config)
    checked = 0
    for i, (s, view) in enumerate(_decisions(config, 1)[:30:3]):
        if len(s.legal_actions()) >= SolverBot.PARAMS["wide"][0]:
            continue
        solver = make_bot("solver(iterations=300,worlds=6)", seed=i)
        other = make_bot(f"{algorithm}(iterations=300"
                         f"{',worlds=6' if algorithm == 'pimc' else ''})", seed=i)
        solver.reset(game, s.current_player(), i)
        other.reset(game, s.current_player(), i)
        path, values = solver.multiplayer_values(view)
        if path == "exact":
            continue
        assert path == algorithm
        expected = other.search(view)
        assert values == {a: v for a, v in expected.values().items() if v is not None}
        twin = make_bot("solver(iterations=300,worlds=6)", seed=i)
        twin.reset(game, s.current_player(), i)
        ties = [a for a, v in values.items() if v >= max(values.values()) - 1e-9]
        if len(ties) == 1 or expected.chosen not in ties:
            assert twin.act(view) == expected.chosen
        checked += 1
    assert checked >= 5


def test_search_option_picks_the_sampling_search():
    """``search``: auto is the game's strongest (ismcts in Mattis and Dog Tag Trick, pimc in
    Vic Village), or the one named."""
    mattis, dtt = load_game("mattis"), load_game("dog-tag-trick")
    vic = load_game("mate-vic-village")
    assert make_bot("solver").sampling_algorithm(mattis) == "ismcts"
    assert make_bot("solver").sampling_algorithm(dtt) == "ismcts"
    assert make_bot("solver").sampling_algorithm(vic) == "pimc"
    assert make_bot("solver(search=pimc)").sampling_algorithm(mattis) == "pimc"
    assert make_bot("solver(search=pimc)").sampling_algorithm(dtt) == "pimc"
    assert make_bot("solver(search=ismcts)").sampling_algorithm(vic) == "ismcts"


def test_evaluation_calibrates_the_iterations_with_three_or_more_players():
    """The budget that bounds the bot's CPU: the PIMC path's iterations (3+ players); worlds
    for two players with hidden cards (alpha-beta in each); none with perfect information."""
    assert budget_parameter("solver", load_game("dog-tag-trick")) == "iterations"
    assert budget_parameter("solver", load_game("mattis")) == "iterations"
    assert budget_parameter("solver(exact_actions=64)", load_game("mattis")) == "worlds"
    assert budget_parameter("solver", load_game("mate")) is None
    assert budget_parameter("solver", load_game("mate(forced_visibility=hidden)")) == "worlds"
