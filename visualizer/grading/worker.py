"""Provides the worker process that runs a student's search function on trees and writes one JSON line per run.

Run as `python -I worker.py` (standard library only). It reads one job line from stdin (see `run_student`),
writes {"ready": true} once the student's module is loaded (or {"unusable": reason}), then one line per tree
(what `Run.from_json` reads). It stops runaway code; it is not a security sandbox.
"""

import contextlib
import decimal
import functools
import importlib.abc
import importlib.util
import inspect
import io
import json
import linecache
import math
import numbers
import os
import resource
import signal
import sys
import threading
import time
from collections.abc import Callable
from fractions import Fraction
from types import CodeType, ModuleType
from typing import IO, Any

OUTPUT_KEPT = 2000
"""Characters kept of what the student printed during one tree."""
MAX_CALLS = 200_000
"""Calls recorded per tree; a run that makes more records only the first ones."""
FILE_SIZE_LIMIT = 1 << 20
"""The largest file (bytes) the student's code may write."""
FRAMES_SHOWN = 4
"""The student's own frames shown in a traceback (the last ones)."""

TOUCHES: list[str] = []
"""Names of the nodes touched during the current tree, in the order first touched."""
CALLS: list[list[Any]] = []
"""The calls of the current tree: [node, alpha, beta, maximizing, returned] each."""
OPEN: list[tuple[Any, list[Any]]] = []
"""The recorded calls still running, the innermost last: (the function, its entry in CALLS)."""


def _node_class() -> tuple[type, dict[int, tuple[str, Any, tuple[Any, ...]]], set[int]]:
    """The class of the nodes a student's function gets, and where their facts are kept: by the node's id,
    (name, value, children), and the ids touched so far. No attribute of a node holds them, so the only way
    to them is the recorded interface (`node._children` is an AttributeError)."""
    facts: dict[int, tuple[str, Any, tuple[Any, ...]]] = {}
    seen: set[int] = set()

    class Node:
        """A tree node as the student's function sees it: `.name`, `.children`, `.value`, `.is_leaf()`."""

        __slots__ = ()

        def touch(self) -> None:
            """Records the node's first touch."""
            if id(self) not in seen:
                seen.add(id(self))
                TOUCHES.append(facts[id(self)][0])

        @property
        def name(self) -> str:
            self.touch()
            return facts[id(self)][0]

        @property
        def value(self) -> Any:
            self.touch()
            return facts[id(self)][1]

        @property
        def children(self) -> list[Any]:
            self.touch()
            return list(facts[id(self)][2])

        def is_leaf(self) -> bool:
            """True when the node has no children."""
            self.touch()
            return not facts[id(self)][2]

        def __repr__(self) -> str:
            return f"Node({facts[id(self)][0]!r})"

    return Node, facts, seen


Node: Any  # (a class made at run time)
Node, FACTS, SEEN = _node_class()


def build(data: dict[str, Any]) -> Any:
    """The `Node` tree of a `PlainNode.to_json()` object (without recursion: a tree may be deep)."""
    order, stack = [], [data]  # every node, each before its children
    while stack:
        order.append(stack.pop())
        stack.extend(order[-1].get("children") or ())
    FACTS.clear()  # the nodes of an earlier tree are gone
    made: dict[int, Any] = {}
    for item in reversed(order):  # children first
        kids = tuple(made.pop(id(child)) for child in item.get("children") or ())
        node = made[id(item)] = Node()
        FACTS[id(node)] = (item["name"], None if kids else item.get("value"), kids)
    return made[id(data)]


