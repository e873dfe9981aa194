"""Quiz answers printed before the quiz: ``lessons check`` warns where a quiz question's answer
(any instance a student may be drawn) already stands on an earlier page of its lesson, in the
text or in what a board showed there (an ``@expect`` the page checks): such a question tests
recall, not understanding.

A number answer of one digit is left out (a size, a row, a count of symmetries: such numbers are
on every page); a longer one is looked for as a number, written with any of the tutor's
thousands separators (``16,777,216``, ``16.777.216``, ``16 777 216``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from lessons.answers.checking import AnswerType
from lessons.i18n import _
from lessons.model import ExpectOp, Lesson, LessonError, Page, Question, Text
from lessons.quiz.instances import LIVE, VARIED, drawable
from lessons.quiz.pose import QuizError, pose
from lessons.stage import Stage

SMALLEST = 10
"""The smallest answer looked for: smaller numbers stand on every page."""
_NUMBER = re.compile(r"\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?![\d])|\d+")
"""A number as a page writes it: digits, or groups of three after a thousands separator."""


def numbers_in(text: str) -> Iterator[int]:
    """Every whole number written in ``text`` (a thousands separator inside it kept out)."""
    for match in _NUMBER.finditer(text):
        yield int(re.sub(r"\D", "", match.group()))


def _shown(page: Page) -> Iterator[tuple[int, int]]:
    """(line, number) of every number a page shows before its quiz: its text, and the values
    its board is checked to show (``@expect``)."""
    for block in page.blocks:
        if isinstance(block, Text):
            for offset, line in enumerate(block.markdown.splitlines()):
                for value in numbers_in(line):
                    yield block.line + offset, value
        elif isinstance(block, ExpectOp) and block.value.strip().lstrip("-").isdecimal():
            yield block.line, int(block.value)


def _answers(question: Question, lesson: Lesson, stage: Stage) -> Iterator[tuple[int, str]]:
    """The number answers of every instance a student may be asked in place of ``question``
    (the lesson's own when nothing is drawn), with the instance's parameters in words."""
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
        if posed.answer_type is AnswerType.NUMBER and posed.expected.isdecimal():
            words = " ".join(f"{k}={v}" for k, v in sorted(params.items()) if k != "pool")
            yield int(posed.expected), words


def given_away(
    lesson: Lesson, page_index: int, question: Question, stage: Stage
) -> list[LessonError]:
    """A warning at each earlier line of ``lesson`` that prints an answer of ``question`` (on
    the quiz page ``page_index``, posed on ``stage`` as the lesson has it there)."""
    earlier = [place for page in lesson.pages[:page_index] for place in _shown(page)]
    found: list[LessonError] = []
    seen: set[tuple[int, int]] = set()
    for answer, instance in _answers(question, lesson, stage):
        if answer < SMALLEST:
            continue
        for line, value in earlier:
            if value == answer and (line, answer) not in seen:
                seen.add((line, answer))
                message = _(
                    "{answer} here is the answer to the quiz question at line {quiz} (@question "
                    "{kind} {instance}): a student who remembers it is right without "
                    "understanding; ask about another instance, or leave the number out of "
                    "this page"
                ).format(answer=answer, quiz=question.line, kind=question.kind, instance=instance)
                found.append(LessonError(lesson.source, line, message, warning=True))
    return found
