"""The teacher's page (tui/serve/teacher_page.py), its gradebook csv and who is stuck
(lessons/report/live.py), without a server; a course file broken while ``serve`` runs: its
problems first on the page, and the console told when they change and when they are mended."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import logging
import os
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from lessons.catalog import Catalog, load_catalog
from lessons.course.files import CourseFiles
from lessons.parsing.parser import parse
from lessons.progress.export import Export
from lessons.progress.records import LessonRecord, QuestionRecord
from lessons.report.live import STUCK_MINUTES, Seat, Stuck, class_now, stuck_on, stuck_words
from lessons.report.served import Session, Where
from tests.cli.course_kit import course_folder, course_toml
from tests.cli.inproc import call
from tests.serve.server import until
from tui.serve import server as serve_server
from tui.serve.teacher_page import POLICY, BrokenExtensions, gradebook_csv, teacher_page

NOW = 1_795_000_000.0


def export(name: str, **records: LessonRecord) -> Export:
    return Export(name, "", dict(records), {}, intact=True)


def session(user: str, lesson: str | None, page: int | None, state: str = "connected") -> Session:
    where = Where("lesson", lesson, page, "2026-11-18T11:00:00+00:00")
    return Session(user, "192.0.2.1", 42, "2026-11-18T10:00:00+00:00", state, where)


def test_the_stuck_are_the_open_questions_of_the_page_they_are_on() -> None:
    record = LessonRecord(
        answers={"1.0": QuestionRecord(True, 1, at=NOW - 900)},
        open={
            "1.1": QuestionRecord(False, 3, at=NOW - 120),
            "2.0": QuestionRecord(False, 5, at=NOW - 60),  # another page: not where she is
        },
    )
    stuck = stuck_on(export("ada", iterative=record), "iterative", 2, NOW)
    assert stuck is not None and (stuck.question, stuck.attempts, stuck.minutes) == (2, 3, 2.0)
    assert stuck_on(export("ada", iterative=record), "iterative", 1, NOW) is None
    assert stuck_on(export("ada", iterative=record), "recursive", 2, NOW) is None
    seats = class_now(
        [
            session("cy", "iterative", 2, state="detached"),
            session("bob", "iterative", 2),
            session("ada", "iterative", 2),
        ],
        [("a", export("ada", iterative=record)), ("b", export("bob"))],
        NOW,
    )
    assert [seat.session.user for seat in seats] == ["ada", "bob", "cy"]


def test_the_page_escapes_names_and_runs_nothing(tmp_path: Path) -> None:
    root = tmp_path / "served"
    (root / "users").mkdir(parents=True)
    evil = "<script>alert(1)</script>"
    live = {"user": evil, "address": "192.0.2.1", "pid": 7, "started": "x", "state": "connected"}
    (root / "live.json").write_text(json.dumps({"schema": 1, "sessions": [live]}))
    page = teacher_page(root, load_catalog("en"), "tina & co")
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert page.count("<script") == 1 and "&lt;script&gt;" in page and "tina &amp; co" in page
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in POLICY  # the page's own reload, and only it, runs
    assert "fetch(location.href" in scripts[0] and "location.replace" in scripts[0]
    # while the server does not answer, the page says so (the script shows #gone)
    assert "getElementById('gone').hidden = false" in scripts[0]
    assert re.search(r"<p id='gone' hidden><strong>The server does not answer: [^<]+<", page)
    assert "1 session now, 0 stuck on a question" in page
    assert "Questions of" not in page  # nobody's progress yet: no statistics


LESSON = "@lesson alpha\n@title A\n\n@quiz Q\n@question number\nprompt: n?\nanswer: 2\n@end\n"


def served(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A served store with Ada (in the lesson menu), a course with an extension for her, and
    a roster naming her and Cy (who never logged in)."""
    due = (datetime.now() - timedelta(days=1)).astimezone().replace(microsecond=0)
    toml = course_toml(due.isoformat(), "alpha", late=False)
    folder = course_folder(tmp_path / "course", toml, "alpha", lesson=LESSON)
    later = (due + timedelta(days=3)).isoformat()
    (folder / "extensions.toml").write_text(
        f'[[extension]]\nstudent = "ada"\nassignment = "week1"\ndue = "{later}"\n',
        encoding="utf-8",
    )
    root = tmp_path / "served"
    home = root / "users" / "ada"
    (home / "state" / "queens-tutor").mkdir(parents=True)
    (home / "data" / "queens-tutor").mkdir(parents=True)
    (home / "user.txt").write_text("ada\n")
    record = {"page": 0, "answers": {"0.0": {"right": True, "attempts": 1, "at": 1.7e9}}}
    (home / "data" / "queens-tutor" / "progress.json").write_text(
        json.dumps({"schema": 1, "app": "queens-tutor", "lessons": {"alpha": record}})
    )
    where = {"schema": 1, "screen": "lesson-menu", "lesson": None, "page": None}
    now = datetime.now().astimezone().isoformat()
    (home / "state" / "queens-tutor" / "where.json").write_text(
        json.dumps({**where, "updated": now})
    )
    live = {"user": "ada", "address": "192.0.2.1", "pid": 7, "started": now, "state": "connected"}
    (root / "live.json").write_text(json.dumps({"schema": 1, "sessions": [live]}))
    roster = tmp_path / "class.txt"
    roster.write_text("ada\ncy\n", encoding="utf-8")
    return folder, root, roster


