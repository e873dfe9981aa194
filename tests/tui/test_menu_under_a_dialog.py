"""What the lesson menu shows under its dialogs: the detail line of the lesson asked about, and a
key bar of keys that act there."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from lessons import i18n
from lessons.progress.records import LessonRecord
from lessons.progress.store import ProgressStore
from tests.tiers import sweep
from tests.tui.screen_text import screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.restart_question import RestartConfirm, RestartQuestion


@pytest.fixture
def two_done(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lessons 1, 2 and 7 finished: the menu's cursor starts on lesson 3, the next to do."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    store = ProgressStore()
    lessons = LessonContext.load(lang="en").catalog.lessons
    for lesson in (lessons[0], lessons[1], lessons[6]):
        record = LessonRecord(completed=True, best_score=1, max_score=lesson.max_score, runs=1)
        assert store.save(lesson.id, record)


async def test_lesson_7_asked_again_over_its_own_detail_and_the_dialogs_keys(
    two_done: None,
) -> None:
    i18n.set_language("en")
    context = LessonContext.load(lang="en")
    seventh = context.catalog.lessons[6]
    context.start = seventh
    app = QueensTutorApp(lessons=context)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RestartQuestion))
        await pilot.pause()
        menu = app.screen_stack[-2]
        assert menu.query_one(OptionList).highlighted == 7
        detail = " ".join(str(menu.query_one("#menu-detail").render()).split())
        assert seventh.summary.split()[0] in detail
        assert f"Pages: {len(seventh.pages)}." in detail, detail
        bar = screen_lines(app)[-1]
        assert "esc Back" in bar and "R Start again" not in bar, bar
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, RestartQuestion))
        await pilot.press("R")
        await wait_for(pilot, lambda: isinstance(app.screen, RestartConfirm))
        await pilot.pause()
        bar = screen_lines(app)[-1]
        assert "esc Back" in bar and "R Start again" not in bar, bar


@pytest.mark.parametrize(
    ("lang", "word"),
    sweep(
        [("en", "⏎ Open"), ("it", "⏎ Apri"), ("pl", "⏎ Otwórz")],
        everyday=[("pl", "⏎ Otwórz")],
        several=True,
    ),
)
async def test_the_menus_bar_names_enter(two_done: None, lang: str, word: str) -> None:
    """The lesson menu's bar was "esc Scacchiera" (Polish "R Od
    nowa  esc Szachownica"); Enter, which opens a lesson, was only in the line above the list."""
    i18n.set_language(lang)
    app = QueensTutorApp(lessons=LessonContext.load(lang=lang))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.pause()
        bar = screen_lines(app)[-1]
        assert word in bar, bar
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, LessonMenuScreen))
