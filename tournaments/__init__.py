"""Tournaments, ratings and the ``trickhound`` command line (the layer above bots/ and solver/)."""
import logging

import solver  # noqa: F401  (first: it keeps numpy's BLAS on one thread, solver/__init__.py)

# The release (pyproject.toml's version; a test keeps the two equal). Runs and published
# leaderboards record it, so that a board played by older bots is marked as such.
__version__ = "0.12.0"

# The "trickhound" loggers write to a run's tournament.log (runner.RunLog) while a run is open;
# what the user must see is printed by the commands themselves ("trickhound: warning: ..."), so
# without a run's handler the records go nowhere rather than to Python's last-resort handler
# (which printed every warning a second time, bare).
logging.getLogger("trickhound").addHandler(logging.NullHandler())
