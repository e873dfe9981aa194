"""The tutor in a browser tab (tui/serve/served_app.py): it asks before quitting while the tab holds
progress that would be lost, and offers the download."""

from __future__ import annotations

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
