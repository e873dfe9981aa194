"""The tutor in Italian and Polish: snapshots at 80x24, every screen fitting, and a change of
language from the command palette redrawing the screens."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from lessons import i18n
from tests.tiers import sweep
from tests.tui.screen_text import main_screen, palette_choose, pane, screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.key_bar import KeyBar

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
    app = QueensTutorApp(8)
    async with app.run_test(size=SIZE) as pilot:
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
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.pause()
        assert len(_bar(app)) <= SIZE[0]
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await pilot.pause()
        assert len(_bar(app)) <= SIZE[0]
        status_line = screen_lines(app)[-2]
        assert len(status_line) < SIZE[0], status_line  # not cut off at the edge


async def _palette(pilot: Pilot[None], command: str) -> None:
    await palette_choose(pilot, command)


async def test_the_palette_switches_the_language_and_every_screen_redraws() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", "space")
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await _palette(pilot, "Language: Polski")
        # the lesson menu's bar, in Polish (its R, "Od nowa", only on a lesson started)
        await wait_for(pilot, lambda: "Szachownica" in _bar(app))
        assert "Lekcje: góra/dół" in "\n".join(screen_lines(app))
        await pilot.press("escape")
        await wait_for(pilot, lambda: "Rozwiąż" in _bar(app))
        assert pane(app, "narration").border_title == "co się stało"
        assert "Kolumna 1, wiersz 0" in "\n".join(screen_lines(app))
        saved = Path(os.environ["XDG_CONFIG_HOME"]) / "queens-tutor" / "settings.json"
        assert json.loads(saved.read_text()) == {"language": "pl"}
        await _palette(pilot, "Language: English")
        await wait_for(pilot, lambda: "Solve" in _bar(app))
        assert pane(app, "narration").border_title == "what happened"
        assert "Column 1, row 0" in "\n".join(screen_lines(app))
