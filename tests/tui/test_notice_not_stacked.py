"""A notice still on show is not stacked again (each new toast made the next key cost more); a
lesson opens with no earlier notice over its page."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App

from tests.tui.screen_text import pressed, tutor_run, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_screen import LessonScreen


async def test_ctrl_c_many_times_shows_one_quit_notice(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    notify = App.notify

    def counted(self: App[Any], message: str, **options: Any) -> None:
        shown.append(options.get("title", ""))
        notify(self, message, **options)

    monkeypatch.setattr(App, "notify", counted)  # Textual's public notify, counted
    async with tutor_run(5, size=(80, 40)) as (app, pilot):
        await pressed(pilot, "o")  # the place board: over the main screen, notices are toasts
        for _ in range(8):
            await pilot.press("ctrl+c")
        await pilot.pause()
        assert shown == ["Do you want to quit?"], shown
        app.clear_notifications()
        await pressed(pilot, "ctrl+c")  # taken away: the same notice shows again
        assert shown == ["Do you want to quit?"] * 2, shown


async def test_a_lesson_opens_with_no_notice_over_its_page() -> None:
    context = LessonContext.load(lang="en")
    context.start = context.catalog.lessons[0]
    app = QueensTutorApp(4, lessons=context)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.notify("an earlier notice", timeout=30)
        await wait_for(pilot, lambda: bool(app.screen.query("Toast")))
        assert app.screen.query("Toast")  # shown, on the screen it was given on
        screen = LessonScreen(context.catalog.lessons[1], None)
        await app.push_screen(screen)
        await pilot.pause()
        assert not app.screen.query("Toast")  # by its type's name: textual's own module
