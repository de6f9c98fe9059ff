"""Provides `game_from_args` and `trace_from_args`: the one tree source the command-line options describe, and
the recorded search they ask for (with progress)."""

from __future__ import annotations

import argparse
from typing import Any

from visualizer.cli.progress import node_counter
from visualizer.errors import InputError
from visualizer.games import Game, GameOption, Player, builtin_example, find_game_kind, game_kinds, lookahead
from visualizer.games.base import suggested_search
from visualizer.games.ordering import parse_order, with_order
from visualizer.games.random_tree import fresh_seed
from visualizer.games.registry import GameKind
from visualizer.search import OPTIONS, REGISTRY, find_algorithm, trace_search
from visualizer.tracing import Trace

__all__ = [
    "check_owned",
    "game_from_args",
    "lookahead_from_args",
    "options_from_args",
    "source_kind",
    "trace_from_args",
    "trace_from_file",
]


def _owned() -> dict[str, tuple[GameOption, list[GameKind]]]:
    """Each option that belongs to some kinds of source, by name: the option and those kinds."""
    owned: dict[str, tuple[GameOption, list[GameKind]]] = {}
    for kind in game_kinds():
        for option in kind.options:
            owned.setdefault(option.name, (option, []))[1].append(kind)
    return owned


def source_kind(args: argparse.Namespace) -> tuple[str, str | None]:
    """Which source the options ask for ("builtin" for none, "trace", or a kind's name), and its text (the
    saved trace, or TREE, which is the text of --nested when it starts with "[" and of --array otherwise)."""
    given: list[tuple[str, str, str | None]] = []
    if args.trace is not None:
        given.append(("--trace", "trace", args.trace))
    if args.tree is not None:
        given.append(("TREE", "nested" if args.tree.lstrip().startswith("[") else "array", args.tree))
    selected = [(kind, name) for kind in game_kinds() if (name := kind.selected_by) and getattr(args, name) is not None]
    given += [(kind.cli_source, kind.name, None) for kind, _ in selected if kind.cli_name is None]
    if args.game is not None:
        given.append(
            (f"--game {args.game}", next(kind.name for kind in game_kinds() if kind.cli_name == args.game), None)
        )
    else:  # --board, else --pile: the first kind in the registry whose option is given
        given += [(kind.option(name).flag, kind.name, None) for kind, name in selected if kind.cli_name][:1]
    if len(given) > 1:
        names = " and ".join(flag for flag, _, _ in given)
        raise InputError(f"conflicting sources: {names}; give one tree source")
    _, kind, text = given[0] if given else ("", "builtin", None)
    return kind, text


def check_owned(args: argparse.Namespace, kind: str) -> None:
    """Refuses an option that belongs to another kind of source than `kind` (the built-in example is an array)."""
    record = find_game_kind(builtin_example().kind if kind == "builtin" else kind)
    hints = dict(record.hints) if record is not None else {}
    for name, (option, kinds) in _owned().items():
        if getattr(args, name) is None or record in kinds or _algorithm_takes(args, name):  # `--seed` seeds playouts
            continue
        where = " or ".join(sorted(owner.cli_source for owner in kinds))
        raise InputError(f"{option.flag} applies only to {where}; {hints.get(name, 'remove it or choose that source')}")


def _algorithm_takes(args: argparse.Namespace, option: str) -> bool:
    """True when the command's algorithm (or one of those it compares) takes the search option `option`."""
    names = getattr(args, "algorithms", None) or getattr(args, "algorithm", None) or ""
    for name in names.split(","):
        try:
            if option in find_algorithm(name.split("+")[0]).options:
                return True
        except InputError:  # an unknown name is refused later, where it is read
            continue
    return False


