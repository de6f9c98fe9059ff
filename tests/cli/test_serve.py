"""`visualizer serve`: the app served to a browser through textual-serve, on loopback only."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request

import pytest
from cli_helpers import free_port

pytest.importorskip("textual_serve")


def test_serve_answers_with_the_app_page_on_loopback():
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "visualizer", "serve", "--port", str(port), "--", "--game", "nim"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        page = ""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not page:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    assert response.status == 200
                    page = response.read().decode("utf-8", "replace")
            except OSError:
                time.sleep(0.3)
        assert "gametree visualizer" in page
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=10)
    assert f"http://127.0.0.1:{port}/" in output
