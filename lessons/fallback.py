"""What the student is told, in the language asked for, when a lesson or a page is shown in
another language."""

from __future__ import annotations

from lessons.i18n import N_, translation
from lessons.model import Lesson, Page

_SHOWN_IN = {
    "en": (
        N_("This lesson is not translated into your language yet: it is shown in English."),
        N_("in English"),
    ),
    "it": (
        N_("This lesson is not translated into your language yet: it is shown in Italian."),
        N_("in Italian"),
    ),
    "pl": (
        N_("This lesson is not translated into your language yet: it is shown in Polish."),
        N_("in Polish"),
    ),
    "": (
        N_("This lesson is not translated into your language yet: it is shown as it is written."),
        N_("not translated"),
    ),
}
"""Per language a lesson is shown in: the notice and the tag of a lesson that has no version in
the language asked for (``""``: a language the tutor does not speak)."""


def untranslated_pages(lesson: Lesson) -> tuple[int, ...]:
    """The numbers (from 1) of the pages shown in English in a translated lesson."""
    return tuple(index for index, page in enumerate(lesson.pages, start=1) if page.fallback)


def _lesson_missing(lesson: Lesson, tag: bool = False) -> str:
    return translation(lesson.wanted).gettext(_SHOWN_IN.get(lesson.lang, _SHOWN_IN[""])[tag])


def lesson_notice(lesson: Lesson) -> str:
    """The notice for the lesson menu, or "" when the lesson is in the language asked for."""
    if lesson.wanted:
        return _lesson_missing(lesson)
    return _pages_notice(lesson) if any(page.fallback for page in lesson.pages) else ""


def _page_list(pages: tuple[int, ...]) -> str:
    return ", ".join(str(n) for n in pages)


def _pages_notice(lesson: Lesson) -> str:
    pages = untranslated_pages(lesson)
    template = translation(lesson.lang).ngettext(
        "Page {pages} is not translated yet: it is shown in English.",
        "Pages {pages} are not translated yet: they are shown in English.",
        len(pages),
    )
    return template.format(pages=_page_list(pages))


def page_notice(lesson: Lesson, page: Page) -> str:
    """The notice at the top of a page shown in English, or ""."""
    if lesson.wanted:
        return _lesson_missing(lesson)
    if page.fallback:
        return translation(lesson.lang).gettext(
            "This page is not translated into your language yet: it is shown in English."
        )
    return ""


def short_tag(lesson: Lesson) -> str:
    """A few words for a list of lessons, in the language asked for: "in English", "pages 3, 5
    in English", or "" when the lesson is all in that language."""
    if lesson.wanted:
        return _lesson_missing(lesson, tag=True)
    pages = untranslated_pages(lesson)
    if not pages:
        return ""
    template = translation(lesson.lang).ngettext(
        "page {pages} in English", "pages {pages} in English", len(pages)
    )
    return template.format(pages=_page_list(pages))
