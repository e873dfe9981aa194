"""How a class did on each question of each lesson version: how many finished it, right in the
end, right at the first attempt without a hint, with a hint, with the answer shown, left
unfinished, and the mean and median attempts. Each student counts once, with her run that counts
(with a course, as the gradebook counts it; else her latest, with an earlier run's miss where
the latest has not reached the question). Pages and questions count from 1.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lessons.i18n import _, pgettext
from lessons.model import Lesson, Question
from lessons.progress.records import LessonRecord, PastRun, QuestionRecord
from lessons.report.checks import version_of, version_of_pages
from lessons.report.table import Column, Row, Section, Table, safe

if TYPE_CHECKING:
    from lessons.progress.export import Export

EXCERPT = 48
"""The most characters of a prompt shown to name a question."""


@dataclass(frozen=True, slots=True)
class QuestionStats:
    """How the class did on one question of one version of a lesson."""

    lesson: str
    version: str
    mixed: bool
    page: int
    question: int
    page_title: str
    prompt: str
    answered: int
    right: int
    right_first: int
    hints: int
    shown: int
    unfinished: int
    attempts_mean: float | None
    attempts_median: float | None

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


STAT_FIELDS = QuestionStats.__slots__


@dataclass
class _Tally:
    keys: list[str]
    finished: dict[tuple[int, int], list[QuestionRecord]] = field(default_factory=dict)
    unfinished: dict[tuple[int, int], int] = field(default_factory=dict)

    def add(self, key: str, outcome: QuestionRecord | None) -> None:
        """Count the question ``key`` finished with ``outcome``, or unfinished (None)."""
        place = place_of(key)
        if place is not None and outcome is not None:
            self.finished.setdefault(place, []).append(outcome)
        elif place is not None:
            self.unfinished[place] = self.unfinished.get(place, 0) + 1


def excerpt(question: Question, asked: str = "") -> str:
    """A question's name: the start of its prompt's first line (``asked``: the prompt its kind
    wrote, when the lesson gives none), or its kind and parameters."""
    lines = [" ".join(line.split()) for line in (question.prompt or asked).splitlines()]
    text = next((line for line in lines if line), "")
    if not text:
        words = [question.kind, *(f"{key}={value}" for key, value in question.params.items())]
        return "(" + " ".join(words) + ")"
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1].rstrip() + "…"


def place_of(key: str) -> tuple[int, int] | None:
    page, dot, number = key.partition(".")
    if not dot or not (page + number).isascii() or not page.isdecimal():
        return None
    if not number.isdecimal() or len(page) > 6 or len(number) > 6:
        return None
    return int(page), int(number)


COUNTED_LATEST, COUNTED_PAST, COUNTED_LOST = "latest", "past", "lost"
"""Which run of a lesson counts: the latest, an earlier one whose answers the record keeps, an
earlier one whose answers it does not keep."""


def counted_run(record: LessonRecord, earned: float) -> tuple[str, PastRun | None]:
    """Which run of ``record`` a course counts, its points earned at ``earned`` (the gradebook's
    ``earned_at``), and that run's answers when it is an earlier one the record keeps."""
    current = record.completions[-1].at if record.run_finished and record.completions else None
    for run in record.past_runs:
        if abs(run.at - earned) < 1e-3 and (current is None or abs(current - earned) >= 1e-3):
            return COUNTED_PAST, run
    ended = [done.at for done in record.completions if abs(done.at - earned) < 1e-3]
    if ended and (current is None or abs(current - earned) >= 1e-3):
        return COUNTED_LOST, None
    return COUNTED_LATEST, None


def _tallies(
    exports: Sequence[tuple[str, Export]],
    skip: set[tuple[str, str]],
    earned: Mapping[tuple[str, str], float],
) -> dict[tuple[str, str], _Tally]:
    tallies: dict[tuple[str, str], _Tally] = {}
    for source, export in exports:
        for lesson, record in export.records.items():
            if (source, lesson) in skip:
                continue
            tally = tallies.setdefault((lesson, version_of(record)), _Tally(list(record.page_keys)))
            when = earned.get((source, lesson))
            which, past = counted_run(record, when) if when else ("", None)
            if which == COUNTED_PAST and past is not None:  # that run's answers alone
                for key, outcome in past.answers.items():
                    tally.add(key, outcome)
                continue
            for key, outcome in record.answers.items():
                tally.add(key, outcome)
            for key in record.open.keys() - record.answers.keys():
                tally.add(key, None)
            # a miss of an earlier run that the new run has not reached
            for key, outcome in record.earlier.items():
                if key not in record.answers and key not in record.open:
                    tally.add(key, outcome if outcome.right or outcome.revealed else None)
    return tallies


