"""How far a student is in a lesson, in words (never colour alone), as the lesson menu and the
plain tutor's list say it: new, page 3/9, done with the best score, and a finished lesson
started again and left half-way: its page and its best score (student walk 4, F20: it read
"done" while the run was half-way)."""

from __future__ import annotations

from lessons.i18n import _
from lessons.model import Lesson
from lessons.progress.records import LessonRecord


def completion_words(record: LessonRecord | None, lesson: Lesson) -> str:
    """``record`` (None: never opened) of ``lesson`` in words."""
    if record is None:
        return _("new")
    page = record.page + 1
    pages = len(lesson.pages)
    if record.completed and not record.run_finished:  # started again, not finished yet
        return _("page {page}/{pages}, best {score}/{max}").format(
            page=page, pages=pages, score=record.best_score, max=lesson.max_score
        )
    if record.completed:
        return _("done, best {score}/{max}").format(score=record.best_score, max=lesson.max_score)
    return _("page {page}/{pages}").format(page=page, pages=pages)
