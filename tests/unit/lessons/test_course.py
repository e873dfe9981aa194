"""A course's calendar (lessons/course/): read in the course's zone, extensions read again when
changed, a teacher's slips one error each at its line in our words (the rest used), grades on
time, late and missing, and what the end of a late lesson says it counts."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from lessons.catalog import load_catalog
from lessons.course.fields import moment
from lessons.course.files import CourseFiles
from lessons.course.grading import Grade, Status, grade, lesson_points
from lessons.course.model import Assignment, Course, Extension, LatePolicy
from lessons.course.reading import read_course
from lessons.course.words import handed_in_late, menu_label, opening
from lessons.i18n import set_language
from lessons.progress.records import Completion, LessonRecord, QuestionRecord, merge
from lessons.shown_time import with_zone
from tests.cli.course_kit import ONE_QUESTION

COURSE = """\
timezone = "Europe/Rome"

[[assignment]]
id = "week1"
title = "Week 1"
lessons = ["alpha", 21]
opens = 2026-03-02T09:00:00
due = "2026-03-06 23:59"
late_credit = 0.5
late_until = 2026-03-13
"""


def write(folder: Path, course: str, *more: str) -> Path:
    """Lessons alpha (20) and beta (21), and ``more`` after them, with ``course``."""
    for number, key in enumerate(("alpha", "beta", *more), start=20):
        (folder / f"{number}-{key}.md").write_text(ONE_QUESTION.format(id=key), encoding="utf-8")
    (folder / "course.toml").write_text(course, encoding="utf-8")
    return folder


@pytest.fixture
def course_dir(tmp_path: Path) -> Path:
    return write(tmp_path, COURSE)


def find(folder: Path):  # type: ignore[no-untyped-def]
    return load_catalog(None, [folder], only_course=True).find


def test_a_course_file_is_read_with_its_lessons_and_times_in_its_zone(course_dir: Path) -> None:
    course, errors = read_course(course_dir, find(course_dir))
    assert errors == []
    (week,) = course.assignments
    assert week.id == "week1" and week.title == "Week 1"
    assert week.lessons == ("alpha", "beta")  # an id, and a file's number
    rome = ZoneInfo("Europe/Rome")
    assert week.due == datetime(2026, 3, 6, 23, 59, tzinfo=rome)
    assert week.opens == datetime(2026, 3, 2, 9, 0, tzinfo=rome)
    assert week.late == LatePolicy(0.5, datetime(2026, 3, 13, 23, 59, 59, tzinfo=rome))
    assert course.assignment_of("beta") is week and course.assignment_of("gamma") is None


def test_extensions_are_checked_given_by_name_and_read_again_when_changed(course_dir: Path) -> None:
    (course_dir / "extensions.toml").write_text(
        '[[extension]]\nstudent = "Ada"\nassignment = "week1"\ndue = 2026-03-09T12:00:00\n\n'
        '[[extension]]\nstudent = "bob"\nassignment = "week9"\ndue = 2026-03-09\n\n'
        '[[extension]]\nstudent = "cy"\nassignment = "week1"\ndue = 2026-03-01\n',
        encoding="utf-8",
    )
    course, errors = read_course(course_dir, find(course_dir))
    assert [(e.line, e.message.split(" ")[0]) for e in errors] == [(8, "assignment"), (14, "an")]
    (week,) = course.assignments
    rome = ZoneInfo("Europe/Rome")
    assert course.due_for(week, " ada ") == datetime(2026, 3, 9, 12, 0, tzinfo=rome)
    assert course.due_for(week, "bob") == week.due and course.due_for(week, None) == week.due
    moved = course.late_for(week, "ada").until
    assert moved == datetime(2026, 3, 16, 23, 59, 59, tzinfo=rome)  # as many days as the due date
    # The extensions are read again when their file changes.
    files = CourseFiles([course_dir], find(course_dir))
    extension = course_dir / "extensions.toml"
    extension.write_text(
        '[[extension]]\nstudent = "ada"\nassignment = "week1"\ndue = 2026-03-10\n', "utf-8"
    )
    later = files.course.due_for(files.course.assignments[0], "ada")
    assert later == datetime(2026, 3, 10, 23, 59, 59, tzinfo=rome)
    extension.unlink()
    assert files.course.due_for(files.course.assignments[0], "ada") == week.due


def test_an_extension_moves_late_until_by_days_to_the_day_the_teacher_means(
    course_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An extension moves ``late_until`` as many calendar days as the due date, to the end
    of that day; in the machine's zone when the course names none, across a change to summer
    time too; never before the extended due date."""
    rome = ZoneInfo("Europe/Rome")

    def until(due: str, course: str | None = None) -> datetime | None:
        if course is not None:
            assignment = '[[assignment]]\nid = "week1"\nlessons = ["alpha"]\n'
            (course_dir / "course.toml").write_text(assignment + course, encoding="utf-8")
        extension = f'[[extension]]\nstudent = "ada"\nassignment = "week1"\ndue = "{due}"\n'
        (course_dir / "extensions.toml").write_text(extension, encoding="utf-8")
        found, errors = read_course(course_dir, find(course_dir))
        assert errors == []
        moved = found.late_for(found.assignments[0], "ada").until
        return moved.astimezone(rome) if moved is not None else None

    for due in ("2026-03-09", "2026-03-09 12:00", "2026-03-09 23:59", "2026-03-09 00:05"):
        assert until(due) == datetime(2026, 3, 16, 23, 59, 59, tzinfo=rome), due
    # no timezone: the machine's (Rome's), whose summer time starts on 29 March
    monkeypatch.setenv("TZ", "Europe/Rome")
    time.tzset()
    try:
        moved = until("2026-03-25", 'due = "2026-03-20 23:59"\nlate_until = "2026-03-27"\n')
        assert moved == datetime(2026, 4, 1, 23, 59, 59, tzinfo=rome)
        # late_until on the due date's day, an extension later that day: never before it
        moved = until(
            "2026-03-06 18:00", 'due = "2026-03-06 09:00"\nlate_until = "2026-03-06 12:00"\n'
        )
        assert moved == datetime(2026, 3, 6, 21, 0, tzinfo=rome)
    finally:
        monkeypatch.undo()
        time.tzset()


