"""Guess mode and the place board in tmux: ``queens-tutor --guess`` asks at a forward key, and an
answer plays and counts (the Wrocław lecture's 4x4 walkthrough: b[0] = 0 asks nothing; in
column 1, row 0 is attacked along the row, row 1 along the diagonal, row 2 is free); lesson 5's
quiz ends with the 6 x 6 search predicted in guess mode, the right answers worked out with the
lecture's isfree on the ``b`` the screen shows. The place board, opened with o from ``-n 3``:
queens put down with the keys, an attacking pair named, the 3x3 board exhausted by hand; then
"you drive" and back to the main screen's search tree; ``queens-tutor place`` alone: escape
leads out of the tutor."""

from __future__ import annotations

import json
import re
from itertools import permutations
from pathlib import Path

import pytest

from lessons.catalog import load_catalog
from lessons.model import Question
from lessons.progress.moved_pages import on_current_pages
from lessons.progress.records import LessonRecord
from lessons.progress.store import ProgressStore
from tests.e2e.tmux import Tmux, b_row, narration, tutor_command
from tests.tui.guess_keys import lecture_rule

pytestmark = pytest.mark.integration  # a long walk in a real terminal

ASKED = re.compile(r"isfree\((\d+), (\d+)\)")


def at_the_quiz(data: Path) -> int:
    """A progress file that opens lesson 5 at its quiz (its last page); the quiz's questions
    before its first guess question."""
    lesson = load_catalog("en").find("5")
    assert lesson is not None
    quiz = len(lesson.pages) - 1
    assert lesson.pages[quiz].scored and lesson.pages[quiz].questions[-1].kind == "guess"
    record = on_current_pages(LessonRecord(), lesson)
    record.page = quiz
    store = ProgressStore(data / "queens-tutor" / "progress.json")
    assert store.save(lesson.id, record)
    questions = [block for block in lesson.pages[quiz].blocks if isinstance(block, Question)]
    return next(i for i, question in enumerate(questions) if question.kind == "guess")


def test_lesson_5_ends_predicting_the_6_x_6_search(tmp_path: Path) -> None:
    data = tmp_path / "data"
    before = at_the_quiz(data)
    with Tmux(f"{tutor_command()} --lesson 5", env={"XDG_DATA_HOME": str(data)}) as session:
        for _ in range(before):  # the quiz's other questions: the answer shown, then on
            session.wait_for("Show answer")
            session.keys("F3")
            # A long answer reads on with Enter (its box holds part of it at 80x24), then goes on.
            while "Enter: go on." not in session.wait_for(
                lambda s: "Enter: go on." in s or "Enter: read on." in s
            ):
                session.keys("Enter")
            session.keys("Enter")
        session.wait_for("Press [o] and predict")
        session.keys("o")
        # The first stretch, 30 ticks: the first, b[0]=0; k=1, tests nothing and plays.
        screen = session.wait_for("questions 0, right 0, ticks left 29")
        assert b_row(screen) == [0] + [-1] * 5
        session.keys("Space")
        right = 0
        for number in range(1, 7):
            screen = session.wait_for(lambda s: ASKED.search(narration(s)) is not None)
            found = ASKED.search(narration(screen))
            assert found is not None
            x, y = int(found.group(1)), int(found.group(2))
            rule = lecture_rule(tuple(b_row(screen)), x, y)
            wrong = number == 3  # one answer wrong on purpose
            session.keys("y" if (rule is None) != wrong else "n")
            if rule is not None and not wrong:
                session.wait_for("By which rule?")
                session.keys(rule)
            right += not wrong
            screen = session.wait_for(f"questions {number}, right {right}, ticks left")
            said = narration(screen)
            assert said.startswith("Right!") if not wrong else said.startswith("Wrong")
            session.keys("Space")
        session.wait_for(f"questions 7, right {right}, ticks left")
        assert right == 5
        assert "counted as an attempt" in session.screen()  # a prediction was missed
        session.keys("Escape", then="The board was left after")  # back to the lesson
        session.quit()
    saved = json.loads((data / "queens-tutor" / "progress.json").read_text())
    record = saved["lessons"]["iterative"]
    key = f"{record['page']}.{before}"
    assert key not in record.get("answers", {}) and record["open"][key]["attempts"] == 1
    assert len(record["answers"]) == before  # the answers shown before it are saved


def test_guess_mode_asks_grades_and_counts() -> None:
    with Tmux(f"{tutor_command()} --guess -n 4") as session:
        session.wait_for("guesses 0/0  streak 0")
        screen = session.keys("Space", then=lambda screen: "(b[0]=0)" in narration(screen))
        assert b_row(screen) == [0, -1, -1, -1]  # played, nothing asked
        assert "isfree(0, 0)" not in screen and "guesses 0/0  streak 0" in screen
        session.keys("Space", then="isfree(1, 0)")
        assert "•" not in session.screen().split("╰")[0]  # no attacked square shaded
        session.keys("n", then="By which rule?")
        screen = session.keys("1", then="guesses 2/2  streak 2")  # the same row
        assert narration(screen).startswith("Right")
        session.keys("Enter", then="Column 1: on which row")
        session.keys("1")  # wrong: row 1 is on the queen of column 0's diagonal
        screen = session.wait_for("guesses 2/3  streak 0")
        assert "column 1, row 1 is attacked by the queen in column 0, row 0" in narration(screen)
        assert b_row(screen) == [0, 2, -1, -1]  # the iteration played: row 2
        session.keys("g")  # off: the tally leaves the status, the overlay's line is back
        session.wait_for("overlay off")
        session.quit()


def side_pane(screen: str) -> str:
    """The words of the pane beside the board, its lines joined (wherever they wrap)."""
    words = []
    for line in screen.splitlines():
        if "││" in line:
            words.extend(line.split("││", 1)[1].strip("│ ").split())
    return " ".join(words)


def test_place_three_queens_exhaust_n3_then_drive_and_the_tree() -> None:
    with Tmux(f"{tutor_command()} -n 3") as session:
        session.wait_for("b[i]")
        session.keys("o", then="your queens: n = 3")
        # A queen at (0, 0) and one at (1, 1): the pair along row-col, named as check names it.
        screen = session.keys("Space", "l", "k", "Space", then="2 queens of 3")
        assert "same row-col diagonal: 0-0 = 0 = 1-1" in side_pane(screen), screen
        # Every placement with one queen per row and column, put on the board with the keys.
        for b in permutations(range(3)):
            session.keys("c", "h", "h", "j", "j")  # empty board, cursor at (0, 0)
            for row in b:
                session.keys(*["k"] * row, "Space", *["j"] * row, "l")
        screen = session.wait_for("none works")
        assert "3 x 3 board has no solution" in " ".join(screen.split())
        # You drive: b[0]=0; k=1 is played; the loop's first step tries (1, 0), attacked.
        screen = session.keys("c", "y", "h", "h", "l", "Space", then="Score: right 1/1.")
        assert "Right: column 1, row 0 is attacked" in " ".join(screen.split())
        # Back to the main screen (n = 3), the tree after three ticks.
        session.keys("Escape", then="b[i]")  # alone: ESC then a key in one read is alt+key
        screen = session.keys("Space", "Space", "Space", "t", then="search tree: 3 nodes")
        assert "b[1]=1: row-col, col 0" in screen
        session.keys("Left", then="search tree: 2 nodes")
        session.quit()


def test_escape_leaves_the_place_command() -> None:
    with Tmux(f"{tutor_command()} place -n 5 --drive") as session:
        session.wait_for("esc Back")
        session.keys("Escape")
        assert session.wait_exit() == 0
