"""Quiz answers given away before they are asked: ``lessons check`` warns where the answer of
a quiz question (any instance a student may be drawn) already stands earlier in its lesson.

Earlier means the earlier pages' text and what their boards showed (``@expect``), the quiz page
up to the question, and the question's own ``prompt:``; a practice question counts against
the pages before its own and its page's text above it. A number answer of one digit, or one
that is a place on the board, counts only in the quiz page's text right before its question; a
longer one is looked for as a number in any of the tutor's groupings. A right choice that is a
number is looked for as a number, one written with digits or code as written (spaces and case
aside); a choice of words alone never. An earlier question's feedback to the mistakes it names
and its explanation count too, against quiz questions only. :func:`told_on_page`
checks a quiz page as one student meets it, over the instances drawn for her."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from lessons.answers.checking import AnswerType, Posed
from lessons.i18n import N_, _
from lessons.model import ExpectOp, Lesson, LessonError, Page, Question, Text
from lessons.quiz.draw import drawable
from lessons.quiz.kinds import LIVE, VARIED
from lessons.quiz.pose import QuizError, pose
from lessons.stage import Stage

PLACE_KINDS = frozenset({"array-index", "queen-row", "construct"})
"""The kinds whose number answer is a place on the board, not a count: an earlier page or an
earlier question's feedback naming the same number is a coincidence, not the answer told (the
quiz page's text right before the question still counts)."""
TOLD = N_(
    "{answer} is in the feedback of the question here ({where}) and is the answer to the quiz "
    "question at line {quiz} (@question {question}): a student who read that feedback is right "
    "by remembering it; ask the quiz about another instance"
)
"""An answer an earlier question's feedback prints."""
SMALLEST = 10
"""The smallest answer looked for: smaller numbers stand on every page."""
_NUMBER = re.compile(r"\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?![\d])|\d+")
"""A number as a page writes it: digits, or groups of three after a thousands separator."""
_ANGLES = re.compile(
    r"\d+(?:(?:, | and | or | e | o | i | lub | albo )\d+)*[\u00a0 ]?(?:°|degree|grad|stopn)"
)
"""Angles, one or a list (``0, 90, 180 and 270 degrees``, ``90 gradi``): no count."""


def numbers_in(text: str) -> Iterator[int]:
    """Every whole number written in ``text`` (a thousands separator inside it kept out), but
    angles."""
    for match in _NUMBER.finditer(_ANGLES.sub(" ", text)):
        yield int(re.sub(r"\D", "", match.group()))


def feedback_numbers(posed: Posed) -> Iterator[tuple[int, str]]:
    """Every whole number a question's feedback prints, with where in words (:data:`TOLD`'s
    ``where``): each typical mistake it names (the answer quoted and its reason), its right
    answer (a choice: as its words) and its explanation."""
    right = _("its right answer")
    if posed.answer_type is AnswerType.CHOICE and posed.expected.isdecimal():
        yield from ((value, right) for value in numbers_in(posed.choices[int(posed.expected)]))
    elif posed.expected.isdecimal():
        yield int(posed.expected), right
    for typed, why in posed.wrong.items():
        if posed.answer_type is AnswerType.CHOICE and typed.isdecimal():  # as the student sees it
            where = _("its words for the wrong choice {choice}").format(
                choice=posed.choice_label(int(typed))
            )
        else:
            where = _("its words for the wrong answer {typed}").format(typed=typed)
            if re.fullmatch(r"\d+", typed):
                yield int(typed), where
        yield from ((value, where) for value in numbers_in(why))
    yield from ((value, _("its explanation")) for value in numbers_in(posed.explanation))


def told_where(posed: Posed, answer: str) -> str:
    """Everywhere ``posed``'s feedback prints ``answer``, in words (:data:`TOLD`'s ``where``)."""
    found = dict.fromkeys(where for value, where in feedback_numbers(posed) if str(value) == answer)
    return "; ".join(found) or _("its words for the wrong answer {typed}").format(typed=answer)


