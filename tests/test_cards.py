"""solver/cards.pxd's bit selection: the card a random rollout picks (nth_card, one pdep where
the build has BMI2, else the portable broadword select) is the n-th member in ascending order."""
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.cards import _nth_card, _nth_card_portable, cards_from_mask


@st.composite
def mask_and_rank(draw):
    mask = draw(st.integers(min_value=1, max_value=(1 << 64) - 1))
    n = draw(st.integers(min_value=0, max_value=bin(mask).count("1") - 1))
    return mask, n


@settings(max_examples=3000)
@given(mask_and_rank())
def test_nth_card_is_the_nth_member(case):
    mask, n = case
    want = cards_from_mask(mask)[n]
    assert _nth_card(mask, n) == want
    assert _nth_card_portable(mask, n) == want


def test_every_rank_of_dense_and_single_masks():
    full = (1 << 64) - 1
    for i in range(64):
        assert _nth_card(1 << i, 0) == _nth_card_portable(1 << i, 0) == i
        assert _nth_card(full, i) == _nth_card_portable(full, i) == i
        top = full ^ ((1 << i) - 1)                   # bits i..63: the k-th is i + k
        for k in range(64 - i):
            assert _nth_card_portable(top, k) == _nth_card(top, k) == i + k
