"""The schedule: fixed by the master seed, duplicate rotations, seat groups, prefixes."""
from collections import Counter
from itertools import combinations

import pytest

from tournaments.schedule import build_schedule, rotations, schedule_hash, seat_groups


def test_two_player_duplicate_deal_is_replayed_with_seats_swapped():
    fx = build_schedule(2, ["a", "b"], deals=3, seed=1)
    assert [f.game_id for f in fx] == list(range(6))
    for d in range(3):
        g0, g1 = [f for f in fx if f.deal_index == d]
        assert g0.deal_seed == g1.deal_seed
        assert g0.seating == ("a", "b") and g1.seating == ("b", "a")
        assert (g0.rotation, g1.rotation) == (0, 1)
    assert len({f.deal_seed for f in fx}) == 3
    assert len({s for f in fx for s in f.bot_seeds}) == 12


def test_fixed_by_the_master_seed():
    a = build_schedule(3, list("abcde"), deals=7, seed=5)
    assert a == build_schedule(3, list("abcde"), deals=7, seed=5)
    b = build_schedule(3, list("abcde"), deals=7, seed=6)
    assert schedule_hash("g", a) == schedule_hash("g", list(a))
    assert schedule_hash("g", a) != schedule_hash("g", b)


def test_more_bots_than_seats_cycles_through_every_group_and_seat():
    bots = list("abcde")
    groups = seat_groups(bots, 3)
    assert len(groups) == 10
    assert set(map(frozenset, groups)) == set(map(frozenset, combinations(bots, 3)))
    fx = build_schedule(3, bots, deals=10, seed=2)
    assert len(fx) == 30
    seen = Counter()
    for d in range(10):
        games = [f for f in fx if f.deal_index == d]
        assert len(games) == 3 and len({f.deal_seed for f in games}) == 1
        group = frozenset(games[0].seating)
        seen[group] += 1
        for seat in range(3):  # every bot of the group plays this hand from every seat
            assert {f.seating[seat] for f in games} == group
    assert len(seen) == 10 and set(seen.values()) == {1}


def test_fewer_bots_than_seats_fill_cyclically_without_repeating_a_seating():
    assert seat_groups(["a", "b"], 4) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert rotations(("a", "b", "a", "b")) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    fx = build_schedule(4, ["a", "b"], deals=2, seed=1)
    assert len(fx) == 4
    assert all(len(set(f.seating)) == 2 for f in fx)


def test_without_duplicate_each_deal_once_and_seats_balanced():
    fx = build_schedule(2, ["a", "b"], deals=6, seed=1, duplicate=False)
    assert len(fx) == 6 and len({f.deal_seed for f in fx}) == 6
    assert Counter(f.seating for f in fx) == {("a", "b"): 3, ("b", "a"): 3}


def test_gauntlet_puts_a_candidate_at_every_table_on_shared_deals():
    fx = build_schedule(3, ["p", "q", "r"], deals=4, seed=1, candidates=["x", "y"], fmt="gauntlet")
    assert all(("x" in f.seating) != ("y" in f.seating) for f in fx)
    for d in range(4):
        assert len({f.deal_seed for f in fx if f.deal_index == d}) == 1
    xs = [f for f in fx if "x" in f.seating]
    assert len(xs) == 4 * 3 and Counter(f.seating.index("x") for f in xs) == {0: 4, 1: 4, 2: 4}


def test_a_longer_schedule_extends_a_shorter_one():
    short = build_schedule(3, list("abcd"), deals=3, seed=9, candidates=["z"], fmt="gauntlet")
    long = build_schedule(3, list("abcd"), deals=8, seed=9, candidates=["z"], fmt="gauntlet")
    assert long[:len(short)] == short
    short = build_schedule(2, list("abc"), deals=2, seed=9)
    assert build_schedule(2, list("abc"), deals=5, seed=9)[:len(short)] == short


# Random access (Schedule.fixture): what pool workers rebuild from bare game ids must be the
# walked schedule's fixture, in every shape of schedule (groups with fewer distinct rotations
# than seats, gauntlets, no duplicate, deals not a multiple of the groups).
SHAPES = [
    dict(num_players=2, bots=["a", "b"], deals=5, seed=1),
    dict(num_players=3, bots=list("abcde"), deals=13, seed=5),
    dict(num_players=4, bots=["a", "b"], deals=7, seed=2),           # a, b, a, b: 2 rotations
    dict(num_players=3, bots=["a", "a", "b"], deals=6, seed=9),      # repeated bot in a group
    dict(num_players=3, bots=list("abcd"), deals=11, seed=3, duplicate=False),
    dict(num_players=3, bots=list("abcd"), deals=9, seed=4, candidates=["x", "y"],
         fmt="gauntlet"),
    dict(num_players=2, bots=["a", "b", "c"], deals=8, seed=6, candidates=["x"],
         fmt="gauntlet", duplicate=False),
]


