"""No notice is ever drawn over the state table or the code of the main screen, in a real 80x24
terminal (tmux): after every key that tells the student something (the start, a method, a
size out of range, a refused tree, guess mode's reminder, a run stopped, ...), the right
column's frame is whole on every line and no notification bar shows anywhere; the notice is
in the status lines under the board, and goes at the next key."""

from __future__ import annotations

import time

import pytest

from tests.e2e.tmux import TIMEOUT, Tmux, tutor_command
from tests.serve.server import wait_until

# a walk in a real terminal: the everyday run keeps a handful of smoke tests in a real terminal
pytestmark = pytest.mark.integration

ESCDELAY = 0.6
"""Seconds an escape key waits, so that the next key is not read as part of it (the tutor's
ESCDELAY is 0.4 s)."""
TOAST_BAR = "▌"
"""The left edge Textual draws for a notification."""


def right_column(screen: str) -> tuple[int, list[str]]:
    """The column where the state table and the code start, and the screen's lines."""
    lines = screen.splitlines()
    return lines[0].index("╮╭") + 1, lines


def check_clear(screen: str) -> None:
    """The state table's and the code's frames whole on every line, no notification."""
    left, lines = right_column(screen)
    assert TOAST_BAR not in screen, screen
    # The table over the code, down to the narration: a border at both edges on each line.
    narration = next(y for y, line in enumerate(lines) if "what happened" in line)
    for y in range(narration):
        line = lines[y].ljust(80)
        assert line[left] in "╭│╰" and line[79] in "╮│╯", f"line {y} is covered:\n{screen}"


def status(screen: str) -> str:
    """The status lines under the board (left of the right column), as one line."""
    left, lines = right_column(screen)
    narration = next(y for y, line in enumerate(lines) if "what happened" in line)
    board_end = max(y for y in range(narration) if lines[y].startswith("╰"))
    text = " ".join(line[:left] for line in lines[board_end + 1 : narration])
    return " ".join(text.split())


def showing(session: Tmux, words: str) -> str:
    """The screen as soon as its status lines show ``words`` (it need not be still)."""
    return wait_until(
        lambda: screen if words in status(screen := session.screen()) else "",
        lambda: f"{words!r} never shown:\n{session.screen()}",
        TIMEOUT,
    )


# (keys, words the status lines then show: the notice, or "" for a key that tells nothing)
STAYS = "Answer the question first"
"""The one notice that stays at the next key: it reminds that a question waits its answer."""
RUNNING = "autoplay: esc stops"
"""Not a notice: the status of the run, which stays while it runs."""
STEPS: list[tuple[list[str], str]] = [
    (["Left"], "At the start: nothing to step back."), (["Space"], ""), (["m"], "placeQueens"),
    (["Space"], ""), (["m"], "edutecnica"), (["m"], "on the queens"), (["m"], "on a maze"),
    (["]"], "Maze:"), (["m"], "Wrocław"), (["t"], "The search tree is drawn up to n = 6"),
    (["["] * 3, ""), (["t"], ""), (["t"], ""), (["]"] * 30, "The board size goes from 1 to 32."),
    (["["] * 24, ""), (["g"], "Guess mode: space and enter ask before they play."),
    (["i"], ""),  # a question: on which row does the queen land?
    (["i"], STAYS), (["Escape"], ""), (["g"], "Guess mode off"), (["d"], ""),
    (["d", "d", "a"], ""), (["+"] * 4 + ["p"], RUNNING),  # at 100 ticks a second: it moves
    (["p"], "Stopped after"), (["r"], ""), (["s"], ""), (["Space"], ""),
]  # fmt: skip


@pytest.mark.slow(20)
def test_no_notice_over_the_table_or_the_code_after_any_key() -> None:
    with Tmux(tutor_command(), 80, 24) as session:
        check_clear(session.wait_for("tick 0"))
        for keys, words in STEPS:
            session.keys(*keys)
            if "Escape" in keys:  # read as escape only after ESCDELAY with nothing after it
                time.sleep(ESCDELAY)
            if words == RUNNING:  # the screen moves: read it as soon as the run shows
                screen = showing(session, words)
                check_clear(screen)
                continue
            # The screen after the key, still (the notice, if any, comes with the key's frame).
            screen = session.wait_for(lambda s, w=words: w in status(s) if w else True)
            if not words:
                session.wait_for(lambda s: True)
                screen = session.screen()
            check_clear(screen)
            if words and words not in (STAYS, RUNNING):  # it goes at the next key
                session.keys("+")
                screen = session.wait_for(lambda s, w=words: w not in status(s))
                check_clear(screen)
                session.keys("-")
