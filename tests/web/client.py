"""Starlette's test client for the web tests (no server), importing it skips the importing
test module where the web extra is not installed."""
import warnings

import pytest

for _module in ("starlette", "httpx", "jinja2", "multipart"):
    pytest.importorskip(_module)

with warnings.catch_warnings():         # starlette 1.x asks for httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

__all__ = ["TestClient"]
