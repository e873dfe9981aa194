"""``queens-tutor report`` and the teacher's page on what a hostile student or a careless
administrator hands in: names that are formulas or hold newlines and escapes; files that are
malformed, huge, deeply nested, a directory or a FIFO (each named and skipped, the rest
reported, exit status 1); a roster with a quoted line break or direction overrides; one odd
live file among a department's servers; a store others can write in; a planted link."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons.catalog import load_catalog
from lessons.course.files import CourseFiles
from lessons.progress.export import (
    FORMAT,
    MAX_BYTES,
    ExportError,
    LessonInfo,
    export_data,
    parse_export,
)
from lessons.progress.export import class_report as rows_of
from lessons.progress.records import LessonRecord, QuestionRecord
from tests.cli.clirun import run_main, run_ok
from tests.cli.test_every_value_is_data import shown_safely
from tests.cli.test_report_served import add_user, session, where
from tests.serve.server import secret_file
from tests.tiers import examples
from tui.report.files import csv_cell, csv_field
from tui.report.text import text_cell
from tui.serve.teacher_page import teacher_page

INFO = {"iterative": LessonInfo('=HYPERLINK("http://x")', 10, 5)}


def export_file(path: Path, student: str, info: dict[str, LessonInfo] = INFO) -> Path:
    data = export_data({"iterative": LessonRecord(page=2)}, info, student)
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("cell", "safe"),
    [("=1+1", "'=1+1"), ("+1", "'+1"), ("-1", "'-1"), ("@SUM(A1)", "'@SUM(A1)"),
     ("\tx", "'\tx"), ("\rx", "'\rx"), ("Ada", "Ada"), (3, 3), (True, True),
     (";=5+5", ";'=5+5"),  # A ;-splitting spreadsheet made a cell =5+5
     ("a, =1", "a, '=1"), ("x\t+1", "x\t'+1"), ("a;b\n@x", "a;b\n'@x"),
     ("2-3", "2-3"),  # not after a separator: a plain dash
     ("'=1", "'=1")],  # already neutral
)  # fmt: skip
def test_csv_cell_by_the_owasp_rule(cell: object, safe: object) -> None:
    assert csv_cell(cell) == safe
    assert csv_cell(safe) == safe  # twice changes nothing more


@pytest.mark.parametrize(
    ("cell", "line"),
    [("a;b", '"a;b"'),
     ("a\tb", "a\u2409b"),  # the text report's visible tab: one line, no shifted column
     ("a\nb\r=1", "a\u240ab\u240d=1"), ('say "hi"', '"say ""hi"""'), (";=5+5", '";\'=5+5"'),
     (None, ""), (0.5, "0.5")],
)  # fmt: skip
def test_a_csv_field_holding_a_separator_of_any_locale_is_quoted(cell: object, line: str) -> None:
    assert csv_field(cell) == line


def _cells_split_on(text: str, separator: str) -> list[str]:
    """The cells a spreadsheet makes of csv ``text`` when it splits on ``separator`` (quotes
    count only where a piece starts with one, as in Excel opening a .csv in its own locale)."""
    cells = []
    for line in text.splitlines():
        cells += next(csv.reader([line], delimiter=separator))
    return cells


def test_report_csv_cells_are_never_formulas_in_any_locale_and_rows_one_line_each(
    tmp_path: Path,
) -> None:
    """No cell a spreadsheet splitting on any separator makes is a formula (the title, INFO's
    =HYPERLINK, too); line tools see one student a line, with the text report's symbols."""
    names = [";=5+5", "Ada;@SUM(1)", "Bob\t-2+3", "x, +1", "=cmd|'/c calc'!A1", "+SUM(1)"]
    names += ["-2+3", "@evil", "\tTab", "Ada\nLovelace", "Bob\tSmith", "Cy\r\n=1+1", "Di\u2028x"]
    files = [export_file(tmp_path / f"{i}.json", name) for i, name in enumerate(names)]
    result = run_ok("report", "--format", "csv", *map(str, files))
    for separator in (",", ";", "\t"):
        for cell in _cells_split_on(result.out, separator):
            assert not cell.lstrip(" ").startswith(("=", "+", "-", "@")), (separator, cell)
    rows = list(csv.DictReader(io.StringIO(result.out)))
    cells = [cell for row in rows for cell in row.values()]
    assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@", "\t", "\r"))]
    students = {row["student"] for row in rows}
    assert students == {csv_cell(text_cell(name)) for name in names}
    assert {"Ada\u240aLovelace", "Bob\u2409Smith", "Cy\u240d\u240a=1+1", "Di<U+2028>x"} <= students
    lines = result.out.split("\n")
    assert lines[-1] == "" and len(lines) - 1 == 1 + len(names)  # the header and one a student
    assert "\t" not in result.out and "\r" not in result.out
    text = run_main("report", *map(str, files)).out
    assert "Ada\u240aLovelace" in text and "Bob\u2409Smith" in text  # the same symbols


