"""One student working through one lesson: the flow every front end renders.

:class:`LessonRun` walks a lesson's pages (:mod:`lessons.runner.run`), answers the question
that waits (:mod:`lessons.runner.answering`) and says what its board shows
(:mod:`lessons.runner.board`); the words both front ends say around a page are its own
(:mod:`lessons.runner.words`).
"""

from lessons.runner.answering import Asked
from lessons.runner.board import BoardShown
from lessons.runner.run import LessonRun

__all__ = ["Asked", "BoardShown", "LessonRun"]
