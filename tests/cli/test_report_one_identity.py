"""One identity rule in every part of ``report`` (lessons/report/identity.py): a login is the
identity when a file has one; files of one login under different names are one student unless
their records cannot both be hers (kept apart, one line, exit status 1); a name alone identifies
only files without a login; a record loaded from an export of the same student is hers (under
her login: not SAME; without it: a note, in the reader's local time)."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from lessons.progress.export import parse_export
from lessons.progress.records import LessonRecord, Loaded, QuestionRecord
from lessons.shown_time import shown
from tests.cli.clirun import run_main, run_ok
from tests.cli.course_kit import DUE, EARLY, as_csv, as_json, done, roster, write
from tests.cli.inproc import call
from tests.cli.test_report_prompts import long_course, long_export
from tests.cli.test_report_served import add_user

AT = EARLY.timestamp()


def book(
    capsys: pytest.CaptureFixture[str], folder: Path, *argv: str
) -> tuple[int, dict[str, Any], str]:
    return as_json(capsys, "--gradebook", "--lessons-dir", str(folder), "--only-course", *argv)


def said(err: str, text: str) -> list[str]:
    """The lines of ``err`` that hold ``text``."""
    return [line for line in err.splitlines() if text in line]


def loaded(record: LessonRecord, *loads: tuple[str, float, str]) -> LessonRecord:
    """``record`` loaded from exports of (student, at, login) in turn, made an hour apart."""
    made = [Loaded(s, f"2026-11-25T{14 + n}:33:00Z", at, lg) for n, (s, at, lg) in enumerate(loads)]
    return replace(record, loaded=made)


def test_two_students_on_one_shared_login_are_kept_apart_and_said(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ada = write(tmp_path / "ada.json", "Ada Lovelace", "student", {"alpha": done(EARLY)})
    bob_at = EARLY + timedelta(minutes=9)
    bob = write(tmp_path / "bob.json", "Bob Byron", "student", {"alpha": done(bob_at, 1)})
    for files in ((ada, bob), (bob, ada)):
        status, data, err = book(capsys, course, *files)
        # two rows; the login they share names neither to the course site
        rows = {(row["student"], row["login"]) for row in data["students"]}
        assert status == 1 and rows == {("Ada Lovelace", ""), ("Bob Byron", "")}
        (kept,) = said(err, "kept apart")
        assert "Ada Lovelace" in kept and "Bob Byron" in kept
        grades = {row["student"]: row["grades"]["week1"]["score"] for row in data["students"]}
        assert grades["Bob Byron"] < grades["Ada Lovelace"]  # nobody gets the other's work
    # the class table and the statistics count the same two students
    _status, data, _err = as_json(capsys, ada, bob)
    assert data["students"] == 2 and data["questions"][0]["answered"] == 2
    rows = {(row["student"], row["login"]) for row in data["rows"]}
    assert rows == {("Ada Lovelace", "student"), ("Bob Byron", "student")}


def test_two_students_of_one_name_with_their_own_logins_are_two(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = write(tmp_path / "a.json", "Wei Zhang", "wz1", {"alpha": done(EARLY)})
    two = write(tmp_path / "b.json", "Wei Zhang", "wz2", {"alpha": done(EARLY, 1)})
    _status, table, _err = as_csv(
        capsys, "--gradebook", "--lessons-dir", str(course), "--only-course", one, two
    )
    assert sorted(row[3] for row in table[1:]) == ["wz1", "wz2"]
    _status, table, _err = as_csv(capsys, one, two)
    login = table[0].index("login")
    assert sorted(row[login] for row in table[1:]) == ["wz1", "wz2"]


def test_one_login_under_two_names_is_one_student_everywhere(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ada's export, and a later one of the same progress under a shorter name."""
    first = {"alpha": done(EARLY), "beta": done(EARLY)}
    later = {key: replace(record, updated=record.updated + 60) for key, record in first.items()}
    two_names = [
        write(tmp_path / "z-again.json", "Ada L.", "ada", later, now=AT + 90),
        write(tmp_path / "ada.json", "Ada Lovelace", "ada", first, now=AT + 30),
    ]
    names = roster(tmp_path, "Ada Lovelace", "bob")
    for files in (two_names, two_names[::-1]):
        _status, data, err = book(capsys, course, "--roster", names, *files)
        rows = [(row["student"], row["login"]) for row in data["students"]]
        assert rows == [("Ada Lovelace", "ada"), ("bob", "bob")]
        assert data["students"][0]["grades"]["week1"]["status"] != "missing"
        (merged,) = said(err, "one student")
        assert "Ada L." in merged
        assert data["merged"] == [merged.removeprefix("queens-tutor report: ")]
        status, data, _err = as_json(capsys, "--roster", names, *files)
        table = [(row["student"], row["login"], row["lesson"]) for row in data["rows"]]
        assert status == 0
        assert table == [("Ada Lovelace", "ada", "alpha"), ("Ada Lovelace", "ada", "beta")]
        assert data["not_on_roster"] == [] and data["absent"] == ["bob"]
        assert data["questions"][0]["answered"] == 1
        answers = as_json(capsys, "--students", *files)[1]["answers"]
        assert {row["student"] for row in answers} == {"Ada L."}  # her latest export's name
        assert len(answers) == 4  # her two questions of each lesson, once each


