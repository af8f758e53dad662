"""Python face of the seeded generator in ``rng.pxd``.

``Random(seed)`` is what Python callers pass to ``view.determinize(rng)`` and to searches; Cython
code takes ``&random.rng`` and calls the inline functions without the GIL.
"""
from libc.stdint cimport uint64_t


def derive_seed(*parts):
    """A 64-bit seed derived deterministically from integers and strings (for sub-streams:
    one master seed -> a seed per deal, per bot, per world)."""
    cdef uint64_t x = 0x6A09E667F3BCC909ULL
    cdef uint64_t h
    for part in parts:
        if isinstance(part, str):
            for ch in part.encode("utf-8"):
                x ^= <uint64_t>ch
                h = splitmix64(&x)
                x ^= h
        else:
            x ^= <uint64_t>(int(part) & 0xFFFFFFFFFFFFFFFF)
            h = splitmix64(&x)
            x ^= h
    return int(splitmix64(&x) >> 1)  # 63 bits: fits every signed 64-bit consumer


cdef class Random:
    """A seeded xoshiro256** stream. Same seed, same numbers, on every platform."""

    def __init__(self, seed=0):
        rng_seed(&self.rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))

    def next_u64(self):
        return rng_next(&self.rng)

    def randbelow(self, n):
        """Uniform integer in [0, n)."""
        if not 1 <= n <= 0xFFFFFFFF:
            raise ValueError(f"randbelow needs 1 <= n < 2**32, got {n}")
        return rng_below(&self.rng, <unsigned int>n)

    def random(self):
        """Uniform float in [0, 1)."""
        return rng_uniform(&self.rng)

    def shuffle(self, list items):
        """Fisher-Yates shuffle in place."""
        cdef Py_ssize_t i, j
        for i in range(len(items) - 1, 0, -1):
            j = rng_below(&self.rng, <unsigned int>(i + 1))
            items[i], items[j] = items[j], items[i]

    def choice(self, seq):
        return seq[self.randbelow(len(seq))]

    def __getstate__(self):
        return (self.rng.s[0], self.rng.s[1], self.rng.s[2], self.rng.s[3])

    def __setstate__(self, state):
        for i in range(4):
            self.rng.s[i] = state[i]

    def __reduce__(self):
        return (Random, (0,), self.__getstate__())
