"""Provides `serve`: the app in a web browser through textual-serve (the optional `serve` extra)."""

from __future__ import annotations

import shlex
import sys
from typing import Sequence

from visualizer.errors import InputError

__all__ = ["serve"]


def serve(host: str, port: int, tui_args: Sequence[str]) -> None:
    """Serves `visualizer tui TUI_ARGS` to each visitor until interrupted."""
    try:
        from textual_serve.server import Server
    except ImportError:
        raise InputError(
            "textual-serve is not installed; install it with pip install 'gametree-visualizer[serve]'"
        ) from None
    command = shlex.join([sys.executable, "-m", "visualizer", "tui", *tui_args])
    print(f"Serving the app at http://{host}:{port}/ (ctrl+c stops)", flush=True)
    Server(command, host=host, port=port, title="gametree visualizer").serve()
