"""Runs every `visualizer ...` command that README.md and the docs pages tell the reader to type.

A command is a line that starts with `visualizer ` in a fenced `sh` (or `bash`, `shell`) block; a trailing
`# exit N` gives the exit code the page states (0 otherwise), and any other trailing comment is dropped. A line may
end in `> FILE` to save what the command prints. Each page is one test: its commands run in order in a fresh folder
that holds a copy of `docs/examples/`, so a command may read what an earlier one wrote. The app's commands run in a
pseudo-terminal and are quit with ctrl+q; `visualizer serve` is started on a free port, asked for its page, and
stopped.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import io
import json
import os
import pty
import re
import select
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from cli_helpers import free_port

from visualizer.cli.parser import build_parser

REPO = Path(__file__).resolve().parents[2]

SHELL_LANGUAGES = frozenset({"sh", "bash", "shell"})
"""The fence languages whose `visualizer ` lines are commands (`text` and `console` blocks show output)."""

MIN_COMMANDS = 30
"""Fewer commands than this over all pages means the collector lost them (or the pages did)."""

TIMEOUT = 60.0
"""Seconds one command may take (the pages aim for under 3 s each)."""

COLUMNS, LINES = 100, 30
"""The terminal's size: COLUMNS for the plain commands, both for the pseudo-terminal."""

QUIT_KEY = b"\x11"
"""ctrl+q: Textual's quit key (a priority binding of `App`; the app binds no other quit key)."""

QUIET = 0.5
"""Seconds without new output after which the app counts as drawn."""

DRAW_WAIT = 10.0
"""Seconds after its first output after which an app that keeps drawing (a search playing) counts as drawn."""

SHELL_OPERATORS = frozenset({"|", "||", "&", "&&", ";", "<", ">>", "2>", "2>&1", "&>"})
"""What the pages must not use: a command is run without a shell (only a final `> FILE` is honoured)."""

_FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})\s*\{?\s*\.?(?P<language>[\w+-]*)")
_EXIT = re.compile(r"exit\s+(?P<code>\d+)")


@dataclass(frozen=True)
class DocCommand:
    """One command of a page."""

    line: int
    """Its line number in the page (from 1)."""
    text: str
    """The command as the page writes it, comment included."""
    args: tuple[str, ...]
    """The words, split as a shell does (without a final `> FILE`)."""
    exit_code: int = 0
    """The exit code the page states (`# exit N`), else 0."""
    stdout_file: str | None = None
    """The file a final `> FILE` sends the output to."""


def split_comment(line: str) -> tuple[str, str]:
    """The line's code and its trailing comment (without the `#`): the first `#` outside quotes that starts a word."""
    quote = ""
    escaped = False
    for index, char in enumerate(line):
        if escaped:
            escaped = False
        elif char == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (index == 0 or line[index - 1].isspace()):
            return line[:index].rstrip(), line[index + 1 :].strip()
    return line.rstrip(), ""


def parse_command(text: str, line: int) -> DocCommand:
    """One command line of a page; a ValueError says why a line cannot be run as written."""
    code, comment = split_comment(text)
    if code.endswith("\\"):
        raise ValueError(f"line {line}: a command continues on the next line; write it on one line: {text}")
    try:
        words = shlex.split(code)
    except ValueError as error:  # an unclosed quote
        raise ValueError(f"line {line}: {str(error).lower()}: {text}") from None
    stdout_file = None
    if len(words) >= 3 and words[-2] == ">":
        stdout_file, words = words[-1], words[:-2]
    operators = [word for word in words if word in SHELL_OPERATORS or word == ">"]
    if operators:
        raise ValueError(f"line {line}: {' '.join(operators)} needs a shell; write one plain command: {text}")
    stated = _EXIT.fullmatch(comment)
    return DocCommand(line, text.strip(), tuple(words), int(stated["code"]) if stated else 0, stdout_file)


def commands_in(markdown: str) -> list[DocCommand]:
    """The commands of a page: the `visualizer ` lines of its fenced shell blocks, fences inside admonitions and
    tabs (indented) included."""
    commands = []
    fence = None  # (indent, fence characters, language) of the open block
    for number, raw in enumerate(markdown.splitlines(), start=1):
        found = _FENCE.match(raw)
        if fence is None:
            if found:
                fence = (found["indent"], found["fence"], found["language"].lower())
            continue
        indent, marker, language = fence
        if found and found["fence"].startswith(marker) and not raw.strip().strip(marker[0]):
            fence = None
            continue
        text = raw[len(indent) :] if raw.startswith(indent) else raw.lstrip()
        if language in SHELL_LANGUAGES and text.split(maxsplit=1)[:1] == ["visualizer"]:
            commands.append(parse_command(text, number))
    return commands


def doc_pages(repo: Path) -> list[Path]:
    """README.md and every page under docs/, in a stable order."""
    readme = repo / "README.md"
    return ([readme] if readme.exists() else []) + sorted((repo / "docs").rglob("*.md"))


# -- which way a command runs ------------------------------------------------------------------------------------


def parsed(command: DocCommand) -> argparse.Namespace | None:
    """The command's options as the real parser reads them; None when it stops first (--help, --version, an error)."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            return build_parser().parse_args(list(command.args[1:]))
        except SystemExit:
            return None


def kind_of(command: DocCommand) -> str:
    """How the command runs: "app" (it opens the app in a terminal), "serve" (a server, until stopped) or "plain"."""
    args = parsed(command)
    if args is None:
        return "plain"
    if args.command == "serve":
        return "serve" if command.exit_code == 0 else "plain"  # a refused serve exits by itself
    if args.command in (None, "tui", "replay", "play"):
        return "app"
    if args.command == "practice" and not (args.answers or args.sheet or args.key):
        return "app"
    return "plain"


# -- running ---------------------------------------------------------------------------------------------------


@dataclass
class Outcome:
    """How a command ended: its exit code (None: it did not end in time) and what to show if that is wrong."""

    exit_code: int | None
    shown: str
    problem: str = ""
    """What went wrong besides the exit code (an app that crashed still exits 0)."""


def command_env() -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name not in ("TEXTUAL_DRIVER", "FORCE_COLOR")}
    env.update(NO_COLOR="1", COLUMNS=str(COLUMNS), LINES=str(LINES))
    return env


def argv_of(command: DocCommand) -> list[str]:
    return [sys.executable, "-m", "visualizer", *command.args[1:]]


def indented(text: str) -> str:
    return "\n".join(f"    {line}" for line in text.splitlines())


def tail(text: str, lines: int = 15) -> str:
    """The last lines of `text` that are not blank, indented."""
    return (
        indented("\n".join([line.rstrip() for line in text.splitlines() if line.strip()][-lines:])) or "    (nothing)"
    )


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Kills the process and its group (it runs in a session of its own), if it is still running."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    process.wait()


SERVER = Path(__file__).with_name("command_server.py")
"""Runs a page's plain commands, each in a process forked after the imports (see its docstring)."""


class CommandServer:
    """A `command_server.py` process for one page: `run` runs a plain command in a child of its own."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(SERVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=command_env()
        )
        self.pending = b""

    def _answer(self, deadline: float) -> dict[str, int] | None:
        """The server's next answer line, or None when none comes before `deadline`."""
        assert self.process.stdout is not None
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.process.stdout], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(self.process.stdout.fileno(), 65536) if ready else b""
            if not chunk:
                return None
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        answer: dict[str, int] = json.loads(line)
        return answer

    def run(self, args: list[str], folder: Path) -> tuple[int | None, bytes, bytes]:
        """(exit code, stdout, stderr) of `visualizer ARGS` run in `folder`; exit code None: stopped at TIMEOUT."""
        assert self.process.stdin is not None
        out, err = folder / ".command-stdout", folder / ".command-stderr"
        request = {"args": args, "cwd": str(folder), "stdout": str(out), "stderr": str(err)}
        self.process.stdin.write(json.dumps(request).encode() + b"\n")
        self.process.stdin.flush()
        deadline = time.monotonic() + TIMEOUT
        started = self._answer(deadline)
        if started is None:
            raise RuntimeError(f"the command server stopped answering (exit {self.process.poll()})")
        ended = self._answer(deadline)
        if ended is None:  # too slow: stop it and what it started, then take the server's answer
            with contextlib.suppress(ProcessLookupError):
                os.killpg(started["pid"], signal.SIGKILL)
            self._answer(time.monotonic() + TIMEOUT)
        outputs = out.read_bytes(), err.read_bytes()
        out.unlink()
        err.unlink()
        return (None if ended is None else ended["code"]), *outputs

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


