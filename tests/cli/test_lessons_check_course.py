"""``lessons check`` on a course's folder: lesson numbers (two of one number, a built-in's
number unless --only-course), the course's calendar (course.toml, extensions.toml) checked at
its lines in the language asked for, every error in one run and in line order, the summary,
and the quiz page's own text or a prompt that gives the answer away."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.checking.validate import check_text
from tests.cli.inproc import call

LESSON = "@lesson {id}\n@title Lesson {id}\n\n@page One\nText.\n"
BROKEN = "@lesson {id}\n@title Lesson {id}\n\n@page One\n@board n=4\n@expect solutions = 3\n"
COURSE = '[[assignment]]\nid = "week1"\nlessons = ["alpha"]\ndue = 2026-11-20\n'
WEEK1 = '[[assignment]]\nid = "week1"\nlessons = [20]\ndue = 2026-03-06T23:59:00\n'
ALPHA = {"20-alpha.md": LESSON.format(id="alpha")}


def extension(student: str, assignment: str = "week1", due: str = "2026-03-09") -> str:
    return f'[[extension]]\nstudent = "{student}"\nassignment = "{assignment}"\ndue = {due}\n\n'


def lessons(folder: Path, text: str = LESSON, **files: str) -> None:
    for name, key in files.items():
        (folder / f"{name}.md").write_text(text.format(id=key), encoding="utf-8")


def check(
    capsys: pytest.CaptureFixture[str], folder: Path, files: dict[str, str], *argv: str
) -> tuple[int, str, str]:
    """``queens-tutor ARGV`` (``lessons check --only-course FOLDER``) once ``files`` are in
    ``folder``."""
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return call(capsys, *(argv or ("lessons", "check", "--only-course", str(folder))))


@pytest.mark.parametrize(
    ("files", "status", "said", "unsaid"),
    [
        ({**ALPHA, "course.toml": COURSE.replace("due = 2026-11-20", 'due = "2026-11-31 23:59"\n'
                                                 'late_until = "2026-13-01"')}, 1,
         ["course.toml:4: due = '2026-11-31 23:59': 2026-11 has 30 days",
          "course.toml:5: late_until = '2026-13-01': there is no month 13"], []),
        ({"course.toml": 'timezone = "Europe/Rome"\n'}, 1,
         ["course.toml: the course has no assignments"], []),
        ({**ALPHA, "extensions.toml": ""}, 1, ["there is no course.toml beside it"], []),
        ({**ALPHA, "course.toml": "[[assignment]\n", "extensions.toml": ""}, 1,
         ["course.toml:1: not valid TOML"], ["there is no course.toml beside it"]),
        ({**ALPHA, "course.toml": COURSE.replace("2026-11-20", '"someday"'),
          "extensions.toml": extension("ada")}, 1,
         ["due = 'someday' must be a date"], ["extensions.toml"]),  # no extension blamed
        ({**ALPHA, "course.toml": 'timezone = "Europe/Warsaw"\n' + WEEK1,
          "extensions.toml": extension("ada", "week2")}, 1,
         ["extensions.toml:3: assignment must name one of the course's"], []),
        ({**ALPHA, "course.toml": WEEK1 + WEEK1.replace("[20]", '["nope"]')}, 1,
         ["course.toml:5: assignment 'week1' is already in this course",
          "course.toml:7: there is no lesson 'nope'"], []),  # a repeated id: its lessons too
        ({**ALPHA, "21-beta.md": LESSON.format(id="beta"), "course.toml": COURSE}, 0,
         ["2 lesson files checked, 1 course calendar checked: no errors"], ["warning"]),
        *[({**ALPHA, "course.toml": 'timezone = "Europe/Warsaw"\n' + WEEK1,
            "extensions.toml": extension(who)}, 0, ["no errors"], ["warning"])
          for who in ("bob", "Bob", "b.byron@uni.example", "bob_2")],  # logins: no warning
    ],
)  # fmt: skip
def test_the_course_files_are_checked_at_their_lines(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    files: dict[str, str],
    status: int,
    said: list[str],
    unsaid: list[str],
) -> None:
    checked, out, err = check(capsys, tmp_path, files)
    assert checked == status, out + err
    for words in said:
        assert words in out, (words, out)
    for words in unsaid:
        assert words not in out + err, (words, out + err)


def test_two_lessons_of_one_number_or_a_built_in_s_number_are_a_clash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A built-in lesson's number clashes unless --only-course; two of one number are an error
    of the first round, said beside a broken lesson too."""
    lessons(tmp_path, **{"05-mine": "mine"})
    status, out, _err = call(capsys, "lessons", "check", str(tmp_path))
    assert status == 1 and "lesson number 5 is already the built-in lesson" in out
    status, out, _err = check(capsys, tmp_path, {})
    assert status == 0 and "no errors" in out
    (tmp_path / "05-mine.md").unlink()
    lessons(tmp_path, **{"20-alpha": "alpha", "20-beta": "beta", "21-gamma": "gamma"})
    status, out, err = check(capsys, tmp_path, {})
    assert status == 1 and "1 error" in err, out + err
    clash = (
        f"{tmp_path / '20-beta.md'}:1: lesson number 20 is already lesson 'alpha' in "
        f"{tmp_path / '20-alpha.md'}; this file is skipped: give one of the two another number"
    )
    assert out.splitlines() == [clash]
    (tmp_path / "21-gamma.md").write_text(BROKEN.format(id="gamma"))  # beside a broken lesson
    status, out, _err = check(capsys, tmp_path, {})
    assert status == 1 and "expected solutions = 3" in out and clash in out.splitlines()


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "there is no lesson 'omega' (an id, or the number of its file)"),
     ("it", "non c'è la lezione 'omega'"), ("pl", "nie ma lekcji 'omega'")],
)  # fmt: skip
def test_the_course_file_is_checked_at_its_lines_in_every_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    course = tmp_path / "course.toml"
    text = '[[assignment]]\nid = "week1"\nlessons = ["alpha", "omega"]\ndue = "someday"\n'
    status, out, _err = check(
        capsys, tmp_path, {**ALPHA, "course.toml": text}, "--lang", lang, "lessons", "check",
        "--only-course", str(course) if lang != "en" else str(tmp_path),
    )  # fmt: skip
    assert status == 1 and f"{course}:3: {said}" in out
    if lang == "en":
        assert f"{course}:4: due = 'someday' must be a date and time" in out  # quoted


