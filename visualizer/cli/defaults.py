"""Provides the commands' default values that the parser shows, in a module that imports nothing, so that
building the parser does not import every command."""

from __future__ import annotations

__all__ = [
    "DEFAULT_BRANCHING",
    "DEFAULT_COUNT",
    "DEFAULT_DEPTH",
    "DEFAULT_MAX_FRAMES",
    "DEFAULT_MAX_IMAGE_NODES",
    "DEFAULT_OUT",
    "STRICT_HELP",
]

DEFAULT_MAX_FRAMES = 1000
"""`export --frames` writes one file per step; more steps than this need `--max-frames` (or a smaller search)."""

DEFAULT_MAX_IMAGE_NODES = 5000
"""`export`: pictures of more nodes than this need `--max-image-nodes` (too wide to read, slow to paint)."""

DEFAULT_BRANCHING = 2
"""`practice`: children per node of a random practice tree."""

DEFAULT_DEPTH = 4
"""`practice`: depth of a random practice tree: 16 leaves, a drawing that fits a terminal."""

DEFAULT_COUNT = 6
"""`worksheet`: exercises on a worksheet unless --count says otherwise."""

DEFAULT_OUT = "worksheet"
"""`worksheet`: the folder the files go to unless --out says otherwise."""

STRICT_HELP = "cut only when a value passes the bound (>, <), not when it equals it"
"""The help of every command's --strict."""
