"""The list of solutions found stays under an all-solutions board while a question about the
board's next step waits (the text speaks of it; it answers nothing there)."""

from __future__ import annotations

from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for

PAST_ITS_FIRST = """\
@lesson past
@title Past the first solution

@page On
The loop goes on past its first solution (the list under the board says how many it has found).
@board n=5 mode=all
@run solution
@expect b = [0,2,4,1,3]
@step 7
@expect b = [0,2,-1,-1,-1]
@question next-choice
@end
"""


async def test_the_list_the_text_names_shows_while_the_question_waits() -> None:
    app = tutor_on(PAST_ITS_FIRST)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        box = screen.query_one("#lesson-solutions")
        await wait_for(pilot, lambda: run.asked is not None and box.display)
        assert run.asked is not None and box.display
        assert any("solutions found: 1" in line for line in screen_lines(app))
        assert any("[0, 2, 4, 1, 3]" in line for line in screen_lines(app))
        waiting = box.region
        await pilot.press(*run.asked.posed.expected, "enter")
        await wait_for(pilot, lambda: run.answered)
        await pilot.pause()
        await pilot.pause()
        assert box.display and box.region == waiting  # the column does not jump