def test_an_extension_by_name_warns_that_only_the_gradebook_sees_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name (not a login) reaches the gradebook, not the student's own tutor: a warning at
    its line, exit status 0; the same warning while its assignment has problems."""
    extensions = extension("ada") + extension("Bob Byron")
    files = {**ALPHA, "course.toml": WEEK1, "extensions.toml": extensions}
    status, out, err = check(capsys, tmp_path, files)
    assert status == 0 and err == "", out + err
    (line, summary) = [line for line in out.splitlines() if "warning" in line]
    assert line.startswith(f"{tmp_path / 'extensions.toml'}:6: warning: student 'Bob Byron' ")
    assert "is a name, not a login" in line and "write the login" in line
    said = (
        "tutor in a terminal (which knows her login, $USER) does only once she gives that name "
        "there (queens-tutor progress --name), and the server only for a user it knows by that "
        "name;"
    )
    assert said in line, line
    assert summary.endswith(": no errors, 1 warning (the lessons work; a teacher should look)")
    lessons(tmp_path, **{"21-beta": "beta"})
    good = WEEK1 + '\n[[assignment]]\nid = "week2"\nlessons = [21]\ndue = 2026-03-13T23:59:00\n'
    extensions = extension("ada") + extension("Eve Evans", "week2", "2026-03-16")
    broken = (
        good.replace("lessons = [21]", 'lessons = ["btea"]'),
        good + "late_until = 2026-03-01T00:00:00\n",
    )
    for text in (good, *broken):
        _status, out, _err = check(
            capsys, tmp_path, {"course.toml": text, "extensions.toml": extensions}
        )
        warned = [line for line in out.splitlines() if "is a name, not a login" in line]
        assert len(warned) == 1, out
        assert warned[0].startswith(f"{tmp_path / 'extensions.toml'}:6: warning: student 'Eve ")


def test_the_gradebook_says_an_extension_by_name_is_not_seen_by_the_students_tutor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The gradebook honours an extension by name and says in one stderr line (exit 0) which
    login reaches the student's tutor; one by login says nothing."""
    from datetime import datetime

    from lessons.progress.export import export_text

    check(capsys, tmp_path, {
        **ALPHA, "course.toml": WEEK1, "extensions.toml": extension("Bo Byron") + extension("ada"),
    })  # fmt: skip
    when = datetime(2026, 3, 1).timestamp()
    files = []
    for name, login in (("Bo Byron", "bo"), ("Ada Lovelace", "ada")):
        path = tmp_path / f"{login}.json"
        path.write_text(export_text({}, {}, student=name, login=login, now=when), encoding="utf-8")
        files.append(str(path))
    status, out, err = call(
        capsys, "report", "--gradebook", "--only-course", "--lessons-dir", str(tmp_path), *files
    )
    assert status == 0 and "extended" in out, err
    (line,) = [line for line in err.splitlines() if "extension" in line]
    assert line == (
        "queens-tutor report: the extension of week1 for 'Bo Byron' is given by a name: this "
        "gradebook honours it, but the tutor of bo does only once she gives that name there "
        "(queens-tutor progress --name), and the server only for a user it knows by that name; "
        'write student = "bo" in extensions.toml to reach them too'
    )


