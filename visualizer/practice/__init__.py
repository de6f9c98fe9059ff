"""Provides practice mode's core: exercises and their codes, answer files, the checker and the drill."""
