"""Python helpers for uint64 card sets (the fast versions are the inline functions in
``cards.pxd``)."""


def uses_pdep():
    """Whether this build selects bits with BMI2's pdep (setup.py decides; see cards.pxd)."""
    return bool(HAVE_PDEP)


def _nth_card(uint64_t mask, int n):
    """Test hook: cards.pxd's nth_card (the n-th lowest member of mask, 0-based)."""
    if not 0 <= n < bin(mask).count("1"):
        raise ValueError(f"mask has no member number {n}")
    return nth_card(mask, n)


def _nth_card_portable(uint64_t mask, int n):
    """Test hook: cards.pxd's select_portable, whatever this build's nth_card uses."""
    if not 0 <= n < bin(mask).count("1"):
        raise ValueError(f"mask has no member number {n}")
    return select_portable(mask, n)


def mask_from_cards(cards):
    """The set of card ints as a mask; raises ValueError on a card twice."""
    mask = 0
    for c in cards:
        bit = 1 << c
        if mask & bit:
            raise ValueError(f"card {c} appears twice")
        mask |= bit
    return mask


def cards_from_mask(mask):
    """The card ints of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def draw_subset(rng, mask, int k):
    """k cards drawn uniformly from ``mask`` with ``rng`` (a solver.rng.Random): the same draws
    as cards.pxd's random_subset, for the pure-Python reference engines."""
    out = 0
    for _ in range(k):
        members = cards_from_mask(mask)
        c = members[rng.randbelow(len(members))]
        mask &= ~(1 << c)
        out |= 1 << c
    return out


def count(mask):
    return bin(mask).count("1")
