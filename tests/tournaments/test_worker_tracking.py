"""The pool worker's wrapper around every bot call (worker._track): the tracker names the seat
while the bot's code runs (the parent blames that seat when the worker dies or hangs), and
whatever the bot prints, to stdout or stderr, goes to the log with its seat and spec, an
unfinished line logged when the call returns; the process's own streams are back after every
call, also when the bot raises."""
import logging
import sys

import pytest

from bots.base import Bot
from tournaments.worker import _track


class Chatty(Bot):
    name = "chatty"

    def __init__(self, seed: int = 0, tracker: list = ()) -> None:
        super().__init__(seed)
        self.tracker = tracker
        self.seen: list[tuple[float, bool]] = []

    def act(self, view):
        self.seen.append((self.tracker[0], self.tracker[1] > 0))
        print("thinking", end="")            # no newline: logged when act returns
        print("line one\nline two", file=sys.stderr)
        if view == "raise":
            raise ValueError("bad view")
        return 3


def test_calls_are_tracked_and_prints_logged_per_seat(caplog):
    tracker = [-1.0, 0.0, 7.0]
    bot = Chatty(tracker=tracker)
    _track(bot, 1, tracker, "chatty(x=1)")
    stdout, stderr = sys.stdout, sys.stderr
    with caplog.at_level(logging.INFO, logger="trickhound.bot"):
        assert bot.act("view") == 3
        assert sys.stdout is stdout and sys.stderr is stderr
        assert tracker[:2] == [-1, 0.0]          # no bot running between calls
        with pytest.raises(ValueError, match="bad view"):
            bot.act("raise")
        assert sys.stdout is stdout and sys.stderr is stderr
        assert tracker[:2] == [-1, 0.0]
    assert bot.seen == [(1, True), (1, True)]   # the seat and a start time while it ran
    lines = [r.getMessage() for r in caplog.records if r.name == "trickhound.bot"]
    assert lines == ["seat 1 chatty(x=1) printed to stderr: line one",
                     "seat 1 chatty(x=1) printed to stderr: line two",
                     "seat 1 chatty(x=1) printed: thinking"] * 2
