"""The diagonal overlay in a real terminal (tmux): ``d d`` on the default 8x8 board draws row-col
at once, on every square, without another key."""

from __future__ import annotations

import re

import pytest

from tests.e2e.tmux import Tmux, tutor_command

pytestmark = pytest.mark.integration  # a long walk in a real terminal

_SQUARE = re.compile(r"[^\s\d-]\s*(-?\d+)")
"""A square with the overlay: its glyph, then its number."""


def board_values(screen: str) -> dict[int, list[int]]:
    """``{row: [value of column 0, 1, ...]}`` read from the board pane of a captured screen
    (the board is empty: no glyph in it is a box-drawing line)."""
    rows = {}
    for line in screen.splitlines():
        if not line.startswith(("│", "|")):
            continue
        pane = line[1:].split("│", 1)[0].split("|", 1)[0]
        found = re.match(r"\s*(\d+) (.*)", pane)
        if found is None:
            continue
        values = [int(v) for v in _SQUARE.findall(found.group(2))]
        if values:
            rows[int(found.group(1))] = values
    return rows


def test_d_d_on_8x8_draws_row_minus_col_at_once() -> None:
    with Tmux(tutor_command()) as session:  # the default board: 8x8, the Wrocław lecture's loop
        session.wait_for("b[i]")
        session.keys("d")
        sums = {row: [col + row for col in range(8)] for row in range(8)}
        session.wait_for(lambda s: board_values(s) == sums)
        session.keys("d")
        differences = {row: [row - col for col in range(8)] for row in range(8)}
        screen = session.wait_for(lambda s: board_values(s) == differences, timeout=10)
        assert "tick 0" in screen  # no tick was needed to repaint