def _shown(page: Page, before: int | None = None) -> Iterator[tuple[int, int]]:
    """(line, number) of every number a page shows before its quiz: its text, and the values
    its board is checked to show (``@expect``); with ``before``, only its blocks above that
    line (the quiz page's own, up to a question)."""
    for block in page.blocks:
        if before is not None and block.line >= before:
            break
        if isinstance(block, Text):
            for offset, line in enumerate(block.markdown.splitlines()):
                for value in numbers_in(line):
                    yield block.line + offset, value
        elif isinstance(block, ExpectOp) and block.value.strip().lstrip("-").isdecimal():
            yield block.line, int(block.value)


_SPECIFIC = re.compile(r"[\d()\[\]=<>+*/]")
"""A choice that holds one of these (a digit, code) is specific enough to be recalled."""


def _plain(text: str) -> str:
    """``text`` as compared with a choice: code marks out, spaces and letter case aside."""
    return " ".join(text.replace("`", "").replace("\u00a0", " ").split()).casefold()


def _answers(question: Question, lesson: Lesson, stage: Stage) -> Iterator[tuple[int | str, str]]:
    """The answers a page could print of every instance a student may be asked in place of
    ``question``: a number, or a right choice written with digits or code (as :func:`_plain`
    text), each with the instance's parameters in words."""
    if question.kind in LIVE:
        return  # a drawn tick of the board: its answers are rows and columns
    instances = [question.params]
    if question.kind in VARIED:
        instances = drawable(question, lesson, stage.queens_n) or instances
    for params in instances:
        try:
            posed = pose(dataclasses.replace(question, params=params), stage.session)
        except QuizError:
            continue  # validate reports it
        words = " ".join(f"{k}={v}" for k, v in sorted(params.items()) if k != "pool")
        if posed.answer_type is AnswerType.NUMBER and posed.expected.isdecimal():
            yield int(posed.expected), words
        elif posed.answer_type is AnswerType.CHOICE:
            choice = _(posed.choices[int(posed.expected)])
            values = list(numbers_in(choice))
            if len(values) == 1 and _NUMBER.fullmatch(choice.strip()):
                yield values[0], words
            elif _SPECIFIC.search(choice):
                yield _plain(choice), words


def _text_shown(page: Page, before: int | None = None) -> Iterator[tuple[int, str]]:
    """(line, :func:`_plain` text) of every paragraph of a page's text before its question
    (``before``, as in :func:`_shown`); the line is the paragraph's first."""
    for block in page.blocks:
        if before is not None and block.line >= before:
            break
        if isinstance(block, Text):
            lines = block.markdown.splitlines()
            start = 0
            for offset, line in enumerate([*lines, ""]):
                if line.strip():
                    continue
                if offset > start:
                    yield block.line + start, _plain(" ".join(lines[start:offset]))
                start = offset + 1


def _where_printed(
    answer: str, lesson: Lesson, page_index: int, question: Question, same_page: bool
) -> Iterator[int]:
    """The lines before ``question`` whose paragraph prints the choice ``answer``."""
    for index, page in enumerate(lesson.pages[: page_index + 1]):
        if index < page_index:
            shown = _text_shown(page)
        elif same_page:
            shown = _text_shown(page, before=question.line)
        else:
            continue
        for line, text in shown:
            if re.search(rf"(?<![\w(\[]){re.escape(answer)}(?![\w(\[])", text):
                yield line


