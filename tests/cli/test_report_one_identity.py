"""One identity rule in every part of ``report`` (lessons/report/identity.py): a login is the
identity when a file has one; files of one login under different names are one student unless
their records cannot both be hers (kept apart, one line, exit status 1); a name alone
identifies only files without a login; a record loaded from an export of the same student is
hers."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from lessons.progress.records import LessonRecord, Loaded, QuestionRecord
from tests.cli.course_kit import DUE, EARLY, as_csv, as_json, done, roster, write
from tests.cli.inproc import call


def book(
    capsys: pytest.CaptureFixture[str], folder: Path, *argv: str
) -> tuple[int, dict[str, Any], str]:
    return as_json(capsys, "--gradebook", "--lessons-dir", str(folder), "--only-course", *argv)


def test_two_students_on_one_shared_login_are_kept_apart_and_said(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ada = write(tmp_path / "ada.json", "Ada Lovelace", "student", {"alpha": done(EARLY)})
    bob_at = EARLY + timedelta(minutes=9)
    bob = write(tmp_path / "bob.json", "Bob Byron", "student", {"alpha": done(bob_at, 1)})
    for files in ((ada, bob), (bob, ada)):
        status, data, err = book(capsys, course, *files)
        rows = {(row["student"], row["login"]) for row in data["students"]}
        # Two rows; the login they share names neither to the course site.
        assert rows == {("Ada Lovelace", ""), ("Bob Byron", "")}
        assert status == 1
        kept = [line for line in err.splitlines() if "kept apart" in line]
        assert len(kept) == 1 and "Ada Lovelace" in kept[0] and "Bob Byron" in kept[0]
        grades = {row["student"]: row["grades"]["week1"]["score"] for row in data["students"]}
        assert grades["Bob Byron"] < grades["Ada Lovelace"]  # nobody gets the other's work
    # the class table, --students and the statistics count the same two students
    status, data, _err = as_json(capsys, ada, bob)
    assert data["students"] == 2
    assert {(row["student"], row["login"]) for row in data["rows"]} == {
        ("Ada Lovelace", "student"),
        ("Bob Byron", "student"),
    }
    assert data["questions"][0]["answered"] == 2


def test_two_students_of_one_name_with_their_own_logins_are_two(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = write(tmp_path / "a.json", "Wei Zhang", "wz1", {"alpha": done(EARLY)})
    two = write(tmp_path / "b.json", "Wei Zhang", "wz2", {"alpha": done(EARLY, 1)})
    book = ["--gradebook", "--lessons-dir", str(course), "--only-course"]
    _status, table, _err = as_csv(capsys, *book, one, two)
    assert sorted(row[3] for row in table[1:]) == ["wz1", "wz2"]
    _status, table, _err = as_csv(capsys, one, two)
    login = table[0].index("login")
    assert sorted(row[login] for row in table[1:]) == ["wz1", "wz2"]


@pytest.fixture
def two_names(tmp_path: Path) -> list[str]:
    """Ada's export, and a later one of the same progress under a shorter name."""
    first = {"alpha": done(EARLY), "beta": done(EARLY)}
    later = {key: replace(record, updated=record.updated + 60) for key, record in first.items()}
    start = EARLY.timestamp()
    return [
        write(tmp_path / "z-again.json", "Ada L.", "ada", later, now=start + 90),
        write(tmp_path / "ada.json", "Ada Lovelace", "ada", first, now=start + 30),
    ]


