"""A queen-row question about its own b hides the page's board and b[] while it waits, unless
that board holds the same b: one name never stands for two arrays on one screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.parsing.parser import parse
from lessons.runner import LessonRun

LESSON = """\
@lesson rows
@title Rows

@page Read
@board n={n}
@run solution
@question queen-row b=[{b}] col=3
@end
"""


@pytest.mark.parametrize(
    ("n", "b", "hidden"),
    [(5, "0,2,4,1,3", False), (5, "4,2,0,3,1", True), (8, "0,2,4,1,3", True)],
)
def test_the_board_hides_while_a_question_asks_about_another_b(
    tmp_path: Path, n: int, b: str, hidden: bool
) -> None:
    lesson = parse(LESSON.format(n=n, b=b), str(tmp_path / "rows.md")).lesson
    assert lesson is not None
    run = LessonRun(lesson, None)
    assert run.asked is not None and run.asked.posed.off_board is hidden
    assert run.board_shown().column is not hidden
