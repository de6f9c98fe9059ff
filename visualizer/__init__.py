"""Provides gametree visualizer: game trees, traced minimax/alpha-beta/negamax search, and views of it.

`from visualizer import ...` gives the few names a script or a notebook needs:

- build a tree or a game: `builtin_example`, `from_array`, `from_nested`, `random_tree`, `TicTacToe`,
  `Nim`, `ConnectFour`, and `Player` (who moves at the root: `Player.MAX` or `Player.MIN`);
- search with a trace: `trace_search`, which returns a `Trace` (its `summary`, its `events`, and
  `Trace.to_networkx`);
- write and read a trace: `to_json`, `from_json`, `write_json`, `read_json`, and Graphviz DOT with
  `to_dot` and `write_dot`;
- draw a figure: `Figure` (the finished search, or any step) and `to_svg`;
- show it in a notebook: in Jupyter a `Trace` shows itself as the figure of its finished search (a
  cell's last value, or IPython's `display(trace)`).

One more name is public but stays in its module, since `Player` is taken: `visualizer.notebook.Player`, a
slider and a play button over a trace's steps (it needs the `notebook` extra, ipywidgets).

The docstring of each of these names has an example. Everything else, every module and every other name, is
internal: it may change between versions without notice.

    from visualizer import builtin_example, trace_search, write_json
    trace = trace_search(builtin_example(), "alphabeta")
    print(trace.summary.value, trace.names(trace.summary.visit_order))
    write_json(trace, "example15-alphabeta.json")

Each name is imported from its module when first used, so `import visualizer` stays quick.
"""

from __future__ import annotations

import sys

from visualizer.lazy import lazy_names
from visualizer.version import __version__

_API = {
    "builtin_example": "visualizer.games",
    "from_array": "visualizer.games",
    "from_nested": "visualizer.games",
    "random_tree": "visualizer.games",
    "TicTacToe": "visualizer.games",
    "Nim": "visualizer.games",
    "ConnectFour": "visualizer.games",
    "Player": "visualizer.games.base",
    "trace_search": "visualizer.search",
    "Trace": "visualizer.tracing",
    "to_json": "visualizer.readwrite",
    "from_json": "visualizer.readwrite",
    "write_json": "visualizer.readwrite",
    "read_json": "visualizer.readwrite",
    "to_dot": "visualizer.dot",
    "write_dot": "visualizer.dot",
    "Figure": "visualizer.pictures.figure",
    "to_svg": "visualizer.pictures.svg",
}
"""The module of each public name. (`search` is not one: `visualizer.search` is its subpackage, so the name
would mean the module or the function depending on what was imported first; use `trace_search`.)"""

__all__ = ["__version__", *_API]
__getattr__, __dir__ = lazy_names(__name__, _API)


if "IPython" in sys.modules:  # in IPython and Jupyter, traces show themselves as figures
    import visualizer.notebook  # noqa: E402, F401 (registers the display: the notebook layer sits on top)