def test_times_without_an_offset_and_with_one() -> None:
    rome = ZoneInfo("Europe/Rome")
    assert moment("2026-03-06 23:59", rome, True) == datetime(2026, 3, 6, 23, 59, tzinfo=rome)
    assert moment("2026-03-06", rome, True) == datetime(2026, 3, 6, 23, 59, 59, tzinfo=rome)
    with_offset = moment("2026-03-06T10:00:00+00:00", rome, True)
    assert with_offset == datetime(2026, 3, 6, 10, 0, tzinfo=UTC)
    assert moment("Friday", rome, True) is None and moment(5, rome, True) is None


W1 = '[[assignment]]\nid = "w1"\nlessons = [20]\ndue = 2026-03-06\n'
WEEKS = (
    '[[assignment]]\nid = "week1"\nlessons = [20]\ndue = "2026-11-20 23:59"\n\n'
    '[[assignment]]\nid = "week2"\nlessons = [21]\ndue = "2026-12-02 23:59"\n'
)
TWICE = "is left out: keep one extension per student and assignment"
C, E = "course.toml", "extensions.toml"
SLIPS = [  # (course.toml, extensions.toml, the errors (file, line, words), assignments, extended)
    ('[[assignment]]\nid = "w1"\nlessons = [20, "alpha", "20", 21]\ndue = 2026-03-06\n', None,
     [(C, 3, "lesson 'alpha' is listed more than once in assignment 'w1'; it counts once")],
     [("w1", ("alpha", "beta"))], []),
    (W1, '[[extension]]\nstudent = "bob"\nassignment = "w1"\ndue = 2026-03-20\n\n'
     '[[extension]]\nstudent = " Bob"\nassignment = "w1"\ndue = 2026-03-10\n\n'
     '[[extension]]\nstudent = "ada"\nassignment = "w1"\ndue = 2026-03-10\n',
     [(E, 7, f"student 'Bob' already has an extension of assignment 'w1' (line 1); this "
       f"one {TWICE}")],
     [("w1", ("alpha",))], [("bob", 20), ("ada", 10)]),  # the first one kept
    ('[[assignment]]\nid = "w1"\nlessons = [20, 21]\ndue = 2026-03-06\n\n'
     '[[assignment]]\nid = "w2"\nlessons = [21, 22]\ndue = 2026-03-13\n', None,
     [(C, 8, "lesson 'beta' is already in assignment 'w1': a lesson has one due date; "
       "assignment 'w2' is used without it")],
     [("w1", ("alpha", "beta")), ("w2", ("gamma",))], []),
    (W1.replace('"w1"', '"week 1"'),
     '[[extension]]\nstudent = "bob"\nassignment = "week9"\ndue = 2026-03-20\n\n'
     '[[extension]]\nstudent = "cy"\ndue = 2026-03-20\n',
     [(C, 2, "id must be"), (E, 3, "assignment must name one of the course's: week 1"),
      (E, 6, "an extension needs its assignment's id (assignment = ...): one of week 1")],
     [], []),
    # every problem of extensions.toml at once while the assignments have their own: an
    # extension of a broken assignment waits
    (WEEKS.replace("[20]", "[12]") + "late_credits = 0.5\n",
     '[[extension]]\nstudent = "bob"\nassignment = "week3"\ndue = 2026-12-09\n\n'
     '[[extension]]\nstudent = "cy"\nassignment = "week1"\ndue = 2026-11-19\n\n'
     '[[extension]]\nassignment = "week2"\ndue = 2026-12-09\n\n'
     '[[extension]]\nstudent = "dee"\nassignment = "week2"\ndue = 2026-12-09\n\n'
     '[[extension]]\nstudent = "Dee"\nassignment = "week2"\ndue = 2026-12-10\n',
     [(C, 3, "there is no lesson"), (C, 10, "late_credits"),
      (E, 3, "assignment must name one of the course's: week1, week2"),
      (E, 9, "an extension's due date must come after the assignment's (2026-11-20 23:59 "),
      (E, 11, "an extension needs the student's login or name (student = ...)"),
      (E, 21, f"student 'Dee' already has an extension of assignment 'week2' (line 15); this one "
       f"{TWICE}")], [], []),
    ('[[assignment]]\nid = "a"\ndue = \n', None, [(C, 3, "not valid TOML")], [], []),
    ('timezone = "Mars/Olympus"\n\n[[assignment]]\nid = "week1"\nlessons = ["alpha", "nowhere"]\n'
     'due = 2026-03-06T23:59:00\nopens = 2026-03-08T09:00:00\nlate_credit = 2\ncolour = "red"\n\n'
     '[[assignment]]\nid = "week2"\nlessons = ["alpha"]\ndue = "next Friday"\n', None,
     [(C, 1, "timezone:"), (C, 5, "there is no lesson 'nowhere'"), (C, 6, "after the opening"),
      (C, 8, "late_credit"), (C, 9, "unknown key 'colour'"),
      (C, 13, "lesson 'alpha' is already in assignment 'week1'"),
      (C, 14, "due = 'next Friday' must be")], None, []),
    ('[[assignment]]\nid = "a"\nlessons = ["alpha"]\ndue = 2026-03-06\n\n'
     '[[assignment]]\nid = "b"\nlessons = ["alpha"]\ndue = 2026-03-07\n\n'
     '[[assignment]]\nid = "a"\nlessons = ["beta"]\ndue = 2026-03-08\n', None,
     [(C, 8, "lesson 'alpha' is already in assignment 'a': a lesson has one due date; "
       "assignment 'b' is used without it"),  # b had no other lesson: it is left out
      (C, 11, "assignment 'a' is already in this course")], [("a", ("alpha",))], []),
    (COURSE.replace('["alpha", 21]', '["alpha", "nosuch", 21]'), None,  # the lesson alone drops
     [(C, 6, "there is no lesson 'nosuch' (an id, or the number of its file): assignment "
       "'week1' is used without it")], [("week1", ("alpha", "beta"))], []),
    (COURSE.replace('["alpha", 21]', '["nosuch", 42]'), None,
     [(C, 6, "there is no lesson 'nosuch'"), (C, 6, "there is no lesson '42'")], [], []),
    (WEEKS + 'due = "2026-12-03"\n', None,
     [(C, 10, "not valid TOML at column 19: due is given twice in [[assignment]] 'week2' "
       "(first on line 9): keep one of them")], None, []),
    (WEEKS.replace("lessons = [21]", "lessons = [21, 22"), None,
     [(C, 8, "not valid TOML: the list of lessons is not closed: end it with ] on its line")],
     None, []),
    (WEEKS + "= 3\n", None,  # no words of ours: the parser's, with its column
     [(C, 10, "not valid TOML at column 1: the parser says: Invalid statement")], None, []),
    *[(WEEKS.replace('due = "2026-12-02 23:59"', slip), None,
       [(C, 9, f"not valid TOML at column ?{said}")], None, [])
      for slip, said in (
          ('due = "2026-12-02 23:59', ": the text in quotes is not closed"),
          ("due = 2026-12-02 23:59", ": the value of due ends before '23:59'"),
          ("late_credit = 0,5", ": the value of late_credit ends before ',5'"),
          ("title = Week 2", ": title = 'Week 2' is not a value: put text and dates in quotes"),
          ('due "2026-12-02"', ": a key needs = and its value: write due = VALUE"),
          ("[[assignment]\nid = 'w3'", ": a table's header is not closed: write [[assignment]]"),
          ("[assignment]", ": assignment is declared again here: each [[assignment]]"))],
]  # fmt: skip


