"""Provides the registry's side of explicit trees: `ExplicitKind` (a spec back to a tree, its traces' names,
its root) and the kinds `ArrayKind`, `RandomKind` and `NestedKind`, which build their trees from options."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from visualizer.errors import InputError
from visualizer.games.base import Player, Value, format_value
from visualizer.games.explicit import (
    DEFAULT_ARRAY,
    DEFAULT_ROOT,
    ExplicitTree,
    from_array,
    levels_root,
    parse_array,
    parse_levels,
    parse_names,
)
from visualizer.games.game_options import GameOption
from visualizer.games.nested import from_nested
from visualizer.games.random_tree import DEFAULT_RANGE, fresh_seed, parse_range, random_tree
from visualizer.games.spec_fields import REQUIRED, SpecFields, is_whole


def _levels(fields: SpecFields) -> tuple[Player, ...] | None:
    hint = 'write a list of "max", "min" or "chance", one per level of inner nodes, e.g. ["max", "chance"]'
    levels = fields.typed(
        "levels",
        None,
        hint,
        lambda value: isinstance(value, list) and all(level in ("max", "min", "chance") for level in value),
    )
    return None if levels is None else tuple(map(Player, levels))


def _is_builtin_example(spec: dict[str, Any]) -> bool:
    """True for the built-in example's values without `levels` (with them, its chance variant is another tree)."""
    return spec.get("kind", "array") == "array" and spec.get("values") == list(DEFAULT_ARRAY) and not spec.get("levels")


def _node_count(nested: Any) -> int:
    """The nodes of a nested list: every list, chance node and leaf."""
    count, waiting = 0, [nested]
    while waiting:
        item = waiting.pop()
        count += 1
        if isinstance(item, list):
            waiting.extend(item)
        elif isinstance(item, dict) and isinstance(item.get("chance"), list):  # {"chance": [[p, subtree], ...]}
            waiting.extend(pair[1] for pair in item["chance"] if isinstance(pair, list) and len(pair) == 2)
        elif isinstance(item, dict) and len(item) == 1 and isinstance(kids := next(iter(item.values())), list):
            count -= 1  # {"max": [...]}: the list inside is the node
            waiting.append(kids)
    return count


class ExplicitKind:
    """What the game registry asks of the explicit kinds ("array", "random", "nested")."""

    @classmethod
    def from_spec(cls, spec: Any, *, where: str = "the trace's source") -> ExplicitTree:
        """The tree of an "array", "random" (values in level order) or "nested" spec, checked field by field."""
        fields = SpecFields(spec, where)
        root = fields.player()
        if fields.spec.get("kind") == "nested":
            nested = fields.field(
                "nested", REQUIRED, "write nested lists with numbers at the leaves, e.g. [[3, 12], [2, 4]]"
            )
            return fields.build(from_nested, nested, names=fields.names(), root=root)
        for key in ("seed", "leaves"):  # facts a random tree records about itself
            fields.whole(key, None)
        fields.typed(
            "range",
            None,
            "write [LO, HI] with whole numbers",
            lambda value: isinstance(value, list) and len(value) == 2 and all(map(is_whole, value)),
        )
        extra = {key: fields.spec[key] for key in ("seed", "range", "leaves") if fields.spec.get(key) is not None}
        return fields.build(
            from_array,
            fields.values(),
            branching=fields.whole("branching", 2, minimum=1),
            names=fields.names(),
            root=root,
            kind=fields.spec.get("kind", "array"),
            source=extra,
            levels=_levels(fields),
        )

    @classmethod
    def slug(cls, spec: dict[str, Any]) -> str:
        """The file-name stem of its traces: "example15", "array7", "nested13" (the node count), "random-seed4"."""
        kind = spec.get("kind", "array")
        if _is_builtin_example(spec):
            return "example15"
        if kind == "random":
            return f"random-seed{spec.get('seed')}"
        count = _node_count(spec["nested"]) if kind == "nested" else len(spec["values"])
        return f"{kind}{count}"

    @classmethod
    def default_root(cls, spec: dict[str, Any]) -> Player:
        """Who moves at the root unless the spec says: MIN for the built-in example, MAX for any other tree."""
        return DEFAULT_ROOT if _is_builtin_example(spec) else Player.MAX


