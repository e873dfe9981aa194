"""A hint goes a step further than the feedback of a wrong answer (the formula worked out for
the question's n, the list's entries counted): for every practice question of the kinds whose
hint repeated the feedback, in every language, the hint holds a number the feedback does not."""

from __future__ import annotations

import re

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.model import Question
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from tests.tiers import sweep

KINDS = ("search-space", "random-tries", "queen-row")
_MARKS = "“”«»„.,:;"


def _numbers(text: str) -> set[str]:
    """The words of ``text`` that hold a digit (``C(25,``, ``b[0]``, ``4``), as written."""
    words = (word.strip(_MARKS) for word in text.replace("\u00a0", " ").split())
    return {word for word in words if re.search(r"\d", word)}


def _practice_questions(language: str) -> list[tuple[str, object]]:
    found = []
    for lesson in load_catalog(language).lessons:
        for index, page in enumerate(lesson.pages):
            if page.scored:
                continue
            run = LessonRun(lesson, None, page=index)
            while run.asked is not None and run.page is page:
                if run.asked.question.kind in KINDS:
                    found.append((f"{lesson.id} p{index + 1}", run.asked.posed))
                run.reveal()
                run.go_on()
    return found


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
def test_the_hint_says_more_than_the_feedback_of_a_wrong_answer(language: str) -> None:
    i18n.set_language(language)
    asked = _practice_questions(language)
    where = {place for place, _posed in asked}
    # lesson 1 p3, lesson 3 pp. 1 to 4: the pages and their kin
    assert {"problem p3", *(f"naive-search p{page}" for page in (1, 2, 3, 4))} <= where, where
    repeats = []
    for place, posed in asked:
        hint = posed.hint  # type: ignore[attr-defined]
        assert hint
        for wrong in posed.wrong:  # type: ignore[attr-defined]
            said = posed.check(wrong).message  # type: ignore[attr-defined]
            if not _numbers(hint) - _numbers(said):
                repeats.append(f"{place} after {wrong}:\n  {said}\n  hint: {hint}")
    assert not repeats, "\n".join(repeats)


def test_the_search_space_hint_works_the_formula_out() -> None:
    def hint(method: str, n: int) -> str:
        return pose(Question(1, "search-space", {"method": method, "n": str(n)}), None).hint

    assert "C(25, 5)" in hint("bruteforce", 5) and "25 x 24 x 23 x 22 x 21" in hint("bruteforce", 5)
    assert "4^4 = 4 x 4 x 4 x 4" in hint("columns", 4)
    assert "5! = 5 x 4 x 3 x 2 x 1" in hint("permutations", 5)
    assert "64 x 63 x ... x 57" in hint("bruteforce", 8)  # a long product is cut


def test_the_unique_count_hint_does_not_lead_to_all_the_solutions() -> None:
    """The unique count's hint says each orbit counts once (all-solutions mode gives 92)."""
    unique = pose(Question(1, "solutions", {"n": "8", "unique": "yes"}), None)
    assert unique.expected == "12"
    assert "orbit counts once" in unique.hint and "rotations and reflections" in unique.hint
    every = pose(Question(1, "solutions", {"n": "8"}), None)
    assert every.expected == "92" and "orbit" not in every.hint
