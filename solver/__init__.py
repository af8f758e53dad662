"""trickhound's engines, searches and solvers (the layer below bots/ and tournaments/)."""
import os

# numpy's OpenBLAS starts a worker thread per core when numpy is imported, and a worker spins
# (busy-waits) for ~60 ms after the import and after every threaded BLAS call before it
# sleeps: on 2 cores that took one core from a search's threads (Mate's forced-card-hidden
# PIMC on 2 threads ran at 1-thread speed until it slept) and from a tournament worker's
# first games. trickhound's numpy work (the evaluation and opponent-model fits) is small, so
# BLAS runs on the calling thread; a value the user set is kept.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")
