"""A long feedback is read once: to its end, then the next Enter goes on, its opening never shown
again; the page's text brought back (PgUp) keeps its rows above it."""

from __future__ import annotations

import pytest

from lessons.answers.checking import AnswerType
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on_builtin
from tests.tui.screen_text import pauses, screen_lines
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_panel import FeedbackBox

SIZES = [(80, 24), (120, 40)]


async def open_at(pilot, page: int) -> LessonScreen:  # type: ignore[no-untyped-def]
    screen = await lesson_screen(pilot)
    screen.lesson_run.goto(page - 1)
    screen.show(ask=True)
    await pauses(pilot, 3)
    return screen


async def answer_right(pilot, screen: LessonScreen) -> str:  # type: ignore[no-untyped-def]
    """Answer the waiting question right; the feedback's message."""
    run = screen.lesson_run
    posed = run.asked.posed
    if posed.answer_type is AnswerType.CHOICE:
        await pilot.press(*posed.choice_label(int(posed.expected)))
    else:
        await pilot.press(*posed.expected, "enter")
    await pauses(pilot, 4)
    assert run.answered and run.feedback is not None and run.feedback.correct
    return run.feedback.message


def opening(message: str) -> str:
    """The feedback's first words (on its first line at either size)."""
    return " ".join(message.split()[:3])


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]))
@pytest.mark.parametrize(
    ("language", "lesson", "page"),
    sweep(
        [("en", "5", 10), ("en", "8", 2), ("pl", "7", 3), ("pl", "8", 2)],
        everyday=[("en", "5", 10), ("pl", "7", 3)],
        several=True,
    ),
)
async def test_a_long_feedback_is_shown_once_and_two_enters_go_on(
    language: str, lesson: str, page: int, size: tuple[int, int]
) -> None:
    app = tutor_on_builtin(lesson, language)
    async with app.run_test(size=size) as pilot:
        screen = await open_at(pilot, page)
        run = screen.lesson_run
        asked = run.asked
        assert asked is not None
        message = await answer_right(pilot, screen)
        first = opening(message)
        shown = ["\n".join(screen_lines(app))]
        assert first in shown[0], shown[0]  # the feedback is read from its start
        box = screen.query_one(FeedbackBox)
        boxfuls = -(-box.virtual_size.height // max(box.size.height, 1))
        enters = 0
        while run.asked is None and enters < 6:
            await pilot.press("enter")
            await pauses(pilot, 3)
            enters += 1
            if run.asked is None:
                shown.append("\n".join(screen_lines(app)))
        assert run.asked is not None and run.asked.key != asked.key, shown[-1]
        # One Enter per boxful of the feedback it had not shown, then one to go on; one more
        # where the page's title, too long for the pane's border, stands whole above its text
        # and the text's last lines were never in view before the answer.
        titled = "…" in str(screen.query_one(LessonPane).border_title)
        assert enters <= max(boxfuls, 2) + (1 if titled else 0), "\n\n".join(shown)
        gone = next((i for i, text in enumerate(shown) if first not in text), len(shown))
        again = [text for text in shown[gone:] if first in text]
        assert not again, "the feedback's start came back:\n" + again[0]


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]))
async def test_the_text_brought_back_keeps_its_lines_above_a_long_feedback(
    size: tuple[int, int],
) -> None:
    app = tutor_on_builtin("8", "en")
    async with app.run_test(size=size) as pilot:
        screen = await open_at(pilot, 2)
        message = await answer_right(pilot, screen)
        await pilot.press("pageup")
        await pauses(pilot, 3)
        page = screen.query_one(LessonPane).page
        assert page.size.height > 0
        # The page's text (eight lines at 80x24) whole above the feedback, which keeps a box.
        assert page.virtual_size.height <= page.scrollable_content_region.height, (
            page.virtual_size,
            page.size,
        )
        text = "\n".join(screen_lines(app))
        assert "the board beside." in text, text
        box = screen.query_one(FeedbackBox)
        assert box.size.height >= 3 and opening(message) in text, text


@pytest.mark.parametrize("key", sweep(["pagedown", "down", "end"], everyday=["end"]))
async def test_the_scrolling_keys_read_an_answers_cut_feedback(key: str) -> None:
    """An answer's feedback cut at the box's foot (lesson 5 p10's answer shown) reads on to its
    end by PgDn, ↓ and End, the keys ``?`` lists for scrolling, as by Enter (PgDn every run:
    tests/tui/test_feedback_room.py)."""
    app = tutor_on_builtin("5", "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_at(pilot, 10)
        await pilot.press("f3")
        await pauses(pilot, 4)
        box = screen.query_one(FeedbackBox)
        assert box.more_below  # the case of the walk: the explanation is longer than its box
        tops = [box.scroll_y]
        for _ in range(box.virtual_size.height):
            await pilot.press(key)
            await pilot.pause()
            tops.append(box.scroll_y)
            if not box.more_below:
                break
        assert not box.more_below, tops  # read to its end by that key alone
        assert tops == sorted(tops) and len(set(tops)) > 1, tops
        assert screen.lesson_run.answered and screen.lesson_run.page_index == 9  # still there
