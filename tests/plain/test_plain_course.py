"""The plain tutor says a course's dates too: ``lessons`` names each lesson's
assignment date, a lesson not open yet does not open, one past its due date opens and says its
work counts late."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

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
    import io

    from solver.session.board import BoardSession
    from tui.lesson_context import LessonContext
    from tui.plain.board_words import PlainBoard
    from tui.plain.output import Out
    from tui.plain.tutor import PlainTutor

    context = LessonContext.load("en", [str(course)], True)
    stream = io.StringIO()
    out = Out(stream)
    tutor = PlainTutor(out, PlainBoard(out, BoardSession(n=4)), lambda: context)
    for line in lines or ("lessons",):
        assert tutor.handle(line)
    return stream.getvalue()


def late_until_course(tmp_path: Path, *names: str) -> tuple[Path, datetime, datetime]:
    """A course of lessons 20, 21... (``names``) in one assignment due five days ago, late
    work counting half until two days after: the folder, the due date and late_until."""
    course = tmp_path / "course"
    course.mkdir()
    for number, name in enumerate(names, start=20):
        (course / f"{number}-{name}.md").write_text(LESSON.format(id=name), encoding="utf-8")
    due = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=5)
    until = due + timedelta(days=2)
    listed = ", ".join(f'"{name}"' for name in names)
    (course / "course.toml").write_text(
        f'[[assignment]]\nid = "a"\nlessons = [{listed}]\ndue = "{due.isoformat()}"\n'
        f'late_credit = 0.5\nlate_until = "{until.isoformat()}"\n',
        encoding="utf-8",
    )
    return course, due, until


def test_the_plain_lessons_say_the_dates_and_a_lesson_opens_in_its_time(tmp_path: Path) -> None:
    course = tmp_path / "course"
    course.mkdir()
    for number, name in ((20, "alpha"), (21, "beta")):
        (course / f"{number}-{name}.md").write_text(LESSON.format(id=name), encoding="utf-8")
    now = datetime.now().astimezone().replace(microsecond=0)
    due, opens = now - timedelta(hours=2), now + timedelta(days=1)
    (course / "course.toml").write_text(
        f'[[assignment]]\nid = "a"\nlessons = ["alpha"]\ndue = "{due.isoformat()}"\n\n'
        f'[[assignment]]\nid = "b"\nlessons = ["beta"]\nopens = "{opens.isoformat()}"\n'
        f'due = "{(opens + timedelta(days=3)).isoformat()}"\n',
        encoding="utf-8",
    )
    done = run_script(
        tmp_path,
        "lessons\nlesson 21\nlesson 20\n",
        "--lessons-dir", str(course), "--only-course",
    )  # fmt: skip
    out = done.stdout.decode()
    assert done.returncode == 0, done.stderr.decode()
    assert f"20. Lesson alpha: new; overdue since {with_zone(due)}" in out  # the file's number
    assert f"21. Lesson beta: new; opens {with_zone(opens)}" in out
    assert f"This lesson opens {with_zone(opens)}." in out and "Text of beta" not in out
    assert f"This lesson was due {with_zone(due)}: your work is kept" in out
    assert "Text of alpha" in out


def test_the_plain_lessons_say_a_lesson_was_handed_in_late(tmp_path: Path) -> None:
    """Lesson alpha done after the due date while beta, in the same assignment, is not done,
    in the plain tutor's ``lessons``: alpha was handed in late."""
    course = tmp_path / "course"
    course.mkdir()
    for number, name in ((20, "alpha"), (21, "beta")):
        (course / f"{number}-{name}.md").write_text(LESSON.format(id=name), encoding="utf-8")
    due = datetime.now().astimezone().replace(microsecond=0) - timedelta(hours=2)
    (course / "course.toml").write_text(
        f'[[assignment]]\nid = "a"\nlessons = ["alpha", "beta"]\ndue = "{due.isoformat()}"\n',
        encoding="utf-8",
    )
    finish("alpha", datetime.now())
    said = plain_lessons(course)
    since = with_zone(due)
    assert (
        f"20. Lesson alpha: done, best 0/0; handed in late; a still overdue since {since}" in said
    )
    assert f"21. Lesson beta: new; overdue since {since}" in said


