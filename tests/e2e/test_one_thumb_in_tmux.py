"""In Italian, in a real 80x24 terminal: lesson 3 p3's text pane after a wrong answer
showed two scrollbar thumbs two rows apart in tmux's text. The thumb is one run of glyphs, its
middle cells included (tui/widgets/read_on_scroll.py, SolidThumb)."""

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
