"""``report --server-data DIR`` and ``report --live`` on hand-made stores in ``serve``'s layout:
DIR/users/<key>/ (user.txt, data/queens-tutor/progress.json, state/queens-tutor/where.json and
where/<session>.json for each tab), DIR/live.json and DIR/live/<server>.json. One way of
writing times per output: what programs read (json, csv) is ISO 8601 to the second with the
report machine's offset; what a person reads is local time to the minute, with its zone."""

from __future__ import annotations

import csv
import io
import json
import re
import time
from datetime import datetime
from pathlib import Path
from urllib.parse import quote

import pytest

from lessons.progress.records import LessonRecord
from lessons.shown_time import shown
from tests.cli.clirun import run_main, run_ok
from tests.cli.inproc import call
from tests.cli.test_report_questions import ADA, BOB, lessons_dir, question_lines, write_export


def add_user(root: Path, name: str, record: LessonRecord | None, named: bool = True) -> Path:
    home = root / "users" / quote(name, safe="")
    (home / "data" / "queens-tutor").mkdir(parents=True)
    if named:
        (home / "user.txt").write_text(name + "\n")
    if record is not None:
        data = {"schema": 1, "app": "queens-tutor", "lessons": {"demo": record.to_json()}}
        (home / "data" / "queens-tutor" / "progress.json").write_text(json.dumps(data))
    return home


def where(home: Path, **fields: object) -> None:
    folder = home / "state" / "queens-tutor"
    folder.mkdir(parents=True)
    (folder / "where.json").write_text(json.dumps({"schema": 1, **fields}))


def test_the_served_users_progress_is_reported_without_downloads(tmp_path: Path) -> None:
    root = tmp_path / "served"
    add_user(root, "Ada", ADA)
    add_user(root, "Zoë K", BOB, named=False)  # the name spelled by the folder's key only
    add_user(root, "Cy", None)  # never started a lesson: no progress file
    broken = add_user(root, "Eve", None) / "data" / "queens-tutor" / "progress.json"
    broken.write_text("{not json")
    (root / "users" / "stray.txt").write_text("not a user")
    result = run_main(
        "report", "--lessons-dir", str(lessons_dir(tmp_path)), "--server-data", str(root)
    )
    assert result.status == 1
    assert f"2 users of the server with progress in {root}" in result.out
    table = [line.split()[0] for line in result.out.splitlines() if line.startswith("  ")]
    assert "Ada" in table and "Zoë" in table and "Cy" not in table
    assert question_lines(result.out)["1.1"][:4] == ["2", "2", "1", "1"]
    problems = result.err.splitlines()
    assert any(f"{broken}: it is not valid JSON" in line for line in problems)
    assert any("stray.txt: not a user's folder; skipped" in line for line in problems)
    assert len(problems) == 2 and "Traceback" not in result.err
    assert broken.read_text() == "{not json"  # a report changes nothing of the users' files
    assert sorted(p.name for p in broken.parent.iterdir()) == ["progress.json"]


@pytest.mark.parametrize(("user", "status", "same"), [("Mallory", 1, 2), ("ada", 0, 0)])
def test_a_download_beside_served_progress_is_flagged_unless_it_is_the_users_own(
    tmp_path: Path, user: str, status: int, same: int
) -> None:
    """Ada's export loaded into Mallory's session flags both; a user's own download (her
    login in it) beside her server progress is hers."""
    root = tmp_path / "served"
    home = add_user(root, user, ADA)
    ada = write_export(tmp_path / "ada.json", "ada" if user == "ada" else "Ada", ADA)
    result = run_main(
        "report", "--lessons-dir", str(lessons_dir(tmp_path)), str(ada), "--server-data", str(root)
    )
    assert result.status == status, result.err
    assert sum(line.endswith("SAME") for line in result.out.splitlines()) == same
    if same:
        assert f"{ada} (Ada), {home} (Mallory);" in result.err and "1 student file" in result.out
    else:
        assert result.err == ""


