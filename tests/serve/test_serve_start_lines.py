"""``serve``'s start lines: the teacher's page's address (and its ``/teacher/``), the course,
the roster, where progress is kept, a course problem as a ``course:`` line, and the
--trust-loopback warning."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest

from tests.cli.course_kit import course_folder
from tests.serve.server import PROXY_SECRET, secret_file, serving
from tui.serve.console import store_line
from tui.serve.proxy import SECRET_HEADER

pytestmark = pytest.mark.integration  # starts a real server


def as_proxy(user: str) -> dict[str, str]:
    return {"X-Remote-User": user, SECRET_HEADER: PROXY_SECRET}


LESSON = "@lesson alpha\n@title A\n\n@quiz Q\n@question number\nprompt: n?\nanswer: 2\n@end\n"


async def test_the_start_names_the_teachers_page_the_course_and_the_roster(tmp_path: Path) -> None:
    """The console names the page, the course, the roster and a course problem as a
    ``course:`` line; ``/teacher/`` sends the browser on to ``../teacher`` (a proxy's prefix
    kept), the teacher's page, refused to anyone else."""
    toml = '[[assignment]]\nid = "week1"\nlessons = ["alpha", "nosuch"]\ndue = "2030-01-01"\n'
    lessons = course_folder(tmp_path / "course", toml, "alpha", lesson=LESSON)
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
        async with aiohttp.ClientSession() as client:
            slash = f"{served.url}teacher/"
            async with client.get(slash, headers=as_proxy("tina"), allow_redirects=False) as sent:
                assert sent.status == 302 and sent.headers["Location"] == "../teacher"
            async with client.get(slash, headers=as_proxy("tina")) as page:
                assert page.status == 200 and str(page.url) == f"{served.url}teacher"
                assert "<h1>queens-tutor: the class now</h1>" in await page.text()
            async with client.get(slash, headers=as_proxy("ada")) as page:
                assert page.status == 403


def test_the_start_says_where_progress_is_kept_and_warns_of_trust_loopback() -> None:
    """The start names where progress is kept (the default folder as such; without
    ``--user-header``, a tab's lasts as long as its session) and warns of --trust-loopback."""
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


def test_with_a_course_site_the_start_says_where_its_students_progress_is(tmp_path: Path) -> None:
    said = store_line(tmp_path, True, None, site=True)
    assert said.startswith(f"Progress of each student a course site launches: {tmp_path / 'lti'},")
    assert "keeps its progress" not in said
    assert store_line(tmp_path, True, "X-User", site=True).startswith("Progress of each logged-in")


async def test_with_a_course_site_only_the_start_says_a_tab_without_a_launch_is_refused(
    tmp_path: Path,
) -> None:
    pytest.importorskip("pylti1p3")
    from tests.serve.tabs import Tab
    from tui.serve.lti.setup import make_keys

    config = tmp_path / "lti.json"
    make_keys(config)
    with serving("--lti", str(config), "--server-data", str(tmp_path / "s")) as served:
        out = " ".join(served.wait_output("Press Ctrl+C").split())
        said = "a tab opened without a launch from a course site is refused, as no --user-header"
        assert said in out and "keeps its progress" not in out, out
        async with aiohttp.ClientSession() as http:
            tab = Tab(await http.ws_connect(served.url.rstrip("/") + "/ws?width=100&height=30"))
            await tab.wait_closed()
        assert "did not receive your login" in tab.output  # as the start said
