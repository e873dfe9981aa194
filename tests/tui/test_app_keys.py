"""Help, quit, the command palette, themes and the too-small screen; the help lists each key once,
with what it does now, only keys that act, and a screen under it that closes itself leaves it."""

from __future__ import annotations

from collections import Counter

import pytest
from textual.binding import Binding
from textual.command import CommandInput

from tests.tiers import sweep
from tests.tui.lesson_apps import run_opened, tutor_on
from tests.tui.screen_text import (
    PANES,
    b_row,
    lines,
    main_screen,
    on_top,
    palette_found,
    pane,
    press_for,
    pressed,
    screen_lines,
    stacked,
    thumbs,
    tutor_run,
    wait_for,
)
from tui.app import MIN_SIZE, QueensTutorApp
from tui.glyphs import ASCII
from tui.screens.help_screen import HelpScreen
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.main_screen import MainScreen
from tui.screens.place_screen import PlaceScreen
from tui.screens.too_small import TooSmallScreen

SIZE = (80, 24)


def _keys(app: QueensTutorApp) -> Counter[str]:
    screen = on_top(app, HelpScreen)
    return Counter(key for b in screen.key_bindings for key in b.key.split(","))


def _what(app: QueensTutorApp, key: str) -> list[str]:
    screen = on_top(app, HelpScreen)
    return [str(b.tooltip) for b in screen.key_bindings if key in b.key.split(",")]


async def test_question_mark_opens_the_help_listing_every_key_and_the_notes() -> None:
    async with tutor_run(4, size=SIZE) as (app, pilot):
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.pause()
        # The table scrolls at 80x24: read it a page at a time down to its end.
        body = app.screen.query_one("#help-body")
        text = "\n".join(screen_lines(app))
        assert not thumbs(app.screen) and "PgDn, PgUp scroll" in text, text  # said, no thumb
        while body.scroll_y < body.max_scroll_y:
            body.scroll_page_down(animate=False)
            await pilot.pause()
            text += "\n".join(screen_lines(app))
        for binding in [*MainScreen.BINDINGS, *QueensTutorApp.BINDINGS]:
            assert isinstance(binding, Binding)
            if binding.action in ("pause", "cancel"):  # p is Play until autoplay plays, and
                assert binding.tooltip not in text  # escape stops a run: only keys that act
                continue
            assert binding.tooltip in text
        # it names the lecture notes it teaches
        shown = str(app.screen.query_one("#help-sources").render())
        for name in ("the Wrocław lecture", "E. Giovannetti's Turin notes", "the edutecnica page"):
            assert name in shown
        assert "Italian Python course" in shown and "G. Persiano's Salerno notes" in shown
        assert max(_keys(app).values()) == 1, _keys(app)  # each key once, as it acts now
        assert _what(app, "p") == ["Play / pause autoplay; also stops a run"]
        await pilot.press("space")  # keys of the main screen do nothing under the help
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)
        assert main_screen(app).session.engine.tick == 0
        await press_for(pilot, HelpScreen, "p", "question_mark")  # autoplay plays
        assert _what(app, "p") == ["Pause autoplay"]
        assert max(_keys(app).values()) == 1, _keys(app)
        await pilot.press("escape")
        # square brackets in a key's words are text, not markup
        bracketed = Binding("x", "tick", "X", tooltip="b[k]++ reads a[i+j] and [bold]c[j]")
        await app.push_screen(HelpScreen([bracketed]))
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "b[k]++ reads a[i+j] and [bold]c[j]" in text


async def test_palette_offers_every_action_and_runs_it_and_a_theme_keeps_the_content() -> None:
    async with tutor_run(4, size=SIZE) as (app, pilot):
        titles = {command.title for command in app.get_system_commands(app.screen)}
        for binding in [*MainScreen.BINDINGS, *QueensTutorApp.BINDINGS]:
            assert isinstance(binding, Binding)
            if binding.action != "quit":
                assert binding.description in titles
        assert "Quit" in titles and "Theme" in titles
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.focused, CommandInput))
        await pilot.press(*"Iter")
        await wait_for(pilot, lambda: palette_found(app, "Iter"))
        # "Iter" also matches "Method: iterative": the first enter highlights the first match.
        await pressed(pilot, "enter")
        if not isinstance(app.screen, MainScreen):
            await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await wait_for(pilot, lambda: main_screen(app).session.engine.tick == 1)
        assert b_row(app) == [0, -1, -1, -1]
        board = pane(app, "board")  # a theme changes the colours, not the content
        before_text, before_style = lines(board), board.render_line(3)
        app.theme = "textual-light"
        await pilot.pause()
        assert lines(board) == before_text and board.render_line(3) != before_style


