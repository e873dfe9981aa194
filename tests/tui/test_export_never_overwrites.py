"""Download progress in a terminal: a second export of the same name is a new file, named in
the notice; the first is kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from lessons.progress.export import parse_export
from lessons.progress.records import LessonRecord
from tui.app import QueensTutorApp
from tui.screens.progress_transfer import ExportProgressScreen


@pytest.fixture
def downloads(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path / "Downloads"


def recorded(app: QueensTutorApp, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the app notifies, as text."""
    notices: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: notices.append(str(message)))
    return notices


async def test_a_second_download_keeps_the_first(
    downloads: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = QueensTutorApp()
    notices = recorded(app, monkeypatch)
    async with app.run_test(size=(100, 32)) as pilot:
        for page in (2, 3):
            app.lessons.store.save("iterative", LessonRecord(page=page))
            app.push_screen(ExportProgressScreen(app.lessons))
            await pilot.pause()
            app.screen.query_one(Input).value = "Ada"
            await pilot.press("enter")
            await pilot.pause()
        first = downloads / "queens-tutor-progress-ada.json"
        second = downloads / "queens-tutor-progress-ada-2.json"
        assert parse_export(first.read_text()).records["iterative"].page == 2
        assert parse_export(second.read_text()).records["iterative"].page == 3
        assert any(str(second) in notice for notice in notices), notices


async def test_a_download_that_cannot_be_written_says_so(
    downloads: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    downloads.parent.mkdir(parents=True, exist_ok=True)
    downloads.write_text("a file where the folder should be")
    app = QueensTutorApp()
    notices = recorded(app, monkeypatch)
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(ExportProgressScreen(app.lessons))
        await pilot.pause()
        app.screen.query_one(Input).value = "Ada"
        await pilot.press("enter")
        await pilot.pause()
        assert any(notice.startswith("Not exported") for notice in notices), notices
        assert not any("exported." in notice for notice in notices), notices
