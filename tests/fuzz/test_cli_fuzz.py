"""Fuzzes the `visualizer` command line in-process: no traceback, exit 0/1/2, one line on error, no damaged file.

Issue 15's promise, kept by hypothesis: argv for every command (options introspected from the parser,
valid small values and odd ones), and output paths that are devices, FIFOs, symlinks, folders or in
missing folders. Nothing here opens the app or serves: both are replaced by stand-ins that fail loudly.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from argv_strategies import ANSWERS_KEY, ANSWERS_WRONG, COMMITTED_TRACE, READ_OPTIONS, argvs, commands
from cli_helpers import free_port
from cli_runner import Outcome, problems, run_main, temporaries
from hypothesis import HealthCheck, given, settings
from output_paths import WRITE_OPTIONS, output_cases

from visualizer.cli.parser import build_parser

SUPPRESSED = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
"""Fixtures are set up once per test; every example gets a fresh folder of its own."""

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


class AppStarted(AssertionError):
    """The Textual app was about to start although no terminal is attached."""


@pytest.fixture
def no_app_no_server(monkeypatch):
    """The app may not start and the server may not listen: record what would have happened instead."""
    import textual.app

    def refuse_app(self, *args, **kwargs):
        raise AppStarted("the app started without a terminal")

    monkeypatch.setattr(textual.app.App, "run", refuse_app)
    served = []
    try:
        import textual_serve.server
    except ImportError:
        pass
    else:
        monkeypatch.setattr(textual_serve.server.Server, "serve", lambda self, *args, **kwargs: served.append(self))
    return served


class Folders:
    """A fresh work folder per example, under a base folder that is searched for leftover temporaries."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.count = 0

    def fresh(self) -> tuple[Path, Path]:
        """(base, work): work is base/run/work, so that `../x` written by a command stays inside base."""
        self.count += 1
        base = self.root / f"example{self.count}"
        work = base / "run" / "work"
        work.mkdir(parents=True)
        shutil.copyfile(COMMITTED_TRACE, work / "trace.json")
        (work / "answers.txt").write_text(ANSWERS_KEY, encoding="utf-8")
        (work / "wrong.txt").write_text(ANSWERS_WRONG, encoding="utf-8")
        if hasattr(os, "mkfifo"):
            os.mkfifo(work / "pipe")  # an input that must be refused unopened (issue 34)
        return base, work

    def release(self, base: Path) -> None:
        """Removes the example's folder (FIFOs and devices included)."""
        shutil.rmtree(base, ignore_errors=True)


@contextlib.contextmanager
def fifo_released(fifo: Path, seconds: float = 5.0) -> Iterator[Callable[[], bool]]:
    """Runs the block; should it still run after `seconds`, opens `fifo` for writing and closes it, which
    ends a read that waits on it (a hang would stop the suite). Yields whether that was needed."""
    done, released = threading.Event(), threading.Event()

    def release() -> None:
        if not done.wait(seconds) and fifo.exists():
            with contextlib.suppress(OSError):
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # ENXIO when nobody reads it
                released.set()

    watchdog = threading.Thread(target=release, daemon=True)
    watchdog.start()
    try:
        yield released.is_set
    finally:
        done.set()
        watchdog.join()


@pytest.fixture
def folders(tmp_path):
    """Fresh work folders under the test's tmp_path."""
    return Folders(tmp_path)


def describe(argv: list[str], outcome: Outcome, found: list[str]) -> str:
    """The failure message: the argv, what is wrong, and the end of stderr."""
    return f"visualizer {argv!r}: " + "; ".join(found) + f"\n--- stderr:\n{outcome.err[-600:]}"


@settings(max_examples=450, suppress_health_check=SUPPRESSED)
@given(argv=argvs())
def test_any_argv_ends_in_exit_0_1_or_2_with_one_line_on_error(argv, folders, no_app_no_server):
    base, work = folders.fresh()
    try:
        with fifo_released(work / "pipe") as waited:
            outcome = run_main(argv, work)
        found = problems(outcome) + (["it waited on the FIFO 'pipe'"] if waited() else [])
        leftovers = temporaries(base)
        if leftovers:
            found.append(f"temporary files left: {[str(path.relative_to(base)) for path in leftovers]}")
        assert not found, describe(argv, outcome, found)
    finally:
        folders.release(base)