@pytest.mark.parametrize(("course", "extensions", "said", "used", "extended"), SLIPS)
def test_each_slip_is_one_error_at_its_line_and_the_rest_is_used(
    tmp_path: Path,
    course: str,
    extensions: str | None,
    said: list[tuple[str, int, str]],
    used: list[tuple[str, tuple[str, ...]]] | None,
    extended: list[tuple[str, int]],
) -> None:
    write(tmp_path, course, "gamma")
    if extensions is not None:
        (tmp_path / "extensions.toml").write_text(extensions, encoding="utf-8")
    catalog = load_catalog(None, [tmp_path], only_course=True)
    found, errors = read_course(tmp_path, catalog.find, catalog.find_failed)
    assert len(errors) == len(said), [str(e) for e in errors]
    for error, (file, line, words) in zip(errors, said, strict=True):
        assert (error.file, error.line) == (str(tmp_path / file), line), str(error)
        assert not error.message.endswith(": -"), str(error)
        if words.startswith("not valid TOML at column "):  # ?: the parser's column
            head, words = words.split(": ", 1)
            assert re.match(re.escape(head).replace(r"\?", r"\d+") + ": ", error.message)
            assert f": {words}" in error.message, str(error)
        else:
            assert words in error.message, str(error)
        assert "Cannot overwrite" not in error.message
    if used is not None:
        assert [(a.id, a.lessons) for a in found.assignments] == used
    for lesson, assignment in ((lesson, a) for a in found.assignments for lesson in a.lessons):
        assert found.assignment_of(lesson) is assignment  # the due date of the first one
    assert [(e.student, e.due.day) for e in found.extensions] == extended