def number(value: Any) -> Any:
    """A value as the JSON line carries it: a number (infinities and NaN as JSON's extensions) or its repr.

    Any real number is a value: int, float, numpy's scalars, Fraction, Decimal (a bool is not)."""
    kind = type(value)
    if kind is int:
        return value if value.bit_length() < 1000 else f"<an int of {value.bit_length()} bits>"
    if kind is float:
        return value
    if kind is not bool and isinstance(value, (numbers.Real, decimal.Decimal)):
        try:
            whole = isinstance(value, numbers.Integral) or (isinstance(value, Fraction) and value.denominator == 1)
            return number(int(value) if whole else float(value))  # type: ignore[arg-type]  # (Real has __int__)
        except Exception:  # noqa: BLE001 (a number type of the student's own may raise anything)
            pass
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 (the student's own __repr__ may raise anything)
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


def truth(value: Any) -> bool:
    try:
        return bool(value)
    except Exception:  # noqa: BLE001 (the student's own __bool__ may raise anything)
        return False


def node_name(node: Any) -> Any:
    """The name of the node a call got (which the call touches), or the argument itself as `number` shows it."""
    return node.name if node is not None and type(node) is Node else number(node)


def make_recorder(
    function: Any,
    width: int,
    signature: inspect.Signature | None,
    read: Callable[[tuple[Any, ...], dict[str, Any]], list[Any]] | None = None,
) -> Any:
    """`function` wrapped so that every call through the module's name is recorded in CALLS: the graded
    function's arguments read by position (by name too when the call names them; by position only when there
    is no `signature`: a built-in), a helper's as `read` makes its entry (`named_reader`). A dispatch (`alphabeta`
    calling `max_value` on its own node before anything else was recorded) takes the place of its caller's entry:
    the node is searched once, by the inner call."""
    bind = None if signature is None else signature.bind

    @functools.wraps(function)
    def recorder(*args: Any, **named: Any) -> Any:
        if read is not None:
            entry = read(args, named)
        else:  # (inline: the graded function's recursion costs no frame more than its own and this one)
            given = args
            if (named or len(args) != width) and bind is not None:
                with contextlib.suppress(TypeError):  # the call itself will raise it, in the student's frame
                    given = tuple(bind(*args, **named).arguments.values())
            given = given[:width]
            node = given[0] if given else None
            name = node.name if node is not None and type(node) is Node else number(node)  # (a call touches it)
            if len(given) < width:
                entry = [name, None, None, False, None]
            elif width == 4:
                entry = [name, number(given[1]), number(given[2]), truth(given[3]), None]
            else:
                entry = [name, None, None, truth(given[1]), None]
        caller, made = OPEN[-1] if OPEN else (None, None)  # the recorded call that made this one, and its entry
        if caller is not None and caller is not function and CALLS and CALLS[-1] is made and made[0] == entry[0]:
            CALLS[-1] = entry  # a dispatch: another function called it on its own node first thing; one call
        elif len(CALLS) < MAX_CALLS:
            CALLS.append(entry)
        OPEN.append((function, entry))
        try:
            result = function(*args, **named)
        finally:
            OPEN.pop()
        entry[4] = number(result)
        return result

    return recorder


def named_reader(
    signature: inspect.Signature, places: tuple[str, ...], is_max: Callable[[dict[str, Any]], bool]
) -> Callable[..., list[Any]]:
    """How a recorded helper's calls are read: the parameters named in `places` hold the node, alpha and beta
    (the node only, for minimax); `is_max` says from the arguments whether the node is MAX."""

    def read(args: tuple[Any, ...], named: dict[str, Any]) -> list[Any]:
        try:
            bound = signature.bind(*args, **named)
        except TypeError:  # the call itself will raise it, in the student's frame
            return [node_name(args[0] if args else None), None, None, False, None]
        bound.apply_defaults()
        values = bound.arguments
        name = node_name(values[places[0]])
        if len(places) == 3:
            return [name, number(values[places[1]]), number(values[places[2]]), is_max(values), None]
        return [name, None, None, is_max(values), None]

    return read


class Capture(io.StringIO):
    """Stands in for sys.stdout and sys.stderr: keeps the first OUTPUT_KEPT characters, drops the rest."""

    def write(self, text: str) -> int:
        if self.tell() < OUTPUT_KEPT:
            super().write(str(text)[: OUTPUT_KEPT - self.tell()])
        return len(text)

    def take(self) -> str:
        text = self.getvalue()
        self.seek(0)
        self.truncate()
        return text


def student_frames(error: BaseException, path: str) -> list[tuple[int, str]]:
    """(line, function) of each frame of `error`'s traceback in the student's file, outermost first."""
    frames = []
    trace = error.__traceback__
    while trace is not None:
        code = trace.tb_frame.f_code
        if code.co_filename == path:
            frames.append((trace.tb_lineno, code.co_name))
        # Frees the student's locals (a MemoryError's huge list) before we read the file; a frame still
        # running (ours) raises RuntimeError.
        with contextlib.suppress(RuntimeError):
            trace.tb_frame.clear()
        trace = trace.tb_next
    return frames


def student_traceback(error: BaseException, path: str, display: str) -> str:
    """The student's own short traceback: their last frames only, then "Type: message"."""
    frames = student_frames(error, path)
    hidden = len(frames) - FRAMES_SHOWN
    lines = [f"  ... {hidden} more frames in {display} above"] if hidden > 0 else []
    for line_number, function in frames[-FRAMES_SHOWN:]:
        lines.append(f'  File "{display}", line {line_number}, in {function}')
        source = linecache.getline(path, line_number).strip()
        if source:
            lines.append(f"    {source}")
    lines.append(exception_line(error))
    return "\n".join(lines)


def exception_line(error: BaseException) -> str:
    try:
        text = str(error)
    except Exception:  # noqa: BLE001 (the student's own exception's __str__ may raise anything)
        text = ""
    text = text if len(text) <= 300 else text[:297] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class NoGrader(importlib.abc.MetaPathFinder):
    """Refuses `import visualizer` (and its modules) to the student's code: it cannot ask the engine."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name.partition(".")[0] == "visualizer":
            raise ModuleNotFoundError(f"no module named {name!r}: the grader is not there for your code", name=name)


class Unusable(Exception):
    """The student's file cannot be graded; the message says why in one line."""


def load(job: dict[str, Any]) -> tuple[ModuleType, int]:
    """The student's module, its calls recorded (`record_calls`), and its function's number of parameters (4, or
    2 for minimax), else Unusable."""
    path, display = job["path"], job.get("display", job["path"])
    sys.path.insert(0, os.path.dirname(path))
    sys.meta_path.insert(0, NoGrader())
    spec = importlib.util.spec_from_file_location("student", path)
    assert spec is not None and spec.loader is not None  # a path ending in .py always has both
    module = importlib.util.module_from_spec(spec)
    sys.modules["student"] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as error:
        where = f" line {error.lineno}" if error.lineno else ""
        raise Unusable(f"{display}{where}: {error.msg}; fix the syntax error so that `python {display}` runs") from None
    except BaseException as error:  # noqa: BLE001 (the student's top-level code: anything, even SystemExit)
        lines = [line for line, _ in student_frames(error, path)]
        where = f" line {lines[-1]}" if lines and lines[-1] else ""
        raise Unusable(
            f"{display}{where} raised {exception_line(error)} while loading; code outside "
            f"functions runs on import: fix it or move it under `if __name__ == '__main__':`"
        ) from None
    return module, record_calls(module, job)


def record_calls(module: ModuleType, job: dict[str, Any]) -> int:
    """Wraps the graded function, and the helpers `--record` names, in recorders in the module (the recursion
    goes through the module's names), and returns the graded function's number of parameters, else Unusable."""
    display, name = job.get("display", job["path"]), job["function"]
    width = 4 if job.get("algorithm", "alphabeta") == "alphabeta" else 2
    call = f"{name}(node, alpha, beta, maximizing)" if width == 4 else f"{name}(node, maximizing)"
    function = getattr(module, name, None)
    if function is None:
        defined = sorted(student_functions(module))
        others = f" (it defines {', '.join(defined[:5])})" if defined else ""
        raise Unusable(
            f"{display} defines no function {name}{others}; name your function {name} or pass --function NAME"
        )
    if not callable(function):
        raise Unusable(f"{display}: {name} is {kind_of(function)}, not a function; define def {call}:")
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # a built-in without a signature: it will show when called
        signature = None
    try:
        if signature is not None:
            signature.bind(*range(width))
    except TypeError:
        code = getattr(function, "__code__", None)
        where = f" line {code.co_firstlineno}" if code is not None else ""
        raise Unusable(
            f"{display}{where}: {name}{signature} cannot be called as {call}; give it exactly these parameters"
        ) from None
    setattr(module, name, make_recorder(function, width, signature))
    for recorded in job.get("record") or ():
        setattr(module, recorded["name"], helper_recorder(module, recorded, width, display))
    return width


NODE_NAMES = ("node", "state", "position", "pos", "board", "gamestate", "game", "tree", "root", "n", "s")
ALPHA_NAMES = ("alpha", "a", "α")
BETA_NAMES = ("beta", "b", "β")
MAXIMIZING_NAMES = ("maximizing", "maximizingplayer", "ismax", "ismaximizing", "maxplayer", "ismaxplayer", "maximize")
"""A recorded helper's parameters, found by name (compared in lower case, without underscores)."""


def helper_recorder(module: ModuleType, recorded: dict[str, Any], width: int, display: str) -> Any:
    """The recorder of a helper function that `--record` names (`RecordedFunction.to_json`), else Unusable."""
    name = recorded["name"]
    function = getattr(module, name, None)
    if function is None:
        defined = ", ".join(sorted(student_functions(module))[:6])
        raise Unusable(f"{display} defines no function {name} (--record {name}); it defines {defined or 'none'}")
    if not callable(function):
        raise Unusable(f"{display}: {name} is {kind_of(function)}, not a function; --record names functions")
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        raise Unusable(f"{display}: the grader cannot read the parameters of {name} (--record {name})") from None
    usable = [
        parameter.name
        for parameter in signature.parameters.values()
        if parameter.kind not in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD)
    ]
    shown = f"{display}: {name}{signature}"
    places = tuple(recorded.get("parameters") or ()) or helper_places(usable, width, shown, name)
    unknown = [place for place in places if place not in usable]
    if unknown:
        raise Unusable(f"{shown} has no parameter {unknown[0]} (--record); name the ones it has")
    return make_recorder(
        function, width, signature, named_reader(signature, places, maximizing_rule(recorded, usable, shown))
    )


