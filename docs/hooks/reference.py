"""Provides the docs site's mkdocs hook: the pictures made before a build, and the reference pages made from the code.

A page asks for generated text with a marker line of its own:

- `<!-- cli-reference -->`: every command and option, from the argparse parser;
- `<!-- keys-reference -->`: the keys of each screen, dialog and widget, from their `BINDINGS`;
- `<!-- api-reference -->`: a mkdocstrings entry for each public name in `visualizer._API`;
- `<!-- schema: PATH -->`: the JSON file at PATH (from the repository's root), in a collapsed block.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import os
import pkgutil
import re
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parents[2]
"""The repository's root: the markers' paths are read from here."""

_MADE: list[bool] = []
"""Holds True once the pictures were made in this process (`mkdocs serve` makes them only once)."""


# -- the pictures -----------------------------------------------------------------------------------------------------


def _pictures_script() -> ModuleType:
    """docs/pictures.py as a module (it is a script, not a package): its `PICTURES` and `missing`."""
    spec = importlib.util.spec_from_file_location("docs_pictures", ROOT / "docs" / "pictures.py")
    if spec is None or spec.loader is None:
        raise PluginError("docs/pictures.py cannot be loaded")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def on_pre_build(config: Any) -> None:
    """Makes the pictures (once per process; not when DOCS_PICTURES=0), then fails the build if one is missing."""
    images = Path(config["docs_dir"]) / "images"
    if not _MADE and os.environ.get("DOCS_PICTURES", "1") != "0":
        command = [sys.executable, str(ROOT / "docs" / "pictures.py"), "--out", str(images)]
        if subprocess.run(command, cwd=ROOT, check=False).returncode != 0:
            raise PluginError("docs/pictures.py failed (its message is above)")
        _MADE.append(True)
    missing = _pictures_script().missing(images)
    if missing:
        raise PluginError(f"missing or empty pictures in {images}: {', '.join(missing)}; run python docs/pictures.py")


# -- the markers ------------------------------------------------------------------------------------------------------


_SCHEMA = re.compile(r"^<!-- schema: (?P<path>\S+) -->[ \t]*$", re.MULTILINE)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Replaces each marker line of the page with the text it stands for."""
    for marker, make in MARKERS.items():
        pattern = re.compile(rf"^{re.escape(marker)}[ \t]*$", re.MULTILINE)
        if pattern.search(markdown):
            markdown = pattern.sub(make().replace("\\", "\\\\"), markdown)
    return _SCHEMA.sub(lambda found: schema_block(found["path"], page.file.src_uri), markdown)


def schema_block(path: str, page: str) -> str:
    """A collapsed admonition holding the JSON file at `path` (from the repository's root)."""
    file = (ROOT / path).resolve()
    if not file.is_relative_to(ROOT) or not file.is_file():
        raise PluginError(f"{page}: the schema marker names {path}, which is not a file of the repository")
    body = "\n".join(f"    {line}".rstrip() for line in ["```json", *file.read_text().splitlines(), "```"])
    return f'??? note "The JSON schema"\n\n{body}\n'


# -- commands and options ---------------------------------------------------------------------------------------------