# -- grades ---------------------------------------------------------------------------------

DUE = datetime(2026, 3, 6, 23, 59, tzinfo=UTC)
BEFORE = DUE - timedelta(days=1)
AFTER = DUE + timedelta(days=1)


def answered(at: datetime, points: int = 1) -> QuestionRecord:
    return QuestionRecord(right=True, attempts=1, scored=True, points=points, at=at.timestamp())


def done(at: datetime) -> LessonRecord:
    record = LessonRecord(completed=True, answers={"0.0": answered(at)})
    record.completions = [Completion(at.timestamp(), 1)]
    return record


def course_of(credit: float = 0.5) -> tuple[Course, object]:
    week = Assignment("week1", "Week 1", ("alpha", "beta"), DUE, None, LatePolicy(credit))
    return Course((week,)), week


SCORES = {"alpha": 1, "beta": 1}


def two_runs(first: int, again: int) -> LessonRecord:
    """Two quiz points: ``first`` scored on time, then ``again`` after the due date."""
    record = LessonRecord(completed=True, best_score=max(first, again), max_score=2)
    record.answers = {f"0.{n}": answered(AFTER) for n in range(again)}
    record.completions = [
        Completion(BEFORE.timestamp(), first),
        Completion(AFTER.timestamp(), again),
    ]
    record.updated = AFTER.timestamp()
    return record


