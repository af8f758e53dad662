"""ISMCTS chance nodes (solver/search/_ismcts.pyx, ``chance="split"``): an information set
holds the chance its owner has seen, so a tree's decisions after a reveal are split by the
outcome. The engines' ``State.chance_key_c`` says when chance is revealed (docs/rules/
mate-vic-village.md §6.1: every trick turns up an instruction; §6.5: GO! places draw reward
cards), and the Cython search agrees with its pure-Python twin with and without them."""
import random

import pytest

from bots.registry import bot_class, make_bot
from bots.spec import BotSpecError
from solver.registry import load_game
from solver.rng import Random
from solver.search._ismcts import ISMCTS, ismcts_search
from solver.search.params import objective_code
from solver.search.reference.ismcts import ismcts_root
from tests.search.helpers import mid_state, trick_completing_position

VIC = ["mate-vic-village", "mate-vic-village(players=3)"]


def codes(objective, horizon):
    obj, hor, _ = objective_code(objective, horizon)
    return {"objective": obj, "horizon": hor}


@pytest.mark.parametrize("config", VIC)
def test_vic_village_reveals_chance_at_the_last_discard_and_every_trick_end(config):
    """§5/§6.1: the last discard turns up the round's first instruction, each trick's last card
    the next one (and §6.5 the rewards drawn); nothing is revealed inside a trick. The key is
    public: the same for every seat."""
    game = load_game(config)
    n = game.num_players
    s = game.new_initial_state(7)
    rnd = random.Random(3)
    before = s.chance_key(0)
    changed_at = []
    ply = 0
    while s.round() == 1:
        s.apply_action(rnd.choice(s.legal_actions()))
        ply += 1
        key = s.chance_key(0)
        assert all(s.chance_key(p) == key for p in range(n))
        if key != before:
            changed_at.append(ply)
        before = key
    tricks = {3: 14, 4: 11}[n]
    assert changed_at == [n * (t + 1) for t in range(tricks + 1)]


@pytest.mark.parametrize("config", VIC)
def test_the_chance_key_is_part_of_the_information_set(config):
    """Every determinization of a seat's view has the chance key of the true state (it is what
    the seat has seen), and two states with different turned-up instructions differ."""
    game = load_game(config)
    s = mid_state(game, 11, fraction=0.3)
    view = s.view(s.current_player())
    rng = Random(5)
    keys = {view.determinize(rng).chance_key(view.player) for _ in range(20)}
    assert keys == {s.chance_key(view.player)}


@pytest.mark.parametrize("config", ["mate", "mate(forced_visibility=hidden)",
                                    "dog-tag-trick(players=4)", "tiny-tricks"])
def test_games_without_chance_inside_a_round_have_a_constant_key(config):
    game = load_game(config)
    assert not game.ROUND_CHANCE
    s = game.new_initial_state(2)
    rnd = random.Random(1)
    while not s.is_terminal():
        assert s.chance_key(s.current_player()) == 0
        s.apply_action(rnd.choice(s.legal_actions()))


def test_chance_key_checks_the_seat():
    s = load_game("mate-vic-village").new_initial_state(1)
    with pytest.raises(ValueError, match="player must be in 0..3"):
        s.chance_key(4)




@pytest.mark.parametrize("config", VIC)
@pytest.mark.parametrize("observers", ["single", "multi"])
def test_ismcts_with_chance_nodes_matches_twin(config, observers):
    """At a move that turns up the next instruction, split and merged search differently, and
    each agrees with its twin bit for bit."""
    game = load_game(config)
    s = trick_completing_position(game, 4)
    view = s.view(s.current_player())
    roots = {}
    for chance in ("split", "merged"):
        fast = ISMCTS(game, c=0.7, **codes("score", "round"), scale=0.0,
                      multi=observers == "multi", chance=chance == "split").search(view, 300, 5)
        slow = ismcts_root(view, 300, 5, horizon="round", observers=observers, chance=chance)
        assert fast == slow
        roots[chance] = fast
    assert roots["split"] != roots["merged"]


@pytest.mark.parametrize("config", VIC)
def test_decisions_after_a_turned_up_instruction_are_split_by_it(config):
    """The seat to act completes a trick: below its move the tree branches on the instruction
    turned up next (chance edges), and the decisions below each are moves; merged, the
    decisions follow the move directly."""
    game = load_game(config)
    s = trick_completing_position(game, 4)
    view = s.view(s.current_player())
    split = ISMCTS(game, c=0.7, **codes("score", "round"), chance=True)
    children = split.search(view, 3000, 1)
    assert split.chance_nodes
    move = max(children, key=lambda ch: ch[1])[0]
    outcomes = split.node_keys(0, [move])
    assert len(outcomes) >= 2                         # several instructions were turned up
    after = [split.node_keys(0, [move, o]) for o in outcomes]
    assert any(after)
    assert all(0 <= k < game.num_distinct_actions for keys in after for k in keys)
    merged = ISMCTS(game, c=0.7, **codes("score", "round"), chance=False)
    merged.search(view, 3000, 1)
    assert not merged.chance_nodes
    below = merged.node_keys(0, [move])
    assert below and all(0 <= k < game.num_distinct_actions for k in below)


