"""The solution tick (the tick after the last queen, which reports the solution: why a solved
5 x 5 board shows tick 16) is named where a student first meets it, the first page whose board
is run to a solution, and in the glossary (the ? help and docs/glossary.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.glossary import GLOSSARY
from lessons.i18n import translation
from lessons.model import RunOp, RunTo
from lessons.model import Text as TextBlock
from tui.lesson_context import LessonContext

ROOT = Path(__file__).resolve().parents[3]


def test_the_glossary_names_the_solution_tick() -> None:
    terms = dict(GLOSSARY)
    assert "solution tick" in terms and "k == n" in terms["solution tick"]
    rows = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines()
    assert any(row.startswith("| solution tick |") for row in rows)


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_first_page_run_to_a_solution_names_the_solution_tick(language: str) -> None:
    word = translation(language).gettext("solution tick")
    for lesson in LessonContext.load(lang=language).catalog.lessons:
        for page in lesson.pages:
            if any(isinstance(b, RunOp) and b.to is RunTo.SOLUTION for b in page.blocks):
                text = " ".join(
                    " ".join(b.markdown.split()) for b in page.blocks if isinstance(b, TextBlock)
                )
                assert word in text.replace("**", ""), (lesson.id, page.title, word)
                return
    pytest.fail("no page runs a board to a solution")
