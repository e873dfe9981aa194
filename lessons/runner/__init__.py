"""One student working through one lesson: the flow every front end renders (:class:`LessonRun`)."""

from lessons.runner.answering import Asked
from lessons.runner.board import BoardShown
from lessons.runner.run import LessonRun

__all__ = ["Asked", "BoardShown", "LessonRun"]
