"""Provides `Row`, one line of the benchmark table (figures, the measured ratio, the target), and its text form."""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["COMPARISONS", "Row", "format_facts", "format_table", "is_met"]

COMPARISONS: dict[str, Callable[[float, float], bool]] = {"<=": operator.le, "<": operator.lt, ">=": operator.ge}
"""How a measured figure is held against its target."""

UNITS = {"x": "{:.2f}x", "MB": "{:,.0f} MB", "s": "{:.2f} s", "ms": "{:.1f} ms", "n": "{:,.0f}", "px": "{:.1f} px"}
"""How a measured figure or a target is written, by unit."""


def is_met(measured: float, comparison: str, target: float) -> bool:
    """True when `measured` `comparison` `target` holds, e.g. 1.2 <= 1.5."""
    return COMPARISONS[comparison](measured, target)


@dataclass
class Row:
    """One measurement against its target.

    Attributes:
        key: a stable identifier, e.g. "tracing-minimax".
        what: what is measured, in words.
        figures: the raw measurements (seconds, nodes, nodes per second, MB), by name.
        measured: the figure held against the target: a ratio (unit "x") or an absolute figure;
            None when it could not be measured (see `note`).
        unit: "x", "MB", "s", "ms", "n" (a count) or "px".
        comparison: "<=", "<" or ">=".
        target: the issue's target in `unit`; None for a row shown to compare, with no target.
        note: why a row has no figure, or what to keep in mind reading it.
    """

    key: str
    what: str
    figures: dict[str, float] = field(default_factory=dict)
    measured: float | None = None
    unit: str = "x"
    comparison: str = "<="
    target: float | None = 1.0
    note: str = ""

    @property
    def met(self) -> bool | None:
        """Whether the target is met (None without a figure or a target)."""
        if self.measured is None or self.target is None:
            return None
        return is_met(self.measured, self.comparison, self.target)

    def to_dict(self) -> dict[str, Any]:
        """The row as JSON-able data, with `met` and `result`."""
        return {**asdict(self), "met": self.met, "result": self.result}

    @property
    def result(self) -> str:
        """ "met", "MISSED", "-" (nothing measured) or "info" (no target)."""
        if self.measured is not None and self.target is None:
            return "info"
        return "-" if self.met is None else "met" if self.met else "MISSED"

    def measured_text(self) -> str:
        """The measured figure in its unit, e.g. "10.26x" or "6,420 MB"; "-" without one."""
        return "-" if self.measured is None else UNITS[self.unit].format(self.measured)

    def target_text(self) -> str:
        """The target with its comparison, e.g. "<= 1.50x" ("-" without one)."""
        return "-" if self.target is None else f"{self.comparison} {UNITS[self.unit].format(self.target)}"

    def figures_text(self) -> str:
        """The figures, e.g. "traced 13.10 s, untraced 1.10 s, 549,946 nodes", then the note."""
        parts = [_figure_text(name, value) for name, value in self.figures.items()]
        return "; ".join(part for part in (", ".join(parts), self.note) if part)


def _figure_text(name: str, value: float) -> str:
    """One figure with its unit, which is read from the end of its name (`_s`, `_ms`, `_mb`, ...)."""
    for suffix, template in _SUFFIXES:
        if name.endswith(suffix):
            label = name.removesuffix(suffix).replace("_", " ")
            return f"{label} {template(value)}"
    label = name.replace("_", " ")
    if name == "nodes" or name.endswith("_nodes"):
        return f"{value:,.0f} {label}"
    return f"{label} {value:,.0f}" if float(value).is_integer() else f"{label} {value:.3g}"


_SUFFIXES: tuple[tuple[str, Callable[[float], str]], ...] = (
    ("_nodes_per_s", lambda value: f"{value:,.0f} nodes/s"),
    ("_ms", lambda value: f"{value:.1f} ms"),
    ("_s", lambda value: f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"),
    ("_mb", lambda value: f"{value:,.1f} MB"),
)


def format_facts(facts: dict[str, Any]) -> str:
    """The machine facts as one block of "name: value" lines."""
    return "\n".join(f"{name.replace('_', ' ')}: {value}" for name, value in facts.items())


def format_table(rows: Sequence[Row]) -> str:
    """The rows as a Markdown table: what, figures, measured, target, result."""
    header = ("what", "figures", "measured", "target", "result")
    lines = [header] + [
        (row.what, row.figures_text(), row.measured_text(), row.target_text(), row.result) for row in rows
    ]
    widths = [max(len(line[column]) for line in lines) for column in range(len(header))]

    def render(cells: Sequence[str]) -> str:
        return "| " + " | ".join(cell.ljust(width) for cell, width in zip(cells, widths)) + " |"

    separator = "| " + " | ".join("-" * width for width in widths) + " |"
    return "\n".join([render(lines[0]), separator] + [render(line) for line in lines[1:]])
