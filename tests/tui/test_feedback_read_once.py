"""A long feedback is read once: after the page's text comes back under it, the feedback stays
at its end ("Enter: go on") and the next Enter goes on (student walk 8, F8: lesson 5 page 10's
ten-tick answer at 80x24 took five Enters to the next question, the feedback shown again from
its top after "Enter: go on")."""

from __future__ import annotations

from tests.tui.lesson_apps import lesson_screen, tutor_on_builtin


async def test_lesson_5_page_10_reaches_its_next_question_in_three_enters() -> None:
    app = tutor_on_builtin("5", "en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        run.goto(9)
        screen.show(ask=True)
        await pilot.pause()
        asked = run.asked
        assert asked is not None and "10 ticks" in asked.posed.prompt
        await pilot.press(*asked.posed.expected, "enter")
        await pilot.pause()
        assert run.answered
        enters = 0
        while run.asked is None and enters < 8:
            await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
            enters += 1
        assert run.asked is not None and run.asked.key != asked.key
        assert enters <= 3, enters
