"""The highlighted option of every list the student moves in (the lesson menu and its review line, a
question's choices, the dialogs) is told by a glyph, not by colour alone (under NO_COLOR the menu's
cursor was invisible, and Down skipped lesson 1)."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from lessons import i18n
from tests.tui.screen_text import lines, wait_for
from tui.app import QueensTutorApp
from tui.glyphs import ASCII
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.restart_question import RestartQuestion


def _rows(app: QueensTutorApp, selector: str) -> tuple[list[str], int]:
    menu = app.screen.query_one(selector, OptionList)
    assert menu.highlighted is not None
    return lines(menu), menu.highlighted


@pytest.mark.parametrize("ascii_only", [False, True])
async def test_the_menu_cursor_has_its_own_glyph_under_no_color(
    monkeypatch: pytest.MonkeyPatch, ascii_only: bool
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    i18n.set_language("en")
    app = QueensTutorApp(glyphs=ASCII) if ascii_only else QueensTutorApp()
    marker = ">" if ascii_only else "▶"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.pause()
        for _ in range(2):
            rows, highlighted = _rows(app, "#menu-list")
            assert rows[highlighted].startswith(marker + " "), rows[highlighted]
            others = [row for y, row in enumerate(rows) if y != highlighted and row]
            assert others and not any(row.startswith(marker) for row in others), others
            await pilot.press("down")
            await pilot.pause()


async def test_a_dialog_choice_has_its_own_glyph(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    i18n.set_language("en")
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(RestartQuestion("Lesson", 3, 4, 6))
        await pilot.pause()
        rows, highlighted = _rows(app, "#restart-choices")
        assert rows[highlighted].startswith("▶ "), rows
        assert not any(r.startswith("▶") for y, r in enumerate(rows) if y != highlighted)
