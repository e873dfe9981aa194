"""``lessons check`` as a teacher met it (teacher walk 1): extensions.toml named alone is checked
(#3), a folder or file with nothing to check is an error (#3), every error comes in one round
and in line order (#6), the summary counts lesson files apart from course calendars (#17), and
the quiz page's own text and a prompt that give the answer away are warned about (#4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.checking.validate import check_text
from tests.cli.inproc import call

LESSON = "@lesson {id}\n@title Lesson {id}\n\n@page One\nText.\n"
BROKEN = "@lesson {id}\n@title Lesson {id}\n\n@page One\n@board n=4\n@expect solutions = 3\n"


def lessons(folder: Path, text: str = LESSON, **files: str) -> None:
    for name, key in files.items():
        (folder / f"{name}.md").write_text(text.format(id=key), encoding="utf-8")


COURSE = '[[assignment]]\nid = "week1"\nlessons = ["alpha"]\ndue = 2026-11-20\n'


def test_extensions_toml_named_alone_is_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons(tmp_path, **{"20-alpha": "alpha"})
    (tmp_path / "course.toml").write_text(COURSE, encoding="utf-8")
    (tmp_path / "extensions.toml").write_text(
        '[[extension]]\nstudent = "ada"\nassignment = "wek1"\ndue = 2026-11-27\n'
        '[[extension]]\nassignment = "week1"\ndue = 2026-11-27\n'
        '[[extension]]\nstudent = "bob"\nassignment = "week1"\ndue = "soon"\n',
        encoding="utf-8",
    )
    status, out, err = call(
        capsys, "lessons", "check", "--only-course", str(tmp_path / "extensions.toml")
    )
    assert status == 1, out + err
    lines = out.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith(f"{tmp_path / 'extensions.toml'}:3: assignment must name")
    assert lines[1].endswith(":5: an extension needs the student's login or name (student = ...)")
    assert ":11: due = 'soon' must be a date and time" in lines[2]  # quoted (walk 5, L1)
    assert "0 lesson files checked, 1 course calendar checked" in err


def test_extensions_without_a_course_are_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons(tmp_path, **{"20-alpha": "alpha"})
    (tmp_path / "extensions.toml").write_text("", encoding="utf-8")
    status, out, _err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 1 and "there is no course.toml beside it" in out


def test_an_empty_folder_or_another_toml_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _err = call(capsys, "lessons", "check", str(tmp_path))
    assert status == 1 and f"{tmp_path}: nothing to check here" in out
    other = tmp_path / "pyproject.toml"
    other.write_text("", encoding="utf-8")
    status, out, _err = call(capsys, "lessons", "check", str(other))
    assert status == 1 and "not a lesson file (*.md) nor a course's calendar" in out


def test_the_summary_counts_lessons_apart_from_the_calendar(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons(tmp_path, **{"20-alpha": "alpha", "21-beta": "beta"})
    (tmp_path / "course.toml").write_text(COURSE, encoding="utf-8")
    status, out, _err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 0
    assert out.strip() == "2 lesson files checked, 1 course calendar checked: no errors"


def test_a_clash_with_a_broken_lesson_comes_in_the_first_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons(tmp_path, **{"10-alpha": "alpha"})
    lessons(tmp_path, BROKEN, **{"10-beta": "beta"})
    status, out, _err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 1
    assert "expected solutions = 3" in out
    assert (
        f"{tmp_path / '10-beta.md'}:1: lesson number 10 is already lesson 'alpha' in "
        f"{tmp_path / '10-alpha.md'}; this file is skipped: give one of the two another number"
    ) in out.splitlines()


def test_a_broken_assignment_does_not_blame_every_extension(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons(tmp_path, **{"20-alpha": "alpha"})
    (tmp_path / "course.toml").write_text(
        COURSE.replace("2026-11-20", '"someday"'), encoding="utf-8"
    )
    (tmp_path / "extensions.toml").write_text(
        '[[extension]]\nstudent = "ada"\nassignment = "week1"\ndue = 2026-11-27\n',
        encoding="utf-8",
    )
    status, out, _err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 1
    assert "due = 'someday' must be a date" in out
    assert "extensions.toml" not in out


def test_course_errors_come_in_line_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons(tmp_path, **{"20-alpha": "alpha"})
    (tmp_path / "course.toml").write_text(
        '[[assignment]]\nid = "week 1"\nlessons = ["omega"]\ndue = "someday"\nlate_credit = 3\n',
        encoding="utf-8",
    )
    _status, out, _err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    numbers = [int(line.split(":")[1]) for line in out.splitlines() if "course.toml" in line]
    assert len(numbers) >= 3 and numbers == sorted(numbers)


def test_a_bad_lesson_id_is_one_error() -> None:
    found = check_text("@lesson Four_Queens\n@title T\n\n@page P\nText.\n", "x.md")
    assert [str(error) for error in found] == [
        "x.md:1: lesson id must be lowercase letters, digits and '-'; not 'Four_Queens'"
    ]


def test_a_wrong_method_name_reads_as_english() -> None:
    found = check_text("@lesson x\n@title T\n\n@page P\n@board n=4\n@expect q = 1\n", "x.md")
    assert "a board of algorithm=iterative has" in str(found[0])


QUIZ_PAGE = """\
@lesson given
@title Given

