"""Uniformly random playouts: a Cython loop over the abstract ``State`` (legal_actions_c /
apply_action_c until the end), no Python objects inside, and the same games through
``State.random_playout_c``, the loop the searches' random rollouts run (a game may specialise
it on its own data; it plays the same moves). ``trickhound bench`` times both."""
from libc.stdint cimport uint64_t
from solver.game cimport Game, State, View, MAX_LEGAL, MAX_PLAYERS
from solver.rng cimport Rng, rng_seed, rng_below

import time


cdef int random_playout(State s, Rng* rng) noexcept nogil:
    """Play ``s`` to the end with uniformly random legal actions; return the number of moves."""
    cdef int acts[MAX_LEGAL]
    cdef int n, moves = 0
    while not s.is_terminal_c():
        n = s.legal_actions_c(acts)
        s.apply_action_c(acts[rng_below(rng, <unsigned int>n)])
        moves += 1
    return moves


def run_playouts(Game game, long long games, uint64_t seed=1, bint own_loop=False):
    """Play ``games`` random games from fresh deals (deal i uses seed + i; dealing is timed
    too, as in the C reference), through the generic State loop or (``own_loop``) the game's
    State.random_playout_c: the same games either way. Returns (games, moves, seconds,
    checksum of returns); moves is None for the own loop, which does not count them."""
    cdef Rng rng
    cdef State s
    cdef long long i, moves = 0
    cdef double ret[MAX_PLAYERS]
    cdef double checksum = 0
    rng_seed(&rng, seed)
    t0 = time.perf_counter()
    for i in range(games):
        s = game.new_initial_state(seed + i)
        if own_loop:
            s.random_playout_c(&rng, -1)
        else:
            moves += random_playout(s, &rng)
        s.returns_c(ret)
        checksum += ret[0]
    return games, (None if own_loop else moves), time.perf_counter() - t0, checksum


def run_playouts_from(State start, long long games, uint64_t seed=1):
    """Random games from one position (no dealing): the rollout loop alone."""
    cdef Rng rng
    cdef State s = start.clone()
    cdef long long i, moves = 0
    rng_seed(&rng, seed)
    t0 = time.perf_counter()
    with nogil:
        for i in range(games):
            s.copy_from(start)
            moves += random_playout(s, &rng)
    return games, moves, time.perf_counter() - t0


def run_determinizations(View view, long long count, uint64_t seed=1):
    """Sample ``count`` worlds from a view (copy + determinize_c). Returns seconds."""
    cdef Rng rng
    cdef State world = view.world
    cdef State s = world.clone()
    cdef int player = view.player
    cdef long long i
    rng_seed(&rng, seed)
    t0 = time.perf_counter()
    with nogil:
        for i in range(count):
            s.copy_from(world)
            s.determinize_c(player, &rng)
    return time.perf_counter() - t0


def run_lengths(Game game, long long games, uint64_t seed=1):
    """Random games from fresh deals (deal i uses seed + i): the length in actions of each game
    and how each ended (``state.termination()``), e.g. to see how often a move cap is hit."""
    cdef Rng rng
    cdef State s
    cdef long long i
    lengths = []
    endings = {}
    rng_seed(&rng, seed)
    for i in range(games):
        s = game.new_initial_state(seed + i)
        lengths.append(random_playout(s, &rng))
        t = s.termination()
        endings[t] = endings.get(t, 0) + 1
    return lengths, endings
