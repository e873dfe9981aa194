"""A feedback longer than the room under the page's text has the pane (the text yields to it
until the next Enter: tests/tui/test_feedback_read_once.py), but keeps its box's frame, whose
top names the question it explains, and its text a blank column from the frame on either side,
as every other feedback's; its scrollbar, where it scrolls, against the frame, a blank column
after the text."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import tutor_on_builtin
from tests.tui.screen_text import region_lines, screen_lines
from tests.tui.test_feedback_read_once import answer_right, open_at
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_panel import QuizPanel

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
            for _ in range(3):
                await pilot.pause()
        asked = run.asked
        assert asked is not None
        label = run.question_label
        await answer_right(pilot, screen)
        for _ in range(3):
            await pilot.pause()
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
