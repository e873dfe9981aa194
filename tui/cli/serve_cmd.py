"""``queens-tutor serve``: the tutor in web browsers, one tutor process per tab
(tui/serve/server.py). It listens on 127.0.0.1 unless ``--public``; the lessons are loaded
once at start, each problem in a lesson file a line on the server's console."""

from __future__ import annotations

import argparse
import grp
import math
import os
import signal
import socket
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.answers.whole_numbers import shown
from lessons.i18n import N_, _
from tui.cli.serve_lti import add_options as add_lti_options
from tui.options.args import UsageError, as_usage, int_in_range
from tui.options.lesson_options import add_lesson_options, catalog_from, only_course
from tui.serve.guard import is_unspecified
from tui.serve.proxy import ProxySecretError, ProxyTrust, header_name, is_loopback, read_secret
from tui.serve.users import UnsafeStore

if TYPE_CHECKING:
    from lessons.catalog import Catalog
    from lessons.course.files import CourseFiles

DEFAULT_PORT = 8000
DEFAULT_MAX_SESSIONS = 40
"""A class of 30, its teacher, and a few tabs more."""
DEFAULT_SEATS = 3
DEFAULT_IDLE_MINUTES = 60
DEFAULT_KEEP_MINUTES = 10
MAX_IDLE_MINUTES = 7 * 24 * 60
DEFAULT_RUN_CPU = 60
MAX_RUN_CPU = 24 * 60 * 60
"""A run's CPU budget in a served session (seconds), and the largest allowed."""
DEFAULT_SESSION_MEMORY = 512
MAX_SESSION_MEMORY = 1024 * 1024
"""A session process's memory (MiB), and the largest allowed."""
MAX_SOCKET_PATH = 107
"""The longest socket file path Linux takes (sun_path's 108 bytes, one for the NUL)."""
NO_LOGIN_WARNING = N_(
    "warning: serving on {host}, not only on this machine: textual-serve has no login of its "
    "own, so anyone who can reach {url} can start tutor sessions on this machine. Put it "
    "behind an SSH tunnel or an authenticating reverse proxy (see the README)."
)


TRUST_LOOPBACK_WARNING = N_(
    "warning: --trust-loopback: every program on this machine that connects to the server is "
    "taken for the proxy, and the user or address its headers name is believed: anyone else "
    "with an account here could pass for any student, or for the teacher. Give it only on a "
    "machine no one else has an account on (a laptop, a container); see the README."
)


SOCKET_GROUP_WARNING = N_(
    "warning: --unix-socket without --proxy-secret-file: every program running in the group "
    "{group} (or as this account) can open the socket file and pass for any student; give the "
    "proxy a secret too (--proxy-secret-file) so that only it can; see the README."
)


