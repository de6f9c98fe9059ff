"""Provides `Memo`: a function's value for each key, worked out once and then a dict lookup in C."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["Memo"]


class Memo(dict):
    """`memo[key]` is `function(key)`, called the first time `key` is asked for only."""

    def __init__(self, function: Callable[[Any], Any]):
        super().__init__()
        self.function = function

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.function(key)
        return value
