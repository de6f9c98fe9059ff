"""The `visualizer` command imports a command's modules only when that command runs, so that every
command starts as fast as the modules it needs allow."""

import subprocess
import sys

import pytest

from visualizer.cli import COMMANDS, command_function
from visualizer.cli.parser import build_parser

OTHER_COMMANDS = (
    "visualizer.cli.commands",
    "visualizer.cli.comparing",
    "visualizer.cli.grading",
    "visualizer.cli.playing",
    "visualizer.cli.practicing",
    "visualizer.cli.statistics",
    "visualizer.cli.practicing",
    "visualizer.practice.check",
    "visualizer.analysis.study",
)
"""Modules of the commands other than `export` (and what only they import)."""


def imported_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running `code`."""
    script = f"import sys\n{code}\nprint(' '.join(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(result.stdout.split())


def test_importing_the_command_line_imports_no_command():
    modules = imported_after("import visualizer.cli")
    assert "visualizer.cli.parser" in modules
    assert not modules & {*OTHER_COMMANDS, "visualizer.cli.exporting"}


def test_an_export_imports_only_the_export_command(tmp_path):
    modules = imported_after(
        f"from visualizer.cli import main\nmain(['export', '--format', 'json,dot', '--out', {str(tmp_path)!r}])"
    )
    assert (tmp_path / "example15-alphabeta.dot").exists()
    assert "visualizer.cli.exporting" in modules
    assert not modules & set(OTHER_COMMANDS)


def test_every_command_has_its_function():
    choices = next(action.choices for action in build_parser()._actions if isinstance(action.choices, dict))
    assert set(COMMANDS) == {None, *choices}
    for command in COMMANDS:
        function = command_function(command)
        assert callable(function) and function.__module__ == f"visualizer.cli.{COMMANDS[command]}"


@pytest.mark.parametrize("command", ["export", "compare", "practice"])
def test_a_command_found_at_run_time_can_be_replaced(command, monkeypatch):
    # The function is looked up when the command runs, so patching the module takes effect.
    monkeypatch.setattr(f"visualizer.cli.{COMMANDS[command]}.{command}", lambda args: 42)
    from visualizer.cli import main

    assert main([command]) == 42
