"""One browser tab's tutor, the process ``queens-tutor serve`` starts for each tab
(``python -m tui.serve.session --home DIR --session DIR --server-pid PID [--named] [options]``).

Everything the tutor keeps goes under ``--home``: the session's own folder, or a named user's
home (tui/serve/users.py). It runs at a lower priority (:data:`NICENESS`), and with ``--memory``
under a memory limit."""

from __future__ import annotations

import argparse
import json
import os
import resource
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
MAX_WHERE_BYTES = 64 * 1024
"""The most of where.json read (it holds a few hundred bytes)."""
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
    parser.add_argument("--memory", type=int, default=0)
    parser.add_argument("--tz")
    add_lesson_options(parser, sub=False)
    return parser.parse_args(argv)


def limit_memory(mib: int) -> None:
    """Let this process take at most ``mib`` MiB of data (RLIMIT_DATA, hard; 0: no limit)."""
    if mib > 0:
        limit = mib * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))


def login_name(home: Path, shown: bool = False) -> str | None:
    """The login kept in a named user's ``home`` (``shown``: the name a course site shows her),
    or None (tui/serve/users.py)."""
    from tui.serve.users import SHOWN_FILE, USER_FILE

    try:
        with open(home / (SHOWN_FILE if shown else USER_FILE), "rb") as file:
            name = file.read(MAX_NAME_BYTES + 1).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return name if 0 < len(name.encode("utf-8")) <= MAX_NAME_BYTES else None


def on_site(home: Path) -> tuple[str, str]:
    """The issuer of the course site whose store (a ``DIR/users/`` with ``DIR/course.json``)
    holds the named user's ``home`` ("": a lab's), and the name it shows her."""
    from tui.serve.lti.courses import site_of

    return site_of(home.parent.parent), login_name(home, shown=True) or ""


def last_lesson() -> str | None:
    """The lesson a named user's tutor was last in (where.json, which any of her tabs wrote:
    tui/serve/where.py), or None: none, or not readable as one."""
    from lessons.progress.safe_file import Unreadable, read_regular
    from tui.serve.where import where_path

    try:
        data = json.loads(read_regular(where_path(), MAX_WHERE_BYTES))
    except (OSError, Unreadable, ValueError, RecursionError):
        return None
    lesson = data.get("lesson") if isinstance(data, dict) else None
    return lesson if isinstance(lesson, str) and 0 < len(lesson) <= MAX_NAME_BYTES else None


def lesson_context(args: argparse.Namespace) -> LessonContext | None:
    """The lessons, loaded at start when the tutor opens one: ``--lesson``, or for a named
    user the lesson she was last in and has not finished."""
    resumed = last_lesson() if args.named and not args.lesson else None
    if not args.lesson and resumed is None:
        return None
    from tui.lesson_context import LessonContext

    context = LessonContext.from_args(args)
    if resumed is not None:
        lesson = context.catalog.find(resumed)
        record = context.store.record_for(lesson) if lesson is not None else None
        if lesson is not None and not (record is not None and record.run_finished):
            context.start = lesson
    return context


def main(argv: list[str] | None = None, *, forked: bool = False) -> int:
    """Run the session; ``forked`` when the warm parent forked it (tui/serve/fork_zygote.py),
    which has imported the tutor already and watches the server and the session's client."""
    args = parse(argv)
    limit_memory(args.memory)
    # The server asks a reattached session for its whole screen with SIGUSR1, which the app
    # answers once it runs (tui/serve/served_app.py); until then the signal must not end it.
    signal.signal(signal.SIGUSR1, signal.SIG_IGN)
    os.nice(NICENESS)
    if not forked:
        die_with_parent(args.server_pid)
    os.environ.update(home_environment(args.home))  # every per-user directory: the session's
    from tui.options.lesson_options import choose_language  # as the tutor in a terminal

    choose_language(sys.argv[1:] if argv is None else argv)
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
    if app.login is not None:
        app.site, app.shown = on_site(args.home)
    app.session_folder = args.session
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
