"""State.resample_chance in Mate (Vic Village): the chance hidden from EVERY seat
(docs/rules/mate-vic-village.md §10.3: the instruction order, the reward-pile order) is
re-drawn, and nothing any seat knows changes (§10.1 public, §10.2 private). The oracle bot's
chance="sampled" worlds are made of it."""
import collections

import pytest

from solver.games.mate_vic_village import rules as R
from solver.rng import Random
from tests.conftest import positions_along
from tests.games.mate_vic_village.helpers import game


def _states(g, seeds, every=5):
    """Positions along random games (every ``every``-th), discard steps and tricks alike."""
    return positions_along(g, seeds, every, 11)


def _shown(t: R.VicState) -> int:
    """How many of the round's instructions are face up (the deck's public prefix, §6.1)."""
    return len(t.deck) - len(t.unrevealed())


@pytest.mark.parametrize("players", [3, 4])
def test_engines_agree_draw_for_draw(players):
    """The Cython resample_chance_c and rules.resample_chance make the same draws (the twins
    of every other state function are bound the same way)."""
    g = game(players)
    checked = 0
    for i, s in enumerate(_states(g, range(3))):
        fast = s.resample_chance(Random(1000 + i)).to_reference()
        slow = R.resample_chance(s.to_reference(), Random(1000 + i))
        assert fast == slow
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("players", [3, 4])
def test_every_seat_knows_the_same_and_only_hidden_orders_change(players):
    """§10.3: every hand, discard, played and drawn card, void, the undealt cards, the trick
    history, the scores, the face-up instructions and the drawn reward cards are kept, and so
    is every seat's information set (infoset_key); the unrevealed instructions and the
    undrawn reward cards keep their multisets. Their order does change in some re-draw."""
    g = game(players)
    deck_moved = pile_moved = 0
    for i, s in enumerate(_states(g, range(2), every=3)):
        t = s.to_reference()
        shown = _shown(t)
        for k in range(4):
            w = s.resample_chance(Random(7 * i + k))
            u = w.to_reference()
            for field in ("hands", "discards", "played", "drawn", "voids", "go_tops", "stays",
                          "undealt", "plays", "leaders", "totals", "round_score", "past",
                          "round", "phase", "start", "ndiscarded", "removed", "reward_pos"):
                assert getattr(u, field) == getattr(t, field), field
            for p in range(players):
                assert w.infoset_key(p) == s.infoset_key(p)
            assert u.deck[:shown] == t.deck[:shown]
            assert sorted(u.deck[shown:]) == sorted(t.deck[shown:])
            assert u.reward[:t.reward_pos] == t.reward[:t.reward_pos]
            assert sorted(u.reward[t.reward_pos:]) == sorted(t.reward[t.reward_pos:])
            deck_moved += u.deck[shown:] != t.deck[shown:]
            pile_moved += u.reward[t.reward_pos:] != t.reward[t.reward_pos:]
    assert deck_moved > 20 and pile_moved > 20


@pytest.mark.parametrize("players", [3, 4])
def test_the_true_hidden_order_is_never_read(players):
    """Two states that differ only in what no seat knows (the unrevealed instruction order,
    the undrawn reward-pile order, the future chance stream) re-draw to the same state for
    the same stream: the re-draw reads those cards only as sets (§10.3)."""
    g = game(players)
    differ = 0
    for i, s in enumerate(_states(g, [5], every=4)):
        other = s.resample_chance(Random(500 + i))
        t, u = s.to_reference(), other.to_reference()
        differ += (t.deck, t.reward) != (u.deck, u.reward)
        assert (s.resample_chance(Random(9)).to_reference()
                == other.resample_chance(Random(9)).to_reference())
    assert differ > 5


def test_the_first_hidden_instruction_is_uniform():
    """§10.3, uniformity: over many re-draws of one position, the next face-down instruction
    is each of the unrevealed ones equally often (chi-square, threshold far in the tail)."""
    g = game(4)
    s = next(x for x in _states(g, [2], every=1)
             if x.to_reference().phase == R.PLAY and len(x.to_reference().unrevealed()) >= 6)
    t = s.to_reference()
    hidden = t.unrevealed()
    shown = _shown(t)
    rng = Random(3)
    n = 400 * len(hidden)
    counts = collections.Counter(R.resample_chance(t, rng).deck[shown] for _ in range(n))
    assert set(counts) == set(hidden)
    expect = n / len(hidden)
    chi2 = sum((counts[h] - expect) ** 2 / expect for h in hidden)
    dof = len(hidden) - 1
    assert chi2 < dof + 6 * (2 * dof) ** 0.5
