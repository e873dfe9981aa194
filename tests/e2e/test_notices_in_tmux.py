"""Notices in a real terminal (tmux). No notice is ever drawn over the state table or the code of
the main screen at 80x24: after every key that tells the student something (the start, a
method, a size out of range, a refused tree, guess mode's reminder, a run stopped, ...), the
right column's frame is whole on every line and no notification bar shows anywhere; the notice
is in the status lines under the board, and goes at the next key. The first start points the
way: with no progress yet the main screen says how to open the lessons (l) and the help (? or
F1); F1 opens the help and closes it again; once there is progress, the notice is not shown.
The lesson menu at 80x24: a built-in lesson in an overdue assignment wraps its line under its
title, 'R Start again' is not offered on a lesson never started, and the late lesson's notice
says what its work is worth, whole."""

from __future__ import annotations

import json
import re
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.e2e.tmux import TIMEOUT, Tmux, tutor_command
from tests.serve.server import wait_until

ESCDELAY = 0.6
"""Seconds an escape key waits, so that the next key is not read as part of it (the tutor's
ESCDELAY is 0.4 s)."""
TOAST_BAR = "▌"
"""The left edge Textual draws for a notification."""


def right_column(screen: str) -> tuple[int, list[str]]:
    """The column where the state table and the code start, and the screen's lines."""
    lines = screen.splitlines()
    return lines[0].index("╮╭") + 1, lines


def check_clear(screen: str) -> None:
    """The state table's and the code's frames whole on every line, no notification."""
    left, lines = right_column(screen)
    assert TOAST_BAR not in screen, screen
    # The table over the code, down to the narration: a border at both edges on each line.
    narration = next(y for y, line in enumerate(lines) if "what happened" in line)
    for y in range(narration):
        line = lines[y].ljust(80)
        assert line[left] in "╭│╰" and line[79] in "╮│╯", f"line {y} is covered:\n{screen}"


def status(screen: str) -> str:
    """The status lines under the board (left of the right column), as one line."""
    left, lines = right_column(screen)
    narration = next(y for y, line in enumerate(lines) if "what happened" in line)
    board_end = max(y for y in range(narration) if lines[y].startswith("╰"))
    text = " ".join(line[:left] for line in lines[board_end + 1 : narration])
    return " ".join(text.split())


def showing(session: Tmux, words: str) -> str:
    """The screen as soon as its status lines show ``words`` (it need not be still)."""
    return wait_until(
        lambda: screen if words in status(screen := session.screen()) else "",
        lambda: f"{words!r} never shown:\n{session.screen()}",
        TIMEOUT,
    )


# (keys, words the status lines then show: the notice, or "" for a key that tells nothing)
STAYS = "Answer the question first"
"""The one notice that stays at the next key: it reminds that a question waits its answer."""
RUNNING = "autoplay: esc stops"
"""Not a notice: the status of the run, which stays while it runs."""
STEPS: list[tuple[list[str], str]] = [
    (["Left"], "At the start: nothing to step back."), (["Space"], ""), (["m"], "placeQueens"),
    (["Space"], ""), (["m"], "edutecnica"), (["m"], "on the queens"), (["m"], "on a maze"),
    (["]"], "Maze:"), (["m"], "Wrocław"), (["t"], "The search tree is drawn up to n = 6"),
    (["["] * 3, ""), (["t"], ""), (["t"], ""), (["]"] * 30, "The board size goes from 1 to 32."),
    (["["] * 24, ""), (["g"], "Guess mode: space and enter ask before they play."),
    (["i"], ""),  # a question: on which row does the queen land?
    (["i"], STAYS), (["Escape"], ""), (["g"], "Guess mode off"), (["d"], ""),
    (["d", "d", "a"], ""), (["+"] * 4 + ["p"], RUNNING),  # at 100 ticks a second: it moves
    (["p"], "Stopped after"), (["r"], ""), (["s"], ""), (["Space"], ""),
]  # fmt: skip


@pytest.mark.integration  # a walk in a real terminal
@pytest.mark.slow(20)
def test_no_notice_over_the_table_or_the_code_after_any_key() -> None:
    with Tmux(tutor_command(), 80, 24) as session:
        check_clear(session.wait_for("tick 0"))
        for keys, words in STEPS:
            session.keys(*keys)
            if "Escape" in keys:  # read as escape only after ESCDELAY with nothing after it
                time.sleep(ESCDELAY)
            if words == RUNNING:  # the screen moves: read it as soon as the run shows
                screen = showing(session, words)
                check_clear(screen)
                continue
            # The screen after the key, still (the notice, if any, comes with the key's frame).
            screen = session.wait_for(lambda s, w=words: w in status(s) if w else True)
            if not words:
                session.wait_for(lambda s: True)
                screen = session.screen()
            check_clear(screen)
            if words and words not in (STAYS, RUNNING):  # it goes at the next key
                screen = session.keys("+", then=lambda s, w=words: w not in status(s))
                check_clear(screen)
                session.keys("-")


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
        help_screen = session.keys("F1", then="what it does")  # the help's table of keys
        assert "f1" in help_screen.lower()
        session.keys("F1", then=lambda text: "what it does" not in text and "tick 0" in text)
        session.keys("l", then="Pages:")  # the lesson menu
        session.keys("Escape", then="tick 0")
        session.quit()


@pytest.mark.integration
def test_with_progress_the_welcome_is_not_shown(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "queens-tutor"
    folder.mkdir(parents=True, mode=0o700)
    record = {"page": 1, "completed": False}
    (folder / "progress.json").write_text(json.dumps({"schema": 1, "lessons": {"problem": record}}))
    with _tutor(tmp_path / "data") as session:
        session.wait_for("Lesson in progress")  # the offer to go on, after the same delay
        assert WELCOME not in session.screen()
        session.quit()


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
        screen = session.keys("l", then="overdue since")
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
