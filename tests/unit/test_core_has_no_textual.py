"""Tests that the core (games, search, tracing, analysis, practice, the session and the match) imports no Textual."""

from __future__ import annotations

import subprocess
import sys

import pytest

REPORT = "import sys; print(sorted(name for name in sys.modules if name.split('.')[0] == 'textual'))"


def loaded_textual_modules(imports: str) -> str:
    """The textual modules a fresh interpreter holds after running `imports`."""
    result = subprocess.run([sys.executable, "-c", f"{imports}; {REPORT}"], capture_output=True, text=True, check=True)
    return result.stdout.strip()


def test_core_imports_no_textual() -> None:
    core = (
        "visualizer, visualizer.games, visualizer.search, visualizer.tracing, visualizer.analysis, visualizer.practice"
    )
    modules = (
        "visualizer.analysis.plots, visualizer.analysis.figure, visualizer.practice.session, "
        "visualizer.practice.drill, visualizer.session, visualizer.match, visualizer.gc_policy, "
        "visualizer.pictures.figure"
    )
    assert loaded_textual_modules(f"import {core}, {modules}") == "[]"


def test_the_check_sees_textual_when_it_is_imported() -> None:
    pytest.importorskip("textual")
    assert "'textual'" in loaded_textual_modules("import visualizer.games, textual")


def test_headless_cli_and_exporters_import_no_textual() -> None:
    # The CLI imports the app only inside the commands that open it, so scripts stay light.
    imports = "import visualizer.export, visualizer.cli; visualizer.cli.main(['run', '--json'])"
    assert loaded_textual_modules(imports).endswith("[]")
    stats = "import visualizer.cli; visualizer.cli.main(['stats', '--leaves', '8', '--trials', '1', '--seed', '1'])"
    assert loaded_textual_modules(stats).endswith("[]")
    practice = "import visualizer.cli; visualizer.cli.main(['practice', '--example', '--key'])"
    assert loaded_textual_modules(practice).endswith("[]")