def whole_prompt(question: Question, asked: str = "") -> str:
    """A question's whole prompt (``asked``: the one its kind wrote, when the lesson gives
    none), lines joined by spaces; or its kind and parameters."""
    text = " ".join((question.prompt or asked).split())
    return text or excerpt(question, asked)


def question_names(
    lesson: Lesson | None,
    keys: list[str],
    name: Callable[[Question, str], str] = excerpt,
) -> dict[tuple[int, int], tuple[str, str]]:
    """(page, question) of the version whose page digests are ``keys`` -> (page title, ``name``
    of the question), for the pages the lesson loaded here still has."""
    if lesson is None:
        return {}
    from lessons.report.prompts import posed_prompts

    asked = posed_prompts(lesson)
    return {
        old: (lesson.pages[new[0]].title, name(question, asked.get(new, "")))
        for old, (new, question) in questions_at(lesson, keys).items()
    }


def questions_at(
    lesson: Lesson, keys: list[str]
) -> dict[tuple[int, int], tuple[tuple[int, int], Question]]:
    """(page, question) of the version whose page digests are ``keys`` -> where the question
    is in the lesson loaded here, and the question, for the pages it still has."""
    from lessons.progress.moved_pages import lesson_digests, page_moves

    if keys:
        moves = page_moves(keys, lesson_digests(lesson))
    else:  # saved before digests: taken as laid out on the pages as they are
        moves = {index: index for index in range(len(lesson.pages))}
    found = {}
    for old, new in moves.items():
        for number, question in enumerate(lesson.pages[new].questions):
            found[(old, number)] = ((new, number), question)
    return found


def _stats(
    lesson: str,
    version: str,
    mixed: bool,
    place: tuple[int, int],
    name: tuple[str, str],
    outcomes: list[QuestionRecord],
    unfinished: int,
) -> QuestionStats:
    attempts = [outcome.attempts for outcome in outcomes if outcome.attempts > 0]
    return QuestionStats(
        lesson,
        version,
        mixed,
        page=place[0] + 1,
        question=place[1] + 1,
        page_title=name[0],
        prompt=name[1],
        answered=len(outcomes),
        right=sum(1 for o in outcomes if o.right),
        right_first=sum(1 for o in outcomes if o.right_first),
        hints=sum(1 for o in outcomes if o.hint),
        shown=sum(1 for o in outcomes if o.revealed),
        unfinished=unfinished,
        attempts_mean=round(statistics.fmean(attempts), 2) if attempts else None,
        attempts_median=float(statistics.median(attempts)) if attempts else None,
    )


def _drawn_marked(lesson: Lesson | None, keys: list[str]) -> dict[tuple[int, int], tuple[str, str]]:
    """The questions' names, a quiz question drawn per student marked so."""
    from lessons.quiz.draw import drawable
    from lessons.quiz.kinds import LIVE, VARIED

    names = question_names(lesson, keys, whole_prompt)
    if lesson is None:
        return names
    for old, (new, question) in questions_at(lesson, keys).items():
        if old not in names or not lesson.pages[new[0]].scored or question.kind not in VARIED:
            continue
        if question.kind in LIVE or len(drawable(question, lesson)) > 1:
            title, prompt = names[old]
            names[old] = (title, _("drawn per student, e.g.: {prompt}").format(prompt=prompt))
    return names


def question_stats(
    exports: Sequence[tuple[str, Export]],
    lessons: Iterable[Lesson] = (),
    skip: Iterable[tuple[str, str]] = (),
    earned: Mapping[tuple[str, str], float] | None = None,
) -> list[QuestionStats]:
    """The statistics of every question, in the order of ``lessons`` (others after them),
    each lesson's version loaded here first; ``skip``: the (source, lesson) records not to
    count; ``earned``: with a course, when each record's points that count were earned."""
    from lessons.progress.moved_pages import lesson_digests

    known: Mapping[str, Lesson] = {lesson.id: lesson for lesson in lessons}
    order = {key: index for index, key in enumerate(known)}
    tallies = _tallies(exports, set(skip), earned or {})
    versions: dict[str, int] = {}
    for lesson, _version in tallies:
        versions[lesson] = versions.get(lesson, 0) + 1
    here = {key: version_of_pages(lesson_digests(lesson)) for key, lesson in known.items()}

    def rank(item: tuple[str, str]) -> tuple[int, str, bool, str]:
        lesson, version = item
        return (order.get(lesson, len(order)), lesson, version != here.get(lesson), version)

    rows: list[QuestionStats] = []
    for lesson, version in sorted(tallies, key=rank):
        tally = tallies[(lesson, version)]
        names = _drawn_marked(known.get(lesson), tally.keys)
        places = set(tally.finished) | set(tally.unfinished)
        if version and version == here.get(lesson):
            places |= set(names)  # the questions nobody reached, with zeros
        mixed = versions[lesson] > 1
        for place in sorted(places):
            name = names.get(place, ("", ""))
            outcomes = tally.finished.get(place, [])
            unfinished = tally.unfinished.get(place, 0)
            rows.append(_stats(lesson, version, mixed, place, name, outcomes, unfinished))
    return rows


