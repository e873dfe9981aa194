"""Every built-in question about the board's code shows the lines that decide it beside it,
whole: at 80x24 the board gives way to them (the lines its next steps run), at 120x40 the code
pane has them too."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.code_in_view import code_questions, deciding, pane_code
from tests.tui.lesson_apps import lesson_screen, tutor_on_builtin
from tests.tui.screen_text import screen_lines

LESSONS = [str(number) for number in range(1, 10)]
SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lesson", sweep(LESSONS, everyday=["2", "5", "6"]))
async def test_the_lines_a_question_is_about_are_in_view(
    lesson: str, size: tuple[int, int]
) -> None:
    app = tutor_on_builtin(lesson, "en")
    async with app.run_test(size=size) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        asked = 0
        for _page in code_questions(run):
            screen.show(ask=True)
            for _ in range(3):
                await pilot.pause()
            session = run.session
            assert session is not None
            shown = screen_lines(app)
            in_view = pane_code(shown, session.frame().code.title)
            missing = [line for line in deciding(run) if line not in in_view]
            assert not missing, (run.page_index, run.asked, missing, "\n".join(shown))
            asked += 1
        if lesson in ("2", "5", "6"):
            assert asked, "no question about the board's code"
