"""Provides the text form of search values, where infinite windows are written "+inf" and "-inf"."""

from __future__ import annotations

import math
from typing import Any

from visualizer.games.base import Value

__all__ = ["PLUS_INF", "MINUS_INF", "encode_value", "decode_value"]

PLUS_INF = "+inf"
"""How +infinity (an open beta) is written in trace files and labels."""

MINUS_INF = "-inf"
"""How -infinity (an open alpha) is written in trace files and labels."""


def encode_value(value: Value | None) -> Value | str | None:
    """A value as strict JSON allows it: infinities become "+inf"/"-inf", finite numbers stay.

    Raises:
        ValueError: for NaN, which no search produces and JSON cannot hold.
    """
    if isinstance(value, float) and not math.isfinite(value):
        if math.isnan(value):
            raise ValueError("a trace value is NaN; values must be numbers or +/-infinity")
        return PLUS_INF if value > 0 else MINUS_INF
    return value


def decode_value(value: Any) -> Value | None:
    """The inverse of `encode_value`: "+inf"/"-inf" back to float infinities."""
    if value == PLUS_INF:
        return math.inf
    if value == MINUS_INF:
        return -math.inf
    return value
