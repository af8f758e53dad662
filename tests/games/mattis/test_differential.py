"""The Cython engine against the reference engine (rules.py), move by move, over 1 000 seeded
random games per player count 3-8 (DESIGN §7).

After every move the engine's position, converted with ``to_reference()``, must equal the
reference state field for field (this covers the hidden parts too: stock order, the phase-1
round and contenders), both must offer the same legal actions to the same player, and every
card must be in exactly one place; the state JSON is compared when a phase ends. Options are drawn per game (a quarter of the games
use the defaults), so every option meets every player count.

Keeping it fast: a random phase 2 takes hundreds of actions (about 900 on average at eight
players), so in nine games out of ten the engine's own action cap (§10, an engine option) is
drawn between 15 and 120 phase-2 actions; those games still play all of phase 1, the transition
and the start of phase 2, and end through the cap. Every tenth game runs with the default cap
of 10 000, i.e. to its natural end (100 complete games per player count).
"""
import random

import pytest

from solver.games.mattis import notation as N
from solver.games.mattis import rules as R
from solver.registry import load_game

CHOICES = {
    "sequences": (False, True),
    "sequence_min_length": (2, 3),
    "draw_timing": ("after_trick", "immediate"),
    "tie_exhaustion": ("end_phase", "survivor_wins"),
    "trump_card": ("playable", "reserved"),
    "trick_count": ("played", "present"),
    "pickup": ("bottom", "lowest_face_value"),
    "cap_result": ("draw", "most_cards"),
}
GAMES_PER_COUNT = 1000

_games = {}


def config(n, seed):
    rnd = random.Random(seed * 1009 + n)
    opts = {"players": n}
    if seed % 4:
        for k, vals in CHOICES.items():
            opts[k] = rnd.choice(vals)
    if seed % 10:
        opts["phase2_action_cap"] = rnd.randrange(15, 121)
    key = tuple(sorted(opts.items()))
    if key not in _games:
        _games[key] = load_game("mattis", **opts)
    return _games[key]


def conserved(r):
    """Every card is in exactly one place (hands, won piles, stock, table, reserved trump card,
    phase-2 lays, set-aside pile), and phase-1 hands never exceed 3 cards."""
    places = list(r.hands) + list(r.won) + [R.bit(c) for c in r.stock]
    places += [R.bit(c) for (_p, c, _r, _b) in r.trick] + [R.lay_cards(x) for x in r.lays]
    places.append(r.aside)
    if r.reserved_by >= 0:
        places.append(R.bit(r.trump_card))
    union = 0
    for m in places:
        if union & m:
            return False
        union |= m
    return union == R.ALL_CARDS and (r.phase != R.PHASE1 or max(map(R.count, r.hands)) <= 3)


def play_both(g, seed):
    """One seeded random game on both engines; returns (moves, reference end state)."""
    s = g.new_initial_state(seed)
    r = g.new_reference_state(seed)
    rnd = random.Random(seed)
    moves = 0
    while True:
        assert s.to_reference() == r, (g.spec(), seed, moves)
        assert conserved(r), (g.spec(), seed, moves)
        legal = r.legal_actions()
        assert s.legal_actions() == legal, (g.spec(), seed, moves)
        assert s.current_player() == r.current_player()
        if r.is_terminal():
            break
        phase = r.phase
        a = rnd.choice(legal)
        s.apply_action(a)
        r.apply_action(a)
        moves += 1
        if r.phase != phase:
            assert s.to_json() == N.state_to_json(r), (g.spec(), seed, moves)
    assert s.is_terminal() and s.returns() == pytest.approx(r.returns())
    assert s.termination() == (r.termination or "normal")
    assert list(s.ranks()) == list(s.outcome().ranks)
    return moves, r


@pytest.mark.parametrize("n", range(3, 9))
def test_engine_matches_reference_move_by_move(n):
    terminations = set()
    full = 0
    for seed in range(GAMES_PER_COUNT):
        g = config(n, seed)
        _moves, r = play_both(g, seed)
        terminations.add(r.termination)
        if g.options["phase2_action_cap"] == 10000:
            full += 1
            assert r.termination == "normal" and r.loser >= 0   # random play ends well before
    assert full == GAMES_PER_COUNT // 10
    assert terminations == {"normal", "move_cap"}


def test_reference_deal_is_the_engine_deal():
    """Both engines deal the same cards from the same seed (rules.new_initial_state makes the
    Cython engine's random draws)."""
    for n in range(3, 9):
        g = load_game(f"mattis(players={n})")
        for seed in (0, 1, 2, 99, 2**40 + 3):
            assert g.new_initial_state(seed).to_reference() == R.new_initial_state(g.options, seed)
