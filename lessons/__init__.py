"""Lessons and quizzes as data (docs/lesson-format.md), and the headless engine that runs them.
Imports ``solver``, never textual or rich."""
