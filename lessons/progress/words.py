"""How far a student is in a lesson, in words: new, page 3/9, or done with the best score (and,
started again, its page)."""

from __future__ import annotations

from lessons.i18n import _
from lessons.model import Lesson
from lessons.progress.records import LessonRecord


def completion_words(record: LessonRecord | None, lesson: Lesson) -> str:
    """``record`` (None: never opened) of ``lesson`` in words."""
    if record is None:
        return _("new")
    return progress_words(
        started=True,
        completed=record.completed,
        started_again=record.completed and not record.run_finished,
        page=record.page + 1,
        pages=len(lesson.pages),
        best_score=record.best_score,
        max_score=lesson.max_score,
    )


def progress_words(
    *,
    started: bool,
    completed: bool,
    started_again: bool,
    page: int,
    pages: int,
    best_score: int,
    max_score: int,
) -> str:
    """How far a student is, in the words of the lesson menu and of ``lessons list`` alike;
    ``page`` counts from 1. A lesson once completed is said done, started again or not."""
    if not started:
        return _("new")
    if completed and started_again:  # started again, not finished yet
        return _("done; again at page {page}/{pages}, best {score}/{max}").format(
            page=page, pages=pages, score=best_score, max=max_score
        )
    if completed:
        return _("done, best {score}/{max}").format(score=best_score, max=max_score)
    return _("page {page}/{pages}").format(page=page, pages=pages)