def test_a_newline_in_a_name_cannot_forge_a_row(tmp_path: Path) -> None:
    forged = "Mallory\n  Bob              9/10      5/5      0      0  done\x1b[2J"
    files = [export_file(tmp_path / "m.json", forged), export_file(tmp_path / "a.json", "Ada")]
    result = run_ok("report", *map(str, files))
    assert "\x1b" not in result.out
    body = [line for line in result.out.splitlines() if line.startswith("  ")]
    assert len(body) == 3  # the header and two students: no forged Bob
    assert any("Mallory\u240a" in line and "\u241b[2J" in line for line in body), body


@pytest.mark.timeout(30)
def test_each_unusable_file_is_named_and_skipped_its_name_shown_not_obeyed(tmp_path: Path) -> None:
    good = export_file(tmp_path / "ada.json", "Ada")
    bad = {
        "malformed.json": "{not json",
        "digits.json": '{"format": 1, "n": ' + "9" * 5000 + "}",
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "huge.json": " " * (MAX_BYTES + 1),
        "bytes.json": "\udcff",
    }
    for name, text in bad.items():
        (tmp_path / name).write_bytes(text.encode("utf-8", "surrogateescape"))
    (tmp_path / "folder.json").mkdir()
    os.mkfifo(tmp_path / "fifo.json")  # never opened for writing: reading it must not block
    odd = tmp_path / "bad\x1b[31m\nname.json"  # a control character in its name: shown
    odd.write_text("{}")
    paths = [good, *(tmp_path / name for name in [*bad, "folder.json", "fifo.json"]), odd]
    result = run_main("report", *map(str, paths))
    assert result.status == 1, result
    assert "Ada" in result.out and "Traceback" not in result.err and "\x1b" not in result.err
    skipped = result.err.splitlines()
    assert len(skipped) == len(paths) - 1, result.err
    for path in paths[1:-1]:
        assert any(line.startswith(f"queens-tutor report: {path}: ") for line in skipped), path


scalars = st.none() | st.booleans() | st.integers(-(10**40), 10**40) | st.floats(allow_nan=False)
json_values = st.recursive(
    scalars | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


@settings(max_examples=examples(150), deadline=None)
@given(
    student=json_values,
    lessons=st.dictionaries(st.text(max_size=8), json_values, max_size=3),
    info=json_values,
)
def test_any_export_shaped_json_is_read_or_refused(
    student: object, lessons: dict[str, object], info: object
) -> None:
    """The report's reader raises only ExportError, whatever an export-shaped file holds."""
    fields = {"format": FORMAT, "version": 1, "student": student, "lessons": lessons}
    text = json.dumps({**fields, "lesson_info": info})
    try:
        export = parse_export(text)
    except ExportError:
        return
    for row in rows_of([("file", export)]):
        assert isinstance(row.student, str) and isinstance(row.title, str)


def test_progress_csv_titles_are_never_formulas_and_quoted_with_a_separator(tmp_path: Path) -> None:
    for name, title in (("extra", "=1+1"), ("other", "A;=1+1")):
        (tmp_path / f"{name}.md").write_text(
            f"@lesson {name}\n@title {title}\n\n@page One\nText.\n@board n=4\n@step\n"
        )
    result = run_ok("progress", "--format", "csv", "--lessons-dir", str(tmp_path))
    rows = list(csv.DictReader(io.StringIO(result.out)))
    assert [row["title"] for row in rows if row["id"] == "extra"] == ["'=1+1"]
    assert '"A;\'=1+1"' in result.out
    assert not any(cell.startswith("=") for cell in _cells_split_on(result.out, ";"))


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
    text = run_ok("report", "--server-data", str(root), "--roster", str(roster))
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


def test_report_refuses_a_store_others_can_write_and_follows_no_link_in_it(tmp_path: Path) -> None:
    root = served_ada(tmp_path)
    (root / "users").chmod(0o777)
    for extra in ((), ("--live",)):
        result = run_main("report", "--server-data", str(root), *extra)
        assert result.status == 2, result.out
        assert "--server-data: " in result.err and "can be written by other accounts" in result.err
    (root / "users").chmod(0o755)
    assert run_main("report", "--server-data", str(root)).status == 0
    # Nor does it read through a link planted in a student's folder.
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
