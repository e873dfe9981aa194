"""A page never shows another page's board or its panes, whether the page before was answered or
the page sets up its own board only later."""

from __future__ import annotations

from textual.containers import VerticalScroll

from tests.tui.lesson_apps import lesson_screen, tutor_on

ALL_THEN_ORBIT = """@lesson stale
@title Stale
@page Every solution
All the solutions of the 6 x 6 board.
@board n=6 mode=all
@run end

@page An orbit
@question orbit b=[1,3,5,0,2,4]
@end
"""

MAZE_THEN_QUIZ = """@lesson stale
@title Stale
@page A maze
@board algorithm=maze maze=corridor
@run solution

@quiz
@question choice
prompt: Which one?
- [x] this one
- [ ] that one
  why: not that one.
@end
@board n=4
@step iteration
@question next-choice
@end
"""


async def test_an_answered_orbit_keeps_no_earlier_solutions_box() -> None:
    app = tutor_on(ALL_THEN_ORBIT)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        box = screen.query_one("#lesson-solutions", VerticalScroll)
        assert box.display  # page 1: its own all-solutions board
        run = screen.lesson_run
        assert run.next_page()
        screen.show(ask=True)
        await pilot.pause()
        asked = run.asked
        assert asked is not None and asked.question.kind == "orbit"
        run.answer(asked.posed.expected)
        screen.show()
        await pilot.pause()
        assert run.answered
        assert not box.display  # beside the question's own placement: no earlier count


async def test_quiz_questions_before_the_pages_board_show_no_earlier_board() -> None:
    app = tutor_on(MAZE_THEN_QUIZ)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        left = screen.query_one("#lesson-left")
        assert left.display  # page 1: its maze
        run = screen.lesson_run
        assert run.next_page()
        screen.show(ask=True)
        await pilot.pause()
        asked = run.asked
        assert asked is not None and asked.question.kind == "choice"
        assert not left.display  # not page 1's maze and its Solve frames
        run.answer(asked.posed.expected)
        run.go_on()
        screen.show(ask=True)
        await pilot.pause()
        asked = run.asked
        assert asked is not None and asked.question.kind == "next-choice"
        assert left.display  # the page's own board, once it is set up
