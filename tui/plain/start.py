"""Running the plain tutor: its board, its lessons, and the loop that reads the lines."""

from __future__ import annotations

import argparse
import io
import shutil
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from lessons.i18n import _
from lessons.i18n import number as count
from solver.registry import DEFAULT_METHOD
from solver.session.board import BoardSession
from solver.stepping import Mode
from tui.options.args import USAGE_ERROR, UsageError
from tui.plain.board_words import PlainBoard
from tui.plain.choice import ASKED, chosen_note, is_tty
from tui.plain.output import Out, typed
from tui.plain.tutor import PlainTutor

if TYPE_CHECKING:  # the lessons are read when first asked for (start-up stays quick)
    from tui.lesson_context import LessonContext

MAX_LINE = 4096
"""Characters of an input line at most: a longer line is refused and its rest dropped as it is read,
so memory stays flat whatever comes."""
DRAIN = 65536
"""Characters read at a time while the rest of a refused line is dropped."""


def read_line(lines: TextIO) -> tuple[str, bool]:
    """The next line of ``lines`` ("" at their end) and whether it was longer than :data:`MAX_LINE`
    (then the rest of it is read and dropped)."""
    raw = lines.readline(MAX_LINE + 1)
    if len(raw) <= MAX_LINE or raw.endswith("\n"):
        return raw, False
    return raw, True


def _context(args: argparse.Namespace) -> LessonContext:
    from tui.lesson_context import LessonContext

    loaded = getattr(args, "lesson_context", None)  # loaded by the command (review)
    return loaded if isinstance(loaded, LessonContext) else LessonContext.from_args(args)


def run_plain(args: argparse.Namespace, reason: str) -> int:
    """Run the plain tutor on stdin and stdout until ``quit`` or the end; the exit status."""
    for stream in (sys.stdin, getattr(sys.stdout, "stream", None)):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")  # undecodable input, unencodable output: "?"
    lessons: Callable[[], LessonContext] = lambda: _context(args)  # noqa: E731
    start = None
    if (
        getattr(args, "lesson", None)
        or getattr(args, "lessons_dirs", None)
        or getattr(args, "review", False)
    ):
        try:  # asked for on the command line: a bad --lesson is a usage error
            context = _context(args)
        except UsageError as error:
            sys.stderr.write("queens-tutor: " + _("error: {error}").format(error=error) + "\n")
            return USAGE_ERROR
        lessons, start = (lambda: context), context.start
    if reason != ASKED:  # after a usage error could be said: that one is the only line then
        sys.stderr.write("queens-tutor: " + chosen_note(reason) + "\n")
    # At a terminal the lines are broken between words (a formula kept whole); into a pipe or a
    # file (a screen reader's) every line goes whole.
    out = Out(sys.stdout, width=_terminal_width if is_tty(sys.stdout) else None)
    session = BoardSession(
        getattr(args, "method", DEFAULT_METHOD),
        args.n,
        Mode.ALL if args.all else Mode.FIRST,
        getattr(args, "maze", None),
        guessing=getattr(args, "guess", False),
    )
    board = PlainBoard(out, session)
    tutor = PlainTutor(out, board, lessons)
    out.line(_("queens-tutor, plain: one command a line; help lists them, quit ends."))
    if start is None and getattr(args, "review", False):
        tutor.open_review()  # the review's own heading first, never the main board's narration
    elif start is not None:  # the lesson's own page first: the main board's may tell its answer
        tutor.open_lesson(start.id)
    else:
        board.say_where()
        tutor.welcome()
    lines = sys.stdin if sys.stdin is not None else io.StringIO()  # closed (<&-): no line
    return converse(tutor, out, lines, is_tty(sys.stdin))


def _terminal_width() -> int:
    return shutil.get_terminal_size((0, 0)).columns


def converse(tutor: PlainTutor, out: Out, lines: TextIO, interactive: bool) -> int:
    """Read ``lines`` one at a time until ``quit`` or their end. At a terminal an empty line is
    enter; in a script, empty lines and ``#`` lines are skipped and each command is echoed. A
    line over :data:`MAX_LINE` is refused, not run."""
    number = 0
    while True:
        if interactive:
            out.prompt("> ")
        raw, too_long = read_line(lines)
        number += 1
        if too_long:
            out.line(
                _("Line {number} is longer than {limit} characters: it is ignored.").format(
                    number=number, limit=count(MAX_LINE)
                )
            )
            while (rest := lines.readline(DRAIN)) and not rest.endswith("\n"):
                pass  # what is left of the line is read and dropped
            continue
        if not raw:
            if interactive:
                out.line()
            return 0
        line = typed(raw)
        if not interactive:
            if not line or line.startswith("#"):
                continue
            out.line(f"> {line}")
        if not tutor.handle(line or "enter"):
            return 0
