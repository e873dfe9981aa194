"""Each question of a lesson with the answer the tutor computes, as a student meets them, and
what ``lessons check`` finds in a lesson file, its quiz met as students meet it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from lessons.checking.given_away import TOLD, Met, told_on_page
from lessons.checking.validate import check_file
from lessons.i18n import _
from lessons.model import Lesson, LessonError
from lessons.parsing.parser import parse_file
from lessons.quiz.kinds import VARIED
from lessons.runner.run import LessonRun


def asked_in(run: LessonRun) -> Iterator[LessonRun]:
    """``run`` at each question of its lesson in order, as it waits; each is then shown
    (revealed) and the run goes on to the next."""
    while not run.finished:
        if run.asked is not None:
            yield run
            run.reveal()
        elif run.answered or not run.page_done:
            run.go_on()
        else:
            run.next_page()


def answers(lesson: Lesson) -> Iterator[str]:
    """``FILE:LINE: @question KIND: PROMPT -> ANSWER`` (a quiz's draw: one student's)."""
    for run in asked_in(LessonRun(lesson)):
        asked = run.asked
        assert asked is not None
        prompt = (asked.posed.plain_prompt or asked.posed.prompt).splitlines()[0]
        drawn = _("(one student's draw: {instance})") if asked.instance else "{instance}"
        yield (
            f"{lesson.source}:{asked.question.line}: @question {asked.question.kind}: "
            + (
                f"{prompt} -> {asked.posed.answer_text} {drawn.format(instance=asked.instance)}"
            ).rstrip()
        )


STUDENTS = 6
"""How many students' draws (seeds 1 to this) :func:`told_in_quiz` meets a quiz as."""


def told_in_quiz(lesson: Lesson) -> list[LessonError]:
    """A warning at each question of a quiz drawn per student whose feedback (its right answer
    among it) tells some student the answer of a later question on the page
    (:func:`~lessons.checking.given_away.told_on_page`, over :data:`STUDENTS` draws): what
    ``given_away`` cannot know before the draw."""
    quiz = next((index for index, page in enumerate(lesson.pages) if page.scored), None)
    told: dict[tuple[int, int], Met] = {}
    for seed in range(1, STUDENTS + 1) if quiz is not None else ():
        run = LessonRun(lesson, page=quiz)
        run.record.seed = seed
        met = {
            each.asked.question.line: Met(
                each.asked.question.line, each.asked.question.kind, each.asked.posed
            )
            for each in asked_in(run)
            if each.asked is not None and each.asked.scored
        }
        for later, earlier in told_on_page(list(met.values())):
            if earlier is not None and met[earlier].kind in VARIED:
                told.setdefault((earlier, later), met[later])
    return [
        LessonError(
            lesson.source,
            earlier,
            _(TOLD).format(answer=asked.posed.answer_text, quiz=later, question=asked.kind),
            warning=True,
        )
        for (earlier, later), asked in told.items()
    ]


def problems_in(path: Path) -> list[LessonError]:
    """Every error and warning ``lessons check`` finds in a lesson file: its checks', and, where
    it has no error, its quiz as students meet it (:func:`told_in_quiz`)."""
    found = check_file(path, warnings=True)
    lesson = parse_file(path).lesson
    if lesson is not None and all(error.warning for error in found):
        found += told_in_quiz(lesson)
    return found
