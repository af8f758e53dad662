"""The contract every registered game keeps (docs/architecture.md §7), run over each game's
EXAMPLE_CONFIGS.

Games join by registering in solver/registry.py; nothing here names a game.
"""
import collections
import json
import pickle
import random

import pytest

from solver.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    InvalidStateError,
)
from solver.game import Policy
from solver.inference import sample_worlds
from solver.registry import BenchConfig, available_games, game_class, load_game
from solver.search import AlphaBeta, alphabeta
from tests.conftest import random_states


def test_every_registered_game_loads():
    for slug in available_games():
        g = load_game(slug)
        assert g.name == slug
        assert load_game(g.spec()) == g


def test_clone_equal_and_independent(game):
    for s in random_states(game, 1, games=2, every=3):
        c = s.clone()
        assert c == s and c.to_json() == s.to_json() and c.state_hash() == s.state_hash()
        if not s.is_terminal():
            c.apply_action(c.legal_actions()[0])
            assert s.to_json() != c.to_json() or s.is_terminal()


def test_state_json_round_trip(game):
    for s in random_states(game, 2, games=2, every=2):
        obj = json.loads(json.dumps(s.to_json()))
        back = game.state_from_json(obj)
        assert back.to_json() == s.to_json()
        assert back.legal_actions() == s.legal_actions()
        assert back.current_player() == s.current_player()
        assert back.state_hash() == s.state_hash()


def test_view_json_round_trip(game):
    for s in random_states(game, 3, games=1, every=2):
        for p in range(game.num_players):
            v = s.view(p)
            obj = json.loads(json.dumps(v.to_json()))
            assert game.view_from_json(obj).to_json() == v.to_json()


def test_legal_actions_sorted_and_parse_round_trip(game):
    for s in random_states(game, 4, games=2):
        acts = s.legal_actions()
        if s.is_terminal():
            assert acts == [] and s.current_player() == -1
            continue
        assert acts == sorted(set(acts)) and acts
        assert all(0 <= a < game.num_distinct_actions for a in acts)
        for a in acts:
            assert s.parse_action(s.action_to_str(a)) == a


def test_returns_only_at_terminal(game):
    for s in random_states(game, 5, games=3, every=5):
        if s.is_terminal():
            out = s.outcome()
            assert out is not None and len(out.returns) == game.num_players
            assert len(out.ranks) == game.num_players and min(out.ranks) == 0
        else:
            assert s.returns() == [0.0] * game.num_players
            assert s.outcome() is None


def test_no_action_at_terminal_state(game):
    s = list(random_states(game, 6, games=1))[-1]
    assert s.is_terminal()
    with pytest.raises(IllegalActionError):
        s.apply_action(0)


def test_illegal_action_leaves_state_unchanged(game):
    for s in random_states(game, 7, games=1, every=4):
        if s.is_terminal():
            continue
        legal = set(s.legal_actions())
        illegal = [a for a in range(game.num_distinct_actions) if a not in legal][:5]
        before = s.to_json()
        for a in illegal:
            with pytest.raises(IllegalActionError):
                s.apply_action(a)
            assert s.to_json() == before


def test_garbage_is_rejected_with_our_errors(game):
    s = game.new_initial_state(0)
    with pytest.raises(InvalidActionError):
        s.parse_action("NOT-A-MOVE")
    with pytest.raises(InvalidStateError):
        game.state_from_json("{not json")
    with pytest.raises(InvalidStateError):
        game.state_from_json({"hands": "nonsense"})


