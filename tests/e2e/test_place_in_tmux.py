"""The place board in a real terminal (tmux), opened with o from ``queens-tutor -n 3``: queens
put down with the keys, an attacking pair named, the 3x3 board exhausted by hand; then "you
drive" and back to the main screen's search tree. ``queens-tutor place`` alone: escape leads
out of the tutor."""

from __future__ import annotations

from itertools import permutations

import pytest

from tests.e2e.tmux import Tmux, tutor_command

pytestmark = pytest.mark.integration  # a long walk in a real terminal


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
        session.keys("o")
        session.wait_for("your queens: n = 3")
        # A queen at (0, 0) and one at (1, 1): the pair along row-col, named as check names it.
        session.keys("Space", "l", "k", "Space")
        screen = session.wait_for("2 queens of 3")
        assert "same row-col diagonal: 0-0 = 0 = 1-1" in side_pane(screen), screen
        # Every placement with one queen per row and column, put on the board with the keys.
        for b in permutations(range(3)):
            session.keys("c", "h", "h", "j", "j")  # empty board, cursor at (0, 0)
            for row in b:
                session.keys(*["k"] * row, "Space", *["j"] * row, "l")
        screen = session.wait_for("none works")
        assert "3 x 3 board has no solution" in " ".join(screen.split())
        # You drive: b[0]=0; k=1 is played; the loop's first step tries (1, 0), attacked.
        session.keys("c", "y", "h", "h", "l", "Space")
        screen = session.wait_for("Score: right 1/1.")
        assert "Right: column 1, row 0 is attacked" in " ".join(screen.split())
        # Back to the main screen (n = 3), the tree after three ticks.
        session.keys("Escape")  # alone: ESC then a key in one read is alt+key
        session.wait_for("b[i]")
        session.keys("Space", "Space", "Space", "t")
        screen = session.wait_for("search tree: 3 nodes")
        assert "b[1]=1: row-col, col 0" in screen
        session.keys("Left")
        session.wait_for("search tree: 2 nodes")
        session.keys("q")
        assert session.wait_exit() == 0


def test_escape_leaves_the_place_command() -> None:
    with Tmux(f"{tutor_command()} place -n 5 --drive") as session:
        session.wait_for("esc Back")
        session.keys("Escape")
        assert session.wait_exit() == 0
