"""Searches of the web app, each in its own process: several browser tabs search at once and
none blocks the server (the Cython searches hold the GIL while they run), a search reports its
progress, and cancelling a search ends its process.

A job is a task function of :mod:`tournaments.web.tasks` run as ``fn(report, **kwargs)`` in a
child process; ``report(done, total)`` sends progress to the parent, the return value (plain
JSON-able data) is the result. A watcher thread per job waits on the child's pipe (no GIL held
while waiting). At most ``workers`` children run at once; the others wait their turn.
"""
import itertools
import multiprocessing
import signal
import threading
import time
import traceback
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Callable, Optional

from solver.errors import TrickhoundError

# The children are started by a fork server that has the engines imported already: a fresh
# process per job in milliseconds, and no fork of the server's threads.
_CTX = multiprocessing.get_context("forkserver")
_CTX.set_forkserver_preload(["tournaments.web.tasks"])


@dataclass
class Job:
    id: str
    kind: str
    title: str
    done_url: Optional[str] = None    # where the job page sends the browser once done
    expected_s: Optional[float] = None  # a time-bound search's budget: progress by the clock
    status: str = "waiting"           # waiting | running | done | failed | cancelled
    done: int = 0
    total: int = 0
    started: float = field(default_factory=time.time)
    finished: Optional[float] = None
    result: Any = None                # the task's return value (plain JSON-able data)
    error: Optional[str] = None
    user_error: bool = False          # the error is the input's fault (a 4xx), not ours
    _process: Optional[BaseProcess] = None
    _cancel: bool = False

    @property
    def elapsed(self) -> float:
        return (self.finished or time.time()) - self.started

    @property
    def fraction(self) -> Optional[float]:
        if self.total:
            return self.done / self.total
        if self.expected_s:
            return min(0.99, self.elapsed / self.expected_s)
        return None

    @property
    def finished_ok(self) -> bool:
        return self.status == "done"

    @property
    def active(self) -> bool:
        return self.status in ("waiting", "running")


def _child(conn: Connection, fn: Callable, kwargs: dict) -> None:
    """Runs in the child: the task with a progress callback; sends ("progress", done, total)
    messages, then ("done", result) or ("error", user_error, message). Ctrl-C at the terminal
    reaches the whole process group: the server ends its jobs itself (JobManager.shutdown),
    so the child ignores it rather than print a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    def report(done: int, total: int) -> None:
        conn.send(("progress", int(done), int(total)))
    try:
        conn.send(("done", fn(report, **kwargs)))
    except (TrickhoundError, ValueError, LookupError) as e:
        conn.send(("error", True, " ".join(str(e).split()) or type(e).__name__))
    except Exception as e:  # a bug in a search: reported on the page, logged on stderr
        traceback.print_exc()
        conn.send(("error", False, f"{type(e).__name__}: {e}"))
    finally:
        conn.close()


class JobManager:
    """Starts, tracks and cancels jobs; keeps the last ``keep`` of them."""

    def __init__(self, workers: int = 2, keep: int = 200) -> None:
        self._slots = threading.BoundedSemaphore(workers)
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self.keep = keep

    def submit(self, kind: str, title: str, fn: Callable, kwargs: dict,
               done_url: Optional[str] = None, expected_s: Optional[float] = None) -> Job:
        """Start ``fn(report, **kwargs)`` in a child process (as soon as a slot is free);
        ``done_url`` may contain ``{job}`` for the job's id."""
        job = Job(id=f"{kind}-{next(self._ids)}-{int(time.time() * 1000) % 100000}",
                  kind=kind, title=title, expected_s=expected_s)
        if done_url:
            job.done_url = done_url.replace("{job}", job.id)
        with self._lock:
            self._jobs[job.id] = job
            for old in list(self._jobs)[:-self.keep]:
                if not self._jobs[old].active:
                    del self._jobs[old]
        threading.Thread(target=self._watch, args=(job, fn, kwargs), daemon=True).start()
        return job

    def get(self, job_id: str) -> Optional[Job]:
        return self._jobs.get(job_id)

    def cancel(self, job_id: str) -> Optional[Job]:
        job = self._jobs.get(job_id)
        if job is not None and job.active:
            job._cancel = True
            p = job._process
            if p is not None:
                p.terminate()
            # Final at once (the watcher thread sees the process end a moment later).
            self._finish(job, "cancelled")
        return job

    def _watch(self, job: Job, fn: Callable, kwargs: dict) -> None:
        with self._slots:
            if job._cancel:
                self._finish(job, "cancelled")
                return
            parent, child = _CTX.Pipe(duplex=False)
            p = _CTX.Process(target=_child, args=(child, fn, kwargs), daemon=True)
            job._process = p
            job.status = "running"
            try:
                p.start()
            except (OSError, RuntimeError) as e:   # no process to be had: the job fails, visibly
                child.close()
                parent.close()
                self._finish(job, "failed", error=f"cannot start the search process: {e}")
                return
            child.close()
            try:
                while True:
                    try:
                        msg = parent.recv()
                    except EOFError:       # the child ended without an answer: cancelled/killed
                        self._finish(job, "cancelled" if job._cancel else "failed",
                                     error=None if job._cancel else "the search process died")
                        break
                    if msg[0] == "progress":
                        job.done, job.total = msg[1], msg[2]
                    elif msg[0] == "done":
                        job.result = msg[1]
                        self._finish(job, "done")
                        break
                    else:
                        job.user_error = msg[1]
                        self._finish(job, "failed", error=msg[2])
                        break
            finally:
                parent.close()
                p.join(timeout=5)
                job._process = None

    @staticmethod
    def _finish(job: Job, status: str, error: Optional[str] = None) -> None:
        if job.status == "cancelled":      # a cancelled job stays cancelled
            return
        job.status, job.error, job.finished = status, error, time.time()

    def shutdown(self) -> None:
        for job in list(self._jobs.values()):
            if job.active:
                self.cancel(job.id)
