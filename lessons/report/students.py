"""Each student's outcome on each question (``queens-tutor report --students``): one row per
student and question she finished, left open, or reached without answering, each prompt whole,
as the student was asked it."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from lessons.i18n import _, ngettext
from lessons.progress.records import QuestionRecord
from lessons.progress.values import local_moment as moment
from lessons.quiz.kinds import LIVE
from lessons.report.prompts import asked_prompt, drawn_instances, live_prompts
from lessons.report.stats import (
    COUNTED_LATEST,
    COUNTED_LOST,
    COUNTED_PAST,
    counted_run,
    place_of,
    question_names,
    questions_at,
    whole_prompt,
)
from lessons.report.table import Column, Row, Section, Table, safe, with_zone
from lessons.shown_time import shown as local_minute_of

if TYPE_CHECKING:
    from lessons.course.grading import Grade
    from lessons.model import Lesson, Question
    from lessons.progress.export import Export

WIDTH = 80
"""The text's width: prompts wrap within it."""


@dataclass(frozen=True, slots=True)
class StudentAnswer:
    """How one student did on one question. ``at`` and ``answered_at`` are local ISO 8601
    ("" or () when unknown); ``earlier``: a miss of an earlier run; ``run``: ``counted`` or
    ``latest`` where a course counts an earlier run than the latest."""

    student: str
    source: str
    lesson: str
    page: int
    question: int
    page_title: str
    prompt: str
    finished: bool
    right: bool
    right_first: bool
    attempts: int
    hint: bool
    shown: bool
    at: str
    earlier: bool = False
    answers: tuple[str, ...] = ()
    run: str = ""
    answered_at: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


ANSWER_FIELDS = StudentAnswer.__slots__


def _row(
    student: str,
    source: str,
    lesson: str,
    place: tuple[int, int],
    name: tuple[str, str],
    outcome: QuestionRecord,
    finished: bool,
    earlier: bool = False,
    run: str = "",
) -> StudentAnswer:
    return StudentAnswer(
        student,
        source,
        lesson,
        page=place[0] + 1,
        question=place[1] + 1,
        page_title=name[0],
        prompt=name[1],
        finished=finished,
        right=finished and outcome.right,
        right_first=finished and outcome.right_first,
        attempts=outcome.attempts,
        hint=outcome.hint,
        shown=outcome.revealed,
        at=moment(outcome.at),
        earlier=earlier,
        answers=outcome.given,
        run=run,
        answered_at=tuple(moment(at) for at in outcome.given_at),
    )


def student_answers(
    exports: Sequence[tuple[str, Export]],
    lessons: Iterable[Lesson] = (),
    earned: Mapping[tuple[str, str], float] | None = None,
) -> list[StudentAnswer]:
    """Every student's outcome on every question they reached, by lesson (those loaded here
    first), page, question, then student. ``earned``: with a course, when each record's points
    that count were earned; an earlier run that counts is listed too, when the record keeps it."""
    known: Mapping[str, Lesson] = {lesson.id: lesson for lesson in lessons}
    order = {key: index for index, key in enumerate(known)}
    rows = []
    for source, export in exports:
        student = export.student or source
        for lesson, record in export.records.items():
            here = known.get(lesson)
            names = question_names(here, list(record.page_keys), whole_prompt)
            questions = questions_at(here, list(record.page_keys)) if here is not None else {}
            seen: set[tuple[int, int]] = set()
            when = (earned or {}).get((source, lesson))
            past = counted_run(record, when)[1] if when else None
            latest = "latest" if past is not None else ""
            tables = [(record.answers, True, False, latest), (record.open, False, False, latest)]
            tables.append((record.earlier, True, True, ""))
            counted_tables = [past.answers] if past is not None else []
            live = _live_asked(
                here, questions, (record.answers, record.open, record.earlier, *counted_tables)
            )
            if past is not None:
                tables.append((past.answers, True, False, "counted"))
            for table, finished, earlier, run in tables:
                for key, outcome in table.items():
                    place = place_of(key)
                    if place is None or (not finished and key in record.answers):
                        continue
                    if (
                        past is not None
                        and earlier
                        and not run
                        and (held := past.answers.get(key)) is not None
                        and held.at == outcome.at
                    ):
                        continue  # a miss of the run that counts: listed with that run
                    if not earlier:
                        seen.add(place)
                    found = questions.get(place)
                    name = _as_asked(names.get(place, ("", "")), found, outcome.instance, live)
                    done = finished
                    if earlier:  # finished (right or shown) or left open, in that run
                        done = outcome.right or outcome.revealed
                    if found is not None and outcome.given:
                        outcome = replace(outcome, given=choice_words(found[1], outcome.given))
                    rows.append(
                        _row(student, source, lesson, place, name, outcome, done, earlier, run)
                    )
            reached = [  # on a page up to where the student is now, never answered
                place
                for place in sorted(names)
                if place not in seen and (record.run_finished or place[0] <= record.page)
            ]
            drawn: dict[tuple[int, int], str] = {}
            if reached and here is not None:  # as drawn for this student
                drawn = drawn_instances(here, record.seed, record.attempt, record.asked_before)
                boards = [questions[p] for p in reached if p in questions]
                live = live_prompts(
                    here, [(new, drawn.get(new, "")) for new, q in boards if q.kind in LIVE]
                )
            for place in reached:
                untouched = QuestionRecord(right=False, attempts=0)
                found = questions.get(place)
                instance = drawn.get(found[0], "") if found is not None else ""
                name = _as_asked(names[place], found, instance, live)
                rows.append(_row(student, source, lesson, place, name, untouched, False))

    def rank(row: StudentAnswer) -> tuple[int, str, int, int, str, str, bool]:
        lesson = order.get(row.lesson, len(order))
        place = (row.page, row.question, row.student.casefold(), row.source)
        # an earlier run first, the run that counts before the latest run
        return (lesson, row.lesson, *place, not row.earlier and row.run != "counted")

    return sorted(rows, key=rank)


