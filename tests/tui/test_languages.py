"""The tutor in Italian and Polish: snapshots at 80x24, every screen fitting, a change of language
from the command palette redrawing the screens, keys and legends named in the student's words,
translated lesson pages whole at 80x24 and an untranslated one saying it is in English."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from textual.widget import Widget

from lessons import i18n
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_menu, lesson_opened, page_with_board, tutor_on_builtin
from tests.tui.screen_text import (
    main_screen,
    palette_choose,
    pane,
    pauses,
    press_for,
    screen_lines,
    tutor_run,
    wait_for,
)
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.help_screen import HelpScreen
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.place_screen import PlaceScreen
from tui.widgets.key_bar import KeyBar
from tui.widgets.lesson_pane import LessonPane

SIZE = (80, 24)


@pytest.mark.parametrize("lang", sweep(["it", "pl"], everyday=["pl"]))
@pytest.mark.parametrize("screen", ["main", "lesson", "help"])
def test_screens_in_italian_and_polish(lang: str, screen: str, snap_compare: Any) -> None:
    i18n.set_language(lang)
    press = {
        "main": ["space"] * 5,  # the Wrocław lecture, column 2: row 0 attacked
        "lesson": ["l", "enter"],  # the first lesson's first page
        "help": ["question_mark"],
    }[screen]
    assert snap_compare(QueensTutorApp(4), press=press, terminal_size=SIZE)


def _bar(app: QueensTutorApp) -> str:
    return app.screen.query_one(KeyBar).text.plain


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_every_key_and_status_line_fits_80_columns(lang: str) -> None:
    i18n.set_language(lang)
    async with tutor_run(8, size=SIZE) as (app, pilot):
        for _method in range(5):  # every method of the notes, the maze's narrow pane too
            await pilot.press("space", "space", "space")
            assert len(_bar(app)) <= SIZE[0], _bar(app)
            assert _bar(app).rstrip().endswith(i18n._("Lessons")), "the last key is cut off"
            status = pane(app, "status")
            width = status.content_region.width
            view = main_screen(app).panes.view
            assert view is not None
            for line, _classes in view.status_drawing.lines(view.status_shown, width):
                assert len(line) <= width, (main_screen(app).session.method, line)
            await pilot.press("m")
        await lesson_menu(pilot)
        await pilot.pause()
        assert len(_bar(app)) <= SIZE[0]
        await press_for(pilot, LessonScreen, "enter")
        await pilot.pause()
        assert len(_bar(app)) <= SIZE[0]
        status_line = screen_lines(app)[-2]
        assert len(status_line) < SIZE[0], status_line  # not cut off at the edge


async def test_the_palette_switches_the_language_and_every_screen_redraws() -> None:
    async with tutor_run(4, size=SIZE) as (app, pilot):
        await pilot.press("space", "space")
        await lesson_menu(pilot)
        await palette_choose(pilot, "Language: Polski")
        # the lesson menu's bar, in Polish (its R, "Od nowa", only on a lesson started)
        await wait_for(pilot, lambda: "Szachownica" in _bar(app))
        assert "Lekcje: góra/dół" in "\n".join(screen_lines(app))
        await pilot.press("escape")
        await wait_for(pilot, lambda: "Rozwiąż" in _bar(app))
        assert pane(app, "narration").border_title == "co się stało"
        assert "Kolumna 1, wiersz 0" in "\n".join(screen_lines(app))
        saved = Path(os.environ["XDG_CONFIG_HOME"]) / "queens-tutor" / "settings.json"
        assert json.loads(saved.read_text()) == {"language": "pl"}
        await palette_choose(pilot, "Language: English")
        await wait_for(pilot, lambda: "Solve" in _bar(app))
        assert pane(app, "narration").border_title == "what happened"
        assert "Column 1, row 0" in "\n".join(screen_lines(app))


async def test_the_place_board_names_the_glyphs_as_the_main_legend_does() -> None:
    i18n.set_language("it")
    async with tutor_run(8, method="recursive", size=(80, 24)) as (app, pilot):
        await pilot.pause()
        main = "\n".join(screen_lines(app))
        assert "• battuta · libera ─╲╱ tiro" in main, main
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, PlaceScreen)
        pane = " ".join(str(app.screen.query_one("#place-text").render()).split())
        assert "• battuta (x: mostra/nasconde)" in pane and "linea d'attacco" in pane, pane
        assert "attaccata" not in pane, pane


WORDS = {
    "it": ("spazio Tick", "i Iterazione", "pag↑", "inizio", "esc chiude", "Esci dal tutor"),
    "pl": ("spacja Krok", "i Iteracja", "pgup", "home", "esc zamyka", "Zamknij program"),
}


@pytest.mark.parametrize("lang", sweep(["it", "pl"], everyday=["it"]))
async def test_keys_named_in_the_students_language(lang: str) -> None:
    space, iteration, page_up, home, closes, quits = WORDS[lang]
    app = tutor_on_builtin("9", lang)
    async with lesson_opened(app, (120, 40)) as (pilot, screen):
        screen.lesson_run.goto(page_with_board(screen, 7))  # Backtracks on 7 x 7: i and space
        screen.show(ask=True)
        await pauses(pilot, 3)
        bar = screen_lines(app)[-1]
        assert space in bar and iteration in bar and "space" not in bar, bar
        await pilot.press("question_mark")
        await pauses(pilot, 3)
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(screen_lines(app))
        for word in (page_up, home, closes):
            assert word in text, (word, text)
        assert "escape" not in text, text
        rows = [line for line in text.splitlines() if quits in line]
        assert len(rows) == 2, rows  # q and ^q, in the same words


async def test_the_italian_bar_keeps_the_page_keys_at_80_columns() -> None:
    app = tutor_on_builtin("3", "it")
    async with lesson_opened(app) as (pilot, screen):
        screen.lesson_run.goto(4)
        screen.show(ask=True)
        await pauses(pilot, 3)
        await pilot.press("space")
        await pauses(pilot, 3)
        bar = screen_lines(app)[-1]
        assert "← Annulla" in bar and "f4 Pagina precedente" in bar, bar
        # Enter, named as what it does: the next page, or more of the page's text first
        assert "⏎ Avanti" in bar or "⏎ Continua" in bar, bar


@pytest.mark.parametrize("lang", ["it", "pl"])
def test_the_page_keys_have_one_name_in_the_bar_and_the_sentences(lang: str) -> None:
    """Every sentence that names PgDn or PgUp names it as the bar does."""
    from tests.catalogs import catalog

    messages = list(catalog(lang))
    names = {
        str(m.id): str(m.string)
        for m in messages
        if m.context == "key" and m.id in ("pgdn", "pgup")
    }
    assert set(names) == {"pgdn", "pgup"}
    for message in messages:
        if message.context == "key" or not isinstance(message.id, str):
            continue
        for english, key in (("PgDn", "pgdn"), ("PgUp", "pgup")):
            if english in message.id:
                said = str(message.string)
                assert names[key].lower() in said.lower(), (message.id, said, names[key])


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
    async with tutor_run(8, size=SIZE) as (app, pilot):
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
    async with tutor_run(8, size=SIZE) as (app, pilot):
        await app.push_screen(LessonMenuScreen(context))
        await pilot.pause()
        lines = screen_lines(app)
        assert "1. The problem and its representation  [new]  (in English)" in "\n".join(lines)
        detail = text_of(app, app.screen.query_one("#menu-detail"))
        assert "This lesson is not translated into your language yet: it is shown in English." in (
            detail
        )
        await press_for(pilot, LessonScreen, "enter")
        pane = app.screen.query_one(LessonPane)
        await wait_for(pilot, lambda: "Place eight queens" in text_of(app, pane))
        assert text_of(app, pane).startswith(
            "This lesson is not translated into your language yet: it is shown in English."
        )