def run_again_late() -> LessonRecord:
    """Done on time, then its answers replaced by a run after the due date."""
    record = done(BEFORE)
    record.answers = {"0.0": answered(AFTER)}
    return record


GRADES = [  # (credit, records, scores, now, status, score, handed in)
    (0.5, {"alpha": done(BEFORE), "beta": done(BEFORE)}, SCORES, AFTER, Status.ON_TIME, 2, BEFORE),
    (0.5, {"alpha": done(BEFORE), "beta": done(AFTER)}, SCORES, AFTER, Status.LATE, 1.5, AFTER),
    (0.5, {"alpha": done(BEFORE)}, SCORES, AFTER, Status.MISSING, 1, BEFORE),
    (0.5, {"alpha": done(BEFORE)}, SCORES, BEFORE, Status.OPEN, 1, BEFORE),
    (0.5, {}, SCORES, AFTER, Status.MISSING, 0, None),
    # a run done on time keeps its credit when the lesson is run again late
    (0.0, {"alpha": run_again_late(), "beta": done(BEFORE)}, SCORES, AFTER, Status.ON_TIME, 2,
     BEFORE),
    # a tie between the on-time run and a late one is the on-time run's
    (0.5, {"alpha": two_runs(1, 2), "beta": done(BEFORE)}, {"alpha": 2, "beta": 1}, AFTER,
     Status.ON_TIME, 2, BEFORE),
    # points earned late that count make the assignment late
    (0.5, {"alpha": two_runs(0, 2), "beta": done(BEFORE)}, {"alpha": 2, "beta": 1}, AFTER,
     Status.LATE, 2, AFTER),
]  # fmt: skip


@pytest.mark.parametrize(
    ("credit", "records", "scores", "now", "status", "score", "handed_in"), GRADES
)
def test_work_is_graded_on_time_late_missing_or_open_by_its_counted_runs(
    credit: float,
    records: dict[str, LessonRecord],
    scores: dict[str, int],
    now: datetime,
    status: Status,
    score: float,
    handed_in: datetime | None,
) -> None:
    course, week = course_of(credit)
    found = grade(course, week, "ada", records, scores, now)  # type: ignore[arg-type]
    assert (found.status, found.score, found.handed_in) == (status, score, handed_in)
    assert found.max_score == sum(scores.values())
    assert (found.done_at is None) == (status in (Status.MISSING, Status.OPEN))


def test_an_extension_makes_late_work_on_time() -> None:
    course, week = course_of()
    extended = Course(course.assignments, (Extension("bob", "week1", AFTER + timedelta(hours=1)),))
    records = {"alpha": done(BEFORE), "beta": done(AFTER)}
    found = grade(extended, week, "bob", records, SCORES, AFTER)  # type: ignore[arg-type]
    assert found.status is Status.ON_TIME and found.score == 2 and found.extended
    other = grade(extended, week, "ada", records, SCORES, AFTER)  # type: ignore[arg-type]
    assert other.status is Status.LATE and not other.extended


