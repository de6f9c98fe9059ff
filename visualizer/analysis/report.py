"""Provides the study's words and numbers as the CLI and the app both show them: percentages, mean ± sd, the summary."""

from __future__ import annotations

from collections.abc import Sequence

from visualizer.analysis.study import Study, StudyRow

__all__ = ["measures", "percent", "summary", "table_cells"]


def percent(fraction: float) -> str:
    """0.2532 -> "25%"; below 9.95% non-zero fractions keep one decimal (0.0615 -> "6.2%", 0.0999 -> "10%")."""
    return f"{fraction:.1%}" if 0 < abs(fraction) < 0.0995 else f"{fraction:.0%}"


def measures(rows: Sequence[StudyRow], measure: str) -> list[str]:
    """ "mean ± sd" of `measure` ("nodes" or "leaves") for each row, means and deviations each aligned."""
    means = [f"{getattr(row, measure).mean:.1f}" for row in rows]
    deviations = [f"{getattr(row, measure).sd:.1f}" for row in rows]
    mean_width, sd_width = max(map(len, means), default=0), max(map(len, deviations), default=0)
    return [f"{mean:>{mean_width}} ± {sd:<{sd_width}}" for mean, sd in zip(means, deviations)]


def table_cells(study: Study) -> list[dict[str, str]]:
    """Each row's cells by column (leaves, depth, search, nodes, evaluated, saved, knuth-moore, nodes-saved): a
    size's own cells on its first row (minimax's) only, and "-" for what minimax saved."""
    rows = list(study.rows)
    table = []
    for row, nodes, evaluated in zip(rows, measures(rows, "nodes"), measures(rows, "leaves")):
        first = row.is_baseline
        minimal = study.knuth_moore(row.size)
        table.append(
            {
                "leaves": str(row.size.leaves) if first else "",
                "depth": (str(row.size.depth) if row.size.is_uniform else "-") if first else "",
                "search": row.label,
                "nodes": nodes,
                "evaluated": evaluated,
                "saved": "-" if first else percent(row.leaves_saved),
                "knuth-moore": ("-" if minimal is None else str(minimal)) if first else "",
                "nodes-saved": "-" if first else percent(row.nodes_saved),
            }
        )
    return table


def summary(study: Study) -> str:
    """How much of minimax's work alpha-beta did at the largest size, and the perfect-ordering bound."""
    size = study.sizes[-1]
    rows = [row for row in study.rows if row.size == size]
    full = rows[0].leaves.mean
    shares = [f"{percent(row.leaves.mean / full)} ({row.order})" for row in rows[1:]]
    text = f"At {size.leaves} leaves alpha-beta evaluated {', '.join(shares)} of the leaves minimax evaluated"
    minimal = study.knuth_moore(size)
    if minimal is None:
        return text + "."
    return text + f"; perfect ordering: {percent(minimal / full)} (Knuth-Moore {minimal})."
