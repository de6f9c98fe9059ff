"""Provides `split_list`: an option's comma-separated items, with one rule for empty ones everywhere."""

from __future__ import annotations

from visualizer.errors import InputError

__all__ = ["split_list"]


def split_list(text: str, what: str, example: str) -> list[str]:
    """'a, b,c,a' to ["a", "b", "c"], each item once; an empty list or item (`8,,16`) is an InputError naming `what`."""
    items = [item.strip() for item in text.split(",")]
    if not any(items):
        raise InputError(f"{what} is empty; give items separated by commas, e.g. {what} {example}")
    if not all(items):
        raise InputError(f"{what} {text!r} has an empty item between commas; e.g. {what} {example}")
    return list(dict.fromkeys(items))