def test_late_work_counts_less_and_after_late_until_nothing_but_is_kept() -> None:
    policy = LatePolicy(0.5, DUE + timedelta(hours=2))
    assert policy.worth(BEFORE, DUE) == 1
    assert policy.worth(DUE + timedelta(hours=1), DUE) == 0.5
    assert policy.worth(AFTER, DUE) == 0
    # The gradebook counts only the points earned late less.
    assert lesson_points(STRADDLING, HALF, SOON)[0] == 1.5
    assert lesson_points(STRADDLING, LatePolicy(0.5, UNTIL), SOON)[0] == 1


def test_completions_merge_and_survive_a_save_and_hostile_ones_are_dropped() -> None:
    ours = LessonRecord(completions=[Completion(2.0, 1)])
    theirs = LessonRecord(completions=[Completion(1.0, 0), Completion(2.0, 1)])
    assert merge(ours, theirs).completions == [Completion(1.0, 0), Completion(2.0, 1)]
    again = LessonRecord.from_json(ours.to_json())
    assert again.completions == [Completion(2.0, 1)]
    hostile = {**ours.to_json(), "completions": [{"at": "x", "score": 1}, 5, {"at": 1e400}]}
    assert LessonRecord.from_json(hostile).completions == []


def test_the_menu_says_when_the_counted_work_was_handed_in_and_what_counts_once() -> None:
    one = Course((Assignment("week1", "Week 1", ("alpha",), DUE, None, LatePolicy(0.5)),))
    (solo,) = one.assignments
    for first, said in ((1, "handed in on time; counts 1/2"), (0, "handed in late; counts 1/2")):
        record = two_runs(first, 2)
        found = grade(one, solo, "fay", {"alpha": record}, {"alpha": 2}, AFTER)
        assert menu_label(found, None, LatePolicy(0.5), record) == said
    found = grade(one, solo, "ada", {"alpha": two_runs(2, 2)}, {"alpha": 2}, AFTER)
    assert menu_label(found, None, LatePolicy(0.5), two_runs(2, 2)) == "handed in on time"
    # Work after late_until: the menu says "counts nothing" once.
    policy = LatePolicy(0.5, DUE + (AFTER - DUE) / 2)  # late work counted until before AFTER
    one = Course((Assignment("week1", "Week 1", ("alpha",), DUE, None, policy),))
    (solo,) = one.assignments
    record = LessonRecord(completed=True, best_score=2, max_score=2)
    record.answers = {f"0.{n}": answered(AFTER) for n in range(2)}
    record.completions = [Completion(AFTER.timestamp(), 2)]
    record.updated = AFTER.timestamp()
    found = grade(one, solo, "ivy", {"alpha": record}, {"alpha": 2}, AFTER + timedelta(hours=1))
    said = menu_label(found, None, policy, record)
    assert said.endswith(": kept, counts nothing"), said
    assert "counts 0/2" not in said


SOON = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=5)


def ended(at: datetime) -> LessonRecord:
    record = LessonRecord(completed=True, max_score=2)
    record.completions = [Completion(at.timestamp(), 1)]
    return record


def two_answers(first: datetime, second: datetime) -> LessonRecord:
    """Two quiz answers right at once, at ``first`` and at ``second`` (the run's end)."""
    record = LessonRecord(completed=True, best_score=2, max_score=2, runs=1)
    record.answers = {
        "0.0": QuestionRecord(True, 1, scored=True, points=1, at=first.timestamp()),
        "0.1": QuestionRecord(True, 1, scored=True, points=1, at=second.timestamp()),
    }
    record.completions = [Completion(second.timestamp(), 2)]
    return record


def earlier_on_time(record: LessonRecord, at: datetime) -> LessonRecord:
    record.completions.insert(0, Completion(at.timestamp(), 2))
    return record


