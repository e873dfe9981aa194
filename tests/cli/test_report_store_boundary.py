"""What a hostile file or a careless administrator can do to ``report`` and the teacher's page:
a course site's roster with a quoted line break, one odd live file among a department's
servers, a roster or course text with direction overrides, a store others can write in, a link
planted in a student's folder. Each is data or refused, never a crash, never followed."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from lessons.catalog import load_catalog
from lessons.course.files import CourseFiles
from lessons.progress.records import LessonRecord, QuestionRecord
from tests.cli.clirun import run_main
from tests.cli.test_every_value_is_data import shown_safely
from tests.cli.test_report_served import add_user, session, where
from tests.serve.server import secret_file
from tui.serve.teacher_page import teacher_page

RIGHT = LessonRecord(page=1, answers={"0.0": QuestionRecord(True, 1, at=1.7e9)})
UNSAFE = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)
"""What a page may not hold raw: every control character but the line break, every direction
mark, override and isolate."""


def served_ada(tmp_path: Path) -> Path:
    """A store with Ada, one question of the built-in lesson ``problem`` answered."""
    root = tmp_path / "served"
    home = add_user(root, "ada", None)
    data = {"schema": 1, "lessons": {"problem": RIGHT.to_json()}}
    (home / "data" / "queens-tutor" / "progress.json").write_text(json.dumps(data))
    where(home, screen="main", lesson=None, page=None, updated="2025-05-05T09:15:00Z")
    return root


def live_file(root: Path, name: str, *sessions: object) -> None:
    (root / "live").mkdir(parents=True, exist_ok=True)
    data = {"schema": 1, "updated": time.time(), "sessions": list(sessions)}
    (root / "live" / f"{name}.json").write_text(json.dumps(data))


def test_a_quoted_line_break_in_a_csv_roster_is_part_of_a_name(tmp_path: Path) -> None:
    """A course site's csv quotes a name holding a line break (or an escape): one row, one
    student, shown safely, the line numbers of the rows after it right."""
    root = served_ada(tmp_path)
    roster = tmp_path / "roster.csv"
    roster.write_text(
        'login,name\ncr,"Cora\nChen"\nada,Ada Lovelace\nev,"Eve\x1b]52;c;aGk=\x07"\ncr,Cora\n'
    )
    text = run_main("report", "--server-data", str(root), "--roster", str(roster))
    assert text.status == 0, text.err
    absent = "No progress from 2 students on the roster: Cora\u240aChen, Eve\u241b]52;c;aGk=\u2407"
    assert absent in text.out and f"{roster}:6: 'Cora' repeats line 2" in text.err
    report = ("report", "--server-data", str(root), "--roster", str(roster), "--format")
    data = json.loads(run_main(*report, "json").out)
    assert data["absent"] == ["Cora\nChen", "Eve\x1b]52;c;aGk=\x07"] and data["not_on_roster"] == []
    rows = run_main(*report, "csv").out.splitlines()
    assert rows[-2].startswith("Cora\u240aChen,cr,") and len(rows) == 4  # one line each
    page = teacher_page(root, load_catalog("en"), "tina", roster_file=roster)
    shown_safely("the teacher's page", page)
    assert absent in page
    # serve reads the roster at start: it goes on to its next check (the store, unsafe here)
    open_store = tmp_path / "open"
    open_store.mkdir(mode=0o777)
    open_store.chmod(0o777)
    argv = ["serve", "--user-header", "X-Remote-User", "--proxy-secret-file"]
    argv += [str(secret_file(tmp_path)), "--teacher", "tina", "--roster", str(roster)]
    started = run_main(*argv, "--server-data", str(open_store), "--port", "18766")
    assert started.status == 2 and "can be written by other accounts" in started.err


def test_one_odd_live_file_leaves_the_others_and_the_page_working(tmp_path: Path) -> None:
    root = served_ada(tmp_path)
    live_file(root, "lab-1", session("ada"))
    long_user = session("x" * 100_000, session="session-k2x9d0qe")
    year_one = session("bob", started="0001-01-01T00:00:00+14:00")
    live_file(root, "lab-2", long_user, year_one)
    for output in ("text", "csv", "json"):
        result = run_main("report", "--live", "--server-data", str(root), "--format", output)
        assert result.status == 1 and "internal error" not in result.err, result.err
        assert "ada" in result.out and "session 2 is not in the expected form" in result.err
        assert all(len(line) < 2000 for line in result.err.splitlines())
    page = teacher_page(root, load_catalog("en"), "tina")
    assert "<td>ada</td>" in page and "2 sessions now" in page


def test_the_page_labels_a_roster_student_who_has_not_answered(tmp_path: Path) -> None:
    root = served_ada(tmp_path)
    add_user(root, "cr", None)  # logged in, nothing answered yet: no progress file
    live_file(root, "lab-1", session("cr"), session("ada"), session("zed"))
    roster = tmp_path / "roster.csv"
    roster.write_text("login,name\ncr,Cora Chen\nada,Ada Lovelace\n", encoding="utf-8")
    page = teacher_page(root, load_catalog("en"), "tina", roster_file=roster)
    assert "<td>cr</td>" in page and "<td>ada</td>" in page
    assert "<td>zed (not on the roster)</td>" in page  # a login no roster line names
    assert page.count("(not on the roster)") == 1


def test_the_page_writes_no_direction_override_or_control_character(tmp_path: Path) -> None:
    root = served_ada(tmp_path)
    live_file(root, "lab-1", session("ada"))
    roster = tmp_path / "roster.txt"
    roster.write_text("ada\nEve \u202eevil\u202c\x1b[2J\n", encoding="utf-8")
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "course.toml").write_text(
        '[[assignment]]\nid = "week1"\ntitle = "Week \u202e1\u2066"\nlessons = ["problem"]\n'
        'due = "2030-01-17T23:59:00+00:00"\n',
        encoding="utf-8",
    )
    catalog = load_catalog("en")
    files = CourseFiles([folder], catalog.find, catalog.find_failed)
    page = teacher_page(root, catalog, "tina \u202e", files, roster)
    assert "Week &lt;U+202E&gt;1&lt;U+2066&gt;" in page and "Eve &lt;U+202E&gt;evil" in page
    assert UNSAFE.search(page) is None, repr(UNSAFE.search(page))


def test_report_refuses_a_store_others_can_write(tmp_path: Path) -> None:
    root = served_ada(tmp_path)
    (root / "users").chmod(0o777)
    for extra in ((), ("--live",)):
        result = run_main("report", "--server-data", str(root), *extra)
        assert result.status == 2, result.out
        assert "--server-data: " in result.err and "can be written by other accounts" in result.err
    (root / "users").chmod(0o755)
    assert run_main("report", "--server-data", str(root)).status == 0


def test_report_never_reads_through_a_link_planted_in_a_students_folder(tmp_path: Path) -> None:
    root = served_ada(tmp_path)
    elsewhere = tmp_path / "mallory" / "data"
    (elsewhere / "queens-tutor").mkdir(parents=True)
    forged = {"schema": 1, "lessons": {"recursive": RIGHT.to_json()}}
    (elsewhere / "queens-tutor" / "progress.json").write_text(json.dumps(forged))
    cy = add_user(root, "cy", None)
    (cy / "data" / "queens-tutor").rmdir()
    (cy / "data").rmdir()
    (cy / "data").symlink_to(elsewhere)  # planted while cy's folder was open to others
    result = run_main("report", "--server-data", str(root), "--format", "json")
    data = json.loads(result.out)
    assert [row["student"] for row in data["rows"]] == ["ada"]
    assert result.status == 1
    assert f"{cy / 'data'}: it is a symbolic link, which the tutor never follows" in result.err