@page Intro
Text.

@quiz Quiz
The 7 x 7 board has 40 solutions; and there are 2 solutions on 4 x 4.
@question solutions n=7
@end
@question solutions n=4
@end
@question number
prompt: How many solutions has the 8 x 8 board (352? no, 92)?
answer: 92
@end
"""


def test_the_quiz_page_and_the_prompt_giving_the_answer_away_are_warned_about() -> None:
    found = [str(e) for e in check_text(QUIZ_PAGE, "given.md", warnings=True)]
    assert any(
        line.startswith("given.md:8: warning: 40 here is the answer to the quiz question at line 9")
        for line in found
    ), found
    assert any(line.startswith("given.md:8: warning: 2 here is the answer") for line in found)
    assert any(line.startswith("given.md:13: warning: 92 here is the answer") for line in found)
    assert all("(@question number)" in line for line in found if "line 13" in line)


def test_lms_without_a_gradebook_csv_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Teacher walk 1, #17: ``--lms canvas`` was silently ignored without --gradebook."""
    some = tmp_path / "a.json"
    some.write_text("{}", encoding="utf-8")
    for extra in ([], ["--gradebook"], ["--format", "csv"]):
        status, _out, err = call(capsys, "report", "--lms", "canvas", *extra, str(some))
        assert status == 2 and "--lms chooses the layout of --gradebook --format csv" in err


def test_a_broken_course_toml_is_not_called_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons(tmp_path, **{"20-alpha": "alpha"})
    (tmp_path / "course.toml").write_text("[[assignment]\n", encoding="utf-8")
    (tmp_path / "extensions.toml").write_text("", encoding="utf-8")
    status, out, _err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 1 and "course.toml:1: not valid TOML" in out
    assert "there is no course.toml beside it" not in out


def test_warnings_and_the_summary_are_one_line_on_one_stream(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Teacher walk 4, L1: 'no errors' on stdout and the warning count on stderr landed apart
    in a terminal; the summary is one line: stdout without errors, stderr with them."""
    (tmp_path / "20-alpha.md").write_text(
        "@lesson alpha\n@title Alpha\n\n@page One\nThe answer is 92.\n\n@quiz Q\n"
        "@question number\nprompt: How many solutions has n = 8?\nanswer: 92\n@end\n",
        encoding="utf-8",
    )
    (tmp_path / "course.toml").write_text(COURSE, encoding="utf-8")
    status, out, err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 0 and err == "", err
    assert out.splitlines()[-1] == (
        "1 lesson file checked, 1 course calendar checked: no errors, 1 warning "
        "(the lessons work; a teacher should look)"
    )
    lessons(tmp_path, BROKEN, **{"21-beta": "beta"})
    status, out, err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 1
    assert err.splitlines() == [
        "1 error (2 lesson files checked, 1 course calendar checked); 1 warning"
    ]


def test_answers_prints_each_question_with_its_computed_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The loop's third tick on 4 x 4 tries column 1, row 1, attacked along row-col by the
    queen of column 0; a quiz question drawn per student shows one student's draw; a lesson
    with errors shows none."""
    (tmp_path / "20-alpha.md").write_text(
        "@lesson alpha\n@title A\n@page P\n@board n=4\n@step 3\n@question attacker\n@end\n"
        "@question number\nprompt: Entries of b[] for n = 8?\nanswer: 15\n@end\n"
        "@quiz\n@board n=8\n@question same-diagonal square=0,4 other=2,6\n@end\n",
        encoding="utf-8",
    )
    lessons(tmp_path, text=BROKEN, **{"21-beta": "beta"})
    status, out, _err = call(capsys, "lessons", "check", "--answers", str(tmp_path))
    lines = [line for line in out.splitlines() if "@question" in line]
    alpha = tmp_path / "20-alpha.md"
    assert status == 1 and len(lines) == 3, out
    assert lines[0].startswith(f"{alpha}:6: @question attacker: ") and lines[0].endswith("-> 0")
    assert lines[1] == f"{alpha}:8: @question number: Entries of b[] for n = 8? -> 15"
    assert lines[2].startswith(f"{alpha}:14: @question same-diagonal: ")
    assert "(one student's draw: " in lines[2]
