"""The first start points the way, in a real terminal: with no progress yet the main screen says
how to open the lessons (l) and the help (? or F1); F1 opens the help and closes it again; once
there is progress, the notice is not shown. The lesson menu at 80x24: a built-in lesson in an
overdue assignment wraps its line under its title, 'R Start again' is not offered on a lesson
never started, and the late lesson's notice says what its work is worth, whole."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.e2e.tmux import Tmux, tutor_command

WELCOME = "New here? Press [l] for the lessons"


def left_column(screen: str) -> str:
    """The text of the lines left of the right column's panes (the board's border and its
    status lines), as one line: a sentence wrapped there reads whole."""
    parts = [re.split("[│╭╰]", line)[0] for line in screen.splitlines()]
    return " ".join(" ".join(parts).split())


def _tutor(data: Path) -> Tmux:
    return Tmux(f"{tutor_command()} -n 4", env={"XDG_DATA_HOME": str(data)}, width=100)


def test_the_first_start_says_where_the_lessons_and_the_help_are(tmp_path: Path) -> None:
    with _tutor(tmp_path / "data") as session:
        screen = session.wait_for(WELCOME)
        # In the status lines under the board (never over b[] or the code), wrapped there.
        assert "[?] or [F1] for every key." in left_column(screen)
        session.keys("F1")
        help_screen = session.wait_for("what it does")  # the help's table of keys
        assert "f1" in help_screen.lower()
        session.keys("F1")
        session.wait_for(lambda text: "what it does" not in text and "tick 0" in text)
        session.keys("l")
        session.wait_for("Pages:")  # the lesson menu
        session.keys("Escape")
        session.wait_for("tick 0")
        session.keys("q")
        assert session.wait_exit() == 0


@pytest.mark.integration
def test_with_progress_the_welcome_is_not_shown(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "queens-tutor"
    folder.mkdir(parents=True, mode=0o700)
    record = {"page": 1, "completed": False}
    (folder / "progress.json").write_text(json.dumps({"schema": 1, "lessons": {"problem": record}}))
    with _tutor(tmp_path / "data") as session:
        session.wait_for("Lesson in progress")  # the offer to go on, after the same delay
        assert WELCOME not in session.screen()
        session.keys("q")
        assert session.wait_exit() == 0


@pytest.mark.integration
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
