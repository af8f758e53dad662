"""Fixtures of the web tests: a small run of our own, ``trickhound serve`` started as a real
process on a free port of 127.0.0.1, and headless Chromium (the system's package, driven by
playwright; no browser download). Every browser test skips when the web extra, playwright or
chromium is missing. Screenshots go to the artefacts folder (``TRICKHOUND_ARTEFACTS``, default
``<tmp>/trickhound-artefacts``), printed at the end of the run."""
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARTEFACTS = os.environ.get("TRICKHOUND_ARTEFACTS",
                           os.path.join(tempfile.gettempdir(), "trickhound-artefacts"))
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")
_saved: list[str] = []


def chromium_path():
    """The system Chromium binary (TRICKHOUND_CHROMIUM overrides), or None."""
    if os.environ.get("TRICKHOUND_CHROMIUM"):
        return os.environ["TRICKHOUND_CHROMIUM"]
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = REPO + os.pathsep + env.get("PYTHONPATH", "")
    return env


@pytest.fixture(scope="session")
def runs_dir(tmp_path_factory):
    """A folder with one small Mate run (random vs solver, with its report and plots)."""
    root = tmp_path_factory.mktemp("runs")
    out = root / "mate-demo"
    r = subprocess.run([sys.executable, "-m", "tournaments.cli", "tournament", "--game", "mate",
                        "--bots", "random,solver", "--deals", "2", "--seed", "1", "--executor",
                        "serial", "--out", str(out), "--quiet", "--report"],
                       cwd=REPO, env=_env(), capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return str(root)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server(request):
    """The base URL of ``trickhound serve`` running in its own process (for the browser tests:
    skips before starting anything when the web extra, playwright or chromium is missing)."""
    for module in ("starlette", "uvicorn", "jinja2", "multipart", "playwright.sync_api"):
        pytest.importorskip(module)
    if chromium_path() is None:
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    runs_dir = request.getfixturevalue("runs_dir")
    port = _free_port()
    log = open(os.path.join(runs_dir, "serve.log"), "w")
    proc = subprocess.Popen([sys.executable, "-m", "tournaments.cli", "serve", "--port",
                             str(port), "--runs", runs_dir, "--workers", "2"],
                            cwd=REPO, env=_env(), stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    try:
        while True:
            try:
                with urllib.request.urlopen(url + "/", timeout=2) as resp:
                    if resp.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                log.flush()
                with open(log.name) as f:
                    pytest.fail(f"trickhound serve did not start:\n{f.read()}")
            time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    exe = chromium_path()
    if exe is None:
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    pg.set_default_timeout(60000)
    yield pg
    ctx.close()


@pytest.fixture
def shot():
    """``shot(page, name)`` saves a full-page screenshot as an artefact and returns its path."""
    os.makedirs(ARTEFACTS, exist_ok=True)

    def save(pg, name):
        path = os.path.join(ARTEFACTS, f"{name}.png")
        pg.screenshot(path=path, full_page=True)
        _saved.append(path)
        return path
    return save


def pytest_terminal_summary(terminalreporter):
    if _saved:
        terminalreporter.write_line(f"web test screenshots ({len(_saved)}) in {ARTEFACTS}")
