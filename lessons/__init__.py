"""Lessons and quizzes as data, and the headless engine that runs them.

A lesson is a plain-text file (``docs/lesson-format.md``): Markdown with ``@directive``
lines that drive the solver's engines and ask questions whose answers the solver computes.
This package imports ``solver`` and never textual or rich.
"""
