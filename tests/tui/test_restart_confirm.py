"""``R`` in the lesson menu and in a lesson asks before it starts the lesson again: it says where
the student is, what starting again keeps and which keys answer (in the student's language);
n, 2, Escape or Enter at once keep the lesson as it is; y (or the language's own) starts again."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from lessons import i18n
from lessons.model import Lesson
from lessons.parsing.parser import parse
from lessons.progress.records import LessonRecord, QuestionRecord
from lessons.progress.store import ProgressStore
from tests.tiers import sweep
from tests.tui.screen_text import screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.restart_question import RestartConfirm, RestartQuestion


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
            shown = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
            assert "Press 1 (y) or 2 (n), or the arrows and Enter" in shown, shown
            assert "Esc keeps the" in shown, shown
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


WORDS = {
    "en": ("Press 1 or 2", "Esc"),
    "it": ("Premi 1 o 2", "Esc"),
    "pl": ("Naciśnij 1 lub 2", "Esc"),
}


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_restart_question_names_its_keys(lang: str) -> None:
    i18n.set_language(lang)
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        chosen: list[str | None] = []
        await app.push_screen(RestartQuestion("Lesson", 3, 4, 6), chosen.append)
        await pilot.pause()
        text = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        for word in WORDS[lang]:
            assert word in text, text
        await pilot.press("2")
        await wait_for(pilot, lambda: chosen == ["review"])


def _lesson() -> Lesson:
    """A lesson of six pages (a confirmation names where the student is in it)."""
    text = "@lesson six\n@title Lesson\n" + "".join(f"@page P{n}\nText.\n" for n in range(6))
    lesson = parse(text, "six.md").lesson
    assert lesson is not None
    return lesson


@pytest.mark.parametrize(
    ("lang", "yes", "named"),
    sweep(
        [("it", "s", "Sì (s)"), ("pl", "t", "Tak (t)")],
        everyday=[("it", "s", "Sì (s)")],
        several=True,
    ),
)
async def test_the_restart_confirmation_takes_the_yes_key_it_names(
    lang: str, yes: str, named: str
) -> None:
    i18n.set_language(lang)
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        answers: list[bool] = []
        await app.push_screen(
            RestartConfirm(LessonRecord(page=1, best_score=3), _lesson()), answers.append
        )
        await pilot.pause()
        text = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert named in text, text
        await pilot.press(yes)
        await wait_for(pilot, lambda: answers == [True])