def cli_reference() -> str:
    """Every command of `visualizer`: its description, usage and options, read from the parser itself. A group of
    options that several commands share (the tree source, the search) is listed once, after the commands."""
    from visualizer.cli.parser import build_parser

    parser = build_parser()
    commands = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    groups = {name: _groups(command) for name, command in commands.choices.items()}
    seen: dict[tuple[str, ...], list[str]] = {}
    for name, command_groups in groups.items():
        for _, rows in command_groups:
            seen.setdefault(tuple(rows), []).append(name)
    shared: dict[tuple[str, ...], tuple[str, str]] = {}  # rows: (title, anchor)
    for command_groups in groups.values():
        for title, rows in command_groups:
            if len(seen[tuple(rows)]) > 1 and tuple(rows) not in shared:
                short = re.sub(r"\s*\(.*\)$", "", title)
                anchor = re.sub(r"[^a-z0-9]+", "-", short.lower()).strip("-")
                while anchor in groups or anchor in [known for _, known in shared.values()]:
                    anchor += "-options"
                shared[tuple(rows)] = (short, anchor)
    summaries = {choice.dest: choice.help or "" for choice in commands._choices_actions}
    index = ["| Command | What it does |", "| --- | --- |"]
    index += [f"| [`{name}`](#{name}) | {_cell(summaries.get(name, ''))} |" for name in commands.choices]
    sections = ["\n".join(index), _command("visualizer", "visualizer", parser, _groups(parser), {})]
    sections += [
        _command(name, f"visualizer {name}", command, groups[name], shared)
        for name, command in commands.choices.items()
    ]
    if shared:
        sections.append("## Options shared by several commands {#shared}")
        for rows, (title, anchor) in shared.items():
            users = ", ".join(f"[`{name}`](#{name})" for name in seen[rows])
            sections.append(f"### {_text(title)} {{#{anchor}}}\n\nIn {users}.\n\n{_table(rows)}")
    return "\n\n".join(sections) + "\n"


def _groups(parser: argparse.ArgumentParser) -> list[tuple[str, list[str]]]:
    """The parser's argument groups that hold an option to show: each one's title and table rows."""
    exclusive = {
        id(action): [other for other in group._group_actions if other is not action]
        for group in parser._mutually_exclusive_groups
        for action in group._group_actions
    }
    groups = []
    for group in parser._action_groups:
        rows = [
            _option_row(parser, action, exclusive.get(id(action), []))
            for action in group._group_actions
            if action.help is not argparse.SUPPRESS
            and not isinstance(action, (argparse._HelpAction, argparse._SubParsersAction))
        ]
        if rows:
            title = {"positional arguments": "arguments"}.get(group.title or "", group.title or "")
            groups.append((title[:1].upper() + title[1:], rows))
    return groups


def _command(
    anchor: str,
    title: str,
    parser: argparse.ArgumentParser,
    groups: list[tuple[str, list[str]]],
    shared: dict[tuple[str, ...], tuple[str, str]],
) -> str:
    """One command's section: heading, description, usage, a table per argument group (or a link to the shared
    one), then its epilog."""
    parts = [f"## {title} {{#{anchor}}}"]
    if parser.description:
        parts.append(_text(" ".join(parser.description.split())))
    usage = argparse.HelpFormatter(parser.prog, width=88)
    usage.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups, prefix="")
    parts.append(f"```text\n{usage.format_help().strip()}\n```")
    for group_title, rows in groups:
        if tuple(rows) in shared:
            short, link = shared[tuple(rows)]
            parts.append(f"**{_text(group_title)}**: see [{_text(short)}](#{link}) below.")
        else:
            parts.append(f"**{_text(group_title)}**\n\n{_table(rows)}")
    if parser.epilog:
        parts.append(f"```text\n{parser.epilog.strip()}\n```")
    return "\n\n".join(parts)


def _table(rows: Iterable[str]) -> str:
    return "\n".join(["| Option | What it does |", "| --- | --- |", *rows])


def _option_row(parser: argparse.ArgumentParser, action: argparse.Action, exclusive: list[argparse.Action]) -> str:
    """One table row: the flags (with the value's name or the choices) and the help, as `--help` gives them."""
    formatter = parser._get_formatter()
    if action.option_strings:
        flags = sorted(action.option_strings, key=len)
        shown = [f"`{flag}`" for flag in flags]
        if action.nargs != 0:
            shown[-1] = f"`{flags[-1]} {formatter._format_args(action, action.dest.upper())}`"
        invocation = ", ".join(shown)
    else:
        invocation = f"`{formatter._metavar_formatter(action, action.dest)(1)[0]}`"
    help = formatter._expand_help(action) if action.help else ""
    if exclusive:
        others = ", ".join(f"`{max(other.option_strings, key=len)}`" for other in exclusive if other.option_strings)
        help = f"{help}; not with {others}"
    return f"| {invocation} | {_cell(help)} |"


