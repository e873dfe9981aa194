"""``queens-tutor review``: the tutor opened on a review of the kinds of question the student
missed, or, with nothing due, when the next review is and which lesson to do next."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from lessons.i18n import N_, _
from solver.registry import DEFAULT_METHOD
from tui.options.args import (
    WrappedHelpFormatter,
    add_display_options,
    add_plain_option,
    add_today_option,
)
from tui.options.lesson_options import add_lesson_options

if TYPE_CHECKING:
    from lessons.model import Lesson
    from tui.lesson_context import LessonContext

EPILOG = N_(
    """\
The review asks again the kinds of question you missed in the lessons: a question that took
more than one attempt, a hint, or the answer shown. Each time it asks a new instance of the kind
(other numbers, another board, another tick), never the lesson's own question, in your
language, on the lesson screen with its board; questions answered on the place board or in guess
mode open there with o, as in a lesson. One review asks at most {most} questions: the kinds in
the lowest box first, then those waiting longest.

The kinds come back spaced over days, in Leitner boxes of {days} days: a kind missed in a
lesson is due the next day; answered right at the first attempt without a hint, it moves up a
box and comes back after a longer interval; missed again (a wrong attempt, a hint, the answer
shown), it goes back to the first box. Each outcome is saved in your progress file at once, with
the lessons' progress (queens-tutor progress --export carries it; queens-tutor report --students
shows it apart from the lesson scores).

With nothing due, the command says so, when your next review is and which lesson to do next,
and opens nothing. In the tutor, the lesson menu (l) has the review on its first line, with how
many questions are due. Keys: those of a lesson (enter checks and goes on, f2 a hint, f3 shows
the answer, o opens the place board or the guess board, escape back to the lessons). With
--plain, or with commands piped in, the plain tutor asks the review line by line; its command
review opens it from anywhere.
"""
)


def add_parser(sub: Any) -> str:
    from lessons.review import INTERVALS, MAX_QUESTIONS

    p = sub.add_parser(
        "review",
        help=_("practise the kinds of question you missed, spaced over days"),
        description=_(
            "Open the tutor on a review of the kinds of question you missed that are due today."
        ),
        epilog=_(EPILOG).format(
            most=MAX_QUESTIONS, days=", ".join(str(days) for days in INTERVALS)
        ),
        formatter_class=WrappedHelpFormatter,
    )
    add_plain_option(p)
    p.add_argument("--ascii", action="store_true", help=_("draw with ASCII only"))
    add_display_options(p, projector=False)
    add_lesson_options(p, sub=True)
    add_today_option(p)
    p.set_defaults(
        n=8,
        all=False,
        method=DEFAULT_METHOD,
        maze=None,
        guess=False,
        lesson=None,
        projector=False,
        review=True,
    )
    return "review"


OPENS_TUTOR = True
"""``review`` opens the tutor itself, after :func:`prepare`."""
PLAIN_TOO = True
"""The plain tutor opens for the review as it does for the tutor."""


def prepare(args: argparse.Namespace) -> int | None:
    """Load the lessons and the progress; with nothing due, say so and what to do next
    (status 0: the tutor does not open); else None: the tutor opens on the review."""
    from lessons.progress.folders import progress_path
    from lessons.review import words
    from lessons.review.plan import next_lesson
    from tui.lesson_context import LessonContext

    # no progress yet: nothing is due, and no data folder is made to say so
    context = LessonContext.from_args(args, create=progress_path().exists())
    if args.today is not None:
        context.try_on(args.today)
    for notice in context.notices:
        sys.stderr.write("queens-tutor review: " + notice + "\n")
    context.notices = []
    plan = context.review_plan()
    if plan.count and context.review(plan) is not None:
        args.lesson_context = context
        if context.tried is not None:
            tried = _(
                "A try as on {day}: nothing is saved, neither the review nor a lesson opened "
                "from it."
            )
            print(_wrapped(tried.format(day=words.shown_day(context.tried))), flush=True)
        return None
    lessons = context.catalog.lessons
    first = context.assigned()
    status, *rest = words.nothing_due_parts(plan, lessons, context.store, first)
    paragraphs = [_wrapped(status)]
    lesson = next_lesson(lessons, context.store, first)
    if lesson is not None and rest:
        told = _("Open lesson {number} with:").format(number=words.lesson_number(lesson, lessons))
        paragraphs.append(f"{_wrapped(rest.pop(0))}\n{_wrapped(told)}")
        paragraphs[-1] += "\n  " + _open_command(context, lesson, args)
    paragraphs += [_wrapped(sentence) for sentence in rest]
    print("\n\n".join(paragraphs))
    return 0


WIDTH = 80
"""The widest line ``review`` prints (a narrower terminal: its width)."""


def _wrapped(text: str) -> str:
    """``text`` wrapped to the terminal (80 at most); in Polish no line ends on a 1-letter word."""
    import re
    import shutil
    import textwrap

    from lessons.i18n import current

    if current() == "pl":
        text = re.sub(r"(?<!\S)([aiouwzAIOUWZ]) ", "\\1\u00a0", text)
    width = max(min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns), 40)
    return textwrap.fill(text, width, break_long_words=False, break_on_hyphens=False)


def _open_command(context: LessonContext, lesson: Lesson, args: argparse.Namespace) -> str:
    """The command that opens ``lesson`` with this review's lessons, by number (else id), in
    the front end and language the review was given."""
    import shlex

    from lessons.catalog import lesson_number

    words = ["queens-tutor", *(["--plain"] if getattr(args, "plain", False) else [])]
    words += ["--lang", args.lang] if getattr(args, "lang", None) else []
    for folder in context.catalog.dirs:
        words += ["--lessons-dir", str(folder)]
    if context.catalog.only_course:
        words.append("--only-course")
    number = lesson_number(lesson)
    words += ["--lesson", lesson.id if number is None else str(number)]
    return shlex.join(words)
