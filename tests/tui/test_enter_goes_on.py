"""After a page's last question is answered, stepped since or not, the box ends "Enter: go on." and
one Enter goes to the next page (the page's text below the fold first), or ends the lesson."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from lessons import i18n
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin
from tests.tui.screen_text import lines, wait_for
from tui.screens.lesson_screen import LessonScreen


async def _to_question(pilot: Pilot[None], screen: LessonScreen, page: int) -> None:
    """Walk the lesson (Enter, F3 for the questions before) to the first question on ``page``."""
    run = screen.lesson_run
    for _ in range(300):
        if run.page_index == page and run.asked is not None:
            return
        await pilot.press("f3" if run.asked is not None else "enter")
    raise AssertionError(f"no question reached on page {page + 1}")


async def _to_last_answer(pilot: Pilot[None], screen: LessonScreen, page: int) -> None:
    """Open ``page`` (:func:`open_page`) and walk it (Enter, F3) to the answer (shown) of its
    last question."""
    run = screen.lesson_run
    await open_page(pilot, screen, page)
    for _ in range(300):
        if run.page_index == page and run.answer_ends_page:
            await pilot.pause()
            return
        await pilot.press("f3" if run.asked is not None else "enter")
    raise AssertionError(f"no last question answered on page {page + 1}")


def _next_line(screen: LessonScreen) -> str:
    return " ".join(" ".join(lines(screen.query_one("#quiz-next"))).split())


ONE_ENTER = [
    # a choice question; r first: the answer's placement is on screen, not the page's board
    ("problem", 1, ("r", "space", "space", "left"), "en", (80, 24)),
    ("problem", 1, ("r", "space", "space", "left"), "pl", (120, 40)),
    ("problem", 1, (), "en", (80, 24)),  # answered, not stepped: one Enter too
    ("problem", 2, ("left",), "en", (80, 24)),  # run to its solution, one tick back
    ("small-boards", 9, ("s",), "pl", (120, 40)),  # a place question, s to a solution
    ("small-boards", 9, ("s",), "en", (80, 24)),
    ("iterative", 8, ("space",), "en", (80, 24)),  # a next-state question on 6 x 6
]


@pytest.mark.parametrize(
    ("lesson", "page", "steps", "language", "size"),
    sweep(
        ONE_ENTER,
        # a kind of question and of stepping each, at 80x24
        everyday=[ONE_ENTER[0], ONE_ENTER[2], ONE_ENTER[5], ONE_ENTER[6]],
        several=True,
    ),
)
async def test_one_enter_after_the_answer_turns_the_page(
    lesson: str, page: int, steps: tuple[str, ...], language: str, size: tuple[int, int]
) -> None:
    app = tutor_on_builtin(lesson, language)
    go_on, more = i18n._("Enter: go on."), i18n._("More below. Enter: read on.")
    async with app.run_test(size=size) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await _to_last_answer(pilot, screen, page)  # the answer shown: the question is over
        for key in steps:
            await pilot.press(key)
        if steps:
            await wait_for(pilot, lambda: run.explored and not screen.running)
        await pilot.pause()
        for _ in range(10):  # the page's text first, where it goes on below the fold
            if _next_line(screen) != more:
                break
            await pilot.press("enter")
            await pilot.pause()
            assert run.page_index == page
        assert _next_line(screen).endswith(go_on), _next_line(screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.page_index == page + 1)
        assert not run.explored  # the next page's board, as the lesson leaves it


async def test_enter_after_the_last_question_finishes_the_lesson() -> None:
    app = tutor_on_builtin("problem", "en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        last = len(run.lesson.pages) - 1
        await _to_last_answer(pilot, screen, last)
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.finished)
        await pilot.pause()
        assert _next_line(screen).startswith("Lesson complete!"), _next_line(screen)


async def test_the_numbers_drawn_after_the_answer_show_with_its_feedback() -> None:
    """Lesson 4 p1: the col+row numbers drawn after the answer show with its feedback."""
    app = tutor_on_builtin("diagonals", "en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await _to_question(pilot, screen, 0)
        assert run.stage.overlay == "off"
        await pilot.press("f3")
        await wait_for(pilot, lambda: run.answered)
        await pilot.pause()
        assert run.stage.overlay == "sum"  # drawn with the feedback
        top = lines(screen.query_one("#lesson-board"))[0]
        assert top.split()[-1] == "·14", top  # col+row of the top right square: 7+7
        assert run.answer_ends_page
        for _ in range(10):  # the page's text first, where it goes on below the fold
            if not _next_line(screen).startswith("More below."):
                break
            await pilot.press("enter")
            await pilot.pause()
        assert _next_line(screen).endswith("Enter: go on."), _next_line(screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.page_index == 1)
