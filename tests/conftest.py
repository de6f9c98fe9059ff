"""Provides the hypothesis profiles ("ci", derandomized, when $CI is set; else "dev"), no Textual animations and
shorter Pilot waits."""

import os

import textual._wait
import textual.constants
import textual.screen
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=100)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile("ci" if "CI" in os.environ else "dev")

# As TEXTUAL_ANIMATIONS=none does for a user: scrolls and panels land at once. The UI tests check where
# things land, not the frames between; each app reads the level when it is made.
textual.constants.TEXTUAL_ANIMATIONS = "none"

# Pilot waits after every key until the process looks idle: it sleeps SLEEP_GRANULARITY (20 ms) at a time until
# a slice used under SLEEP_IDLE (1 ms) of CPU, and a screen redraws at most every UPDATE_PERIOD (1/60 s). Shorter
# slices and redraws keep those rules (a redraw still lands within a slice) and spend a third less time idle.
textual._wait.SLEEP_GRANULARITY = 0.006
textual._wait.SLEEP_IDLE = 0.001
textual.screen.UPDATE_PERIOD = 1 / 180
