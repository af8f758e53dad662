# A small seeded random number generator usable without the GIL.
#
# xoshiro256** (Blackman & Vigna) seeded through splitmix64, with Lemire's unbiased bounded
# integers. The state is a plain struct passed by pointer, so every search, playout and
# determinization owns its stream and nothing is shared between threads or processes.
from libc.stdint cimport uint64_t, uint32_t

ctypedef struct Rng:
    uint64_t s[4]


cdef inline uint64_t _rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t splitmix64(uint64_t* x) noexcept nogil:
    x[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = x[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline void rng_seed(Rng* rng, uint64_t seed) noexcept nogil:
    cdef uint64_t x = seed
    cdef int i
    for i in range(4):
        rng.s[i] = splitmix64(&x)


cdef inline uint64_t rng_next(Rng* rng) noexcept nogil:
    cdef uint64_t result = _rotl(rng.s[1] * 5, 7) * 9
    cdef uint64_t t = rng.s[1] << 17
    rng.s[2] ^= rng.s[0]
    rng.s[3] ^= rng.s[1]
    rng.s[1] ^= rng.s[2]
    rng.s[0] ^= rng.s[3]
    rng.s[2] ^= t
    rng.s[3] = _rotl(rng.s[3], 45)
    return result


cdef inline uint32_t rng_below(Rng* rng, uint32_t n) noexcept nogil:
    """Uniform integer in [0, n), n >= 1 (Lemire's nearly-divisionless method)."""
    cdef uint64_t m = (rng_next(rng) >> 32) * <uint64_t>n
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t threshold
    if low < n:
        threshold = (<uint32_t>(-n)) % n
        while low < threshold:
            m = (rng_next(rng) >> 32) * <uint64_t>n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef inline uint32_t rng_below_other(Rng* rng, uint32_t n, uint32_t a) noexcept nogil:
    """Uniform integer in [0, n) other than ``a`` (n >= 2, a < n): with ``a`` drawn by
    rng_below, a uniform ordered pair of distinct indices."""
    cdef uint32_t b = rng_below(rng, n - 1)
    return b + 1 if b >= a else b


cdef inline double rng_uniform(Rng* rng) noexcept nogil:
    """Uniform double in [0, 1)."""
    return (rng_next(rng) >> 11) * (1.0 / 9007199254740992.0)


cdef class Random:
    cdef Rng rng