def test_a_lesson_done_on_time_is_not_called_late_for_its_assignment(tmp_path: Path) -> None:
    """Lesson 20 done before the due date, lesson 21 after it: the
    assignment was handed in late, lesson 20 was not."""
    course = tmp_path / "course"
    course.mkdir()
    for number, name in ((20, "alpha"), (21, "beta")):
        (course / f"{number}-{name}.md").write_text(LESSON.format(id=name), encoding="utf-8")
    due = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=2)
    (course / "course.toml").write_text(
        f'[[assignment]]\nid = "a"\nlessons = ["alpha", "beta"]\ndue = "{due.isoformat()}"\n',
        encoding="utf-8",
    )
    finish("alpha", due - timedelta(days=1))
    finish("beta", due + timedelta(days=1))
    said = plain_lessons(course)
    assert "20. Lesson alpha: done, best 0/0; handed in on time; a handed in late" in said
    assert "21. Lesson beta: done, best 0/0; handed in late" in said


def test_the_plain_lessons_list_a_lesson_being_fixed_with_its_date(tmp_path: Path) -> None:
    """A course's lesson whose file fails its check is listed, not
    open, with its assignment's date; ``lesson 21`` says so instead of 'There is no lesson'."""
    course = tmp_path / "course"
    course.mkdir()
    (course / "20-alpha.md").write_text(LESSON.format(id="alpha"), encoding="utf-8")
    broken = LESSON.format(id="beta") + "@board n=4 algorithm=iterative\n@expect solutions = 3\n"
    (course / "21-beta.md").write_text(broken, encoding="utf-8")
    due = datetime.now().astimezone().replace(microsecond=0) + timedelta(days=2)
    (course / "course.toml").write_text(
        f'[[assignment]]\nid = "a"\nlessons = ["alpha", "beta"]\ndue = "{due.isoformat()}"\n',
        encoding="utf-8",
    )
    done = run_script(
        tmp_path, "lessons\nlesson 21\n", "--lessons-dir", str(course), "--only-course"
    )
    out = done.stdout.decode()
    assert f"21. Lesson beta: being fixed, not open yet; due {with_zone(due)}" in out
    assert f"Lesson 21 is being fixed, not open yet; due {with_zone(due)}." in out
    assert "There is no lesson 21" not in out


def test_a_lesson_done_after_late_work_stopped_counting_says_so(tmp_path: Path) -> None:
    """Done after ``late_until``, the menu says it counts nothing, not
    only 'handed in late' (which counts something)."""
    course, _due, until = late_until_course(tmp_path, "alpha")
    finish("alpha", datetime.now())
    said = plain_lessons(course)
    assert f"handed in after {with_zone(until)}: kept, counts nothing" in said


def test_a_lesson_done_after_late_until_in_an_overdue_assignment_counts_nothing(
    tmp_path: Path,
) -> None:
    """Done after ``late_until``, with another lesson of the assignment still not done: not
    'handed in late; a still overdue', which lets the student believe it counts half."""
    course, _due, until = late_until_course(tmp_path, "alpha", "beta")
    finish("alpha", datetime.now())
    said = plain_lessons(course)
    assert (
        f"20. Lesson alpha: done, best 0/0; handed in after {with_zone(until)}: kept, counts "
        "nothing; a still overdue" in said
    )


def test_the_plain_lesson_s_end_says_what_late_work_counts(tmp_path: Path) -> None:
    """The end of a lesson finished after late_until says it counts
    nothing (the menu's word too), not only 'handed in late'."""
    course, due, until = late_until_course(tmp_path, "alpha")
    said = " ".join(plain_lessons(course, "lesson 20", "enter", "enter").split())
    assert (
        "This lesson was handed in after late work stopped counting: it is kept but counts "
        f"nothing (it was due {with_zone(due)}, late work counted until {with_zone(until)})."
    ) in said


def test_at_a_lesson_s_end_next_and_lesson_n_move_on(tmp_path: Path) -> None:
    """At "Lesson complete!" ``next`` repeated the sentence and
    ``lesson 21`` was "no such command here"; a script goes on with either, as with Enter."""
    course, _due, _until = late_until_course(tmp_path, "alpha", "beta")
    said = plain_lessons(course, "lesson 20", "enter", "next", "lesson 21")
    assert said.count("Lesson complete!") == 1, said
    assert "no such command here" not in said
    assert "20. Lesson alpha: done" in said  # next: back to the lessons
    assert said.rstrip().endswith("End of the lesson. Enter: finish it.")  # lesson 21 opened
    assert "Text of beta." in said
