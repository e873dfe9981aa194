"""``queens-tutor lessons list`` and ``lessons check``: files, folders (DIR's own ``*.md`` and
its language folders en/, it/, pl/ only), what cannot be read, a translation against its
English lesson; on a course's folder, lesson numbers (two of one number, a built-in's unless
--only-course) and the course's calendar (course.toml, extensions.toml) checked at its lines in
the language asked for, every error in one run in line order, the summary, a quiz page's own
text or a prompt giving the answer away."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lessons.catalog import BUILTIN_DIR, load_catalog
from lessons.checking.validate import check_text
from tests.built_in import LESSONS
from tests.cli.clirun import assert_usage_error, run_cli_bound_by_modes, run_main, run_ok
from tests.cli.inproc import call
from tests.tiers import sweep

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
    of the first pass, said beside a broken lesson too."""
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


def test_extensions_toml_named_alone_is_checked_and_errors_come_in_line_order(
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
    # A course's errors come in line order.
    text = '[[assignment]]\nid = "week 1"\nlessons = ["omega"]\ndue = "someday"\nlate_credit = 3\n'
    _status, out, _err = check(capsys, tmp_path, {"course.toml": text})
    numbers = [int(line.split(":")[1]) for line in out.splitlines() if "course.toml" in line]
    assert len(numbers) >= 3 and numbers == sorted(numbers)


def test_an_empty_folder_or_another_toml_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _err = call(capsys, "lessons", "check", str(tmp_path))
    assert status == 1 and f"{tmp_path}: nothing to check here" in out
    other = tmp_path / "pyproject.toml"
    other.write_text("", encoding="utf-8")
    status, out, _err = call(capsys, "lessons", "check", str(other))
    assert status == 1 and "not a lesson file (*.md) nor a course's calendar" in out


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
        line.startswith("given.md:8: warning: 40 here is the answer to the question at line 9")
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
        "@question number\nprompt: How many solutions has n = 8?\n"
        "hint: Run the loop in all-solutions mode.\nanswer: 92\n@end\n"
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
        "@quiz\n@board n=8\n@question same-diagonal square=0,4 other=2,6\n@end\n"
        "@question exists n=4\n@end\n",
        encoding="utf-8",
    )
    lessons(tmp_path, text=BROKEN, **{"21-beta": "beta"})
    status, out, _err = call(capsys, "lessons", "check", "--answers", str(tmp_path))
    lines = [line for line in out.splitlines() if "@question" in line]
    alpha = tmp_path / "20-alpha.md"
    assert status == 1 and len(lines) == 4, out
    assert lines[0].startswith(f"{alpha}:6: @question attacker: ")
    assert lines[0].endswith("-> column 0")
    assert lines[1] == f"{alpha}:8: @question number: Entries of b[] for n = 8? -> 15"
    assert lines[2].startswith(f"{alpha}:14: @question same-diagonal: ")
    assert "(one student's draw: " in lines[2]
    assert lines[3].endswith("-> choice 1, “yes”")  # asked as written: no draw
    beta = tmp_path / "21-beta.md"
    assert f"{beta}: no answers until its errors are fixed" in out.splitlines()


GOOD = "@lesson extra\n@title Extra lesson\n\n@page One\nText.\n@board n=4\n@step\n@expect k = 1\n"
BROKEN_FILE = "@lesson broken\n@title Broken\n\n@page One\n@board n=4\n@expect k = 3\n"


# Every built-in file through the command: the everyday run checks every one of them
# (tests/unit/lessons/test_hostile_files.py, test_parity.py) and the command on a good file here.
@pytest.mark.thorough
def test_check_passes_on_every_builtin_lesson() -> None:
    files = sorted(BUILTIN_DIR.glob("*/*.md"))
    assert len(files) == 3 * LESSONS  # in English, Italian and Polish
    result = run_ok("lessons", "check", *map(str, files))
    assert f"{len(files)} lesson files checked: no errors" in result.out


