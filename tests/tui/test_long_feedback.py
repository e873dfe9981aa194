"""A feedback longer than the room under the page's text (the lesson 5 page 10 answer shown,
which tells ten ticks, at 80x24) scrolls in its own box, and the line that says what Enter does
is always on screen: Enter reads on to the feedback's end, then goes on."""

from __future__ import annotations

from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_panel import FeedbackBox

TEN_TICKS = """@lesson ten-ticks
@title Ten ticks
@summary a long feedback

@page Several ticks ahead
On 6 x 6 the loop has placed five queens. Write b[] down and tick.
@board n=6
@step 5 iterations
@question next-state of=k ticks=10
@end
@question next-state of=b[3] ticks=6
@end
"""


def whole_on_screen(app: object, widget: object) -> bool:
    pane = app.screen.query_one(LessonPane)  # type: ignore[attr-defined]
    region = widget.region  # type: ignore[attr-defined]
    return region.height > 0 and pane.region.intersection(region) == region


async def test_long_feedback_scrolls_and_enter_line_stays() -> None:
    app = tutor_on(TEN_TICKS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        assert run.asked is not None
        await pilot.press("f3")  # the answer shown tells every tick
        await wait_for(pilot, lambda: run.answered)
        await pilot.pause()
        box = screen.query_one(FeedbackBox)
        following = screen.query_one("#quiz-next")
        assert box.max_scroll_y > 0, "the feedback fits: the test needs a longer one"
        # The box's bottom border and the line under it are on screen, not cut off.
        assert whole_on_screen(app, box) and whole_on_screen(app, following)
        text = "\n".join(screen_lines(app))
        assert "More below. Enter: read on." in text, text
        reads = 0
        while box.scroll_y < box.max_scroll_y:
            await pilot.press("enter")
            await pilot.pause()
            reads += 1
            assert run.answered, "enter went on before the feedback's end was shown"
            assert reads < 10
        await wait_for(pilot, lambda: "Enter: go on." in "\n".join(screen_lines(app)))
        shown = "\n".join(screen_lines(app))
        assert "times:" in shown and "k = 3." in shown, shown  # the feedback's last words
        assert whole_on_screen(app, following)
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.asked is not None)
