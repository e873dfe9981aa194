"""A finished lesson's note is drawn once in a real terminal: after the last quiz question of
lesson 3 (a quiz page without a board, at 80x24) the question box shrank to the note over
several frames, and tmux kept a second, cut "Lesson complete!" under the first until the
terminal was resized, though Textual's own screen had those rows blank."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.e2e.tmux import Tmux, tutor_command

pytestmark = pytest.mark.integration  # a whole lesson walked in tmux


def test_the_lesson_complete_note_is_on_the_terminal_once(tmp_path: Path) -> None:
    with Tmux(
        f"{tutor_command()} --lesson 3", env={"XDG_DATA_HOME": str(tmp_path / "data")}
    ) as session:
        session.wait_for("Naive search")
        for _ in range(120):
            screen = session.screen()
            if "Lesson complete!" in screen:
                break
            if "f3 Show answer" in screen.splitlines()[-1]:
                session.keys("F3")
                session.wait_for(lambda shown, before=screen: shown != before, timeout=5)
            session.keys("Enter")
            time.sleep(0.3)
        else:
            pytest.fail("lesson 3 never finished:\n" + session.screen())
        time.sleep(1.0)  # the layout settles, the screen is drawn again
        screen = session.screen()
        assert screen.count("Lesson complete!") == 1, screen
