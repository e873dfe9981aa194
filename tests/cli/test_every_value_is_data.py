"""Every value read from a file is data (a property): generated course, extension, export,
roster and live files go through ``lessons check``, every view and format of ``report``,
``progress`` and the teacher's page: no internal error, no control or direction character in
any output, every unusable course value said at its ``FILE:LINE``. (The tutor's lesson menu
reads the same files: tests/tui/test_every_value_is_data_menu.py.)"""

from __future__ import annotations

import contextlib
import json
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from lessons.catalog import load_catalog
from lessons.progress.values import MAX_TIME
from lessons.safe_text import first_unsafe
from tests.cli.course_kit import machine_zone
from tests.cli.inproc import call
from tests.tiers import examples, sweep
from tui.serve.teacher_page import teacher_page

LESSONS = {
    "20-alpha.md": "@lesson alpha\n@title Lesson alpha\n\n@quiz Q\n@question number\n"
    "prompt: How many solutions has n = 4?\nanswer: 2\n@end\n",
    "21-beta.md": "@lesson beta\n@title Lesson beta\n\n@page One\nText.\n",
}
DANGER = [
    "\x1b]52;c;aGk=\x07", "\x1bc", "\x1b[2J", "\x9b2J",  # the clipboard, a reset, clear, C1 CSI
    "\u202e", "\u2066", "\u200f", "\x00", "\x7f", "\r", "\n", "\t",  # direction, controls
]  # fmt: skip
"""What a hostile or careless file may hold, besides any other character."""
ZONES = ["Europe/Rome", "Pacific/Kiritimati", "America/Adak", "UTC"]
BAD_ZONES = ["Mars/Base", "../../etc/passwd", "", "x" * 70, "Europe/Rome\x1b[2J"]