def live(root: Path, *sessions: object) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "live.json").write_text(json.dumps({"schema": 1, "sessions": list(sessions)}))


def session(user: str | None, state: str = "connected", **more: object) -> dict[str, object]:
    return {"user": user, "address": "10.0.0.7", "pid": 4242, "started": "2025-05-05T09:00:00Z",
            "state": state, **more}  # fmt: skip


def test_live_shows_who_is_connected_and_where(tmp_path: Path) -> None:
    root = tmp_path / "served"
    ada = add_user(root, "Ada", ADA)
    where(ada, screen="lesson", lesson="demo", page=2, updated="2025-05-05T09:12:00Z")
    hostile = "Bob\x1b]52;c;aGk=\x07\nforged"
    add_user(root, hostile, None)  # no where.json yet
    live(root, session("Ada"), session(None), session(hostile, "detached"), {"user": 3})
    result = run_main(
        "report", "--live", "--server-data", str(root), "--lessons-dir", str(lessons_dir(tmp_path))
    )
    assert result.status == 1  # the malformed session is named
    assert "live.json: session 4 is not in the expected form; skipped" in result.err
    lines = result.out.splitlines()
    assert lines[0] == "3 sessions on the server, 2 connected"
    ada_line = next(line for line in lines if line.strip().startswith("Ada"))
    assert "connected" in ada_line and "10.0.0.7" in ada_line
    at = shown("2025-05-05T09:12:00Z")  # one time format: the reader's local, to the minute
    assert ada_line.endswith(f"lesson, Demo lesson (demo), page 2, at {at}")
    assert "\x1b" not in result.out and "\x07" not in result.out
    bob = [line for line in lines if "Bob" in line]
    assert len(bob) == 1 and "detached" in bob[0] and bob[0].endswith("not known")
    assert "Bob\u241b]52;c;aGk=\u2407\u240aforged" in bob[0]  # shown, never obeyed
    data = json.loads(
        run_main("report", "--live", "--server-data", str(root), "--format", "json").out
    )
    assert [s["user"] for s in data["sessions"]] == [None, "Ada", hostile]  # connected first
    assert data["sessions"][1]["page"] == 2 and data["sessions"][2]["screen"] is None


def test_live_without_a_session_with_a_broken_file_or_a_formula(tmp_path: Path) -> None:
    root = tmp_path / "served"
    root.mkdir()
    result = run_main("report", "--live", "--server-data", str(root))
    assert result.status == 0 and "No session has started on this server" in result.out
    (root / "live.json").write_text("[" * 5000)
    broken = run_main("report", "--live", "--server-data", str(root))
    assert broken.status == 1 and "Traceback" not in broken.err
    assert broken.err.strip() == f"queens-tutor report: {root / 'live.json'}: it is not valid JSON"
    ada = add_user(root, "Ada", None)
    where(ada, screen=["x"])
    live(root, session("Ada"))
    odd = run_main("report", "--live", "--server-data", str(root))
    assert odd.status == 1 and "where.json: it does not say where the user is" in odd.err
    assert "not known" in odd.out
    live(root, session("=HYPERLINK(1)"))  # a csv cell is never a formula
    result = run_main("report", "--live", "--server-data", str(root), "--format", "csv")
    assert result.out.splitlines()[1].startswith("'=HYPERLINK(1),10.0.0.7,4242,")


