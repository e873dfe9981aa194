"""A lesson's text pane drawn in a real terminal (tmux), as the terminal keeps it: one
scrollbar thumb after a wrong answer (in Italian at 80x24, its middle cells included:
tui/widgets/read_on_scroll.py, SolidThumb), and a finished lesson's note drawn once (the
question box shrinking to it over several frames left a second, cut note in tmux)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.e2e.tmux import Tmux, tutor_command

pytestmark = pytest.mark.integration  # a walk in a real terminal

THUMB = set("▁▂▃▄▅▆▇█")


def test_the_text_pane_shows_one_thumb_after_a_wrong_answer(tmp_path: Path) -> None:
    with Tmux(
        f"{tutor_command()} --lang it --lesson 3",
        env={"XDG_DATA_HOME": str(tmp_path / "data")},
    ) as session:
        session.wait_for("(1/7)")
        deadline = time.monotonic() + 60
        while "(3/7)" not in (screen := session.screen()) and time.monotonic() < deadline:
            # a waiting question is answered by showing its answer (F3), else Enter goes on
            session.keys("F3" if "f3 Risposta" in screen.splitlines()[-1] else "Enter")
            time.sleep(0.5)
        session.wait_for("f3 Risposta")  # page 3's question waits
        session.keys("1", "Enter")  # a wrong answer: its feedback takes rows of the text
        screen = session.wait_for("«1»")
        lines = screen.splitlines()
        top = next(y for y, line in enumerate(lines) if "(3/7)" in line)
        box = next(y for y, line in enumerate(lines) if y > top and "╭" in line[1:])
        column = [line[78] if len(line) > 78 else " " for line in lines[top + 1 : box]]
        rows = [y for y, char in enumerate(column) if char in THUMB]
        assert rows, screen
        assert rows == list(range(rows[0], rows[-1] + 1)), screen


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
