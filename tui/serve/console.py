"""The admin's console of ``queens-tutor serve``: one line on stderr per event (a session's
start and end, a refusal, a lesson's problem), in English, without tracebacks; a storm of
failed accepts is one line until :data:`QUIET` seconds pass."""

from __future__ import annotations

import asyncio
import errno
import logging
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.i18n import _, ngettext

if TYPE_CHECKING:
    from lessons.course.files import CourseFiles

LOG = logging.getLogger("queens-tutor.serve")
FORMAT = "%(asctime)s queens-tutor serve: %(message)s"
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
QUIET = 60.0
"""Seconds without a failed accept after which the next one is logged again."""
OUT_OF_RESOURCES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
_PLAIN = re.compile(r"[A-Za-z0-9._:/\[\]-]{1,200}")
VALUE_LENGTH = 200
"""The most characters of a value a line shows (a client's header can be longer)."""


def start_logging() -> None:
    """Our lines at INFO on stderr; other libraries' at WARNING (no access log); a request
    the HTTP parser refuses is one line, not a traceback."""
    logging.basicConfig(
        level=logging.WARNING, format=FORMAT, datefmt=DATE_FORMAT, stream=sys.stderr
    )
    LOG.setLevel(logging.INFO)
    server_log = logging.getLogger("aiohttp.server")
    if not any(isinstance(f, BadRequests) for f in server_log.filters):
        server_log.addFilter(BadRequests())


class BadRequests(logging.Filter):
    """aiohttp's log of a request its parser refused, as a ``reason=bad-request`` line."""

    def filter(self, record: logging.LogRecord) -> bool:
        from aiohttp.http_exceptions import HttpProcessingError

        error = record.exc_info[1] if record.exc_info else None
        if not isinstance(error, HttpProcessingError):
            return True
        address = record.args[0] if isinstance(record.args, tuple) and record.args else None
        reason = str(error.message).splitlines()[0][:80] if error.message else None
        event("refused", address=address, reason="bad-request", detail=reason)
        return False


def _shown(value: object) -> str:
    text = str(value)
    if _PLAIN.fullmatch(text):
        return text
    return repr(text[:VALUE_LENGTH])  # quoted, with any control character escaped


def printable(text: str) -> str:
    """``text`` with each character a terminal would act on (ESC, a newline) escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def event(what: str, **fields: object) -> None:
    """Log ``what`` and its ``name=value`` fields (those that are not None) on one line."""
    words = [
        what,
        *(f"{name}={_shown(value)}" for name, value in fields.items() if value is not None),
    ]
    LOG.info(" ".join(words))


class AcceptFailures:
    """An event loop's exception handler that logs running out of file descriptors (or
    memory) on accept once, instead of a traceback at every failed accept."""

    def __init__(self) -> None:
        self.last: float | None = None
        """The loop's time of the last failed accept."""

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        accept = str(context.get("message", "")).startswith("socket.accept()")
        if not (accept and isinstance(error, OSError) and error.errno in OUT_OF_RESOURCES):
            loop.default_exception_handler(context)
            return
        now = loop.time()
        if self.last is None or now - self.last > QUIET:
            LOG.warning(
                "cannot accept connections: %s; new connections wait until some close",
                error.strerror,
            )
        self.last = now


def store_line(root: Path, given: bool, user_header: str | None, site: bool = False) -> str:
    """Where the students' progress is kept, and who chose it; without ``--user-header``, where
    a course site's students' is (``site``: a tab opened without a launch is refused), else that
    a tab's lasts as long as its session."""
    if user_header is None and site:
        return _(
            "Progress of each student a course site launches: {folder}, a folder for each "
            "course; a tab opened without a launch from a course site is refused, as no "
            "--user-header names its student"
        ).format(folder=printable(str(root / "lti")))
    if user_header is None:
        return _(
            "Progress: no --user-header names the students, so each tab's progress lasts "
            "as long as its session"
        )
    folder = printable(str(root))
    if given:
        return _("Progress of each logged-in student: {folder} (--server-data)").format(
            folder=folder
        )
    return _(
        "Progress of each logged-in student: {folder} (the default folder; --server-data "
        "DIR keeps it elsewhere)"
    ).format(folder=folder)


def teacher_lines(
    url: str, teachers: frozenset[str], course: CourseFiles | None, roster: Path | None
) -> list[str]:
    """With ``--teacher``: the page's address, who may open it, its course and roster."""
    if not teachers:
        return []
    lines = [
        _("Teacher's page: {url}/teacher (for {teachers}, as the proxy names them)").format(
            url=url, teachers=", ".join(sorted(teachers))
        )
    ]
    if course is not None and course.folders:
        count = len(course.course.assignments)
        lines.append(
            ngettext(
                "Course: {count} assignment ({folders})",
                "Course: {count} assignments ({folders})",
                count,
            ).format(count=count, folders=", ".join(printable(str(f)) for f in course.folders))
        )
    if roster is not None:
        from lessons.report.roster import RosterError, read_roster

        try:
            count = len(read_roster(roster))
        except RosterError as error:
            lines.append(str(error))
        else:
            lines.append(
                ngettext(
                    "Roster: {count} student ({path}, read again at each load of the page)",
                    "Roster: {count} students ({path}, read again at each load of the page)",
                    count,
                ).format(count=count, path=printable(str(roster)))
            )
    return lines