def test_check_reports_file_line_message_and_exits_1(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.md", tmp_path / "bad.md"
    good.write_text(GOOD)
    bad.write_text(BROKEN_FILE + "@bogus\n")
    result = run_main("lessons", "check", str(good), str(bad))
    assert result.status == 1
    known = "@lesson, @title, @lang, @summary, @page, @quiz, @board, @step, @back, @run, @expect,"
    known += " @overlay, @tree, @question, @end"
    assert result.out.splitlines() == [
        f"{bad}:7: unknown directive @bogus; known: {known}",
        f"{bad}:7: warning: the boards are played and the questions posed once these errors are "
        "fixed",  # its @expect, wrong, is said then
    ]
    assert "1 error (2 lesson files checked); 1 warning" in result.err
    (tmp_path / "broken.md").write_text(BROKEN_FILE)
    semantic = run_main("lessons", "check", str(good), str(tmp_path / "broken.md"))
    assert semantic.status == 1
    said = f"{tmp_path / 'broken.md'}:6: expected k = 3, but k = 0 at tick 0"
    assert semantic.out.strip() == said


def test_check_a_directory_and_a_missing_file(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()  # a language folder is read; another sub-folder is not
    (tmp_path / "en" / "good.md").write_text(GOOD)
    assert run_main("lessons", "check", str(tmp_path)).status == 0
    missing = run_main("lessons", "check", str(tmp_path / "nope.md"))
    assert_usage_error(missing, "no such file", "nope.md")
    assert missing.out == ""


@pytest.mark.parametrize(
    "where",
    sweep(["folder", "course.toml", "inner folder", "lesson file"], everyday=["inner folder"]),
)
def test_check_of_what_cannot_be_read_is_one_line_and_status_2(tmp_path: Path, where: str) -> None:
    folder = tmp_path / "course"
    (folder / "it").mkdir(parents=True)  # a language folder: the only inner folder read
    (folder / "good.md").write_text(GOOD)
    (folder / "course.toml").write_text("timezone = 'Europe/Rome'\n")
    shut = {"folder": folder, "course.toml": folder / "course.toml"}.get(where, folder / "it")
    argument = folder / "course.toml" if where == "course.toml" else folder
    if where == "lesson file":
        shut = folder / "good.md"
        argument = shut
    shut.chmod(0)
    try:
        result = run_cli_bound_by_modes("lessons", "check", str(argument))
    finally:
        shut.chmod(0o700)
    assert_usage_error(result, str(shut), "Permission denied")
    assert "internal error" not in result.err


def test_list_shows_builtin_lessons_in_order() -> None:
    result = run_ok("lessons", "list")
    lines = result.out.splitlines()
    assert len(lines) == LESSONS
    assert lines[0].split()[:2] == ["1", "problem"]
    assert lines[4].split()[:2] == ["5", "iterative"]
    assert all(line.endswith("[new]") for line in lines)


def test_list_with_a_lessons_dir_skips_broken_files_and_names_english_ones(tmp_path: Path) -> None:
    (tmp_path / "10-extra.md").write_text(GOOD)
    (tmp_path / "11-broken.md").write_text(BROKEN_FILE)
    result = run_ok("lessons", "list", "--lessons-dir", str(tmp_path), "--format", "json")
    ids = [row["id"] for row in json.loads(result.out)["lessons"]]
    assert "extra" in ids and "broken" not in ids and len(ids) == LESSONS + 1
    assert f"skipped: {tmp_path / '11-broken.md'}:6: expected k = 3" in result.err
    before_command = run_main("--lessons-dir", str(tmp_path), "lessons", "list")
    assert "extra" in before_command.out
    result = run_ok("lessons", "list", "--lang", "it", "--lessons-dir", str(tmp_path))
    lines = result.out.splitlines()
    assert lines[0].split()[:2] == ["1", "problem"]
    assert "Il problema e la sua rappresentazione" in lines[0]
    assert not lines[0].endswith(")")
    assert any(line.endswith("Extra lesson  [nuova]  (in inglese)") for line in lines), lines
    argv = ("lessons", "list", "--lang", "pl", "--lessons-dir", str(tmp_path), "--format", "json")
    rows = json.loads(run_main(*argv).out)["lessons"]
    extra = next(row for row in rows if row["id"] == "extra")
    assert [row["english_fallback"] for row in rows].count(True) == 1 and extra["english_fallback"]
    assert extra["notice"].startswith("Ta lekcja nie ma jeszcze polskiego tłumaczenia")


def test_the_lesson_options_may_come_before_the_action() -> None:
    """``lessons --lang it list``: "it" is the language, not the action."""
    before = run_ok("lessons", "--lang", "it", "list")
    after = run_main("lessons", "list", "--lang", "it")
    assert before.out == after.out and "nuova" in before.out
    missing = run_main("lessons", "--lang", "it")
    assert_usage_error(missing, "ACTION")
    assert "'it'" not in missing.err


def test_list_shows_progress(tmp_path: Path) -> None:
    data = tmp_path / "data" / "queens-tutor"
    data.mkdir(parents=True)
    lesson = {"page": 2, "completed": False, "answers": {}}
    done = {"page": 4, "completed": True, "best_score": 5, "max_score": 5, "answers": {}}
    saved = {"schema": 1, "lessons": {"small-boards": lesson, "problem": done}}
    (data / "progress.json").write_text(json.dumps(saved))
    result = run_main("lessons", "list", env={"XDG_DATA_HOME": str(tmp_path / "data")})
    lines = result.out.splitlines()
    problem = load_catalog("en").find("problem")
    assert problem is not None
    assert lines[0].endswith(f"[done, best 5/{problem.max_score}]")  # the lesson's own
    assert lines[1].endswith("[page 3/11]")  # small-boards: 11 pages


def test_check_compares_a_translation_with_its_english_lesson(tmp_path: Path) -> None:
    (tmp_path / "pl").mkdir()
    (tmp_path / "10-extra.md").write_text(GOOD)
    polish = tmp_path / "pl" / "10-extra.md"
    translated = GOOD.replace("@title Extra lesson", "@title Dodatkowa\n@lang pl")
    polish.write_text(translated)
    assert run_main("lessons", "check", str(tmp_path)).status == 0
    assert run_main("lessons", "check", str(tmp_path / "10-extra.md"), str(polish)).status == 0
    polish.write_text(translated.replace("@step", "@step 2"))
    result = run_main("lessons", "check", str(tmp_path))
    assert result.status == 1
    assert result.out.splitlines() == [
        f"{polish}:8: @step 2 tick where the English has @step 1 tick "
        f"({tmp_path / '10-extra.md'}:7)"
    ]


@pytest.mark.parametrize(
    "argv",
    sweep(
        [["lessons", "list"], ["progress"],
         ["--plain", "--lesson", "1"]],  # the tutor (stdin is no terminal: the plain one)
        everyday=[["--plain", "--lesson", "1"]],
    ),
)  # fmt: skip
def test_other_readers_of_an_unreadable_lessons_dir_name_it_and_go_on(
    tmp_path: Path, argv: list[str]
) -> None:
    """A --lessons-dir that cannot be listed is named in a line
    and skipped (as a broken lesson file is), never an internal error."""
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "good.md").write_text(GOOD)
    folder.chmod(0)
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "XDG_STATE_HOME": str(tmp_path / "state")}
    try:
        result = run_cli_bound_by_modes(*argv, "--lessons-dir", str(folder), env=env)
    finally:
        folder.chmod(0o700)
    assert result.status == 0, result.err
    assert "internal error" not in result.err and "Traceback" not in result.err
    said = result.out + result.err
    assert "cannot list the folder: Permission denied" in said


