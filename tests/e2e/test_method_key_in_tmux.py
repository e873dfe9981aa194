"""``m`` in a real terminal (tmux): after each method change, once the tutor has drawn and gone
idle, the board's pane is on the screen, left of the state table, with no other key."""

from __future__ import annotations

import pytest

from solver.registry import steppable_methods
from tests.e2e.tmux import Tmux, tutor_command

pytestmark = pytest.mark.integration  # a walk over every method in a real terminal


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_m_leaves_the_board_on_screen(size: tuple[int, int]) -> None:
    with Tmux(tutor_command(), *size) as session:
        screen = session.wait_for("─ board ")
        pid = session.app_pid()
        for _ in steppable_methods():
            before = screen
            session.keys("m")
            session.wait_for(lambda now: now != before)  # noqa: B023 (called before the next m)
            session.wait_idle(pid)
            screen = session.screen()
            first = screen.splitlines()[0]
            assert first.startswith("╭─ board "), screen