def given_away(
    lesson: Lesson,
    page_index: int,
    question: Question,
    stage: Stage,
    said: Iterable[tuple[int, int, int, str]] = (),
) -> list[LessonError]:
    """A warning at each earlier line of ``lesson`` that prints an answer of ``question`` (on
    page ``page_index``, posed on ``stage``). ``said``: (page index, line, number, where) of
    what the feedback of the questions before it prints (:func:`feedback_numbers`)."""
    place = question.kind in PLACE_KINDS  # a row or an index: on earlier pages, a coincidence
    earlier = [
        (line, value, SMALLEST)
        for page in lesson.pages[: 0 if place else page_index]
        for line, value in _shown(page)
    ]
    page = lesson.pages[page_index]
    feedback: dict[tuple[int, int | str], dict[str, None]] = {}  # (line, number): where told
    if page.scored and not place:
        for index, line, value, where in said:
            if index < page_index or (index == page_index and line < question.line):
                earlier.append((line, value, SMALLEST))
                feedback.setdefault((line, value), {})[where] = None
    smallest = 0 if page.scored else SMALLEST  # a practice page's small numbers are its own
    earlier += [(line, value, smallest) for line, value in _shown(page, before=question.line)]
    if page.scored:
        earlier += [(question.line, value, SMALLEST) for value in numbers_in(question.prompt)]
    found: list[LessonError] = []
    seen: set[tuple[int, int | str]] = set()
    for answer, instance in _answers(question, lesson, stage):
        if isinstance(answer, str):
            lines = list(_where_printed(answer, lesson, page_index, question, page.scored))
        else:
            lines = [
                line for line, value, smallest in earlier if answer >= smallest and value == answer
            ]
        for line in lines:
            if (line, answer) not in seen:
                seen.add((line, answer))
                template = (
                    _(TOLD)
                    if (line, answer) in feedback
                    else _(
                        "\u201c{answer}\u201d here is the right choice of the question at line "
                        "{quiz} (@question {question}): a student who remembers it is right "
                        "without understanding; ask about what this page does not print"
                    )
                    if isinstance(answer, str)
                    else _(
                        "{answer} here is the answer to the question at line {quiz} "
                        "(@question {question}): a student who remembers it is right without "
                        "understanding; ask about another instance, or leave the number out of "
                        "this page"
                    )
                )
                message = template.format(
                    answer=answer,
                    where="; ".join(feedback.get((line, answer), ())),
                    quiz=question.line,
                    question=f"{question.kind} {instance}".strip(),
                )
                found.append(LessonError(lesson.source, line, message, warning=True))
    return found


def placed_before(lesson: Lesson, question: Question, stage: Stage) -> list[LessonError]:
    """A warning at each ``place`` question before an ``orbit`` or ``solutions`` one on its size:
    a solution placed, the place board prints its orbit's size and the board's solutions."""
    if question.kind not in ("orbit", "solutions"):
        return []
    asked = drawable(question, lesson, stage.queens_n) if question.kind in VARIED else []
    sizes = {str(p["b"].count(",") + 1) if "b" in p else p.get("n", str(stage.queens_n))
             for p in asked or [question.params]}  # fmt: skip
    message = _(
        "once a solution is placed here, the place board prints the size of its orbit and how "
        "many solutions its board has, the answer to the question at line {quiz} (@question "
        "{kind}): ask that question first, or have the student place on another size"
    ).format(quiz=question.line, kind=question.kind)
    return [LessonError(lesson.source, placed.line, message, warning=True)
            for page in lesson.pages for placed in page.questions
            if (placed.kind, placed.params.get("goal")) == ("place", "solution")
            and placed.line < question.line and placed.params.get("n") in sizes]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Met:
    """A question of a quiz page as one student met it: its line and kind, as posed for her,
    the queens placed for good where it was asked (None: no board) and once its answer is
    played (None: it places none)."""

    line: int
    kind: str
    posed: Posed
    queens: tuple[tuple[int, int], ...] | None = None
    landed: tuple[tuple[int, int], ...] | None = None


def told_on_page(
    met: Sequence[Met], listed: Iterable[tuple[int, ...]] = ()
) -> list[tuple[int, int | None]]:
    """Where a question of a quiz page, met in order by one student, was answered before it was
    asked: (its line, the line of the earlier question whose feedback gave it, or None for a list
    of solutions in ``listed``, each as b[])."""
    solutions = [{(column, row) for column, row in enumerate(b)} for b in listed]
    found: list[tuple[int, int | None]] = []
    for index, later in enumerate(met):
        answer = later.posed.expected
        for earlier in met[:index]:
            count = (
                later.kind not in PLACE_KINDS | LIVE
                and answer.isdecimal()
                and int(answer) >= SMALLEST
                and int(answer) in {value for value, _where in feedback_numbers(earlier.posed)}
            )
            visit = later.queens is not None and later.queens == earlier.queens
            if count or (visit and answer in earlier.posed.wrong):
                found.append((later.line, earlier.line))
        landed, queens = later.landed, later.queens or ()
        grows = landed is not None and len(landed) > len(queens)
        if grows and any(set(landed or ()) <= solution for solution in solutions):
            found.append((later.line, None))
    return found