def test_extensions_toml_named_alone_is_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    extensions = (
        extension("ada", "wek1", "2026-11-27")
        + '[[extension]]\nassignment = "week1"\ndue = 2026-11-27\n\n'
        + extension("bob", "week1", '"soon"')
    )
    files = {**ALPHA, "course.toml": COURSE, "extensions.toml": extensions}
    path = tmp_path / "extensions.toml"
    status, out, err = check(
        capsys, tmp_path, files, "lessons", "check", "--only-course", str(path)
    )
    assert status == 1, out + err
    lines = out.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith(f"{path}:3: assignment must name")
    assert lines[1].endswith(":6: an extension needs the student's login or name (student = ...)")
    assert ":13: due = 'soon' must be a date and time" in lines[2]  # quoted
    assert "0 lesson files checked, 1 course calendar checked" in err


def test_an_empty_folder_or_another_toml_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _err = call(capsys, "lessons", "check", str(tmp_path))
    assert status == 1 and f"{tmp_path}: nothing to check here" in out
    other = tmp_path / "pyproject.toml"
    other.write_text("", encoding="utf-8")
    status, out, _err = call(capsys, "lessons", "check", str(other))
    assert status == 1 and "not a lesson file (*.md) nor a course's calendar" in out


def test_course_errors_come_in_line_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = '[[assignment]]\nid = "week 1"\nlessons = ["omega"]\ndue = "someday"\nlate_credit = 3\n'
    _status, out, _err = check(capsys, tmp_path, {**ALPHA, "course.toml": text})
    numbers = [int(line.split(":")[1]) for line in out.splitlines() if "course.toml" in line]
    assert len(numbers) >= 3 and numbers == sorted(numbers)


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
    some = tmp_path / "a.json"
    some.write_text("{}", encoding="utf-8")
    for extra in ([], ["--gradebook"], ["--format", "csv"]):
        status, _out, err = call(capsys, "report", "--lms", "canvas", *extra, str(some))
        assert status == 2 and "--lms chooses the layout of --gradebook --format csv" in err


def test_warnings_and_the_summary_are_one_line_on_one_stream(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The summary is one line: on stdout without errors, on stderr with them."""
    given = (
        "@lesson alpha\n@title Alpha\n\n@page One\nThe answer is 92.\n\n@quiz Q\n"
        "@question number\nprompt: How many solutions has n = 8?\nanswer: 92\n@end\n"
    )
    status, out, err = check(capsys, tmp_path, {"20-alpha.md": given, "course.toml": COURSE})
    assert status == 0 and err == "", err
    assert out.splitlines()[-1] == (
        "1 lesson file checked, 1 course calendar checked: no errors, 1 warning "
        "(the lessons work; a teacher should look)"
    )
    lessons(tmp_path, BROKEN, **{"21-beta": "beta"})
    status, out, err = check(capsys, tmp_path, {})
    assert status == 1
    assert err.splitlines() == [
        "1 error (2 lesson files checked, 1 course calendar checked); 1 warning"
    ]


def test_answers_prints_each_question_with_its_computed_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each question's line and computed answer (a drawn quiz question: one student's draw);
    a lesson with errors shows none."""
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
