"""Each question of a lesson with the answer the tutor computes, as a student meets them."""

from __future__ import annotations

from collections.abc import Iterator

from lessons.i18n import _
from lessons.model import Lesson
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
