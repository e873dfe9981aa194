"""A dropped connection ends the app; the app also works inside GNU screen."""

from __future__ import annotations

import shutil
import uuid
from pathlib import Path

import pytest

from tests.e2e.tmux import Tmux, b_row, tutor_command
from tests.serve.server import wait_until

pytestmark = pytest.mark.integration  # GNU screen, and hang-ups of a real terminal

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
        session.keys("space", "space")
        screen = session.wait_for("tick 2")
        assert b_row(screen) == [0, 0, -1, -1]
        assert "♕" in screen and "✕" in screen
        session.keys("left")
        assert b_row(session.wait_for("tick 1")) == [0, -1, -1, -1]
        session.keys("q")
        assert session.wait_exit() == 0
