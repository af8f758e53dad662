# Card sets as uint64_t bit masks: bit c is set when card c is in the set.
#
# Each game numbers its own cards (see its rules document's encoding section); these helpers
# know nothing about suits or ranks, only about sets of small integers.
from libc.stdint cimport uint64_t
from solver.rng cimport Rng, rng_below

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_clzll(unsigned long long) nogil


cdef inline int popcount(uint64_t mask) noexcept nogil:
    return __builtin_popcountll(mask)


cdef inline int lowest_card(uint64_t mask) noexcept nogil:
    """Index of the lowest set bit; mask must be non-zero."""
    return __builtin_ctzll(mask)


cdef inline int highest_card(uint64_t mask) noexcept nogil:
    """Index of the highest set bit; mask must be non-zero."""
    return 63 - __builtin_clzll(mask)


cdef inline int nth_card(uint64_t mask, int n) noexcept nogil:
    """Index of the n-th (0-based, ascending) set bit of mask; n < popcount(mask)."""
    cdef int i
    for i in range(n):
        mask &= mask - 1
    return __builtin_ctzll(mask)


cdef inline int random_card(uint64_t mask, Rng* rng) noexcept nogil:
    """A uniformly random member of a non-empty set."""
    return nth_card(mask, <int>rng_below(rng, <unsigned int>popcount(mask)))


cdef inline uint64_t random_subset(uint64_t mask, int k, Rng* rng) noexcept nogil:
    """A uniformly random k-subset of mask (k <= popcount(mask))."""
    cdef uint64_t out = 0
    cdef int c
    cdef int i
    for i in range(k):
        c = random_card(mask, rng)
        mask &= ~(1ULL << c)
        out |= 1ULL << c
    return out


cdef inline int mask_to_array(uint64_t mask, int* out) noexcept nogil:
    """Write the members in ascending order; return how many."""
    cdef int n = 0
    while mask:
        out[n] = __builtin_ctzll(mask)
        n += 1
        mask &= mask - 1
    return n
