"""The installed tutor in tmux: a lesson's own board steps with the main keys (here the Turin
notes' placeQueens), next-choice is asked on that board in its notes' words, and @tree opens
the search tree beside a lesson board that grows as the board steps."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.e2e.tmux import Tmux, tutor_command

pytestmark = pytest.mark.integration  # a long walk in a real terminal

LESSON = """@lesson tools
@title Tools
@page Step it
Press space to step the recursive search.
@board n=5 algorithm=recursive

@page Predict
Where does placeQueens put the next queen?
@board n=5 algorithm=recursive
@step 2
@question next-choice
@end

@page The tree
@board n=4
@tree
The search tree of the 4 x 4 board.
"""


def _tick(screen: str) -> int:
    found = re.search(r"tick (\d+)", screen.splitlines()[-2])
    assert found, screen
    return int(found.group(1))


def test_a_lesson_board_steps_asks_in_its_notes_words_and_opens_the_tree(tmp_path: Path) -> None:
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "63-tools.md").write_text(LESSON, encoding="utf-8")
    command = f"{tutor_command()} --lessons-dir {lessons} --lesson tools"
    with Tmux(
        command, env={"XDG_DATA_HOME": str(tmp_path / "data")}, width=100, height=30
    ) as session:
        screen = session.wait_for("Step it (1/3)")
        assert _tick(screen) == 0
        session.keys("Space", "Space", "Space")
        session.wait_for(lambda s: _tick(s) == 3)
        assert "depth" in session.screen().splitlines()[-2]  # the recursive board's status
        session.keys("Left")
        session.wait_for(lambda s: _tick(s) == 2)
        session.keys("Enter")
        session.wait_for("placeQueens(0): in which column")  # the prompt, wrapped as it fits
        session.keys("0", "Enter")
        session.wait_for("Right: column 0.")
        session.keys("Enter", "Enter")
        screen = session.wait_for("search tree: 0 nodes")
        session.keys("Space", "Space")
        session.wait_for(lambda s: re.search(r"search tree: [1-9]\d* node", s) is not None)
        session.keys("Escape")
        session.wait_for("Lessons: up/down to choose")
        session.keys("Escape")
        session.wait_for("what happened")
        session.keys("q")
        assert session.wait_exit() == 0
