"""How far a student is in a lesson, in words: new, page 3/9, or done with the best score (and,
started again, its page)."""

from __future__ import annotations

from lessons.answers.reading import YES_KEYS
from lessons.i18n import N_, _
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


RESTART_CHOICES = (
    N_("1. Yes (y): start again from page 1"),
    N_("2. No (n): keep my place"),
)
"""The answers to :func:`restart_words`'s question, in that order (translate when shown)."""
RESTART_YES = ("1", *YES_KEYS)
"""The keys that answer yes in every language (y, sì, tak); any other keeps the lesson."""


def restart_words(record: LessonRecord, lesson: Lesson) -> tuple[str, str]:
    """What starting ``lesson`` again from page 1 asks, given where ``record`` is, and what it
    clears and keeps: the question and the sentence every front end shows before it."""
    if record.run_finished:
        asked = _("Start “{title}” again from page 1? You have finished it.")
    else:
        asked = _("Start “{title}” again from page 1? You are at page {page} of {pages}.")
    asked = asked.format(title=lesson.title, page=record.page + 1, pages=len(lesson.pages))
    kept = _(
        "This run's answers and quiz score are cleared; your best score ({best}/{most}) "
        "stays, and the questions you missed stay in the review."
    ).format(best=record.best_score, most=lesson.max_score)
    return asked, kept


def something_to_lose(record: LessonRecord) -> bool:
    """Whether starting again loses anything of this run: a page turned or an answer given."""
    return record.page > 0 or bool(record.answers)
