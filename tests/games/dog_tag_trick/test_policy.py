"""Dog Tag Trick's rules of thumb (solver/games/dog_tag_trick/_policy.pyx, ``game.policy``).

The rollout policy (the searches' rollout="policy") plays only legal actions, games of pure
policy moves end, and its rules of thumb hold on posed positions (it mixes in a uniformly random
action now and then, so those are checked as the clear majority choice over many seeds). Golden
records pin the rollout, the position estimate and the heuristic bot's choices to what they were
before the rules of thumb left the engine (tests/games/dog_tag_trick/data/*.json)."""
import json
import pathlib
import random
from collections import Counter

import pytest

from bots.heuristic import dog_tag_trick as H
from solver.games.dog_tag_trick import notation as N
from solver.games.dog_tag_trick import rules as R
from solver.games.dog_tag_trick._state import DogTagTrickGame
from solver.registry import load_game
from solver.rng import Random

CONFIGS = DogTagTrickGame.EXAMPLE_CONFIGS
GOLDEN = pathlib.Path(__file__).parent / "data"


def golden(name):
    return json.loads((GOLDEN / name).read_text())["games"]


def test_the_game_names_its_policy():
    from solver.games.dog_tag_trick._policy import DogTagTrickPolicy
    g = load_game("dog-tag-trick")
    assert type(g.policy) is DogTagTrickPolicy and g.policy.game is g
    assert g.policy is g.policy                           # made once


@pytest.mark.parametrize("config", CONFIGS)
def test_policy_plays_legal_actions_and_games_end(config):
    g = load_game(config)
    for seed in range(6):
        s = g.new_initial_state(seed)
        rng = Random(seed + 1000)
        moves = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            key = s.state_hash()
            a = g.policy.rollout_action(s, rng)
            assert a in legal, (s.summary(), a)
            assert s.state_hash() == key                # choosing does not touch the state
            s.apply_action(a)
            moves += 1
            assert moves <= g.max_game_length
        assert s.is_terminal()


@pytest.mark.parametrize("config", CONFIGS)
def test_policy_is_legal_in_determinized_worlds(config):
    """Seeded states along random games, re-dealt for the player to act (what ISMCTS rolls
    out from), and many rng seeds at each."""
    g = load_game(config)
    for seed in range(3):
        s = g.new_initial_state(seed)
        rng = Random(seed)
        step = 0
        while not s.is_terminal():
            if step % 5 == 0:
                w = s.determinize_for(s.current_player(), seed * 1000 + step)
                legal = set(w.legal_actions())
                for k in range(20):
                    assert g.policy.rollout_action(w, k) in legal
            legal = s.legal_actions()
            s.apply_action(legal[rng.randbelow(len(legal))])
            step += 1


def pose(hands, lead, trick, players=4):
    """Round 1 of a ``players``-player game: seat p holds ``hands[p]`` (text), seat ``lead``
    led the current trick and ``trick`` (move texts) has been played in it so far."""
    g = load_game(f"dog-tag-trick(players={players})")
    opts = g.options
    ref = R.DogTagTrickState(opts)
    ref.round, ref.first_lead, ref.lead, ref.over = 0, lead, lead, False
    ref.totals = [0] * players
    ref.hands = [sum(1 << N.parse_card(t) for t in h.split()) for h in hands]
    ref.history = [N.parse_action(t, opts) for t in trick]
    held = 0
    for m in ref.hands:
        held |= m
    for a in ref.history:
        held |= R.ACTIONS[a].mask
    ref.unused = R.ALL_CARDS & ~held
    ref.future = [R.deal_round(random.Random(7), players) for _ in range(players - 1)]
    s = g.state_from_reference(ref)
    assert s.current_player() == (lead + len(trick)) % players
    return s


def majority(state, expected, share=0.75, trials=300):
    """``expected`` (move text) is the policy's choice in at least ``share`` of the seeds."""
    want = state.parse_action(expected)
    c = Counter(state.game.policy.rollout_action(state, k) for k in range(trials))
    assert c[want] >= share * trials, {state.action_to_str(a): n for a, n in c.items()}


