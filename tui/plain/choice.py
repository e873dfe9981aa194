"""Whether the plain tutor opens: asked for with ``--plain``, or chosen by itself when a person
is at a terminal that cannot show the full-screen tutor (``TERM=dumb``, or commands piped in
while the output goes to a terminal). With no terminal at either end nothing is chosen by
itself: the full-screen tutor's refusal says what to do. Imports nothing heavy: the command
line asks this before anything else is loaded.
"""

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
    """Why the plain tutor opens (:data:`ASKED`, :data:`DUMB`, :data:`PIPED`), or None for the
    full-screen tutor."""
    if getattr(args, "plain", False):
        return ASKED
    in_tty, out_tty = is_tty(stdin), is_tty(stdout)
    if not in_tty and not out_tty:
        return None
    if term == "dumb":
        return DUMB
    if not in_tty:
        return PIPED
    return None


def chosen_note(reason: str) -> str:
    """The one line on stderr that says the plain tutor was chosen by itself, and how to get
    the full-screen tutor."""
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
