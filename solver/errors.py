"""Errors raised by trickhound, split by cause (the python-chess pattern).

Every error a user can provoke with bad input is one of these; the command line turns each
into one line on stderr and exit code 2.
"""


class TrickhoundError(Exception):
    """Base class of every error trickhound raises on purpose."""


class InvalidActionError(TrickhoundError, ValueError):
    """Text that does not name an action of this game at all (e.g. ``ZZ``, ``B99``)."""


class IllegalActionError(TrickhoundError, ValueError):
    """A well-formed action that the rules do not allow in this position."""


class InvalidStateError(TrickhoundError, ValueError):
    """A position (state or view JSON) that cannot arise: unknown or duplicate cards, wrong
    hand sizes, impossible counts, malformed fields."""


class InvalidOptionError(TrickhoundError, ValueError):
    """A game string with an unknown option or a bad option value."""


class UnknownGameError(TrickhoundError, LookupError):
    """A game name that is not registered."""
