"""An answer's feedback gets the room the page's text does not use and stays within the lesson
pane: the box grows into the text pane's empty lines, a longer one has the pane (the text yields
until Enter goes on; PgUp brings it back) and keeps its frame, or is cut to the rows left and
read on with Enter or PgDn."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from tests.tiers import sweep
from tests.tui.lesson_apps import tutor_on_builtin
from tests.tui.screen_text import pauses, region_lines, screen_lines, wait_for
from tests.tui.test_feedback_read_once import answer_right, open_at
from tests.tui.test_lesson_layout import builtin, open_page
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_panel import FeedbackBox, QuizPanel
from tui.widgets.word_wrapped import WordWrapped


async def answer_and_count_read_ons(  # type: ignore[no-untyped-def]
    pilot, screen, key: str = ""
) -> tuple[int, int]:
    """Answer the waiting question right (or press ``key``: f3 shows the answer); the
    feedback's lines and the read-ons it took."""
    run = screen.lesson_run
    await pilot.press(*([key] if key else [*run.asked.posed.expected, "enter"]))
    await wait_for(pilot, lambda: run.answered)
    await pauses(pilot, 3)
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
        await pauses(pilot, 3)
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


async def answer_wrong(pilot, screen: LessonScreen) -> None:  # type: ignore[no-untyped-def]
    """A wrong choice, with the student's keys: a digit chooses, and the Enter after it
    chooses nothing (said under the feedback, which grows by it)."""
    asked = screen.lesson_run.asked
    assert asked is not None and asked.posed.choices
    right = asked.posed.choice_label(int(asked.posed.expected))
    wrong = next(key for key in "123" if key != right)
    await pilot.press(wrong, "enter")
    await pauses(pilot, 3)


async def test_on_the_students_path_the_feedback_box_is_whole_and_pgdn_reads_it_to_its_end() -> (
    None
):
    """Reached as the student reaches it (page 2, its answer shown, Enter to page 3): the box is
    whole in the pane, its foot says PgDn reads on, and PgDn does, to the last words."""
    app = builtin(6, 2, (80, 24), "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_page(pilot, 6, 2)
        await pilot.press("f3")
        await pilot.pause()
        for _ in range(8):
            if screen.lesson_run.page_index == 2:
                break
            await pilot.press("enter")
            await pilot.pause()
        run = screen.lesson_run
        assert run.page_index == 2
        await answer_wrong(pilot, screen)
        inside = screen.query_one(LessonPane).content_region
        quiz = screen.query_one(QuizPanel)
        text = "\n".join(screen_lines(app))
        assert not run.answered and run.asked is not None, text  # wrong: the question waits
        for widget in (quiz, screen.query_one(FeedbackBox), screen.query_one("#quiz-next")):
            region = widget.region
            if region.height:
                assert inside.intersection(region) == region, text  # its foot in the pane
        assert screen.query_one(FeedbackBox).region.height > 0, text
        box = screen.query_one(FeedbackBox)
        assert box.more_below, text  # a feedback longer than the room left
        assert "PgDn" in str(quiz.border_subtitle), text
        for _ in range(6):
            if not box.more_below:
                break
            await pilot.press("pagedown")
            await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert not box.more_below, text
        shown = screen.query_one("#quiz-feedback", WordWrapped).text
        assert " ".join(shown.split()[-2:]) in " ".join(text.split()), text  # its last words
        assert not str(quiz.border_subtitle or ""), text
        assert run.asked is not None  # PgDn answered nothing


THUMB = "▁▂▃▄▅▆▇█"
"""The glyphs of a scrollbar's thumb."""


@pytest.mark.parametrize(
    ("lesson", "page", "before"),
    sweep([("5", 9, 3), ("8", 2, 0)], everyday=[("5", 9, 3)], several=True),
)
async def test_a_long_feedback_keeps_its_frame_and_names_its_question(
    lesson: str, page: int, before: int
) -> None:
    app = tutor_on_builtin(lesson)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_at(pilot, page)
        run = screen.lesson_run
        for _ in range(before):  # the page's questions before the long one
            await answer_right(pilot, screen)
            await pilot.press("enter")
            await pauses(pilot, 3)
        asked = run.asked
        assert asked is not None
        label = run.question_label
        await answer_right(pilot, screen)
        await pauses(pilot, 3)
        assert screen.query_one(LessonPane).has_class("-yield")  # the long feedback has the pane
        quiz = screen.query_one(QuizPanel)
        assert quiz.styles.border_top[0] != ""  # its frame is kept
        lines = screen_lines(app)
        top = quiz.region.y - screen.region.y
        words = f"{label} {asked.posed.plain_prompt or asked.posed.prompt}".split()
        assert f"╭─ {' '.join(words[:3])}" in lines[top], lines[top]
        message = run.feedback.message if run.feedback else ""
        assert " ".join(message.split()[:3]) in "\n".join(lines)  # the feedback from its start
        inside = region_lines(app, quiz)[1:-1]  # the rows between its top and bottom borders
        assert inside and all(row.startswith("│ ") for row in inside), "\n".join(inside)
        # A blank column after the text; a scrollbar stands against the border, after that
        # blank column
        thumbs = [row for row in inside if set(row[-3:-1]) & set(THUMB)]
        assert all(row.endswith(" │") for row in inside if row not in thumbs), "\n".join(inside)
        assert all(row[-2] in THUMB and row[-3] == " " for row in thumbs), "\n".join(inside)
        enter = next(i for i, row in enumerate(inside) if "Enter:" in row)
        assert enter > 0 and not inside[enter - 1].strip("│ "), "\n".join(inside)  # a blank line
