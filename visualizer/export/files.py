"""Provides `write_trace_files`, `trace_slug` and `fresh_stem`: a trace saved as NAME.json, NAME.dot, pictures..."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from visualizer.dot.frames import FRAME_DIGITS, write_frames
from visualizer.errors import InputError
from visualizer.export.formats import EXPORT_FORMATS, ExportFormat, ExportJob, PictureOptions
from visualizer.games.registry import default_root
from visualizer.games.registry import slug as game_slug
from visualizer.safe_files import MAX_NUMBERED, StagedWrites, numbered_names
from visualizer.tracing.trace import Trace

__all__ = ["EXPORT_SUFFIXES", "fresh_stem", "trace_slug", "write_picture_frames", "write_trace_files"]

EXPORT_SUFFIXES = tuple(ending for fmt in EXPORT_FORMATS.values() for ending in (fmt.suffix, *fmt.extra_names("")))
"""The files an export of NAME may write (frames aside): `fresh_stem` keeps clear of all of them."""


def trace_slug(trace: Trace) -> str:
    """A readable file name for a trace: source (+ move order, + root when not the source's default) +
    algorithm (+ depth, + strict), e.g. "example15-rootmax-alphabeta-d3-strict"."""
    source = trace.source
    stem = game_slug(source)
    if source.get("order", "natural") != "natural":
        stem += f"-{source['order']}" + (f"{source['order_seed']}" if source["order"] == "random" else "")
    if trace.root_player is not default_root(source):
        stem += f"-root{trace.root_player.value}"
    parts = [stem, trace.algorithm]
    if trace.depth_limit is not None:
        parts.append(f"d{trace.depth_limit}")
    if trace.strict:
        parts.append("strict")
    return re.sub(r"[^A-Za-z0-9_.-]", "_", "-".join(parts))


def fresh_stem(folder: Path, name: str, suffixes: tuple[str, ...] = EXPORT_SUFFIXES) -> str:
    """NAME if no file of an export of NAME is in `folder`, else the first free NAME-2, NAME-3, ...

    For saving without replacing anything (the app's export); a dangling link counts as taken.
    Raises InputError when NAME and NAME-2 ... NAME-9999 are all taken.
    """
    for candidate in numbered_names(name):
        if not any(os.path.lexists(folder / f"{candidate}{suffix}") for suffix in suffixes):
            return candidate
    raise InputError(f"{folder} already holds {MAX_NUMBERED:,} exports named {name}-N; choose another folder or name")


def write_trace_files(
    trace: Trace,
    out: Path,
    name: str,
    formats: tuple[str, ...],
    *,
    frames: bool = False,
    progress: Callable[[int, int], None] | None = None,
    options: PictureOptions | None = None,
    notice: Callable[[str], None] | None = None,
    group: StagedWrites | None = None,
) -> list[Path]:
    """Writes NAME.EXT for each format of `EXPORT_FORMATS` asked for; returns the paths written (the
    formats' files in registry order, their extra files, then the frames).

    Every file, frames (`frames=True`: NAME-0001.EXT ...) included, is replaced together, all or none: staged
    in `group`, which its owner commits (with the files of other traces), or in a group of its own. An error
    or an interruption leaves every old file as it was and no new one. `progress(done, total)` is called as
    steps are painted, `notice(line)` with what a picture of a big tree collapsed.

    Raises:
        InputError: a program a format needs is missing (checked before anything is written),
            or a file cannot be written.
    """
    chosen = [EXPORT_FORMATS[fmt] for fmt in EXPORT_FORMATS if fmt in formats]
    for fmt in chosen:
        fmt.check()
    if group is None:
        with StagedWrites() as own:
            return write_trace_files(
                trace, out, name, formats, frames=frames, progress=progress, options=options, notice=notice, group=own
            )
    animations = sum(fmt.kind == "animation" for fmt in chosen)
    job = ExportJob(trace, name, options or PictureOptions(), progress, notice, shares_frames=animations > 1)
    written = [out / f"{name}{fmt.suffix}" for fmt in chosen]
    extras: list[Path] = []
    for path, fmt in zip(written, chosen):
        group.stage(path, fmt.whole(job))
        for extra, chunks in fmt.extra(job).items():
            extras.append(out / extra)
            group.stage(extras[-1], chunks)
    frame_paths: list[Path] = []
    if frames:
        if "dot" in formats:
            frame_paths += write_frames(trace, out, name, progress=progress, group=group)
        frame_paths += write_picture_frames(job, out, [fmt for fmt in chosen if fmt.paint is not None], group)
    return written + extras + frame_paths


def write_picture_frames(job: ExportJob, out: Path, formats: list[ExportFormat], group: StagedWrites) -> list[Path]:
    """Stages one file per step and picture format in `group`; returns them in step order."""
    if not formats:
        return []
    figure = job.figure
    digits = max(FRAME_DIGITS, len(str(figure.steps)))  # NAME-0001.SUFFIX, ... by step (a collapsed tree skips some)
    painters = [(fmt.suffix, fmt.paint) for fmt in formats if fmt.paint is not None]
    paths: list[Path] = []
    for step, drawing in zip(figure.frame_steps, figure.frames(progress=job.progress)):
        for suffix, paint in painters:
            paths.append(out / f"{job.name}-{step:0{digits}d}{suffix}")
            group.stage(paths[-1], [paint(job, drawing)])
    return paths
