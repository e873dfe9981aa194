"""``queens-tutor serve [--host H] [--port P] [--max-sessions N] [--public]``: the tutor in
web browsers, one tutor process per tab (textual-serve; tui/serve_server.py).

It listens on 127.0.0.1 unless told otherwise; any other address needs ``--public``, and
then the command says plainly that textual-serve has no login of its own (the README shows an
SSH tunnel and an authenticating reverse proxy).
"""

from __future__ import annotations

import argparse
import ipaddress
import sys
from typing import Any

from lessons.i18n import N_, _
from tui.cli.args import UsageError, int_in_range
from tui.cli.lesson_options import add_lesson_options

DEFAULT_PORT = 8000
DEFAULT_MAX_SESSIONS = 30
NO_LOGIN_WARNING = N_(
    "warning: serving on {host}, not only on this machine: textual-serve has no login of its "
    "own, so anyone who can reach {url} can start tutor sessions on this machine. Put it "
    "behind an SSH tunnel or an authenticating reverse proxy (see the README)."
)


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "serve",
        help=_("serve the tutor to web browsers (one tutor per tab)"),
        description=_(
            "Serve the tutor to web browsers with textual-serve: each tab gets its own tutor "
            "process and its own progress, which lasts until the tab closes (download it "
            "from the command palette to keep it). Listens on 127.0.0.1 unless --public."
        ),
    )
    p.add_argument(
        "--host", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)")
    )
    p.add_argument(
        "--port",
        type=int_in_range(1, 65535, "PORT"),
        default=DEFAULT_PORT,
        help=_("port to listen on (default {port})").format(port=DEFAULT_PORT),
    )
    p.add_argument(
        "--max-sessions",
        type=int_in_range(1, 1000, "N"),
        default=DEFAULT_MAX_SESSIONS,
        metavar="N",
        help=_("most tabs served at once; more are told the server is full (default {n})").format(
            n=DEFAULT_MAX_SESSIONS
        ),
    )
    p.add_argument(
        "--public",
        action="store_true",
        help=_("allow a --host other than this machine's loopback (there is no login!)"),
    )
    p.add_argument(
        "--public-url",
        metavar="URL",
        help=_(
            "the address browsers use, when it differs from http://HOST:PORT "
            "(a reverse proxy, https)"
        ),
    )
    p.add_argument("--ascii", action="store_true", help=_("draw with ASCII only"))
    add_lesson_options(p, sub=True)
    return "serve"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def session_args(args: argparse.Namespace) -> list[str]:
    """The tutor options each session process is started with."""
    argv = ["--ascii"] if args.ascii else []
    if getattr(args, "lang", None):
        argv += ["--lang", args.lang]
    for folder in getattr(args, "lessons_dirs", None) or []:
        argv += ["--lessons-dir", str(folder.resolve())]
    return argv


def run(args: argparse.Namespace) -> int:
    if not is_loopback(args.host) and not args.public:
        raise UsageError(
            _(
                "--host {host} would serve beyond this machine, and textual-serve has no "
                "login: add --public to do so anyway (see the README for an SSH tunnel)"
            ).format(host=args.host)
        )
    if args.public_url is not None and not args.public_url.startswith(("http://", "https://")):
        raise UsageError(
            _("--public-url must start with http:// or https://, not {url}").format(
                url=repr(args.public_url)
            )
        )
    try:
        from tui.serve_server import TutorServer, serve
    except ImportError as error:
        raise UsageError(
            _("serve needs textual-serve ({module} is missing): pip install textual-serve").format(
                module=error.name
            )
        ) from None
    server = TutorServer(
        session_args(args), args.host, args.port, args.max_sessions, args.public_url
    )
    if not is_loopback(args.host):
        sys.stderr.write(_(NO_LOGIN_WARNING).format(host=args.host, url=server.public_url) + "\n")
    try:
        serve(server)
    except OSError as error:
        raise UsageError(
            _("cannot listen on {host}:{port} ({reason})").format(
                host=args.host, port=args.port, reason=error.strerror
            )
        ) from None
    return 0
