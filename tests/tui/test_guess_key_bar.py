"""Guess mode's key bar names the answer keys the question names, in every language ("Keys: s sì":
"s Sì"), on the main screen as in a lesson; the English y answers yes in every language."""

from __future__ import annotations

import pytest

from lessons import i18n
from solver.guess.stage import Stage
from tests.tiers import sweep
from tests.tui.guess_keys import open_guess
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import main_screen
from tests.tui.test_lesson_guess import LESSON
from tui.app import QueensTutorApp
from tui.widgets.key_bar import KeyBar

KEYS = {"en": "y", "it": "s", "pl": "t"}


def bar(app: QueensTutorApp) -> str:
    return " " + " ".join(app.screen.query_one(KeyBar).text.plain.split()) + " "


def named_right(app: QueensTutorApp, lang: str) -> None:
    shown = bar(app)
    yes, no = i18n._("Yes"), i18n._("No")
    assert f" {KEYS[lang]} {yes} " in shown, shown
    for other in set(KEYS.values()) - {KEYS[lang]}:
        assert f" {other} {yes} " not in shown, shown
    assert lang == "en" or " y " not in shown, shown  # y answers, unnamed beside the prompt's key
    assert f" n {no} " in shown, shown


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_lessons_guess_bar_names_the_prompts_yes_key(lang: str) -> None:
    app = tutor_on(LESSON, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await lesson_screen(pilot)
        board = await open_guess(pilot)
        game = board.round.game
        for key in (KEYS[lang], "y"):  # the key named works, and the English y
            for _ in range(10):
                if game.question is not None and game.question.stage is Stage.FREE:
                    break
                await pilot.press("space")
            asked = game.question
            assert asked is not None and asked.stage is Stage.FREE
            named_right(app, lang)
            await pilot.press(key)
            await pilot.pause()
            assert game.question is not asked or asked.stage is not Stage.FREE, key


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_main_screens_guess_bar_shows_the_answer_keys(lang: str) -> None:
    i18n.set_language(lang)
    app = QueensTutorApp(5, guess=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = main_screen(app)
        for _ in range(12):
            await pilot.press("space")
            if screen.session.game.question is not None:
                break
        question = screen.session.game.question
        assert question is not None and question.stage is Stage.FREE
        await pilot.pause()
        named_right(app, lang)
        await pilot.press(KEYS[lang])  # the key named works
        await pilot.pause()
        assert screen.session.game.question is not question or question.stage is not Stage.FREE
        # Answered: the bar no longer offers yes (the rule's keys, or the screen's own).
        assert f" {KEYS[lang]} {i18n._('Yes')} " not in bar(app), bar(app)
