"""The installed tutor in tmux against a hostile terminal: an arrow key split over a slow link,
stderr closed, odd or tiny sizes, lesson files full of markup and escape sequences, a dropped
connection (it ends the app), and GNU screen in between (it works)."""

from __future__ import annotations

import re
import shutil
import time
import uuid
from pathlib import Path

import pytest

from tests.e2e.tmux import Tmux, b_row, cpu_seconds, tutor_command
from tests.serve.server import wait_until
from tui.cli.main import ESCAPE_DELAY_MS

pytestmark = pytest.mark.integration  # real terminals, GNU screen, hang-ups

SPLIT_ATTEMPTS = 5
"""Tries at sending an arrow key's halves 200 ms apart: on a busy machine starting the second
tmux command alone may take longer than the tutor waits after ESC."""


def _tick(screen: str) -> int:
    found = re.search(r"tick (\d+)", screen)
    assert found is not None, screen
    return int(found.group(1))


def test_an_arrow_key_split_200_ms_apart_is_still_an_arrow() -> None:
    """Also: with stderr closed and odd sizes in the environment, drawn at the pane's size."""
    odd = {"COLUMNS": "99999999999999999999", "LINES": "-3"}
    with Tmux(f"{tutor_command()} -n 4 2>&-", env=odd) as session:
        screen = session.wait_for("what happened")
        assert _tick(screen) == 0
        pid = session.app_pid()
        for _attempt in range(SPLIT_ATTEMPTS):
            started = time.monotonic()
            session.keys("Escape")
            time.sleep(0.2)  # the rest of ESC [ C arrives 200 ms later, as over a slow link
            session.keys("-l", "[C")
            if time.monotonic() - started < ESCAPE_DELAY_MS / 1000:
                break  # the halves came less than ESCDELAY apart, however busy the machine
            # Starting two tmux commands took longer than ESCDELAY: the halves may have come
            # further apart than the tutor waits (an escape, then [ and C, no step).
            session.wait_idle(pid)
            if _tick(session.screen()) != 0:
                break
        else:
            pytest.fail(f"in {SPLIT_ATTEMPTS} tries the halves never came within ESCDELAY")
        screen = session.wait_for(lambda s: _tick(s) != 0)
        assert _tick(screen) == 1  # one step forward: right, not escape then [ and C
        session.quit()


TITLE = "[@click=app.screenshot('homework.c','/tmp')]Grab[/] [link=https://example.org]L[/link]"
MARKUP = f"""\
@lesson markup
@title {TITLE}
@page Markup [bold]page[/bold]
Text [red]red[/red] and [/] and [a link](https://example.org).
"""
OSC = "\x1b]0;HACKED\x07\x1b]52;c;aGVsbG8=\x07\x1b[?1049l\x1b[2J"
ESCAPES = f"""\
@lesson escapes
@title Escapes{OSC}
@page P
Text{OSC}
"""


def test_markup_and_escapes_in_lesson_files_stay_text(tmp_path: Path) -> None:
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "90-markup.md").write_text(MARKUP, encoding="utf-8")
    (lessons / "91-escapes.md").write_text(ESCAPES, encoding="utf-8")
    data = tmp_path / "data"
    with Tmux(
        f"{tutor_command()} --lessons-dir {lessons}", width=120, env={"XDG_DATA_HOME": str(data)}
    ) as session:
        session.wait_for("what happened")
        title = session.info("#{pane_title}")
        screen = session.keys("l", then="Lessons: up/down")
        assert "[@click=app.screenshot('homework.c','/tmp')]Grab[/]" in screen
        screen = session.wait_for("Lesson skipped")  # the file with escapes, named
        assert "91-escapes.md:2:" in screen
        assert "HACKED" not in session.info("#{pane_title}")
        screen = session.keys("End", "Enter", then="Text [red]red[/red] and [/]")
        assert "Markup [bold]page[/bold]" in screen
        assert "(https://example.org)" in screen
        assert session.info("#{alternate_on}") == "1"  # still on the tutor's screen
        assert session.info("#{pane_title}") == title
        session.quit()


def test_a_1x1_pane_idles() -> None:
    with Tmux(f"{tutor_command()} -n 4", width=1, height=1, env={"COLUMNS": "0"}) as session:
        pid = session.app_pid()
        session.wait_idle(pid, timeout=30)  # started (a redrawing loop never gets here)
        before = cpu_seconds(pid)
        time.sleep(2)
        assert cpu_seconds(pid) - before < 0.5  # idle, not redrawing in a loop
        session.keys("q")
        wait_until(lambda: not Path(f"/proc/{pid}").exists(), f"{pid} still runs", 30, 0.1)


GONE_WITHIN = 8.0
"""Seconds a process may take to end after its terminal disappeared (2 shared cores)."""


def ended(pid: int) -> bool:
    """True once ``pid`` has exited (a zombie waiting for its reaper counts as exited)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rpartition(")")[2].split()[0] == "Z"


@pytest.mark.parametrize("keys", [("space",), ("s",)], ids=["idle", "during-a-run"])
def test_closing_the_terminal_ends_the_app(keys: tuple[str, ...]) -> None:
    # n = 28: the run to the first solution is still going when the terminal goes away.
    session = Tmux(f"{tutor_command()} -n 28")
    try:
        session.wait_for("b[i]")
        session.keys(*keys)
        shown = "tick 1" if keys == ("space",) else "ticks at"  # a run never stands still
        wait_until(lambda: shown in session.screen(), session.screen, GONE_WITHIN)
        pid = session.app_pid()
    finally:
        session.close()  # kills the tmux server: the pty closes under the app
    wait_until(lambda: ended(pid), f"the app (pid {pid}) outlived its terminal", GONE_WITHIN, 0.1)


def test_inside_gnu_screen(tmp_path: Path) -> None:
    if shutil.which("screen") is None:
        pytest.skip("GNU screen is not installed")
    screen_dir = tmp_path / "screens"
    screen_dir.mkdir(mode=0o700)
    name = f"queens-tutor-{uuid.uuid4().hex[:8]}"
    # tmux shows what screen draws: the app talks to screen's terminal (TERM=screen).
    with Tmux(
        f"screen -U -S {name} {tutor_command()} -n 4", env={"SCREENDIR": str(screen_dir)}
    ) as session:
        session.wait_for("b[i]")
        screen = session.keys("space", "space", then="tick 2")
        assert b_row(screen) == [0, 0, -1, -1]
        assert "♕" in screen and "✕" in screen
        session.keys("left")
        assert b_row(session.wait_for("tick 1")) == [0, -1, -1, -1]
        session.quit()
