"""A course whose lesson fails its check: the assignment stays in the
gradebook, known by the lesson's id; ``lessons check`` and ``report`` name the real cause (the
lesson's own problem), and the report counts it as a problem (json, exit status 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.course_kit import DUE, as_csv, as_json, done, export
from tests.cli.inproc import call

BROKEN = """\
@lesson beta
@title Lesson beta

@page Board
@board n=4 algorithm=iterative
@expect solutions = 3

@quiz Quiz
@question number
prompt: How many?
answer: 2
@end
"""


@pytest.fixture
def broken(course: Path) -> Path:
    (course / "21-beta.md").write_text(BROKEN, encoding="utf-8")
    return course


def test_a_lesson_failing_its_check_keeps_its_assignment_in_the_gradebook(
    broken: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ada = export(tmp_path, "Ada", "ada", {"alpha": done(DUE), "beta": done(DUE)})
    argv = ["--gradebook", "--lessons-dir", str(broken), "--only-course", str(ada)]
    status, table, err = as_csv(capsys, *argv)
    (week1,) = [name for name in table[0] if name.startswith("week1 (out of ")]
    assert table[1][table[0].index(week1)] == "4"  # beta's points still count
    assert status == 1
    assert "does not pass its check" in err and "21-beta.md:6" in err
    status, data, _err = as_json(capsys, *argv)
    assert [a["id"] for a in data["assignments"]] == ["week1"]
    assert data["assignments"][0]["lessons"] == ["alpha", "beta"]
    assert any("does not pass its check" in problem for problem in data["problems"])


@pytest.mark.parametrize(
    "text", [BROKEN, "@lesson beta\n@title B\n@bogus\n"], ids=["check", "syntax"]
)
def test_lessons_check_names_the_lessons_own_problem(
    course: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    """Failing its ``@expect`` (at its line) or its syntax (known by its @lesson line)."""
    (course / "21-beta.md").write_text(text, encoding="utf-8")
    status, out, _err = call(capsys, "lessons", "check", str(course))
    assert status == 1
    course_lines = [line for line in out.splitlines() if "course.toml" in line]
    assert course_lines and all("there is no lesson" not in line for line in course_lines)
    assert "'beta' does not pass its check" in course_lines[0]
    assert text != BROKEN or "21-beta.md:6" in course_lines[0]


def test_a_lesson_failing_only_its_check_keeps_its_points_in_the_gradebook(
    broken: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Files that do not describe their lessons: a lesson failing its ``@expect`` keeps its
    file's maximum (no '2/0'), and the report does not ask for the folder it was given."""
    from lessons.progress.export import export_text

    path = tmp_path / "bare.json"
    path.write_text(
        export_text({"alpha": done(DUE), "beta": done(DUE, 1)}, {}, student="Ada", login="ada"),
        encoding="utf-8",
    )
    argv = ["--gradebook", "--lessons-dir", str(broken), "--only-course", str(path)]
    _status, data, err = as_json(capsys, *argv)
    grades = data["students"][0]["grades"]["week1"]
    assert grades["max_score"] == 3  # alpha's 2 and beta's 1
    assert "give their folder with --lessons-dir" not in err
    table = as_csv(capsys, *argv, "--lms", "canvas")[1]
    possible = next(row for row in table if row[0].strip() == "Points Possible")
    assert possible[-1] == "3"
