"""Mattis invariants on the reference engine over seeded random games at every player count
(the engine-vs-reference comparison itself is the generic harness in tests/test_differential.py):
every card is in exactly one place after every move, and the engine's action cap (§10, the
``phase2_action_cap`` option) ends games as a ``move_cap`` termination while random play without
the cap ends normally with a loser."""
import random

import pytest

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
GAMES_PER_COUNT = 100

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


def play_reference(g, seed):
    """One seeded random game on the reference engine, checking conservation after every move;
    returns (moves, end state)."""
    r = g.new_reference_state(seed)
    rnd = random.Random(seed)
    moves = 0
    while True:
        assert conserved(r), (g.spec(), seed, moves)
        if r.is_terminal():
            break
        r.apply_action(rnd.choice(r.legal_actions()))
        moves += 1
    return moves, r


@pytest.mark.parametrize("n", range(3, 9))
def test_cards_conserved_and_games_end(n):
    terminations = set()
    full = 0
    for seed in range(GAMES_PER_COUNT):
        g = config(n, seed)
        _moves, r = play_reference(g, seed)
        terminations.add(r.termination)
        if g.options["phase2_action_cap"] == 10000:
            full += 1
            assert r.termination == "normal" and r.loser >= 0   # random play ends well before
    assert full == GAMES_PER_COUNT // 10
    assert terminations == {"normal", "move_cap"}
