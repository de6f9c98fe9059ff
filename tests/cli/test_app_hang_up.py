"""The app ends when its terminal hangs up, even when no SIGHUP reaches it: an app whose terminal is not its
controlling one (started by `setsid`, or by a harness) was seen reading nothing forever at 65 % CPU."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time

from visualizer.tui.app import HUNG_UP, terminal_hung_up


def test_a_pseudo_terminal_whose_other_end_closed_has_hung_up():
    master, slave = pty.openpty()
    try:
        with open(slave, closefd=False) as stream:
            assert not terminal_hung_up(stream)
            os.close(master)
            master = -1
            assert terminal_hung_up(stream)
    finally:
        os.close(slave)
        if master >= 0:
            os.close(master)
    assert not terminal_hung_up(None)  # no stream: not a hang-up


def test_the_app_exits_with_129_when_its_terminal_closes_without_a_sighup():
    master, slave = pty.openpty()
    app = subprocess.Popen(
        [sys.executable, "-m", "visualizer", "tui", "--array", "1,2,3,4,5,6,7"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,  # a session of its own with no controlling terminal: the close sends no SIGHUP
        env={**os.environ, "TERM": "xterm-256color"},
    )
    os.close(slave)
    try:
        drawn = b""
        deadline = time.monotonic() + 30
        while b"alphabeta" not in drawn and time.monotonic() < deadline:  # the status line: the app is up
            if select.select([master], [], [], 0.2)[0]:
                drawn += os.read(master, 65536)
        assert b"alphabeta" in drawn, "the app never drew its screen"
        os.close(master)
        master = -1
        assert app.wait(timeout=30) == HUNG_UP == 129
    finally:
        if master >= 0:
            os.close(master)
        app.kill()
        app.wait()
