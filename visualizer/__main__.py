"""Provides `python -m visualizer`."""

from visualizer.cli import main

raise SystemExit(main())