def test_last_seat_wins_the_sub_event_with_its_top_single():
    """Seat 3 plays last to a 3s set and an 8 and a 7 single: its 9 takes the sub event."""
    s = pose(["1P 1F", "2H 6H", "3P 7F", "9P 2B 6F 4H"], 0, ["3H+3B SET", "8B ONE", "7P ONE"])
    majority(s, "9P ONE")


def test_a_single_a_later_seat_beats_is_not_wasted():
    """Seat 3 still holds a 5/10 (a 10 beats the 9): seat 2 throws its cheapest card, a 6."""
    s = pose(["1P 1F", "2H 6H", "9P 2B 6F 4H", "5P 1B"], 0, ["3H+3B SET", "8B ONE"])
    majority(s, "6F ONE")


def test_joins_the_main_event_with_a_pair_that_stands():
    """A 7-8 run leads; seat 1's 1-2 run beats it and nobody later holds a run."""
    s = pose(["4P 6P", "1H 2H 9P 6F", "4B 9F", "3F 8H"], 0, ["7B+8B RUN"])
    majority(s, "1H+2H RUN")


def test_a_double_event_pair_is_announced_for_the_main_event():
    """High Five is the main event (2B+3B, top 3B): 2F+3P joins it as FIVE (top 3P), not as
    RUN, which would compete in nothing."""
    s = pose(["4P 6P", "2F 3P 4H 9B", "6H 7F", "1H 8F"], 0, ["2B+3B FIVE"])
    majority(s, "2F+3P FIVE")


def test_going_out_with_a_winning_pair_in_the_final_trick():
    """Seat 0 leads holding only 1H 2H and nobody holds a run: the pair empties its hand, makes
    the trick final and scores 5."""
    s = pose(["1H 2H", "4P 9P 6F", "4B 9F 7P", "3F 8H 6B"], 0, [])
    majority(s, "1H+2H RUN")


# -- golden records: the rules of thumb did not change when they left the engine ----------------
@pytest.mark.parametrize("rec", golden("policy_rollouts.json"),
                         ids=lambda r: f"{r['game']}-{r['seed']}")
def test_rollouts_and_estimates_match_the_golden_record(rec):
    """The same rollout actions for the same rng stream, along a whole policy game and in
    re-dealt worlds, and the same position estimates (exactly: the same arithmetic)."""
    g = load_game(rec["game"])
    pol = g.policy
    pol.evaluation = "heuristic"        # the hand-written estimate (fitted: tests/evaluation)
    s = g.new_initial_state(rec["seed"])
    rng = Random(rec["seed"] + 1000)
    probes = {p["ply"]: p for p in rec["probes"]}
    for ply, want in enumerate(rec["moves"]):
        if ply in probes:
            p = probes[ply]
            w = s.determinize_for(s.current_player(), rec["seed"] * 1000 + ply)
            assert pol.evaluate(s) == p["estimate"], ply
            assert pol.evaluate(w) == p["world_estimate"], ply
            assert [pol.rollout_action(w, k) for k in range(8)] == p["world_rollouts"], ply
        assert pol.rollout_action(s, rng) == want, ply
        s.apply_action(want)
    assert s.is_terminal()
    assert pol.evaluate(s) == rec["final_estimate"] == [0.0] * g.num_players


@pytest.mark.parametrize("rec", golden("heuristic_choices.json"),
                         ids=lambda r: f"{r['game']}-{r['seed']}")
def test_heuristic_choices_match_the_golden_record(rec):
    """At every recorded decision the heuristic bot (the policy's scores, ties by its rng)
    chooses what the pure-Python bot chose."""
    g = load_game(rec["game"])
    s = g.new_initial_state(rec["seed"])
    decisions = {ply: (seed, choice) for ply, seed, choice in rec["decisions"]}
    assert len(decisions) > 30
    for ply, move in enumerate(rec["moves"]):
        if ply in decisions:
            seed, want = decisions[ply]
            view = s.view(s.current_player())
            assert H.choose(view, Random(seed)) == want, (ply, view.action_to_str(want))
        s.apply_action(move)


