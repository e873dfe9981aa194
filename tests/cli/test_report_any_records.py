"""Every value a student can write is data: whatever exports, served progress files,
whereabouts, live files and a roster hold (numbers out of range, NaN, wrong types, huge text,
control, tab and wide characters), ``report`` in every format and view and the teacher's page
are made for the rest of the class: a record that cannot be used is named in one line on
stderr (exit status 1), never a traceback."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import math
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lessons.catalog import load_catalog
from lessons.progress.export import FORMAT, VERSION, checksum, export_data
from lessons.progress.records import LessonRecord, Loaded, QuestionRecord
from lessons.report.served import STALE
from tests.cli.clirun import run_main, run_ok
from tests.tiers import examples, sweep
from tui.cli.main import main
from tui.report.text import width
from tui.serve.teacher_page import teacher_page

NOW = float(int(time.time()))  # whole seconds: NOW - STALE is exact, as the edge test needs
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What no line of a text report, nor the teacher's page, may hold (a tab neither: it shifts
the columns)."""

odd_numbers = st.one_of(
    st.sampled_from([1e20, -1e20, 1e308, -1.0, 2**53, 2**63, 10**30, -(10**30), 0.5]),
    st.integers(min_value=-(10**25), max_value=10**25),
    st.floats(allow_nan=True, allow_infinity=True),
)
odd_text = st.one_of(
    st.text(
        alphabet=st.sampled_from("aZ \t\n\r\x1b\x07\x00\x9b\u202e\u2028漢字é\u0301=+-@;,\"'<&>"),
        max_size=30,
    ),
    st.builds(str.__mul__, st.sampled_from(["x", "\t", "漢"]), st.sampled_from([300, 5_000])),
)
scalars = st.one_of(odd_numbers, odd_text, st.booleans(), st.none())
anything = st.one_of(scalars, st.just([]), st.just({}))


def sometimes(good: st.SearchStrategy[Any], odd: st.SearchStrategy[Any] = anything) -> Any:
    """Mostly a value a tutor writes, else anything a student could put there."""
    return st.one_of(good, good, good, odd)


times = sometimes(st.floats(min_value=1.6e9, max_value=1.8e9))
counts = sometimes(st.integers(0, 12))
places = sometimes(st.sampled_from(["0.0", "0.1", "1.0", "1.1", "2.0"]), scalars.map(str))
flags = sometimes(st.booleans())
outcomes = st.fixed_dictionaries({
    "right": flags, "attempts": counts, "hint": flags, "revealed": flags, "scored": flags,
    "points": counts, "at": times, "instance": sometimes(st.just("")),
})  # fmt: skip
loads = st.fixed_dictionaries(
    {"student": sometimes(st.just("Bob")), "exported": sometimes(st.just("x")), "at": times}
)
records = st.fixed_dictionaries({
    "page": counts, "completed": flags, "best_score": counts, "max_score": counts,
    "runs": counts, "updated": times, "seed": counts,
    "answers": st.dictionaries(places, outcomes, max_size=3),
    "open": st.dictionaries(places, outcomes, max_size=2), "loaded": st.lists(loads, max_size=2),
})  # fmt: skip
lesson_ids = sometimes(st.sampled_from(["iterative", "small-boards", "demo"]), scalars.map(str))
lessons = st.dictionaries(lesson_ids, records, min_size=1, max_size=2)
students = st.lists(
    st.tuples(sometimes(st.sampled_from(["Bob", "Cy", "Dee"])), lessons), min_size=1, max_size=3
)
far_times = st.sampled_from(["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:00-14:00", "0001"])
"""Moments no local time can hold, and one that is a year alone."""
wheres = st.fixed_dictionaries({
    "schema": sometimes(st.just(1)), "screen": sometimes(st.just("lesson")),
    "lesson": sometimes(st.just("iterative")), "page": counts,
    "updated": sometimes(st.just("2026-11-18T11:00:00+00:00"), st.one_of(anything, far_times)),
})  # fmt: skip
users = st.one_of(anything, st.just("x" * 100_000))
sessions = st.fixed_dictionaries({
    "user": sometimes(st.sampled_from(["Ada", "Bob", None]), users),
    "session": sometimes(st.just("session-k2x9d0qe")), "address": sometimes(st.just("192.0.2.1")),
    "pid": counts,
    "started": sometimes(st.just("2026-11-18T10:00:00+00:00"), st.one_of(anything, far_times)),
    "state": sometimes(st.sampled_from(["connected", "detached"])),
})  # fmt: skip
live_files = st.fixed_dictionaries({
    "schema": sometimes(st.just(1)),
    "updated": sometimes(st.just("now")),  # written as the time the file is written
    "sessions": st.lists(sessions, max_size=3),
})  # fmt: skip


