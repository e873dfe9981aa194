"""Whose due dates a tutor in a terminal reads (lessons/course/whose.py): a student carrying her
work from the lab (``fay``) to her laptop (``fhopper``) reads, once she names herself, what the
gradebook says; before that, and on a shared account, the menu says whose dates it reads."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from lessons.progress.export import LessonInfo, export_text
from lessons.progress.records import LessonRecord
from tests.cli.clirun import Result, run_main, run_ok
from tests.cli.course_kit import course_folder, course_toml

NOW = datetime.now().astimezone().replace(microsecond=0)
DUE = NOW - timedelta(days=2)
EXTENDED = NOW + timedelta(days=2)


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """Lesson ``alpha`` (two questions) in assignment week1, due two days ago, late work at
    50%; Fay extended by her login (written ``Fay``) to two days from now."""
    folder = course_folder(
        tmp_path / "course", course_toml(DUE.isoformat(), "alpha"), "alpha", "beta"
    )
    extend(folder, "Fay")
    return folder


def extend(course: Path, student: str) -> None:
    """Week1 extended to :data:`EXTENDED` for ``student`` (the course's only extension)."""
    (course / "extensions.toml").write_text(
        f'[[extension]]\nstudent = "{student}"\nassignment = "week1"\n'
        f'due = "{EXTENDED.isoformat()}"\n',
        encoding="utf-8",
    )


def account(home: Path, login: str) -> dict[str, str]:
    """The environment of a tutor run on ``login``'s account, its home ``home``."""
    return {
        "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"), "USER": login, "LOGNAME": login,
    }  # fmt: skip


def tutor(env: dict[str, str], course: Path, *argv: str, stdin: str | None = None) -> Result:
    """``argv`` on ``env``'s account with the course ``course`` only; it must end with status 0."""
    return run_ok(*argv, "--lessons-dir", str(course), "--only-course", stdin=stdin, env=env)


def menu(env: dict[str, str], course: Path) -> list[str]:
    return tutor(env, course, "--plain", stdin="lessons\n").out.splitlines()


def line_of(lines: list[str], start: str) -> str:
    return next(line for line in lines if line.startswith(start))


def server_export(folder: Path) -> Path:
    """What fay's served tab downloads: her login as name and login, lesson alpha opened
    before the due date (nothing answered)."""
    record = LessonRecord(page=0)
    record.updated = (DUE - timedelta(days=1)).timestamp()
    info = {"alpha": LessonInfo("Lesson alpha", 1, 2)}
    path = folder / "queens-tutor-progress-fay.json"
    path.write_text(export_text({"alpha": record}, info, student="fay", login="fay"), "utf-8")
    return path


def test_an_extension_by_login_reaches_the_laptop_of_a_student_who_names_herself(
    course: Path, tmp_path: Path
) -> None:
    laptop = account(tmp_path / "s-faylap", "fhopper")
    loaded = run_ok("progress", "--load", str(server_export(tmp_path)), env=laptop)
    assert "progress --name fay" in loaded.out  # how to be counted as fay, said at the load
    # she finishes lesson alpha on the laptop, after the course's date, before her extension
    tutor(laptop, course, "--plain", stdin="lesson 20\n2\nenter\n10\nenter\n")
    before = menu(laptop, course)
    # not named yet: the laptop's login's dates, and the menu says the gradebook may differ
    said = line_of(before, "Due dates for fhopper")
    assert "loaded from an export of fay" in said and "may differ" in said
    assert "handed in late" in line_of(before, "20. ")
    # her export under her login (the README's recipe) names her in the course from now on
    exported = tmp_path / "sub" / "fay-lap.json"
    exported.parent.mkdir()
    tutor(laptop, course, "progress", "--export", str(exported), "--name", "fay")
    after = menu(laptop, course)
    assert line_of(after, "Due dates for fay")
    lesson = line_of(after, "20. ")
    assert "handed in on time" in lesson and "late" not in lesson and "counts" not in lesson
    shown = tutor(laptop, course, "progress")
    assert "Due dates for fay" in shown.out
    # a later export without --name carries the name she gave, not the laptop's login
    again = tutor(laptop, course, "progress", "--export", "-")
    assert json.loads(again.out)["student"] == "fay"
    # the gradebook: one student, fay, 2/2 on time with her extension; one story
    book = run_main(
        "report", "--gradebook", "--format", "json", "--lessons-dir", str(course),
        "--only-course", str(tmp_path / "queens-tutor-progress-fay.json"), str(exported),
    )  # fmt: skip
    rows = json.loads(book.out)["students"]
    assert [(row["student"], row["login"]) for row in rows] == [("fay", "fay")]
    week = rows[0]["grades"]["week1"]
    assert week["status"] == "on-time" and week["extended"]
    assert week["score"] == pytest.approx(
        float(lesson.split("best ")[1].split("/")[0])
    )  # the points her menu shows done are the points that count


