"""The code a lesson page shows, read back from the screen, and the lines a question is about."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

from textual.pilot import Pilot

from lessons.runner import LessonRun
from tests.tui.screen_text import pauses, screen_lines
from tui.screens.lesson_screen import LessonScreen

WRAP = ("↪", "->")
"""How a wrapped code line's continuation starts (Unicode, ASCII)."""


def joined(rows: list[str]) -> list[str]:
    """Code rows as drawn (the gutter cut off), each wrapped line's pieces put back together,
    with no spaces (a line wraps at any space)."""
    lines: list[str] = []
    for row in rows:
        piece = row.strip()
        wrap = next((mark for mark in WRAP if piece.startswith(mark)), None)
        if wrap is not None and lines:
            lines[-1] += "".join(piece[len(wrap) :].split())
        else:
            lines.append("".join(piece.split()))
    return lines


def pane_rows(screen_rows: list[str], title: str) -> list[str]:
    """The rows inside the pane whose border title is ``title`` on a captured screen (any
    column of it), its borders cut off."""
    for top, row in enumerate(screen_rows):
        at = row.find(f"─ {title} ─")
        if at < 0:
            continue
        left = row.rfind("╭", 0, at)
        right = row.find("╮", at)
        inside = []
        for below in screen_rows[top + 1 :]:
            if below[left : left + 1] != "│":
                break
            inside.append(below[left + 1 : right])
        return inside
    return []


def pane_code(screen_rows: list[str], title: str) -> list[str]:
    """The code lines inside the pane whose border title is ``title`` on a captured screen (any
    column of it), whole lines put back together."""
    return joined([row[2:] for row in pane_rows(screen_rows, title)])  # the gutter's columns


async def waiting_screens(pilot: Pilot[None], screen: LessonScreen) -> AsyncIterator[list[str]]:
    """The screen's lines at each question about its lesson's board code, shown as it waits."""
    for _page in code_questions(screen.lesson_run):
        screen.show(ask=True)
        await pauses(pilot, 3)
        yield screen_lines(pilot.app)


def deciding(run: LessonRun) -> list[str]:
    """The lines of the board's code the waiting question is about, with no spaces."""
    session = run.session
    if session is None:
        return []
    code = session.frame().code
    return ["".join(code.lines[i].split()) for i in run.question_lines()]


def code_questions(run: LessonRun) -> Iterator[int]:
    """Walk ``run`` through its lesson: yields at each question the page's board's code is
    about (the page index), the question waiting; every question is then answered (shown), if
    it still waits, and gone on from."""
    for page in range(len(run.lesson.pages)):
        run.goto(page)
        for _question in range(40):
            if run.asked is None:
                break
            if run.question_lines():
                yield page
            if run.asked is not None:  # not answered where the page was yielded
                run.reveal()
            run.go_on()
