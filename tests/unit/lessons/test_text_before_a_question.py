"""The words just before a question still read right
once the question is answered and the page goes on, and a page says truly what another lesson
did with a number.

- L6: lesson 3 page 4 ended its text with "On 5 x 5:" before its question; answered, the
  question's box gives way to the rest of the page and the colon led nowhere ("Now n = 7:" on
  lesson 9 page 6 the same). No built-in text right before a question ends with a colon.
- L2: lesson 9 page 1 said "the 876 squares lesson 3 counted"; lesson 3 only quotes that
  number, for comparison: the page says so.
"""

from __future__ import annotations

import pytest

from lessons.catalog import load_catalog
from lessons.model import Question, Text

LANGUAGES = ("en", "it", "pl")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_right_before_a_question_ends_with_a_colon(language: str) -> None:
    dangling = []
    for lesson in load_catalog(language).lessons:
        for number, page in enumerate(lesson.pages, start=1):
            last = ""
            for block in page.blocks:
                if isinstance(block, Text):
                    last = block.markdown.rstrip()
                elif isinstance(block, Question):
                    if last.endswith(":"):
                        dangling.append(f"{lesson.id} p{number}: {last.splitlines()[-1]!r}")
                    last = ""
    assert not dangling, "\n".join(dangling)


def _page_text(language: str, lesson_id: str, page: int) -> str:
    lesson = next(each for each in load_catalog(language).lessons if each.id == lesson_id)
    return " ".join(
        " ".join(block.markdown.split())
        for block in lesson.pages[page - 1].blocks
        if isinstance(block, Text)
    )


def test_lesson_9_says_lesson_3_quoted_the_876_squares() -> None:
    said = {code: _page_text(code, "cost", 1) for code in LANGUAGES}
    assert "lesson 3 counted" not in said["en"]
    assert "Lesson 3 quoted these 876 squares, for comparison" in said["en"], said["en"]
    assert "La lezione 3 citava queste 876 caselle" in said["it"], said["it"]
    assert "Lekcja 3 przytoczyła te 876 pól" in said["pl"].replace("\u00a0", " "), said["pl"]
    # and lesson 3 does quote it, for comparison, in every language
    assert "876" in _page_text("en", "naive-search", 6)
    assert "For comparison" in _page_text("en", "naive-search", 6)
