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
_PAGES_TAG = {
    # (one page, several pages): the page numbers are listed, so only that changes the noun
    "it": ("pagina {pages} in inglese", "pagine {pages} in inglese"),
    "pl": ("strona {pages} po angielsku", "strony {pages} po angielsku"),
}
_PAGES_TAG_DEFAULT = ("page {pages} in English", "pages {pages} in English")


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


_PAGES = {
    "it": (
        "La pagina {pages} non è ancora tradotta: la trovi in inglese.",
        "Le pagine {pages} non sono ancora tradotte: le trovi in inglese.",
    ),
    "pl": (
        "Strona {pages} nie ma jeszcze tłumaczenia: pokazujemy ją po angielsku.",
        "Strony {pages} nie mają jeszcze tłumaczenia: pokazujemy je po angielsku.",
    ),
}
_PAGES_DEFAULT = (
    "Page {pages} is not translated yet: it is shown in English.",
    "Pages {pages} are not translated yet: they are shown in English.",
)


def _pages_notice(lesson: Lesson) -> str:
    pages = untranslated_pages(lesson)
    one, several = _PAGES.get(lesson.lang, _PAGES_DEFAULT)
    template = one if len(pages) == 1 else several
    return template.format(pages=", ".join(str(n) for n in pages))


def page_notice(lesson: Lesson, page: Page) -> str:
    """The notice at the top of a page shown in English, or ""."""
    if lesson.wanted:
        return _LESSON.get(lesson.wanted, _LESSON_DEFAULT)
    if page.fallback:
        return _PAGE.get(lesson.lang, _PAGE_DEFAULT)
    return ""


def short_tag(lesson: Lesson) -> str:
    """A few words for a list of lessons, in the language asked for: "in English", "pages 3, 5
    in English", or "" when the lesson is all in that language."""
    if lesson.wanted:
        return _TAG.get(lesson.wanted, _TAG_DEFAULT)
    pages = untranslated_pages(lesson)
    if not pages:
        return ""
    one, several = _PAGES_TAG.get(lesson.lang, _PAGES_TAG_DEFAULT)
    template = one if len(pages) == 1 else several
    return template.format(pages=", ".join(str(n) for n in pages))
