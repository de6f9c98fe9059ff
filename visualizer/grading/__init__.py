"""Provides grading of a student's own search: run it in a sandbox on known trees, compare it with the
reference trace, and name the misconception behind a difference."""
