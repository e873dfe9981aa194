"""Student walk 7 (it, pl) findings in the lessons' texts: the explicit placement's question
names the recipe's own numbers (pl F18: "the even rows" beside "counted from 0" meant rows
0, 2, 4, the trap its own feedback explains); lesson 7 page 3 names each board it asks to
turn (it F17: after the second question the text still said the board showed the loop's
first solution)."""

from __future__ import annotations

import pytest

from lessons.i18n import speaking
from lessons.model import Page, Question, Text
from lessons.quiz.pose import pose
from tests.unit.lessons.review_progress import lessons


@pytest.mark.parametrize(("code", "numbers"), [("en", "2, 4"), ("it", "2, 4"), ("pl", "2, 4")])
def test_the_explicit_placement_question_names_the_recipes_numbers(code: str, numbers: str) -> None:
    with speaking(code):
        posed = pose(Question(1, "construct", {"n": "7", "col": "4"}), None)
    prompt = " ".join(posed.prompt.split())
    assert numbers in prompt, prompt
    assert posed.expected == "2"  # 2, 4, 6, 1, 3, 5, 7 minus 1: column 4 takes 3 - 1


def _page(code: str, lesson_id: str, index: int) -> Page:
    lesson = next(each for each in lessons(code) if each.id == lesson_id)
    return lesson.pages[index]


@pytest.mark.parametrize("code", ["en", "it", "pl"])
def test_lesson_7_page_3_names_each_board_it_asks_to_turn(code: str) -> None:
    page = _page(code, "symmetry", 2)
    texts: list[str] = []
    named = []
    for block in page.blocks:
        if isinstance(block, Text):
            texts.append(" ".join(block.markdown.split()))
        elif isinstance(block, Question) and block.kind == "rotations":
            named.append(" ".join(texts))
    assert len(named) == 2, named
    assert "b = [0, 4, 7, 5, 2, 6, 1, 3]" in named[0], named[0]
    assert "b = [2, 4, 1, 7, 0, 6, 3, 5]" in named[1].removeprefix(named[0]), named[1]


@pytest.mark.parametrize("code", ["en", "it", "pl"])
def test_the_one_by_one_orbit_says_every_symmetry_gives_it_back(code: str) -> None:
    """Student walk 8, F11: "give 1 different boards from [0]: some symmetries give the same
    board" (a plural with 1, and all 8 do)."""
    with speaking(code):
        posed = pose(Question(1, "orbit", {"b": "[0]"}), None)
    assert posed.expected == "1"
    assert "1 " not in posed.explanation.replace("[0]", ""), posed.explanation
