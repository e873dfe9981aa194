"""A course's date outside the years every reader can show is a ``FILE:LINE`` problem of
``lessons check``, and every reader (report, progress, the teacher's page, a running tutor's
menu) goes on without it, on machines east or west; a date at the edge of the years reads."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import OptionList

from lessons.catalog import load_catalog
from lessons.course.files import CourseFiles
from lessons.progress.export import LessonInfo, export_text
from lessons.progress.records import Completion, LessonRecord, QuestionRecord
from tests.cli.course_kit import machine_zone
from tests.cli.inproc import call
from tests.tiers import sweep
from tests.tui.lesson_apps import menu_lines, menu_opened
from tests.tui.screen_text import press_for, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.serve.teacher_page import teacher_page

LESSON = (
    "@lesson alpha\n@title Lesson alpha\n\n@quiz Q\n@question number\nprompt: n?\nanswer: 2\n@end\n"
)
FAR = ['"9999-12-31"', '"0001-01-01"', '"9999-12-31T23:00:00-05:00"',
       '"0001-01-01T00:00:00+05:00"', "9999-12-31T23:59:59Z", "0001-01-01"]  # fmt: skip
ZONES = ["", 'timezone = "Pacific/Kiritimati"\n', 'timezone = "America/Adak"\n']
MACHINES = ["America/New_York", "Pacific/Kiritimati"]
"""The machine's own zone: west of UTC, and the farthest east."""
CASES = sweep(
    [(machine, due, zone) for machine in MACHINES for due in FAR for zone in ZONES],
    # a text with an offset at each end of the years and a TOML date, the zones and machines
    # in turn; every date, zone and machine in the thorough tier
    everyday=[(MACHINES[index % 2], FAR[index], ZONES[index % 3]) for index in (2, 3, 5)],
    several=True,
)


@pytest.fixture(name="machine_zone")
def machine_zone_of_the_test(request: pytest.FixtureRequest) -> Iterator[str]:
    """The machine's own zone, the test's ``machine`` parameter."""
    zone = request.node.callspec.params["machine"]
    with machine_zone(zone):
        yield zone


def course(folder: Path, zone: str, due: str, extra: str = "") -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "20-alpha.md").write_text(LESSON, encoding="utf-8")
    (folder / "course.toml").write_text(
        f'{zone}[[assignment]]\nid = "w1"\ntitle = "Week 1"\nlessons = [20]\ndue = {due}\n{extra}',
        encoding="utf-8",
    )
    return folder


def export(folder: Path) -> str:
    at = time.time() - 3600
    record = LessonRecord(page=0, completed=True, best_score=1, max_score=1, runs=1)
    record.answers = {"0.0": QuestionRecord(True, 1, scored=True, points=1, at=at)}
    record.updated = at
    record.completions = [Completion(at, 1)]
    path = folder / "ada.json"
    info = {"alpha": LessonInfo("Lesson alpha", 1, 1)}
    text = export_text({"alpha": record}, info, student="Ada", login="ada")
    path.write_text(text, encoding="utf-8")
    return str(path)


def no_internal_error(status: int, out: str, err: str) -> None:
    assert "internal error" not in out + err, err
    assert status in (0, 1, 2), (status, err)


@pytest.mark.parametrize(("machine", "due", "zone"), CASES)
def test_a_far_date_is_a_problem_at_its_line_and_every_reader_goes_on(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    machine_zone: str,
    machine: str,
    due: str,
    zone: str,
) -> None:
    folder = course(tmp_path / "course", zone, due)
    line = 6 if zone else 5
    status, out, err = call(capsys, "lessons", "check", "--only-course", str(folder))
    assert status == 1, out + err
    assert f"{folder / 'course.toml'}:{line}: due = " in out
    assert "a course's dates must be in the years 1970 to 2999" in out
    exported = export(tmp_path)
    dirs = ["--lessons-dir", str(folder), "--only-course"]
    for argv in (
        ["report", *dirs, exported],
        ["report", "--gradebook", *dirs, exported],
        ["report", "--gradebook", "--format", "json", *dirs, exported],
        ["report", "--gradebook", "--format", "csv", *dirs, exported],
    ):
        status, out, err = call(capsys, *argv)
        no_internal_error(status, out, err)
        assert f"course.toml:{line}: due = " in err, (argv, err)  # said, at its line
    status, out, err = call(capsys, "progress", *dirs)  # the student's own: no course problem
    assert status == 0 and "Lesson alpha  [new]\n" in out, out + err
    catalog = load_catalog("en", [folder], only_course=True)
    files = CourseFiles([folder], catalog.find, catalog.find_failed)
    root = tmp_path / "served"
    (root / "users").mkdir(parents=True)
    page = teacher_page(root, catalog, "prof", files)
    assert f"course.toml:{line}: due = " in page


