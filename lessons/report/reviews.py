"""The review's outcomes for a teacher (``report --students``): each question a review asked
each student, with the box it put its kind in, and where each kind stands now, worked out as the
student's tutor works it (:mod:`lessons.review.boxes`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from lessons.model import Lesson
from lessons.progress.moved_pages import follow_pages, lesson_digests
from lessons.progress.records import LessonRecord
from lessons.progress.reviews import ReviewOutcome, Stretch
from lessons.progress.values import local_moment as moment
from lessons.review.boxes import Miss, replay, standings
from lessons.review.missed import asked_questions

if TYPE_CHECKING:
    from lessons.progress.export import Export


@dataclass(frozen=True, slots=True)
class ReviewRow:
    """One question a review asked one student: ``page`` and ``question`` (from 1) of the
    lesson question it was drawn from, ``at`` when it was decided (local ISO 8601), the kind's
    box before and after it, ``number`` and ``lesson_title`` of the lesson, the ``prompt`` as
    asked, ``solved`` right in the end, ``asked_on`` the lesson it was drawn from when that is
    not :attr:`lesson` (where the kind was missed). An empty value: not known here.
    """

    student: str
    source: str
    kind: str
    lesson: str
    page: int
    question: int
    instance: str
    right_first: bool
    attempts: int
    hint: bool
    shown: bool
    at: str
    box: int
    cause: str = ""
    number: int = 0
    lesson_title: str = ""
    prompt: str = ""
    solved: bool = False
    stretch: Stretch | None = None
    lang: str = ""
    box_before: int = 0
    asked_on: str = ""
    asked_on_number: int = 0
    answers: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.__slots__}
        stretch = self.stretch
        data["stretch"] = (
            None
            if stretch is None
            else {name: getattr(stretch, name) for name in stretch.__slots__}
        )
        return data


@dataclass(frozen=True, slots=True)
class KindStanding:
    """Where one kind stands now for one student: its box, the day it is due (ISO 8601),
    whether that is before today, and the lesson it was last missed in ("": none loaded)."""

    student: str
    source: str
    kind: str
    box: int
    due: str
    reviews: int
    right: int
    overdue: bool = False
    lesson: str = ""
    lesson_number: int = 0
    title: str = ""

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


def _place(key: str) -> tuple[int, int]:
    page, _dot, number = key.partition(".")
    if page.isdecimal() and number.isdecimal() and len(page + number) < 9:
        return int(page) + 1, int(number) + 1
    return 0, 0


def _misses(export: Export, lessons: Sequence[Lesson]) -> tuple[list[Miss], dict[str, str]]:
    """The kinds missed in the lessons, and the lesson each kind was last missed in."""

    def record_for(lesson: Lesson) -> LessonRecord | None:
        record = export.records.get(lesson.id)
        return None if record is None else follow_pages(record, lesson_digests(lesson))

    asked = asked_questions(lessons, record_for)
    missed = sorted((question for question in asked if question.missed), key=lambda q: q.at)
    last = {question.kind: question.lesson.id for question in missed}
    return [Miss(question.kind, question.at) for question in missed], last


def _in_language(
    lessons: Sequence[Lesson], lessons_in: Callable[[str], Sequence[Lesson]] | None
) -> Callable[[str, str], tuple[Lesson | None, str]]:
    """A lesson by id as a student read it in a language (``lessons_in``: the lessons in a
    language), and that language."""
    from lessons.i18n import current, speaking, supported

    by_id = {lesson.id: lesson for lesson in lessons}
    in_lang: dict[str, dict[str, Lesson]] = {}

    def find(lesson_id: str, lang: str) -> tuple[Lesson | None, str]:
        lang = supported(lang) or current()
        lesson = by_id.get(lesson_id)
        if lesson is None or lessons_in is None or lang == current():
            return lesson, current()
        if lang not in in_lang:
            with speaking(lang):
                in_lang[lang] = {each.id: each for each in lessons_in(lang)}
        return in_lang[lang].get(lesson.id, lesson), lang

    return find


def _named(
    lessons: Sequence[Lesson],
    lessons_in: Callable[[str], Sequence[Lesson]] | None = None,
    prompts: bool = True,
) -> Callable[[str, str, str, str], tuple[int, str, str]]:
    """The lesson number, lesson title (in the language in use) and prompt (as the student
    read it) of a review's question: lesson id, question key, instance, language."""
    from lessons.catalog import lesson_number
    from lessons.i18n import speaking
    from lessons.review.asked import review_prompt

    by_id = {lesson.id: lesson for lesson in lessons}
    find = _in_language(lessons, lessons_in)
    known: dict[tuple[str, str, str, str], tuple[int, str, str]] = {}

    def named(lesson_id: str, key: str, instance: str, lang: str = "") -> tuple[int, str, str]:
        if (lesson_id, key, instance, lang) not in known:
            lesson = by_id.get(lesson_id)
            prompt = ""
            if lesson is not None and prompts:
                asked, language = find(lesson_id, lang)
                with speaking(language):
                    prompt = review_prompt(asked or lesson, key, instance)
            number = (lesson_number(lesson) or 0) if lesson is not None else 0
            known[lesson_id, key, instance, lang] = (
                (number, lesson.title, prompt) if lesson is not None else (0, "", "")
            )
        return known[lesson_id, key, instance, lang]

    return named


