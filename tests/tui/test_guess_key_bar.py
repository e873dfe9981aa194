"""Guess mode's key bar names the answer keys the question names, in every language ("Keys: s sì":
"s Sì"), on the main screen as in a lesson, and the English y answers yes in every language;
other bars name the keys their screen's text names (R at a lesson's end, c on the drive board)."""

from __future__ import annotations

import pytest

from lessons import i18n
from solver.guess.stage import Stage
from tests.tiers import sweep
from tests.tui.guess_keys import open_guess
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import main_screen, screen_lines, wait_for
from tests.tui.test_lesson_guess import LESSON
from tests.tui.test_stale_guess_answer import GUESS_LESSON
from tui.app import QueensTutorApp
from tui.screens.place_screen import PlaceScreen
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


def bottom_line(app: QueensTutorApp) -> str:
    return screen_lines(app)[-1]


ONE_PAGE = """\
@lesson one-page
@title One page

@page Only
Read this, then finish.
"""


async def test_r_is_in_the_key_bar_at_the_lessons_end_only() -> None:
    app = tutor_on(ONE_PAGE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        assert "R Restart" not in bottom_line(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.lesson_run.finished)
        await pilot.pause()
        assert "R: start again" in " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert "R Restart" in bottom_line(app), bottom_line(app)
        await pilot.press("R")
        await wait_for(pilot, lambda: not screen.lesson_run.finished)
        await pilot.pause()
        assert "R Restart" not in bottom_line(app)


async def test_c_is_in_the_drive_boards_key_bar() -> None:
    i18n.set_language("en")
    app = QueensTutorApp(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o", "y")
        await wait_for(pilot, lambda: isinstance(app.screen, PlaceScreen) and app.screen.drive)
        await pilot.pause()
        assert "c Again" in bottom_line(app), bottom_line(app)


async def test_the_italian_drive_boards_key_bar_keeps_escape_at_80_columns() -> None:
    """Lesson 2's "you drive" exercise says "Poi premi esc", and the
    Italian bar at 80 columns left escape out for "y Posiziona" (the help names it)."""
    i18n.set_language("it")
    app = QueensTutorApp(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o", "y")
        await wait_for(pilot, lambda: isinstance(app.screen, PlaceScreen) and app.screen.drive)
        await pilot.pause()
        shown = bottom_line(app)
        assert "esc " in shown and "c Di nuovo" in shown and "b Backtrack" in shown, shown
    i18n.set_language("en")


async def test_the_guess_key_bar_names_the_answer_keys_of_each_question() -> None:
    app = tutor_on(GUESS_LESSON)
    async with app.run_test(size=(80, 24)) as pilot:
        await lesson_screen(pilot)
        board = await open_guess(pilot)
        game = board.round.game
        seen: set[Stage] = set()
        for _ in range(40):
            await pilot.pause()
            question = game.question
            shown = bottom_line(app)
            if question is None:
                assert "space Tick" in shown, shown
                await pilot.press("space")
            elif question.stage is Stage.FREE:
                seen.add(Stage.FREE)
                assert "y Yes" in shown and "n No" in shown, shown
                assert "space" not in shown, shown
                await pilot.press("n")  # attacked: a rule is asked next when it is
            else:
                seen.add(Stage.RULE)
                for key in ("1 row", "2 col+row", "3 row-col", "space Skip the rule"):
                    assert key in shown, shown
                assert "Tick" not in shown, shown
                await pilot.press("space")  # the rule skipped
            if seen == {Stage.FREE, Stage.RULE} or app.screen is not board:
                break
        assert seen == {Stage.FREE, Stage.RULE}