ADA = LessonRecord(
    1, answers={"0.0": QuestionRecord(True, 1, at=1_790_000_000.5)}, updated=1_790_000_001.0
)


def _export_text(student: Any, lessons: dict[str, Any], intact: bool) -> str:
    data: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "student": student,
        "exported": "2026-11-18T10:00:00Z", "lessons": lessons, "lesson_info": {},
    }  # fmt: skip
    if intact:
        data["checksum"] = checksum(data)
    return json.dumps(data)  # NaN and Infinity written as JavaScript's words: refused


def write_class(
    folder: Path, class_: list[tuple[Any, dict[str, Any]]], where: dict[str, Any], live: Any
) -> tuple[list[str], Path]:
    """Ada's good export, the generated students' exports and a server store holding them
    too (progress files written by Python's json, NaN and all), and a live file."""
    files = [folder / "ada.json"]
    files[0].write_text(json.dumps(export_data({"iterative": ADA}, {}, "Ada")))
    root = folder / "served"
    for number, (student, lessons) in enumerate(class_):
        path = folder / f"s{number}.json"
        path.write_text(_export_text(student, lessons, intact=number % 2 == 0))
        files.append(path)
        name = student if isinstance(student, str) and student.strip() else f"u{number}"
        home = root / "users" / f"{number}-{quote(name, safe='')[:100]}"  # the name: user.txt
        (home / "data" / "queens-tutor").mkdir(parents=True, exist_ok=True)
        (home / "user.txt").write_text(name + "\n", errors="surrogatepass")
        progress = {"schema": 1, "app": "queens-tutor", "lessons": lessons}
        (home / "data" / "queens-tutor" / "progress.json").write_text(json.dumps(progress))
        (home / "state" / "queens-tutor").mkdir(parents=True, exist_ok=True)
        (home / "state" / "queens-tutor" / "where.json").write_text(json.dumps(where))
    ada = root / "users" / "Ada" / "data" / "queens-tutor"
    ada.mkdir(parents=True)
    (ada.parent.parent / "user.txt").write_text("Ada\n")
    (ada / "progress.json").write_text(
        json.dumps({"schema": 1, "lessons": {"iterative": ADA.to_json()}})
    )
    (root / "live").mkdir()
    if live["updated"] == "now":
        live = {**live, "updated": time.time()}
    (root / "live" / "lab-1.json").write_text(json.dumps(live))
    return [str(path) for path in files], root