def texts(size: int = 24) -> st.SearchStrategy[str]:
    """Any text, with the dangerous characters likely."""
    piece = st.one_of(st.sampled_from(DANGER), st.text(st.characters(codec="utf-8"), max_size=6))
    return st.lists(piece, max_size=size // 4 + 1).map("".join)


@dataclass(frozen=True)
class Value:
    """A value as TOML source, and whether the course must refuse it (None: either)."""

    source: str
    bad: bool | None


def quoted(text: str) -> str:
    """``text`` as a TOML basic string: every control or direction character escaped (a file
    holds them so; TOML refuses most of them raw), the rest as it is."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(f"\\u{ord(c):04x}" if first_unsafe(c) else c for c in escaped) + '"'


GOOD_MOMENTS = st.datetimes(datetime(1970, 1, 3), datetime(2999, 12, 28))
FAR_MOMENTS = st.one_of(
    st.sampled_from([datetime.min, datetime.max, datetime(1, 1, 1, 3), datetime(9999, 12, 31)]),
    st.datetimes(datetime(1, 1, 1), datetime(1969, 12, 29)),
    st.datetimes(datetime(3000, 1, 3), datetime(9999, 12, 31)),
)


@st.composite
def moments(draw: st.DrawFn) -> Value:
    """A course time: in every form the course takes, in range or far; or no time at all."""
    kind = draw(st.sampled_from(["good", "far", "far", "junk"]))
    if kind == "junk":
        junk = draw(
            st.one_of(
                texts().map(lambda text: quoted("x" + text)),
                st.integers(-(10**30), 10**30).map(str),
                st.floats(allow_nan=False, allow_infinity=False).map(repr),
                st.sampled_from(["true", "[]", "{}", '"2026-02-30"', '"2026-13-01"', "nan", "inf"]),
            )
        )
        return Value(junk, True)
    moment = draw(GOOD_MOMENTS if kind == "good" else FAR_MOMENTS).replace(microsecond=0)
    offset = draw(st.sampled_from(["", "Z", "+05:00", "-05:00", "+14:00", "-12:00"]))
    forms = [moment.date().isoformat(), moment.isoformat() + offset]  # a TOML date or time
    forms += [quoted(text) for text in (*forms, moment.strftime("%Y-%m-%d %H:%M"))]  # a text
    source = draw(st.sampled_from(forms))
    if len(source.strip('"').split("-")[0]) != 4:
        return Value(quoted(source), True)  # no year of four digits: a text, not a time
    return Value(source, kind == "far")


@st.composite
def titles(draw: st.DrawFn) -> Value:
    title = draw(st.one_of(st.sampled_from(["Week 1", "Settimana 2 — è", "週 3"]), texts(40)))
    bad = first_unsafe(title.strip()) is not None or not title.strip() or len(title) > 200
    return Value(quoted(title), bad)


@st.composite
def credits(draw: st.DrawFn) -> Value:
    good = st.floats(0, 1).map(lambda x: Value(repr(x), False))
    bad = st.one_of(
        st.floats(1.0001, 1e300).map(lambda x: Value(repr(x), True)),
        st.floats(max_value=-0.0001).map(lambda x: Value(repr(x), True)),
        st.sampled_from(["nan", "inf", "-inf", "true", '"half"', "9" * 60]).map(
            lambda x: Value(x, True)
        ),
    )
    return draw(st.one_of(good, bad))


@dataclass
class CourseFile:
    """A course.toml (or extensions.toml) being written, and the lines it must be refused at."""

    lines: list[str] = field(default_factory=list)
    bad_lines: list[int] = field(default_factory=list)

    def add(self, key: str, value: Value) -> None:
        self.lines.append(f"{key} = {value.source}")
        if value.bad:
            self.bad_lines.append(len(self.lines))

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


@st.composite
def courses(draw: st.DrawFn) -> tuple[CourseFile, list[str]]:
    """A course.toml and the ids of its assignments."""
    file = CourseFile()
    if draw(st.booleans()):
        zone = draw(st.sampled_from(ZONES + BAD_ZONES))
        file.add("timezone", Value(quoted(zone), zone not in ZONES))
    ids = []
    for number in range(draw(st.integers(1, 3))):
        file.lines.append("[[assignment]]")
        key = draw(st.sampled_from([f"w{number}", f"w{number}", "bad id", "-x", "é"]))
        file.add("id", Value(quoted(key), key != f"w{number}"))
        ids.append(key)
        if draw(st.booleans()):
            file.add("title", draw(titles()))
        lesson = draw(st.sampled_from(['["alpha"]', "[21]", '["alpha", 21]', '["nope"]']))
        file.add("lessons", Value(lesson, lesson == '["nope"]'))
        file.add("due", draw(moments()))
        for key in ("opens", "late_until"):
            if draw(st.booleans()):
                file.add(key, draw(moments()))
        if draw(st.booleans()):
            file.add("late_credit", draw(credits()))
    return file, ids


@st.composite
def extension_files(draw: st.DrawFn, ids: Sequence[str]) -> CourseFile:
    file = CourseFile()
    for _number in range(draw(st.integers(0, 3))):
        file.lines.append("[[extension]]")
        student = draw(st.one_of(st.sampled_from(["ada", "bob", "Ada Lovelace"]), texts(30)))
        stripped = student.strip()  # outer spaces are no part of a name
        bad_student = first_unsafe(stripped) is not None or not stripped or len(student) > 200
        file.add("student", Value(quoted(student), bad_student))
        file.add("assignment", Value(quoted(draw(st.sampled_from([*ids, "nope"]))), None))
        file.add("due", draw(moments()))
    return file


def csv_quoted(text: str) -> str:
    """``text`` as a quoted CSV cell: a line break in it stays one (valid CSV)."""
    return '"' + text.replace('"', '""') + '"'


@st.composite
def rosters(draw: st.DrawFn) -> str:
    names = draw(st.lists(st.one_of(st.sampled_from(["ada", "Bob Byron"]), texts(20)), max_size=5))
    if draw(st.booleans()):  # a course site's export: a header, quoted cells, line breaks in them
        rows = [f"{csv_quoted(name)},{csv_quoted(name + ' Surname')}" for name in names]
        return "login,name\n" + "\n".join(rows) + "\n"
    return "\n".join(names) + "\n"


EDGES = [
    "0001-01-01T00:00:00+05:00", "0001-01-01T00:00:00",
    "9999-12-31T23:59:59-05:00", "9999-12-31T23:59:59",
]  # fmt: skip
"""Moments of a file at the edges of the years a date can hold: in no zone but their own."""


@st.composite
def live_files(draw: st.DrawFn) -> dict[str, Any]:
    def session() -> dict[str, Any]:
        started = draw(
            st.one_of(
                st.sampled_from(EDGES),
                GOOD_MOMENTS.map(lambda m: m.isoformat() + "+00:00"),
                FAR_MOMENTS.map(lambda m: m.isoformat() + draw(st.sampled_from(["", "+05:00"]))),
                texts(),
            )
        )
        return {
            "user": draw(st.one_of(st.none(), texts(20), st.just("u" * 1000))),
            "address": draw(st.one_of(st.just("10.0.0.7"), texts(10))),
            "pid": draw(st.one_of(st.none(), st.integers(1, 10**6), st.integers(-1, 2**70))),
            "started": started,
            "state": draw(st.sampled_from(["connected", "connected", "detached", "gone"])),
        }

    return {"schema": 1, "sessions": [session() for _ in range(draw(st.integers(0, 3)))]}


def export(folder: Path, student: str, at: float) -> Path:
    """A student's export with lesson alpha done at ``at``, under the name ``student``."""
    from lessons.progress.export import LessonInfo, export_text
    from lessons.progress.records import Completion, LessonRecord, QuestionRecord

    record = LessonRecord(page=0, completed=True, best_score=1, max_score=1, runs=1)
    answer = QuestionRecord(True, 2, scored=True, at=at, given=("7", "2"), given_at=(at / 2, at))
    record.answers = {"0.0": answer}
    record.updated = at
    record.completions = [Completion(at, 1)]
    path = folder / "export.json"
    info = {"alpha": LessonInfo("Lesson alpha", 1, 1)}
    path.write_text(export_text({"alpha": record}, info, student=student, login="ada"), "utf-8")
    return path


def shown_safely(where: str, text: str) -> None:
    """No line of ``text`` holds a character that would act on a terminal or a page."""
    for number, line in enumerate(text.split("\n"), start=1):
        found = first_unsafe(line)
        assert found is None, f"{where}, line {number}: {found}: {line[:200]!r}"


def ran(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status, out, err = call(capsys, *argv)
    assert "internal error" not in err and "Traceback" not in err, (argv, err)
    assert status in (0, 1, 2), (argv, status, err)
    shown_safely(" ".join(argv[:3]), out)
    shown_safely(" ".join(argv[:3]) + " (stderr)", err)
    return status, out, err


def course_folder(root: Path, calendar: str) -> Path:
    """``root/course``: the lessons and ``calendar`` as its course.toml."""
    folder = root / "course"
    folder.mkdir()
    for name, text in LESSONS.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "course.toml").write_text(calendar, encoding="utf-8")
    return folder


@settings(
    max_examples=examples(40),
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a failing example is said whole
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,  # capsys: read out after each call
    ],
)
@given(
    course=courses(),
    data=st.data(),
    student=st.one_of(st.just("Ada"), texts(20).filter(str.strip)),
    roster=rosters(),
    live=live_files(),
    at=st.one_of(
        st.integers(-400, 400).map(
            lambda days: (datetime.now() + timedelta(days=days)).timestamp()
        ),
        st.sampled_from([MAX_TIME, 1.0, 0.5, 86_400.0]),  # the edges a progress file may hold
    ),
    machine=st.sampled_from(["UTC", "America/New_York", "Pacific/Kiritimati"]),
)
def test_every_reader_takes_any_course_roster_and_live_file(
    capsys: pytest.CaptureFixture[str],
    course: tuple[CourseFile, list[str]],
    data: st.DataObject,
    student: str,
    roster: str,
    live: dict[str, Any],
    at: float,
    machine: str,
) -> None:
    from lessons.course.files import CourseFiles

    course_file, ids = course
    extensions = data.draw(extension_files(ids))
    root = Path(tempfile.mkdtemp(prefix="values-"))  # a fresh folder for each example
    # the machine's own zone: west or east of every file's
    with machine_zone(machine), contextlib.ExitStack() as stack:
        stack.callback(shutil.rmtree, root, ignore_errors=True)
        folder = course_folder(root, course_file.text)
        if extensions.lines:
            (folder / "extensions.toml").write_text(extensions.text, encoding="utf-8")
        roster_file = root / "roster.csv"
        roster_file.write_text(roster, encoding="utf-8")
        served = root / "served"
        (served / "users").mkdir(parents=True)
        (served / "live.json").write_text(json.dumps(live), encoding="utf-8")
        exported = str(export(root, student, at))

        _status, out, _err = ran(capsys, "lessons", "check", "--only-course", str(folder))
        for line in course_file.bad_lines:
            assert f"{folder / 'course.toml'}:{line}: " in out, (line, course_file.text, out)
        for line in extensions.bad_lines:
            assert f"{folder / 'extensions.toml'}:{line}: " in out, (line, extensions.text, out)

        dirs = ("--lessons-dir", str(folder), "--only-course")
        for view in ((), ("--students",), ("--gradebook",)):
            for form in ("text", "csv", "json"):
                argv = ("report", *view, "--format", form, *dirs, "--roster", str(roster_file))
                status, out, _err = ran(capsys, *argv, exported)
                if form == "json" and status != 2:
                    json.loads(out)
        for form in ("text", "csv", "json"):
            ran(capsys, "report", "--live", "--server-data", str(served), "--format", form, *dirs)
        ran(capsys, "progress", *dirs)

        catalog = load_catalog("en", [folder], only_course=True)
        files = CourseFiles([folder], catalog.find, catalog.find_failed)
        page = teacher_page(served, catalog, "prof", files, roster_file)
        shown_safely("the teacher's page", page)
        for line in course_file.bad_lines:
            assert f"course.toml:{line}: " in page