async def test_too_small_terminal_shows_a_message_and_recovers() -> None:
    app = QueensTutorApp(4)
    width, height = MIN_SIZE
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await pilot.resize_terminal(width - 1, height)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.pause()
        shown = " ".join(" ".join(screen_lines(app)).split())  # the message may wrap
        assert f"terminal too small: need at least {width}x{height}" in shown
        assert "--plain" in shown  # where the tutor still fits
        await pilot.press("space")  # ignored while too small
        await pilot.resize_terminal(width, height - 1)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert len(app.screen_stack) == 2  # one message screen, however many resizes
        await pilot.resize_terminal(width, height)
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        assert main_screen(app).session.engine.tick == 1


@pytest.mark.parametrize("resizes", sweep([12, 60], everyday=[12]))
async def test_too_small_survives_many_resizes(resizes: int) -> None:
    app = QueensTutorApp(8)
    async with app.run_test(size=(40, 10)) as pilot:  # too small from the start
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        for i in range(resizes):
            await pilot.resize_terminal(60 + i * 7 % 40, 15 + i * 4 % 15)
        await pilot.resize_terminal(100, 30)
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        assert len(app.screen_stack) == 1
        await pilot.press("space")
        assert b_row(app) == [0, -1, -1, -1, -1, -1, -1, -1]


async def test_ascii_glyphs_draw_no_unicode_on_the_board_and_q_quits() -> None:
    async with tutor_run(4, glyphs=ASCII, size=SIZE) as (app, pilot):
        await pilot.press(*["space"] * 5)
        board = lines(pane(app, "board"))
        assert [line.split() for line in board[:4]] == [
            ["3", "x", "x", "x", "x"],
            ["2", "x", "Q", "x", "x"],
            ["1", "x", "x", "x", "."],
            ["0", "A", "-", "?", "x"],
        ]
        for name in PANES:
            text = "\n".join(lines(pane(app, name)))
            assert text.isascii(), name
        await pressed(pilot, "q")
    assert app.return_code == 0  # q quits


@pytest.mark.slow(15)
async def test_f1_opens_and_closes_the_help_on_every_screen_and_a_screen_under_it_keeps_it() -> (
    None
):
    """F1 opens the help (naming each key once) on the main screen, the place board and a
    lesson, as in most terminal programs; F1 again closes it."""
    async with tutor_run(4, size=(100, 30)) as (app, pilot):
        for opened in (MainScreen, PlaceScreen, LessonScreen):
            if opened is PlaceScreen:
                await pilot.press("o")
            elif opened is LessonScreen:
                await pilot.press("escape", "l")
                await wait_for(pilot, lambda: "Pages:" in "\n".join(screen_lines(app)))
                await press_for(pilot, LessonScreen, "enter")
            assert isinstance(app.screen, opened)
            await pilot.press("f1")
            assert isinstance(app.screen, HelpScreen)
            assert max(_keys(app).values()) == 1, _keys(app)  # each key named once
            if opened is PlaceScreen:
                assert _what(app, "y") == ["You drive the Wrocław loop"]
            await pilot.press("f1")
            assert isinstance(app.screen, opened)
        # A screen under a modal closing itself does not close the modal.
        lesson = on_top(app, LessonScreen)
        await press_for(pilot, HelpScreen, "question_mark")
        assert lesson.is_current  # shown under the modal
        lesson.action_menu()  # the lesson closing itself while the help is on top
        await pilot.pause()
        assert stacked(app)[-2:] == ["LessonScreen", "HelpScreen"], stacked(app)
        await pilot.press("escape")  # the help closes; the lesson is on top again
        await wait_for(pilot, lambda: app.screen is lesson)
        lesson.action_menu()
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        assert "LessonScreen" not in stacked(app)


LESSON = """\
@lesson last-page
@title Last page

@page The only page
One page to read.
"""


async def test_the_help_leaves_out_next_page_once_the_lesson_is_finished() -> None:
    app = tutor_on(LESSON, "pl")
    async with run_opened(app) as (pilot, screen, run):
        assert screen.check_action("next_page", ()) is True  # n finishes the lesson here
        await press_for(pilot, HelpScreen, "question_mark")
        await pilot.pause()
        assert "Następna strona" in " ".join(screen_lines(app))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("n")
        await wait_for(pilot, lambda: run.finished)
        assert screen.check_action("next_page", ()) is False
        await press_for(pilot, HelpScreen, "question_mark")
        await pilot.pause()
        assert "Następna strona" not in " ".join(screen_lines(app))
