"""Provides `from_spec`: the game a `source` spec describes (the inverse of `Game.spec()`), checked field by field.

A spec is read from files people can edit (saved traces, answer files), so `from_spec` is total: any
JSON value gives a game or an `InputError` whose one line names the field, its value and what to write.
It dispatches on the spec's kind through the game registry (`games/registry.py`), where each kind's
class reads its own fields (`from_spec` classmethods, with `games/spec_fields.py`).
"""

from __future__ import annotations

from visualizer.games.registry import from_spec

__all__ = ["from_spec"]
