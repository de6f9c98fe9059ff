"""Provides the benchmarks: speed and memory of search, tracing, export and the app, as ratios.

Run `python -m benchmarks` (the full tic-tac-toe tree; several minutes) or `python -m benchmarks --quick`.
"""
