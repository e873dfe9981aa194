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
        return progress_words(
            started=False,
            completed=False,
            started_again=False,
            page=1,
            pages=len(lesson.pages),
            best_score=0,
            max_score=lesson.max_score,
        )
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
    """How far a student is, in the words of the lesson menu and of ``queens-tutor lessons
    list`` alike; ``page`` counts from 1. A lesson once completed is said done, started
    again or not."""
    if not started:
        return _("new")
    if completed and started_again:  # started again, not finished yet
        return _("done; again at page {page}/{pages}, best {score}/{max}").format(
            page=page, pages=pages, score=best_score, max=max_score
        )
    if completed:
        return _("done, best {score}/{max}").format(score=best_score, max=max_score)
    return _("page {page}/{pages}").format(page=page, pages=pages)
