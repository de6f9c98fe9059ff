"""Provides the hypothesis profiles ("ci", derandomized, when $CI is set; else "dev") and no Textual animations."""

import os

import textual.constants
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=100)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile("ci" if "CI" in os.environ else "dev")

# As TEXTUAL_ANIMATIONS=none does for a user: scrolls and panels land at once. The UI tests check where
# things land, not the frames between; each app reads the level when it is made.
textual.constants.TEXTUAL_ANIMATIONS = "none"