def report(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(["report", *argv])
        except SystemExit as stop:
            status = int(stop.code or 0)
    return status, out.getvalue(), err.getvalue()


def check_made(status: int, out: str, err: str, output: str) -> None:
    """Made for the class: status 0 or 1, each problem one whole line, the output readable."""
    assert status in (0, 1), (status, err)
    assert "Traceback" not in err and "internal error" not in err, err
    for line in err.splitlines():
        assert line.startswith("queens-tutor report: "), line
        assert not CONTROL.search(line) and "\t" not in line, line
    if output == "json":
        json.loads(out)
    elif output == "csv":
        rows = list(csv.reader(io.StringIO(out)))
        assert rows and len({len(row) for row in rows}) == 1, rows[:3]
    else:
        for line in out.splitlines():
            assert not CONTROL.search(line) and "\t" not in line, repr(line)


# A fuzzer of every view and format (21 reports and the page an example): the thorough tier.
# The everyday run reads odd exports through test_report_hostile.py's property and reports on
# odd course, roster and live files through test_every_value_is_data.py's.
@pytest.mark.thorough
@pytest.mark.slow(30)
@settings(
    max_examples=int(os.environ.get("QUEENS_TUTOR_REPORT_EXAMPLES", 0)) or examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
@given(
    class_=students,
    where=wheres,
    live=live_files,
    roster=st.lists(st.tuples(odd_text, odd_text), max_size=4),
    sheet=st.booleans(),
)
def test_any_records_go_through_every_report_format(
    class_: list[tuple[Any, dict[str, Any]]],
    where: dict[str, Any],
    live: Any,
    roster: list[tuple[str, str]],
    sheet: bool,
) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        files, root = write_class(Path(scratch), class_, where, live)
        names = Path(scratch) / "class.txt"  # one name a line, or a course site's csv
        if sheet:  # quoted cells: a line break, a quote, a comma, in a name or a login
            text = io.StringIO()
            csv.writer(text).writerows([("login", "name"), ("ada", "Ada"), *roster])
            names.write_text(text.getvalue(), errors="surrogatepass")
        else:
            lines = ["Ada", *(name for name, _login in roster)]
            names.write_text("\n".join(lines), errors="surrogatepass")
        for view in ([], ["--questions"], ["--students", "--roster", str(names)]):
            for output in ("text", "csv", "json"):
                status, out, err = report("--format", output, *view, *files)
                check_made(status, out, err, output)
                if not view:  # Ada's good work is always in the class table
                    assert "Ada" in out, (output, err)
                status, out, err = report("--format", output, *view, "--server-data", str(root))
                check_made(status, out, err, output)
                if not view:
                    assert "Ada" in out, (output, err)
        for output in ("text", "csv", "json"):
            status, out, err = report("--live", "--format", output, "--server-data", str(root))
            check_made(status, out, err, output)
        page = teacher_page(root, load_catalog("en"), "tina", roster_file=names)
        assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
        assert "Questions of" in page  # Ada's answer, counted
        assert not CONTROL.search(page.replace("\n", "")), CONTROL.search(page)


def _loaded_at(tmp_path: Path, at: float) -> tuple[Path, Path]:
    """An export whose record says it was loaded from Bob's at ``at`` (checksum recomputed, as
    anyone can), and a server user whose progress file holds the same record."""
    record = LessonRecord(
        page=1,
        answers={"0.0": QuestionRecord(True, 1, at=1_790_000_000.5)},
        loaded=[Loaded("Bob", "2026-11-18T10:00:00Z", 1_790_000_000.0)],
    )
    data = export_data({"iterative": record}, {}, "Ada")
    data["lessons"]["iterative"]["loaded"][0]["at"] = at
    data["checksum"] = checksum(data)
    path = tmp_path / "ada.json"
    path.write_text(json.dumps(data))
    home = tmp_path / "served" / "users" / "Ada" / "data" / "queens-tutor"
    home.mkdir(parents=True)
    (home.parent.parent / "user.txt").write_text("Ada\n")
    lessons = {"iterative": data["lessons"]["iterative"]}
    (home / "progress.json").write_text(json.dumps({"schema": 1, "lessons": lessons}))
    return path, tmp_path / "served"


@pytest.mark.parametrize(
    ("at", "output"),
    sweep(
        [(at, output) for at in (1e20, -1e20, 1e308) for output in ("text", "csv", "json")],
        everyday=[(1e20, "text"), (-1e20, "csv"), (1e308, "json")],
        several=True,
    ),
)
def test_a_load_time_out_of_range_is_a_time_not_known(
    tmp_path: Path, at: float, output: str
) -> None:
    """``"at": 1e20`` in a loaded entry: the load is still named, its time not known."""
    path, root = _loaded_at(tmp_path, at)
    for where in ([str(path)], ["--server-data", str(root)]):
        result = run_main("report", "--format", output, *where)
        assert result.status == 1 and "Traceback" not in result.err, result.err
        assert "internal error" not in result.err
        (line,) = result.err.splitlines()
        assert "lesson iterative holds answers first recorded under Bob, loaded on ? " in line
        assert "Ada" in result.out


def test_numbers_a_tutor_never_writes_name_the_file_and_the_rest_is_reported(
    tmp_path: Path,
) -> None:
    """NaN, infinity, huge and negative numbers in a served user's progress file (Python's
    json reads NaN and Infinity): that user's file is named in one line, the class reported."""
    root = tmp_path / "served"

    def answer(attempts: str) -> str:
        return '{"iterative": {"answers": {"0.0": {"right": true, "attempts": ' + attempts + "}}}}"

    bad = {  # each a progress file's lessons, as Python's json reads them
        "nan": '{"iterative": {"updated": NaN}}', "negative": '{"iterative": {"page": -3}}',
        "inf": answer('1, "at": Infinity'), "huge": answer("9" * 400),
        "string": '{"iterative": {"updated": "yesterday"}}', "key": '{"\\u001b[2J": {}}',
    }  # fmt: skip
    for name, lessons in {**bad, "Ada": json.dumps({"iterative": ADA.to_json()})}.items():
        home = root / "users" / name / "data" / "queens-tutor"
        home.mkdir(parents=True)
        (home.parent.parent / "user.txt").write_text(name + "\n")
        (home / "progress.json").write_text('{"schema": 1, "lessons": ' + lessons + "}")
    for output in ("text", "csv", "json"):
        for view in ([], ["--questions"], ["--students"]):
            result = run_main("report", "--format", output, *view, "--server-data", str(root))
            assert result.status == 1 and "Traceback" not in result.err, result.err
            lines = result.err.splitlines()
            assert len(lines) == len(bad), lines
            for name in bad:
                (line,) = [line for line in lines if f"/users/{name}/" in line]
                assert line.endswith("; skipped") and "\x1b" not in line
            if not view:
                assert "Ada" in result.out


def _column(line: str, text: str) -> int:
    """The terminal column at which ``text`` starts in ``line``."""
    return width(line[: line.index(text)])


def test_tabs_control_and_wide_characters_never_shift_the_text_columns(tmp_path: Path) -> None:
    names = ["Ada", "Bo\tb", "C\x1by", "漢字太郎", "e\u0301va", "Tab\t\tTab"]
    files = []
    for number, name in enumerate(names):
        outcome = QuestionRecord(True, 1, at=1e9 + number)  # each student's own run
        record = LessonRecord(page=number + 1, answers={"0.0": outcome})
        path = tmp_path / f"{number}.json"
        path.write_text(json.dumps(export_data({"iterative": record}, {}, name)))
        files.append(str(path))
    result = run_ok("report", *files)
    table = [line for line in result.out.splitlines() if line.startswith("  ")]
    header, rows = table[0], table[1 : len(names) + 1]
    assert "\t" not in result.out and "\x1b" not in result.out
    last = _column(header, "Last active")
    for row in rows:  # each row's date (its last cell) starts under the header's
        date = re.search(r"\d{4}-\d\d-\d\d", row)
        assert date is not None and _column(row, date.group()) == last, (row, header)
    assert any("Bo\u2409b" in row for row in rows)  # the tab shown as a symbol
    students = run_main("report", "--students", *files)
    lines = students.out.splitlines()  # each student's answer (reached pages are listed too)
    answers = [line for line in lines if line.startswith("    ") and "first attempt" in line]
    assert len(answers) == len(names)
    assert len({_column(line, "2001-") for line in answers}) == 1, answers


def test_a_live_file_dated_in_the_future_is_left_out_with_a_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The report's clock is fixed: a "now" read at import (or before a slow subprocess start)
    # went stale under load, more than STALE seconds before the report read the files.
    root = tmp_path / "served"
    (root / "live").mkdir(parents=True)
    session = {"user": "Ada", "address": "a", "pid": 1, "started": "s", "state": "connected"}
    for name, updated in (("now-1", NOW), ("future-2", NOW + 10 * 365 * 86400),
                          ("nan-3", math.nan), ("skew-4", NOW + 60),
                          ("edge-5", NOW - STALE), ("gone-6", NOW - STALE - 1)):  # fmt: skip
        data = {"schema": 1, "updated": updated, "sessions": [{**session, "user": name}]}
        (root / "live" / f"{name}.json").write_text(json.dumps(data))
    monkeypatch.setattr(time, "time", lambda: NOW)
    status, out, err = report("--live", "--format", "json", "--server-data", str(root))
    monkeypatch.undo()
    assert status == 1 and "Traceback" not in err
    users = {row["user"] for row in json.loads(out)["sessions"]}
    assert users == {"now-1", "skew-4", "edge-5"}  # a minute ahead: a clock a little off is fine
    (future,) = [line for line in err.splitlines() if "future-2.json" in line]
    assert "in the future" in future and "left out" in future
    (gone,) = [line for line in err.splitlines() if "gone-6.json" in line]
    assert "has not written it" in gone
    assert any("nan-3.json" in line for line in err.splitlines())
