"""With nothing to review, ``queens-tutor review`` names the lesson to do next: the course's
open assignment before the built-in lessons (teacher walk 1, item 15)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.cli.inproc import call

LESSON = "@lesson {id}\n@title Lesson {id}\n\n@page One\nText.\n"


def test_the_next_lesson_is_the_open_assignments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for number, key in ((20, "alpha"), (21, "beta")):
        (tmp_path / f"{number}-{key}.md").write_text(LESSON.format(id=key), encoding="utf-8")
    due = (datetime.now() + timedelta(days=4)).astimezone().isoformat(timespec="seconds")
    (tmp_path / "course.toml").write_text(
        f'[[assignment]]\nid = "week2"\nlessons = ["beta"]\ndue = "{due}"\n', encoding="utf-8"
    )
    status, out, _err = call(capsys, "review", "--lessons-dir", str(tmp_path))
    assert status == 0
    assert "The next lesson to do is 11, Lesson beta." in out, out
    assert out.rstrip().endswith("queens-tutor --lesson beta")