def test_split_and_merged_search_differently_and_report_it():
    game = load_game("mate-vic-village")
    s = mid_state(game, 31, fraction=0.35)
    view = s.view(s.current_player())
    a = ismcts_search(view, "iterations=2000", seed=3, horizon="round", chance="split")
    b = ismcts_search(view, "iterations=2000", seed=3, horizon="round", chance="merged")
    assert a.params["chance"] == "split" and b.params["chance"] == "merged"
    assert [x.visits for x in a.actions] != [x.visits for x in b.actions]
    with pytest.raises(ValueError, match="chance must be one of split, merged"):
        ismcts_search(view, "iterations=10", chance="fused")


def test_no_chance_nodes_where_no_chance_is_revealed():
    """Dog Tag Trick: the same search bit for bit either way (no chance inside a round)."""
    game = load_game("dog-tag-trick(players=4)")
    s = mid_state(game, 9, fraction=0.3)
    view = s.view(s.current_player())
    t = ISMCTS(game, c=0.7, **codes("score", "round"), chance=True)
    assert not t.chance_nodes
    assert t.search(view, 500, 2) == ISMCTS(game, c=0.7, **codes("score", "round"),
                                            chance=False).search(view, 500, 2)


def test_the_bot_takes_the_chance_parameter():
    assert bot_class("ismcts").PARAMS["chance"][0] == "split"
    assert make_bot("ismcts(chance=merged,iterations=50)").chance == "merged"
    with pytest.raises(BotSpecError):
        make_bot("ismcts(chance=sometimes)")


MATTIS_PHASE1, MATTIS_BLIND = 1, 364     # solver/games/mattis/rules.py
MATTIS = ["mattis", "mattis(players=3)", "mattis(players=5,draw_timing=immediate)"]


@pytest.mark.parametrize("config", MATTIS)
def test_mattis_reveals_a_seats_draws_to_it_and_blind_plays_to_all(config):
    """docs/rules/mattis.md §5.2/§5.3/§5.4: a seat's key changes when it draws from the stock
    (its own cards), when a BLIND play turns up the top stock card and when the trump is
    shown (everyone's); it never changes on a card played from a hand, nor in phase 2."""
    game = load_game(config)
    n = game.num_players
    s = game.new_initial_state(5)
    rnd = random.Random(2)
    while not s.is_terminal():
        ref = s.to_reference()
        before = [s.chance_key(p) for p in range(n)]
        stock = len(ref.stock)
        hands = list(ref.hands)
        a = rnd.choice(s.legal_actions())
        s.apply_action(a)
        after = s.to_reference()
        for p in range(n):
            drew = bool(after.hands[p] & ~hands[p]) and len(after.stock) < stock
            changed = s.chance_key(p) != before[p]
            if ref.phase == MATTIS_PHASE1:
                shown = after.trump_card != ref.trump_card
                assert changed == (drew or a == MATTIS_BLIND or shown), (p, a)
            else:
                assert not changed


def test_a_view_holds_no_other_seats_draws():
    """Fair play: what the other seats drew is not in a seat's view. The key mixes a seat's
    draws with the public reveals only, so in the view every other seat has the key of a seat
    that drew nothing (all equal), where in the true state they differ."""
    game = load_game("mattis")
    s = game.new_initial_state(3)
    rnd = random.Random(3)
    for _ in range(30):
        s.apply_action(rnd.choice(s.legal_actions()))
    assert len({s.chance_key(q) for q in range(4)}) == 4
    for w in (s.view(0).determinize(Random(k)) for k in range(3)):
        assert w.chance_key(0) == s.chance_key(0)
        assert len({w.chance_key(q) for q in range(1, 4)}) == 1


@pytest.mark.parametrize("observers", ["single", "multi"])
def test_mattis_ismcts_with_chance_nodes_matches_twin(observers):
    """Split, the Mattis trees agree with their twin bit for bit, and differ from merged (SO:
    merged, MO-ISMCTS's trees mix up whose turn a node is, since a BLIND card decides who wins
    the trick and leads next: the twin's UCB then meets a move never available there)."""
    game = load_game("mattis(players=3)")
    s = mid_state(game, 8, fraction=0.1)
    view = s.view(s.current_player())
    fast = ISMCTS(game, c=0.7, **codes("score", "game"), scale=0.0,
                  multi=observers == "multi", chance=True).search(view, 300, 5)
    assert fast == ismcts_root(view, 300, 5, horizon="game", observers=observers)
    merged = ISMCTS(game, c=0.7, **codes("score", "game"), scale=0.0, chance=False)
    assert merged.search(view, 300, 5) != ISMCTS(
        game, c=0.7, **codes("score", "game"), scale=0.0, chance=True).search(view, 300, 5)