@pytest.mark.parametrize(
    ("machine", "zone"),
    sweep(
        [(machine, zone) for machine in MACHINES for zone in ZONES],
        everyday=[(MACHINES[0], ZONES[1]), (MACHINES[1], ZONES[2])],
        several=True,
    ),
)
def test_the_edge_of_the_years_reads_everywhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], machine_zone: str, machine: str, zone: str
) -> None:
    """The last moment allowed, its late work until the same day, and an extension to then:
    moved late ends, zones east and west, nothing out of range."""
    folder = course(
        tmp_path / "course",
        zone,
        "2999-12-30T23:59:00",
        "late_credit = 0.5\nlate_until = 2999-12-31\nopens = 1970-01-01\n",
    )
    (folder / "extensions.toml").write_text(
        '[[extension]]\nstudent = "ada"\nassignment = "w1"\ndue = "2999-12-31 12:00"\n',
        encoding="utf-8",
    )
    status, out, err = call(capsys, "lessons", "check", "--only-course", str(folder))
    assert status == 0, out + err
    exported = export(tmp_path)
    dirs = ["--lessons-dir", str(folder), "--only-course"]
    status, out, err = call(capsys, "report", "--gradebook", "--format", "json", *dirs, exported)
    assert status == 0, err
    assert json.loads(out)["assignments"][0]["due"].startswith(("2999-12-", "3000-01-01"))
    for argv in (["report", *dirs, exported], ["progress", *dirs]):
        status, out, err = call(capsys, *argv)
        assert status == 0 and "internal error" not in err, (argv, err)


@pytest.mark.parametrize(
    ("machine", "due"),
    sweep(
        [(machine, due) for machine in MACHINES for due in FAR[:4]],
        everyday=[(MACHINES[0], FAR[0])],
        several=True,
    ),
)
async def test_a_running_tutor_reads_a_far_date_saved_meanwhile(
    tmp_path: Path, machine_zone: str, machine: str, due: str
) -> None:
    folder = course(tmp_path / "course", 'timezone = "America/Adak"\n', "2026-12-01")
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(folder)], only_course=True))
    async with menu_opened(app, (120, 30)) as pilot:
        assert "due 2026-12-" in menu_lines(app)[0]
        path = folder / "course.toml"
        before = path.stat().st_mtime_ns
        course(folder, 'timezone = "America/Adak"\n', due)  # the teacher saves the file
        os.utime(path, ns=(before + 10**9, before + 10**9))
        await press_for(pilot, LessonMenuScreen, "escape", "l")
        app.screen.query_one(OptionList).highlighted = 1
        await pilot.pause()
        assert app.is_running
        assert "due" not in menu_lines(app)[0]  # the assignment is left out until fixed
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, LessonMenuScreen))
        assert app.is_running


@pytest.mark.parametrize(
    "value", ["9" * 5000, "-" + "1" * 4400, "[" + "1_" * 3000 + "1]", "1" * 4300 + ".5"]
)
def test_a_number_of_thousands_of_digits_is_a_problem_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    folder = course(tmp_path / "course", "", "2026-12-01", f"late_credit = {value}\n")
    status, out, err = call(capsys, "lessons", "check", "--only-course", str(folder))
    assert status == 1 and "internal error" not in err, out + err
    assert f"{folder / 'course.toml'}:6: " in out, out


def test_serve_starts_on_a_course_with_a_far_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server's start reads the course as lessons check does: the far date is one of its
    course problems, and it starts."""
    from tui.cli.main import main
    from tui.serve import server as serve_server

    folder = course(tmp_path / "course", 'timezone = "America/Adak"\n', '"9999-12-31"')
    served: list[serve_server.TutorServer] = []
    monkeypatch.setattr(serve_server, "serve", served.append)  # no network in this test
    argv = ["serve", "--lessons-dir", str(folder), "--only-course"]
    with machine_zone("America/New_York"):
        assert main([*argv, "--server-data", str(tmp_path / "served")]) == 0
    served[0].cleanup()
    problems = " ".join(served[0].course_problems)
    assert "course.toml:6: due = '9999-12-31': a course's dates must be in the years" in problems
