"""Questions a student can work out from what the lesson shows: lesson 3's choices are told
apart by its formulas, not found printed; lesson 9's hints ask for no board key where none is."""

from __future__ import annotations

import re

import pytest

from lessons import i18n
from lessons.model import BoardOp, Question
from lessons.model import Text as TextBlock
from lessons.quiz.compare import examined
from tui.lesson_context import LessonContext


def lesson(language: str, lesson_id: str):  # type: ignore[no-untyped-def]
    i18n.set_language(language)
    found = LessonContext.load(lang=language).catalog.lessons
    return next(item for item in found if item.id == lesson_id)


def digits(text: str) -> set[str]:
    """Every number in ``text`` with its separators dropped (1,299,852 and 1 299 852 alike)."""
    return {re.sub(r"\D", "", m) for m in re.findall(r"\d[\d,.\u00a0\u202f ]*\d|\d", text)}


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_examined_choices_are_told_apart_not_found_on_the_pages_before(language: str) -> None:
    """On 10 x 10 no choice is printed on the pages before: their formulas tell them apart."""
    naive = lesson(language, "naive-search")
    shown = ""
    asked = 0
    for page in naive.pages:
        for block in page.blocks:
            if isinstance(block, TextBlock):
                shown += "\n" + block.markdown
            if isinstance(block, Question) and block.kind == "examined":
                method, n = block.params["method"], int(block.params["n"])
                assert str(examined("iterative", n)) not in digits(shown), (language, method)
                assert str(examined(method, n)) not in digits(shown), (language, method)
                assert str(examined("iterative", 8)) in digits(shown)  # the comparison
                asked += 1
    assert asked == 2


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_backtrack_hints_on_a_page_without_a_board_ask_for_no_board_key(language: str) -> None:
    cost = lesson(language, "cost")
    quiz = cost.pages[-1]
    assert not any(isinstance(block, BoardOp) for block in quiz.blocks[:3])
    hints = [
        block.hint
        for block in quiz.blocks
        if isinstance(block, Question) and block.params.get("of") == "backtracks"
    ]
    assert hints and all("(b)" not in hint for hint in hints), hints
