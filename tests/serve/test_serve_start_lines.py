"""``serve --teacher``'s start: the console names the teacher's page's
address, the course and the roster it reads, and a problem of the course's files found at
start is a ``course:`` line, as one found while the server runs is (it was ``lessons:``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.serve.server import secret_file, serving

pytestmark = pytest.mark.integration  # starts a real server

LESSON = "@lesson alpha\n@title A\n\n@quiz Q\n@question number\nprompt: n?\nanswer: 2\n@end\n"


def test_the_start_names_the_teachers_page_the_course_and_the_roster(tmp_path: Path) -> None:
    lessons = tmp_path / "course"
    lessons.mkdir()
    (lessons / "20-alpha.md").write_text(LESSON, encoding="utf-8")
    (lessons / "course.toml").write_text(
        '[[assignment]]\nid = "week1"\nlessons = ["alpha", "nosuch"]\ndue = "2030-01-01"\n',
        encoding="utf-8",
    )
    roster = tmp_path / "class.txt"
    roster.write_text("ada\nbob\n", encoding="utf-8")
    options = (
        "--user-header", "X-Remote-User", "--proxy-secret-file", str(secret_file(tmp_path)),
        "--server-data", str(tmp_path / "served"), "--teacher", "tina",
        "--lessons-dir", str(lessons), "--only-course", "--roster", str(roster),
    )  # fmt: skip
    with serving(*options) as served:
        line = served.wait_log("there is no lesson 'nosuch'")
        assert "serve: course: " in line and "lessons: " not in line
        out = served.wait_output("Press Ctrl+C")
        assert f"Teacher's page: {served.url}teacher (for tina, as the proxy names them)" in out
        assert f"Course: 1 assignment ({lessons})" in out
        assert f"Roster: 2 students ({roster.resolve()}, read again at each load" in out
        served_data = (tmp_path / "served").resolve()
        assert f"Progress of each logged-in student: {served_data} (--server-data)" in out
        assert "--trust-loopback" not in served.log()  # the proxy proves itself: no warning


def test_the_start_says_where_progress_is_kept_and_warns_of_trust_loopback() -> None:
    """The start said neither where the students' progress is kept nor
    that ``--trust-loopback`` is on, a trust decision that ``--public``'s warning would say.
    The default folder is named as such; a server without ``--user-header`` says that a
    tab's progress lasts as long as its session."""
    with serving("--user-header", "X-Remote-User", "--trust-loopback") as served:
        out = served.wait_output("Press Ctrl+C")
        store = served.scratch / "xdg_data_home" / "queens-tutor" / "served"
        said = f"Progress of each logged-in student: {store} (the default folder; --server-data"
        assert said in out, out
        log = " ".join(served.log().split())
        assert "warning: --trust-loopback: every program on this machine" in log, log
        assert "could pass for any student, or for the teacher" in log
    with serving() as served:
        out = served.wait_output("Press Ctrl+C")
        assert "Progress: no --user-header names the students, so each tab's progress" in out
        assert "Progress of each" not in out and "--trust-loopback" not in served.log()
