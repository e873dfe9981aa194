"""The plain tutor numbers a course's lessons by their files, as ``lessons list``, the review
and the report do: ``lessons`` says ``10.`` for ``10-gamma.md``
listed third, ``lesson 10`` opens it; a deadline names its zone; a lesson finished after its
due date says it was handed in late (the real installed command on a script)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from lessons.shown_time import with_zone
from tests.plain.test_plain_script import run_script

LESSON = "@lesson {id}\n@title Lesson {id}\n\n@page One\nText of {id}.\n"


def test_lessons_are_numbered_by_their_files_and_a_late_end_says_so(tmp_path: Path) -> None:
    course = tmp_path / "course"
    course.mkdir()
    for number, name in ((2, "alpha"), (5, "beta"), (10, "gamma")):
        (course / f"{number:02}-{name}.md").write_text(LESSON.format(id=name), encoding="utf-8")
    due = datetime.now().astimezone().replace(microsecond=0) - timedelta(hours=2)
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
    assert done.returncode == 0, done.stderr.decode()
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
