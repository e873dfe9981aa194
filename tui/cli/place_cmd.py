"""``queens-tutor place``: the tutor opened on the board where the learner places queens by
hand (or drives the Wrocław loop: ``--drive``)."""

from __future__ import annotations

import argparse
from typing import Any

from lessons.i18n import N_, _
from solver.placement import MAX_N
from tui.options.args import WrappedHelpFormatter, int_in_range

EPILOG = N_(
    """\
Keys: the arrows or h j k l move the cursor (a click moves it too); space or enter puts a queen
down or takes it up; u undoes; c clears; x shows the squares the queens attack; y switches to
"you drive"; ] and [ change the board; escape goes to the main screen; ? lists every key.

Every pair of queens that attack each other is named with its rule, as `queens-tutor check`
names it (row, column, col+row, row-col). A solution is recognised with its orbit under
the 8 symmetries of the board and whether you found it before (found solutions are saved in
found-solutions.json in the tutor's data directory, next to the progress file).
Up to n = 4 the board counts which of the n! placements with one queen per row and column you
have tried or ruled out, and says when none works (n = 2, n = 3).

You drive (y, or --drive): carry out the Wrocław lecture's loop yourself. Put the cursor on
the square the loop tries next and press space if it is attacked, enter if it is free (the queen
stays), or b when the loop backtracks. Each step is graded against the loop and then played;
a wrong one says what the loop does instead and why. The board is 1 to {max_n} squares a side.
"""
)


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "place",
        help=_("place your own queens on a board (or drive the loop yourself: --drive)"),
        description=_(
            "Open the tutor on a board where you place queens yourself and see every "
            "attacking pair, or drive the Wrocław lecture's loop step by step (--drive)."
        ),
        epilog=_(EPILOG).format(max_n=MAX_N),
        formatter_class=WrappedHelpFormatter,
    )
    p.add_argument(
        "-n",
        type=int_in_range(1, MAX_N, "N"),
        default=4,
        metavar="N",
        help=_("board size, 1 to {max} (default {default})").format(max=MAX_N, default=4),
    )
    p.add_argument("--drive", action="store_true", help=_('start in "you drive" mode'))
    p.add_argument(
        "--ascii", action="store_true", default=argparse.SUPPRESS, help=_("draw with ASCII only")
    )
    return "place"


OPENS_TUTOR = True
"""``place`` opens the tutor itself, after :func:`prepare`."""


def prepare(args: argparse.Namespace) -> None:
    """Start the tutor on the place board (``--drive``: in "you drive" mode)."""
    args.place = "drive" if args.drive else "place"