BRANCHING = GameOption(
    "--branching", "children per node for --array/--random (2)", int, "K", label="Branching", hint="2"
)
NAMES = GameOption("--names", "node names in level order (A, B, ... by default)", metavar="N1,N2,...")
LEVELS = GameOption(
    "--levels",
    "--array/--random: the kind of each level of inner nodes from the root, max, min or chance, e.g. "
    "max,chance,min,chance (chance: each child equally likely)",
    metavar="KINDS",
)
ARRAY_OPTIONS = (
    GameOption(
        "--array",
        "level-order values, e.g. 1,3,5,5,3,1,2",
        metavar="VALUES",
        label="Values",
        hint="level order, e.g. 1,3,5,5,3,1,2",
    ),
    BRANCHING,
    NAMES,
    LEVELS,
)


RANDOM_OPTIONS = (
    GameOption("--random", "a seeded random tree", switch=True),
    GameOption("--leaves", "leaves of the random tree (8)", int, "N", label="Leaves", hint="8"),
    BRANCHING,
    GameOption(
        "--range", "values of the random tree (-10:10)", metavar="LO:HI", label="Range", hint="LO:HI, e.g. -10:10"
    ),
    LEVELS,
    GameOption(
        "--seed",
        "random seed (shown in the output when omitted)",
        int,
        "S",
        label="Seed",
        hint="blank: a new random seed",
        fresh=True,
    ),
)


NESTED_OPTIONS = (
    GameOption(
        "--nested",
        "nested lists with numbers at the leaves",
        metavar="JSON",
        label="Nested list",
        hint="[[3,12,8],[2,4,6],[14,5,2]]",
    ),
    NAMES,
)


class ArrayKind(ExplicitKind):
    """The "array" kind: level-order values."""

    @classmethod
    def from_options(cls, options: Mapping[str, Any], root: Player | None) -> ExplicitTree:
        """The tree of `ARRAY_OPTIONS`; without values, the built-in example (binary, root MIN)."""
        levels = None if options["levels"] is None else parse_levels(options["levels"])
        branching = options["branching"]
        values: Sequence[Value]
        if options["array"] is None:
            if branching not in (None, 2):
                raise InputError("--branching needs --array; the built-in example is binary")
            values, default_root = DEFAULT_ARRAY, DEFAULT_ROOT
        else:
            values, default_root = parse_array(options["array"]), Player.MAX
        names = None if options["names"] is None else parse_names(options["names"], len(values))
        return from_array(
            values,
            branching=2 if branching is None else branching,
            names=names,
            root=root or levels_root(levels, default_root),
            levels=levels,
        )

    @classmethod
    def to_options(cls, spec: dict[str, Any]) -> dict[str, Any]:
        return {"array": ",".join(map(format_value, spec["values"])), "branching": spec.get("branching", 2)}


class RandomKind(ExplicitKind):
    """The "random" kind: a seeded random tree."""

    @classmethod
    def from_options(cls, options: Mapping[str, Any], root: Player | None) -> ExplicitTree:
        """The tree of `RANDOM_OPTIONS` (a blank seed drawn afresh), as deep as `options["depth"]` without leaves."""
        levels = None if options["levels"] is None else parse_levels(options["levels"])
        return random_tree(
            leaves=options["leaves"],
            depth=options.get("depth") if options["leaves"] is None else None,
            branching=2 if options["branching"] is None else options["branching"],
            value_range=DEFAULT_RANGE if options["range"] is None else parse_range(options["range"]),
            seed=fresh_seed() if options["seed"] is None else options["seed"],
            root=root or levels_root(levels, Player.MAX),
            levels=levels,
        )

    @classmethod
    def to_options(cls, spec: dict[str, Any]) -> dict[str, Any]:
        return {key: spec[key] for key in ("leaves", "branching", "seed")} | {"range": "{}:{}".format(*spec["range"])}


class NestedKind(ExplicitKind):
    """The "nested" kind: nested lists with numbers at the leaves."""

    @classmethod
    def from_options(cls, options: Mapping[str, Any], root: Player | None) -> ExplicitTree:
        if not (options["nested"] or "").strip():
            raise InputError("the nested list is empty; write it like [[3,12,8],[2,4,6]]")
        tree = from_nested(options["nested"], root=root)
        return tree if options["names"] is None else tree.replace(names=tuple(parse_names(options["names"], len(tree))))

    @classmethod
    def to_options(cls, spec: dict[str, Any]) -> dict[str, Any]:
        return {"nested": json.dumps(spec["nested"], separators=(",", ":"))}