def test_one_login_under_two_names_is_one_student_everywhere(
    course: Path, two_names: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = roster(tmp_path, "Ada Lovelace", "bob")
    for files in (two_names, two_names[::-1]):
        status, data, err = book(capsys, course, "--roster", names, *files)
        rows = [(row["student"], row["login"]) for row in data["students"]]
        assert rows == [("Ada Lovelace", "ada"), ("bob", "bob")]
        assert data["students"][0]["grades"]["week1"]["status"] != "missing"
        merged = [line for line in err.splitlines() if "one student" in line]
        assert (
            len(merged) == 1
            and "Ada L." in merged[0]
            and data["merged"] == [merged[0].removeprefix("queens-tutor report: ")]
        )
        status, data, _err = as_json(capsys, "--roster", names, *files)
        assert status == 0
        table = [(row["student"], row["login"], row["lesson"]) for row in data["rows"]]
        assert table == [("Ada Lovelace", "ada", "alpha"), ("Ada Lovelace", "ada", "beta")]
        assert data["not_on_roster"] == [] and data["absent"] == ["bob"]
        assert data["questions"][0]["answered"] == 1
        answers = as_json(capsys, "--students", *files)[1]["answers"]
        assert {row["student"] for row in answers} == {"Ada L."}  # her latest export's name
        assert len(answers) == 4  # her two questions of each lesson, once each


def loaded(record: LessonRecord, student: str, login: str) -> LessonRecord:
    return replace(
        record, loaded=[Loaded(student, "2026-11-25T14:33:00Z", EARLY.timestamp(), login)]
    )


@pytest.mark.parametrize("home_name", ["ada", "Ada Lovelace"])
def test_a_record_loaded_from_her_own_export_is_hers(
    course: Path, tmp_path: Path, home_name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    record = done(EARLY)
    lab_name = "ada" if home_name == "ada" else "Ada Lovelace"
    server = write(tmp_path / "server.json", "ada", "ada", {"alpha": record})
    home = write(
        tmp_path / "lap.json", home_name, "lovelace", {"alpha": loaded(record, lab_name, "ada")}
    )
    status, data, err = as_json(capsys, server, home)
    assert data["same_answers"] == [] and data["loaded_from_others"] == []
    assert [(row["login"], row["source"]) for row in data["rows"]] == [("ada", f"{server} {home}")]
    assert data["questions"][0]["answered"] == 1
    assert status == 0, err
    _status, data, _err = book(capsys, course, home)
    assert [row["login"] for row in data["students"]] == ["ada"]  # the course's login


AT = EARLY.timestamp()
ADA_TO_BOB = [Loaded("ada", "2026-11-25T14:33:00Z", AT, "ada")]
ADA_TO_BOB_AND_BACK = [  # to Bob, and back from his laptop under his own name
    Loaded("Ann", "2026-11-25T14:33:00Z", AT + 60, "ada"),
    Loaded("Bob", "2026-11-25T15:00:00Z", AT + 120, "boblap"),
]


@pytest.mark.parametrize("loads", [ADA_TO_BOB, ADA_TO_BOB_AND_BACK], ids=["once", "round-trip"])
def test_a_record_loaded_from_another_students_export_is_named_once_not_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], loads: list[Loaded]
) -> None:
    """The export it first came from names its author (the export's student), however it
    travelled since."""
    record = done(EARLY)
    ada = write(tmp_path / "ada.json", loads[0].student, "ada", {"alpha": record})
    bob = write(tmp_path / "bob.json", "Bob", "bob", {"alpha": replace(record, loaded=loads)})
    status, data, _err = as_json(capsys, ada, bob)
    assert status == 1 and data["same_answers"] == []
    assert [found["source"] for found in data["loaded_from_others"]] == [bob]


@pytest.mark.parametrize("roster_line", ["", "Ada Lovelace"])
def test_her_served_login_and_her_display_name_are_one_student(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], roster_line: str
) -> None:
    """Her work on the server (whose name is her login) and in a terminal, at other moments
    (or a copy saved later), is hers: one row, for the roster too."""
    served, later = done(EARLY), done(EARLY + timedelta(hours=1))
    hand = later if not roster_line else replace(served, updated=served.updated + 5)
    server = write(tmp_path / "server.json", "ada", "ada", {"alpha": served})
    home = write(tmp_path / "ada.json", "Ada Lovelace", "ada", {"alpha": hand})
    names = ["--roster", roster(tmp_path, roster_line)] if roster_line else []
    status, data, err = as_json(capsys, *names, server, home)
    assert status == 0, err
    assert [row["student"] for row in data["rows"]] == ["Ada Lovelace"]
    assert data["questions"][0]["answered"] == 1
    if roster_line:
        assert data["not_on_roster"] == [] and data["absent"] == []


