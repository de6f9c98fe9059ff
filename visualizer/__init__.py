"""Provides gametree visualizer: game trees, traced minimax/alpha-beta/negamax search, and views of it.

The names below are the public API, each imported from its module when first used (so `import
visualizer` stays quick):

    from visualizer import builtin_example, trace_search, write_json, to_dot
    trace = trace_search(builtin_example(), "alphabeta")
"""

from __future__ import annotations

import sys

from visualizer.lazy import lazy_names
from visualizer.version import __version__

_API = {
    "Game": "visualizer.games.base",
    "Player": "visualizer.games.base",
    "builtin_example": "visualizer.games",
    "from_array": "visualizer.games",
    "from_nested": "visualizer.games",
    "random_tree": "visualizer.games",
    "TicTacToe": "visualizer.games",
    "Nim": "visualizer.games",
    "ConnectFour": "visualizer.games",
    "trace_search": "visualizer.search",
    "Algorithm": "visualizer.search",
    "register": "visualizer.search",
    "Recorder": "visualizer.tracing",
    "Replay": "visualizer.steps.replay",
    "Trace": "visualizer.tracing",
    "Tracer": "visualizer.tracing",
    "EventKind": "visualizer.tracing",
    "to_json": "visualizer.readwrite",
    "from_json": "visualizer.readwrite",
    "write_json": "visualizer.readwrite",
    "read_json": "visualizer.readwrite",
    "to_dot": "visualizer.dot",
    "write_dot": "visualizer.dot",
    "Figure": "visualizer.pictures.figure",
    "to_svg": "visualizer.pictures.svg",
    "write_trace_files": "visualizer.export",
}
"""The module of each public name. (`search` is not one: `visualizer.search` is its subpackage, so the name
would mean the module or the function depending on what was imported first; use `trace_search`, or
`from visualizer.search import search`.)"""

__all__ = ["__version__", *_API]
__getattr__, __dir__ = lazy_names(__name__, _API)


if "IPython" in sys.modules:  # in IPython and Jupyter, traces show themselves as figures
    import visualizer.notebook  # noqa: E402, F401 (registers the display: the notebook layer sits on top)
