"""Issue 39, item 7: the lesson texts and questions that audit 39 left open (L4, L8, N-l8, M4,
M7), each as a student meets it."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.model import Text
from lessons.parsing.parser import parse
from lessons.runner import LessonRun
from tui.widgets.lesson_text import Prose

TWO_ATTACKERS = "@lesson two\n@title Two\n@page P\n@board n=4\n@step 14\n@question attacker\n@end\n"
"""Square (column 3, row 1) attacked by the queens of columns 1 and 2."""


def _two_attackers() -> LessonRun:
    i18n.set_language("en")
    parsed = parse(TWO_ATTACKERS, "two.md").lesson
    assert parsed is not None
    return LessonRun(parsed, None)


def test_l4_the_attacker_the_student_named_is_explained_first() -> None:
    run = _two_attackers()
    posed = run.asked.posed  # type: ignore[union-attr]
    columns = [posed.expected, *sorted(posed.also_right)]
    assert len(columns) == 2
    for named in columns:
        other = next(c for c in columns if c != named)
        message = _two_attackers().answer(named).message
        assert message.startswith(f"Right: {named}. Attacked by column {named}, row"), message
        assert f"; column {other}, row" in message, message


def test_l4_shown_answer_names_every_attacker_still() -> None:
    run = _two_attackers()
    posed = run.asked.posed  # type: ignore[union-attr]
    assert posed.explanation.count("column") == 2


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_l8_numbered_lists_keep_their_period_on_the_lesson_screen(lang: str) -> None:
    """3 p1, 5 p1, 8 p3, 9 p6: the lesson writes "1." and the plain tutor shows "1."; the
    lesson screen drew "1 for every placement" (Rich's list item drops the period)."""
    console = Console(width=60, color_system=None, record=True)
    seen = 0
    for lesson in load_catalog(lang).lessons:
        for page in lesson.pages:
            for block in page.blocks:
                if not isinstance(block, Text):
                    continue
                numbers = re.findall(r"^(\d+)\. ", block.markdown, flags=re.MULTILINE)
                if not numbers:
                    continue
                with console.capture() as capture:
                    console.print(Prose(block.markdown))
                starts = [line.strip() for line in capture.get().splitlines()]
                for number in numbers:
                    assert any(s.startswith(f"{number}. ") for s in starts), (lesson.id, number)
                    seen += 1
    assert seen >= 14