def _text(text: str) -> str:
    """Text from the code as Markdown: characters Markdown would read as markup are escaped, outside code spans."""
    pieces = text.split("`")
    if len(pieces) % 2 == 0:  # an odd number of backticks: no code spans
        pieces = ["`".join(pieces)]
    for index in range(0, len(pieces), 2):
        pieces[index] = re.sub(r"([\\*_\[\]<>|])", r"\\\1", pieces[index])
    return "`".join(pieces)


def _cell(text: str) -> str:
    """`_text` for a table cell: a pipe in a code span is escaped too (Markdown's table splits on it)."""
    return _text(" ".join(text.split())).replace("`|", "`\\|").replace("|`", "\\|`")


# -- keys -------------------------------------------------------------------------------------------------------------


def keys_reference() -> str:
    """The keys of every class under `visualizer.tui` that declares `BINDINGS`, screens first, and Textual's own."""
    from textual.app import App
    from textual.binding import Binding
    from textual.screen import ModalScreen, Screen
    from textual.widget import Widget

    roles = {ModalScreen: "Dialogs", Screen: "Screens", Widget: "Widgets", App: "The whole app"}
    classes = list(_tui_classes())
    role = {cls: next((base for base in roles if issubclass(cls, base)), None) for cls in classes}
    sections: list[str] = []
    for base in (Screen, ModalScreen, Widget, App):
        chosen = [cls for cls in classes if role[cls] is base and "BINDINGS" in cls.__dict__]
        if chosen:
            sections.append(f"## {roles[base]}")
            sections += [_class_keys(cls, classes) for cls in chosen]
    app = next((cls for cls in classes if issubclass(cls, App)), App)
    own = [*Binding.make_bindings(App.BINDINGS), *Binding.make_bindings(Screen.BINDINGS)]
    if app.ENABLE_COMMAND_PALETTE:
        palette = "Command palette: Textual's commands and every key of the screen, by name"
        own.append(Binding(app.COMMAND_PALETTE_BINDING, "command_palette", palette))
    sections.append("## Textual's own keys {#textual}")
    sections.append("Textual binds these on every screen.")
    sections.append(_keys_table(binding for binding in own if not binding.system))
    return "\n\n".join(sections) + "\n"


def _tui_classes() -> Iterator[type]:
    """The Textual classes (screens, dialogs, widgets, the App) defined in the modules of `visualizer.tui`."""
    from textual.dom import DOMNode

    import visualizer.tui

    names = [visualizer.tui.__name__]
    names += [info.name for info in pkgutil.walk_packages(visualizer.tui.__path__, f"{visualizer.tui.__name__}.")]
    for name in sorted(names):
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == name and issubclass(cls, DOMNode):
                yield cls


def _class_keys(cls: type, classes: list[type]) -> str:
    """A class's heading (anchored by its name in kebab case), its docstring's first sentence and its keys."""
    parts = [f"### {cls.__name__} {{#{_kebab(cls.__name__)}}}"]
    summary = (inspect.getdoc(cls) or "").split("\n\n")[0]
    if summary:
        parts.append(_text(" ".join(summary.split())))
    parents = [base.__name__ for base in cls.__mro__[1:] if base in classes and "BINDINGS" in base.__dict__]
    heirs = sorted(
        other.__name__
        for other in classes
        if other is not cls and issubclass(other, cls) and "BINDINGS" not in other.__dict__
    )
    if parents and getattr(cls, "inherit_bindings", True):
        parts.append(f"Also the keys of {', '.join(f'[{name}](#{_kebab(name)})' for name in parents)}.")
    if heirs:
        parts.append(f"The same keys in {', '.join(f'`{name}`' for name in heirs)}.")
    parts.append(_keys_table(cls.__dict__["BINDINGS"]))
    return "\n\n".join(parts)


def _kebab(name: str) -> str:
    """A class name as an anchor: SearchScreen is search-screen."""
    return re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


