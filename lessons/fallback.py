"""What the student is told when a lesson or a page is shown in English instead of their language.

The notices are whole sentences written in the language the student asked for (they read
them because the lesson is not in that language), with English for any other language.
"""

from __future__ import annotations

from lessons.model import Lesson, Page

_LESSON = {
    "it": "Questa lezione non è ancora tradotta in italiano: la trovi in inglese.",
    "pl": "Ta lekcja nie ma jeszcze polskiego tłumaczenia: pokazujemy wersję angielską.",
}
_LESSON_DEFAULT = "This lesson is not translated into your language yet: it is shown in English."
_PAGE = {
    "it": "Questa pagina non è ancora tradotta in italiano: la trovi in inglese.",
    "pl": "Ta strona nie ma jeszcze polskiego tłumaczenia: pokazujemy wersję angielską.",
}
_PAGE_DEFAULT = "This page is not translated into your language yet: it is shown in English."
_TAG = {"it": "in inglese", "pl": "po angielsku"}
_TAG_DEFAULT = "in English"


def untranslated_pages(lesson: Lesson) -> tuple[int, ...]:
    """The numbers (from 1) of the pages shown in English in a translated lesson."""
    return tuple(index for index, page in enumerate(lesson.pages, start=1) if page.fallback)


def is_fallback(lesson: Lesson) -> bool:
    """Whether the lesson, or some of its pages, is shown in English instead of the wanted
    language."""
    return bool(lesson.wanted) or any(page.fallback for page in lesson.pages)


def lesson_notice(lesson: Lesson) -> str:
    """The notice for the lesson menu, or "" when the lesson is in the language asked for."""
    if lesson.wanted:
        return _LESSON.get(lesson.wanted, _LESSON_DEFAULT)
    if any(page.fallback for page in lesson.pages):
        return _pages_notice(lesson)
    return ""


def _pages_notice(lesson: Lesson) -> str:
    pages = ", ".join(str(n) for n in untranslated_pages(lesson))
    if lesson.lang == "it":
        return f"Pagine ancora in inglese (non tradotte): {pages}."
    if lesson.lang == "pl":
        return f"Strony jeszcze po angielsku (bez tłumaczenia): {pages}."
    return f"Pages still in English (not translated yet): {pages}."


def page_notice(lesson: Lesson, page: Page) -> str:
    """The notice at the top of a page shown in English, or ""."""
    if lesson.wanted:
        return _LESSON.get(lesson.wanted, _LESSON_DEFAULT)
    if page.fallback:
        return _PAGE.get(lesson.lang, _PAGE_DEFAULT)
    return ""


def short_tag(lesson: Lesson) -> str:
    """A few words for a list of lessons: "in English" in the wanted language, or ""."""
    if lesson.wanted:
        return _TAG.get(lesson.wanted, _TAG_DEFAULT)
    return ""