def _choices(
    lessons: Sequence[Lesson],
    lessons_in: Callable[[str], Sequence[Lesson]] | None = None,
) -> Callable[[str, str, str, str], tuple[str, ...]]:
    """The choices of a choice question a review asked, as the student read them; () for any
    other question."""
    from lessons.i18n import speaking
    from lessons.review.asked import review_choices

    find = _in_language(lessons, lessons_in)

    def choices(lesson_id: str, key: str, instance: str, lang: str = "") -> tuple[str, ...]:
        lesson, language = find(lesson_id, lang)
        if lesson is None:
            return ()
        with speaking(language):
            return review_choices(lesson, key, instance)

    return choices


def review_rows(
    exports: Iterable[tuple[str, Export]],
    lessons: Sequence[Lesson] = (),
    lessons_in: Callable[[str], Sequence[Lesson]] | None = None,
    prompts: bool = True,
) -> tuple[list[ReviewRow], list[KindStanding]]:
    """Every review outcome of every student, by student then time; and, by student then kind,
    where each kind reviewed, or missed in a lesson and due by today, stands now.
    ``lessons_in``: the lessons in a language; not ``prompts``: no prompt worked out."""
    from lessons.quiz.kinds import REVIEWED

    today = date.today()
    named = _named(lessons, lessons_in, prompts)
    choices_of = _choices(lessons, lessons_in)
    rows: list[ReviewRow] = []
    kinds: list[KindStanding] = []
    # the kinds a review can ask anew that a lesson loaded here asks
    asks = {q.kind for lesson in lessons for page in lesson.pages for q in page.questions}
    reviewable = asks & REVIEWED
    for source, export in exports:
        history = export.review.outcomes
        student = export.student or source
        misses, missed_in = _misses(export, lessons)
        boxes: dict[str, int] = {}
        for outcome, standing in replay(misses, history):
            before = boxes.get(standing.kind, 1)
            boxes[standing.kind] = standing.box
            if outcome is None:
                continue  # a miss in a lesson
            page, number = _place(outcome.question)
            lesson_number, title, prompt = named(
                outcome.lesson, outcome.question, outcome.instance, outcome.lang
            )
            asked_on, asked_on_number = "", 0
            if outcome.missed_in and outcome.missed_in != outcome.lesson:  # filed under the miss's
                done = export.records.get(outcome.lesson)
                if done is not None and done.completed:
                    asked_on, asked_on_number = outcome.lesson, lesson_number
                lesson_number, title, _prompt = named(outcome.missed_in, "", "", outcome.lang)
            rows.append(
                ReviewRow(
                    student,
                    source,
                    outcome.kind,
                    outcome.missed_in or outcome.lesson,
                    page,
                    number,
                    outcome.instance,
                    outcome.right,
                    outcome.attempts,
                    outcome.hint,
                    outcome.revealed,
                    moment(outcome.at),
                    standing.box,
                    outcome.cause,
                    lesson_number,
                    title,
                    prompt,
                    outcome.solved or outcome.right,
                    outcome.stretch,
                    outcome.lang,
                    before,
                    asked_on,
                    asked_on_number,
                    _given(outcome, choices_of) if prompts else outcome.given,
                )
            )
        reviewed = {outcome.kind for outcome in history}
        for kind, standing in sorted(standings(misses, history).items()):
            due_now = kind in reviewable and standing.due_day <= today
            if kind in reviewed or due_now:
                lesson_id = missed_in.get(kind, "")
                number, title, _prompt = named(lesson_id, "", "", "") if lesson_id else (0, "", "")
                kinds.append(
                    KindStanding(
                        student,
                        source,
                        kind,
                        standing.box,
                        standing.due_day.isoformat(),
                        standing.reviews,
                        standing.right,
                        standing.due_day < today,
                        lesson_id,
                        number,
                        title,
                    )
                )
    rows.sort(key=lambda row: (row.student.casefold(), row.source))  # stable: in time order
    kinds.sort(key=lambda kind: (kind.student.casefold(), kind.source, kind.kind))
    return rows, kinds


def _given(
    outcome: ReviewOutcome, choices_of: Callable[[str, str, str, str], tuple[str, ...]]
) -> tuple[str, ...]:
    """What the student answered, a choice recorded by its bare number named by its words."""
    from lessons.report.students import numbers_named

    if not any(each.strip().rstrip(".").isdecimal() for each in outcome.given):
        return outcome.given
    found = choices_of(outcome.lesson, outcome.question, outcome.instance, outcome.lang)
    return numbers_named(outcome.given, found) if found else outcome.given
