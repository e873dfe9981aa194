"""The tutor in a browser tab (tui/serve/served_app.py): it asks before quitting while the tab holds
progress that would be lost, and offers the download."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input

from lessons.progress.export import parse_export
from lessons.progress.records import LessonRecord
from tests.tui.screen_text import on_top, pressed, wait_for
from tui.screens.main_screen import MainScreen
from tui.screens.progress_transfer import ExportProgressScreen
from tui.serve.served_app import QuitServedScreen, ServedTutorApp
from tui.serve.tab_driver import TabDriver

SIZE = (100, 32)


async def test_quits_at_once_without_progress_and_asks_before_losing_it() -> None:
    app = ServedTutorApp()
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, "q")
        assert app.exiting
    app = ServedTutorApp()
    async with app.run_test(size=SIZE) as pilot:
        app.lessons.store.save("iterative", LessonRecord(page=3))
        await pressed(pilot, "q")
        assert isinstance(app.screen, QuitServedScreen) and not app.exiting
        await pressed(pilot, "escape")
        assert not isinstance(app.screen, QuitServedScreen) and not app.exiting
        await pressed(pilot, "q")
        await pressed(pilot, "d")  # download first
        assert isinstance(app.screen, ExportProgressScreen) and not app.exiting
        await pressed(pilot, "escape")
        await pressed(pilot, "q")
        await pressed(pilot, "q")  # quit anyway
        assert app.exiting


async def test_a_logged_in_students_download_carries_their_login(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The report then knows the download for theirs (lessons/report/checks.py)."""
    import tui.screens.progress_transfer as transfer

    written: list[bytes] = []
    monkeypatch.setattr(transfer, "write_new", lambda folder, name, data: written.append(data))
    app = ServedTutorApp()
    app.login = "ada"
    async with app.run_test(size=SIZE) as pilot:
        app.lessons.store.save("iterative", LessonRecord(page=3))
        app.action_download_progress()
        await pilot.pause()
        screen = on_top(app, ExportProgressScreen)
        name = screen.query_one("#export-name", Input)
        assert name.value == "ada" and name.disabled
        screen.go()
        await pilot.pause()
    (data,) = written
    assert parse_export(data).student == "ada"


def told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the tutor notifies from now on (each notice's text)."""
    said: list[str] = []
    notify = ServedTutorApp.notify

    def kept(self: ServedTutorApp, message: str, **options: Any) -> None:
        said.append(message)
        notify(self, message, **options)

    monkeypatch.setattr(ServedTutorApp, "notify", kept)
    return said


async def test_a_tab_gone_away_pauses_the_run_and_it_is_said_when_it_comes_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The server says its tab went away (tui/serve/tab_driver.py): autoplay stops, as p
    pauses it, and the tutor says so once the tab is back; keys it dropped are said too."""
    said = told(monkeypatch)
    app = ServedTutorApp()
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, "p")
        screen = app.screen
        assert isinstance(screen, MainScreen) and screen.running
        app.post_message(TabDriver.Said(away=True, dropped=0))
        for _ in range(50):
            await pilot.pause(0.02)
            if not screen.running:
                break
        assert not screen.running
        app.post_message(TabDriver.Said(away=False, dropped=0))
        await pilot.pause()
        assert "The run was paused while this tab was away." in said
        app.post_message(TabDriver.Said(away=None, dropped=2998976))  # keys the server dropped
        # said once the keys before it are taken: on a busy machine, some frames later
        await wait_for(pilot, lambda: any(t.startswith("2998976 keys were dropped") for t in said))


async def test_dropped_keys_are_said_once_the_keys_the_buffer_took_are_taken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The notice of dropped keys comes once the keys queued before it are taken (raised
    while they wait, their steps' words would replace it before it is drawn)."""
    from textual import events

    taken = 120
    ticks_said: list[int] = []
    notify = ServedTutorApp.notify

    def kept(self: ServedTutorApp, message: str, **options: Any) -> None:
        if "dropped" in message:
            screen = self.screen
            assert isinstance(screen, MainScreen)
            ticks_said.append(screen.session.engine.tick)
        notify(self, message, **options)

    monkeypatch.setattr(ServedTutorApp, "notify", kept)
    app = ServedTutorApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(taken):
            app.post_message(events.Key("space", " "))
        app.post_message(TabDriver.Said(away=None, dropped=5))
        for _ in range(500):
            await pilot.pause(0.02)
            if ticks_said:
                break
    assert ticks_said == [taken]
