"""One way of writing times per output: what programs read (json,
csv) is ISO 8601 to the second with one offset, the report machine's, for every moment; what a
person reads is local time to the minute, a deadline with its zone; the teacher's page names
its zone; a checker's message writes a due date as a person reads it."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import datetime
from pathlib import Path

import pytest

from tests.cli.inproc import call
from tests.cli.test_report_served import add_user, live, session, where

MACHINE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$")
OFFSET = datetime.now().astimezone().isoformat(timespec="seconds")[-6:]


def test_gradebook_json_times_are_one_way(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    toml = course / "course.toml"
    toml.write_text(
        toml.read_text().replace("\ndue =", '\nopens = "2020-01-01T00:00:00+09:00"\ndue =')
    )
    argv = ["report", "--gradebook", "--format", "json", "--lessons-dir", str(course)]
    _status, out, _err = call(capsys, *argv, "--only-course", *files)
    data = json.loads(out)
    moments = [data["assignments"][0]["opens"], data["assignments"][0]["due"]]
    for student in data["students"]:
        grade = student["grades"]["week1"]
        moments += [grade["due"], grade["done_at"]]
    assert all(MACHINE.match(moment) for moment in moments), moments
    assert {moment[-6:] for moment in moments} == {OFFSET}


def test_live_csv_times_share_one_offset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "served"
    ada = add_user(root, "Ada", None)
    where(ada, screen="main", lesson=None, page=None, updated="2025-05-05T18:12:00+09:00")
    live(root, session("Ada"))
    _status, out, _err = call(
        capsys, "report", "--live", "--server-data", str(root), "--format", "csv"
    )
    row = next(csv.DictReader(io.StringIO(out)))
    assert MACHINE.match(row["started"]) and MACHINE.match(row["updated"]), row
    assert row["started"][-6:] == row["updated"][-6:] == OFFSET


def test_a_checkers_due_date_is_written_as_a_person_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "20-alpha.md").write_text("@lesson alpha\n@title A\n\n@page P\nText.\n")
    (tmp_path / "course.toml").write_text(
        '[[assignment]]\nid = "week1"\nlessons = ["alpha"]\ndue = "2026-11-20 23:59"\n'
    )
    (tmp_path / "extensions.toml").write_text(
        '[[extension]]\nstudent = "ada"\nassignment = "week1"\ndue = "2026-11-19"\n'
    )
    _status, out, _err = call(capsys, "lessons", "check", "--only-course", str(tmp_path))
    assert "after the assignment's (2026-11-20 23:59 " in out and "T23:59" not in out


def test_the_teacher_page_names_its_zone(tmp_path: Path) -> None:
    from lessons.catalog import load_catalog
    from tui.serve.teacher_page import teacher_page

    root = tmp_path / "served"
    (root / "users").mkdir(parents=True)
    page = teacher_page(root, load_catalog("en"), "prof")
    zone = datetime.now().astimezone().strftime("%Z") or datetime.now().astimezone().strftime("%z")
    assert re.search(r"at \d{4}-\d\d-\d\d \d\d:\d\d " + re.escape(zone) + " and refreshes", page)