def run_plain(command: DocCommand, folder: Path, server: CommandServer) -> Outcome:
    """Runs the command with no terminal (stdin empty, output captured); a final `> FILE` gets its output."""
    exit_code, stdout, stderr = server.run(list(command.args[1:]), folder)
    if command.stdout_file is not None:
        (folder / command.stdout_file).write_bytes(stdout)
    shown = f"  stderr:\n{tail(stderr.decode(errors='replace'))}\n  stdout:\n{tail(stdout.decode(errors='replace'))}"
    return Outcome(exit_code, shown)


_TERMINAL_TOKENS = re.compile(
    r"\x1b\[(?P<params>[0-?]*)[ -/]*(?P<final>[@-~])"  # CSI: cursor moves, erasing, modes, colours
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[PX^_][^\x1b]*\x1b\\|\x1b.?"  # OSC, DCS and the rest: ignored
    r"|(?P<control>[\r\n\b])|(?P<text>[^\x1b\r\n\b]+)"
)


def terminal_view(output: bytes) -> tuple[str, str]:
    """What the terminal showed: the app's last screen (the alternate screen, drawn by cursor moves) and the text
    printed outside it (before the app started or after it ended: an error, a traceback)."""
    grid = [[" "] * COLUMNS for _ in range(LINES)]
    row = column = 0
    in_app = False
    printed: list[str] = []
    for token in _TERMINAL_TOKENS.finditer(output.decode(errors="replace")):
        final, params, control, text = token["final"], token["params"] or "", token["control"], token["text"]
        if final in ("h", "l") and "1049" in params.split(";")[0]:
            in_app = final == "h"
        elif not in_app:
            printed.append(text or ("\n" if control == "\n" else ""))
        elif final in ("H", "f"):
            numbers = [int(number or 1) for number in params.split(";")] + [1, 1]
            row, column = min(numbers[0], LINES) - 1, min(numbers[1], COLUMNS) - 1
        elif final == "J" and params == "2":
            grid = [[" "] * COLUMNS for _ in range(LINES)]
        elif final == "K":
            grid[row][column:] = [" "] * (COLUMNS - column)
        elif control == "\r":
            column = 0
        elif control == "\n":
            row = min(row + 1, LINES - 1)
        elif text:
            shown = text[: COLUMNS - column]
            grid[row][column : column + len(shown)] = shown
            column += len(shown)
    return "\n".join("".join(line).rstrip() for line in grid).strip("\n"), "".join(printed)