def helper_places(usable: list[str], width: int, shown: str, name: str) -> tuple[str, ...]:
    """The parameters that hold the node (the first named like a node, else the first), alpha and beta."""
    squeezed = {parameter.replace("_", "").lower(): parameter for parameter in reversed(usable)}
    node = next((squeezed[word] for word in NODE_NAMES if word in squeezed), usable[0] if usable else None)
    alpha, beta = (
        next((squeezed[word] for word in words if word in squeezed), None) for words in (ALPHA_NAMES, BETA_NAMES)
    )
    if node is None or (width == 4 and (alpha is None or beta is None)):
        need = "node, alpha and beta" if width == 4 else "node"
        example = "(state,alpha,beta)" if width == 4 else "(state)"
        raise Unusable(f"{shown}: which parameters hold the {need}? name them: --record '{name}{example}'")
    return (node, alpha, beta) if width == 4 and alpha is not None and beta is not None else (node,)


def maximizing_rule(recorded: dict[str, Any], usable: list[str], shown: str) -> Callable[[dict[str, Any]], bool]:
    """Whether a call is on a MAX node, from its arguments: =max or =min; a parameter that is true for MAX (or
    equals `equals`); else a parameter named like maximizing; else the function's name, max... or min..."""
    who, equals = recorded.get("maximizing"), recorded.get("equals")
    if who is None:
        squeezed = {parameter.replace("_", "").lower(): parameter for parameter in reversed(usable)}
        who = next((squeezed[word] for word in MAXIMIZING_NAMES if word in squeezed), None)
    if who is None:
        side = recorded["name"].lstrip("_").lower()
        if side.startswith("minimax") or not side.startswith(("max", "min")):
            raise Unusable(
                f"{shown}: is its node MAX or MIN? it has no maximizing parameter and its name starts with neither "
                f"max nor min: say which, --record '{recorded['name']}=PARAMETER==VALUE' (MAX when that argument "
                "equals VALUE, e.g. agentIndex==0), =PARAMETER (MAX when true), =max or =min"
            )
        who = side[:3]
    if who in ("max", "min"):
        constant = who == "max"
        return lambda values: constant
    if who not in usable:
        raise Unusable(f"{shown} has no parameter {who} (--record); name the one that says MAX")
    if equals is None:
        return lambda values: truth(values[who])

    def is_equal(values: dict[str, Any]) -> bool:
        try:
            return bool(values[who] == equals)
        except Exception:  # noqa: BLE001 (the student's own __eq__ may raise anything)
            return False

    return is_equal


