"""The app keeps to Textual's public API: no class of `visualizer.tui` overrides a private method of Textual's."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import visualizer.tui


def test_no_private_textual_method_is_overridden():
    overrides = []
    for info in pkgutil.walk_packages(visualizer.tui.__path__, "visualizer.tui."):
        module = importlib.import_module(info.name)
        for cls in vars(module).values():
            if not inspect.isclass(cls) or cls.__module__ != module.__name__:
                continue
            for name, member in vars(cls).items():
                if not name.startswith("_") or name.startswith("__") or not inspect.isfunction(member):
                    continue
                if any(base.__module__.startswith("textual") and name in vars(base) for base in cls.__mro__[1:]):
                    overrides.append(f"{cls.__module__}.{cls.__qualname__}.{name}")
    assert overrides == []  # e.g. a widget's own `_scroll_to(node)` replaced `Widget._scroll_to(x, y, ...)`
