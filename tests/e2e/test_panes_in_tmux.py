"""The state panes of the Turin notes and the Salerno notes in a real 80x24 terminal (tmux):
every array whole (q, c, a, b; regine over its lines) and the top three call-stack frames."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.e2e.tmux import Tmux, tutor_command

pytestmark = pytest.mark.integration  # a long walk in a real terminal

_ROW = re.compile(r"│\s*(\w+|\w+\[\d+\.\.\])\s*│([^│]*)│")
"""An array's line in the state pane: its name (or, for a line that goes on with it, the name
and the line's first index, ``a[8..]``) between the pane's border and the rule, then its
cells."""
_SCROLLBAR = str.maketrans("", "", "▁▂▃▄▅▆▇█")
_MARKS = str.maketrans("[]()", "    ")
"""A cell read (in brackets) or left over from earlier (in parentheses): its value alone."""


def arrays(screen: str) -> dict[str, list[str]]:
    """Each array's cells as the screen shows them, its lines put together."""
    found: dict[str, list[str]] = {}
    name = ""
    for line in screen.splitlines():
        for label, cells in _ROW.findall(line):
            if not label.endswith("..]"):
                name = label
            if name:
                found.setdefault(name, []).extend(
                    cells.translate(_SCROLLBAR).translate(_MARKS).split()
                )
    return found


CASES = [
    ("recursive", {"q": 8, "c": 8, "a": 15, "b": 15}, "placeQueens("),
    ("general", {"regine": 8}, "Solve(R="),
]


def check(session: Tmux, rows: dict[str, int], frame: str) -> None:
    screen = session.wait_for("tick 30")
    shown = arrays(screen)
    assert {name: len(shown.get(name, [])) for name in rows} == rows, screen
    # Arrays that go on over more lines under their line of indices (never under bare "[8]"
    # labels): where that line costs the third frame beside a
    # lesson's 8 x 8 board, the top two stay in view.
    wrapped = re.search(r"│\s*\w+\[\d+\.\.\]\s*│", screen) is not None
    assert screen.count(frame) >= (2 if wrapped else 3), screen


@pytest.mark.parametrize(("method", "rows", "frame"), CASES)
def test_the_main_screen_shows_every_array_and_three_frames(
    method: str, rows: dict[str, int], frame: str
) -> None:
    with Tmux(f"{tutor_command()} --method {method}") as session:
        session.wait_for(frame.split("(")[0])
        session.keys(*["space"] * 30)
        check(session, rows, frame)


@pytest.mark.parametrize(("method", "rows", "frame"), CASES)
def test_a_lesson_board_shows_every_array_and_three_frames(
    method: str, rows: dict[str, int], frame: str, tmp_path: Path
) -> None:
    lesson = tmp_path / "panes.md"
    lesson.write_text(
        "@lesson panes\n@title Panes\n@summary A board and its state\n\n"
        f"@page The board\nThirty ticks of {method}.\n@board n=8 algorithm={method}\n"
        "@step 30\n",
        encoding="utf-8",
    )
    with Tmux(
        f"{tutor_command()} --lang en --lessons-dir {tmp_path} --lesson panes",
        env={"XDG_DATA_HOME": str(tmp_path / "data")},  # its progress, saved there
    ) as session:
        check(session, rows, frame)
