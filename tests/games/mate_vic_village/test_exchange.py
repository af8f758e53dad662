"""State.exchange_hidden in Mate (Vic Village): the Markov chain's move among the worlds an
observer cannot tell apart (docs/rules/mate-vic-village.md §10.7). A card of one hidden holder
(another hand, or the hidden pile: hidden reward cards, other seats' discards, the undealt
cards, §10.4) is exchanged for a card of another; voids (§10.4) and sizes hold."""
import collections

import pytest

from solver.games.mate_vic_village import rules as R
from solver.rng import Random
from tests.conftest import positions_along
from tests.games.mate_vic_village.helpers import game


def _worlds(g, seeds, every=4):
    """(observer, a determinized world of the observer) at positions along random games:
    discard steps and tricks alike, many with voids shown."""
    for i, s in enumerate(positions_along(g, seeds, every, 17)):
        me = s.current_player()
        yield me, s.view(me).determinize(Random(300 + i))


def _pile(u: R.VicState, me: int) -> int:
    """The hidden pile of observer ``me``: the unknown cards no hand holds (§10.4)."""
    seen = u.hands[me] | u.discards[me]
    for q in range(u.n):
        seen |= u.played[q] | u.drawn[q]
    held = 0
    for q in range(u.n):
        held |= u.hands[q]
    return R.ALL_CARDS & ~seen & ~held


@pytest.mark.parametrize("players", [3, 4])
def test_engines_agree_draw_for_draw(players):
    """The Cython exchange_hidden_c and rules.exchange_hidden make the same draws and the same
    refusals (None: the drawn exchange would break a void)."""
    g = game(players)
    moved = refused = 0
    for i, (me, w) in enumerate(_worlds(g, range(3))):
        for k in range(6):
            fast = w.exchange_hidden(me, Random(40 * i + k))
            slow = R.exchange_hidden(w.to_reference(), me, Random(40 * i + k))
            assert (fast is None) == (slow is None)
            if fast is None:
                refused += 1
            else:
                assert fast.to_reference() == slow
                moved += 1
    assert moved > 200 and refused > 0


@pytest.mark.parametrize("players", [3, 4])
def test_an_exchange_keeps_every_hard_fact(players):
    """§10.4: the observer's view and information set, every hand's size, every void, and the
    reward pile (its drawn part, its size, and that it holds exactly the undealt cards and the
    discards not yet drawn) stay; exactly two holders change, by one card each."""
    g = game(players)
    voids_seen = pile_moves = 0
    for i, (me, w) in enumerate(_worlds(g, range(2))):
        t = w.to_reference()
        for k in range(5):
            moved = w.exchange_hidden(me, Random(7 * i + k))
            if moved is None:
                continue
            u = moved.to_reference()
            assert moved.view(me).to_json() == w.view(me).to_json()
            assert moved.infoset_key(me) == w.infoset_key(me)
            for q in range(players):
                assert R.count(u.hands[q]) == R.count(t.hands[q])
                assert u.hands[q] & R.colour_set(u.voids[q]) == 0
                voids_seen += u.voids[q] != 0 and q != me
                assert R.count(u.discards[q]) == R.count(t.discards[q])
            assert u.discards[me] == t.discards[me] and u.hands[me] == t.hands[me]
            changed = [q for q in range(players) if u.hands[q] != t.hands[q]]
            pile_moved = _pile(u, me) != _pile(t, me)
            assert len(changed) + pile_moved == 2
            pile_moves += pile_moved
            if t.phase != R.DISCARD:
                assert u.reward[:t.reward_pos] == t.reward[:t.reward_pos]
                assert len(u.reward) == len(t.reward)
                drawn = 0
                for q in range(players):
                    drawn |= u.drawn[q]
                pile = R.mask_of(u.reward[u.reward_pos:])
                everything = u.undealt
                for q in range(players):
                    everything |= u.discards[q]
                assert pile == everything & ~drawn
    assert voids_seen > 20 and pile_moves > 20


@pytest.mark.parametrize("players", [3, 4])
def test_an_exchange_is_symmetric(players):
    """The reverse exchange is as likely from the result as the exchange was from the start
    (so the Metropolis ratio needs no proposal correction): over worlds with voids and hidden
    pile cards, how often 4,000 proposals from w give t matches how often 4,000 from t give w."""
    g = game(players)
    forward = back = worlds = 0
    rng = Random(players)
    for me, w in _worlds(g, [4], every=7):
        t = next((x for x in (w.exchange_hidden(me, rng) for _ in range(50)) if x is not None),
                 None)
        if t is None:
            continue
        forward += sum(hash(x) == hash(t) for x in
                       (w.exchange_hidden(me, rng) for _ in range(4000)) if x is not None)
        back += sum(hash(x) == hash(w) for x in
                    (t.exchange_hidden(me, rng) for _ in range(4000)) if x is not None)
        worlds += 1
    assert worlds > 8 and forward > 20 and back > 20
    assert abs(forward - back) <= 4 * (forward + back) ** 0.5


def test_the_exchange_walk_samples_as_determinize_does():
    """Without a model the chain's stationary law is determinize's: uniform over the worlds
    that keep every void (§10.5). Where each hidden card lies, counted along a long walk of
    exchanges, matches where independent determinizations put it."""
    s = _a_position_with_voids(game(4))
    me = s.current_player()
    view = s.view(me)
    walk, indep = collections.Counter(), collections.Counter()
    w = view.determinize(Random(1))
    rng = Random(2)
    steps, every, draws = 120_000, 10, 6000
    for step in range(steps):
        t = w.exchange_hidden(me, rng)
        if t is not None:
            w = t
        if step % every == 0:
            _tally(walk, w.to_reference(), me)
    for k in range(draws):
        _tally(indep, view.determinize(Random(10_000 + k)).to_reference(), me)
    assert set(walk) == set(indep)
    for key, c in indep.items():
        assert abs(c / draws - walk[key] / (steps // every)) < 0.045, key


def _a_position_with_voids(g):
    for s in positions_along(g, range(20), 1, 5):
        if s.is_terminal() or s.to_reference().phase != R.PLAY:
            continue
        t = s.to_reference()
        me = s.current_player()
        if sum(1 for q in range(t.n) if q != me and t.voids[q]) >= 2:
            return s
    raise AssertionError("no position with two voids")


def _tally(counter, u, me):
    """Count, for each card, which hidden holder has it (a seat or the pile)."""
    for q in range(u.n):
        if q != me:
            for c in R.cards_of(u.hands[q]):
                counter[(c, q)] += 1
    for c in R.cards_of(_pile(u, me)):
        counter[(c, "pile")] += 1
