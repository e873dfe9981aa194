"""A lesson run opened on its quiz for the student whose progress keeps a given seed, and its
questions taken one by one as they wait."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.model import Lesson, Question
from lessons.progress.store import ProgressStore
from lessons.runner import Asked, LessonRun


def lesson_in(lang: str, lesson_id: str) -> Lesson:
    """The built-in lesson ``lesson_id`` as written in ``lang`` (the catalog read in that
    language, then English spoken again)."""
    i18n.set_language(lang)
    try:
        found = load_catalog(lang).find(lesson_id)
    finally:
        i18n.set_language("en")
    assert found is not None and found.lang == lang
    return found


def q(kind: str, **params: str) -> Question:
    """A question of ``kind`` with ``params``, at line 1."""
    return Question(line=1, kind=kind, params=params)


def quiz_page(lesson: Lesson) -> int:
    """The index of the lesson's first scored page (its quiz)."""
    return next(i for i, page in enumerate(lesson.pages) if page.scored)


def right(run: LessonRun) -> str:
    """The right answer as a student would type it (a choice by its number)."""
    assert run.asked is not None
    posed = run.asked.posed
    return posed.choice_label(int(posed.expected)) if posed.choices else posed.expected


def quiz_run(lesson: Lesson, seed: int, path: Path) -> LessonRun:
    """The lesson opened on its quiz page, with the progress kept at ``path``, where the
    lesson's record has ``seed``."""
    store = ProgressStore(path)
    record = store.lesson(lesson.id)
    record.seed = seed
    store.save(lesson.id, record)
    page = quiz_page(lesson)
    run = LessonRun(lesson, store, page=page)
    assert run.page_index == page
    return run


def waiting(run: LessonRun) -> Iterator[Asked]:
    """Each question of the run's page as it waits, until the page is done or left; a question
    answered is passed with go_on. The caller answers (or reveals) each one before the next."""
    page = run.page_index
    while run.page_index == page and not run.page_done:
        if run.answered:
            run.go_on()
            continue
        asked = run.asked
        assert asked is not None
        yield asked
