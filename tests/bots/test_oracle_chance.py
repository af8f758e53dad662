"""The oracle's ``chance`` option (bots/search_bots.py OracleBot): ``sampled`` searches PIMC
over the true hands with the chance hidden from every seat re-drawn, so it must never read
that chance (docs/rules/mate-vic-village.md §10.3: the unrevealed instruction order, the
reward-pile order), while ``known`` (the default) searches the true state."""
import random

import pytest

from bots.registry import make_bot
from bots.spec import BotSpecError
from solver.game import State
from solver.registry import load_game
from solver.rng import Random
from solver.search import SearchResult, search_state

BUDGET = "iterations=400"


def _vic_positions(players: int, seeds: range, every: int = 4) -> list[State]:
    """Positions of the trick phase with at least two unrevealed instructions (so that their
    order is open) and a choice of move, along random games."""
    g = load_game(f"mate-vic-village(players={players})")
    rnd = random.Random(17)
    out = []
    for seed in seeds:
        s = g.new_initial_state(seed)
        k = 0
        while not s.is_terminal():
            ref = s.to_reference()
            if (k % every == 0 and ref.phase == 1 and len(ref.unrevealed()) >= 2
                    and len(s.legal_actions()) > 1):
                out.append(s.clone())
            s.apply_action(rnd.choice(s.legal_actions()))
            k += 1
    return out


def _values(result: SearchResult) -> list[tuple[int, float]]:
    return [(a.action, a.mean) for a in result.actions]


@pytest.mark.parametrize("players", [3, 4])
def test_sampled_oracle_never_reads_the_instruction_order(players):
    """§10.3: two states that differ only in what no seat knows (the unrevealed instruction
    order, the reward pile's order, the future stream) get the same search, value for value,
    and the same decision for the same seed. The known oracle, searching the same pairs,
    tells most of them apart (so the pairs differ where it matters)."""
    positions = _vic_positions(players, range(2))
    assert len(positions) > 8
    told_apart = 0
    for i, s in enumerate(positions):
        twin = s.resample_chance(Random(40 + i))
        one, two = (make_bot(f"oracle(chance=sampled,{BUDGET})", seed=i) for _ in range(2))
        assert _values(one.search_sampled(s, "uct")) == _values(two.search_sampled(twin, "uct"))
        one, two = (make_bot(f"oracle(chance=sampled,{BUDGET})", seed=i) for _ in range(2))
        assert one.act(s) == two.act(twin)
        known = make_bot(f"oracle({BUDGET})", seed=i)
        kw = {"rollout": known.rollout, "horizon": known.search_horizon(s.game)}
        told_apart += (_values(search_state(s, "uct", BUDGET, i, **kw))
                       != _values(search_state(twin, "uct", BUDGET, i, **kw)))
    assert told_apart > len(positions) // 2


def test_known_worlds_control_reads_the_future():
    """chance=known_worlds (the control) is the same PIMC over copies of the true state: it
    does read the instruction order (§10.3), so it tells most twin states apart, and with
    every world a copy its params say chance=known."""
    positions = _vic_positions(4, range(1))
    told_apart = 0
    for i, s in enumerate(positions):
        twin = s.resample_chance(Random(60 + i))
        one, two = (make_bot(f"oracle(chance=known_worlds,{BUDGET})", seed=i) for _ in range(2))
        r1, r2 = one.search_sampled(s, "uct"), two.search_sampled(twin, "uct")
        assert r1.params["chance"] == "known" and r1.worlds == 20
        told_apart += _values(r1) != _values(r2)
    assert told_apart > len(positions) // 2


def test_sampled_oracle_keeps_the_true_hands():
    """The sampled worlds hold the true hands (it is still a cheater): its search differs
    from the same search on a state whose other hands were re-dealt (§10.5 determinization
    for the mover), which a fair player's worlds would be."""
    differ = 0
    positions = _vic_positions(4, range(1))
    for i, s in enumerate(positions):
        p = s.current_player()
        fair = s.determinize_for(p, Random(i))
        assert fair.to_reference().hands[p] == s.to_reference().hands[p]
        one, two = (make_bot(f"oracle(chance=sampled,{BUDGET})", seed=i) for _ in range(2))
        differ += _values(one.search_sampled(s, "uct")) != _values(two.search_sampled(fair, "uct"))
    assert differ > len(positions) // 2