HALF, UNTIL = LatePolicy(0.5), SOON + timedelta(minutes=30)
STRADDLING = two_answers(SOON - timedelta(hours=1), SOON + timedelta(hours=1))
LATE = f"This lesson was handed in late: it was due {with_zone(SOON)}"
EARNED = "; the points earned after that count"
ENDS = [  # (due, the record, the late policy, what the end of the run says: whole, or its start)
    (DUE, two_runs(1, 2), HALF,
     f"This run ended after the due date, {with_zone(DUE)}: the points it earned after that count "
     f"50%, so it counts 1/2. Your run of {with_zone(BEFORE)} was on time and is the one that "
     "counts: 1/2."),
    (DUE, two_runs(0, 2), HALF, "^This lesson was handed in late"),
    (DUE, LessonRecord(completed=True, answers={"0.0": answered(BEFORE)}, max_score=2), HALF,
     "^This lesson was handed in late"),  # no completions: ended now, after DUE
    *[(SOON, ended(SOON + timedelta(days=1)), LatePolicy(credit, SOON + timedelta(days=9)),
       LATE + counts) for credit, counts in (
        (0.5, f"{EARNED} 50%, so it counts 0.5/2."),
        (1.0, "; its points count whole, marked late."),
        (0.0, "; it is kept but late work counts nothing."))],
    # only the points earned after the due date count less, after late_until too
    (SOON, STRADDLING, HALF, f"{LATE}{EARNED} 50%, so it counts 1.5/2."),
    (SOON, STRADDLING, LatePolicy(0.5, UNTIL),
     f"This lesson was handed in after late work stopped counting (it was due {with_zone(SOON)}, "
     f"late work counted until {with_zone(UNTIL)}): the points earned after that count nothing, "
     "so it counts 1/2."),
    # an earlier run on time counts 2/2; this run counts 1.5/2, not its score halved
    (SOON, earlier_on_time(two_answers(SOON - timedelta(hours=1), SOON + timedelta(hours=1)),
                           SOON - timedelta(days=1)), HALF,
     f"This run ended after the due date, {with_zone(SOON)}: the points it earned after that "
     f"count 50%, so it counts 1.5/2. Your run of {with_zone(SOON - timedelta(days=1))} was on "
     "time and is the one that counts: 2/2."),
    (SOON, ended(SOON - timedelta(hours=1)), HALF, None),  # on time: nothing
]  # fmt: skip


@pytest.mark.parametrize(("due", "record", "policy", "said"), ENDS, ids=range(len(ENDS)))
def test_the_end_of_a_late_run_says_what_it_counts(
    due: datetime, record: LessonRecord, policy: LatePolicy, said: str | None
) -> None:
    found = handed_in_late(due, record, policy)
    if said is not None and said.startswith("^"):
        assert found is not None and found.startswith(said[1:]), found
    else:
        assert found == said


@pytest.mark.parametrize(
    ("lang", "word"), [("it", "non conta nulla"), ("pl", "nie liczy się wcale")]
)
def test_the_sentence_is_translated(lang: str, word: str) -> None:
    until = SOON + timedelta(days=2)
    set_language(lang)
    said = handed_in_late(SOON, ended(SOON + timedelta(days=3)), LatePolicy(0.5, until))
    assert said is not None and word in said and "late work" not in said


def test_a_lesson_handed_in_and_opened_after_its_due_date_says_what_counts() -> None:
    """After its due date an opened lesson says what a new run counts; before it, nothing."""
    late = LatePolicy(0.5, None)
    week = Assignment("wk1", "Week 1", ("alpha",), SOON, late=late)
    grade = Grade(week, Status.ON_TIME, 1.0, 2, SOON, False, SOON - timedelta(days=1))
    allowed, said = opening(grade, late)
    assert allowed and said == (
        f"This lesson was due {with_zone(SOON)}: your work is kept and counts 50%, marked late. "
        "What counts now of Week 1, 1/2 for all its lessons, keeps counting; a run started "
        "again counts only where it counts more."  # named: not the lesson's
    )
    assert opening(grade, late, SOON - timedelta(hours=1)) == (True, None)
