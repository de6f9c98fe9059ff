"""Provides `main`, the `visualizer` command: one clear line and exit code 2 for any bad input."""

from __future__ import annotations

import argparse
import atexit
import contextlib
import errno
import importlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence

from visualizer.cli.parser import build_parser, check_values
from visualizer.errors import VisualizerError, one_line

__all__ = ["COMMANDS", "Terminated", "command_function", "main", "run"]

COMMANDS: dict[str | None, str] = {
    **dict.fromkeys((None, "overview", "show", "run", "tui", "replay", "serve"), "commands"),
    "export": "exporting",
    **dict.fromkeys(("best-move", "play"), "playing"),
    "compare": "comparing",
    "stats": "statistics",
    **dict.fromkeys(("practice", "worksheet"), "practicing"),
    "grade": "grading",
}
"""Each command's module in `visualizer.cli`, imported only when its command runs; its function there is named
after the command (`best_move` for best-move; `default` with no command)."""


def command_function(command: str | None) -> Callable[[argparse.Namespace], int]:
    """The function that runs `command` (None: the default, the app or the overview), its module imported now."""
    module = importlib.import_module(f"visualizer.cli.{COMMANDS[command]}")
    return getattr(module, (command or "default").replace("-", "_"))


_UNWINDING = {
    getattr(signal, name): text
    for name, text in (("SIGTERM", "terminated"), ("SIGHUP", "hung up"))
    if hasattr(signal, name)
}
"""The signals that unwind like ctrl+c (a `kill`, the terminal closing), with what the command says."""


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived (its number is `args[0]`): unwinds like ctrl+c, so every file being written
    removes its temporary."""


UNWIND_GRACE = 3.0
"""Seconds the unwinding after SIGTERM or SIGHUP may take before the process ends at once: an app whose
terminal is gone can hang on its way out (it was once seen spinning at 100 % CPU), and nothing it could
still do is worth more than ending."""


def _terminate(signum: int, frame: object) -> None:
    watchdog = threading.Timer(UNWIND_GRACE, os._exit, (128 + signum,))
    watchdog.daemon = True  # a prompt exit never waits for it
    watchdog.start()
    raise Terminated(signum)


@contextlib.contextmanager
def _sigterm_unwinds() -> Iterator[None]:
    """While running, SIGTERM and SIGHUP (a closed terminal) raise `Terminated`, so no temporary is left behind."""
    handled = _UNWINDING if threading.current_thread() is threading.main_thread() else {}  # signals need the main one
    previous = {signum: signal.signal(signum, _terminate) for signum in handled}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def run() -> None:
    """The `visualizer` command and `python -m visualizer`: `main`, then an exit that skips freeing the heap
    (once the output is flushed and the exit handlers have run; otherwise the usual exit)."""
    code = main()
    run_exit_handlers = getattr(atexit, "_run_exitfuncs", None)
    if threading.active_count() == 1 and run_exit_handlers is not None:
        with contextlib.suppress(OSError, ValueError):  # a failed flush: the usual exit reports it
            sys.stdout.flush()
            sys.stderr.flush()
            run_exit_handlers()  # reports, never raises, what a handler raises
            os._exit(code)
    raise SystemExit(code)


def _too_deep(parser: argparse.ArgumentParser | None, args: argparse.Namespace | None) -> str:
    """The message for a RecursionError, whose advice names only options the command takes (a saved trace
    cannot be searched again: `--iterative` and `--depth` are refused with `--trace` and by `replay`)."""
    command = getattr(args, "command", None)
    if parser is None or args is None or getattr(args, "trace", None) is not None or command == "replay":
        return "the input nests too deeply to read or show; give a trace of a smaller search (`visualizer export` it)"
    subparsers = (action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    chosen = next(subparsers).choices.get(command or "")
    flags = {flag for action in (chosen._actions if chosen is not None else ()) for flag in action.option_strings}
    if "--iterative" in flags:
        return "the tree is too deep for the recursive search; add --iterative (or limit the look-ahead with --depth N)"
    if "--depth" in flags:
        return "the tree is too deep for the recursive search; limit the look-ahead with --depth N"
    return "the input nests too deeply to handle; give a smaller one"


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit code (0 ok, 1 mistakes found, 2 bad input, 129/130/143 stopped).

    Whatever happens, the user sees at most one line on stderr; a reader that goes away ends it quietly.
    """
    parser, args = None, None
    for stream in (sys.stdout, sys.stderr):  # a name the terminal cannot show is printed as its escape
        with contextlib.suppress(AttributeError, ValueError):
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    with _sigterm_unwinds():
        try:
            try:
                parser = build_parser()
                args = parser.parse_args(sys.argv[1:] if argv is None else argv)
                check_values(parser, args)
            finally:
                sys.stdout.flush()  # --help and --version print before argparse exits
            code = command_function(args.command)(args)
            sys.stdout.flush()
            return code
        except VisualizerError as error:
            sys.stderr.write(f"visualizer: error: {one_line(str(error))}\n")
            return 2
        except RecursionError:
            sys.stderr.write(f"visualizer: error: {_too_deep(parser, args)}\n")
            return 2
        except KeyboardInterrupt as stop:  # ctrl+c (SIGINT), or `Terminated`: exit 128 + N, as a shell reports signal N
            signum = stop.args[0] if isinstance(stop, Terminated) else signal.SIGINT
            with contextlib.suppress(OSError, ValueError):  # a closed terminal takes stderr with it
                sys.stderr.write(f"visualizer: {_UNWINDING.get(signum, 'interrupted')}\n")
            return 128 + signum
        except OSError as error:  # one no command turned into a `VisualizerError`
            with contextlib.suppress(OSError, ValueError):  # stdout to /dev/null: the last flush cannot fail again
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            if error.errno == errno.EPIPE:  # the reader (e.g. `| head`) went away: stop quietly
                return 0
            reason = error.strerror or str(error)
            message = f"cannot write the output ({reason}); send it somewhere with room, e.g. a file on another disk"
            if error.filename is not None:
                message = f"{error.filename}: {reason}; check the path"
            sys.stderr.write(f"visualizer: error: {one_line(message)}\n")
            return 2