def runs_not_kept(
    exports: Sequence[tuple[str, Export]],
    earned: Mapping[tuple[str, str], float],
    skip: Iterable[tuple[str, str]] = (),
) -> list[tuple[str, str]]:
    """The (student, lesson) whose run that counts is an earlier one whose answers the record
    does not keep (the statistics count its latest run there)."""
    left = set(skip)
    found = []
    for source, export in exports:
        for lesson, record in export.records.items():
            when = earned.get((source, lesson))
            if (source, lesson) in left or not when:
                continue
            if counted_run(record, when)[0] == COUNTED_LOST:
                found.append((export.student or source, lesson))
    return found


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}".rstrip("0").rstrip(".")


def question_table(stats: Sequence[QuestionStats], titles: Mapping[str, str]) -> Table:
    """The statistics, one section for each lesson and version."""
    columns = [
        Column(pgettext("report", "Page"), number=True),
        Column(pgettext("report", "Q"), number=True),
        *(
            Column(title, right=True)
            for title in (
                pgettext("report", "Answered"),
                pgettext("report", "Right"),
                pgettext("report", "1st try"),
                pgettext("report", "Hints"),
                pgettext("report", "Shown"),
                pgettext("report", "Unfinished"),
                pgettext("report", "Attempts (mean/median)"),
            )
        ),
        Column(pgettext("report", "Question")),
    ]
    body = Section()
    place = None
    for row in stats:
        if not body.parts or (row.lesson, row.version) != place:
            place = (row.lesson, row.version)
            title = titles.get(row.lesson, row.lesson)
            heading = [
                "",
                _("Questions of {title} ({lesson})").format(title=title, lesson=row.lesson),
            ]
            if row.mixed and row.version:
                mixed = _(
                    "Version {version} only: the records were made against several "
                    "versions of this lesson."
                )
                heading.append("  " + mixed.format(version=row.version))
            elif row.mixed:
                mixed = _(
                    "Records with no version recorded only: the records were made "
                    "against several versions of this lesson."
                )
                heading.append("  " + mixed)
            body.parts.append(Section(heading))
        counts = (row.answered, row.right, row.right_first, row.hints, row.shown, row.unfinished)
        attempts = f"{_number(row.attempts_mean)}/{_number(row.attempts_median)}"
        name = ": ".join(part for part in (row.page_title, row.prompt) if part)
        cells = (str(row.page), str(row.question), *map(str, counts), attempts, name)
        values = {**row.to_json(), "title": titles.get(row.lesson, row.lesson)}
        body.parts[-1].rows.append(Row(values, cells))
    fields = ("lesson", "title", *(name for name in STAT_FIELDS if name != "lesson"))
    keys = (*STAT_FIELDS, "title")
    return Table("questions", fields, columns, body, keys, header=1, apart=True, cut=True)


def runs_lines(
    course: bool, not_kept: Sequence[tuple[str, str]], titles: Mapping[str, str]
) -> list[str]:
    """The lines that say which run of each student the statistics count."""
    if course:
        counted = _(
            "The statistics count each student's run that counts, as the gradebook counts "
            "it (a lesson of no assignment: the latest run, with an earlier run's miss "
            "where the latest has not reached the question)."
        )
    else:
        counted = _(
            "The statistics count each student's latest run, with an earlier run's miss "
            "where the latest has not reached the question."
        )
    lines = [counted]
    if not_kept:
        names = ", ".join(
            _("{student} ({title})").format(
                student=safe(student), title=safe(titles.get(lesson, lesson))
            )
            for student, lesson in not_kept
        )
        lines.append(
            _(
                "Counted by the latest run, with the earlier runs' misses, as the record of "
                "the run that counts was made before runs were kept: {names}"
            ).format(names=names)
        )
    return lines