def test_sampled_oracle_is_a_pimc_search_reproducible_for_its_seed():
    """The sampled oracle's search is PIMC with the pimc bot's worlds/iterations split: worlds
    default 20, iterations split over them, the result flagged chance=sampled; the same seed
    gives the same result."""
    s = _vic_positions(3, range(1))[0]
    bot = make_bot(f"oracle(chance=sampled,{BUDGET})", seed=5)
    assert bot.cheats and bot.worlds == 20 and bot.chance == "sampled"
    r1 = make_bot(f"oracle(chance=sampled,{BUDGET})", seed=5).search_sampled(s, "uct")
    r2 = make_bot(f"oracle(chance=sampled,{BUDGET})", seed=5).search_sampled(s, "uct")
    assert r1.algorithm == "pimc" and r1.worlds == 20 and r1.iterations == 400
    assert r1.params["chance"] == "sampled"
    # each world searched as the pimc bot searches it: its c and widening for the game
    assert r1.params["widen"] == 0.3 and r1.params["c"] == 0.7
    assert _values(r1) == _values(r2)
    r3 = make_bot(f"oracle(chance=sampled,worlds=4,{BUDGET})", seed=5).search_sampled(s, "uct")
    assert r3.worlds == 4 and r3.iterations == 400


@pytest.mark.parametrize("game", ["mate", "dog-tag-trick(players=5)", "mattis(players=4)",
                                  "mate-vic-village(players=4)"])
def test_sampled_oracle_plays_legal_moves_in_every_game(game):
    """chance=sampled plays every game (the exact solver per world where the oracle's algo is
    the solver: Mate, two players) and returns a legal action."""
    g = load_game(game)
    s = g.new_initial_state(2)
    rnd = random.Random(3)
    bot = make_bot(f"oracle(chance=sampled,{BUDGET},worlds=4)", seed=1)
    for _ in range(6):
        if s.is_terminal():
            break
        a = bot.act(s)
        assert a in s.legal_actions()
        s.apply_action(a if rnd.random() < 0.5 else rnd.choice(s.legal_actions()))


@pytest.mark.parametrize("spec", ["oracle(chance=future)", "oracle(chance=sampled,worlds=0)",
                                  "oracle(chance=known_worlds,worlds=100000)"])
def test_bad_chance_options_are_refused(spec):
    with pytest.raises(BotSpecError):
        make_bot(spec)


def test_default_is_the_known_chance():
    bot = make_bot("oracle")
    assert bot.chance == "known" and "chance" in bot.PARAMS and "worlds" in bot.PARAMS


def test_dog_tag_trick_round_search_does_not_depend_on_later_deals():
    """docs/rules/dog-tag-trick.md §10: within a round only the deal is chance, so the sampled
    worlds (later rounds re-dealt) and the control's copies give the same search, value for
    value, at the round horizon: the oracle's margin there is all knowing the hands."""
    g = load_game("dog-tag-trick(players=4)")
    rnd = random.Random(1)
    s = g.new_initial_state(2)
    checked = 0
    while not s.is_terminal() and checked < 8:
        if len(s.legal_actions()) > 1:
            one, two = (make_bot(f"oracle(chance={c},{BUDGET})", seed=checked)
                        for c in ("sampled", "known_worlds"))
            r1, r2 = one.search_sampled(s, "uct"), two.search_sampled(s, "uct")
            assert r1.params["chance"] == "sampled" and r2.params["chance"] == "known"
            assert _values(r1) == _values(r2)
            checked += 1
        s.apply_action(rnd.choice(s.legal_actions()))
    assert checked == 8
