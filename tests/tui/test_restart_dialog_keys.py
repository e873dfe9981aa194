"""The lesson menu's two dialogs say which keys answer them (1 / 2, the
arrows and Enter, Esc), in the student's language, and the keys they name do what they say."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.model import Lesson
from lessons.parsing.parser import parse
from lessons.progress.records import LessonRecord
from tests.tiers import sweep
from tests.tui.screen_text import screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.screens.restart_question import RestartConfirm, RestartQuestion

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


async def test_the_restart_confirmation_names_its_keys() -> None:
    i18n.set_language("en")
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        answers: list[bool] = []
        await app.push_screen(
            RestartConfirm(LessonRecord(page=1, best_score=3), _lesson()), answers.append
        )
        await pilot.pause()
        text = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert "Press 1 (y) or 2 (n), or the arrows and Enter" in text, text
        assert "Esc keeps the" in text, text
        await pilot.press("escape")
        await wait_for(pilot, lambda: answers == [False])


@pytest.mark.parametrize(("lang", "yes", "named"), [("it", "s", "Sì (s)"), ("pl", "t", "Tak (t)")])
async def test_the_restart_confirmation_takes_the_yes_key_it_names(
    lang: str, yes: str, named: str
) -> None:
    """The Italian dialog read "Sì (y)" and s did nothing."""
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