def game_from_args(args: argparse.Namespace) -> Game:
    """Builds the game the options describe (the built-in example when none is given), in --order; a blank seed
    is drawn here, so the output can show it."""
    name, text = source_kind(args)
    check_owned(args, name)
    kind = find_game_kind(builtin_example().kind if name == "builtin" else name)  # without values, the example
    assert kind is not None, name
    for option in kind.options:
        if option.fresh and getattr(args, option.name) is None:
            setattr(args, option.name, fresh_seed())
    options = {option.name: getattr(args, option.name) for option in kind.options}
    if text is not None and kind.selected_by:  # TREE
        options[kind.selected_by] = text
    given = {"depth": args.depth, "handles_chance": _handles_chance(args)}
    game = kind.build({**options, **given}, Player.parse(args.root) if args.root else None)
    if args.order is None:
        return game
    order, seed = parse_order(args.order)
    return with_order(game, order, seed)


def _handles_chance(args: argparse.Namespace) -> bool | None:
    """Whether the algorithms the command names (-a, or all of -A's) search chance nodes, None when it names
    none: a source may then make its random moves chance nodes, or the opponent's (a CS188 test's ghosts)."""
    names = getattr(args, "algorithms", None) or getattr(args, "algorithm", None)
    if not names:
        return None
    try:
        return all(find_algorithm(name.split("+")[0]).handles_chance for name in names.split(","))
    except InputError:  # an unknown name is refused later, where it is read
        return None


def lookahead_from_args(args: argparse.Namespace, game: Game) -> int | None:
    """The search depth: --depth, else the game's suggested look-ahead; also checks --max-nodes."""
    if args.max_nodes < 1:
        raise InputError(f"--max-nodes is {args.max_nodes}; it must be 1 or more")
    return lookahead(game, args.depth)


def trace_from_file(args: argparse.Namespace) -> Trace | None:
    """The saved trace named by --trace (None without it); search options make no sense with it."""
    kind, path = source_kind(args)
    if kind != "trace" or path is None:
        return None
    searches = ("algorithm", "depth", "root", "strict", "iterative", "order", "levels")
    changed = [
        f"--{name}" for name in searches if (value := getattr(args, name, None)) is not None and value is not False
    ]
    if changed:
        raise InputError(
            f"--trace replays a saved search, so {', '.join(changed)} cannot change it; drop "
            f"{'it' if len(changed) == 1 else 'them'}, or search the tree again"
        )
    check_owned(args, "trace")
    from visualizer.readwrite.trace_json import read_json

    return read_json(path, max_bytes=args.max_trace_bytes)


def options_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The search options (`OPTIONS`) the command line sets, read and checked, by name."""
    given = {name: value for name in OPTIONS if (value := getattr(args, name, None)) is not None and value is not False}
    return {name: OPTIONS[name].read(value) if isinstance(value, str) else value for name, value in given.items()}


def trace_from_args(
    game: Game,
    args: argparse.Namespace,
    *,
    algorithm: str | None = None,
    strict: bool | None = None,
    options: dict[str, Any] | None = None,
) -> Trace:
    """Searches `game` as the options say; `algorithm`, `strict` and `options` override them when given. Without
    an algorithm, the one the game suggests (`SuggestsSearch`: a CS188 test's alg), else alphabeta."""
    name = algorithm or getattr(args, "algorithm", None)
    if name is None and (suggested := suggested_search(game)) is not None:
        name, strict = suggested[0], True if suggested[1] else strict
    record = find_algorithm(name or "alphabeta")
    algorithm = record.name
    if strict is None and getattr(args, "strict", False) and not record.accepts_strict:
        same_view = (other for other in REGISTRY.values() if other.movers_view == record.movers_view)
        instead = next((other.name for other in same_view if other.accepts_strict), "alphabeta")
        why = "does not take it" if record.windowed else "never cuts"
        raise InputError(
            f"--strict says when alpha-beta cuts, and {algorithm} {why}; drop --strict, or choose -a {instead}"
        )
    with node_counter() as progress:
        return trace_search(
            game,
            algorithm,
            depth=lookahead_from_args(args, game),
            strict=getattr(args, "strict", False) if strict is None else strict,
            iterative=getattr(args, "iterative", False),
            max_nodes=args.max_nodes,
            progress=progress,
            **(options_from_args(args) if options is None else options),
        )
