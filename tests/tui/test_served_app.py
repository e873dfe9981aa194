"""The tutor in a browser tab (tui/serve/served_app.py): it asks before quitting while the tab holds
progress that would be lost, and offers the download."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from lessons.progress.export import parse_export
from lessons.progress.records import LessonRecord
from tui.screens.progress_transfer import ExportProgressScreen
from tui.serve.served_app import QuitServedScreen, ServedTutorApp

SIZE = (100, 32)


async def test_quits_at_once_without_progress() -> None:
    app = ServedTutorApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert app.exiting


async def test_asks_before_losing_progress() -> None:
    app = ServedTutorApp()
    async with app.run_test(size=SIZE) as pilot:
        app.lessons.store.save("iterative", LessonRecord(page=3))
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitServedScreen) and not app.exiting
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, QuitServedScreen) and not app.exiting
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("d")  # download first
        await pilot.pause()
        assert isinstance(app.screen, ExportProgressScreen) and not app.exiting
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("q")  # quit anyway
        await pilot.pause()
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
        screen = app.screen
        assert isinstance(screen, ExportProgressScreen)
        name = screen.query_one("#export-name", Input)
        assert name.value == "ada" and name.disabled
        screen.go()
        await pilot.pause()
    (data,) = written
    assert parse_export(data).student == "ada"
