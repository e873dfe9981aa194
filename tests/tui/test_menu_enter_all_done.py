"""Every lesson done: each Enter on the lesson menu acts at once; a finished lesson's Enter asks
whether to start it again (Enter twice looks through it, the finished run kept); the review
line says nothing is due."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from lessons.progress.records import LessonRecord
from lessons.progress.store import ProgressStore
from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.restart_question import RestartQuestion


@pytest.fixture
def all_done(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    store = ProgressStore()
    for lesson in LessonContext.load(lang="en").catalog.lessons:
        record = LessonRecord(completed=True, best_score=1, max_score=lesson.max_score, runs=1)
        assert store.save(lesson.id, record)


async def test_each_first_enter_acts_when_every_lesson_is_done(all_done: None) -> None:
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen.query_one(OptionList)
        assert menu.highlighted == 1 and app.screen.focused is menu
        await pilot.press("enter")  # the first Enter: lesson 1's question
        await wait_for(pilot, lambda: isinstance(app.screen, RestartQuestion))
        await pilot.press("enter")  # the highlighted choice: look through it, the run kept
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("enter")  # back from the lesson: the first Enter acts
        await wait_for(pilot, lambda: isinstance(app.screen, RestartQuestion))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("down", "up", "up")  # the review line
        await pilot.pause()
        assert menu.highlighted == 0
        await pilot.press("enter")
        await pilot.pause()
        detail = str(app.screen.query_one("#menu-detail").render())
        assert "You have done every lesson" in detail, detail
        await pilot.press("down", "enter")  # lesson 1 again: at once
        await wait_for(pilot, lambda: isinstance(app.screen, RestartQuestion))
    lesson = LessonContext.load(lang="en").catalog.lessons[0]
    record = ProgressStore().record_for(lesson)
    assert record is not None and record.completed and not record.again, record
