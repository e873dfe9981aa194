"""What the review tells the student, in whole translated sentences: what is due, why a kind
comes back, that there is nothing to review and what to do next, and how the review went.
Shared by the lesson menu, the review's pages, the plain tutor and ``queens-tutor review``."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from lessons.i18n import _, ngettext
from lessons.model import Lesson
from lessons.progress.records import was_missed
from lessons.quiz.kinds import KINDS, REVIEWED
from lessons.review import INTERVALS
from lessons.review.boxes import day, review_day
from lessons.review.plan import ReviewItem, ReviewPlan, next_lesson

if TYPE_CHECKING:
    from lessons.progress.reviews import ReviewOutcome, Stretch
    from lessons.progress.store import ProgressStore
    from lessons.review.missed import Asked


def kind_title(kind: str) -> str:
    """A kind's name for the student (a kind the review does not ask: as the lesson names
    it)."""
    found = KINDS.get(kind)
    return _(found.drawer.title) if found is not None and found.drawer.title else kind


def page_title(kind: str) -> str:
    return _("Review: {kind}").format(kind=kind_title(kind))


def shown_day(when: date) -> str:
    """A day as the review names it, in the language's own way of writing a date (English
    keeps ISO 8601)."""
    # Translators: a day in the review's sentences; {year}, {month} and {day} are numbers.
    shape = _("{year:04d}-{month:02d}-{day:02d}")
    return shape.format(year=when.year, month=when.month, day=when.day)


_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")
"""ASCII punctuation, which Markdown may read as a mark."""


def literal(text: str) -> str:
    """``text`` as Markdown that shows it as written (a lesson's title on a review's page: its
    ``*`` or ``[`` are no marks)."""
    return _PUNCTUATION.sub(r"\\\1", text)


def lesson_number(lesson: Lesson, lessons: Sequence[Lesson]) -> int:
    """The number ``lessons list`` gives the lesson and ``--lesson N`` opens (the number its
    file name starts with); a lesson whose file name has none: its place in ``lessons``."""
    from lessons.catalog import lesson_number as numbered

    found = numbered(lesson)
    if found is not None:
        return found
    ids = [each.id for each in lessons]
    return ids.index(lesson.id) + 1 if lesson.id in ids else 0


def missed_elsewhere(lessons: Sequence[Lesson], store: ProgressStore) -> list[str]:
    """The ids of the lessons not loaded now in which the student missed a question (their
    misses cannot be reviewed without them), in id order."""
    loaded = {lesson.id for lesson in lessons}
    found = []
    for lesson_id, record in sorted(store.records.items()):
        if lesson_id in loaded:
            continue
        finished = [*record.answers.values(), *record.earlier.values()]
        if (
            record.earlier
            or any(was_missed(outcome, True) for outcome in finished)
            or any(was_missed(outcome, False) for outcome in record.open.values())
        ):
            found.append(lesson_id)
    return found


def why_again(item: ReviewItem, lessons: Sequence[Lesson], now: float) -> str:
    """The first line of a review's page: why this kind comes back today."""
    standing = item.standing
    since = shown_day(day(standing.since))
    days = max(1, (day(now) - day(standing.since)).days)  # as many as passed, not the box's
    if standing.missed_in_lesson:
        text = _(
            "In lesson {number}, {title}, you missed a question of this kind on {day}. "
            "Here is a new one."
        ).format(
            number=lesson_number(item.lesson, lessons),
            title=literal(item.lesson.title),
            day=since,
        )
    elif standing.box == 1:
        text = ngettext(
            "You missed this kind of question in the review of {day}; {count} day later, "
            "here is a new one.",
            "You missed this kind of question in the review of {day}; {count} days later, "
            "here is a new one.",
            days,
        ).format(day=since, count=days)
    else:
        text = ngettext(
            "You answered this kind of question right in the review of {day}; {count} day "
            "later, here is a new one.",
            "You answered this kind of question right in the review of {day}; {count} days "
            "later, here is a new one.",
            days,
        ).format(day=since, count=days)
    box = ngettext(
        "Right, this kind comes back in {days} day; missed, tomorrow.",
        "Right, this kind comes back in {days} days; missed, tomorrow.",
        INTERVALS[min(standing.box, len(INTERVALS) - 1)],
    ).format(days=INTERVALS[min(standing.box, len(INTERVALS) - 1)])
    if standing.due_day < day(now):  # late: said
        late = _("It was due on {day}.").format(day=shown_day(standing.due_day))
        return f"{text} {late} {box}"
    return f"{text} {box}"


def overdue(plan: ReviewPlan) -> tuple[int, date | None]:
    """How many of the kinds due now were due before today, and the earliest day one was."""
    late = [s.due_day for s in plan.due if s.due_day < day(plan.now)]
    return len(late), min(late, default=None)


def due_label(plan: ReviewPlan) -> str:
    """The lesson menu's first line: how many questions a review asks now (and how many are
    due when that is more than a review asks)."""
    if len(plan.due) > plan.count:
        return ngettext(
            "Review: {due} question due; a review asks {count}",
            "Review: {due} questions due; a review asks {count}",
            len(plan.due),
        ).format(due=len(plan.due), count=plan.count)
    if plan.count:
        return ngettext(
            "Review: {count} question due", "Review: {count} questions due", plan.count
        ).format(count=plan.count)
    if plan.next_day is not None:
        return _("Review: nothing due; the next on {day}").format(day=shown_day(plan.next_day))
    return _("Review: nothing due")


def tried_label(plan: ReviewPlan, tried: date) -> str:
    """:func:`due_label` on a day tried (``--today``): the day named in the same sentence."""
    when = shown_day(tried)
    if len(plan.due) > plan.count:
        return ngettext(
            "As on {day} – review: {due} question due; a review asks {count}",
            "As on {day} – review: {due} questions due; a review asks {count}",
            len(plan.due),
        ).format(day=when, due=len(plan.due), count=plan.count)
    if plan.count:
        return ngettext(
            "As on {day} – review: {count} question due",
            "As on {day} – review: {count} questions due",
            plan.count,
        ).format(day=when, count=plan.count)
    if plan.next_day is not None:
        return _("As on {day} – review: nothing due; the next on {next}").format(
            day=when, next=shown_day(plan.next_day)
        )
    return _("As on {day} – review: nothing due").format(day=when)


def due_detail(plan: ReviewPlan) -> str:
    """What is due, by kind, for the menu's detail line."""
    kinds = ", ".join(kind_title(standing.kind) for standing in plan.due[: plan.count])
    return _("The kinds of question you missed, each asked anew: {kinds}.").format(kinds=kinds)


def what_next(lessons: Sequence[Lesson], store: ProgressStore, first: Sequence[Lesson] = ()) -> str:
    """What to do next in the lessons: the lesson left unfinished, the first not done yet, or that
    every lesson is done."""
    lesson = next_lesson(lessons, store, first)
    if lesson is None:
        return _("You have done every lesson.")
    record = store.record_for(lesson)
    number = lesson_number(lesson, lessons)
    if record is not None and not record.completed and store.in_progress(lessons) is lesson:
        return _("Go on with lesson {number}, {title}, at page {page}.").format(
            number=number, title=lesson.title, page=record.page + 1
        )
    return _("The next lesson to do is {number}, {title}.").format(
        number=number, title=lesson.title
    )


def nothing_due(
    plan: ReviewPlan,
    lessons: Sequence[Lesson],
    store: ProgressStore,
    first: Sequence[Lesson] = (),
) -> str:
    """Nothing to review, and what to do next (``first``: see :func:`next_lesson`), in one
    paragraph (a menu's detail line, the plain tutor's line)."""
    said, following, *_sentences = nothing_due_parts(plan, lessons, store, first)
    return " ".join(part for part in (said, following, left_out_briefly(plan, lessons)) if part)


def nothing_due_parts(
    plan: ReviewPlan,
    lessons: Sequence[Lesson],
    store: ProgressStore,
    first: Sequence[Lesson] = (),
) -> list[str]:
    """:func:`nothing_due`'s sentences apart: nothing is due, what to do next, then one per lesson
    of what the review cannot ask."""
    if plan.next_day is not None:
        said = _("Nothing to review today: your next review is on {day}.").format(
            day=shown_day(plan.next_day)
        )
    elif plan.standings:
        said = _("Nothing to review today.")
    elif elsewhere := missed_elsewhere(lessons, store):
        said = _(
            "Nothing to review in the lessons loaded now: the questions you missed are in "
            "lessons not loaded now ({lessons}); start the review with --lessons-dir and the "
            "folder of those lessons."
        ).format(lessons=", ".join(elsewhere))
    else:
        said = _("Nothing to review: you have missed no question the review can ask again yet.")
    # what to do next before what the review cannot ask: never the part a short pane cuts
    return [said, what_next(lessons, store, first), *left_out(plan, lessons)]


def left_out(plan: ReviewPlan, lessons: Sequence[Lesson] = ()) -> list[str]:
    """The questions missed that the review cannot ask again and not answered right since, one
    sentence per lesson: where they are and to re-read those pages."""
    return [sentence for sentence, _place in _left_out(plan, lessons)]


def left_out_briefly(plan: ReviewPlan, lessons: Sequence[Lesson] = ()) -> str:
    """:func:`left_out` in one sentence, without the lessons' titles ("lesson 1, pages 2, 6; lesson
    2, page 11")."""
    found = _left_out(plan, lessons)
    if len(found) == 1:
        return found[0][0]
    if not found:
        return ""
    return _(
        "The review cannot ask again what you missed on these pages; re-read them: {places}."
    ).format(places="; ".join(place for _sentence, place in found))


def _left_out(plan: ReviewPlan, lessons: Sequence[Lesson] = ()) -> list[tuple[str, str]]:
    """Each lesson's sentence of :func:`left_out`, and its place in a list of several
    ("lesson 1, pages 2, 6")."""
    latest: dict[tuple[str, str], Asked] = {}
    for asked in plan.asked:
        place = (asked.lesson.id, asked.key)
        held = latest.get(place)
        if held is None or (asked.at, not asked.missed) >= (held.at, not held.missed):
            latest[place] = asked
    missed: dict[str, Lesson] = {}
    pages: dict[str, set[int]] = {}
    practice: set[tuple[str, int]] = set()
    for asked in latest.values():
        if asked.missed and asked.kind not in REVIEWED:
            missed[asked.lesson.id] = asked.lesson
            page = asked.key.partition(".")[0]
            if page.isdecimal() and len(page) < 6:
                pages.setdefault(asked.lesson.id, set()).add(int(page) + 1)
                index = int(page)
                if index < len(asked.lesson.pages) and not asked.lesson.pages[index].scored:
                    practice.add((asked.lesson.id, index + 1))
    found: list[tuple[str, str]] = []
    every = list(lessons) or list(missed.values())
    for lesson_id, lesson in missed.items():
        numbers = sorted(pages.get(lesson_id, ()))
        if not numbers:
            continue
        number = lesson_number(lesson, every)
        # a practice question is not scored, but worth re-reading: named as practice
        listed = ", ".join(
            _("{page} (practice)").format(page=page) if (lesson_id, page) in practice else str(page)
            for page in numbers
        )
        sentence = ngettext(
            "The review cannot ask again what you missed in lesson {number}, {title}, on "
            "page {pages}: re-read that page.",
            "The review cannot ask again what you missed in lesson {number}, {title}, on "
            "pages {pages}: re-read those pages.",
            len(numbers),
        ).format(number=number, title=lesson.title, pages=listed)
        where = ngettext(
            "lesson {number}, page {pages}", "lesson {number}, pages {pages}", len(numbers)
        ).format(number=number, pages=listed)
        found.append((sentence, where))
    return found


def score(count: int, right: int) -> str:
    """How a review of ``count`` questions is going: ``right`` right at the first attempt."""
    return ngettext(
        "Review of {count} question: {right} right at the first attempt so far",
        "Review of {count} questions: {right} right at the first attempt so far",
        count,
    ).format(count=count, right=right)


def stretch_score(stretch: Stretch) -> str:
    """How a guess stretch's deciding visit went: its score against the goal, or where the
    board was left."""
    if stretch.left:
        return ngettext(
            "the board left after {played} of {ticks} tick",
            "the board left after {played} of {ticks} ticks",
            stretch.ticks,
        ).format(played=stretch.played, ticks=stretch.ticks)
    return ngettext(
        "{right} of {asked} square right, needed {goal}",
        "{right} of {asked} squares right, needed {goal}",
        stretch.asked,
    ).format(right=stretch.right, asked=stretch.asked, goal=stretch.goal)


def likeliest_cause(attempts: int, hint: bool, shown: bool) -> str:
    """What missed a question when the file did not keep it (written before it was): a
    wrong answer when one was made and nothing else, else the hint, else the answer shown."""
    if attempts and not (hint or shown):
        return "wrong"
    if hint:
        return "hint"
    return "shown" if shown else "wrong"


def how_missed(cause: str, stretch: Stretch | None = None) -> str:
    """What missed a review's question, in words (``cause``:
    :data:`lessons.progress.reviews.CAUSES`)."""
    if stretch is not None and cause in ("", "wrong"):
        return stretch_score(stretch)
    if cause == "shown":
        return _("the answer shown")
    return _("a hint taken") if cause == "hint" else _("a wrong first answer")


def missed(outcomes: Sequence[ReviewOutcome]) -> str:
    """The questions of a review missed, each kind with what missed it ("" when none)."""
    parts = [
        _("{kind} ({how})").format(
            kind=kind_title(outcome.kind),
            how=how_missed(
                outcome.cause or likeliest_cause(outcome.attempts, outcome.hint, outcome.revealed),
                outcome.stretch,
            ),
        )
        for outcome in outcomes
        if not outcome.right
    ]
    return _("Missed: {questions}.").format(questions="; ".join(parts)) if parts else ""


def last_review(outcomes: Sequence[ReviewOutcome]) -> str:
    """The student's last review (the outcomes of the day it began): how many right at the first
    attempt and what missed the others; "" when none yet."""
    if not outcomes:
        return ""
    last = review_day(outcomes[-1])
    of_day = [outcome for outcome in outcomes if review_day(outcome) == last]
    right = sum(1 for outcome in of_day if outcome.right)
    said = ngettext(
        "Last review, {day}: {right} of {count} question right at the first attempt.",
        "Last review, {day}: {right} of {count} questions right at the first attempt.",
        len(of_day),
    ).format(day=shown_day(last), right=right, count=len(of_day))
    return " ".join(part for part in (said, missed(of_day)) if part)


def done(
    right: int,
    asked: int,
    plan: ReviewPlan,
    lessons: Sequence[Lesson] = (),
    outcomes: Sequence[ReviewOutcome] = (),
) -> str:
    """The end of a review: how it went, when the next one is, and what it cannot ask again."""
    said = ngettext(
        "Review done: {right} of {count} question right at the first attempt.",
        "Review done: {right} of {count} questions right at the first attempt.",
        asked,
    ).format(right=right, count=asked)
    said = " ".join(part for part in (said, missed(outcomes)) if part)
    if plan.count:
        later = ngettext(
            "{count} more question is due now.", "{count} more questions are due now.", plan.count
        ).format(count=plan.count)
    elif plan.next_day is not None:
        later = _("Your next review is on {day}.").format(day=shown_day(plan.next_day))
    else:
        later = ""
    return " ".join(part for part in (said, later, left_out_briefly(plan, lessons)) if part)
