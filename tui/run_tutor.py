"""Running the full-screen tutor in this terminal: its glyphs, the lessons asked for, the input
relay in front of Textual, and a crash reported in one line."""

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
    """While inside, a standard error redirected away from the terminal (``2>log``) is pointed
    at the terminal on standard output, where Textual can draw."""
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
    """Run the tutor as the command line ``args`` ask; returns the exit status."""
    output = sys.__stderr__  # Textual draws on stderr
    encoding = getattr(output, "encoding", None)
    glyphs = choose_glyphs(args.ascii, encoding, os.environ)
    if output is not None and not can_encode("─│", encoding):  # "?" for Textual's borders
        output.reconfigure(errors="replace")
    lessons = getattr(args, "lesson_context", None)
    if lessons is None and (
        getattr(args, "lesson", None)
        or getattr(args, "lessons_dirs", None)
        or getattr(args, "review", False)
    ):
        # load now: a bad --lesson is a usage error
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
    app.error_console, errors = crash_log.error_console()
    failed = partial(_input_failed, app)
    with drawing_on_the_terminal(), relayed_input(ESCAPE_DELAY, failed, exiting=True) as relay:
        app.input_relay = relay
        app.run()
    details = errors.getvalue()
    if details.strip():
        sys.stderr.write(crash_log.report(details) + "\n")
        return app.return_code or crash_log.EXIT_CRASHED
    return app.return_code or 0
