"""``lessons check`` on a course's folder: two lessons with one number (serve would skip one),
a number of a built-in lesson (unless --only-course), and the course's calendar (course.toml,
extensions.toml) checked at its lines, in the language asked for; extensions.toml named alone
is checked; a folder or file with nothing to check is an error; every error comes in one run
and in line order; the summary counts lesson files apart from course calendars; the quiz
page's own text and a prompt that give the answer away are warned about."""

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


def test_two_lessons_with_one_number_are_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons(tmp_path, **{"20-alpha": "alpha", "20-beta": "beta", "21-gamma": "gamma"})
    status, out, err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 1, out + err
    assert out.splitlines() == [
        f"{tmp_path / '20-beta.md'}:1: lesson number 20 is already lesson 'alpha' in "
        f"{tmp_path / '20-alpha.md'}; this file is skipped: give one of the two another number"
    ]
    assert "1 error" in err


def test_a_number_of_a_built_in_lesson_is_a_clash_unless_only_course(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons(tmp_path, **{"05-mine": "mine"})
    status, out, _err = call(capsys, "lessons", "check", str(tmp_path))
    assert status == 1 and "lesson number 5 is already the built-in lesson" in out
    status, out, _err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 0 and "no errors" in out


def test_the_course_file_is_checked_at_its_lines_in_every_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons(tmp_path, **{"20-alpha": "alpha"})
    (tmp_path / "course.toml").write_text(
        '[[assignment]]\nid = "week1"\nlessons = ["alpha", "omega"]\ndue = "someday"\n',
        encoding="utf-8",
    )
    status, out, _err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    course = tmp_path / "course.toml"
    assert status == 1
    assert f"{course}:3: there is no lesson 'omega' (an id, or the number of its file)" in out
    assert f"{course}:4: due = 'someday' must be a date and time" in out  # quoted
    status, out, _err = call(
        capsys, "--lang", "it", "lessons", "check", "--only-course", str(course)
    )
    assert status == 1 and f"{course}:3: non c'è la lezione 'omega'" in out
    status, out, _err = call(
        capsys, "--lang", "pl", "lessons", "check", "--only-course", str(course)
    )
    assert status == 1 and f"{course}:3: nie ma lekcji 'omega'" in out


def test_a_good_course_and_its_extensions_check_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons(tmp_path, **{"20-alpha": "alpha"})
    (tmp_path / "course.toml").write_text(
        'timezone = "Europe/Warsaw"\n[[assignment]]\nid = "week1"\nlessons = [20]\n'
        "due = 2026-03-06T23:59:00\n",
        encoding="utf-8",
    )
    (tmp_path / "extensions.toml").write_text(
        '[[extension]]\nstudent = "ada"\nassignment = "week2"\ndue = 2026-03-09\n',
        encoding="utf-8",
    )
    status, out, _err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 1
    assert f"{tmp_path / 'extensions.toml'}:3: assignment must name one of the course's" in out
    (tmp_path / "extensions.toml").write_text(
        '[[extension]]\nstudent = "ada"\nassignment = "week1"\ndue = 2026-03-09\n',
        encoding="utf-8",
    )
    status, out, _err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 0, out


def test_a_date_that_is_not_in_the_calendar_is_said_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'2026-11-31 23:59' looks like the example; the message quotes it
    and says why it is no date."""
    lessons(tmp_path, **{"20-alpha": "alpha"})
    (tmp_path / "course.toml").write_text(
        '[[assignment]]\nid = "w"\nlessons = ["alpha"]\ndue = "2026-11-31 23:59"\n'
        'late_until = "2026-13-01"\n',
        encoding="utf-8",
    )
    status, out, _err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 1
    assert "course.toml:4: due = '2026-11-31 23:59': 2026-11 has 30 days" in out
    assert "course.toml:5: late_until = '2026-13-01': there is no month 13" in out


@pytest.mark.parametrize("student", ["bob", "Bob", "b.byron@uni.example", "bob_2"])
def test_an_extension_by_login_gets_no_warning(
    tmp_path: Path, student: str, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons(tmp_path, **{"20-alpha": "alpha"})
    (tmp_path / "course.toml").write_text(
        '[[assignment]]\nid = "week1"\nlessons = [20]\ndue = 2026-03-06T23:59:00\n',
        encoding="utf-8",
    )
    (tmp_path / "extensions.toml").write_text(
        f'[[extension]]\nstudent = "{student}"\nassignment = "week1"\ndue = 2026-03-09\n',
        encoding="utf-8",
    )
    status, out, err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 0 and "warning" not in out + err, out + err


def test_an_extension_by_name_warns_that_only_the_gradebook_sees_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'Bob Byron' (the name in his export) reaches the gradebook, not
    his own tutor, which knows him by his login: a warning at its line, exit status 0."""
    lessons(tmp_path, **{"20-alpha": "alpha"})
    (tmp_path / "course.toml").write_text(
        '[[assignment]]\nid = "week1"\nlessons = [20]\ndue = 2026-03-06T23:59:00\n',
        encoding="utf-8",
    )
    (tmp_path / "extensions.toml").write_text(
        '[[extension]]\nstudent = "ada"\nassignment = "week1"\ndue = 2026-03-09\n\n'
        '[[extension]]\nstudent = "Bob Byron"\nassignment = "week1"\ndue = 2026-03-09\n',
        encoding="utf-8",
    )
    status, out, err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 0, out + err
    (line, summary) = [line for line in out.splitlines() if "warning" in line]
    assert line.startswith(f"{tmp_path / 'extensions.toml'}:6: warning: student 'Bob Byron' ")
    assert "is a name, not a login" in line and "write the login" in line
    # and when her tutor and the server do honour it (not that they never
    # do: her tutor does once she gives that name)
    said = (
        "tutor in a terminal (which knows her login, $USER) does only once she gives that name "
        "there (queens-tutor progress --name), and the server only for a user it knows by that "
        "name;"
    )
    assert said in line, line
    assert summary.endswith(": no errors, 1 warning (the lessons work; a teacher should look)")
    assert err == ""


def test_an_extension_by_name_warns_also_while_its_assignment_has_a_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With week2 broken (an unknown lesson, late_until before due) the
    name-not-login warning of its extension came only after the typo was fixed; every problem
    and warning of both files is said at once, the same warning in both runs."""
    lessons(tmp_path, **{"20-alpha": "alpha", "21-beta": "beta"})
    good = (
        '[[assignment]]\nid = "week1"\nlessons = [20]\ndue = 2026-03-06T23:59:00\n\n'
        '[[assignment]]\nid = "week2"\nlessons = [21]\ndue = 2026-03-13T23:59:00\n'
    )
    (tmp_path / "extensions.toml").write_text(
        '[[extension]]\nstudent = "ada"\nassignment = "week1"\ndue = 2026-03-09\n\n'
        '[[extension]]\nstudent = "Eve Evans"\nassignment = "week2"\ndue = 2026-03-16\n',
        encoding="utf-8",
    )
    broken = (
        good.replace("lessons = [21]", 'lessons = ["btea"]'),
        good + "late_until = 2026-03-01T00:00:00\n",
    )
    for text in (good, *broken):
        (tmp_path / "course.toml").write_text(text, encoding="utf-8")
        _status, out, _err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
        warned = [line for line in out.splitlines() if "is a name, not a login" in line]
        assert len(warned) == 1, out
        assert warned[0].startswith(f"{tmp_path / 'extensions.toml'}:6: warning: student 'Eve ")


def test_the_gradebook_says_an_extension_by_name_is_not_seen_by_the_students_tutor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bo's export carries his login; the extension names him 'Bo Byron'.
    The gradebook honours it and says, in one stderr line (exit 0), that bo's tutor does not
    and which login to write; an extension by login says nothing."""
    from datetime import datetime

    from lessons.progress.export import export_text

    lessons(tmp_path, **{"20-alpha": "alpha"})
    (tmp_path / "course.toml").write_text(
        '[[assignment]]\nid = "week1"\nlessons = [20]\ndue = 2026-03-06T23:59:00\n',
        encoding="utf-8",
    )
    (tmp_path / "extensions.toml").write_text(
        '[[extension]]\nstudent = "Bo Byron"\nassignment = "week1"\ndue = 2026-03-09\n\n'
        '[[extension]]\nstudent = "ada"\nassignment = "week1"\ndue = 2026-03-09\n',
        encoding="utf-8",
    )
    when = datetime(2026, 3, 1).timestamp()
    files = []
    for name, login in (("Bo Byron", "bo"), ("Ada Lovelace", "ada")):
        path = tmp_path / f"{login}.json"
        path.write_text(export_text({}, {}, student=name, login=login, now=when), encoding="utf-8")
        files.append(str(path))
    status, out, err = call(
        capsys, "report", "--gradebook", "--only-course", "--lessons-dir", str(tmp_path), *files
    )
    assert status == 0, err
    assert "extended" in out
    (line,) = [line for line in err.splitlines() if "extension" in line]
    assert line == (
        "queens-tutor report: the extension of week1 for 'Bo Byron' is given by a name: this "
        "gradebook honours it, but the tutor of bo does only once she gives that name there "
        "(queens-tutor progress --name), and the server only for a user it knows by that name; "
        'write student = "bo" in extensions.toml to reach them too'
    )


def test_a_course_without_assignments_is_an_error_as_the_gradebook_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty course.toml passed lessons check (no errors, exit 0)
    while report --gradebook refused it (--gradebook needs a course, exit 2)."""
    (tmp_path / "course.toml").write_text('timezone = "Europe/Rome"\n', encoding="utf-8")
    status, out, _err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert status == 1
    assert f"{tmp_path / 'course.toml'}: the course has no assignments" in out


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
    assert ":11: due = 'soon' must be a date and time" in lines[2]  # quoted
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
    """``--lms canvas`` was silently ignored without --gradebook."""
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
    """'no errors' on stdout and the warning count on stderr landed apart
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
