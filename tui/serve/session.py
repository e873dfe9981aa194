"""One browser tab's tutor: the process ``queens-tutor serve`` starts for each tab
(``python -m tui.serve.session --home DIR --session DIR --server-pid PID [--named]
[options]``).

textual-serve sets ``TEXTUAL_DRIVER`` so that Textual talks to the browser instead of a
terminal. Everything the tutor would keep in the user's home (progress, crash logs, settings)
goes under ``--home``: for an anonymous session, its own directory (``--session``), which
the server made for this session alone and removes when it ends, so that no tab reads or
overwrites another's progress, nor the progress of the account the server runs as; for a
named user (``--named``), that user's directory in the server's data, where their progress
stays (tui/serve/users.py). ``--session`` is always the session's own directory: the server
finds its process by it. An anonymous student keeps their progress by downloading it from the
command palette, and loads it back the same way (tui/progress_commands.py).

A session runs at a lower priority (:data:`NICENESS`) than the server, so that a tab that runs
a long search cannot slow the server's answers to every other tab. With ``--lesson`` it opens
that lesson. The lessons' problems are the server's to report (on its console, at start): a
session does not show them to the student (tui/serve/tutor_app.py).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from tui.options.args import OneLineParser
from tui.options.lesson_options import add_lesson_options
from tui.serve.environment import home_environment
from tui.serve.processes import die_with_parent

if TYPE_CHECKING:
    from tui.lesson_context import LessonContext

MAX_NAME_BYTES = 255
"""The longest user name the server keeps (tui/serve/users.py refuses longer ones)."""
NICENESS = 10
"""How much lower a session's priority is than the server's (``nice -n 10``)."""


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = OneLineParser(prog="queens-tutor serve session")
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--session", type=Path)
    parser.add_argument("--named", action="store_true")
    parser.add_argument("--server-pid", type=int, required=True)
    parser.add_argument("--ascii", action="store_true")
    parser.add_argument("--lesson", metavar="ID")
    parser.add_argument("--run-cpu", type=float, default=0.0)
    parser.add_argument("--run-share", type=Path)
    parser.add_argument("--tz")
    add_lesson_options(parser, sub=False)
    return parser.parse_args(argv)


def use_home(home: Path) -> None:
    """Point every per-user directory the tutor may use at the session's own."""
    os.environ.update(home_environment(home))


def login_name(home: Path) -> str | None:
    """The name the server keeps in a named user's home (tui/serve/users.py), or None."""
    from tui.serve.users import USER_FILE

    try:
        with open(home / USER_FILE, "rb") as file:
            name = file.read(MAX_NAME_BYTES + 1).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return name if 0 < len(name.encode("utf-8")) <= MAX_NAME_BYTES else None


def lesson_context(args: argparse.Namespace) -> LessonContext | None:
    """The lessons, loaded at start when the server named a lesson to open (else when the
    student first opens them)."""
    if not args.lesson:
        return None
    from tui.lesson_context import LessonContext

    return LessonContext.from_args(args)


def main(argv: list[str] | None = None, *, forked: bool = False) -> int:
    """Run the session; ``forked`` when the warm parent forked it (tui/serve/fork_zygote.py),
    which has imported the tutor already and watches the server and the session's client."""
    args = parse(argv)
    # The server asks a reattached session for its whole screen with SIGUSR1, which the app
    # answers once it runs (tui/serve/served_app.py); until then the signal must not end it.
    signal.signal(signal.SIGUSR1, signal.SIG_IGN)
    os.nice(NICENESS)
    if not forked:
        die_with_parent(args.server_pid)
    use_home(args.home)
    if args.tz:  # the browser's zone (the server checked it): times in the student's own
        os.environ["TZ"] = args.tz
        time.tzset()
    from solver.session.runs import set_run_budget, when_budget_spent

    set_run_budget(args.run_cpu)
    if args.run_share is not None:  # the server's sessions share the server's slots
        from solver.session.share import set_run_share

        set_run_share(args.run_share)
    if args.session is not None:
        from tui.serve.session_events import RUN_PAUSED, note_event

        when_budget_spent(lambda seconds: note_event(args.session, RUN_PAUSED))
    from solver.stepping import Mode
    from tui.glyphs import choose_glyphs
    from tui.serve.tutor_app import SessionTutorApp

    glyphs = choose_glyphs(args.ascii, "utf-8", os.environ)
    app = SessionTutorApp(
        8, Mode.FIRST, glyphs, settle_collector=True, lesson_args=args, lessons=lesson_context(args)
    )
    app.named = args.named
    app.login = login_name(args.home) if args.named else None
    app.session_folder = args.session
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
