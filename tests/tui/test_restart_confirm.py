"""``R`` in the lesson menu asks before it starts a lesson again: it says
where the student is and what starting again keeps (the best score, the misses for the
review); n, 2, Escape or Enter at once keep the lesson as it is; y or 1 start it again."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from lessons.progress.records import LessonRecord, QuestionRecord
from lessons.progress.store import ProgressStore
from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.restart_question import RestartConfirm


@pytest.fixture
def at_page_5(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    missed = QuestionRecord(right=True, attempts=2, at=1.0)
    record = LessonRecord(page=4, answers={"2.0": missed})
    assert ProgressStore().save("problem", record)


async def test_restart_asks_first_and_escape_keeps_the_lesson(at_page_5: None) -> None:
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen.query_one(OptionList)
        assert menu.highlighted == 1  # lesson 1, left at page 5
        for keep in ("escape", "n", "2", "enter"):
            await pilot.press("R")
            await wait_for(pilot, lambda: isinstance(app.screen, RestartConfirm))
            said = " ".join(str(app.screen.query_one("#restart-text", Static).content).split())
            assert said.startswith(
                "Start “The problem and its representation” again from page 1? You are at "
                "page 5 of "
            ), said
            assert "the questions you missed stay in the review." in said
            await pilot.press(keep)
            await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
            record = ProgressStore().records["problem"]
            assert record.page == 4 and "2.0" in record.answers, keep  # nothing cleared
        await pilot.press("R")
        await wait_for(pilot, lambda: isinstance(app.screen, RestartConfirm))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        record = ProgressStore().records["problem"]
        assert record.page == 0 and not record.answers and "2.0" in record.earlier


async def test_r_inside_a_lesson_asks_first_where_the_run_has_something_to_lose(
    at_page_5: None,
) -> None:
    """``R`` on a lesson's page asks as the menu does: Escape, n or Enter keep the page and the
    answers; y starts again from page 1 (the best score and the misses kept)."""
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("enter")  # lesson 1, where it was left: page 5
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        assert screen.lesson_run.page_index == 4
        for keep in ("escape", "n", "enter"):
            await pilot.press("R")
            await wait_for(pilot, lambda: isinstance(app.screen, RestartConfirm))
            said = " ".join(str(app.screen.query_one("#restart-text", Static).content).split())
            assert "again from page 1? You are at page 5 of " in said, said
            await pilot.press(keep)
            await wait_for(pilot, lambda: app.screen is screen)
            assert screen.lesson_run.page_index == 4, keep
        await pilot.press("R")
        await wait_for(pilot, lambda: isinstance(app.screen, RestartConfirm))
        await pilot.press("y")
        await wait_for(pilot, lambda: app.screen is screen and screen.lesson_run.page_index == 0)
        record = ProgressStore().records["problem"]
        assert record.page == 0 and not record.answers and "2.0" in record.earlier
