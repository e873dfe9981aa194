"""``queens-tutor --guess`` in a real terminal: a forward key asks, an answer plays and counts.

The expected answers are the Wrocław lecture's 4x4 walkthrough: b[0] = 0 is set directly (the
loop calls no isfree, so nothing is asked); in column 1, row 0 is attacked along the row, row 1
along the diagonal, row 2 is free.
"""

from __future__ import annotations

import pytest

from tests.e2e.tmux import Tmux, b_row, narration, tutor_command

pytestmark = pytest.mark.integration  # a long walk in a real terminal


def test_guess_mode_asks_grades_and_counts() -> None:
    with Tmux(f"{tutor_command()} --guess -n 4") as session:
        session.wait_for("guesses 0/0  streak 0")
        session.keys("Space")
        screen = session.wait_for(lambda screen: "(b[0]=0)" in narration(screen))
        assert b_row(screen) == [0, -1, -1, -1]  # played, nothing asked
        assert "isfree(0, 0)" not in screen and "guesses 0/0  streak 0" in screen
        session.keys("Space")
        session.wait_for("isfree(1, 0)")
        assert "•" not in session.screen().split("╰")[0]  # no attacked square shaded
        session.keys("n")
        session.wait_for("By which rule?")
        session.keys("1")  # the same row
        screen = session.wait_for("guesses 2/2  streak 2")
        assert narration(screen).startswith("Right")
        session.keys("Enter")
        session.wait_for("Column 1: on which row")
        session.keys("1")  # wrong: row 1 is on the queen of column 0's diagonal
        screen = session.wait_for("guesses 2/3  streak 0")
        assert "column 1, row 1 is attacked by the queen in column 0, row 0" in narration(screen)
        assert b_row(screen) == [0, 2, -1, -1]  # the iteration played: row 2
        session.keys("g")  # off: the tally leaves the status, the overlay's line is back
        session.wait_for("overlay off")
        session.keys("q")
        assert session.wait_exit() == 0
