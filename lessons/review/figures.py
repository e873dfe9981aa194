"""The figures the lessons print, read from their pages as the student sees them: a review's
count (a kind whose answer is a figure, :attr:`~lessons.quiz.drawers.base.Drawer.counted`)
asks none of them while the kind has another."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from contextlib import suppress

from lessons.model import Lesson, Question, Text
from lessons.quiz.drawers.base import Instance, plain_question, read_instance
from lessons.quiz.kinds import KINDS
from lessons.quiz.params import ParamError
from lessons.quiz.pose import QuizError, pose
from lessons.stage import Stage, StageError

PRINTED_DIGITS = 2
"""The fewest digits a printed figure has."""
_FIGURE = re.compile(r"\d{1,3}(?:[,.\u00a0\u202f]\d{3})+(?!\d)|\d+")
"""A figure in a lesson's text: 533,331, 533.331 or 533 331 (no-break spaces), or 171."""
_ANGLES = re.compile(
    r"\d+(?:\s*,\s*\d+)*(?:,?\s+(?:and|or|e|o|i|lub|albo)\s+\d+)?\s*"
    r"(?:°|degrees?\b|grad[oi]\b|stopni\w*)",
    re.IGNORECASE,
)
"""Angles, alone or listed ("by 90, 180 and 270 degrees", "di 90, 180 e 270 gradi", "o 90, 180
i 270 stopni"): no counts."""


def counted(kind: str) -> bool:
    """Whether ``kind``'s answer is a count computed from a board size."""
    found = KINDS.get(kind)
    return found is not None and found.drawer.counted


def right_figure(instance: Instance) -> str | None:
    """The figure ``instance``'s right answer is, digits only (a choice's: the right
    choice's); None when it cannot be posed on no board or is no figure."""
    try:
        posed = pose(instance.question, Stage().session)
    except (QuizError, StageError, ParamError):
        return None
    answer = posed.expected
    if posed.choices and answer.isdecimal() and int(answer) < len(posed.choices):
        answer = posed.choices[int(answer)]
    digits = "".join(char for char in answer if char.isdecimal())
    return digits or None


def figures_in(words: str) -> set[str]:
    """The figures of :data:`PRINTED_DIGITS` digits or more in ``words``, digits only (an
    angle in degrees is no figure)."""
    found: set[str] = set()
    for figure in _FIGURE.findall(_ANGLES.sub(" ", words)):
        digits = "".join(char for char in figure if char.isdecimal())
        if len(digits) >= PRINTED_DIGITS:
            found.add(digits)
    return found


_printed: dict[
    tuple[tuple[int, ...], frozenset[tuple[str, str]]], tuple[tuple[Lesson, ...], frozenset[str]]
] = {}
"""The figures each set of lessons prints, worked out once per process (by identity)."""


def printed_figures(
    lessons: Sequence[Lesson], unmet: frozenset[tuple[str, str]] = frozenset()
) -> frozenset[str]:
    """Every figure the pages of ``lessons`` print, digits only: their text and code, their
    questions' own words (prompt, hint, explanation, choices, the reasons a wrong answer is
    wrong), what a counted question says when the lesson asks it (its feedback, to every
    typical mistake too) and its right answer, whatever its digits. ``unmet``: the questions
    (lesson id, key) a quiz drew another instance of for this student: only their written
    words count."""
    lessons = tuple(lessons)
    key = (tuple(id(lesson) for lesson in lessons), unmet)
    known = _printed.get(key)
    if known is not None and all(a is b for a, b in zip(known[0], lessons, strict=True)):
        return known[1]
    found: set[str] = set()
    for lesson in lessons:
        for index, page in enumerate(lesson.pages):
            number = 0
            for block in page.blocks:
                met = True
                if isinstance(block, Question):
                    met = (lesson.id, f"{index}.{number}") not in unmet
                    number += 1
                for words in _printed_words(block, posed=met):
                    found.update(figures_in(words))
                if met and isinstance(block, Question) and counted(block.kind):
                    answer = right_figure(Instance(block, None, 0, ()))
                    if answer is not None:
                        found.add(answer)
    _printed[key] = (lessons, frozenset(found))
    return frozenset(found)


def _printed_words(block: object, posed: bool = True) -> list[str]:
    """What a page's block prints: a text's Markdown; a question's own words, and a counted
    question's words as posed (not ``posed``: its own instance was never asked)."""
    if isinstance(block, Text):
        return [block.markdown]
    if not isinstance(block, Question):
        return []
    words = [block.prompt, block.hint, block.explain]
    words += [text for choice in block.choices for text in (choice.text, choice.why)]
    words += [f"{typed} {reason}" for typed, reason in block.wrong]
    if posed and counted(block.kind):
        with suppress(QuizError, StageError, ParamError):
            asked = pose(block, Stage().session)
            words += [asked.prompt, asked.hint, asked.explanation, *asked.choices]
            words += [f"{typed} {why}" for typed, why in asked.wrong.items()]
    return words


def shown_figures(
    instances: Iterable[tuple[str, str]], lessons: Sequence[Lesson]
) -> frozenset[str]:
    """Every figure that the counted questions among ``instances`` (kind, text) showed: in
    their prompt, choices and explanation."""
    found: set[str] = set()
    for kind, text in instances:
        if not counted(kind):
            continue
        base = next(
            (
                q
                for each in lessons
                for page in each.pages
                for q in page.questions
                if q.kind == kind
            ),
            None,
        )
        if base is None:
            continue
        try:
            posed = pose(plain_question(base, read_instance(text)), Stage().session)
        except (QuizError, StageError, ParamError):
            continue
        for words in (posed.prompt, posed.explanation, *posed.choices):
            found.update(figures_in(words))
    return frozenset(found)
