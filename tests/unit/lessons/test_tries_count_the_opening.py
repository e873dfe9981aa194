"""Lesson 9 page 1 counted "876 tries (b[k]++ with the isfree
test)" to the first 8 x 8 solution, but one of the 876 is the opening b[0]=0, which has no
b[k]++ and no isfree: a student counting b[k]++ by hand gets 875 (6 x 6: 170, not 171). The
page, in every language, now counts the opening apart, with the engine's numbers; and the work
question's feedback names b[0]=0 among the tries."""

from __future__ import annotations

import re

import pytest

from lessons import i18n
from lessons.answers.feedback import MESSAGES
from lessons.catalog import load_catalog
from lessons.model import Text
from solver.events import Solution, Try
from solver.methods.iterative.engine import IterativeEngine
from solver.stepping import Mode


def _tries(n: int) -> tuple[int, tuple[int, int]]:
    """The Try ticks of the lecture's loop up to its first solution, and the first one's
    square (the opening b[0]=0)."""
    engine = IterativeEngine(n, Mode.FIRST)
    tries: list[tuple[int, int]] = []
    while not isinstance(event := engine.step(), Solution):
        if isinstance(event, Try):
            tries.append((event.col, event.row))
    return len(tries), tries[0]


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_lesson_9_counts_the_opening_b0_apart_from_the_b_k_increments(language: str) -> None:
    lesson = load_catalog(language).find("cost")
    assert lesson is not None
    page = lesson.pages[0]
    text = " ".join(
        " ".join(b.markdown.replace("\u00a0", " ").split())
        for b in page.blocks
        if isinstance(b, Text)
    )
    for n in (8, 9):  # lesson 5 prints 6 x 6's 25
        tries, opening = _tries(n)
        assert opening == (0, 0)
        assert re.search(rf"\b{tries}\b", text), (n, text)
        # The b[k]++ are one fewer than the tries: the opening b[0]=0 is named apart.
        assert f"{tries - 1} `b[k]++`" in text, (n, tries, text)
    assert text.count("`b[0]=0`") == 2, text


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_work_feedback_names_the_opening_among_the_tries(language: str) -> None:
    i18n.set_language(language)
    said = i18n._(MESSAGES["mistake.work_tries"])
    assert "b[0]=0" in said, said
