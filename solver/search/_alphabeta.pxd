# The cdef classes of solver/search/_alphabeta.pyx that other modules reach at C level:
# RootMerge (solver/search/_pimc.pyx) adds a WorldClaims job's values to PIMC's merge without
# a Python object per value (``RootMerge.add_claims``).
from cpython.ref cimport PyObject

cdef extern from "<pthread.h>" nogil:
    ctypedef struct pthread_mutex_t:
        pass
    ctypedef struct pthread_cond_t:
        pass


cdef class WorldClaims:
    cdef list worlds                    # the worlds given, in order (owns the states)
    cdef int given                      # how many
    cdef int* src                       # given world -> its distinct world (0 .. n - 1)
    cdef int* first                     # 1 where the given world is its distinct world's first
    cdef PyObject** ptrs                # the distinct worlds (borrowed from ``worlds``)
    cdef int n                          # how many distinct worlds
    # distinct world w's legal actions at acts[start[w] .. start[w] + counts[w] - 1], each
    # one's value for the mover in vals, the nodes valuing it took in nodes, 1 in solved once
    # its value is stored (th_store)
    cdef int* start
    cdef int* counts
    cdef int* acts
    cdef double* vals
    cdef long long* nodes
    cdef int* solved
    cdef double* totals                 # per distinct world: what both seats gain to the end
                                        # of its round
    # per distinct world, its actions not yet taken: indices lo .. hi - 1, packed
    # lo | hi << 16 in one int so that the owner (lo + 1) and a thief (hi - 1) take them by
    # compare-and-swap
    cdef int* span
    cdef void** owners                  # per distinct world: its owner's kernel, or NULL
    cdef int next_world                 # the next world to own (th_add only)
    # under ``lock`` (the caller's thread waits on ``done`` for active to reach 0):
    cdef pthread_mutex_t lock
    cdef pthread_cond_t done
    cdef bint sync_ready                # lock and done initialised (__dealloc__ destroys them)
    cdef int active                     # helpers inside the loop
    cdef int closed                     # the caller's thread has run out of actions

    cdef int take_front(self, int w) noexcept nogil
    cdef int take_back(self, int* world) noexcept nogil
    cdef int check_valued(self) except -1