def _keys_table(bindings: Iterable[Any]) -> str:
    """A table of bindings (Binding objects or tuples): key, what it does, its action, whether the footer shows it.
    Neighbours that differ only in a number (keys 1 to 9) share a row."""
    from textual.binding import Binding

    rows = ["| Key | What it does | Action | In the footer |", "| --- | --- | --- | --- |"]
    for run in _runs([item if isinstance(item, Binding) else Binding(*item) for item in bindings]):
        first = run[0]
        keys = [key.strip() for binding in run for key in binding.key.split(",")]
        shown = ", ".join(f"`{_key_display(key)}`" for key in keys)
        if len(keys) > 2 and all(len(key) == 1 and key.isdigit() for key in keys):
            shown = f"`{keys[0]}` to `{keys[-1]}`"
        description = _described(binding.description for binding in run)
        actions = list(dict.fromkeys(binding.action for binding in run))
        action = f"`{actions[0]}`" if len(actions) == 1 else f"`{actions[0]}` ... `{actions[-1]}`"
        footer = f"yes, as `{first.key_display}`" if first.show and first.key_display else "yes" if first.show else "no"
        rows.append(f"| {shown} | {_cell(description)} | {action} | {footer} |")
    return "\n".join(rows)


def _runs(bindings: list[Any]) -> list[list[Any]]:
    """Neighbouring bindings whose action and description differ at most in their numbers, each run in a list."""

    def kind(binding: Any) -> tuple[str, str, bool]:
        return binding.action.split("(")[0], re.sub(r"\d+", "#", binding.description), binding.show

    runs: list[list[Any]] = []
    for binding in bindings:
        if runs and kind(runs[-1][-1]) == kind(binding):
            runs[-1].append(binding)
        else:
            runs.append([binding])
    return runs


def _described(descriptions: Iterable[str]) -> str:
    """One description for a run of bindings: "Square 0" ... "Square 8" is "Square 0 to 8"."""
    unique = list(dict.fromkeys(descriptions))
    numbers = [re.findall(r"\d+", text) for text in unique]
    if len(unique) > 1 and all(len(found) == 1 for found in numbers):
        return re.sub(r"\d+", f"{numbers[0][0]} to {numbers[-1][0]}", unique[0], count=1)
    return " / ".join(unique)


def _key_display(key: str) -> str:
    """A key as Textual's footer shows it (App.get_key_display without a `key_display`): `?`, `→`, `shift+←`."""
    from textual.keys import format_key

    *modifiers, name = key.split("+")
    name = format_key(name)
    if "ctrl" in modifiers:
        modifiers.remove("ctrl")
        name = f"^{name}"
    return "+".join([*modifiers, name])


# -- the Python API ---------------------------------------------------------------------------------------------------


def api_reference() -> str:
    """A mkdocstrings entry for each name of `visualizer._API`, grouped by subpackage in the order listed; each
    entry names the module that defines it (griffe cannot follow a package's lazy `__getattr__`)."""
    import visualizer

    groups: dict[str, list[tuple[str, str]]] = {}
    for name, module in visualizer._API.items():
        groups.setdefault(".".join(module.split(".")[:2]), []).append((name, module))
    parts = []
    for package, names in groups.items():
        parts.append(f"## {package} {{#{package.replace('.', '-')}}}")
        summary = (inspect.getdoc(importlib.import_module(package)) or "").split("\n\n")[0]
        if summary:
            parts.append(_text(" ".join(summary.split())))
        imports = f"from visualizer import {', '.join(name for name, _ in names)}"
        if len(imports) > 88:
            imports = "from visualizer import (\n" + "".join(f"    {name},\n" for name, _ in names) + ")"
        parts.append(f"```python\n{imports}\n```")
        for name, module in names:
            defined = getattr(getattr(importlib.import_module(module), name), "__module__", None) or module
            options = ["heading_level: 3", "show_root_full_path: false"]
            parts.append(f"::: {defined}.{name}\n    options:\n" + "".join(f"      {line}\n" for line in options))
    return "\n\n".join(parts) + "\n"


MARKERS: dict[str, Callable[[], str]] = {
    "<!-- cli-reference -->": cli_reference,
    "<!-- keys-reference -->": keys_reference,
    "<!-- api-reference -->": api_reference,
}
"""Each marker line, and what makes the text that replaces it."""