# -- the heuristic's scores ------------------------------------------------------------------
def decision_points(config, seeds=2, every=3):
    """States along seeded random games of ``config``, every ``every``-th ply."""
    g = load_game(config)
    for seed in range(seeds):
        s = g.new_initial_state(seed)
        rnd = random.Random(seed)
        ply = 0
        while not s.is_terminal():
            if ply % every == 0:
                yield s.clone()
            s.apply_action(rnd.choice(s.legal_actions()))
            ply += 1


@pytest.mark.parametrize("config", CONFIGS)
def test_scores_read_only_the_seats_hand_and_public_facts(config):
    """Every world of the acting seat's view scores every action alike (S1-S3 read the hand,
    this round's plays and the hand sizes, §10), and a subset of the actions scores as in the
    full list (a card's keep value is taken from the whole hand, not from the actions asked)."""
    g = load_game(config)
    for s in decision_points(config):
        view = s.view(s.current_player())
        legal = s.legal_actions()
        full = g.policy.scores(s, legal)
        assert len(full) == len(legal)
        for k in range(3):
            assert g.policy.scores(view.determinize(k), legal) == full
        some = legal[::3]
        assert g.policy.scores(s, some) == full[::3]


def scores_by_text(state):
    legal = state.legal_actions()
    return dict(zip(map(state.action_to_str, legal), state.game.policy.scores(state, legal)))


def test_in_a_final_trick_the_scores_are_the_points_at_stake():
    """R4, S1, S2 (§8.1, §8.2, A13): seat 0 led its last two cards, so the trick is the round's
    last and cards cost nothing; seat 2 plays last, so nothing can beat its play. A run beating
    the 7-8 run is main #1 of a final trick (5), the 9 beats the 5 for sub #1 (1), a High Five
    competes in nothing (RUN is the main event) and the low singles place nowhere."""
    s = pose(["", "4P 6F", "1B 2B 9F 3F"], 0, ["7H+8H RUN", "5P:5 ONE"], players=3)
    assert scores_by_text(s) == {
        "1B ONE": 0.0, "2B ONE": 0.0, "3F ONE": 0.0, "9F ONE": 1.0,
        "1B+2B RUN": 5.0, "2B+3F RUN": 5.0, "1B+9F FIVE": 0.0, "2B+3F FIVE": 0.0}
    assert list(map(s.action_to_str, s.game.policy.best_actions(s))) == ["1B+2B RUN",
                                                                          "2B+3F RUN"]


def test_main_second_is_worth_nothing_in_a_final_trick():
    """A13: between the 1s and the 3s sets, a 2s set is main #2, which a final trick does not
    pay; with no single played yet, any single of the last seat is sub #1 (§6.2)."""
    s = pose(["", "4P 6F", "2F 2B 9F 4B"], 0, ["1H+1P SET", "3H+3B SET"], players=3)
    sc = scores_by_text(s)
    assert sc["2B+2F SET"] == 0.0
    assert {sc[t] for t in ("2F ONE", "2B ONE", "9F ONE", "4B ONE")} == {1.0}


@pytest.mark.parametrize("rec", golden("score_digests.json"),
                         ids=lambda r: f"{r['game']}-{r['seed']}")
def test_scores_match_the_recorded_digests(rec):
    """The heuristic's scores, to the last bit, at every decision of seeded random games, as
    recorded before scores_d memoised its threat counts, hypergeometric chances and powers
    (the memoisation is for speed only: heuristic rollouts score every ply)."""
    import hashlib
    g = load_game(rec["game"])
    s = g.new_initial_state(rec["seed"])
    rnd = random.Random(rec["seed"])
    h = hashlib.sha256()
    n = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        h.update(",".join(x.hex() for x in g.policy.scores(s, legal)).encode() + b";")
        n += 1
        s.apply_action(rnd.choice(legal))
    assert (n, h.hexdigest()) == (rec["decisions"], rec["sha256"])
