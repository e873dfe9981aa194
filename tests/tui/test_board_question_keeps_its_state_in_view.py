"""A question about the live board keeps in view the board whole and the state table's arrays
with their marker; a table cut says so in words on its border, never with a scrollbar."""

from __future__ import annotations

import pytest

from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import region_lines
from tests.tui.test_lesson_layout import board_is_whole
from tui.widgets.state_table import StateTable

PROBE = """\
@lesson probe
@title Probe

@page A question about the board
Some words.
@board n={board}
@step {step}
@question {question}
@end
"""
THUMBS = set("▁▂▃▄▅▆▇█")


@pytest.mark.parametrize(
    ("board", "step", "question"),
    [
        ("8", "5 iterations", "next-state of=k ticks=10"),
        ("5 algorithm=recursive", "3", "next-choice"),
    ],
)
async def test_a_board_question_keeps_its_state_in_view_or_says_where(
    board: str, step: str, question: str
) -> None:
    app = tutor_on(PROBE.format(board=board, step=step, question=question))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        assert screen.lesson_run.asked is not None
        await pilot.pause()
        table = screen.query_one(StateTable)
        tables = table.tables
        assert tables is not None
        boxed = region_lines(app, table)
        inside = [line.strip("│").split("│")[0].strip() for line in boxed[1:-1]]
        labels = [row.label for row in tables.rows if row.label]
        hidden = [label for label in labels if label not in inside]
        assert not hidden or " lines 1-" in boxed[-1], boxed
        assert any(tables.marker in line for line in boxed), boxed  # "" where it has none
        assert not THUMBS & set("".join(boxed)), boxed
        assert board_is_whole(screen)
