"""Lesson 4 page 4's attack-rule question named the queen
first, "The queen at (column 1, row 2) attacks the square (column 2, row 1)", and a wrong
rule's reason gave the two squares' numbers the other way round, "row-col is -1 and 1" (the
square's -1 first). The question now names the square first, as its reasons and its
explanation give their numbers."""

from __future__ import annotations

import re

from lessons import i18n
from lessons.answers.checking import Posed
from lessons.catalog import load_catalog
from lessons.runner import LessonRun

SQUARE = re.compile(r"column (\d+), row (\d+)")


def _attack_rule_on_page_4() -> Posed:
    i18n.set_language("en")
    lesson = next(each for each in load_catalog("en").lessons if each.id == "diagonals")
    run = LessonRun(lesson, None, page=3)
    while run.asked is not None and run.asked.question.kind != "attack-rule":
        run.reveal()
        run.go_on()
    assert run.asked is not None
    return run.asked.posed


def test_the_reasons_give_the_squares_numbers_in_the_order_the_question_names_them() -> None:
    posed = _attack_rule_on_page_4()
    named = [(int(c), int(r)) for c, r in SQUARE.findall(posed.prompt)]
    assert len(named) == 2, posed.prompt
    (c1, r1), (c2, r2) = named
    assert posed.prompt.startswith("The square (column 2, row 3)"), posed.prompt
    said = {wrong: posed.check(str(int(wrong) + 1)).message for wrong in posed.wrong}
    assert f"col+row is {c1 + r1} and {c2 + r2}," in said["1"], said["1"]
    assert f"The rows differ ({r1} and {r2})" in said["0"], said["0"]
    diffs = f"{r1}-{c1} = {r1 - c1} = {r2}-{c2}"
    assert diffs in posed.explanation, posed.explanation
