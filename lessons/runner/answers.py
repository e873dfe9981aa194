"""Each question of a lesson with the answer the tutor computes, as a student meets them."""

from __future__ import annotations

from collections.abc import Iterator

from lessons.i18n import _
from lessons.model import Lesson
from lessons.runner.run import LessonRun


def answers(lesson: Lesson) -> Iterator[str]:
    """``FILE:LINE: @question KIND: PROMPT -> ANSWER`` (a quiz's draw: one student's)."""
    run = LessonRun(lesson)
    while (asked := run.asked) is not None or run.answered or run.next_page():
        if asked is None:
            run.go_on()
            continue
        prompt = (asked.posed.plain_prompt or asked.posed.prompt).splitlines()[0]
        drawn = _("(one student's draw: {instance})") if asked.instance else "{instance}"
        yield (
            f"{lesson.source}:{asked.question.line}: @question {asked.question.kind}: "
            + (
                f"{prompt} -> {asked.posed.answer_text} {drawn.format(instance=asked.instance)}"
            ).rstrip()
        )
        run.reveal()
