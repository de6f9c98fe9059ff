"""Provides practice mode's core: exercises and their codes, answer files, the checker and the drill."""

from visualizer.practice.answers import Answers, NodeAnswer, key_answers, read_answers
from visualizer.practice.check import Problem, Report, check
from visualizer.practice.code import RandomExercise
from visualizer.practice.drill import Drill, questions
from visualizer.practice.exercise import Exercise, KeyNode
from visualizer.practice.session import PracticeSession

__all__ = [
    "Answers", "Drill", "Exercise", "KeyNode", "NodeAnswer", "PracticeSession", "Problem", "RandomExercise",
    "Report", "check", "key_answers", "questions", "read_answers",
]