def loaded(folder: Path) -> tuple[Catalog, CourseFiles]:
    catalog = load_catalog("en", [folder], only_course=True)
    return catalog, CourseFiles([folder], catalog.find, catalog.find_failed)


def test_the_page_has_the_roster_the_due_dates_the_extension_and_words(tmp_path: Path) -> None:
    """The roster's absent students, due dates, extensions, where a student is in words, and
    that its gradebook holds only this server's work (with the command for the whole one)."""
    from tui.serve.teacher_routes import gradebook_filename

    folder, root, roster = served(tmp_path)
    catalog, files = loaded(folder)
    page = teacher_page(root, catalog, "prof", files, roster)
    assert "No progress from 1 student on the roster: cy" in page
    assert "<td>cy</td>" in page  # a gradebook row for the student who never logged in
    assert "Week 1 (week1): due " in page
    assert "week1 extended to " in page  # ada's extension, under her row, as in the report
    assert "the lesson menu" in page and "lesson-menu" not in page
    scope = page.index("id='gradebook-scope'")
    assert scope < page.index("<table id='gradebook'>")
    said = page[scope : page.index("</p>", scope)]
    assert "only the progress on this server" in said
    assert f"queens-tutor report --gradebook --lessons-dir {folder} --server-data {root}" in said
    assert "Download this server&#x27;s gradebook (CSV for Moodle)" in page
    assert gradebook_filename("moodle") == "queens-tutor-gradebook-this-server-only-moodle.csv"


def test_the_pages_csv_leaves_a_student_with_no_work_on_this_server_empty(tmp_path: Path) -> None:
    """Cy (on the roster, no work here) and Bob (opened the lesson, answered nothing) get empty
    cells in both layouts, not 0 and missing; Ada keeps hers; the page says so."""
    folder, root, roster = served(tmp_path)
    home = root / "users" / "bob"
    (home / "data" / "queens-tutor").mkdir(parents=True)
    (home / "user.txt").write_text("bob\n")
    opened = {"page": 1, "answers": {}, "updated": 1.7e9}
    (home / "data" / "queens-tutor" / "progress.json").write_text(
        json.dumps({"schema": 1, "app": "queens-tutor", "lessons": {"alpha": opened}})
    )
    roster.write_text("ada\nbob\ncy\n", encoding="utf-8")
    catalog, files = loaded(folder)
    for lms, empty in (("moodle", "{0},,,{0},,,"), ("canvas", "{0},,,{0},,")):
        lines = gradebook_csv(root, catalog, files, lms, roster).splitlines()
        assert empty.format("cy") in lines and empty.format("bob") in lines, lines
        ada = next(line for line in lines if line.startswith("ada,"))
        assert ada.split(",")[6:] == (["not-due-yet"] if lms == "moodle" else [])  # extended
    page = teacher_page(root, catalog, "prof", files, roster)
    note = page[page.index("id='gradebook-csv-blanks'") :]
    said = "no work on this server has empty cells for an assignment that is due, not 0"
    assert said in note[: note.index("</p>")]