def test_a_lone_surrogate_is_refused_not_printed(tmp_path: Path) -> None:
    """A ``\\ud800`` escape in JSON makes a string that no terminal encoding can print."""
    root = tmp_path / "served"
    home = add_user(root, "Ada", ADA)
    progress = home / "data" / "queens-tutor" / "progress.json"
    progress.write_text(progress.read_text().replace('"demo"', '"\\ud800"'))
    add_user(root, "Bob", BOB)
    result = run_main("report", "--server-data", str(root))
    assert result.status == 1 and "Bob" in result.out and "Ada" not in result.out
    # refused for its key, which is no lesson id, and shown escaped, never raw
    assert f"{progress}: " in result.err and "; skipped" in result.err
    assert "\ud800" not in result.err and "'\\ud800'" in result.err
    (root / "live.json").write_text(
        '{"schema": 1, "sessions": [{"user": "\\udcff", "address": "a", "pid": 1,'
        ' "started": "s", "state": "connected"}]}'
    )
    live_result = run_main("report", "--live", "--server-data", str(root))
    assert live_result.status == 1 and live_result.out.startswith("0 sessions")
    assert "session 1 is not in the expected form" in live_result.err


def test_live_reads_every_servers_file_and_leaves_out_a_killed_ones(tmp_path: Path) -> None:
    root = tmp_path / "served"
    (root / "live").mkdir(parents=True)
    now = time.time()
    for name, updated, user in (("lab1-10", now, "Ada"), ("lab2-20", now - 5, "Bob"),
                                ("lab3-30", now - 3600, "Cy")):  # fmt: skip
        data = {"schema": 1, "server": name, "updated": updated, "sessions": [session(user)]}
        (root / "live" / f"{name}.json").write_text(json.dumps(data))
    result = run_main("report", "--live", "--format", "json", "--server-data", str(root))
    assert [s["user"] for s in json.loads(result.out)["sessions"]] == ["Ada", "Bob"]
    assert result.status == 1 and "lab3-30.json: its server has not written it" in result.err


def tab_where(home: Path, tab: str, **fields: object) -> None:
    folder = home / "state" / "queens-tutor" / "where"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{tab}.json").write_text(json.dumps({"schema": 1, **fields}))


def test_each_tab_of_one_user_is_shown_where_it_is(tmp_path: Path) -> None:
    """Each tab where it is (an older server's session, or one not named as a session: the
    user's last place); a lesson not loaded here by the title its tutor wrote beside the id
    (an older file without it: by the id)."""
    root = tmp_path / "served"
    ada = add_user(root, "Ada", ADA)
    last: dict[str, object] = {"screen": "main", "lesson": None, "page": None}
    last["updated"] = "2025-05-05T09:15:00Z"
    where(ada, **last)
    on = {**last, "screen": "lesson", "updated": "2025-05-05T09:12:00Z"}
    titled = {**on, "lesson": "my-four", "page": 1, "title": "Four queens by hand"}
    tabs = {"session-one": {**on, "lesson": "demo", "page": 2}, "session-two": last,
            "three": {**on, "lesson": "my-old", "page": 2}, "four": titled}  # fmt: skip
    for tab, fields in tabs.items():
        tab_where(ada, tab, **fields)
    sessions = [session("Ada", session=tab) for tab in tabs]
    live(root, *sessions, session("Ada", "detached"), session("Ada", session="../../etc"))
    result = run_main(
        "report", "--live", "--server-data", str(root), "--format", "json",
        "--lessons-dir", str(lessons_dir(tmp_path)),
    )  # fmt: skip
    assert result.status == 0, result.err
    places = [(s["screen"], s["page"]) for s in json.loads(result.out)["sessions"]]
    assert (
        places
        == [("lesson", 2), ("main", None), ("lesson", 2), ("lesson", 1)] + [("main", None)] * 2
    )
    result = run_ok("report", "--live", "--server-data", str(root))
    assert "a lesson, Four queens by hand (my-four), page 1" in result.out
    assert "a lesson, my-old, page 2" in result.out


def test_the_served_tutor_writes_the_lessons_title() -> None:
    from tui.serve.where import Where

    record = json.loads(Where("lesson", "my-four", 1, "Four queens by hand").to_json())
    assert record["title"] == "Four queens by hand" and record["lesson"] == "my-four"
    assert "title" not in json.loads(Where("lesson-menu", None, None).to_json())


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
