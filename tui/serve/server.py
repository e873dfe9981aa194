"""``queens-tutor serve``'s web server: textual-serve's :class:`Server` with one tutor process
per session, limits, an admin's log, and nothing left behind when it stops."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, web
from textual_serve.server import Server

if TYPE_CHECKING:
    from collections.abc import Sequence

    from lessons.catalog import Catalog
    from lessons.course.files import CourseFiles

from lessons.i18n import _, ngettext
from tui.serve.console import (
    LOG,
    AcceptFailures,
    event,
    printable,
    start_logging,
    store_line,
    teacher_lines,
)
from tui.serve.environment import session_command
from tui.serve.fork import WarmParent
from tui.serve.guard import OwnAddresses, guarded
from tui.serve.life import STOP_GRACE, SessionLife
from tui.serve.listening import listen_on_address, listen_on_file
from tui.serve.live import LiveFile, server_name
from tui.serve.messages import no_login, no_user_data, server_full, too_many_tabs
from tui.serve.processes import (
    PID_FILE,
    end_processes,
    processes_with_arg,
    remove_stale_homes,
)
from tui.serve.proxy import ProxyTrust
from tui.serve.tab import MAX_FRAME_BYTES, PAGE_MESSAGE, Tab, spare_session, time_zone
from tui.serve.teacher_routes import TeacherRoutes
from tui.serve.users import BadUser, UserStore, default_server_data, user_key

Launched = tuple[str, Path, str | None]
"""A course site's launch of a tab: its user, her course's store, the lesson it opens."""
HOME_PREFIX = "queens-tutor-serve-"
"""The name of a server's own folder in TMPDIR starts so."""
COURSE_WATCH = 2.0
"""Seconds between two looks at the course's files for the console."""
RUN_SHARE = "runs"
"""The folder, in the server's own, of the slots its sessions' runs share."""
MAX_RECENT_KEYS = 8
"""The most keys of a browser's recent sessions a new tab may bring."""
CLOSE_WAIT = 2.0
"""Seconds a tab's browser has to answer the closing of its connection."""
HEARTBEAT = 15.0
"""Seconds between the server's pings of a tab's connection (one unanswered: it is gone)."""
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
"""The signals that stop the server cleanly; one ignored at start (``nohup``) stays ignored."""

PAGE = Path(__file__).parent / "page"
"""The folder of the page a tab loads (app_index.html): textual-serve's page with its font
served from here rather than a third party, and the terminal focused on load."""


class CourseSite(Protocol):
    """A course site's routes on the server (``--lti``: tui/serve/lti/routes.py's LtiSite)."""

    cross_site: frozenset[str]
    """The paths a course site's page may send a browser to from another site."""

    def add_routes(self, app: web.Application) -> None:
        """Add the site's routes (login, launch, key set, deep links) to ``app``."""


