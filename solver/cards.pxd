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

# BMI2's pdep selects the n-th set bit in one instruction. setup.py compiles with -mbmi2 only
# where the building CPU has a fast pdep (see there; TRICKHOUND_PORTABLE=1 turns it off);
# elsewhere nth_card uses a portable branch-free select. Both give the same answer.
cdef extern from *:
    """
    #if defined(__BMI2__)
    #include <immintrin.h>
    #define TRICKHOUND_PDEP 1
    static inline int trickhound_pdep_select(unsigned long long m, int n) {
        return __builtin_ctzll(_pdep_u64(1ULL << n, m));
    }
    #else
    #define TRICKHOUND_PDEP 0
    static inline int trickhound_pdep_select(unsigned long long m, int n) { return -1; }
    #endif
    """
    bint HAVE_PDEP "TRICKHOUND_PDEP"
    int pdep_select "trickhound_pdep_select"(unsigned long long m, int n) nogil


cdef inline int popcount(uint64_t mask) noexcept nogil:
    return __builtin_popcountll(mask)


cdef inline int lowest_card(uint64_t mask) noexcept nogil:
    """Index of the lowest set bit; mask must be non-zero."""
    return __builtin_ctzll(mask)


cdef inline int highest_card(uint64_t mask) noexcept nogil:
    """Index of the highest set bit; mask must be non-zero."""
    return 63 - __builtin_clzll(mask)


cdef inline int nth_card(uint64_t mask, int n) noexcept nogil:
    """Index of the n-th (0-based, ascending) set bit of mask; n < popcount(mask). A random
    rollout picks every card with it: one pdep with BMI2, else select_portable."""
    if HAVE_PDEP:
        return pdep_select(mask, n)
    return select_portable(mask, n)


cdef inline int select_portable(uint64_t mask, int n) noexcept nogil:
    """nth_card without BMI2: a branch-free broadword select (no loop to mispredict). The
    bytes' popcounts, prefix-summed by one multiply, locate the byte holding the bit; the same
    trick on that byte's bits, spread one per byte, locates the bit. In every byte lane the
    values stay under 128, so ``(n | 0x80) - prefix`` keeps its top bit exactly when
    prefix <= n, and no lane borrows from the next."""
    cdef uint64_t L8 = 0x0101010101010101ULL, H8 = 0x8080808080808080ULL
    cdef uint64_t s = mask - ((mask >> 1) & 0x5555555555555555ULL)
    cdef uint64_t prefix, bits
    cdef int shift, j
    s = (s & 0x3333333333333333ULL) + ((s >> 2) & 0x3333333333333333ULL)
    s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0FULL
    prefix = s * L8                                   # lane i: set bits in bytes 0..i
    shift = __builtin_popcountll(((<uint64_t>n * L8) | H8) - prefix & H8) << 3
    j = n - <int>(((prefix << 8) >> shift) & 0xFF)    # rank of the bit inside its byte
    bits = (mask >> shift) & 0xFF
    bits = ((((bits * L8) & 0x8040201008040201ULL) + 0x7F7F7F7F7F7F7F7FULL) >> 7) & L8
    return shift + __builtin_popcountll(((<uint64_t>j * L8) | H8) - bits * L8 & H8)


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
