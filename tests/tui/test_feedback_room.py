"""An answer's feedback gets the room the page's text does not use: the box grows into the text
pane's empty lines, and a feedback longer than that has the pane (the text yields to it until
Enter goes on; PgUp brings the text back)."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from tests.tiers import sweep
from tests.tui.screen_text import screen_lines, wait_for
from tests.tui.test_lesson_layout import builtin, open_page
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_panel import FeedbackBox


async def answer_and_count_read_ons(  # type: ignore[no-untyped-def]
    pilot, screen, key: str = ""
) -> tuple[int, int]:
    """Answer the waiting question right (or press ``key``: f3 shows the answer); the
    feedback's lines and the read-ons it took."""
    run = screen.lesson_run
    await pilot.press(*([key] if key else [*run.asked.posed.expected, "enter"]))
    await wait_for(pilot, lambda: run.answered)
    for _ in range(3):
        await pilot.pause()
    box = screen.query_one(FeedbackBox)
    lines = box.virtual_size.height
    reads = 0
    while box.more_below:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        reads += 1
        assert run.answered and reads < 10
    return lines, reads


def whole_in_the_pane(screen: LessonScreen, widget: Widget) -> bool:
    region = widget.region
    return region.height > 0 and screen.query_one(LessonPane).region.intersection(region) == region


@pytest.mark.parametrize("size", sweep([(80, 24), (120, 40)], everyday=[(80, 24)]))
async def test_ten_ticks_feedback_needs_one_read_on_at_most(size: tuple[int, int]) -> None:
    """The answer shown tells ten ticks: it scrolls in its own box, the box and the line saying
    what Enter does are on screen whole throughout, Enter reads on to its end, then goes on."""
    app = builtin(5, 10, size)
    async with app.run_test(size=size) as pilot:
        screen = await open_page(pilot, 5, 10)
        run = screen.lesson_run
        await pilot.press("f3")  # the answer shown
        await wait_for(pilot, lambda: run.answered)
        for _ in range(3):
            await pilot.pause()
        box, following = screen.query_one(FeedbackBox), screen.query_one("#quiz-next")
        lines = box.virtual_size.height
        assert lines > 15, "the test needs the long feedback (it tells ten ticks)"
        assert whole_in_the_pane(screen, box) and whole_in_the_pane(screen, following)
        said = "More below. Enter: read on." in "\n".join(screen_lines(app))
        assert said == box.more_below  # said where the box is cut
        reads = 0
        while box.more_below:
            await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
            reads += 1
            assert run.answered and reads < 10, "Enter went on before the feedback's end"
        # Two at most: the box keeps a blank column either side of its words inside the pane's
        # whole frame, which costs these 35 lines one more read-on at 80x24.
        assert reads <= 2, (lines, reads)
        text = "\n".join(screen_lines(app))
        assert "Enter: go on." in text, text
        assert "once: k = 4." in text, text  # its last line is on screen
        assert whole_in_the_pane(screen, following)
        await pilot.press("enter")
        await wait_for(pilot, lambda: not run.answered)


async def test_a_right_answer_ten_ticks_ahead_is_told_the_ticks_that_moved_the_search() -> None:
    """Right, the answer's feedback tells the backtrack and how the ten ticks ended, not every
    square tested on the way (the answer shown tells them all): no read-on."""
    app = builtin(5, 10, (80, 24))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_page(pilot, 5, 10)
        _lines, reads = await answer_and_count_read_ons(pilot, screen)
        feedback = screen.lesson_run.feedback
        assert feedback is not None and reads == 0, "\n".join(screen_lines(app))
        assert "backtracked once" in feedback.message and "back to column 4" in feedback.message
        assert "Try the next row" not in feedback.message, feedback.message


async def test_page_9_backtrack_feedback_needs_no_read_on_and_pgup_brings_the_text_back() -> None:
    app = builtin(5, 9, (80, 24))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_page(pilot, 5, 9)
        run = screen.lesson_run
        await answer_and_count_read_ons(pilot, screen)
        await pilot.press("enter")  # the next question of the page
        await wait_for(pilot, lambda: run.asked is not None)
        await pilot.pause()
        # The question waits: the text is on screen again, above it.
        assert "6 x 6 is harder" in "\n".join(screen_lines(app))
        lines, reads = await answer_and_count_read_ons(pilot, screen)
        assert lines > 10, "the test needs the backtrack's long feedback"
        assert reads == 0, (lines, reads)
        text = "\n".join(screen_lines(app))
        assert "back to column 4!" in text and "Enter: go on." in text, text
        await pilot.press("pageup")
        await pilot.pause()
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "6 x 6 is harder" in text, text  # the page's text is back
        assert screen.query_one(LessonPane).page.size.height > 0
        assert "Right: backtrack." in text, text  # with the feedback under it
