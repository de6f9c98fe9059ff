"""Provides `serve`: the app in a web browser through textual-serve (the optional `serve` extra)."""

from __future__ import annotations

import errno
import shlex
import socket
import sys
from collections.abc import Sequence

from visualizer.errors import InputError

__all__ = ["serve", "check_address"]


def check_address(host: str, port: int) -> None:
    """Refuses, in one line, a host that does not resolve to this machine or a port that is taken (by
    binding a socket for a moment, as the server will)."""
    try:
        family, kind, protocol, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise InputError(
            f"--host {host!r} is not a known address ({reason}); use e.g. 127.0.0.1 or localhost"
        ) from None
    with socket.socket(family, kind, protocol) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            next_port = port + 1 if port < 65535 else 8000
            reasons: dict[int | None, str] = {
                errno.EADDRINUSE: f"port {port} is already in use on {host}; choose another, e.g. --port {next_port}",
                errno.EADDRNOTAVAIL: f"--host {host} is not an address of this machine; use e.g. 127.0.0.1",
                errno.EACCES: f"port {port} needs more privileges; choose one from 1024 up, e.g. 8000",
            }
            default = f"cannot listen on {host}:{port} ({error.strerror}); choose another --host or --port"
            raise InputError(reasons.get(error.errno, default)) from None


def serve(host: str, port: int, tui_args: Sequence[str]) -> None:
    """Serves `visualizer tui TUI_ARGS` to each visitor until interrupted."""
    try:
        from textual_serve.server import Server
    except ImportError:
        raise InputError(
            "textual-serve is not installed; install it with pip install 'gametree-visualizer[serve]'"
        ) from None
    check_address(host, port)
    command = shlex.join([sys.executable, "-m", "visualizer", "tui", *tui_args])
    print(f"Serving the app at http://{host}:{port}/ (ctrl+c stops)", flush=True)
    Server(command, host=host, port=port, title="gametree visualizer").serve()