@pytest.mark.parametrize(
    ("machine", "started"),
    sweep(
        [("America/New_York", EDGES[0]), ("Pacific/Kiritimati", EDGES[2]), ("UTC", EDGES[3])],
        everyday=[("America/New_York", EDGES[0])],
        several=True,
    ),
)
def test_a_live_file_started_at_the_edge_of_the_years_is_read_or_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], machine: str, started: str
) -> None:
    with machine_zone(machine):
        served = tmp_path / "served"
        (served / "users").mkdir(parents=True)
        session = {"user": "ada", "address": "10.0.0.7", "pid": 7, "started": started}
        live = {"schema": 1, "sessions": [{**session, "state": "connected"}]}
        (served / "live.json").write_text(json.dumps(live))
        written = (started, started[:16].replace("T", " "))  # as written, or as a minute
        skipped = "live.json: session 1 is not in the expected form; skipped"
        page = teacher_page(served, load_catalog("en", []), "prof")
        shown = [page] + [
            "".join(
                ran(capsys, "report", "--live", "--server-data", str(served), "--format", form)[1:]
            )
            for form in ("text", "csv", "json")
        ]
        for text in shown:
            assert any(moment in text for moment in written) or skipped in text, text


@pytest.mark.parametrize(
    "machine", sweep(["Pacific/Kiritimati", "America/Adak"], everyday=["Pacific/Kiritimati"])
)
def test_the_latest_time_a_progress_file_may_hold_reads_everywhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], machine: str
) -> None:
    """Work dated the last second a file may hold, in the zones farthest east and west: every
    report reads it; a second later, the file is refused in one line."""
    with machine_zone(machine):
        folder = course_folder(
            tmp_path, '[[assignment]]\nid = "w1"\nlessons = [20]\ndue = 2999-12-31\n'
        )
        exported = str(export(tmp_path, "Ada", MAX_TIME))
        dirs = ("--lessons-dir", str(folder), "--only-course")
        for view in ((), ("--students",), ("--gradebook",)):
            for form in ("text", "csv", "json"):
                status, _out, err = ran(capsys, "report", *view, "--format", form, *dirs, exported)
                assert status == 0, err
        later = tmp_path / "later.json"
        later.write_text(Path(exported).read_text().replace(repr(MAX_TIME), repr(MAX_TIME + 1)))
        status, _out, err = ran(capsys, "report", *dirs, str(later))
        assert status == 1 and "must be a time between 1970 and the end of 2999" in err, err
