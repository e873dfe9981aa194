"""Each question of a lesson with the answer the tutor computes, as a student meets them; what
a quiz's feedback tells of its later answers, as students meet it."""

from __future__ import annotations

from collections.abc import Iterator

from lessons.checking.given_away import TOLD, Met, told_on_page, told_where
from lessons.i18n import _
from lessons.model import Lesson, LessonError
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
    among it) tells some student a later question's answer (``told_on_page`` over
    :data:`STUDENTS` draws): what ``given_away`` cannot know before the draw."""
    quiz = next((index for index, page in enumerate(lesson.pages) if page.scored), None)
    told: dict[tuple[int, int], tuple[Met, str]] = {}  # the later question, where it is told
    for seed in range(1, STUDENTS + 1) if quiz is not None else ():
        run = LessonRun(lesson, page=quiz)
        run.record.seed = seed
        asked = [each.asked for each in asked_in(run) if each.asked and each.asked.scored]
        met = {a.question.line: Met(a.question.line, a.question.kind, a.posed) for a in asked}
        for later, earlier in told_on_page(list(met.values())):
            if earlier is not None and met[earlier].kind in VARIED:
                where = told_where(met[earlier].posed, met[later].posed.expected)
                told.setdefault((earlier, later), (met[later], where))
    return [
        LessonError(
            lesson.source,
            earlier,
            _(TOLD).format(answer=m.posed.answer_text, where=where, quiz=later, question=m.kind),
            warning=True,
        )
        for (earlier, later), (m, where) in told.items()
    ]
