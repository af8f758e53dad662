"""State.resample_chance in the games other than Vic Village (tests/games/mate_vic_village/
test_resample_chance.py): only the chance hidden from EVERY seat is re-drawn, every seat's
information set is kept, and the true hidden order is never read.

- docs/rules/dog-tag-trick.md §10: inside a round only the deal is chance and every hand is
  dealt, so only the later rounds' deals (in the engine's state) are hidden from everyone;
- docs/rules/mattis.md §11: in phase 1 the stock order is hidden from everyone; phase 2 has
  no chance;
- docs/rules/mate.md §9.1: the only unknown is the game-3 deal, until it happens;
- docs/rules/tiny-tricks.md T2: every card is dealt at the start: nothing to re-draw."""

import pytest

from solver.registry import load_game
from solver.rng import Random
from tests.conftest import positions_along

# game spec -> the reference fields that hold chance hidden from every seat
HIDDEN = {
    "dog-tag-trick(players=3)": ("future",),
    "dog-tag-trick(players=5)": ("future",),
    "mattis(players=4)": ("stock",),
    "mattis(players=3)": ("stock",),
    "mate": ("next_deal",),
    "tiny-tricks(players=3)": (),
}


def _states(spec, seeds, every=3):
    return positions_along(load_game(spec), seeds, every, 13)


def _public_and_private(ref, hidden):
    """The reference state's fields minus those holding hidden-from-everyone chance."""
    return {k: v for k, v in ref.__dict__.items() if k not in hidden and k != "options"}


def _multiset(spec, field, value):
    """What the re-draw must keep of a hidden field: the stock's cards (Mattis), each later
    round's hand sizes and dealt cards (Dog Tag Trick), the game-3 split's sizes and cards
    (Mate)."""
    if field == "stock":
        return sorted(value)
    if field == "future":
        return [(sorted(bin(h).count("1") for h in deal),) for deal in value]
    return sorted(bin(h).count("1") for h in value), value[0] | value[1]


@pytest.mark.parametrize("spec", sorted(HIDDEN))
def test_only_hidden_from_everyone_chance_changes(spec):
    """Every field any seat knows (hands, histories, scores, voids, ...) is kept and so is
    every seat's information set (infoset_key); the hidden fields keep their multisets and
    change in some re-draw wherever they exist (identity in Tiny Tricks, T2)."""
    hidden = HIDDEN[spec]
    moved = checked = 0
    for i, s in enumerate(_states(spec, range(3))):
        t = s.to_reference()
        for k in range(3):
            w = s.resample_chance(Random(31 * i + k))
            u = w.to_reference()
            assert _public_and_private(u, hidden) == _public_and_private(t, hidden)
            for p in range(s.num_players):
                assert w.infoset_key(p) == s.infoset_key(p)
            for f in hidden:
                assert _multiset(spec, f, getattr(u, f)) == _multiset(spec, f, getattr(t, f))
            moved += any(getattr(u, f) != getattr(t, f) for f in hidden)
            checked += 1
    assert checked > 10
    if hidden:
        assert moved > 5
    else:
        assert moved == 0


@pytest.mark.parametrize("spec", sorted(HIDDEN))
def test_the_true_hidden_chance_is_never_read(spec):
    """Two states that differ only in hidden-from-everyone chance re-draw to the same state
    for the same stream."""
    for i, s in enumerate(_states(spec, [7], every=4)):
        other = s.resample_chance(Random(100 + i))
        assert s.resample_chance(Random(5)) == other.resample_chance(Random(5))


def test_dog_tag_trick_current_round_is_kept_whole():
    """docs/rules/dog-tag-trick.md §10: within a round nothing is hidden from everyone (the
    unused pile is the complement of the dealt hands), so the round's state, the full state
    hash of the round included, is unchanged; only later rounds' deals move."""
    g = load_game("dog-tag-trick(players=4)")
    s = g.new_initial_state(3)
    w = s.resample_chance(Random(1))
    t, u = s.to_reference(), w.to_reference()
    assert (u.hands, u.unused, u.history) == (t.hands, t.unused, t.history)
    assert u.future != t.future
