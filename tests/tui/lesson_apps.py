"""The tutor opened on a lesson written in a test (as ``queens-tutor --lesson`` opens one)."""

from __future__ import annotations

from lessons import i18n
from lessons.parser import parse
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext


def tutor_on(text: str, language: str = "en") -> QueensTutorApp:
    """The tutor in ``language``, opened on the lesson ``text`` (it must parse)."""
    i18n.set_language(language)
    lesson = parse(text, "test-lesson.md").lesson
    assert lesson is not None
    context = LessonContext.load(lang=language)
    context.start = lesson
    return QueensTutorApp(lessons=context)