def run_app(command: DocCommand, folder: Path) -> Outcome:
    """Runs the command in a pseudo-terminal; once the app has drawn (the terminal in raw mode, the output quiet
    for QUIET s or flowing for DRAW_WAIT s), presses
    ctrl+q (again every 3 s) until it exits."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
    process = subprocess.Popen(
        argv_of(command),
        cwd=folder,
        env={**command_env(), "TERM": "xterm-256color"},
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
    )
    os.close(slave)
    output = bytearray()
    deadline = time.monotonic() + TIMEOUT
    first_output = last_output = 0.0
    quit_sent = None
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # EIO: every process on the terminal has closed it
                    chunk = b""
                if chunk:
                    output += chunk
                    last_output = time.monotonic()
                    first_output = first_output or last_output
                    continue
                break
            if process.poll() is not None:
                break
            now = time.monotonic()
            raw = not termios.tcgetattr(master)[3] & termios.ICANON
            drawn = raw and first_output and (now - last_output >= QUIET or now - first_output >= DRAW_WAIT)
            if drawn and (quit_sent is None or now - quit_sent >= 3):
                os.write(master, QUIT_KEY)
                quit_sent = now
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        exit_code = process.poll()
    finally:
        _stop(process)
        os.close(master)
    screen, printed = terminal_view(bytes(output))
    pressed = "ctrl+q was pressed" if quit_sent else "no key was pressed (it never looked drawn)"
    parts = [f"  run in a {COLUMNS}x{LINES} terminal; {pressed}"]
    if screen:
        parts.append(f"  the app's last screen:\n{indented(screen)}")
    if printed.strip():
        parts.append(f"  printed outside the app:\n{tail(printed)}")
    crashed = "Traceback (most recent call last)" in printed
    return Outcome(exit_code, "\n".join(parts), "the app printed a traceback" if crashed else "")


def run_serve(command: DocCommand, folder: Path) -> Outcome:
    """Starts the server on a free port (the page's --port replaced), waits until GET / answers 200, stops it."""
    args = list(command.args[1:])
    before_tui = args.index("--") if "--" in args else len(args)
    for index in range(before_tui - 1, -1, -1):  # the page's port: an example, not one to fight for
        if args[index] == "--port":
            del args[index : index + 2]
        elif args[index].startswith("--port="):
            del args[index]
    port = free_port()
    args[args.index("serve") + 1 : args.index("serve") + 1] = ["--port", str(port)]
    namespace = build_parser().parse_args(args)
    host = "127.0.0.1" if namespace.host in ("0.0.0.0", "::", "localhost") else namespace.host
    server = subprocess.Popen(
        [sys.executable, "-m", "visualizer", *args],
        cwd=folder,
        env=command_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    status = None
    try:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline and server.poll() is None and status is None:
            try:
                with urllib.request.urlopen(f"http://{host}:{port}/", timeout=2) as response:
                    status = response.status
            except OSError:
                time.sleep(0.2)
    finally:
        exit_code = server.poll()
        if exit_code is None:
            os.killpg(server.pid, signal.SIGTERM)
        try:
            output = server.communicate(timeout=10)[0].decode(errors="replace")
        except subprocess.TimeoutExpired:
            _stop(server)
            output = server.communicate()[0].decode(errors="replace")
    served = f"GET http://{host}:{port}/ answered {status}" if status else f"nothing answered on port {port}"
    shown = f"  {served}; output:\n{tail(output)}"
    if status == 200 and exit_code is None:
        return Outcome(0, shown)
    return Outcome(exit_code, shown)


RUNNERS = {"app": run_app, "serve": run_serve}
"""The commands that do not run in the command server."""


def run_page(name: str, commands: list[DocCommand], folder: Path, examples: Path | None) -> list[str]:
    """Runs a page's commands in order in `folder` (after copying `examples` into it); one message per command that
    did not exit as the page says."""
    if examples is not None and examples.is_dir():
        shutil.copytree(examples, folder, dirs_exist_ok=True)
    failures = []
    server = CommandServer()
    try:
        for command in commands:
            kind = kind_of(command)
            outcome = run_plain(command, folder, server) if kind == "plain" else RUNNERS[kind](command, folder)
            if outcome.exit_code != command.exit_code or outcome.problem:
                got = "did not end" if outcome.exit_code is None else f"exit {outcome.exit_code}"
                verdict = f"expected exit {command.exit_code}, got {got}"
                if outcome.exit_code == command.exit_code:
                    verdict = f"exit {command.exit_code} as expected, but {outcome.problem}"
                failures.append(f"{name}:{command.line}: {command.text}\n  {verdict} (run as {kind})\n{outcome.shown}")
    finally:
        server.close()
    return failures


# -- the tests ---------------------------------------------------------------------------------------------------


def page_commands(repo: Path) -> dict[str, list[DocCommand] | str]:
    """Each page with commands (its path from `repo`): its commands, or why one of its lines cannot run."""
    pages: dict[str, list[DocCommand] | str] = {}
    for page in doc_pages(repo):
        try:
            commands: list[DocCommand] | str = commands_in(page.read_text(encoding="utf-8"))
        except ValueError as error:
            commands = str(error)
        if commands:
            pages[page.relative_to(repo).as_posix()] = commands
    return pages


PAGES = page_commands(REPO)


@pytest.mark.parametrize("page", list(PAGES))
def test_page_commands_run_as_written(page, tmp_path):
    commands = PAGES[page]
    if isinstance(commands, str):
        pytest.fail(f"{page}: {commands}", pytrace=False)
    failures = run_page(page, commands, tmp_path, REPO / "docs" / "examples")
    if failures:
        count = f"{len(failures)} of {len(commands)} commands of {page} failed"
        pytest.fail(f"{count}:\n\n" + "\n\n".join(failures), pytrace=False)


def test_readme_and_docs_have_commands_to_run():
    assert PAGES.get("README.md"), "README.md has no `visualizer` command to run"
    total = sum(len(commands) for commands in PAGES.values() if isinstance(commands, list))
    assert total >= MIN_COMMANDS, f"only {total} commands in README.md and docs/ (expected {MIN_COMMANDS} or more)"


SAMPLE = """\
# A page

```sh
visualizer
visualizer run --algorithm minimax
visualizer run --board 'X#O'   # a hash inside quotes stays
visualizer show --array 1,2,3 # exit 2
visualizer practice --key > key.txt
python -m pip install gametree-visualizer
```

```text
visualizer run --algorithm minimax
```

```console
visualizer overview
```

!!! note

    ```bash title="In a tab"
    visualizer compare
    ```

````sh
```
visualizer stats --trials 2
````

~~~ shell
visualizer   # the app
~~~
"""


def test_commands_come_from_shell_blocks_only():
    commands = commands_in(SAMPLE)
    assert [command.args for command in commands] == [
        ("visualizer",),
        ("visualizer", "run", "--algorithm", "minimax"),
        ("visualizer", "run", "--board", "X#O"),
        ("visualizer", "show", "--array", "1,2,3"),
        ("visualizer", "practice", "--key"),
        ("visualizer", "compare"),
        ("visualizer", "stats", "--trials", "2"),
        ("visualizer",),
    ]
    assert [command.line for command in commands] == [4, 5, 6, 7, 8, 23, 28, 32]


def test_exit_comments_state_the_code_and_other_comments_are_dropped():
    exit_codes = [command.exit_code for command in commands_in(SAMPLE)]
    assert exit_codes == [0, 0, 0, 2, 0, 0, 0, 0]
    assert parse_command("visualizer grade a.py  #   exit 1  ", 1).exit_code == 1
    assert parse_command("visualizer run # exits quickly, exit 3", 1).exit_code == 0
    assert commands_in(SAMPLE)[4].stdout_file == "key.txt"


@pytest.mark.parametrize(
    "line",
    ["visualizer run | head", "visualizer run && visualizer show", "visualizer run --json \\", "visualizer run 'x"],
)
def test_a_command_that_needs_a_shell_is_refused(line):
    with pytest.raises(ValueError, match="line 9"):
        parse_command(line, 9)


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("visualizer", "app"),
        ("visualizer tui --nested '[[1,2],[3]]'", "app"),
        ("visualizer replay traces/example15-alphabeta.json", "app"),
        ("visualizer play --game tictactoe", "app"),
        ("visualizer practice --seed 4", "app"),
        ("visualizer practice --seed 4 --sheet", "plain"),
        ("visualizer practice --answers answers.txt --json", "plain"),
        ("visualizer tui --help", "plain"),
        ("visualizer --version", "plain"),
        ("visualizer run --game nim --pile 5", "plain"),
        ("visualizer serve -- --game nim", "serve"),
        ("visualizer serve --port 0  # exit 2", "plain"),
    ],
)
def test_the_real_parser_says_which_commands_open_the_app(line, kind):
    assert kind_of(parse_command(line, 1)) == kind


def test_a_failing_command_is_named_with_its_exit_code_and_error(tmp_path):
    commands = commands_in("```sh\nvisualizer run --no-such-option\nvisualizer show --array x # exit 2\n```\n")
    (failure,) = run_page("page.md", commands, tmp_path, None)
    assert failure.startswith("page.md:2: visualizer run --no-such-option\n  expected exit 0, got exit 2")
    assert "unrecognized arguments: --no-such-option" in failure


def test_the_terminal_view_keeps_the_app_screen_apart_from_printed_text():
    output = (
        b"\r\x1b[Kloading\r\n\x1b[?1049h\x1b[2J\x1b[1;1H\x1b[1mtop left\x1b[0m\x1b[3;5Hrow three"
        b"\x1b[3;9H\x1b[K\x1b]22;default\x07\x1b[?1049lTraceback (most recent call last):\r\n  boom\r\n"
    )
    screen, printed = terminal_view(output)
    assert screen == "top left\n\n    row"
    assert printed.split() == ["loading", "Traceback", "(most", "recent", "call", "last):", "boom"]
