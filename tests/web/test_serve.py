"""``trickhound serve`` as a process: a port in use is one line and exit 2 before the server
claims to serve; Ctrl-C and SIGTERM stop it with the one line and the exit code of every other
command (README: ``trickhound: interrupted`` / ``terminated``, 130 / 143). Skips without the
web extra."""
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from tests.web.conftest import REPO, _env, _free_port

for _module in ("starlette", "uvicorn", "jinja2", "multipart"):
    pytest.importorskip(_module)

SERVE = [sys.executable, "-m", "tournaments.cli", "serve", "--workers", "1"]


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        r = subprocess.run(SERVE + ["--port", str(port), "--runs", str(tmp_path)], cwd=REPO,
                           env=_env(), capture_output=True, text=True, timeout=120)
    assert r.returncode == 2
    assert r.stdout == ""                                # it never claimed to serve
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith(f"trickhound: error: port {port} is in use (")


def _started(tmp_path):
    """``trickhound serve`` on a free port, answering (bounded: 60 s)."""
    port = _free_port()
    # a session of its own: Ctrl-C at a terminal signals the whole process group
    proc = subprocess.Popen(SERVE + ["--port", str(port), "--runs", str(tmp_path)], cwd=REPO,
                            env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as resp:
                assert resp.status == 200
                return proc, port
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            out, err = proc.communicate()
            pytest.fail(f"trickhound serve did not start:\n{out}\n{err}")
        time.sleep(0.2)


def _busy(port):
    """A hosted game (its own process) and a search running (another): the processes a
    signal to the group reaches besides the server."""
    base = f"http://127.0.0.1:{port}"
    data = urllib.parse.urlencode({"game": "mate", "bots": "random"}).encode()
    with urllib.request.urlopen(base + "/play", data=data, timeout=60) as resp:
        assert "/play/" in resp.url
    data = urllib.parse.urlencode({"game": "mate", "algo": "ismcts",
                                   "limit": "time_s=60"}).encode()
    with urllib.request.urlopen(base + "/recommend", data=data, timeout=60) as resp:
        assert "/jobs/" in resp.url


@pytest.mark.parametrize("sig,code,word,group", [(signal.SIGINT, 130, "interrupted", True),
                                                 (signal.SIGINT, 130, "interrupted", False),
                                                 (signal.SIGTERM, 143, "terminated", False)])
def test_ctrl_c_and_sigterm_say_so(tmp_path, sig, code, word, group):
    """One line and the exit code; with a game hosted and a search running, Ctrl-C to the
    whole process group (as at a terminal) prints no child's traceback either."""
    proc, port = _started(tmp_path)
    try:
        if group:
            _busy(port)
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:          # the server's own session: it and its children
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert out == f"trickhound: serving on http://127.0.0.1:{port}/ (Ctrl-C to stop)\n"
    assert proc.returncode == code, err
    assert [ln for ln in err.splitlines() if ln] == [f"trickhound: {word}"]
