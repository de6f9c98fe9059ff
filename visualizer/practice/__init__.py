"""Provides practice mode's core: exercises and their codes, answer files, the checker, the drill, and
worksheets (their files: sheets, keys and index). Names are imported when first used."""

from visualizer.lazy import lazy_names

_NAMES = {
    "Answers": "visualizer.practice.answers",
    "NodeAnswer": "visualizer.practice.answers",
    "key_answers": "visualizer.practice.answers",
    "read_answers": "visualizer.practice.answers",
    "Problem": "visualizer.practice.check",
    "Report": "visualizer.practice.check",
    "check": "visualizer.practice.check",
    "RandomExercise": "visualizer.practice.code",
    "Drill": "visualizer.practice.drill",
    "questions": "visualizer.practice.drill",
    "Exercise": "visualizer.practice.exercise",
    "KeyNode": "visualizer.practice.exercise",
    "PracticeSession": "visualizer.practice.session",
}
__all__ = list(_NAMES)
__getattr__, __dir__ = lazy_names(__name__, _NAMES)
