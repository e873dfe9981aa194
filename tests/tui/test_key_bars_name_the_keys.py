"""Key bars that name the keys the screen's text names and that act: R at a lesson's end ("R: start
again"); c on the "you drive" board (its feedback says "c starts the loop over"); in a guess
question, y and n while "is it free?" waits, then 1, 2, 3 and space (which skips the rule there,
never "Tick")."""

from __future__ import annotations

from lessons import i18n
from solver.guess.stage import Stage
from tests.tui.guess_keys import open_guess
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tests.tui.test_stale_guess_answer import GUESS_LESSON
from tui.app import QueensTutorApp
from tui.screens.place_screen import PlaceScreen


def bar(app: QueensTutorApp) -> str:
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
        assert "R Restart" not in bar(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.lesson_run.finished)
        await pilot.pause()
        assert "R: start again" in " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert "R Restart" in bar(app), bar(app)
        await pilot.press("R")
        await wait_for(pilot, lambda: not screen.lesson_run.finished)
        await pilot.pause()
        assert "R Restart" not in bar(app)


async def test_c_is_in_the_drive_boards_key_bar() -> None:
    i18n.set_language("en")
    app = QueensTutorApp(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o", "y")
        await wait_for(pilot, lambda: isinstance(app.screen, PlaceScreen) and app.screen.drive)
        await pilot.pause()
        assert "c Again" in bar(app), bar(app)


async def test_the_italian_drive_boards_key_bar_keeps_escape_at_80_columns() -> None:
    """Lesson 2's "you drive" exercise says "Poi premi esc", and the
    Italian bar at 80 columns left escape out for "y Posiziona" (the help names it)."""
    i18n.set_language("it")
    app = QueensTutorApp(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o", "y")
        await wait_for(pilot, lambda: isinstance(app.screen, PlaceScreen) and app.screen.drive)
        await pilot.pause()
        shown = bar(app)
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
            shown = bar(app)
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
