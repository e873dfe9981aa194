"""Issue 39, item 7: the lesson texts and questions that audit 39 left open (L4, L8, N-l8, M4,
M7), each as a student meets it."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.checking.validate import check_file, check_text
from lessons.model import Text
from lessons.parsing.parser import parse
from lessons.runner import LessonRun
from tests.tiers import sweep
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
        assert message.startswith(
            f"Right: {named}. Attacked by the queen in column {named}, row "
        ), message
        assert f"; the queen in column {other}, row" in message, message


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


RECALLED = """@lesson recalled
@title Recalled
@summary S

@page Counting the work
To its first solution on 8 x 8 the loop makes 982 ticks: 876 tries, 105 backtracks.

@page Not smooth at all
12 x 12 takes 3,316 ticks, 13 x 13 only 1,464. `queensRek()` calls `hetmany(n, 0, b)`.

@page Comparing
Run `queens-tutor compare 8`.
@question examined method=iterative n=8
@end

@quiz
@question choice
prompt: How is hetmany called to solve the whole board?
- [x] hetmany(n, 0, b)
- [ ] hetmany(n, n, b)
@end
@question choice
prompt: Which board needs fewer ticks to its first solution?
- [ ] 12 x 12
- [x] 13 x 13
@end
@question choice
prompt: What does the permutation method no longer check?
- [ ] the diagonals
- [x] rows and columns
@end
"""


def test_n_l8_lessons_check_warns_of_choices_and_practice_answers_printed_before() -> None:
    """6 Q1 (hetmany(n, 0, b) on 6 p7), 9 p7 (876 on 9 p1, a practice question), 9 Q3 (13 x 13
    on 9 p3): the check looked at quiz pages' number answers only. A choice of words alone
    ("rows and columns") is no warning."""
    found = [str(e) for e in check_text(RECALLED, "r.md", warnings=True)]
    assert all(": warning: " in line for line in found), found
    where = sorted((line.split(":")[1], line.split("warning: ")[1][:20]) for line in found)
    assert where == [
        ("6", "876 here is the answ"),
        ("9", "\u201c13 x 13\u201d here is th"),
        ("9", "\u201chetmany(n, 0, b)\u201d h"),
    ], found


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
def test_n_l8_the_rewritten_questions_ask_what_the_pages_do_not_print(lang: str) -> None:
    i18n.set_language(lang)
    lessons = {lesson.id: lesson for lesson in load_catalog(lang).lessons}
    recursive = LessonRun(lessons["recursive"], None, page=len(lessons["recursive"].pages) - 1)
    assert "hetmany(n, 2, a)" in recursive.asked.posed.choices  # type: ignore[union-attr]
    assert not [e for e in check_file(lessons["cost"].path, warnings=True) if e.warning]
    i18n.set_language("en")


def _taught(lang: str, lesson_id: str) -> str:
    """The text of a built-in lesson's pages before its quiz."""
    lesson = next(le for le in load_catalog(lang).lessons if le.id == lesson_id)
    return " ".join(
        b.markdown for p in lesson.pages if not p.scored for b in p.blocks if isinstance(b, Text)
    )


def test_m4_3_q4_draws_only_solution_counts_lesson_3_teaches() -> None:
    """3 Q4 (random tries) draws n = 6 or 7: n!/Q(n) needs Q(7) = 40, now on 3 p4 with Q(6)."""
    for lang in ("en", "it", "pl"):
        before = _taught(lang, "naive-search")
        assert re.search(r"7 x 7\D{1,12}40\b", before), lang
        assert re.search(r"6 x 6\D{1,12}4\b", before), lang


def test_m4_7_q4_the_six_by_six_solutions_are_on_a_page_before_the_quiz() -> None:
    """7 Q4 (unique solutions of 6 x 6) was taught only in its hint: 7 p5 lists the four
    solutions, and they are one orbit (the student works out the answer, 1)."""
    from solver.symmetry import orbit

    for lang in ("en", "it", "pl"):
        text = _taught(lang, "symmetry")
        listed = {
            tuple(int(v) for v in m.split(", "))
            for m in re.findall(r"\[(\d, \d, \d, \d, \d, \d)\]", text)
        }
        assert len(listed) == 4, lang
        assert set(orbit(next(iter(listed)))) == listed


def test_m4_9_p1_the_question_on_9_x_9_has_a_9_x_9_board_and_a_hint_that_works() -> None:
    """On 9 x 9 since student walk 14, it 13: lesson 5 p9 prints the 6 x 6 board's 25."""
    i18n.set_language("en")
    lesson = next(le for le in load_catalog("en").lessons if le.id == "cost")
    run = LessonRun(lesson, None)
    posed = run.asked.posed  # type: ignore[union-attr]
    assert run.stage.engine is not None and run.stage.engine.n == 9
    assert " b," not in posed.hint and "with b" not in posed.hint
    assert "squares tested" in posed.hint and "solution tick" in posed.hint  # walk 8, F13
    assert run.answer("32").correct


def test_m7_construct_positions_counted_from_one_get_their_own_feedback() -> None:
    """9 Q5 (n = 10, column 1): 1 is column 0's row, the list read from position 1."""
    i18n.set_language("en")
    text = "@lesson c\n@title C\n@page P\n@question construct n=10 col=1\n@end\n"
    parsed = parse(text, "c.md").lesson
    assert parsed is not None
    verdict = LessonRun(parsed, None).answer("1")
    assert not verdict.correct
    assert verdict.message.startswith("1 is not right. That is b[0], the row of column 0"), (
        verdict.message
    )
    assert "counted from 0" in verdict.message


def test_m7_9_p1_the_solution_tick_left_in_gets_its_own_feedback() -> None:
    """9 p1 (366 ticks, 333 tries on 9 x 9): 33 takes the tries away but not the solution tick."""
    i18n.set_language("en")
    lesson = next(le for le in load_catalog("en").lessons if le.id == "cost")
    verdict = LessonRun(lesson, None).answer("33")
    assert not verdict.correct
    assert "counts the solution tick as well" in verdict.message, verdict.message