@pytest.mark.parametrize("home_name", ["ada", "Ada Lovelace"])
def test_a_record_loaded_from_her_own_export_is_hers(
    course: Path, tmp_path: Path, home_name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    record = done(EARLY)
    server = write(tmp_path / "server.json", "ada", "ada", {"alpha": record})
    lab = loaded(record, (home_name, AT, "ada"))
    home = write(tmp_path / "lap.json", home_name, "lovelace", {"alpha": lab})
    status, data, err = as_json(capsys, server, home)
    assert status == 0, err
    assert data["same_answers"] == [] and data["loaded_from_others"] == []
    assert [(row["login"], row["source"]) for row in data["rows"]] == [("ada", f"{server} {home}")]
    assert data["questions"][0]["answered"] == 1
    _status, data, _err = book(capsys, course, home)
    assert [row["login"] for row in data["students"]] == ["ada"]  # the course's login


@pytest.mark.parametrize(
    "loads",
    [[("ada", AT, "ada")], [("Ann", AT + 60, "ada"), ("Bob", AT + 120, "boblap")]],
    ids=["once", "round-trip"],  # to Bob, and back from his laptop under his own name
)
def test_a_record_loaded_from_another_students_export_is_named_once_not_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], loads: list[tuple[str, float, str]]
) -> None:
    """The export it first came from names its author, however it travelled since."""
    record = done(EARLY)
    ada = write(tmp_path / "ada.json", loads[0][0], "ada", {"alpha": record})
    bob = write(tmp_path / "bob.json", "Bob", "bob", {"alpha": loaded(record, *loads)})
    status, data, _err = as_json(capsys, ada, bob)
    assert status == 1 and data["same_answers"] == []
    assert [found["source"] for found in data["loaded_from_others"]] == [bob]


@pytest.mark.parametrize("roster_line", ["", "Ada Lovelace"])
def test_her_served_login_and_her_display_name_are_one_student(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], roster_line: str
) -> None:
    """Her work on the server (named by her login) and in a terminal, at other moments (or a
    copy saved later), is hers: one row, for the roster too."""
    served, later = done(EARLY), done(EARLY + timedelta(hours=1))
    hand = later if not roster_line else replace(served, updated=served.updated + 5)
    server = write(tmp_path / "server.json", "ada", "ada", {"alpha": served})
    home = write(tmp_path / "ada.json", "Ada Lovelace", "ada", {"alpha": hand})
    names = ["--roster", roster(tmp_path, roster_line)] if roster_line else []
    status, data, err = as_json(capsys, *names, server, home)
    assert status == 0, err
    assert [row["student"] for row in data["rows"]] == ["Ada Lovelace"]
    assert data["questions"][0]["answered"] == 1
    assert not roster_line or data["not_on_roster"] == data["absent"] == []


