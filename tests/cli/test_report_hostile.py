"""``queens-tutor report`` on what a hostile student hands in: names that are formulas or hold
newlines and escapes, and files that are malformed, huge, deeply nested, a directory or a FIFO.
Each unusable file is named and skipped, the rest reported (exit status 1)."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons.progress.export import (
    FORMAT,
    MAX_BYTES,
    ExportError,
    LessonInfo,
    export_data,
    parse_export,
)
from lessons.progress.export import class_report as rows_of
from lessons.progress.records import LessonRecord
from tests.cli.clirun import run_main
from tests.tiers import examples
from tui.report.files import csv_cell, csv_field
from tui.report.text import text_cell

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
    result = run_main("report", "--format", "csv", *map(str, files))
    assert result.status == 0, result.err
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
    result = run_main("report", *map(str, files))
    assert result.status == 0, result.err
    assert "\x1b" not in result.out
    body = [line for line in result.out.splitlines() if line.startswith("  ")]
    assert len(body) == 3  # the header and two students: no forged Bob
    assert any("Mallory\u240a" in line and "\u241b[2J" in line for line in body), body


@pytest.mark.timeout(30)
def test_each_unusable_file_is_named_and_skipped(tmp_path: Path) -> None:
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
    paths = [good, *(tmp_path / name for name in [*bad, "folder.json", "fifo.json"])]
    result = run_main("report", *map(str, paths))
    assert result.status == 1, result
    assert "Ada" in result.out and "Traceback" not in result.err
    skipped = result.err.splitlines()
    assert len(skipped) == len(paths) - 1, result.err
    for path in paths[1:]:
        assert any(line.startswith(f"queens-tutor report: {path}: ") for line in skipped), path


def test_a_control_character_in_a_file_name_is_shown_not_obeyed(tmp_path: Path) -> None:
    good = export_file(tmp_path / "ada.json", "Ada")
    odd = tmp_path / "bad\x1b[31m\nname.json"
    odd.write_text("{}")
    result = run_main("report", str(good), str(odd))
    assert result.status == 1
    assert "\x1b" not in result.err and len(result.err.strip().splitlines()) == 1


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
    result = run_main("progress", "--format", "csv", "--lessons-dir", str(tmp_path))
    assert result.status == 0, result.err
    rows = list(csv.DictReader(io.StringIO(result.out)))
    assert [row["title"] for row in rows if row["id"] == "extra"] == ["'=1+1"]
    assert '"A;\'=1+1"' in result.out
    assert not any(cell.startswith("=") for cell in _cells_split_on(result.out, ";"))
