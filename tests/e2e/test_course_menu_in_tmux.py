"""The lesson menu and a late lesson in a real terminal of 80x24: a built-in lesson in an overdue
assignment wraps its line indented under its title; 'R Start again' is not offered on a lesson never
started; the late lesson's notice says what its work is worth, whole."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.e2e.tmux import Tmux, tutor_command

# the installed command in tmux: the everyday run keeps a handful of smoke tests in a real terminal
pytestmark = pytest.mark.integration


def test_an_overdue_builtin_lesson_at_80x24(tmp_path: Path) -> None:
    course = tmp_path / "course"
    course.mkdir()
    now = datetime.now().astimezone().replace(microsecond=0)
    due, until = now - timedelta(days=5), now + timedelta(days=25)
    (course / "course.toml").write_text(
        f'[[assignment]]\nid = "week1"\nlessons = [4]\ndue = "{due.isoformat()}"\n'
        f'late_credit = 0.5\nlate_until = "{until.isoformat()}"\n',
        encoding="utf-8",
    )
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    with Tmux(f"{tutor_command()} --lessons-dir {course}", env=env) as session:
        session.wait_for("New here? Press [l]")
        session.keys("l")
        screen = session.wait_for("overdue since")
        lines = screen.splitlines()
        four = next(i for i, line in enumerate(lines) if " 4. " in line)
        rest = [line for line in lines[four + 1 : four + 3] if "overdue since" in line]
        assert "overdue since" not in lines[four]  # too long for 80 columns: wrapped,
        assert rest and rest[0].startswith("│     "), lines[four : four + 3]  # under the title
        assert "Start again" not in screen  # the cursor is on a lesson never started
        # The menu opens on the lesson to do next: the overdue lesson 4, its assignment below.
        session.wait_for("Assignment week1: due")  # the detail, drawn after the list
        session.keys("Enter")
        # The lesson's own sentence (the menu's detail also says "counts 50%", in other words).
        screen = session.wait_for(lambda shown: "marked late. From" in " ".join(shown.split()))
        said = " ".join(screen.split())
        assert "your work is kept and counts 50%, marked late. From" in said
        assert "on it counts nothing." in said