@pytest.mark.timeout(30)
def test_check_of_a_fifo_never_hangs(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "lesson.md"
    os.mkfifo(fifo)
    result = run_main("lessons", "check", str(fifo))
    assert result.status == 1 and "not a regular file" in result.out
    assert_usage_error(run_main("count", "8", "--tls-ca-file", str(fifo)), "--cluster")


LANG_LESSON = "@lesson {id}\n@title Lesson {id}\n@lang {lang}\n\n@page One\nText.\n"


def test_the_tutor_and_lessons_check_read_the_folder_and_its_language_folders_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "20-alpha.md").write_text(LANG_LESSON.format(id="alpha", lang="en"), "utf-8")
    (tmp_path / "pl").mkdir()
    (tmp_path / "pl" / "20-alpha.md").write_text(LANG_LESSON.format(id="alpha", lang="pl"), "utf-8")
    for sub in ("sub", "sub/deeper", "old"):
        (tmp_path / sub).mkdir()
        (tmp_path / sub / "21-bad.md").write_text("text before the first page\n", "utf-8")
    catalog = load_catalog("pl", [tmp_path])
    assert catalog.find("alpha").lang == "pl"  # type: ignore[union-attr]
    assert not catalog.errors, [str(e) for e in catalog.errors]  # no sub/ or old/ read
    status, out, err = call(capsys, "lessons", "check", str(tmp_path))
    assert status == 0 and "21-bad.md" not in out + err, out + err
    assert "2 lesson files checked" in out + err, out + err
