"""Shared by the tests: k-in-a-row lines written from the rules, independent of the library's geometry."""

from __future__ import annotations

from functools import cache


@cache
def lines_of(rows: int, cols: int, length: int) -> tuple[tuple[int, ...], ...]:
    """Every straight run of `length` cells, found by walking east, south, south-east and north-east."""
    found = set()
    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                cells = [(row + d_row * step, col + d_col * step) for step in range(length)]
                if all(0 <= r < rows and 0 <= c < cols for r, c in cells):
                    found.add(tuple(sorted(r * cols + c for r, c in cells)))
    return tuple(sorted(found))