def test_pickle_round_trip(game):
    line = list(random_states(game, 8, games=1))
    s = line[len(line) // 2]
    assert pickle.loads(pickle.dumps(s)) == s
    v = s.view(0)
    assert pickle.loads(pickle.dumps(v)) == v
    assert pickle.loads(pickle.dumps(game)) == game


def test_seeded_deals_are_reproducible(game):
    assert game.new_initial_state(11) == game.new_initial_state(11)
    assert game.new_initial_state(11).to_json() != game.new_initial_state(12).to_json()


# -- determinization (hidden-information games) -------------------------------------------------

def _check_views(game, seed, samples):
    for s in random_states(game, seed, games=2, every=3):
        if s.is_terminal():
            continue
        for p in range(game.num_players):
            view = s.view(p)
            want = view.to_json()
            assert s.view(p).to_json() == want
            for k in range(samples):
                w = view.determinize(k)
                # Every sampled world reproduces the observer's view exactly.
                assert w.view(p).to_json() == want
                assert w.legal_actions() == s.legal_actions() or s.current_player() != p
                w2 = s.determinize_for(p, k)
                assert w2.view(p).to_json() == want


def test_determinized_worlds_agree_with_the_view(game):
    _check_views(game, 9, samples=4)


def test_determinization_never_reads_hidden_cards(game):
    """Two true states that share seat p's view (the second is a world sampled from the view,
    so hidden cards sit elsewhere) give the same worlds for the same seed: what is sampled
    depends on the view alone."""
    for s in random_states(game, 10, games=1, every=5):
        if s.is_terminal():
            continue
        for p in range(game.num_players):
            other = s.view(p).determinize(12345)
            assert other.view(p).to_json() == s.view(p).to_json()
            for k in range(3):
                assert (s.determinize_for(p, k).to_json()
                        == other.determinize_for(p, k).to_json())


@pytest.mark.parametrize("mode", ["uniform", "weighted"])
def test_no_peeking_statistically(game, mode):
    """Where the hidden cards land is independent of where they truly are. For a mid-game
    position and its observer, take a second true state with the same view but hidden cards
    moved; sample N worlds from each and compare, for every (hidden card, place) cell, the two
    frequencies: each difference must stay within 5 standard errors of a binomial proportion
    (false alarm rate far below 1e-4 per cell). ``weighted``: the same for inference's weighted
    determinization (solver/inference: candidates weighed by the opponent model, resampled),
    which must read the view alone too."""
    if game.perfect_information:
        pytest.skip("nothing hidden")
    rnd = random.Random(13)
    s = game.new_initial_state(77)
    for _ in range(rnd.randrange(3, 12)):
        if s.is_terminal():
            break
        s.apply_action(rnd.choice(s.legal_actions()))
    p = max(0, s.current_player())
    other = s.view(p).determinize(999)
    n = 1500

    def sample(state, seed):
        if mode == "uniform":
            return state.determinize_for(p, seed)
        return sample_worlds(state.view(p), 1, seed, "policy", particles=4)[0][0]

    def freq(state, base):
        counts = collections.Counter()
        for k in range(n):
            w = sample(state, base + k).to_json()
            for key, val in _flatten(w):
                counts[(key, val)] += 1
        return counts

    fa, fb = freq(s, 0), freq(other, 10**6)
    for cell in set(fa) | set(fb):
        pa, pb = fa[cell] / n, fb[cell] / n
        pbar = (pa + pb) / 2
        se = ((pbar * (1 - pbar)) * 2 / n) ** 0.5
        assert abs(pa - pb) <= 5 * se + 1e-9, (cell, pa, pb)


def _flatten(obj, prefix=""):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _flatten(v, f"{prefix}.{k}")
    elif isinstance(obj, list):
        if all(isinstance(x, str) for x in obj):
            for x in obj:
                yield prefix, x
        else:
            for i, v in enumerate(obj):
                yield from _flatten(v, f"{prefix}[{i}]")
    else:
        yield prefix, obj


def test_rollout_policy_plays_only_legal_actions(game):
    """Policy.rollout_action_c (the searches' rollout policy) always returns a legal action, and
    a whole game of policy moves ends."""
    for s in random_states(game, 14, games=1, every=1):
        if s.is_terminal():
            continue
        for k in range(3):
            assert s.game.policy.rollout_action(s, k) in s.legal_actions()
    s = game.new_initial_state(15)
    k = 0
    while not s.is_terminal():
        s.apply_action(s.game.policy.rollout_action(s, k))
        k += 1
        assert k <= game.max_game_length


def test_random_playout_is_the_generic_random_rollout(game):
    """State.random_playout_c (the searches' random rollout; a game may override it with a loop
    on its own data) plays exactly acts[randbelow(len(acts))] over the sorted legal actions,
    to the end of the game or of the given round, from positions all through seeded games."""
    from solver.rng import Random
    for i, s in enumerate(random_states(game, 16, games=1, every=7)):
        for stop_round in (-1, s.round()):
            fast, slow, rng = s.clone(), s.clone(), Random(i)
            fast.random_playout(Random(i), stop_round)
            while not slow.is_terminal() and (stop_round < 0 or slow.round() == stop_round):
                acts = slow.legal_actions()
                slow.apply_action(acts[rng.randbelow(len(acts))])
            assert fast.to_json() == slow.to_json() and fast.scores() == slow.scores()
            assert fast.is_terminal() or (stop_round >= 0 and fast.round() != stop_round)


# -- the declared contract (solver/game.pyx, Game docstring) -----------------------------------

def _distinct_positions(game, seed, want):
    """Up to ``want`` positions with distinct state JSON from seeded random play."""
    seen = {}
    rnd = random.Random(seed)
    g = 0
    while len(seen) < want and g < 200:
        s = game.new_initial_state(seed * 1000 + g)
        while True:
            seen.setdefault(json.dumps(s.to_json(), sort_keys=True), s.clone())
            if s.is_terminal() or len(seen) >= want:
                break
            s.apply_action(rnd.choice(s.legal_actions()))
        g += 1
    return list(seen.values())


def test_distinct_positions_hash_differently(game):
    """hash_c keys the transposition tables: a few thousand distinct positions from seeded
    play give as many distinct 64-bit hashes (a collision here is a key missing a field)."""
    states = _distinct_positions(game, 21, 3000)
    assert len(states) >= 500
    assert len({s.state_hash() for s in states}) == len(states)


def test_infoset_key_is_equal_exactly_when_the_acting_seats_view_is(game):
    """infoset_key(p) names seat p's information set: states (true positions and worlds
    sampled from p's view, which share it) get the same key exactly when p's view JSON is the
    same."""
    key_of_view, view_of_key = {}, {}
    for s in _distinct_positions(game, 22, 600):
        p = s.current_player()
        if p < 0:
            continue
        for w in [s] + [s.view(p).determinize(k) for k in range(2)]:
            view = json.dumps(w.view(p).to_json(), sort_keys=True)
            key = w.infoset_key(p)
            assert key_of_view.setdefault(view, key) == key
            assert view_of_key.setdefault(key, view) == view
    assert len(key_of_view) >= 100


def test_every_declared_option_round_trips_through_the_game_string(game):
    cls = type(game)
    assert isinstance(cls.OPTIONS, dict) and set(game.options) == set(cls.OPTIONS)
    assert load_game(game.spec()) == game and load_game(game.spec()).options == game.options
    for name, opt in cls.OPTIONS.items():
        for value in (opt.choices or (opt.default, game.options[name])):
            try:
                g = load_game(game.name, **{**game.options, name: value})
            except InvalidOptionError:
                continue            # a value another option of this config rules out
            assert g.options[name] == value
            assert load_game(g.spec()) == g and load_game(g.spec()).options == g.options


def test_declared_properties_agree_with_play(game):
    """utility_bounds bound every terminal return, max_game_length every game's length,
    num_players every state's seats, and where rounds_add_up the returns are the banked
    scores."""
    lo, hi = game.utility_bounds()
    assert lo < hi
    rnd = random.Random(23)
    for g in range(6):
        s = game.new_initial_state(g)
        assert s.num_players == game.num_players
        length = 0
        while not s.is_terminal():
            s.apply_action(rnd.choice(s.legal_actions()))
            length += 1
        assert length <= game.max_game_length
        returns = s.returns()
        assert len(returns) == game.num_players
        assert all(lo <= r <= hi for r in returns), (returns, lo, hi)
        if game.rounds_add_up():
            assert returns == pytest.approx(s.scores())


def test_declarations_are_well_formed(game):
    cls = type(game)
    assert cls.EXAMPLE_CONFIGS and all(load_game(c).name == game.name
                                       for c in cls.EXAMPLE_CONFIGS)
    assert all(isinstance(b, BenchConfig) and load_game(b.config).name == game.name
               for b in game.bench_configs())
    assert 0 < cls.BENCH_VIEW_FRACTION < 1
    assert isinstance(game.policy, Policy) and game.policy.game is game
    plies = game.setup_plies()
    s = game.new_initial_state(1)
    first_round = s.round()
    for _ in range(plies):
        s.apply_action(s.legal_actions()[0])
    assert not s.is_terminal() and s.round() == first_round


def test_exact_solver_hook_agrees_with_the_generic_search(game):
    """A game's EXACT_SOLVER must give the generic negamax's values (every action, the round's
    gain): checked on seeded endgames of its perfect-information configs."""
    if game.EXACT_SOLVER is None:
        assert game.exact_solver() is None
        return
    if game.num_players != 2:
        pytest.fail("an exact solver hook is for two-player zero-sum play")
    kernel, generic = AlphaBeta(game, 16), AlphaBeta(game, 16, False)
    assert kernel.uses_kernel and not generic.uses_kernel
    for seed in range(4):
        line = [s for s in random_states(game, 30 + seed, games=1) if not s.is_terminal()]
        s = line[-12]
        assert (alphabeta(s, pv=False, solver=kernel).values()
                == alphabeta(s, pv=False, solver=generic).values())


def test_every_registered_game_declares_the_contract():
    for slug in available_games():
        cls = game_class(slug)
        assert cls.EXAMPLE_CONFIGS and cls.EXAMPLE_CONFIGS[0] == slug
        assert "utility_bounds" in vars(cls) and "new_initial_state" in vars(cls)


@pytest.mark.parametrize("call, method", [("s.state_hash()", "State.hash_c"),
                                          ("s.infoset_key(0)", "State.infoset_key_c"),
                                          ("s.is_terminal()", "State.is_terminal_c")])
def test_base_fast_path_fails_loudly(call, method):
    """A State subclass that forgets a fast-path method must not get a silent 0: the base
    names the class and the method on stderr and aborts (nothing can be raised from a
    noexcept nogil method)."""
    import os
    import signal
    import subprocess
    import sys
    code = f"from solver.game import State\ns = State.__new__(State)\n{call}\n"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert proc.returncode == -signal.SIGABRT
    assert f"solver.game.State does not implement {method}" in proc.stderr


def test_base_python_hooks_raise():
    from solver.game import Game
    g = Game.__new__(Game)
    for call in (g.utility_bounds, g.new_initial_state, lambda: g.state_from_reference(None)):
        with pytest.raises(NotImplementedError):
            call()
    assert g.exact_solver() is None and g.setup_plies() == 0
