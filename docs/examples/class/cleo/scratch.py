"""Cleo's scratch file: it defines no alphabeta, so the grader skips it."""

LEAVES = [3, 12, 8, 2, 4, 6, 14, 5, 2]
