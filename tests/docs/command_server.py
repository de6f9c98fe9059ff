"""Runs `visualizer` commands for the docs test, each in a process of its own forked from this one after the
imports every command makes, so that a page's hundred commands do not each start Python and import the tool.

Run as `python command_server.py`. Each request is one JSON line on stdin, `{"args": [...], "cwd": ...,
"stdout": FILE, "stderr": FILE}`; the answer is two JSON lines on stdout: `{"pid": N}` as soon as the command's
process exists (the leader of a session of its own, so a time-out can stop it and what it started), then
`{"code": N}`, its exit code, once it has ended. The command runs as `python -m visualizer ARGS` would: its own
process, stdin empty, stdout and stderr in the files, `visualizer.cli.run` as its entry.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import traceback

import matplotlib.backends.backend_agg  # noqa: F401 (the pictures' painter: half the pages' commands draw)
import matplotlib.figure  # noqa: F401

from visualizer.cli import run


def _command(request: dict[str, object]) -> int:
    """Runs one command in this (forked) process; returns its exit code."""
    os.setsid()
    os.chdir(str(request["cwd"]))
    written = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    streams = ((0, os.devnull, os.O_RDONLY), (1, request["stdout"], written), (2, request["stderr"], written))
    for fd, path, flags in streams:
        opened = os.open(str(path), flags, 0o644)
        os.dup2(opened, fd)
        os.close(opened)
    sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115 (the process's own streams, as at startup)
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.argv = ["visualizer", *map(str, request["args"])]  # type: ignore[call-overload]
    try:
        run()
    except SystemExit as exit:
        return exit.code if isinstance(exit.code, int) else int(exit.code is not None)
    except BaseException:  # as Python would: the traceback on stderr, exit code 1
        traceback.print_exc()
        return 1
    return 0


def _answer(fields: dict[str, int]) -> None:
    sys.stdout.write(json.dumps(fields) + "\n")
    sys.stdout.flush()


def serve() -> None:
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                code = _command(request)
            finally:
                for stream in (sys.stdout, sys.stderr):
                    with contextlib.suppress(OSError, ValueError):
                        stream.flush()
                os._exit(code)
        _answer({"pid": pid})
        _, status = os.waitpid(pid, 0)
        _answer({"code": os.waitstatus_to_exitcode(status)})


if __name__ == "__main__":
    serve()
