"""Italian and Polish lessons on an 80x24 terminal: their text is on screen whole, and a lesson
shown in English for want of a translation says so, on the menu and on the page."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from tests.tiers import sweep
from tests.tui.screen_text import screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPane

SIZE = (80, 24)


def text_of(app: QueensTutorApp, widget: Widget) -> str:
    """The words the widget shows on screen now, lines joined by spaces (a scrollbar's
    thumb, drawn in block glyphs, is no word)."""
    region = widget.content_region
    rows = screen_lines(app)[region.y : region.y + region.height]
    thumb = str.maketrans(dict.fromkeys("▁▂▃▄▅▆▇█", " "))
    cut = (row[region.x : region.x + region.width].translate(thumb) for row in rows)
    return " ".join(" ".join(row.split()) for row in cut)


PAGES = [
    (
        "it",
        "problem",
        "Il problema (1/6)",
        [
            "Disporre otto regine sulla scacchiera in modo che nessuna regina ne attacchi "
            "un'altra.",
            "Input: un numero naturale n. Output: una soluzione qualsiasi, oppure "
            "l'informazione che non ne esiste nessuna.",
        ],
    ),
    (
        "pl",
        "iterative",
        "Idea (1/11)",
        [
            "Algorytm z wykładu wrocławskiego (idea):",
            "Próbuj stopniowo rozmieszczać hetmany w kolejnych kolumnach, zaczynając od "
            "skrajnie lewej.",
        ],
    ),
]


@pytest.mark.parametrize(
    ("lang", "lesson_id", "title", "sentences"), sweep(PAGES, everyday=[PAGES[1]], several=True)
)
async def test_a_translated_page_fits_80x24(
    lang: str, lesson_id: str, title: str, sentences: list[str]
) -> None:
    lesson = LessonContext.load(lang=lang).catalog.find(lesson_id)
    assert lesson is not None and lesson.lang == lang
    app = QueensTutorApp(8)
    async with app.run_test(size=SIZE) as pilot:
        screen = LessonScreen(lesson, None)
        await app.push_screen(screen)
        pane = screen.query_one(LessonPane)
        await wait_for(pilot, lambda: sentences[0] in text_of(app, pane))
        shown = text_of(app, pane)
        for sentence in sentences:
            assert sentence in shown
        lines = screen_lines(app)
        assert any(f"─ {title} ─" in line for line in lines), lines[0]
        assert lesson.title in lines[-2]  # the status line: the lesson's title, whole
        assert all(len(line) <= SIZE[0] for line in lines)


async def test_an_untranslated_lesson_says_it_is_shown_in_english() -> None:
    context = LessonContext.load(lang="de")
    app = QueensTutorApp(8)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(LessonMenuScreen(context))
        await pilot.pause()
        lines = screen_lines(app)
        assert "1. The problem and its representation  [new]  (in English)" in "\n".join(lines)
        detail = text_of(app, app.screen.query_one("#menu-detail"))
        assert "This lesson is not translated into your language yet: it is shown in English." in (
            detail
        )
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        pane = app.screen.query_one(LessonPane)
        await wait_for(pilot, lambda: "Place eight queens" in text_of(app, pane))
        assert text_of(app, pane).startswith(
            "This lesson is not translated into your language yet: it is shown in English."
        )