class TutorServer(SessionLife, TeacherRoutes, Server):
    """Serve the tutor: at most ``max_sessions`` sessions, ``seats`` per client (per user
    when named), each stopped after ``idle_minutes`` without a key (0: never) or
    ``keep_minutes`` after its tab went away (0: at once)."""

    def __init__(
        self,
        session_args: list[str],
        host: str,
        port: int,
        max_sessions: int,
        public_url: str | None = None,
        *,
        seats: int = 3,
        idle_minutes: float = 0.0,
        keep_minutes: float = 0.0,
        lesson_problems: tuple[str, ...] = (),
        user_header: str | None = None,
        trust: ProxyTrust | None = None,
        unix_socket: Path | None = None,
        socket_group: int | None = None,
        server_data: Path | None = None,
        fork: bool = True,
        run_cpu: float = 0.0,
        session_memory: int = 0,
        teachers: tuple[str, ...] = (),
        catalog: Catalog | None = None,
        course: CourseFiles | None = None,
        roster: Path | None = None,
        course_problems: Sequence[str] = (),
    ) -> None:
        super().__init__(
            "queens-tutor", host=host, port=port, title="queens-tutor", templates_path=PAGE
        )
        if public_url is not None:
            self.public_url = public_url.rstrip("/")
        self.own = OwnAddresses(host, port, public_url)
        self.session_args = session_args
        self.max_sessions = max_sessions
        self.seats = seats
        self.idle_minutes = idle_minutes
        self.keep_minutes = keep_minutes
        self.user_header = user_header
        """The header the authenticating proxy names the user in, or None: anonymous."""
        self.trust = trust or ProxyTrust(user_header=user_header)
        """Which client is the proxy, whose headers naming a user or an address are believed."""
        self.unix_socket = unix_socket
        """The socket file the server listens on instead of HOST:PORT, or None."""
        self.socket_group = socket_group
        """The group the socket file is given (the proxy's), or None: the server's own."""
        self.users = UserStore(server_data or default_server_data())
        self.server_data_given = server_data is not None
        """Whether ``--server-data`` chose the store (else the default folder)."""
        self.stopped_by: int | None = None
        """The signal that stopped the server (None: not stopped by one)."""
        self.name = server_name()
        """This server's name among those sharing the store (machine and process id)."""
        self.live = LiveFile(self.users.live_folder / f"{self.name}.json", self.name)
        self.lesson_problems = lesson_problems
        """Problems found in the lessons at start (``FILE:LINE: message``), for the log."""
        self.course_problems = tuple(course_problems)
        """Problems found in the course's files at start, for the log."""
        self.tabs: set[Tab] = set()
        """The sessions, from acceptance until their process ended, attached or detached."""
        self.sockets: set[web.WebSocketResponse] = set()
        self.stale_homes = remove_stale_homes(Path(tempfile.gettempdir()), HOME_PREFIX)
        """Folders of servers killed without cleaning up, removed at this start."""
        self.home = Path(tempfile.mkdtemp(prefix=HOME_PREFIX))
        (self.home / PID_FILE).write_text(f"{os.getpid()}\n", encoding="ascii")
        """The server's directory (mode 0700): one subdirectory per session."""
        self.stopping = False
        self.heartbeat: asyncio.Task[None] | None = None
        """The task that rewrites the live file now and then (tui/serve/live.py)."""
        self.course_watch: asyncio.Task[None] | None = None
        """The task that tells the console when the course's files change their problems."""
        self.moved_watch: asyncio.Task[None] | None = None
        """The task that ends a named user's detached session once she is connected to
        another server of the store (tui/serve/life.py)."""
        self.warm = WarmParent(self.home, os.environ) if fork else None
        """The warm parent that forks sessions (tui/serve/fork.py), or None: ``--no-fork``."""
        self.run_cpu = run_cpu
        """Each run's CPU budget in a session, in seconds (0: none)."""
        self.session_memory = session_memory
        """Each session process's memory limit in MiB (0: none)."""
        self.run_share = self.home / RUN_SHARE
        self.run_share.mkdir(mode=0o700)
        """The folder of the slots its sessions' runs take turns in (solver/session/share.py):
        at most the cores minus one play at once, whatever the number of sessions."""
        self.teachers = frozenset(teachers)
        """The users who may open /teacher (``--teacher``)."""
        self.catalog = catalog
        """The lessons the tabs have, for the teacher's page (loaded with ``--teacher``)."""
        self.course = course
        """The course's calendar, for the teacher's gradebook (read again when it changes)."""
        self.roster = roster
        """The class's roster (``--roster``), read at each load of the teacher's page."""
        self.lti: CourseSite | None = None
        """A course site's launches and scores (``--lti``: tui/serve/lti), or None."""

    def initialize_logging(self) -> None:
        start_logging()

    def make_app(self) -> web.Application:
        """The web application: textual-serve's page, websocket and download handlers, /static
        without listings, and the check of every request's Host and Origin."""
        app = web.Application(middlewares=[guarded(self.own, self.trust)])
        pages = aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        pages.globals["said"] = {  # the page's own sentences, in the server's language (a
            # course site's launch has its own: tui/serve/lti/routes.py)
            "start": _("Start"),
            "ended": _("Session ended."),
            "restart": _("Open the tutor again"),
            "lost": _("Connection lost. Reconnecting…"),
            "silent": _(
                "The tutor's server does not answer. Reload this page later, or open the "
                "tutor again."
            ),
            "over": _("This page of the tutor is over: open the tutor's address again."),
            "still": _("The tutor's server still does not answer; this page keeps trying."),
        }
        app.add_routes(
            [
                web.get("/", self.handle_page, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.get("/teacher", self.handle_teacher, name="teacher"),
                web.get("/teacher/", self.handle_teacher_slash, name="teacher-slash"),
                web.get("/teacher/gradebook.csv", self.handle_gradebook, name="gradebook"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
            ]
        )
        if self.lti is not None:  # a course site's launches (tui/serve/lti)
            self.lti.add_routes(app)
            self.own.cross_site = self.lti.cross_site
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def handle_page(self, request: web.Request) -> web.StreamResponse:
        """The tab's page (our template), never cached: Back loads it again and brings its key."""
        response: web.StreamResponse = await self.handle_index(request)
        response.headers["Cache-Control"] = "no-store"
        return response

    def serve(self, debug: bool = False) -> None:
        """Run until SIGINT, SIGTERM or SIGHUP."""
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        for signum in STOP_SIGNALS:
            if signal.getsignal(signum) is not signal.SIG_IGN:
                loop.add_signal_handler(signum, self._stop, signum)
        loop.set_exception_handler(AcceptFailures())
        if self.unix_socket is not None:
            listening = [listen_on_file(self.unix_socket, self.socket_group)]
        else:  # bound before anything is printed: an address not here fails first
            listening = listen_on_address(self.host, self.port)
        web.run_app(
            self.make_app(),
            sock=listening,
            handle_signals=False,
            loop=loop,
            print=None,
            access_log=None,
        )

    def _stop(self, signum: int) -> None:
        """A stop signal: the server exits as a shell reports it (SIGINT, Ctrl-C: 130)."""
        self.stopped_by = signum
        self.request_exit()

    async def on_startup(self, app: web.Application) -> None:
        count = self.max_sessions
        print(
            ngettext(
                "Serving queens-tutor on {url} (at most {count} session)",
                "Serving queens-tutor on {url} (at most {count} sessions)",
                count,
            ).format(url=self.public_url, count=count)
        )
        if self.unix_socket is not None:
            listening = _("Listening on the socket file {path} (mode 0660).")
            print(listening.format(path=self.unix_socket))
        given, header = self.server_data_given, self.user_header
        print(store_line(self.users.root, given, header, site=self.lti is not None))
        for line in teacher_lines(self.public_url, self.teachers, self.course, self.roster):
            print(line)
        print(_("Press Ctrl+C to stop the server and every session."), flush=True)
        for problem in self.lesson_problems:
            LOG.warning("lessons: %s", printable(problem))
        for problem in self.course_problems:
            LOG.warning("course: %s", printable(problem))
        for stale in self.stale_homes:
            event("removed", folder=stale, reason="stale")
        if self.warm is not None:
            self.warm.start()
        await self.live.write(self.tabs)
        self.heartbeat = asyncio.create_task(self.live.beat(self.tabs))
        if self.user_header is not None:
            self.moved_watch = asyncio.create_task(self.end_moved())
        if self.course is not None:
            self.course_watch = asyncio.create_task(self.watch_course(self.course))

    async def watch_course(self, files: CourseFiles) -> None:
        """Every :data:`COURSE_WATCH` seconds, look at the course's files and say on the console
        a problem an edit brought, and its mending."""
        files.untold()
        while True:
            await asyncio.sleep(COURSE_WATCH)
            told = files.untold()
            if told is None:
                continue
            for problem in told:
                LOG.warning("course: %s", printable(problem))
            if not told:
                LOG.warning("course: %s", _("the course's files have no problems now"))

    async def on_shutdown(self, app: web.Application) -> None:
        """End every session, then close any connection left."""
        self.stopping = True
        for task in (self.heartbeat, self.moved_watch, self.course_watch):
            if task is not None:
                task.cancel()
        ending = list(self.tabs)
        for tab in ending:
            tab.end("stopped")
        deadline = time.monotonic() + STOP_GRACE + 5
        while self.tabs and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        for websocket in list(self.sockets):
            with contextlib.suppress(ConnectionError, RuntimeError):
                await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"server stopping")

    def session_command(self, tab: Tab) -> str:
        assert tab.home is not None and tab.data_home is not None
        argv = [sys.executable, "-P", "-m", "tui.serve.session", "--home", str(tab.data_home)]
        argv += ["--session", str(tab.home), "--server-pid", str(os.getpid())]
        if tab.user is not None:
            argv.append("--named")
        if self.run_cpu > 0:
            argv += ["--run-cpu", str(self.run_cpu)]
        if self.session_memory > 0:
            argv += ["--memory", str(self.session_memory)]
        argv += ["--run-share", str(self.run_share)]
        if tab.zone is not None:
            argv += ["--tz", tab.zone]
        argv += self.session_args
        if tab.lesson is not None:
            argv += ["--lesson", tab.lesson]
        if self.warm is not None:
            argv = self.warm.argv(argv)
        return session_command(argv, os.environ, tab.data_home)

    def refusal(self, key: str | None, user: str | None) -> tuple[str, bytes] | None:
        """Why a new tab of client ``key`` (of ``user``, when named) gets no session, and what
        it is told; or None. A full server first makes room (:meth:`make_room`)."""
        if self.stopping:
            return "stopping", server_full(self.max_sessions)
        if key is not None:
            own = [tab for tab in self.tabs if tab.key == key and not tab.over.is_set()]
            if len(own) >= self.seats:
                kept = any(tab.detached for tab in own) and self.keep_minutes > 0
                message = too_many_tabs(
                    self.seats,
                    per_user=user is not None,
                    kept_minutes=self.keep_minutes if kept else None,
                )
                return "seats", message
        live = [tab for tab in self.tabs if not tab.over.is_set()]
        if len(live) >= self.max_sessions and not self.make_room(live):
            return "full", server_full(self.max_sessions)
        return None

    def make_room(self, tabs: list[Tab]) -> bool:
        """End the session :func:`spare_session` picks (``reason=room``); whether there was one."""
        spare = spare_session(tabs, time.monotonic())
        if spare is not None:
            spare.end("room")
        return spare is not None

    def identify(self, request: web.Request) -> str | None:
        """The user the proxy named (``--user-header``), or None without that option;
        BadUser when the header is missing or its name cannot be kept."""
        if self.user_header is None:
            return None
        name = request.headers.get(self.user_header)
        if name is None:
            raise BadUser("no-user")
        user_key(name)
        return name

    def attachable(
        self,
        user: str | None,
        secret: str | None,
        recent: tuple[str, ...] = (),
        store: Path | None = None,
    ) -> Tab | None:
        """The session a new connection of ``user`` is shown: the one with key ``secret``; else
        the first of ``recent`` that no tab shows; else, for a named user, their latest detached
        session; or None."""
        live = [tab for tab in self.tabs if tab.running and tab.store == store]
        for tab in live:
            if tab.matches(user, secret):
                return tab
        for key in recent[:MAX_RECENT_KEYS]:
            for tab in live:
                if tab.detached and tab.matches(user, key):
                    return tab
        if user is None:
            return None
        detached = [t for t in live if t.user == user and t.detached]
        return max(detached, key=lambda t: t.started, default=None)

    async def handle_websocket(
        self, request: web.Request, launched: Launched | None = None
    ) -> web.WebSocketResponse:
        """A tab's connection (``launched``: a course site's launch). A request that is not a
        websocket handshake gets 400; a connection dropped during it takes no session."""
        websocket = web.WebSocketResponse(
            heartbeat=HEARTBEAT, timeout=CLOSE_WAIT, max_msg_size=MAX_FRAME_BYTES
        )
        if not websocket.can_prepare(request).ok:
            event("refused", address=request.remote or "unix", reason="not-websocket")
            raise web.HTTPBadRequest()
        try:
            await websocket.prepare(request)
        except ConnectionError:
            return websocket
        self.sockets.add(websocket)
        try:
            await self._serve_tab(request, websocket, launched)
        finally:
            self.sockets.discard(websocket)
        return websocket

    async def _serve_tab(
        self,
        request: web.Request,
        websocket: web.WebSocketResponse,
        launched: Launched | None = None,
    ) -> None:
        """Show the connection ``websocket`` its session (a new one, or the one it comes back
        to), or tell it why it gets none; relay its input until it closes."""
        key = self.trust.seat_key(request)
        address = key or request.remote or "-"
        user, store, lesson = launched or (None, None, None)
        try:
            user = user or self.identify(request)
        except BadUser as error:
            await self._refuse(websocket, address, str(error), no_login(), user=None)
            return
        if user is None and self.lti is not None:  # its students come from their course site
            await self._refuse(websocket, address, "no-user", no_login(), user=None)
            return
        if user is not None:
            key = user  # a named user's seats are theirs, wherever they connect from
        recent = tuple(request.query.get("recent", "").split(","))
        tab = self.attachable(user, request.query.get("key"), recent, store)
        old = None
        if tab is None:
            refused = self.refusal(key, user)
            if refused is not None:
                await self._refuse(websocket, address, *refused, user=user)
                return
            tab = Tab(websocket, address, key, user)
            tab.zone = time_zone(request.query.get("tz"))
            tab.store, tab.lesson = store, lesson
            if user is not None:
                try:
                    tab.data_home = (self.users if store is None else UserStore(store)).home(user)
                except OSError as error:
                    reason = error.strerror or type(error).__name__
                    event("refused", address=address, user=user, error=reason, path=error.filename)
                    await self._refuse(websocket, address, "user-data", no_user_data(), user=user)
                    return
            self.tabs.add(tab)  # before any await: the next tab counts this one
            new = True
        else:
            old, tab.websocket, tab.address = tab.websocket, websocket, address
            if tab.keep_timer is not None:
                tab.keep_timer.cancel()
                tab.keep_timer = None
            new = False
        try:
            if old is not None:
                await self._take_over(old)
            await tab.tell_page(key=tab.secret)
            if new:
                await self._start(request, tab)
            else:
                await self._reattach(request, tab)
            await self._relay(tab, websocket)
        finally:
            if tab.websocket is websocket:
                await self._keep_detached(tab)

    async def _refuse(
        self,
        websocket: web.WebSocketResponse,
        address: str,
        reason: str,
        message: bytes,
        *,
        user: str | None,
    ) -> None:
        """Send the tab its message and close it at once: a refused tab holds nothing."""
        event("refused", address=address, user=user, reason=reason)
        with contextlib.suppress(ConnectionError, RuntimeError):
            await websocket.send_bytes(message)
            await websocket.send_json([PAGE_MESSAGE, {"ended": reason}])
        await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER)

    def cleanup(self) -> None:
        """After the server stopped: end the warm parent and any session left, remove files."""
        if self.warm is not None:
            self.warm.stop()
        left = processes_with_arg(str(self.home))
        if left:
            end_processes(left)
        shutil.rmtree(self.home, ignore_errors=True)
        self.live.remove()
        if self.unix_socket is not None:
            with contextlib.suppress(FileNotFoundError):
                self.unix_socket.unlink()


def serve(server: TutorServer) -> None:
    """Run until SIGINT, SIGTERM or SIGHUP; then leave no session process and no file."""
    try:
        server.serve()
    finally:
        server.cleanup()