def _as_asked(
    name: tuple[str, str],
    found: tuple[tuple[int, int], Question] | None,
    instance: str,
    live: Mapping[tuple[tuple[int, int], str], str],
) -> tuple[str, str]:
    """A question's (page title, prompt), the prompt as drawn for the student when it was
    (``instance``; about the live board, from ``live``)."""
    if found is None:
        return name
    if found[1].kind in LIVE:
        asked = live.get((found[0], instance))
    else:
        asked = asked_prompt(found[1], instance)
    return name if asked is None else (name[0], asked)


def choice_words(question: Question, given: Sequence[str]) -> tuple[str, ...]:
    """The answers ``given`` to a choice ``question``, a bare choice number named by its words
    (:func:`numbers_named`); else as recorded."""
    if question.kind != "choice":
        return tuple(given)
    return numbers_named(given, [choice.text for choice in question.choices])


def numbers_named(given: Sequence[str], choices: Sequence[str]) -> tuple[str, ...]:
    """``given`` with each answer that is a bare choice number (``2``) named by that choice's
    words (``2. same row``) from ``choices``; the others as recorded."""
    named = []
    for each in given:
        number = each.strip().rstrip(".")
        if number.isdecimal() and 1 <= int(number) <= len(choices):
            named.append(f"{int(number)}. {choices[int(number) - 1]}")
        else:
            named.append(each)
    return tuple(named)


def _live_asked(
    lesson: Lesson | None,
    questions: Mapping[tuple[int, int], tuple[tuple[int, int], Question]],
    tables: Iterable[Mapping[str, QuestionRecord]],
) -> dict[tuple[tuple[int, int], str], str]:
    """The prompts of the record's questions about the live board, each at the tick the
    student was asked it, by (place here, instance)."""
    if lesson is None:
        return {}
    wanted = []
    for table in tables:
        for key, outcome in table.items():
            place = place_of(key)
            found = questions.get(place) if place is not None else None
            if found is not None and found[1].kind in LIVE and outcome.instance:
                wanted.append((found[0], outcome.instance))
    return live_prompts(lesson, wanted)


def answers_given(answers: Sequence[str], times: Sequence[str] = (), day: str = "") -> str:
    """What the student answered, in words ("" when nothing was kept), each with the local
    minute it was given when ``times`` are known (the time alone on ``day``, ``YYYY-MM-DD``)."""
    if not answers:
        return ""
    said = [_("“{answer}”").format(answer=each) for each in answers]  # «…» in Italian
    if len(times) == len(answers):
        minutes = [local_minute_of(at) for at in times]
        minutes = [at[11:] if day and at.startswith(f"{day} ") else at for at in minutes]
        said = [f"{each} ({at})" for each, at in zip(said, minutes, strict=True)]
    return _("Answered: {answers}.").format(answers=", ".join(said))


def outcome(row: StudentAnswer) -> str:
    """What happened to the student on the question, in words."""
    if row.right_first:
        said = _("right at the first attempt")
    elif row.right:
        said = ngettext(
            "right after {count} attempt", "right after {count} attempts", row.attempts
        ).format(count=row.attempts)
    elif row.shown and row.attempts == 0:
        said = _("answer shown without an attempt")
    elif row.shown:
        said = ngettext(
            "answer shown after {count} attempt",
            "answer shown after {count} attempts",
            row.attempts,
        ).format(count=row.attempts)
    elif row.attempts == 0 and not row.hint:
        said = _("reached, not answered")
    else:
        said = ngettext(
            "not finished: {count} wrong attempt",
            "not finished: {count} wrong attempts",
            row.attempts,
        ).format(count=row.attempts)
    said = _("{outcome}, with a hint").format(outcome=said) if row.hint else said
    if row.run == "counted":
        return _("run that counts: {outcome}").format(outcome=said)
    if row.run == "latest":
        return _("latest run: {outcome}").format(outcome=said)
    return _("earlier run: {outcome}").format(outcome=said) if row.earlier else said


