"""``/teacher/`` on ``serve --teacher``: it was a 404 while ``/teacher``
was the page. It sends the browser on to ``/teacher`` (relative: a proxy's path prefix is
kept), whose page a teacher then gets and anyone else a 403."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest

from tests.serve.server import PROXY_SECRET, secret_file, serving
from tui.serve.proxy import SECRET_HEADER

pytestmark = pytest.mark.integration  # starts a real server

LESSON = "@lesson alpha\n@title A\n\n@quiz Q\n@question number\nprompt: n?\nanswer: 2\n@end\n"


def as_proxy(user: str) -> dict[str, str]:
    return {"X-Remote-User": user, SECRET_HEADER: PROXY_SECRET}


async def test_teacher_with_a_trailing_slash_is_the_teachers_page(tmp_path: Path) -> None:
    lessons = tmp_path / "course"
    lessons.mkdir()
    (lessons / "20-alpha.md").write_text(LESSON, encoding="utf-8")
    options = (
        "--user-header", "X-Remote-User", "--proxy-secret-file", str(secret_file(tmp_path)),
        "--server-data", str(tmp_path / "served"), "--teacher", "tina",
        "--lessons-dir", str(lessons), "--only-course",
    )  # fmt: skip
    with serving(*options) as served:
        async with aiohttp.ClientSession() as client:
            slash = f"{served.url}teacher/"
            async with client.get(slash, headers=as_proxy("tina"), allow_redirects=False) as sent:
                assert sent.status == 302 and sent.headers["Location"] == "../teacher"
            async with client.get(slash, headers=as_proxy("tina")) as page:
                assert page.status == 200 and str(page.url) == f"{served.url}teacher"
                assert "<h1>queens-tutor: the class now</h1>" in await page.text()
            async with client.get(slash, headers=as_proxy("ada")) as page:
                assert page.status == 403
            async with client.get(f"{served.url}teacher", headers=as_proxy("tina")) as page:
                assert page.status == 200