def test_a_not_yet_due_cell_is_the_same_in_the_pages_csv_and_the_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An assignment not due yet has the same cells in the page's csv and ``report
    --gradebook --format csv``, in both layouts; a due one keeps the page's empty cells."""
    folder, root, roster = served(tmp_path)
    (folder / "21-beta.md").write_text(LESSON.replace("alpha", "beta"), encoding="utf-8")
    later = (datetime.now() + timedelta(days=7)).astimezone().replace(microsecond=0)
    with (folder / "course.toml").open("a", encoding="utf-8") as course:
        course.write(f'\n[[assignment]]\nid = "week2"\nlessons = ["beta"]\ndue = "{later}"\n')
    catalog, files = loaded(folder)
    for lms, cells in (("moodle", ["", "", "", "not-due-yet"]), ("canvas", ["", ""])):
        page = gradebook_csv(root, catalog, files, lms, roster).splitlines()
        cy = next(line for line in page if line.startswith("cy,"))
        assert cy.split(",")[5:] == cells, cy  # week1 due: empty; week2: as the report's
        argv = ["report", "--gradebook", "--format", "csv", "--lms", lms, "--only-course"]
        argv += ["--lessons-dir", str(folder), "--roster", str(roster), "--server-data", str(root)]
        _status, out, _err = call(capsys, *argv)
        report = next(line for line in out.splitlines() if line.startswith("cy,"))
        week2 = slice(7, 9) if lms == "moodle" else slice(6, 7)
        assert report.split(",")[week2] == cy.split(",")[week2], (report, cy)


def test_the_page_flags_a_login_not_on_the_roster_and_a_name_is_no_login(tmp_path: Path) -> None:
    """A served login no roster line names is said as ``report --roster`` says it, and marked;
    a roster line that is a name (``Eve Absent``) has an empty login cell on the page and in
    both downloads."""
    folder, root, roster = served(tmp_path)
    catalog, files = loaded(folder)
    roster.write_text("cy\nEve Absent\n", encoding="utf-8")  # ada is not on it
    page = teacher_page(root, catalog, "prof", files, roster)
    assert "Not on the roster (1): ada" in page
    assert "<td>ada (not on the roster)</td>" in page  # her session's row
    assert "<tr><td>Eve Absent</td><td></td>" in page
    for lms in ("moodle", "canvas"):
        lines = gradebook_csv(root, catalog, files, lms, roster).splitlines()
        eve = next(line for line in lines if line.startswith("Eve Absent,"))
        assert eve.split(",")[1:5] == ["", "", "", ""], eve  # ID, SIS ids, Section
    roster.write_text("ada\ncy\n", encoding="utf-8")
    page = teacher_page(root, catalog, "prof", files, roster)
    assert "Not on the roster" not in page and "<td>ada</td>" in page
    assert "not on the roster" not in teacher_page(root, catalog, "prof", files)  # no roster


def test_the_pages_statistics_count_the_run_that_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page's statistics count each student's run that counts, as the report does (a miss
    on time, then right in a late run: 0 of 1 right at the first attempt), and say so."""
    from tests.cli.clirun import run_main
    from tests.cli.test_course_identity import account
    from tests.cli.test_report_counts import (
        AGAIN_ALL_RIGHT,
        RIGHT_AFTER_A_MISS,
        _course,
        runs_around_a_due_date,
    )
    from tests.cli.test_report_gradebook import LESSON as QUIZ

    due, clock = runs_around_a_due_date(monkeypatch)
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "20-alpha.md").write_text(QUIZ.format(id="alpha"), encoding="utf-8")
    _course(folder, due)
    root = tmp_path / "served"
    home = root / "users" / "ada"
    home.mkdir(parents=True)
    (home / "user.txt").write_text("ada\n")
    ada = account(home, "ada")  # the served layout: its data under home/data
    lessons = ("--lessons-dir", str(folder), "--only-course")
    assert run_main("--plain", *lessons, stdin=RIGHT_AFTER_A_MISS, env=ada).status == 0
    clock.moment = due.timestamp() + 60  # the due date falls between the two runs
    assert run_main("--plain", *lessons, stdin=AGAIN_ALL_RIGHT, env=ada).status == 0
    catalog, files = loaded(folder)
    page = teacher_page(root, catalog, "prof", files)
    assert "The statistics count each student&#x27;s run that counts" in page, page
    table = page[page.index("<table class='questions'>") :]
    first = table[table.index("<tr><td") : table.index("</tr>", table.index("<tr><td"))]
    numbers = [cell.split("<")[0] for cell in first.split("<td class='n'>")[1:]]
    shown = json.loads(
        run_main("report", "--format", "json", *lessons, "--server-data", str(root)).out
    )
    row = shown["questions"][0]
    assert row["right_first"] == 0 and row["answered"] == 1  # the report's, the same rule
    # page 1, question 1: answered 1, right 1, right at the first attempt 0, as the report
    assert numbers[:5] == [str(row["page"]), str(row["question"]), "1", "1", "0"], first


def test_no_gradebook_csv_while_the_extensions_file_is_broken(tmp_path: Path) -> None:
    """The page's csv is refused while extensions.toml or course.toml is broken."""
    folder, root, roster = served(tmp_path)
    catalog, files = loaded(folder)
    good = (folder / "extensions.toml").read_text(encoding="utf-8")
    (folder / "extensions.toml").write_text(good.replace("[[extension]]", "[[extension]"))
    with pytest.raises(BrokenExtensions, match=r"extensions\.toml has problems"):
        gradebook_csv(root, catalog, files, "moodle", roster)
    (folder / "extensions.toml").write_text(good + "\n")
    assert "ada," in gradebook_csv(root, catalog, files, "moodle", roster)
    # a typo in course.toml that drops an assignment: no import either
    course = (folder / "course.toml").read_text(encoding="utf-8")
    (folder / "course.toml").write_text(course.replace("lessons =", "lesons =", 1))
    with pytest.raises(BrokenExtensions, match=r"course\.toml has problems"):
        gradebook_csv(root, catalog, files, "moodle", roster)