def recursing_helpers(module: ModuleType, graded: str, recorded: set[str]) -> list[str]:
    """The module's functions that the graded one reaches by name and that reach themselves again (directly or
    through others), unless recorded: what `--record` should name (AIMA's max_value, min_value)."""
    functions = student_functions(module)
    calls = {key: names_used(function.__code__) & functions.keys() for key, function in functions.items()}

    def reached(start: set[str]) -> set[str]:
        seen, stack = set(start), list(start)
        while stack:
            for other in calls[stack.pop()] - seen:
                seen.add(other)
                stack.append(other)
        return seen

    below = reached({graded}) if graded in calls else set()
    return [
        key
        for key in functions
        if key in below and key != graded and key not in recorded and key in reached(calls[key])
    ]


def names_used(code: CodeType) -> set[str]:
    """The global (and attribute) names a function's code uses, its nested functions' included."""
    names = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, CodeType):
            names |= names_used(constant)
    return names


def student_functions(module: ModuleType) -> dict[str, Any]:
    """The module's own functions by name, in the order defined (a recorder, or a decorator of the student's,
    unwrapped)."""
    found = {}
    for key, value in vars(module).items():
        with contextlib.suppress(Exception):  # (a cycle of __wrapped__, or an object of the student's own)
            value = inspect.unwrap(value)
            if inspect.isfunction(value) and value.__module__ == "student":
                found[key] = value
    return found


def kind_of(value: Any) -> str:
    """ "an int", "a list": what a value is, in words."""
    kind = type(value).__name__
    return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind}"


