"""The plain tutor says a course's dates too: ``lessons`` names each lesson's
assignment date and numbers it by its file (``10.`` for ``10-gamma.md`` listed third, as
``lessons list``, the review and the report do), a lesson not open yet does not open, one past
its due date opens and says its work counts late."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from lessons.shown_time import with_zone
from tests.plain.test_plain_script import run_script

LESSON = "@lesson {id}\n@title Lesson {id}\n\n@page One\nText of {id}.\n"


def finish(lesson: str, at: datetime) -> None:
    """The student (this test's home) completed ``lesson`` at ``at``."""
    from lessons.progress.records import Completion
    from lessons.progress.store import ProgressStore

    store = ProgressStore()
    record = store.lesson(lesson)
    record.completed = True
    record.completions = [Completion(at.timestamp(), 0)]
    assert store.save(lesson, record)


def plain_lessons(course: Path, *lines: str) -> str:
    """What the plain tutor says to ``lines`` (``lessons`` by default) with the course of
    ``course`` only."""
    from tests.plain.test_invited_words_answer import plain_tutor
    from tui.lesson_context import LessonContext

    tutor, stream = plain_tutor(LessonContext.load("en", [str(course)], True))
    for line in lines or ("lessons",):
        assert tutor.handle(line)
    return stream.getvalue()


def course_of(tmp_path: Path, calendar: str, *names: str, broken: str = "") -> Path:
    """A course of lessons 20, 21... (``names``; ``broken``'s file failing its check) and
    ``calendar`` as its course.toml."""
    course = tmp_path / "course"
    course.mkdir()
    for number, name in enumerate(names, start=20):
        text = LESSON.format(id=name)
        if name == broken:
            text += "@board n=4 algorithm=iterative\n@expect solutions = 3\n"
        (course / f"{number}-{name}.md").write_text(text, encoding="utf-8")
    (course / "course.toml").write_text(calendar, encoding="utf-8")
    return course


def assignment(due: datetime, *names: str, more: str = "") -> str:
    listed = ", ".join(f'"{name}"' for name in names)
    return f'[[assignment]]\nid = "a"\nlessons = [{listed}]\ndue = "{due.isoformat()}"\n{more}'


NOW = datetime.now().astimezone().replace(microsecond=0)


def late_until_course(tmp_path: Path, *names: str) -> tuple[Path, datetime, datetime]:
    """Lessons ``names`` in one assignment due five days ago, late work counting half until
    two days after: the folder, the due date and late_until."""
    due = NOW - timedelta(days=5)
    until = due + timedelta(days=2)
    more = f'late_credit = 0.5\nlate_until = "{until.isoformat()}"\n'
    return course_of(tmp_path, assignment(due, *names, more=more), *names), due, until


def test_the_plain_lessons_say_the_dates_and_a_lesson_opens_in_its_time(tmp_path: Path) -> None:
    due, opens = NOW - timedelta(hours=2), NOW + timedelta(days=1)
    calendar = assignment(due, "alpha") + (
        f'\n[[assignment]]\nid = "b"\nlessons = ["beta"]\nopens = "{opens.isoformat()}"\n'
        f'due = "{(opens + timedelta(days=3)).isoformat()}"\n'
    )
    course = course_of(tmp_path, calendar, "alpha", "beta")
    done = run_script(
        tmp_path,
        "lessons\nlesson 21\nlesson 20\n",
        "--lessons-dir", str(course), "--only-course",
    )  # fmt: skip
    out = done.stdout.decode()
    assert f"20. Lesson alpha: new; overdue since {with_zone(due)}" in out  # the file's number
    assert f"21. Lesson beta: new; opens {with_zone(opens)}" in out
    assert f"This lesson opens {with_zone(opens)}." in out and "Text of beta" not in out
    assert f"This lesson was due {with_zone(due)}: your work is kept" in out
    assert "Text of alpha" in out


@pytest.mark.parametrize(
    ("due", "done", "said"),
    [
        (NOW - timedelta(hours=2), {"alpha": NOW},
         ["20. Lesson alpha: done, best 0/0; handed in late; a still overdue since {due}",
          "21. Lesson beta: new; overdue since {due}"]),
        (NOW - timedelta(days=2), {"alpha": NOW - timedelta(days=3), "beta": NOW},
         ["20. Lesson alpha: done, best 0/0; handed in on time; a handed in late",
          "21. Lesson beta: done, best 0/0; handed in late"]),
    ],
    ids=["one-late-one-due", "one-on-time-one-late"],
)  # fmt: skip
def test_the_plain_lessons_say_which_lesson_was_handed_in_late(
    tmp_path: Path, due: datetime, done: dict[str, datetime], said: list[str]
) -> None:
    course = course_of(tmp_path, assignment(due, "alpha", "beta"), "alpha", "beta")
    for lesson, at in done.items():
        finish(lesson, at)
    lines = plain_lessons(course)
    for line in said:
        assert line.format(due=with_zone(due)) in lines, lines


def test_the_plain_lessons_list_a_lesson_being_fixed_with_its_date(tmp_path: Path) -> None:
    """Listed, not open, with its assignment's date; ``lesson 21`` says so."""
    due = NOW + timedelta(days=2)
    course = course_of(tmp_path, assignment(due, "alpha", "beta"), "alpha", "beta", broken="beta")
    out = plain_lessons(course, "lessons", "lesson 21")
    assert f"21. Lesson beta: being fixed, not open yet; due {with_zone(due)}" in out
    assert f"Lesson 21 is being fixed, not open yet; due {with_zone(due)}." in out
    assert "There is no lesson 21" not in out


def test_a_lesson_done_after_late_until_counts_nothing_in_the_menu_and_at_its_end(
    tmp_path: Path,
) -> None:
    """Not 'handed in late' (which counts something), in the menu (another lesson still
    overdue) and at the end of a lesson finished then."""
    course, due, until = late_until_course(tmp_path, "alpha", "beta")
    said = " ".join(plain_lessons(course, "lesson 20", "enter", "enter").split())
    assert (
        "This lesson was handed in after late work stopped counting: it is kept but counts "
        f"nothing (it was due {with_zone(due)}, late work counted until {with_zone(until)})."
    ) in said
    assert (
        f"20. Lesson alpha: done, best 0/0; handed in after {with_zone(until)}: kept, counts "
        "nothing; a still overdue" in plain_lessons(course)
    )


def test_at_a_lesson_s_end_next_and_lesson_n_move_on(tmp_path: Path) -> None:
    """At "Lesson complete!" ``next`` and ``lesson 21`` go on, as Enter does."""
    course, _due, _until = late_until_course(tmp_path, "alpha", "beta")
    said = plain_lessons(course, "lesson 20", "enter", "next", "lesson 21")
    assert said.count("Lesson complete!") == 1, said
    assert "no such command here" not in said
    assert "20. Lesson alpha: done" in said  # next: back to the lessons
    assert said.rstrip().endswith("End of the lesson. Enter: finish it.")  # lesson 21 opened
    assert "Text of beta." in said


def test_lessons_are_numbered_by_their_files_and_a_late_end_says_so(tmp_path: Path) -> None:
    """``lesson 10`` opens 10-gamma.md; a deadline names its zone; a lesson finished after its
    due date says it was handed in late (the real installed command on a script)."""
    course = tmp_path / "course"
    course.mkdir()
    for number, name in ((2, "alpha"), (5, "beta"), (10, "gamma")):
        (course / f"{number:02}-{name}.md").write_text(LESSON.format(id=name), encoding="utf-8")
    due = NOW - timedelta(hours=2)
    later = due + timedelta(days=9)
    (course / "course.toml").write_text(
        f'[[assignment]]\nid = "a"\nlessons = [10]\ndue = "{due.isoformat()}"\n\n'
        f'[[assignment]]\nid = "b"\nlessons = [5]\ndue = "{later.isoformat()}"\n',
        encoding="utf-8",
    )
    done = run_script(
        tmp_path,
        "lessons\nlesson 10\nenter\nenter\nlesson 5\nenter\n",
        "--lessons-dir", str(course), "--only-course",
    )  # fmt: skip
    out = done.stdout.decode()
    assert "2. Lesson alpha: new\n" in out
    assert f"5. Lesson beta: new; due {with_zone(later)}\n" in out
    assert f"10. Lesson gamma: new; overdue since {with_zone(due)}\n" in out
    assert "1. Lesson alpha" not in out and "3. Lesson gamma" not in out
    assert "Text of gamma" in out
    late = (  # with what it counts: the course counts late work whole
        f"This lesson was handed in late: it was due {with_zone(due)}; its points count whole, "
        "marked late. Lesson complete!"
    )
    assert late in out
    assert out.count("handed in late: it was due") == 1  # beta, on time, says nothing of it
    assert "Lesson complete! Quiz score 0/0" in out.split(late, 1)[1]  # beta's, on time
