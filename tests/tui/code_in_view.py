"""The code a lesson page shows, read back from the screen, and the lines a question is about."""

from __future__ import annotations

from collections.abc import Iterator

from lessons.runner import LessonRun

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


def pane_code(screen_rows: list[str], title: str) -> list[str]:
    """The code lines inside the pane whose border title is ``title`` on a captured screen (any
    column of it), whole lines put back together."""
    for top, row in enumerate(screen_rows):
        at = row.find(f"─ {title} ─")
        if at < 0:
            continue
        left = row.rfind("╭", 0, at)
        right = row.find("╮", at)
        rows = []
        for below in screen_rows[top + 1 :]:
            if below[left : left + 1] != "│":
                break
            rows.append(below[left + 3 : right])  # the border, then the gutter's two columns
        return joined(rows)
    return []


def deciding(run: LessonRun) -> list[str]:
    """The lines of the board's code the waiting question is about, with no spaces."""
    session = run.session
    if session is None:
        return []
    code = session.frame().code
    return ["".join(code.lines[i].split()) for i in run.question_lines()]


def code_questions(run: LessonRun) -> Iterator[int]:
    """Walk ``run`` through its lesson: yields at each question the page's board's code is
    about (the page index), the question waiting; every question is then shown and gone on
    from."""
    for page in range(len(run.lesson.pages)):
        run.goto(page)
        for _question in range(40):
            if run.asked is None:
                break
            if run.question_lines():
                yield page
            run.reveal()
            run.go_on()