def test_her_served_work_exported_at_home_under_another_name_and_login_is_named_neutrally(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing in the files links login ada to login lovelace: the line says what they hold,
    calls the export nobody's, and gives the README's advice."""
    record = done(EARLY)
    server = write(tmp_path / "server.json", "ada", "ada", {"alpha": record})
    home = write(
        tmp_path / "lap.json", "Ada Lovelace", "lovelace", {"alpha": loaded(record, "ada", "ada")}
    )
    status, data, err = as_json(capsys, server, home)
    assert data["same_answers"] == []  # the record is the work of the export's student
    (line,) = [line for line in err.splitlines() if home in line]
    assert f"{home} (Ada Lovelace, login lovelace): lesson alpha holds answers first " in line
    assert "recorded under ada, loaded on" in line
    assert "export of" not in line and "copied" not in line and "ask them" not in line
    assert "nothing in the files says whether that was the same student" in line
    assert 'exports it under her course login or name (progress --export FILE --name "ada")' in line
    (found,) = data["loaded_from_others"]
    said = (found["login"], found["from_student"], found["from_login"])
    assert said == ("lovelace", "ada", "ada")
    assert status == 1  # still something to look at


def test_an_answer_shown_before_any_attempt_leaves_the_mean_attempts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An answer shown after 0 attempts does not pull the mean attempts below 1."""
    from tests.cli.test_report_questions import lessons_dir, outcome, record, write_export

    folder = lessons_dir(tmp_path)
    ada = write_export(tmp_path / "ada.json", "Ada", record({"0.0": outcome(True, 1, 1000.5)}))
    shown = record({"0.0": outcome(False, 0, 2000.5, revealed=True)})
    bob = write_export(tmp_path / "bob.json", "Bob", shown)
    _status, data, _err = as_json(capsys, "--lessons-dir", str(folder), str(ada), str(bob))
    first = data["questions"][0]
    assert first["answered"] == 2 and first["shown"] == 1
    assert first["attempts_mean"] == 1 and first["attempts_median"] == 1


def test_her_laptop_work_loaded_back_at_the_lab_is_hers_beside_every_file_of_hers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's round trip (lab to laptop, exported ``--name eve``, loaded back): hers
    beside her lab download, her laptop export or both; nobody flagged, exit status 0."""
    lab_record = done(EARLY)
    at = EARLY.timestamp()
    went = Loaded("eve", "2026-11-25T14:33:00Z", at + 60, "eve")
    came = Loaded("eve", "2026-11-25T15:00:00Z", at + 120, "evelap")
    laptop_alpha = replace(lab_record, loaded=[went])
    laptop_beta = done(EARLY + timedelta(hours=1), 1)
    server_records = {
        "alpha": replace(lab_record, loaded=[went, came]),
        "beta": replace(laptop_beta, loaded=[came]),
    }
    lab = write(tmp_path / "eve-lab.json", "eve", "eve", {"alpha": lab_record})
    laptop = write(
        tmp_path / "eve-laptop.json", "eve", "evelap", {"alpha": laptop_alpha, "beta": laptop_beta}
    )
    server = write(tmp_path / "server.json", "eve", "eve", server_records)
    for files in ((server, lab), (server, laptop), (server, lab, laptop), (laptop, server)):
        status, data, err = as_json(capsys, *files)
        assert data["same_answers"] == [], (files, err)
        assert "only one of these students" not in err
        assert {row["login"] for row in data["rows"]} == {"eve"}
        assert status == 0, (files, err)


def test_a_student_with_an_empty_export_has_one_name_in_every_view(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The class table (text, csv, json) names him as the gradebook does."""
    cy = write(tmp_path / "cy.json", "Cy Young", "cy", {})
    names = roster(tmp_path, "cy", "Dan Dunn")
    _status, data, _err = book(capsys, course, "--roster", names, cy)
    assert [row["student"] for row in data["students"]] == ["Cy Young", "Dan Dunn"]
    _status, data, _err = as_json(capsys, "--roster", names, cy)
    assert data["absent"] == ["Cy Young", "Dan Dunn"]
    _status, table, _err = as_csv(capsys, "--roster", names, cy)
    assert [row[0] for row in table[1:]] == ["Cy Young", "Dan Dunn"]
    _status, out, _err = call(capsys, "report", "--roster", names, cy)
    assert "No progress from 2 students on the roster: Cy Young, Dan Dunn" in out


def test_her_first_laptop_export_beside_the_lab_record_it_was_loaded_back_into_is_not_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The server's record went to the laptop and back: hers, not SAME with the laptop
    export (as "Eve Evans"), whose record loaded from her lab export gets the neutral line."""
    lab_record = done(EARLY)
    at = EARLY.timestamp()
    went = Loaded("eve", "2026-11-25T19:48:26Z", at + 60, "eve")
    came = Loaded("eve", "2026-11-25T19:48:49Z", at + 120, "evelap")
    laptop_beta = done(EARLY + timedelta(hours=1), 1)
    laptop = write(
        tmp_path / "eve-laptop.json",
        "Eve Evans",
        "evelap",
        {"alpha": replace(lab_record, loaded=[went]), "beta": laptop_beta},
    )
    server_records = {
        "alpha": replace(lab_record, loaded=[went, came]),
        "beta": replace(laptop_beta, loaded=[came]),
    }
    server = write(tmp_path / "server.json", "eve", "eve", server_records)
    for files in ((laptop, server), (server, laptop)):
        status, data, err = as_json(capsys, *files)
        assert data["same_answers"] == [], (files, err)
        assert "only one of these students" not in err
        assert [(found["source"], found["lesson"]) for found in data["loaded_from_others"]] == [
            (laptop, "alpha")
        ], err
        assert status == 1  # the loaded-from line: something to look at


def test_the_students_csv_has_each_student_s_login_as_the_gradebook_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its rows carry the login, an absent roster login's too."""
    eve = write(tmp_path / "eve.json", "Eve Evans", "eve", {"alpha": done(EARLY)})
    ada = write(tmp_path / "ada.json", "Ada Lovelace", "ada", {"alpha": done(EARLY, 1)})
    names = roster(tmp_path, "eve", "ada", "dan", "Cy Young")
    status, table, err = as_csv(capsys, "--students", "--roster", names, eve, ada)
    assert status == 0 and table[0][:3] == ["student", "login", "source"], err
    logins = {(row[0], row[1]) for row in table[1:]}
    assert logins == {
        ("Eve Evans", "eve"),
        ("Ada Lovelace", "ada"),
        ("dan", "dan"),
        ("Cy Young", ""),
    }


def test_two_roster_names_of_one_shared_home_are_two_rows_each_with_her_own_work(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ivy's file (beta, alpha started again) holds Hal's alpha too: two rows, alpha Hal's,
    beta Ivy's, a line naming the shared login, exit status 1."""
    hal_at = DUE + timedelta(hours=1)
    hal_record = done(hal_at)
    hal = write(tmp_path / "hal.json", "Hal Jordan", "lab01", {"alpha": hal_record}, 1)
    ivy_at = hal_at + timedelta(minutes=2)
    again = replace(
        hal_record,
        again=True,
        answers={},
        open={"0.0": QuestionRecord(False, 1, scored=True, at=ivy_at.timestamp() + 30)},
        updated=ivy_at.timestamp() + 30,
    )
    records = {"alpha": again, "beta": done(ivy_at)}
    ivy = write(tmp_path / "ivy.json", "Ivy Park", "lab01", records, 2)
    names = roster(tmp_path, "Hal Jordan", "Ivy Park")
    for files in ((hal, ivy), (ivy, hal)):
        status, data, err = book(capsys, course, "--roster", names, *files)
        assert status == 1
        grades = {row["student"]: row["grades"]["week1"] for row in data["students"]}
        assert sorted(grades) == ["Hal Jordan", "Ivy Park"]
        assert grades["Hal Jordan"]["score"] == 1 and grades["Ivy Park"]["score"] == 1
        shared = [line for line in err.splitlines() if "files of one login, lab01" in line]
        assert len(shared) == 1 and shared[0].count("Hal Jordan and Ivy Park") == 1
        # The course site's login column names neither (if both rows said lab01,
        # an import would put them on one account, one grade over the other).
        assert {row["student"]: row["login"] for row in data["students"]} == {
            "Hal Jordan": "",
            "Ivy Park": "",
        }
    status, data, _err = as_json(capsys, "--roster", names, hal, ivy)
    assert status == 1 and data["absent"] == []
    rows = {(row["student"], row["lesson"]): row for row in data["rows"]}
    assert set(rows) == {("Hal Jordan", "alpha"), ("Ivy Park", "alpha"), ("Ivy Park", "beta")}
    assert rows["Hal Jordan", "alpha"]["completed"] and not rows["Ivy Park", "alpha"]["completed"]
    # Ivy leaves alpha alone: her file's alpha is Hal's record, his only, and nobody is SAME
    ivy = write(tmp_path / "ivy.json", "Ivy Park", "lab01", {**records, "alpha": hal_record}, 2)
    status, data, _err = as_json(capsys, "--roster", names, hal, ivy)
    assert {(row["student"], row["lesson"]) for row in data["rows"]} == {
        ("Hal Jordan", "alpha"),
        ("Ivy Park", "beta"),
    }
    assert data["same_answers"] == [] and data["absent"] == []


def test_work_loaded_from_another_export_after_the_due_date_is_said_in_text_and_json(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Jo's grade is Ada's as recorded; the text says it under her row, the json carries
    ``loaded_after_due``; a load before the due date gets no such line."""
    record = done(EARLY)
    ada = write(tmp_path / "ada.json", "Ada Lovelace", "ada", {"alpha": record})
    after = Loaded(
        "Ada Lovelace", "2026-11-25T14:33:00Z", (DUE + timedelta(days=1)).timestamp(), "ada"
    )
    jo = write(tmp_path / "jo.json", "Jo Smith", "jo", {"alpha": replace(record, loaded=[after])})
    status, data, _err = book(capsys, course, ada, jo)
    assert status == 1
    grades = {row["login"]: row["grades"]["week1"] for row in data["students"]}
    assert grades["jo"]["loaded_after_due"] == ["alpha"] and grades["ada"]["loaded_after_due"] == []
    found = data["loaded_from_others"]
    assert [(f["login"], f["lesson"], f["from_login"]) for f in found] == [("jo", "alpha", "ada")]
    _status, out, _err = call(
        capsys, "report", "--gradebook", "--lessons-dir", str(course), "--only-course", ada, jo
    )
    said = [line.strip() for line in out.splitlines() if "was loaded on" in line]
    assert len(said) == 1 and said[0].startswith("week1: lesson alpha was loaded on ")
    assert "from an export of Ada Lovelace (login ada), after the due date" in said[0]
    before = Loaded("Ada Lovelace", "2026-11-25T14:33:00Z", EARLY.timestamp() + 60, "ada")
    write(tmp_path / "jo.json", "Jo Smith", "jo", {"alpha": replace(record, loaded=[before])})
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
        f'[[extension]]\nstudent = "Dee Dalton"\nassignment = "week1"\ndue = "{later}"\n',
        encoding="utf-8",
    )
    record = done(DUE + timedelta(hours=1), 1)
    dee = write(tmp_path / "dee.json", "dee", "dee", {"alpha": record})
    went = Loaded("dee", "2026-11-25T14:33:00Z", (DUE + timedelta(hours=2)).timestamp(), "dee")
    laptop = {"alpha": replace(record, loaded=[went]), "beta": done(DUE + timedelta(hours=3))}
    lap = write(tmp_path / "lap.json", "Dee Dalton", "dorothy", laptop)
    _status, _data, err = book(capsys, course, dee, lap)
    said = [line for line in err.splitlines() if "the extension of week1 for 'Dee Dalton'" in line]
    assert len(said) == 1
    assert 'write student = "dee"' in said[0] and '--name "dee"' in said[0]
    assert 'student = "dorothy"' not in err
    loaded = [line for line in err.splitlines() if "lesson alpha holds answers" in line]
    assert len(loaded) == 1 and '--name "dee"' in loaded[0]