def test_progress_name_alone_names_her_and_a_shared_account_says_so(
    course: Path, tmp_path: Path
) -> None:
    laptop = account(tmp_path / "s-faylap", "fhopper")
    run_main("progress", "--load", str(server_export(tmp_path)), env=laptop)
    named = run_main("progress", "--name", "Fay", env=laptop)
    assert named.status == 0 and "Fay" in named.out
    # the name given is the loaded export's login (case aside): her login's dates
    assert line_of(menu(laptop, course), "Due dates for fay")
    # a lab account two students export from: said once, with their names; no one's dates
    lab = account(tmp_path / "s-lab", "lab")
    for name in ("Dee Diaz", "Eve Evans"):
        tutor(lab, course, "progress", "--export", str(tmp_path / f"{name}.json"), "--name", name)
    lines = menu(lab, course)
    shared = [line for line in lines if "may be shared by several students" in line]
    assert len(shared) == 1 and "gave several names: Dee Diaz, Eve Evans" in shared[0]
    assert "due dates here are for the login lab" in shared[0]
    assert "gave several names: Dee Diaz, Eve Evans" in tutor(lab, course, "progress").out
    # an account nobody named and nothing loaded into: no line
    plain = account(tmp_path / "s-ada", "ada")
    assert not [line for line in menu(plain, course) if line.startswith("Due dates")]


def test_a_second_name_she_gives_on_her_own_account_is_hers_not_a_second_student(
    course: Path, tmp_path: Path
) -> None:
    """Her server work loaded on her laptop, named fay, exported as "Fay Chen" (the roster's
    and the extension's name): one student, one row, her extension's dates, menu and
    gradebook alike."""
    extend(course, "Fay Chen")
    server = account(tmp_path / "s-fay", "fay")  # her tab on the lab server, as a terminal
    tutor(server, course, "--plain", stdin="lesson 20\n2\nenter\n10\nenter\n")
    lab = tmp_path / "fay.json"
    tutor(server, course, "progress", "--export", str(lab))
    laptop = account(tmp_path / "s-faylap", "fhopper")
    assert run_main("progress", "--load", str(lab), env=laptop).status == 0
    assert run_main("progress", "--name", "fay", env=laptop).status == 0
    home = tmp_path / "fay-chen.json"
    tutor(laptop, course, "progress", "--export", str(home), "--name", "Fay Chen")
    lines = menu(laptop, course)
    assert not [line for line in lines if "shared" in line], lines
    said = line_of(lines, "Due dates for Fay Chen")
    assert "login fay" in said and "(fay)" in said
    lesson = line_of(lines, "20. ")
    assert "handed in on time" in lesson and "late" not in lesson and "counts" not in lesson
    shown = tutor(laptop, course, "progress").out
    assert "Due dates for Fay Chen" in shown and "shared" not in shown
    # a later export without --name carries her latest name and her earlier one
    again = json.loads(tutor(laptop, course, "progress", "--export", "-").out)
    assert (again["student"], again["also_named"]) == ("Fay Chen", ["fay"])
    roster = tmp_path / "roster.txt"
    roster.write_text("Fay Chen\n", encoding="utf-8")
    book = run_main(
        "report", "--gradebook", "--format", "json", "--lessons-dir", str(course),
        "--only-course", "--roster", str(roster), str(lab), str(home),
    )  # fmt: skip
    assert book.status == 0, book.err
    data = json.loads(book.out)
    assert [(row["student"], row["login"]) for row in data["students"]] == [("Fay Chen", "fay")]
    week = data["students"][0]["grades"]["week1"]
    assert week["status"] == "on-time" and week["extended"] and week["score"] == 2
    assert not data.get("problems") and not data.get("loaded_from_others")
    text = run_main(
        "report", "--gradebook", "--lessons-dir", str(course), "--only-course",
        "--roster", str(roster), str(lab), str(home),
    )  # fmt: skip
    assert text.status == 0 and "fhopper" not in text.out, text.out + text.err


def test_one_student_exporting_under_two_names_reads_as_a_shared_account_until_she_names_herself(
    course: Path, tmp_path: Path
) -> None:
    """Exports under two names without ``progress --name`` read as a possibly shared account
    (the login's dates); ``progress --name`` makes the account his: that name's extension."""
    extend(course, "Gus Grant")
    gus = account(tmp_path / "s-gus", "gus")
    for number, name in enumerate(("Gus", "Gus Grant")):
        tutor(gus, course, "progress", "--export", str(tmp_path / f"gus{number}.json"),
              "--name", name)  # fmt: skip
    shown = tutor(gus, course, "progress").out
    assert "This account's exports gave several names: Gus, Gus Grant. It may be shared" in shown
    assert "is shared by" not in shown and "(your extension)" not in shown
    assert run_main("progress", "--name", "Gus Grant", env=gus).status == 0
    shown = tutor(gus, course, "progress").out
    assert "may be shared" not in shown and "Due dates for Gus Grant" in shown
    assert "(your extension)" in shown