def test_her_served_work_exported_at_home_under_another_name_and_login_is_named_neutrally(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing links login ada to login lovelace: the line says what the files hold, calls the
    export nobody's, and gives the README's advice; still status 1, nobody SAME."""
    record = done(EARLY)
    server = write(tmp_path / "server.json", "ada", "ada", {"alpha": record})
    lab = loaded(record, ("ada", AT, "ada"))
    home = write(tmp_path / "lap.json", "Ada Lovelace", "lovelace", {"alpha": lab})
    status, data, err = as_json(capsys, server, home)
    assert status == 1 and data["same_answers"] == []
    (line,) = said(err, home)
    assert f"{home} (Ada Lovelace, login lovelace): lesson alpha holds answers first " in line
    assert "recorded under ada, loaded on" in line
    assert "export of" not in line and "copied" not in line and "ask them" not in line
    assert "nothing in the files says whether that was the same student" in line
    assert 'exports it under her course login or name (progress --export FILE --name "ada")' in line
    (found,) = data["loaded_from_others"]
    assert (found["login"], found["from_student"], found["from_login"]) == (
        "lovelace",
        "ada",
        "ada",
    )


@pytest.mark.parametrize("laptop_name", ["eve", "Eve Evans"])
def test_her_laptop_work_loaded_back_at_the_lab_is_hers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], laptop_name: str
) -> None:
    """The README's round trip (lab to laptop, exported, loaded back at the lab): never SAME
    beside her lab download or her laptop export. Exported as ``eve``: hers, nobody flagged;
    as "Eve Evans" (login evelap), its record from her lab export gets the neutral line."""
    lab_record = done(EARLY)
    went, came = ("eve", AT + 60, "eve"), ("eve", AT + 120, "evelap")
    laptop_beta = done(EARLY + timedelta(hours=1), 1)
    laptop_records = {"alpha": loaded(lab_record, went), "beta": laptop_beta}
    lab = write(tmp_path / "eve-lab.json", "eve", "eve", {"alpha": lab_record})
    laptop = write(tmp_path / "eve-laptop.json", laptop_name, "evelap", laptop_records)
    server_records = {"alpha": loaded(lab_record, went, came), "beta": loaded(laptop_beta, came)}
    server = write(tmp_path / "server.json", "eve", "eve", server_records)
    named = laptop_name == "eve"
    orders = [(server, laptop), (laptop, server)]
    for files in orders + [(server, lab), (server, lab, laptop)] * named:
        status, data, err = as_json(capsys, *files)
        assert data["same_answers"] == [] and not said(err, "only one of these"), (files, err)
        others = [(found["source"], found["lesson"]) for found in data["loaded_from_others"]]
        if named:
            assert {row["login"] for row in data["rows"]} == {"eve"}
            assert status == 0 and others == [], (files, err)
        else:
            assert status == 1 and others == [(laptop, "alpha")], err


def test_a_student_with_an_empty_export_has_one_name_in_every_view(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The class table (text, csv, json) names him as the gradebook does."""
    cy = write(tmp_path / "cy.json", "Cy Young", "cy", {})
    names = roster(tmp_path, "cy", "Dan Dunn")
    _status, data, _err = book(capsys, course, "--roster", names, cy)
    assert [row["student"] for row in data["students"]] == ["Cy Young", "Dan Dunn"]
    assert as_json(capsys, "--roster", names, cy)[1]["absent"] == ["Cy Young", "Dan Dunn"]
    _status, table, _err = as_csv(capsys, "--roster", names, cy)
    assert [row[0] for row in table[1:]] == ["Cy Young", "Dan Dunn"]
    _status, out, _err = call(capsys, "report", "--roster", names, cy)
    assert "No progress from 2 students on the roster: Cy Young, Dan Dunn" in out


def test_the_students_csv_has_each_student_s_login_as_the_gradebook_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its rows carry the login, an absent roster login's too."""
    eve = write(tmp_path / "eve.json", "Eve Evans", "eve", {"alpha": done(EARLY)})
    ada = write(tmp_path / "ada.json", "Ada Lovelace", "ada", {"alpha": done(EARLY, 1)})
    names = roster(tmp_path, "eve", "ada", "dan", "Cy Young")
    status, table, err = as_csv(capsys, "--students", "--roster", names, eve, ada)
    assert status == 0 and table[0][:3] == ["student", "login", "source"], err
    assert {(row[0], row[1]) for row in table[1:]} == {
        ("Eve Evans", "eve"), ("Ada Lovelace", "ada"), ("dan", "dan"), ("Cy Young", ""),
    }  # fmt: skip


def test_two_roster_names_of_one_shared_home_are_two_rows_each_with_her_own_work(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ivy's file (beta, alpha started again) holds Hal's alpha too: two rows, alpha Hal's,
    beta Ivy's, a line naming the shared login, exit status 1."""
    hal_at = DUE + timedelta(hours=1)
    hal_record = done(hal_at)
    hal = write(tmp_path / "hal.json", "Hal Jordan", "lab01", {"alpha": hal_record}, 1)
    ivy_at = (hal_at + timedelta(minutes=2)).timestamp() + 30
    open_ = {"0.0": QuestionRecord(False, 1, scored=True, at=ivy_at)}
    again = replace(hal_record, again=True, answers={}, open=open_, updated=ivy_at)
    records = {"alpha": again, "beta": done(hal_at + timedelta(minutes=2))}
    ivy = write(tmp_path / "ivy.json", "Ivy Park", "lab01", records, 2)
    names = roster(tmp_path, "Hal Jordan", "Ivy Park")
    for files in ((hal, ivy), (ivy, hal)):
        status, data, err = book(capsys, course, "--roster", names, *files)
        # scores 1 each; the login column names neither (an import would merge them)
        grades = {row["student"]: (row["grades"]["week1"]["score"], row["login"])
                  for row in data["students"]}  # fmt: skip
        assert status == 1 and grades == {"Hal Jordan": (1, ""), "Ivy Park": (1, "")}
        (shared,) = said(err, "files of one login, lab01")
        assert shared.count("Hal Jordan and Ivy Park") == 1
    status, data, _err = as_json(capsys, "--roster", names, hal, ivy)
    assert status == 1 and data["absent"] == []
    rows = {(row["student"], row["lesson"]): row["completed"] for row in data["rows"]}
    assert rows == {("Hal Jordan", "alpha"): True, ("Ivy Park", "alpha"): False,
                    ("Ivy Park", "beta"): True}  # fmt: skip
    # Ivy leaves alpha alone: her file's alpha is Hal's record, his only, and nobody is SAME
    ivy = write(tmp_path / "ivy.json", "Ivy Park", "lab01", {**records, "alpha": hal_record}, 2)
    _status, data, _err = as_json(capsys, "--roster", names, hal, ivy)
    kept = {(row["student"], row["lesson"]) for row in data["rows"]}
    assert kept == {("Hal Jordan", "alpha"), ("Ivy Park", "beta")}
    assert data["same_answers"] == [] and data["absent"] == []


def test_work_loaded_from_another_export_after_the_due_date_is_said_in_text_and_json(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Jo's grade is Ada's as recorded; the text says it under his row, the json carries
    ``loaded_after_due``; a load before the due date gets no such line."""
    record = done(EARLY)
    ada = write(tmp_path / "ada.json", "Ada Lovelace", "ada", {"alpha": record})
    after = loaded(record, ("Ada Lovelace", (DUE + timedelta(days=1)).timestamp(), "ada"))
    jo = write(tmp_path / "jo.json", "Jo Smith", "jo", {"alpha": after})
    status, data, _err = book(capsys, course, ada, jo)
    grades = {row["login"]: row["grades"]["week1"]["loaded_after_due"] for row in data["students"]}
    assert status == 1 and grades == {"jo": ["alpha"], "ada": []}
    found = [(f["login"], f["lesson"], f["from_login"]) for f in data["loaded_from_others"]]
    assert found == [("jo", "alpha", "ada")]
    gradebook = ("report", "--gradebook", "--lessons-dir", str(course), "--only-course")
    _status, out, _err = call(capsys, *gradebook, ada, jo)
    (line,) = [line.strip() for line in said(out, "was loaded on")]
    assert line.startswith("week1: lesson alpha was loaded on ")
    assert "from an export of Ada Lovelace (login ada), after the due date" in line
    before = loaded(record, ("Ada Lovelace", AT + 60, "ada"))
    write(tmp_path / "jo.json", "Jo Smith", "jo", {"alpha": before})
    _status, data, _err = book(capsys, course, ada, jo)
    assert all(not row["grades"]["week1"]["loaded_after_due"] for row in data["students"])
    assert len(data["loaded_from_others"]) == 1  # the stderr line's notice, in the json too


def test_an_extension_by_name_advises_the_login_her_loaded_work_came_from(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The extension's line advises dee (as the loaded-from line does), never the laptop's
    login dorothy, which the server has never seen."""
    later = (DUE + timedelta(days=5)).isoformat()
    (course / "extensions.toml").write_text(
        f'[[extension]]\nstudent = "Dee Dalton"\nassignment = "week1"\ndue = "{later}"\n'
    )
    record = done(DUE + timedelta(hours=1), 1)
    dee = write(tmp_path / "dee.json", "dee", "dee", {"alpha": record})
    went = loaded(record, ("dee", (DUE + timedelta(hours=2)).timestamp(), "dee"))
    laptop = {"alpha": went, "beta": done(DUE + timedelta(hours=3))}
    lap = write(tmp_path / "lap.json", "Dee Dalton", "dorothy", laptop)
    _status, _data, err = book(capsys, course, dee, lap)
    (extension,) = said(err, "the extension of week1 for 'Dee Dalton'")
    assert 'write student = "dee"' in extension and '--name "dee"' in extension
    assert 'student = "dorothy"' not in err
    (line,) = said(err, "lesson alpha holds answers")
    assert '--name "dee"' in line


def test_an_export_under_a_display_name_loaded_under_the_login_is_not_same(tmp_path: Path) -> None:
    folder = long_course(tmp_path)
    record = LessonRecord(page=0, answers={"0.1": QuestionRecord(True, 1, at=1_795_000_000.0)})
    mine = long_export(tmp_path / "mine.json", "Ada Lovelace", record, login="ada")
    made = parse_export(mine.read_text())
    came = Loaded(made.student, made.exported, 1_795_000_100.0, made.login)
    root = tmp_path / "served"
    add_user(root, "ada", None)
    progress = root / "users" / "ada" / "data" / "queens-tutor" / "progress.json"
    back = replace(record, loaded=[came])
    progress.write_text(json.dumps({"schema": 1, "lessons": {"demo": back.to_json()}}))
    argv = ["report", "--lessons-dir", str(folder), "--only-course", str(mine)]
    result = run_ok(*argv, "--server-data", str(root))
    assert "SAME" not in result.out and result.err == ""
    # Without the login in either file, the load still says where the record came from: a
    # note names it (it may be a classmate's export), never both files as SAME.
    anonymous = long_export(tmp_path / "typed.json", "Ada Lovelace", record)
    typed = parse_export(anonymous.read_text())
    came = Loaded(typed.student, typed.exported, 1_795_000_100.0)
    progress.write_text(
        json.dumps({"schema": 1, "lessons": {"demo": replace(record, loaded=[came]).to_json()}})
    )
    argv = ["report", "--lessons-dir", str(folder), "--only-course", str(anonymous)]
    result = run_main(*argv, "--server-data", str(root))
    assert "SAME" not in result.out and "identical answer records" not in result.err
    assert "holds answers first recorded under Ada Lovelace" in result.err
    # one time format in the text: the reader's local minute, never UTC's nor ISO's
    loaded_at = shown(datetime.fromtimestamp(1_795_000_100.0).astimezone().isoformat())
    assert f"loaded on {loaded_at} from an export made {shown(typed.exported)};" in result.err
    assert "UTC" not in result.err and typed.exported not in result.err
