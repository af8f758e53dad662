"""The solver bot's table model (issue 15; bots/solver_bot.py, ``follow``): in Mattis's phase 2
every card is public (docs/rules/mattis.md §6, §11), so the position before an opponent's move
is known and the bot can tell whether the move was one of the rules of thumb's choices. Where
every opponent's moves seen there were (at least ``follow`` of them), it searches as pimc, whose
rollouts play the rules of thumb for everyone; else as ISMCTS. Measured at both tables in
results/strength/mattis-table."""
from typing import Any

from bots.registry import make_bot
from bots.solver_bot import FOLLOW, SolverBot, public_position
from solver.registry import load_game
from solver.rng import Random
from tournaments.referee import play_game


def _phase2_view(config: str = "mattis(players=4)", deal: int = 3) -> Any:
    """The view of the player to act at the first decision of phase 2 with two or more legal
    actions, in a game played by the heuristic."""
    game = load_game(config)
    heuristic = make_bot("heuristic")
    s = game.new_initial_state(deal)
    rng = Random(deal)
    while not s.is_terminal():
        if public_position(s.view(0)) and len(s.legal_actions()) > 1:
            return s.view(s.current_player())
        heuristic.reset(game, s.current_player(), rng.next_u64())
        s.apply_action(heuristic.act(s.view(s.current_player())))
    raise AssertionError("no phase-2 decision")


def _played(table: str, bot: str = "solver(iterations=60)", players: int = 4,
            deal: int = 101) -> SolverBot:
    """The solver bot at seat 0 after one seeded game with ``table`` at the other seats."""
    game = load_game(f"mattis(players={players})")
    me = make_bot(bot)
    assert isinstance(me, SolverBot)
    play_game(game, [me] + [make_bot(table) for _ in range(players - 1)], deal_seed=deal,
              bot_seeds=list(range(players)))
    return me


def test_public_position_is_mattis_phase_2_only():
    """§11: phase 1 hides the other hands and the stock; phase 2 hides nothing. Games without
    the hook (Dog Tag Trick) are never public to the model."""
    game = load_game("mattis(players=4)")
    s = game.new_initial_state(3)
    assert not public_position(s.view(0))
    view = _phase2_view()
    assert public_position(view)
    assert view.determinize(1).state_hash() == view.determinize(2).state_hash()
    dtt = load_game("dog-tag-trick").new_initial_state(1)
    assert not public_position(dtt.view(0))


def test_heuristic_table_is_recognised_and_searched_as_pimc():
    """Against heuristic players every phase-2 move the bot saw is a rules-of-thumb choice, and
    once each opponent has moved there its phase-2 decisions take the pimc path."""
    me = _played("heuristic")
    assert set(me._followed) == {1, 2, 3}
    assert all(seen > 0 and followed == seen for followed, seen in me._followed.values())
    assert me.path_counts.get("pimc", 0) > 0 and me.path_counts.get("ismcts", 0) > 0


def test_searching_table_keeps_ismcts():
    """Against ISMCTS players fewer than 90% of the moves are rules-of-thumb choices: the bot
    never leaves its ISMCTS search."""
    me = _played("ismcts(iterations=60)")
    assert any(followed < FOLLOW["mattis"] * seen for followed, seen in me._followed.values())
    assert "pimc" not in me.path_counts and me.path_counts.get("ismcts", 0) > 0


def test_follow_zero_and_a_named_search_turn_the_model_off():
    """``follow=0`` (and any ``search`` other than auto) is the bot without the model: nothing
    is counted and no decision takes the pimc path in Mattis."""
    off = _played("heuristic", "solver(iterations=60,follow=0)")
    assert off._followed == {} and "pimc" not in off.path_counts
    named = _played("heuristic", "solver(iterations=60,search=ismcts)")
    assert named._followed == {} and "pimc" not in named.path_counts


def test_the_threshold_needs_every_opponent():
    """``table_follows_policy``: every opponent seen at least once, each at the threshold; the
    default is the game's (FOLLOW), off where the game has none."""
    view = _phase2_view()
    bot = make_bot("solver")
    assert isinstance(bot, SolverBot)
    bot.reset(view.game, view.player, 0)
    others = [s for s in range(4) if s != view.player]
    assert bot.follow_threshold(view.game) == FOLLOW["mattis"]
    assert bot.follow_threshold(load_game("dog-tag-trick")) == 0.0
    assert not bot.table_follows_policy(view)                     # nothing seen yet
    bot._followed = {s: [10, 10] for s in others[:2]}
    assert not bot.table_follows_policy(view)                     # one opponent unseen
    bot._followed[others[2]] = [9, 10]
    assert bot.table_follows_policy(view)                         # 90% each
    bot._followed[others[2]] = [8, 10]
    assert not bot.table_follows_policy(view)
    assert bot.sampling_algorithm(view.game, view) == "ismcts"
    bot._followed[others[2]] = [10, 10]
    assert bot.sampling_algorithm(view.game, view) == "pimc"
    assert bot.sampling_algorithm(view.game) == "ismcts"          # without a view: the game's


def test_games_replay_exactly_with_the_model():
    """The model reads only the game's public moves: the same seeds give the same game."""
    game = load_game("mattis(players=4)")
    records = []
    for _ in range(2):
        bots = [make_bot("solver(iterations=60)")] + [make_bot("heuristic") for _ in range(3)]
        records.append(play_game(game, bots, deal_seed=7, bot_seeds=[1, 2, 3, 4]))
    assert records[0].actions == records[1].actions
