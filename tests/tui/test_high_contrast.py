"""Never colour alone: the high-contrast theme (every character at 7:1 or more, WCAG's AAA, chosen
with ``--high-contrast`` or the palette), the glyph set the terminal gets, and a glyph of its own
for every state and every highlighted option."""

from __future__ import annotations

import pytest
from rich.color import Color
from rich.style import Style
from textual.widgets import OptionList

from tests.tui.lesson_apps import menu_opened, tutor_on
from tests.tui.screen_text import (
    lines,
    palette_found,
    pressed,
    screen_cells,
    screen_lines,
    tutor_run,
    wait_for,
)
from tests.tui.test_cursor import LESSON, TRIED, under_cursor
from tui.app import QueensTutorApp
from tui.cli.main import tutor_parser
from tui.glyphs import ASCII, UNICODE, Glyphs, choose_glyphs
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.restart_question import RestartQuestion
from tui.themes import HIGH_CONTRAST

SIZE = (80, 24)
AAA = 7.0


def luminance(color: Color) -> float:
    """WCAG's relative luminance of a truecolor."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = color.get_truecolor()
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(fore: Color, back: Color) -> float:
    light, dark = sorted((luminance(fore), luminance(back)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def low_contrast(app: QueensTutorApp) -> list[tuple[str, float]]:
    """Every run of visible characters on screen whose colours contrast less than 7:1."""
    found = []
    for y, line in enumerate(screen_cells(app)):
        runs: list[tuple[str, Style]] = []  # runs of visible characters of one style
        for x, char in enumerate(line):
            if not char.strip():
                continue
            style = app.screen.get_style_at(x, y)
            if runs and runs[-1][1] == style and line[x - 1].strip() != "":
                runs[-1] = (runs[-1][0] + char, style)
            else:
                runs.append((char, style))
        for text, style in runs:
            fore, back = style.color, style.bgcolor
            if style.reverse:
                fore, back = back, fore
            assert fore is not None and back is not None, text
            ratio = contrast(fore, back)
            if ratio < AAA:
                found.append((text, round(ratio, 2)))
    return found


async def test_every_character_is_readable_in_high_contrast() -> None:
    async with tutor_run(4, high_contrast=True, size=SIZE) as (app, pilot):
        await pressed(pilot, *["space"] * 5, "d")  # an attacked try, its attacker, the overlay
        assert app.theme == HIGH_CONTRAST.name
        assert low_contrast(app) == []
        # The glyphs stay: colour is never all there is.
        text = "\n".join(screen_lines(app))
        assert UNICODE.candidate in text and UNICODE.attacker in text
        await pressed(pilot, "question_mark")  # a dialog: what it covers is not dimmed, hidden
        assert low_contrast(app) == []
        await pressed(pilot, "escape", "o", "space", "right")  # the place board and its cursor
        assert low_contrast(app) == []


async def test_the_theme_is_chosen_and_left_in_the_palette_the_default_less_readable() -> None:
    async with tutor_run(4, size=SIZE) as (app, pilot):
        assert not app.has_class("-high-contrast")
        await pressed(pilot, *["space"] * 5)
        assert low_contrast(app) != []  # the measure can fail: the default dims muted text
        await pilot.press("ctrl+p")
        await pressed(pilot, *"theme", "enter")
        await pilot.press(*"high-contrast")
        await wait_for(pilot, lambda: palette_found(app, "high-contrast"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.theme == HIGH_CONTRAST.name)
        await pilot.pause()
        assert app.has_class("-high-contrast") and low_contrast(app) == []
        app.theme = "textual-dark"
        await pilot.pause()
        assert not app.has_class("-high-contrast")


def test_the_option() -> None:
    assert tutor_parser().parse_args(["--high-contrast"]).high_contrast
    assert not tutor_parser().parse_args([]).high_contrast


@pytest.mark.thorough  # one more layout of the same theme: the main screen's, every run
async def test_the_projector_layout_is_readable_in_high_contrast() -> None:
    async with tutor_run(6, high_contrast=True, projector=True, size=(160, 50)) as (app, pilot):
        await pressed(pilot, *["enter"] * 2, *["space"] * 3, "d", "c")  # a diagonal, the panel
        assert low_contrast(app) == []


async def test_a_lesson_is_readable_in_high_contrast_and_the_cursor_waits_on_the_answer() -> None:
    """While a question waits the terminal cursor is on the answer typed; answered, it is back
    on the square the lesson's board tries."""
    app = tutor_on(LESSON)
    app.theme = HIGH_CONTRAST.name
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await pilot.pause()
        x, y = app.cursor_position
        assert screen_lines(app)[y][:x].strip().endswith("Answer:")
        await pressed(pilot, "1", "2")  # a question waits, with an answer typed
        assert low_contrast(app) == []
        assert under_cursor(app) == "_"
        x, y = app.cursor_position
        assert screen_lines(app)[y][:x].endswith("Answer: 12")
        await pilot.press("backspace", "backspace", "4", "enter")  # right: 6 x 6 has 4
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await wait_for(pilot, lambda: screen.lesson_run.answered)
        await pilot.pause()
        assert under_cursor(app) in TRIED
        await pilot.press("escape")  # back to the lesson menu
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.pause()
        assert low_contrast(app) == []


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
    states = ("queen", "candidate", "attacker", "attacked", "free", "line_row", "line_falling")
    drawn = [getattr(glyphs, name) for name in (*states, "line_rising")]
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
    app = QueensTutorApp(glyphs=ASCII) if ascii_only else QueensTutorApp()
    marker = ">" if ascii_only else "▶"
    async with menu_opened(app) as pilot:
        await pilot.pause()
        for _ in range(2):
            rows, highlighted = _rows(app, "#menu-list")
            assert rows[highlighted].startswith(marker + " "), rows[highlighted]
            others = [row for y, row in enumerate(rows) if y != highlighted and row]
            assert others and not any(row.startswith(marker) for row in others), others
            await pressed(pilot, "down")


async def test_a_dialog_choice_has_its_own_glyph(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    async with tutor_run(size=(80, 24)) as (app, pilot):
        await app.push_screen(RestartQuestion("Lesson", 3, 4, 6))
        await pilot.pause()
        rows, highlighted = _rows(app, "#restart-choices")
        assert rows[highlighted].startswith("▶ "), rows
        assert not any(r.startswith("▶") for y, r in enumerate(rows) if y != highlighted)
