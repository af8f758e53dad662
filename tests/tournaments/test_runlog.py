"""The run log's receiver ends at close even when a worker died inside a put."""
import logging
import multiprocessing

from tournaments.runner import CLOSE_GRACE, _mp_handler


def test_receiver_ends_at_close_when_a_killed_worker_left_a_record_counted(tmp_path) -> None:
    """A worker killed inside ``queue.put`` leaves the queue counting a record that never
    arrives (qsize() > 0 for ever). The receiver must still end after close (it used to poll
    for ever, and the queue's feeder thread then held the interpreter's exit)."""
    fh = logging.FileHandler(str(tmp_path / "t.log"))
    handler = _mp_handler(fh, multiprocessing.get_context("spawn"))
    handler.emit(logging.LogRecord("trickhound", logging.INFO, __file__, 1, "one", None, None))
    handler.queue._sem.acquire()        # what a put that never reached the pipe leaves behind
    assert handler.queue.qsize() >= 1
    handler.close()
    handler._receive_thread.join(CLOSE_GRACE + 5)
    assert not handler._receive_thread.is_alive()
    assert "one" in (tmp_path / "t.log").read_text()
