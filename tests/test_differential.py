"""Every Cython engine against its pure-Python reference (``rules.py``), for every registered game
(docs/architecture.md §7): the same deal from the same seed, then after every move the same seat
to act, the same sorted legal actions, the same scores and the same *whole state*
(``to_reference()`` compared field for field, hidden cards, stock order and deal queues
included); at the end the same returns, ranks and termination. One harness, parameterised over
the registry, so a new game is covered by registering it.

Two ways in:
- seeded random games over random option assignments (every declared option with a finite set
  of values is drawn per game, so every option meets every player count), a quick sample in the
  default tier and a thousand games per game in the slow tier;
- a hypothesis state machine per game over action sequences, so a disagreement shrinks to a
  short line of play from a small seed.
"""
from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from solver.errors import InvalidOptionError
from solver.game import Game
from solver.outcome import ranks_from_values
from solver.registry import available_games, example_configs, game_class, load_game

SLUGS = available_games()


def player_counts(slug: str) -> list[int]:
    """The player counts the game's declared example configs cover."""
    return sorted({load_game(cfg).num_players for cfg in example_configs(slug)})


def random_game(slug: str, rnd: random.Random) -> Game:
    """The game with a random player count and a random value of every option that declares
    its values (the rest at their defaults); combinations a game refuses (a first leader beyond
    the table) are drawn again."""
    counts = player_counts(slug)
    for _ in range(100):
        given: dict[str, Any] = {}
        for name, option in game_class(slug).OPTIONS.items():
            if option.choices is not None:
                given[name] = rnd.choice(option.choices)
        if len(counts) > 1:
            given["players"] = rnd.choice(counts)
        try:
            return load_game(slug, **given)
        except InvalidOptionError:
            continue
    raise AssertionError(f"no valid option draw for {slug} in 100 tries")


def assert_same_position(eng: Any, ref: Any, where: tuple) -> None:
    """The engine's position equals the reference's, whole state and every query."""
    assert eng.to_reference() == ref, where
    assert eng.current_player() == ref.current_player(), where
    assert eng.legal_actions() == ref.legal_actions(), where
    assert eng.is_terminal() == ref.is_terminal(), where
    assert eng.scores() == pytest.approx(ref.scores()), where


def assert_same_end(eng: Any, ref: Any, where: tuple) -> None:
    """Returns, ranks and termination agree at the end of a game."""
    assert eng.is_terminal() and ref.is_terminal(), where
    assert eng.returns() == pytest.approx(ref.returns()), where
    ref_ranks = ref.ranks() if callable(getattr(ref, "ranks", None)) else None
    want = ref_ranks if ref_ranks is not None else ranks_from_values(ref.returns())
    assert list(eng.outcome().ranks) == list(want), where
    assert eng.termination() == (getattr(ref, "termination", None) or "normal"), where


def play_twins(game: Game, seed: int, choice_seed: int, max_moves: int | None = None) -> int:
    """One seeded random game on both engines, compared after every move; with ``max_moves``
    the comparison stops there (long games keep the quick tier quick). Returns the moves."""
    eng = game.new_initial_state(seed)
    ref = game.new_reference_state(seed)
    rnd = random.Random(choice_seed)
    where: tuple = (game.spec(), seed, 0)
    assert eng.to_json() == game.notation.state_to_json(ref), where
    moves = 0
    while True:
        where = (game.spec(), seed, moves)
        assert_same_position(eng, ref, where)
        if ref.is_terminal() or (max_moves is not None and moves >= max_moves):
            break
        action = rnd.choice(ref.legal_actions())
        eng.apply_action(action)
        ref.apply_action(action)
        moves += 1
    if ref.is_terminal():
        assert_same_end(eng, ref, where)
        assert eng.to_json() == game.notation.state_to_json(ref), where
    return moves


def run_many(slug: str, games: int, max_moves: int, full_every: int) -> None:
    """``games`` random games of ``slug``; every ``full_every``-th is played to its end, the
    others compared for their first ``max_moves`` moves."""
    rnd = random.Random(hash(slug) & 0xFFFF)
    ended = 0
    for i in range(games):
        game = random_game(slug, rnd)
        full = i % full_every == 0
        moves = play_twins(game, rnd.getrandbits(48), rnd.getrandbits(32),
                           None if full else max_moves)
        ended += full
        assert moves > 0
    assert ended == (games + full_every - 1) // full_every


@pytest.mark.parametrize("slug", SLUGS)
def test_engine_matches_reference(slug: str) -> None:
    """A quick sample: 30 games per game, a third to their end."""
    run_many(slug, games=30, max_moves=60, full_every=3)


@pytest.mark.slow
@pytest.mark.parametrize("slug", SLUGS)
def test_engine_matches_reference_1000_games(slug: str) -> None:
    """1,000 games per game over random options and player counts, one in ten to its end."""
    run_many(slug, games=1000, max_moves=150, full_every=10)


@pytest.mark.parametrize("slug", SLUGS)
def test_views_match_between_engines(slug: str) -> None:
    """The view JSON the engine writes for each seat equals the reference's at every move."""
    game = load_game(example_configs(slug)[0])
    eng, ref = game.new_initial_state(9), game.new_reference_state(9)
    rnd = random.Random(3)
    for _ in range(80):
        for seat in range(game.num_players):
            assert eng.view(seat).to_json() == game.notation.view_to_json(ref, seat)
        if eng.is_terminal():
            break
        action = rnd.choice(eng.legal_actions())
        eng.apply_action(action)
        ref.apply_action(action)


def twin_machine(slug: str) -> type[RuleBasedStateMachine]:
    """A state machine that deals one game of ``slug`` on both engines and plays legal actions
    picked by hypothesis, comparing the whole position after each: a failure shrinks to a short
    line of play."""

    class EngineTwins(RuleBasedStateMachine):
        @initialize(config=st.sampled_from(example_configs(slug)), seed=st.integers(0, 2**20))
        def deal(self, config: str, seed: int) -> None:
            self.game = load_game(config)
            self.eng = self.game.new_initial_state(seed)
            self.ref = self.game.new_reference_state(seed)
            self.line: list[str] = [f"{config} seed={seed}"]

        @precondition(lambda self: not self.ref.is_terminal())
        @rule(pick=st.integers(0, 2**16))
        def play(self, pick: int) -> None:
            legal = self.ref.legal_actions()
            action = legal[pick % len(legal)]
            self.line.append(self.eng.action_to_str(action))
            self.eng.apply_action(action)
            self.ref.apply_action(action)

        @precondition(lambda self: self.ref.is_terminal())
        @rule(seed=st.integers(0, 2**20))
        def deal_again(self, seed: int) -> None:
            """A short game is over before the machine's steps are: deal the next one."""
            self.eng = self.game.new_initial_state(seed)
            self.ref = self.game.new_reference_state(seed)
            self.line.append(f"new deal seed={seed}")

        @invariant()
        def engines_agree(self) -> None:
            where = tuple(self.line)
            assert_same_position(self.eng, self.ref, where)
            if self.ref.is_terminal():
                assert_same_end(self.eng, self.ref, where)

    EngineTwins.__name__ = f"EngineTwins[{slug}]"
    return EngineTwins


@pytest.mark.parametrize("slug", SLUGS)
def test_engine_twins_state_machine(slug: str) -> None:
    machine = twin_machine(slug)
    machine.TestCase.settings = settings(max_examples=25, stateful_step_count=40, deadline=None)
    machine.TestCase().runTest()