PUBLIC_URL_HINT = N_(
    "note: a proxy is in front of this server but --public-url is not given: only requests for "
    "{url} are answered, so students who open the proxy's address get 403. Give that address "
    "with --public-url."
)


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "serve",
        help=_("serve the tutor to web browsers (one tutor per tab)"),
        description=_(
            "Serve the tutor to web browsers with textual-serve: each tab gets its own tutor "
            "process. A tab that goes away can come back to its tutor within --keep minutes. "
            "An anonymous tab's progress lasts as long as its session (download it from the "
            "command palette to keep it); with --user-header, each user's progress is kept on "
            "the server. Listens on 127.0.0.1 unless --public."
        ),
    )
    p.add_argument("--host", help=_("address to listen on (default 127.0.0.1)"))
    p.add_argument(
        "--port",
        type=int_in_range(1, 65535, "PORT"),
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
    p.add_argument(
        "--seats-per-user",
        dest="seats",
        type=int_in_range(1, 1000, "N"),
        default=DEFAULT_SEATS,
        metavar="N",
        help=_(
            "most sessions one student may hold at once: one login's with --user-header, else "
            "one address's (a classroom behind one address shares them); a tab that went away "
            "keeps its seat for --keep minutes; a tab over them is told so (default {n})"
        ).format(n=DEFAULT_SEATS),
    )
    p.add_argument(
        "--idle-timeout",
        type=minutes,
        default=DEFAULT_IDLE_MINUTES,
        metavar="MINUTES",
        help=_(
            "stop a session's tutor after this many minutes in which its student typed and "
            "clicked nothing (a run or autoplay going on does not count; the minutes go on "
            "while its tab is away) and tell the tab why; a logged-in student's progress is "
            "kept, an anonymous tab's ends (default {n}; 0: never)"
        ).format(n=DEFAULT_IDLE_MINUTES),
    )
    p.add_argument(
        "--keep",
        type=minutes,
        default=DEFAULT_KEEP_MINUTES,
        metavar="MINUTES",
        help=_(
            "keep a session running this many minutes after its tab went away (closed, Back, "
            "a dropped connection), for the tab or its user to come back to (default {n}; 0: "
            "end it at once)"
        ).format(n=DEFAULT_KEEP_MINUTES),
    )
    p.add_argument(
        "--user-header",
        type=header_name,
        metavar="NAME",
        help=_(
            "the header an authenticating reverse proxy names the user in (such as "
            "X-Remote-User): each user's progress and settings are kept on the server, and a "
            "connection without it is refused. Believed only from a proxy that proves itself "
            "(--proxy-secret-file or --unix-socket)"
        ),
    )
    p.add_argument(
        "--proxy-secret-file",
        type=Path,
        metavar="FILE",
        help=_(
            "a private file holding a secret that the proxy adds to every request in an "
            "X-Proxy-Secret header: only requests that carry it are served, and only their "
            "user and address headers are believed"
        ),
    )
    p.add_argument(
        "--unix-socket",
        type=Path,
        metavar="PATH",
        help=_(
            "listen on this socket file (mode 0660) instead of HOST:PORT, for a proxy on this "
            "machine (nginx: proxy_pass http://unix:PATH:); needs --public-url"
        ),
    )
    p.add_argument(
        "--socket-group",
        metavar="GROUP",
        help=_("the group of --unix-socket's file: one the proxy's account is in"),
    )
    p.add_argument(
        "--trust-loopback",
        action="store_true",
        help=_(
            "believe user and address headers from any client on this machine's loopback: "
            "only for a machine with no other user"
        ),
    )
    p.add_argument(
        "--teacher",
        dest="teachers",
        action="append",
        default=[],
        metavar="USER",
        help=_(
            "a user (named by the proxy in --user-header) who may open /teacher: the class "
            "now, who is stuck, and each question's statistics; may be repeated"
        ),
    )
    p.add_argument(
        "--roster",
        type=Path,
        metavar="FILE",
        help=_(
            "with --teacher: the class's roster (one login or name per line, or a CSV file "
            "with a header line login,name, as report --roster reads it, again at each load "
            "of /teacher): its students who never "
            "logged in are on the teacher's page and in its gradebook too"
        ),
    )
    p.add_argument(
        "--server-data",
        type=Path,
        metavar="DIR",
        help=_(
            "where named users' progress and the list of sessions are kept "
            "(default ~/.local/share/queens-tutor/served)"
        ),
    )
    p.add_argument(
        "--lesson",
        metavar="ID",
        default=argparse.SUPPRESS,
        help=_("start every tab in this lesson: its id or number"),
    )
    p.add_argument("--ascii", action="store_true", help=_("draw with ASCII only"))
    p.add_argument(
        "--no-fork",
        dest="fork",
        action="store_false",
        help=_(
            "start each session as a new process that imports the whole tutor, instead of "
            "forking it from a warm parent (slower to start, more memory per session)"
        ),
    )
    p.add_argument(
        "--run-cpu",
        type=cpu_seconds,
        default=DEFAULT_RUN_CPU,
        metavar="SECONDS",
        help=_(
            "the processor time one run (s, b, autoplay) may take in all before it pauses and "
            "says so; 0: no limit (default {n}). It bounds a run's total, not its share: "
            "every session's runs share the cores but one, whatever this is"
        ).format(n=DEFAULT_RUN_CPU),
    )
    p.add_argument(
        "--session-memory",
        type=int_in_range(0, MAX_SESSION_MEMORY, "MIB"),
        default=DEFAULT_SESSION_MEMORY,
        metavar="MIB",
        help=_(
            "the memory each session process may take, in MiB (its data: RLIMIT_DATA); a "
            "session that needs more ends, not the machine; 0: no limit (default {n})"
        ).format(n=DEFAULT_SESSION_MEMORY),
    )
    add_lti_options(p)
    add_lesson_options(p, sub=True)
    return "serve"


def _decimal_in_range(text: str, metavar: str, top: float) -> float:
    """A number from 0 to ``top`` (decimals allowed), or argparse's one-line error naming it."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{key} must be a number").format(key=metavar)) from None
    if not 0 <= value <= top or math.isnan(value):
        raise argparse.ArgumentTypeError(
            _("{what} must be from {lo} to {hi}, not {value}").format(
                what=metavar, lo=0, hi=top, value=text[:20]
            )
        )
    return value


def cpu_seconds(text: str) -> float:
    """An argparse type: seconds of CPU time from 0 to a day (decimals allowed)."""
    return _decimal_in_range(text, "SECONDS", MAX_RUN_CPU)


def minutes(text: str) -> float:
    """An argparse type: a number of minutes from 0 to a week (decimals allowed)."""
    return _decimal_in_range(text, "MINUTES", MAX_IDLE_MINUTES)


def session_args(args: argparse.Namespace) -> list[str]:
    """The tutor options each session process is started with."""
    argv = ["--ascii"] if args.ascii else []
    if getattr(args, "lang", None):
        argv += ["--lang", args.lang]
    for folder in getattr(args, "lessons_dirs", None) or []:
        argv += ["--lessons-dir", str(folder.resolve())]
    if getattr(args, "only_course", False):
        argv.append("--only-course")
    if getattr(args, "lesson", None):
        argv += ["--lesson", args.lesson]
    return argv


def problems_found(args: argparse.Namespace) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The problems of the lessons and those of the course's files (course.toml,
    extensions.toml), apart: the console labels them ``lessons:`` and ``course:``, the course's
    at start as while the server runs."""
    if not (getattr(args, "lessons_dirs", None) or getattr(args, "lesson", None)):
        only_course(args)  # --only-course alone: a usage error
        return (), ()  # the built-in lessons only: checked by the project's tests
    catalog = catalog_from(args)
    wanted = getattr(args, "lesson", None)
    if wanted and catalog.find(wanted) is None:
        known = catalog.listing()  # numbers as the menus give them
        raise UsageError(
            _("--lesson: no lesson {wanted}; the lessons are: {known}").format(
                wanted=shown(wanted), known=known
            )
        )
    from lessons.course.reading import read_courses

    _course, course_errors = read_courses(
        list(args.lessons_dirs or []), catalog.find, catalog.find_failed
    )
    return tuple(str(error) for error in catalog.errors), tuple(map(str, course_errors))


def _roster_file(args: argparse.Namespace) -> Path | None:
    """``--roster FILE`` (read at each load of /teacher); a usage error without --teacher or
    when it cannot be read now."""
    path: Path | None = getattr(args, "roster", None)
    if path is None:
        return None
    if not args.teachers:
        raise UsageError(_("--roster is for the teacher's page: add --teacher USER"))
    from lessons.report.roster import RosterError, read_roster

    with as_usage(RosterError):
        read_roster(path)
    return path.resolve()


def course_files(args: argparse.Namespace, catalog: Catalog) -> CourseFiles | None:
    """The course's calendar for the teacher's gradebook, read again when it changes (an
    extension without a restart); None without --lessons-dir."""
    folders = [folder.resolve() for folder in getattr(args, "lessons_dirs", None) or []]
    if not folders:
        return None
    from lessons.course.files import CourseFiles

    return CourseFiles(folders, catalog.find, catalog.find_failed)


def proxy_trust(args: argparse.Namespace) -> ProxyTrust:
    """Which client is the proxy, from the options; a usage error when ``--user-header``
    would be believed from anyone, or a secret file cannot be used."""
    secret = None
    if args.proxy_secret_file is not None:
        with as_usage(ProxySecretError):
            secret = read_secret(args.proxy_secret_file)
    trust = ProxyTrust(
        secret=secret,
        unix_socket=args.unix_socket is not None,
        trust_loopback=args.trust_loopback,
        user_header=args.user_header,
    )
    if args.user_header and not trust.configured:
        raise UsageError(
            _(
                "--user-header needs a proxy that proves itself: --proxy-secret-file FILE or "
                "--unix-socket PATH (or --trust-loopback when no one else has an account on "
                "this machine); see the README"
            )
        )
    return trust


def socket_options(args: argparse.Namespace) -> int | None:
    """Check ``--unix-socket`` and its companions; the socket group's id, or None."""
    if args.unix_socket is None:
        if args.socket_group is not None:
            raise UsageError(_("--socket-group goes with --unix-socket"))
        return None
    if args.host is not None or args.port is not None or args.public:
        raise UsageError(
            _("--unix-socket listens on a file: leave out --host, --port and --public")
        )
    if args.public_url is None:
        raise UsageError(
            _("--unix-socket needs --public-url: the address students open, through the proxy")
        )
    path = args.unix_socket
    if len(os.fsencode(path)) > MAX_SOCKET_PATH:
        raise UsageError(
            _("--unix-socket: {path} is longer than {n} bytes").format(path=path, n=MAX_SOCKET_PATH)
        )
    if not path.parent.is_dir():
        raise UsageError(_("--unix-socket: there is no folder {folder}").format(folder=path.parent))
    clear_stale_socket(path)
    if args.socket_group is None:
        return None
    try:
        return grp.getgrnam(args.socket_group).gr_gid
    except KeyError:
        raise UsageError(
            _("--socket-group: there is no group {group}").format(group=repr(args.socket_group))
        ) from None


def clear_stale_socket(path: Path) -> None:
    """Remove a socket file that a stopped server left at ``path``; refuse anything else."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(mode):
        raise UsageError(
            _("--unix-socket: {path} exists and is not a socket; it is left as it is").format(
                path=path
            )
        )
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(str(path))
    except OSError:
        path.unlink()  # nobody listens: a stopped server's
        return
    finally:
        probe.close()
    raise UsageError(_("--unix-socket: a server is already listening on {path}").format(path=path))


def run(args: argparse.Namespace) -> int:
    if args.lti_setup:
        if args.lti is None:
            raise UsageError(_("--lti-setup goes with --lti CONFIG"))
        from tui.cli.serve_lti import setup

        return setup(args)
    group = socket_options(args)
    trust = proxy_trust(args)
    if args.teachers and not args.user_header:
        raise UsageError(_("--teacher needs --user-header: the teacher logs in through the proxy"))
    if args.teachers and args.unix_socket is not None and args.proxy_secret_file is None:
        raise UsageError(
            _(
                "--teacher with --unix-socket needs --proxy-secret-file: every program that can "
                "open the socket file (its group's) could name itself the teacher; with the "
                "secret, only the proxy can"
            )
        )
    args.host = args.host or "127.0.0.1"
    args.port = args.port or DEFAULT_PORT
    problem = ""
    if not is_loopback(args.host) and not args.public:
        problem = _(
            "--host {host} would serve beyond this machine, and textual-serve has no "
            "login: add --public to do so anyway (see the README for an SSH tunnel)"
        )
    elif args.public_url is not None and not args.public_url.startswith(("http://", "https://")):
        problem = _("--public-url must start with http:// or https://, not {url}")
    elif is_unspecified(args.host) and args.public_url is None:
        problem = _(
            "--host {host} listens on every address of this machine, and a tab is served "
            "only at the address it was given: add --public-url with the address students "
            "open, such as http://lab-server:{port}"
        )
    if problem:
        raise UsageError(problem.format(host=args.host, port=args.port, url=repr(args.public_url)))
    problems, course_problems = problems_found(args)
    catalog = catalog_from(args) if args.teachers or args.lti else None
    try:
        from tui.serve.server import TutorServer, serve
    except ImportError as error:
        raise UsageError(
            _("serve needs textual-serve ({module} is missing): pip install textual-serve").format(
                module=error.name
            )
        ) from None
    server = TutorServer(
        session_args(args),
        args.host,
        args.port,
        args.max_sessions,
        args.public_url,
        seats=args.seats,
        idle_minutes=args.idle_timeout,
        keep_minutes=args.keep,
        lesson_problems=problems,
        course_problems=course_problems,
        user_header=args.user_header,
        trust=trust,
        unix_socket=args.unix_socket.absolute() if args.unix_socket else None,
        socket_group=group,
        server_data=args.server_data.resolve() if args.server_data else None,
        fork=args.fork,
        run_cpu=args.run_cpu,
        session_memory=args.session_memory,
        teachers=tuple(args.teachers),
        catalog=catalog,
        course=course_files(args, catalog) if catalog is not None else None,
        roster=_roster_file(args),
    )
    if args.lti is not None:
        from tui.cli.serve_lti import attach

        attach(server, args)
    try:
        repaired = server.users.prepare()
    except UnsafeStore as error:  # others can write in it: what to do, in one line
        raise UsageError("--server-data: " + str(error.strerror)) from None
    except FileExistsError as error:  # a file where a folder of the store goes
        raise UsageError(
            _("--server-data: {path} is not a folder").format(
                path=error.filename or server.users.root
            )
        ) from None
    except OSError as error:
        raise UsageError(
            _("--server-data: cannot use {folder} ({reason})").format(
                folder=error.filename or server.users.root, reason=error.strerror
            )
        ) from None
    if not is_loopback(args.host) and not args.user_header:
        sys.stderr.write(_(NO_LOGIN_WARNING).format(host=args.host, url=server.public_url) + "\n")
    if trust.trust_loopback and not trust.proven:  # a trust decision, said as --public's is
        sys.stderr.write(_(TRUST_LOOPBACK_WARNING) + "\n")
    if args.user_header and args.unix_socket is not None and trust.secret is None:
        named = args.socket_group or grp.getgrgid(os.getegid()).gr_name
        sys.stderr.write(_(SOCKET_GROUP_WARNING).format(group=named) + "\n")
    if trust.proven and args.public_url is None:
        sys.stderr.write(_(PUBLIC_URL_HINT).format(url=server.public_url) + "\n")
    for folder in repaired:
        sys.stderr.write(
            _(
                "queens-tutor serve: note: other accounts could enter {folder}; it is now "
                "private to this account"
            ).format(folder=folder)
            + "\n"
        )
    try:
        serve(server)
    except OSError as error:
        where = f"{args.host}:{args.port}" if args.unix_socket is None else str(args.unix_socket)
        raise UsageError(
            _("cannot listen on {where} ({reason})").format(where=where, reason=error.strerror)
        ) from None
    # Stopped by Ctrl-C: 130, as a shell reports it and as every command exits then. SIGTERM (a
    # service manager's stop; systemd counts 143 a failure) and SIGHUP (the terminal that
    # started it went away) are clean stops: 0.
    return 128 + signal.SIGINT if server.stopped_by == signal.SIGINT else 0
