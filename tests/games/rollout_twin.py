"""The twin check of a game's own random rollout (State.random_playout_c, the searches' random
playout) against the generic loop it must reproduce: from the same position and the same
stream, ``acts[randbelow(len(acts))]`` over the sorted legal actions until the end of the game
or of the given round. A game's tight loop (the k-th set bit of a legal mask, several plies
inlined, no action array) must play the very same moves, leave the very same state and consume
the very same random numbers."""
import random

from solver.game import State
from solver.registry import load_game
from solver.rng import Random


def rollout_matches_generic(s: State, seed: int, stop_round: int) -> None:
    """Assert that the game's rollout from ``s`` equals the generic loop: same final state
    (JSON, hash, scores, returns once over) and the same position in the random stream."""
    fast, slow = s.clone(), s.clone()
    rng_fast, rng_slow = Random(seed), Random(seed)
    fast.random_playout(rng_fast, stop_round)
    while not slow.is_terminal() and (stop_round < 0 or slow.round() == stop_round):
        acts = slow.legal_actions()
        slow.apply_action(acts[rng_slow.randbelow(len(acts))])
    assert fast.to_json() == slow.to_json(), (s.to_json(), seed, stop_round)
    assert fast.state_hash() == slow.state_hash()
    assert fast.scores() == slow.scores()
    assert fast.is_terminal() == slow.is_terminal()
    if fast.is_terminal():
        assert fast.returns() == slow.returns()
    assert rng_fast.next_u64() == rng_slow.next_u64(), "the rollouts drew different numbers"


def check_config(config: str, seed: int, games: int, every: int, max_plies: int = 400) -> int:
    """Run rollout_matches_generic (to the end, and to the end of the current round) from
    every ``every``-th position of ``games`` seeded random games of ``config`` (at most
    ``max_plies`` plies into each game); returns how many positions were checked."""
    game = load_game(config)
    rnd = random.Random(seed)
    checked = 0
    for g in range(games):
        s = game.new_initial_state(seed * 1000 + g)
        for ply in range(max_plies):
            if ply % every == 0:
                for stop_round in (-1, s.round()):
                    rollout_matches_generic(s, seed + 7 * ply + g, stop_round)
                checked += 1
            if s.is_terminal():
                break
            s.apply_action(rnd.choice(s.legal_actions()))
    return checked
