"""Whether the plain tutor opens: with ``--plain``, or where the full-screen tutor cannot run
(``TERM=dumb``, standard input not a terminal). Imports nothing heavy: the command line asks this
first."""

from __future__ import annotations

import argparse
from typing import TextIO

from lessons.i18n import _

ASKED = "asked"
DUMB = "dumb"
PIPED = "piped"


def is_tty(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


def plain_reason(
    args: argparse.Namespace, stdin: TextIO | None, stdout: TextIO | None, term: str | None
) -> str | None:
    """Why the plain tutor opens (:data:`ASKED`, :data:`DUMB`, :data:`PIPED`), or None."""
    if getattr(args, "plain", False):
        return ASKED
    if stdin is None:  # closed (0<&-): nothing to read commands from
        return None
    in_tty, out_tty = is_tty(stdin), is_tty(stdout)
    if term == "dumb" and (in_tty or out_tty):
        return DUMB
    if not in_tty:
        return PIPED
    return None


def chosen_note(reason: str) -> str:
    """The line on stderr saying the plain tutor was chosen by itself, and how to get the other."""
    if reason == DUMB:
        return _(
            "TERM=dumb: this is the plain tutor, one command a line (help lists them); for "
            "the full-screen tutor, run queens-tutor in a terminal that draws, such as "
            "TERM=xterm-256color."
        )
    return _(
        "standard input is not a terminal: the plain tutor reads one command a line from it; "
        "for the full-screen tutor, run queens-tutor in a terminal."
    )
