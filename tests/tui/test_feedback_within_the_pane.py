"""An answer's feedback stays within the lesson pane beside a tall question (lesson 6 p3's three
choices beside the 6 x 6 board at 80x24, in Polish): cut to the rows left, its end read with
PgDn."""

from __future__ import annotations

from tests.tui.screen_text import screen_lines
from tests.tui.test_lesson_layout import builtin, open_page
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_panel import FeedbackBox, QuizPanel
from tui.widgets.word_wrapped import WordWrapped


async def answer_wrong(pilot, screen: LessonScreen) -> None:  # type: ignore[no-untyped-def]
    """A wrong choice, with the student's keys: a digit chooses, and the Enter after it
    chooses nothing (said under the feedback, which grows by it)."""
    asked = screen.lesson_run.asked
    assert asked is not None and asked.posed.choices
    right = asked.posed.choice_label(int(asked.posed.expected))
    wrong = next(key for key in "123" if key != right)
    await pilot.press(wrong, "enter")
    for _ in range(3):
        await pilot.pause()


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
