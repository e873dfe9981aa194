"""Which glyph set the terminal gets; every state and every highlighted option (menus, choices,
dialogs) has a glyph of its own, not colour alone."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from lessons import i18n
from tests.tui.screen_text import lines, wait_for
from tui.app import QueensTutorApp
from tui.glyphs import ASCII, UNICODE, Glyphs, choose_glyphs
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.restart_question import RestartQuestion

UTF8 = {"LANG": "en_US.UTF-8"}


@pytest.mark.parametrize(
    ("ascii_flag", "encoding", "environment", "glyphs"),
    [
        (False, "utf-8", UTF8, UNICODE),
        (False, "utf-8", {}, UNICODE),
        (True, "utf-8", UTF8, ASCII),  # --ascii forces it
        # an output that cannot encode the glyphs
        (False, "ascii", UTF8, ASCII),
        (False, "latin-1", {}, ASCII),
        (False, None, {}, ASCII),
        # C and non-UTF-8 locales, even where Python runs in UTF-8: under LANG=C it coerces
        # itself to LC_CTYPE=C.UTF-8 (PEP 538), the terminal does not
        (False, "utf-8", {"LANG": "C", "LC_CTYPE": "C.UTF-8"}, ASCII),
        (False, "utf-8", {"LANG": "POSIX"}, ASCII),
        (False, "utf-8", {"LC_ALL": "C"}, ASCII),
        (False, "utf-8", {"LANG": "de_DE.ISO-8859-1"}, ASCII),
        (False, "utf-8", {"LANG": "en_US"}, ASCII),
        # LC_ALL wins over LANG
        (False, "utf-8", {"LC_ALL": "C.UTF-8", "LANG": "C"}, UNICODE),
        (False, "utf-8", {"LC_ALL": "C", "LANG": "en_US.UTF-8"}, ASCII),
    ],
)
def test_the_terminal_gets_the_glyphs_it_can_show(
    ascii_flag: bool, encoding: str | None, environment: dict[str, str], glyphs: Glyphs
) -> None:
    assert choose_glyphs(ascii_flag, encoding, environment) is glyphs


@pytest.mark.parametrize("glyphs", [UNICODE, ASCII])
def test_every_state_has_its_own_glyph(glyphs: Glyphs) -> None:
    states = ("queen", "candidate", "attacker", "attacked", "free", "line_row", "line_sum")
    drawn = [getattr(glyphs, name) for name in (*states, "line_diff")]
    assert len(set(drawn)) == len(drawn)
    assert ASCII.all_text().isascii()


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
