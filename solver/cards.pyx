"""Python helpers for uint64 card sets (the fast versions are the inline functions in
``cards.pxd``)."""


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


def count(mask):
    return bin(mask).count("1")