def _walked(num_players, bots, deals, seed, duplicate=True, candidates=(), fmt="round-robin"):
    """The schedule as build_schedule walked it before Schedule existed (the reference)."""
    from solver.rng import derive_seed
    from tournaments.schedule import Fixture, _shuffled, arrangement
    if fmt == "gauntlet":
        opp = _shuffled(seat_groups(list(bots), num_players - 1), seed, "pool")
        tables = [[(c,) + g for g in opp] for c in candidates]
    else:
        tables = [_shuffled(seat_groups(list(bots), num_players), seed)]
    out, gid = [], 0
    for d in range(deals):
        for groups in tables:
            # pass d // G over the groups seats the group in its arrangement of that pass
            rots = rotations(arrangement(groups[d % len(groups)], d // len(groups)))
            chosen = (list(enumerate(rots)) if duplicate
                      else [((d // len(groups)) % len(rots),
                             rots[(d // len(groups)) % len(rots)])])
            for r, seating in chosen:
                seeds = tuple(derive_seed(seed, "bot", d, r, s) for s in range(num_players))
                out.append(Fixture(gid, derive_seed(seed, "deal", d), seating, seeds, d, r))
                gid += 1
    return out


def test_random_access_rebuilds_the_walked_fixtures_and_hash():
    import pickle

    from tournaments.schedule import Schedule
    for shape in SHAPES:
        ref = _walked(**shape)
        sched = Schedule(**shape)
        assert list(sched) == ref == build_schedule(**shape)
        assert len(sched) == len(ref)
        assert [sched.fixture(g) for g in range(len(ref))] == ref
        assert [sched.fixture(g) for g in reversed(range(len(ref)))] == ref[::-1]
        again = pickle.loads(pickle.dumps(sched))         # what a pool worker is sent
        assert [again.fixture(g) for g in range(len(ref))] == ref
        for d in range(shape["deals"] + 1):
            assert sched.first_game(d) == sum(1 for f in ref if f.deal_index < d)
        assert sched.digest("g") == schedule_hash("g", ref)
        with pytest.raises(IndexError):
            sched.fixture(len(ref))


@pytest.mark.parametrize("bots,seats", [("ABC", 3), ("ABCD", 4), ("ABCDE", 3),
                                         ("ABCDE", 5)])
def test_every_bot_sits_after_every_other_equally_often(bots, seats):
    """Rotations keep who plays right after whom (newcomer pass 2: in Mattis two copies of one
    bot were 'separated' by their place in the bot list), so each pass over the groups seats
    a group in its next cyclic order: over (n - 1)! passes every bot follows every other bot
    of its groups equally often, in every seat."""
    import math
    from collections import Counter

    groups = len(seat_groups(list(bots), seats))
    deals = math.factorial(seats - 1) * groups
    after = Counter()
    for f in build_schedule(seats, list(bots), deals, 3):
        for s in range(seats):
            after[(f.seating[s], f.seating[(s + 1) % seats])] += 1
    pairs = [(a, b) for a in bots for b in bots if a != b]
    assert set(after) == set(pairs)
    assert len(set(after.values())) == 1, after


def test_a_group_with_a_repeated_bot_keeps_its_order():
    from tournaments.schedule import arrangement
    assert arrangement(("a", "b", "a"), 1) == ("a", "b", "a")
    assert arrangement(("a", "b"), 1) == ("a", "b")
    assert arrangement(("a", "b", "c"), 1) == ("a", "c", "b")
    assert arrangement(("a", "b", "c"), 2) == ("a", "b", "c")


def test_an_empty_gauntlet_has_no_games():
    from tournaments.schedule import Schedule
    sched = Schedule(2, ["a"], 4, 1, candidates=(), fmt="gauntlet")
    assert len(sched) == 0 and list(sched) == [] and sched.first_game(3) == 0


def test_seeds_derived_at_once_are_derive_seed_s():
    """derive_seeds (the schedule hash's seeds, a block of deals at once) is
    solver.rng.derive_seed, element by element, for any master seed."""
    from solver.rng import derive_seed
    from tournaments.schedule import derive_seeds
    for seed in (0, 1, 7, -1, -12345, 2 ** 63 + 5, 2 ** 64 - 1, 2 ** 70 + 3):
        deals = derive_seeds(seed, "deal", range(3, 9)).tolist()
        assert deals == [derive_seed(seed, "deal", d) for d in range(3, 9)]
        bots = derive_seeds(seed, "bot", range(4), range(3), range(2)).tolist()
        assert bots == [[[derive_seed(seed, "bot", d, r, s) for s in range(2)]
                         for r in range(3)] for d in range(4)]


def test_the_hash_of_a_long_schedule_spans_its_blocks_of_deals():
    from tournaments.schedule import Schedule
    for shape in (dict(num_players=2, bots=["a", "b"], deals=2500, seed=3),
                  dict(num_players=3, bots=list("abcd"), deals=1100, seed=8, duplicate=False)):
        sched = Schedule(**shape)
        assert sched.digest("mate") == schedule_hash("mate", build_schedule(**shape))
