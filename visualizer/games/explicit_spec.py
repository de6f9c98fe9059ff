"""Provides the spec side of explicit trees: `read_explicit` (a spec back to a tree, chance nodes and
`levels` included), `explicit_slug` and `explicit_default_root`, which `ExplicitTree`'s `from_spec`,
`slug` and `default_root` answer with."""

from __future__ import annotations

from typing import Any

from visualizer.games.base import Player
from visualizer.games.explicit import DEFAULT_ARRAY, DEFAULT_ROOT, ExplicitTree, from_array, from_nested
from visualizer.games.spec_fields import REQUIRED, SpecFields, is_whole

__all__ = ["ExplicitKind", "explicit_default_root", "explicit_slug", "read_explicit"]


def read_explicit(spec: Any, where: str) -> ExplicitTree:
    """The tree of an "array", "random" (values in level order) or "nested" spec, checked field by field.

    Raises:
        InputError: the spec lacks a field or has one of the wrong type or value (the message names it).
    """
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


def _levels(fields: SpecFields) -> tuple[Player, ...] | None:
    """The optional `levels` field: the kind of each level of inner nodes, "max", "min" or "chance"."""
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
    """The nodes of a nested list: every list, chance node and leaf, counted without recursion."""
    count, waiting = 0, [nested]
    while waiting:
        item = waiting.pop()
        count += 1
        if isinstance(item, list):
            waiting.extend(item)
        elif isinstance(item, dict) and isinstance(item.get("chance"), list):  # {"chance": [[p, subtree], ...]}
            waiting.extend(pair[1] for pair in item["chance"] if isinstance(pair, list) and len(pair) == 2)
    return count


def explicit_slug(spec: dict[str, Any]) -> str:
    """ "example15" for the built-in example's values, "array7", "nested13" (the node count), "random-seed4"."""
    kind = spec.get("kind", "array")
    if _is_builtin_example(spec):
        return "example15"
    if kind == "random":
        return f"random-seed{spec.get('seed')}"
    count = _node_count(spec["nested"]) if kind == "nested" else len(spec["values"])
    return f"{kind}{count}"


def explicit_default_root(spec: dict[str, Any]) -> Player:
    """MIN for the built-in example (as in the tutorial it comes from), MAX for any other tree."""
    return DEFAULT_ROOT if _is_builtin_example(spec) else Player.MAX


class ExplicitKind:
    """What the game registry asks of the explicit kinds ("array", "random", "nested"), answered here so
    that `explicit` (the trees) knows nothing of specs and this module builds on it alone."""

    @classmethod
    def from_spec(cls, spec: Any, *, where: str = "the trace's source") -> ExplicitTree:
        """The tree of an "array", "random" or "nested" spec (what `ExplicitTree.spec()` wrote), checked by field."""
        return read_explicit(spec, where)

    @classmethod
    def slug(cls, spec: dict[str, Any]) -> str:
        """The file-name stem of its traces: "example15", "array7", "nested13", "random-seed4"."""
        return explicit_slug(spec)

    @classmethod
    def default_root(cls, spec: dict[str, Any]) -> Player:
        """Who moves at the root unless the spec says: MIN for the built-in example, else MAX."""
        return explicit_default_root(spec)