def counted_line(student: str, grade: Grade, said: str, which: str = "") -> str:
    """Which run of a lesson counts for a student, and when it was earned (``said``: the
    grade in words; ``which``: :func:`which_run`'s)."""
    if grade.handed_in is None:
        return _("{student} counts {grade}").format(student=safe(student), grade=said)
    values = {"student": safe(student), "grade": said, "time": with_zone(grade.handed_in)}
    if which == COUNTED_LATEST:
        return _("{student} counts {grade}, earned {time}, by the latest run").format(**values)
    if which == COUNTED_PAST:
        return _(
            "{student} counts {grade}, earned {time}, by an earlier run: its answers are "
            "marked “run that counts”, the latest run's “latest run”"
        ).format(**values)
    if which == COUNTED_LOST:
        return _(
            "{student} counts {grade}, earned {time}, by an earlier run whose answers her "
            "file does not keep (made before they were kept): the answers below are the "
            "latest run's, with the earlier runs' misses"
        ).format(**values)
    return _("{student} counts {grade}, earned {time}").format(**values)


def which_run(export: Export | None, lesson: str, grade: Grade) -> str:
    """Which run of ``lesson`` counts for the student of ``export``; "" when the lesson was
    run once or nothing counts."""
    record = export.records.get(lesson) if export is not None else None
    if record is None or grade.earned_at is None:
        return ""
    if len(record.completions) < 2 and not record.again and not record.past_runs:
        return ""
    return counted_run(record, grade.earned_at.timestamp())[0]


def wrapped(text: str, indent: str, then: str | None = None) -> list[str]:
    """``text`` whole (control characters visible), each of its lines wrapped at
    :data:`WIDTH` after ``indent`` (its first line) and ``then`` (the others)."""
    lines: list[str] = []
    for part in text.split("\n"):
        lines += textwrap.wrap(
            safe(part),
            WIDTH,
            initial_indent=indent if not lines or then is None else then,
            subsequent_indent=indent if then is None else then,
            break_long_words=True,
            break_on_hyphens=False,
        )
    return lines


ANSWER_SHEET = tuple(name for name in ANSWER_FIELDS if name not in ("student", "source", "lesson"))


def answer_table(
    rows: Sequence[StudentAnswer],
    titles: Mapping[str, str],
    logins: Mapping[str, str],
    counts: Mapping[str, Sequence[str]] | None = None,
    more: Sequence[str] = (),
) -> Table:
    """Per lesson and question, each student's outcome and when, her own prompt when it was
    drawn for her, and what she answered; ``counts``: each lesson's lines of what counts of it;
    ``more``: the csv's fields after the answers' own."""
    fields = ("student", "login", "source", "lesson", "title", *ANSWER_SHEET, *more)
    keys = ("student", "login", *ANSWER_FIELDS[1:], "title")
    prompts: dict[tuple[str, int, int], set[str]] = {}
    for row in rows:
        prompts.setdefault((row.lesson, row.page, row.question), set()).add(row.prompt)
    body = Section(() if rows else ("", _("No student has answered a question yet.")))
    lesson, question = Section(), Section()
    for at, row in enumerate(rows):
        place = (row.lesson, row.page, row.question)
        own = len(prompts[place]) > 1  # drawn per student: each was asked her own
        if not at or row.lesson != rows[at - 1].lesson:
            title = titles.get(row.lesson, row.lesson)
            heading = _("Answers in {title} ({lesson})").format(title=title, lesson=row.lesson)
            lines = ["  " + line for line in (counts or {}).get(row.lesson, ())]
            lesson = Section(("", heading, *lines))
            body.parts.append(lesson)
        if not at or place != (rows[at - 1].lesson, rows[at - 1].page, rows[at - 1].question):
            parts = (row.page_title,) if own else (row.page_title, row.prompt)
            named = ": ".join(part for part in parts if part)
            number = f"  {row.page}.{row.question}  "
            question = Section(wrapped(named, number, " " * len(number)) or [number.rstrip()])
            lesson.parts.append(question)
        values = {
            **row.to_json(),
            "login": logins.get(row.source, ""),
            "title": titles.get(row.lesson, row.lesson),
        }
        notes = [line[4:] for line in wrapped(row.prompt, " " * 6)] if own else []
        when = row.at[:16].replace("T", " ") or "-"
        if row.answers and not row.right_first:  # what she answered, and when
            said = answers_given(row.answers, row.answered_at, when[:10])
            notes += [line[4:] for line in wrapped(said, " " * 6)]
        question.rows.append(Row(values, (row.student, when, outcome(row)), notes))
    columns = (Column(""), Column("", least=16), Column(""))
    csv = {"answers": " | ".join, "answered_at": " | ".join}
    return Table("answers", fields, columns, body, keys, csv, header=None, indent=4)
