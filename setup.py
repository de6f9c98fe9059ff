"""Builds the optional compiled tracing loops (`visualizer/tracing/_speedups.c`); the rest is in pyproject.toml.

Without a C compiler the build is skipped (`optional=True`) and the Python code does the same work.
The source's digest is compiled in, so `visualizer.tracing.native` can tell a stale build from a fresh one.
"""

import hashlib
from pathlib import Path

from setuptools import Extension, setup

SOURCE = Path("visualizer/tracing/_speedups.c")
DIGEST = hashlib.sha256(SOURCE.read_bytes()).hexdigest()

setup(ext_modules=[
    Extension(
        "visualizer.tracing._speedups",
        [str(SOURCE)],
        define_macros=[("SOURCE_DIGEST", f'"{DIGEST}"')],
        extra_compile_args=["-O2"],
        optional=True,
    ),
])
