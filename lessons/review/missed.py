"""The questions a student missed in the lessons, read from their lesson records: more than one
attempt, a hint or the answer shown (``answers``), a wrong attempt or a hint on a question still
open (``open``), in this run or an earlier one (``earlier``); outcomes kept aside (``retired``)
are not reviewed."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from lessons.model import Lesson, Question
from lessons.progress.records import LessonRecord, was_missed
from lessons.quiz.kinds import reviewed_as


@dataclass(frozen=True, slots=True)
class Asked:
    """A question of a lesson and how the student did on it."""

    lesson: Lesson
    key: str
    """``PAGE.QUESTION`` (from 0), as the records name it."""
    question: Question
    at: float
    """When its outcome was recorded (0 in files written before that was kept)."""
    missed: bool
    instance: str
    """The numbers the lesson drew for this student (a quiz question), or ""."""

    @property
    def kind(self) -> str:
        """The kind a review asks for this question (lessons/quiz/kinds.py: reviewed_as)."""
        return reviewed_as(self.question)


def question_at(lesson: Lesson, key: str) -> Question | None:
    """The question ``PAGE.QUESTION`` names in ``lesson`` (None: no such question now)."""
    page, dot, number = key.partition(".")
    if not dot or not page.isdecimal() or not number.isdecimal():
        return None
    index, which = int(page), int(number)
    if index >= len(lesson.pages):
        return None
    questions = lesson.pages[index].questions
    return questions[which] if which < len(questions) else None


def asked_questions(
    lessons: Iterable[Lesson], record_for: Callable[[Lesson], LessonRecord | None]
) -> list[Asked]:
    """Every question the student answered or started, in each lesson's order (``record_for``:
    a lesson's record laid out on its pages now, as the progress store gives it)."""
    found: list[Asked] = []
    for lesson in lessons:
        record = record_for(lesson)
        if record is None:
            continue
        outcomes = [(key, o, was_missed(o, True)) for key, o in record.answers.items()]
        waiting = record.open.items()
        outcomes += [
            (key, o, was_missed(o, False)) for key, o in waiting if key not in record.answers
        ]
        # an earlier run's misses, kept as such (a second miss of one question: key#2)
        outcomes += [(key.partition("#")[0], o, True) for key, o in record.earlier.items()]
        for key, outcome, missed in outcomes:
            question = question_at(lesson, key)
            if question is not None:
                found.append(Asked(lesson, key, question, outcome.at, missed, outcome.instance))
    return found
