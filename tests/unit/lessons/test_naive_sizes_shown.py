"""Lesson 3: the typical "(n^2)^n" count of brute force's
placements gets its own diagnosis, and the page that asks what ``queens-tutor compare 8``
prints shows what that command prints, on 6 x 6: each method's count on the page is the one
the tutor computes, and the 8 x 8 questions' answers are not on the page (the student tells the
placements examined from the search space and the squares tested; they are not read off)."""

from __future__ import annotations

import math
import re

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.model import Lesson, Text
from lessons.quiz.compare import examined, examined_methods
from lessons.runner import LessonRun

LANGUAGES = ("en", "it", "pl")


def _lesson(language: str) -> Lesson:
    i18n.set_language(language)
    return load_catalog(language).lessons[2]


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_n_squared_to_the_n_is_diagnosed(language: str) -> None:
    run = LessonRun(_lesson(language), None, page=0)  # brute force on 5 x 5
    assert run.asked is not None and run.asked.posed.values.get("n", "5") == "5"
    generic = run.answer("123").message  # a number with no reason of its own
    for typed in (str(25**5), str(math.perm(25, 5))):
        said = run.answer(typed).message
        assert said != generic.replace("123", typed), said
        assert ("25" in said and "5!" in said) or "25^5" in said, said


def test_the_english_diagnosis_names_the_mistake() -> None:
    run = LessonRun(_lesson("en"), None, page=0)
    said = run.answer("9765625").message
    assert "That is (n^2)^n = 25^5" in said
    assert "two queens may share a square" in said


def _listing(lesson: Lesson) -> tuple[int, str]:
    """The page that shows compare 6's output, and that output."""
    for index, page in enumerate(lesson.pages):
        for block in page.blocks:
            if isinstance(block, Text) and "$ queens-tutor compare 6" in block.markdown:
                text = block.markdown.split("$ queens-tutor compare 6", 1)[1]
                return index, text.split("```", 1)[0]
    raise AssertionError("no page shows queens-tutor compare 6")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_shows_what_compare_prints(language: str) -> None:
    lesson = _lesson(language)
    index, listing = _listing(lesson)
    shown = {}
    for line in listing.splitlines():
        match = re.match(r"(\w+)\s+(\d[\d.,\u00a0\u202f ]*\d|\d)\s", line + " ")
        if match:
            shown[match.group(1)] = int(re.sub(r"\D", "", match.group(2)))
    for method in set(shown) & set(examined_methods()):  # what compare counts (random and
        assert shown[method] == examined(method, 6), (method, shown)  # the formula aside)
    assert set(shown) & set(examined_methods()), shown  # which ones is the lesson's choice
    run = LessonRun(lesson, None, page=index)
    asked = 0
    while run.asked is not None:
        posed = run.asked.posed
        if posed.kind == "examined":
            asked += 1
            right = posed.choices[int(posed.expected)]
            assert posed.values.get("n") == "10", posed.values  # no page counted 10 x 10
            assert right not in listing, (right, listing)
        run.reveal()
        run.go_on()
        if run.page_index != index:
            break
    assert asked == 2
