"""Running the full-screen tutor in this terminal: the glyphs the terminal can show, the lessons
asked for on the command line, the input relay in front of Textual, standard error pointed at
the terminal while it draws, and a crash reported in one line (its details in a log file)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial

from textual.constants import ESCAPE_DELAY

from lessons.i18n import _
from solver.registry import DEFAULT_METHOD
from solver.stepping import Mode
from tui import crash_log
from tui.app import QueensTutorApp
from tui.glyphs import can_encode, choose_glyphs
from tui.options.args import USAGE_ERROR, UsageError
from tui.terminal_input import relayed_input


@contextmanager
def drawing_on_the_terminal() -> Iterator[None]:
    """Textual draws on standard error: while the app runs, a standard error redirected away
    from the terminal (``2>log``) is pointed at the terminal on standard output, so the screen
    shows; afterwards it is put back, and messages go where the user sent them."""
    try:
        redirected = not os.isatty(2) and os.isatty(1)
    except OSError:
        redirected = False
    if not redirected:
        yield
        return
    saved = os.dup(2)
    try:
        os.dup2(1, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _input_failed(app: QueensTutorApp) -> None:
    """The input relay failed (a bug): the app ends with its one-line report and log."""
    from rich.traceback import Traceback

    app.call_later(app.panic, Traceback())


def run_app(args: argparse.Namespace) -> int:
    """Run the tutor for ``queens-tutor [-n N] [--all] [--ascii]``; returns the exit status."""
    output = sys.__stderr__  # Textual draws on stderr
    encoding = getattr(output, "encoding", None)
    glyphs = choose_glyphs(args.ascii, encoding, os.environ)
    if output is not None and not can_encode("─│", encoding):
        # The stream cannot carry Textual's own box drawing: show "?" rather than "\u2500".
        output.reconfigure(errors="replace")
    lessons = getattr(args, "lesson_context", None)  # loaded by the command (review)
    if lessons is None and (
        getattr(args, "lesson", None)
        or getattr(args, "lessons_dirs", None)
        or getattr(args, "review", False)
    ):
        # Asked for on the command line: load now, so that a bad --lesson is a usage error.
        from tui.lesson_context import LessonContext

        try:
            lessons = LessonContext.from_args(args)
        except UsageError as error:
            sys.stderr.write("queens-tutor: " + _("error: {error}").format(error=error) + "\n")
            return USAGE_ERROR
    mode = Mode.ALL if args.all else Mode.FIRST
    app = QueensTutorApp(
        args.n,
        mode,
        glyphs,
        handle_signals=True,
        lessons=lessons,
        settle_collector=True,
        lesson_args=args,
        method=getattr(args, "method", DEFAULT_METHOD),
        maze=getattr(args, "maze", None),
        guess=getattr(args, "guess", False),
        place=getattr(args, "place", None),
        high_contrast=getattr(args, "high_contrast", False),
        projector=getattr(args, "projector", False),
        review=getattr(args, "review", False),
        welcome=True,
    )
    # What Textual prints after an error goes to a log file; the terminal gets one line.
    app.error_console, errors = crash_log.error_console()
    # The tutor reads the terminal itself and hands Textual only what its parser can read.
    # Keys typed while it closes (ctrl+c right after q) are ignored, never signals.
    failed = partial(_input_failed, app)
    with drawing_on_the_terminal(), relayed_input(ESCAPE_DELAY, failed, exiting=True) as relay:
        app.input_relay = relay
        app.run()
    details = errors.getvalue()
    if details.strip():
        sys.stderr.write(crash_log.report(details) + "\n")
        return app.return_code or crash_log.EXIT_CRASHED
    return app.return_code or 0