def failure_of(error: BaseException, memory_mb: int) -> tuple[str, str]:
    """The `Run.failure` text that `error` ended the run with, and the line said before the traceback."""
    if isinstance(error, RecursionError):
        calls = (sys.getrecursionlimit() - 50) // 2
        return "recursion", f"the recursion went deeper than the limit ({calls:,} calls; --recursion)\n"
    if isinstance(error, MemoryError):
        return "memory", f"it used more memory than the limit ({memory_mb} MB; --memory)\n"
    if isinstance(error, SystemExit):
        return "crashed", f"it called exit({error.code!r}), which ends the program\n"
    return "error", ""


def run_tree(job: dict[str, Any], module: ModuleType, width: int, root: Any, maximizing: bool) -> dict[str, Any]:
    """One run on one tree, as the JSON object `Run.from_json` reads."""
    TOUCHES.clear()
    SEEN.clear()
    CALLS.clear()
    OPEN.clear()
    function = getattr(module, job["function"])
    failure, message, value = None, "", None
    start = time.perf_counter()
    try:
        result = function(root, -math.inf, math.inf, maximizing) if width == 4 else function(root, maximizing)
        value = number(result)
    except BaseException as error:  # noqa: BLE001 (anything the student's code raised: their traceback)
        failure, why = failure_of(error, job["memory_mb"])
        message = why + student_traceback(error, job["path"], job.get("display", job["path"]))
    seconds = time.perf_counter() - start
    return {
        "touches": list(TOUCHES),
        "calls": list(CALLS),
        "value": value,
        "failure": failure,
        "message": message,
        "seconds": round(seconds, 6),
    }


def set_limits(job: dict[str, Any]) -> None:
    memory = int(job["memory_mb"]) << 20
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_SIZE_LIMIT, FILE_SIZE_LIMIT))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if job.get("cpu_seconds"):
        seconds = max(1, math.ceil(job["cpu_seconds"]))
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a too-big file raises OSError rather than killing us
    sys.setrecursionlimit(frames(job))


def frames(job: dict[str, Any]) -> int:
    """The recursion limit: each student call costs two frames (the recorder's and the function's)."""
    return 2 * int(job["recursion"]) + 50


def watch_stdin() -> None:
    """Exits the process as soon as the parent closes stdin (or dies)."""
    try:
        while os.read(0, 65536):
            pass
    finally:
        os._exit(3)


def work(job: dict[str, Any], channel: IO[str]) -> None:
    """Loads the module, then runs every tree from "start", writing one line each."""
    capture = Capture()
    sys.stdout = sys.stderr = capture
    try:
        module, width = load(job)
    except Unusable as reason:
        send(channel, job, {"unusable": str(reason).replace("\n", " ")})
        return
    recorded = {recorded["name"] for recorded in job.get("record") or ()}
    helpers = recursing_helpers(module, job["function"], recorded)
    capture.take()
    send(channel, job, {"ready": True})
    trees, maximizing = job["trees"], job["maximizing"]
    for index in range(int(job.get("start", 0)), len(trees)):
        run = run_tree(job, module, width, build(trees[index]), bool(maximizing[index]))
        output = capture.take()
        if output:
            run["output"] = output
        if helpers:
            run["helpers"] = helpers
        send(channel, job, {**run, "tree": index})
        if run["failure"] == "memory":
            return  # the parent starts a fresh process for the next tree


def send(channel: IO[str], job: dict[str, Any], data: dict[str, Any]) -> None:
    """Writes one line to the grader, with the job's token: a line without it is not the worker's."""
    channel.write(json.dumps({**data, "token": job["token"]}, allow_nan=True) + "\n")
    channel.flush()


PR_SET_DUMPABLE = 4
"""Linux's prctl option; 0 closes this process's /proc/PID/fd to other processes of the same user, so the
code of another student graded at the same time cannot write into this worker's channel."""


def not_dumpable() -> None:
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            ctypes.CDLL(None).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)


def main() -> None:
    not_dumpable()
    sys.setrecursionlimit(20_000)  # json reads a deep tree by recursion (in C, on the main thread's 8 MB stack)
    job = json.loads(sys.stdin.buffer.readline())
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")
    quiet = os.open(os.devnull, os.O_RDWR)
    os.dup2(quiet, 1)  # print() and os.write(1, ...) of the student land nowhere
    sys.dont_write_bytecode = True
    threading.stack_size(256 << 10)
    threading.Thread(target=watch_stdin, daemon=True).start()
    set_limits(job)
    threading.stack_size(max(16, frames(job) >> 10) << 20)  # deep recursion raises, not crashes
    runner = threading.Thread(target=work, args=(job, channel))
    runner.start()
    runner.join()
    channel.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