def test_the_page_says_what_the_report_says_of_the_rosters_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The page lists what ``report --roster`` says of the roster's lines, escaped; its csv is
    refused while a line names no student."""
    import html
    import re

    folder, root, roster = served(tmp_path)
    catalog, files = loaded(folder)
    roster.write_text("ada, <b>Ada</b> Lovelace\ncy\nCY \n", encoding="utf-8")
    page = teacher_page(root, catalog, "prof", files, roster)
    found = re.search(r"<ul id='roster-lines' class='problems'>(.*?)</ul>", page, re.S)
    assert found is not None, page
    listed = [html.unescape(item) for item in re.findall(r"<li>(.*?)</li>", found.group(1))]
    assert "<b>" not in found.group(1) and "&lt;b&gt;" in found.group(1)  # data, not markup
    argv = ["report", "--lessons-dir", str(folder), "--only-course", "--roster", str(roster)]
    status, _out, err = call(capsys, *argv, "--server-data", str(root))
    assert status == 1  # the line taken whole is a problem there
    said = [line.removeprefix("queens-tutor report: ") for line in err.splitlines()]
    assert sorted(listed) == sorted(said) and len(said) == 2, (listed, said)
    assert any("roster line 1, 'ada, <b>Ada</b> Lovelace', names no student" in s for s in listed)
    assert any(f"{roster}:3: 'CY' repeats line 2" in s for s in listed)
    with pytest.raises(BrokenExtensions, match=r"^the roster has problems"):  # no import file
        gradebook_csv(root, catalog, files, "moodle", roster)
    roster.write_text("ada\ncy\n", encoding="utf-8")  # nothing to say: no list
    assert "roster-lines" not in teacher_page(root, catalog, "prof", files, roster)


DEMO = parse(
    "@lesson demo\n@title Demo\n\n@page Read\nText.\n\n@page Ask\n@question number\n"
    "prompt: How many solutions has n = 4?\nanswer: 2\n@end\n",
    "demo.md",
).lesson


def at(minutes_ago: float) -> str:
    return datetime.fromtimestamp(NOW - minutes_ago * 60, UTC).isoformat()


def seat_of(user: str, page: int, minutes_ago: float, record: LessonRecord | None):  # type: ignore[no-untyped-def]
    where = Where("lesson", "demo", page, at(minutes_ago))
    session = Session(user, "192.0.2.1", 7, at(60), "connected", where)
    exports = [("x", Export(user, "", {"demo": record} if record else {}, {}, intact=True))]
    assert DEMO is not None
    (seat,) = class_now([session], exports, NOW, {"demo": DEMO})
    return seat.stuck


def test_time_on_a_question_not_answered_counts_as_stuck_a_last_attempt_in_minutes() -> None:
    stuck = seat_of("ada", 2, STUCK_MINUTES + 2, None)
    assert stuck is not None and (stuck.question, stuck.attempts) == (1, 0)
    assert stuck.on_page is not None and round(stuck.on_page) == STUCK_MINUTES + 2
    assert seat_of("bob", 2, 1, None) is None  # just arrived
    assert seat_of("cy", 1, 30, None) is None  # a page without a question
    done = LessonRecord(page=1, answers={"1.0": QuestionRecord(True, 1, at=NOW - 60)})
    assert seat_of("dee", 2, 30, done) is None  # answered
    # A last attempt seconds ago is under a minute.
    session = Session("ada", "192.0.2.1", 7, "", "connected", Where("lesson", "alpha", 1, ""))
    said = stuck_words(Seat(session, Stuck(question=1, attempts=3, minutes=0.2)))
    assert said == "question 1: 3 attempts, the last under a minute ago"


def test_the_teacher_page_says_how_long_a_student_is_on_the_question(tmp_path: Path) -> None:
    root = tmp_path / "served"
    (root / "users" / "ada" / "state" / "queens-tutor").mkdir(parents=True)
    (root / "users" / "ada" / "user.txt").write_text("ada")
    where = {"schema": 1, "screen": "lesson", "lesson": "problem", "page": 2}
    (root / "users" / "ada" / "state" / "queens-tutor" / "where.json").write_text(
        json.dumps({**where, "updated": datetime.now(UTC).replace(year=2020).isoformat()})
    )
    live = {"user": "ada", "address": "192.0.2.1", "pid": 7, "started": at(60)}
    (root / "live.json").write_text(
        json.dumps({"schema": 1, "sessions": [{**live, "state": "connected"}]})
    )
    catalog = load_catalog("en")
    problem = catalog.find("problem")
    assert problem is not None
    assert problem.pages[1].questions  # the page the test puts her on asks something
    page = teacher_page(root, catalog, "tina")
    assert "no answer yet, on the page for" in page and "1 stuck on a question" in page


GOOD = '[[extension]]\nstudent = "bob"\nassignment = "week1"\ndue = 2026-11-28\n'


def course(tmp_path: Path) -> Path:
    toml = '[[assignment]]\nid = "week1"\nlessons = ["alpha"]\ndue = 2026-11-20\n'
    page = "@lesson alpha\n@title A\n\n@page One\nText.\n"
    folder = course_folder(tmp_path / "course", toml, "alpha", lesson=page)
    (folder / "extensions.toml").write_text(GOOD, encoding="utf-8")
    return folder


def edit(path: Path, text: str) -> None:
    before = path.stat().st_mtime_ns
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before + 10**9, before + 10**9))  # a new stamp, however fast the test


def test_the_teacher_page_shows_the_course_problems_first(tmp_path: Path) -> None:
    folder = course(tmp_path)
    catalog, files = loaded(folder)
    root = tmp_path / "served"
    (root / "users").mkdir(parents=True)
    assert "id='course-problems'" not in teacher_page(root, catalog, "prof", files)
    edit(folder / "extensions.toml", GOOD.replace('"week1"', '"wek1"'))
    page = teacher_page(root, catalog, "prof", files)
    box = page.index("id='course-problems'")
    assert box < page.index("id='sessions'")
    assert "extensions.toml:3: assignment must name one of the course" in page[box:]


def test_the_console_is_told_when_the_course_files_change_their_problems(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = course(tmp_path)
    files = loaded(folder)[1]
    monkeypatch.setattr(serve_server, "COURSE_WATCH", 0.01)

    def said_last(words: str) -> bool:
        return bool(caplog.records) and words in caplog.records[-1].getMessage()

    async def until_said(words: str) -> None:
        """Until the console's last line holds ``words`` (a generous deadline)."""
        await until(
            lambda: said_last(words), lambda: [r.getMessage() for r in caplog.records], 30, 0.01
        )

    async def watch() -> None:
        server = object.__new__(serve_server.TutorServer)
        task = asyncio.create_task(server.watch_course(files))
        await asyncio.sleep(0)  # the watch takes its first look
        edit(folder / "extensions.toml", GOOD.replace('"week1"', '"wek1"'))
        await until_said("assignment must name one of the course")
        edit(folder / "extensions.toml", GOOD)
        await until_said("the course's files have no problems now")
        task.cancel()

    with caplog.at_level(logging.INFO):
        asyncio.run(watch())
    said = [record.getMessage() for record in caplog.records]
    broken = [line for line in said if "assignment must name one of the course" in line]
    assert len(broken) == 1 and broken[0].startswith("course: ")
    assert said[-1] == "course: the course's files have no problems now"