@settings(max_examples=60, suppress_health_check=SUPPRESSED)  # 11 writers x 3 folder kinds x 7 file kinds, mixed
@given(case=output_cases(devices=IS_ROOT))
def test_writes_to_odd_paths_are_whole_or_refused_and_nothing_is_damaged(case, folders, no_app_no_server):
    base, work = folders.fresh()
    try:
        case.prepare(work)
        argv = case.argv()
        outcome = run_main(argv, work)
        found = problems(outcome) or case.problems(work, outcome.code)
        leftovers = temporaries(base)
        if leftovers:
            found.append(f"temporary files left: {[str(path.relative_to(base)) for path in leftovers]}")
        assert not found, describe(argv, outcome, found) + f"\ncase: {case}"
    finally:
        folders.release(base)


FOUND_BY_FUZZING = [
    # `--option=--`: argparse (3.11) stores [] instead of a string, and no type conversion runs.
    ["stats", "--orders=--"],
    ["stats", "--trials=--"],
    ["stats", "--branching=--"],
    ["run", "--array=--"],
    ["run", "--depth=--"],
    ["best-move", "--order=--"],
    ["compare", "--algorithms=--"],
    ["serve", "--host=--"],
    ["show", "--names=--"],
    # A value with a newline, echoed raw into the one-line error.
    ["replay", "a\nb"],
    ["run", "--trace", "a\nb"],
    ["stats", "--plot", "a\nb.txt"],
    ["run", "--alogrithm", "x", "a\nb", "--max-nodes", "2000"],
    # Bad UTF-8 (surrogates) in a value that reaches a file or stdout; a name too long for the file system.
    ["run", "--array", "1,2,3", "--names", "a,b,\udcff"],
    ["export", "--array", "1,2,3", "--names", "a,b,\udcff"],
    ["export", "--name", "x" * 300],
    # Commands that would open the app, run without a terminal.
    ["tui"],
    ["replay", "trace.json"],
    ["play"],
    ["practice"],
]
"""argv that once broke the rules (found by the fuzz tests and the issue); kept so that they stay fixed."""


@pytest.mark.parametrize("argv", FOUND_BY_FUZZING, ids=lambda argv: " ".join(argv)[:40])
def test_argv_found_by_fuzzing_ends_in_one_line(argv, folders, no_app_no_server):
    base, work = folders.fresh()
    outcome = run_main(argv, work)
    found = problems(outcome)
    assert not found, describe(argv, outcome, found)
    if argv[-1] == "--names=--":  # an empty value is refused, never read as "no names"
        assert outcome.code == 2


@pytest.mark.parametrize("command", [command.name for command in commands() if command.name])
def test_help_of_every_command_exits_0_with_usage(command, folders, no_app_no_server):
    base, work = folders.fresh()
    outcome = run_main([command, "--help"], work)
    assert outcome.escaped is None and outcome.code == 0
    assert outcome.out.startswith(f"usage: visualizer {command}")
    assert outcome.err == ""


def test_version_exits_0(folders, no_app_no_server):
    base, work = folders.fresh()
    outcome = run_main(["--version"], work)
    assert outcome.code == 0 and outcome.out.startswith("visualizer ")


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["tui"],
        ["tui", "--game", "nim"],
        ["replay", "trace.json"],
        ["play"],
        ["practice"],
        ["practice", "--example"],
        ["practice", "--drill"],
        ["tui", "--trace", "trace.json"],
    ],
)
def test_commands_for_the_app_print_text_or_refuse_without_a_terminal(argv, folders, no_app_no_server):
    base, work = folders.fresh()
    outcome = run_main(argv, work)
    assert not isinstance(outcome.escaped, AssertionError), "the app started without a terminal"
    assert not problems(outcome), describe(argv, outcome, problems(outcome))
    assert outcome.out or outcome.code == 2


def test_serve_calls_the_server_stand_in_and_returns_0(folders, no_app_no_server):
    port = free_port()
    base, work = folders.fresh()
    outcome = run_main(["serve", "--port", str(port), "--", "--game", "nim"], work)
    assert outcome.code == 0 and len(no_app_no_server) == 1, outcome.err
    assert no_app_no_server[0].port == port and no_app_no_server[0].command.endswith("tui --game nim")


def test_every_file_option_is_fuzzed_as_a_read_or_a_write():
    """A new option that names a file must join READ_OPTIONS (argv fuzz) or WRITE_OPTIONS (output-path fuzz)."""
    unclassified = set()

    def walk(parser: argparse.ArgumentParser) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    walk(sub)
            elif any(word in str(action.metavar) for word in ("FILE", "DIR", "PATH")) and (
                action.dest not in READ_OPTIONS | WRITE_OPTIONS
            ):
                unclassified.add(action.dest)

    walk(build_parser())
    assert not unclassified, f"fuzz these options as reads or writes: {sorted(unclassified)}"
