"""``queens-tutor serve``'s web server: textual-serve's :class:`Server`, with one tutor
process per browser tab, limits, a log for the admin, and nothing left behind.

Each websocket (a tab) gets a session directory of its own and a tutor process
(tui/serve_session.py) started by textual-serve's :class:`AppService` with a minimal
environment (tui/serve_environment.py). Only requests that name the server's own address are
answered (tui/serve_guard.py). A tab over the limit of sessions, or over its address's seats,
is sent a one-screen message and closed at once. A tab without a key for ``idle_minutes`` has
its tutor stopped and is told why. When a tab closes, its process is asked to quit and, if it
has not ended within :data:`STOP_GRACE` seconds, is terminated; its directory is removed. On
SIGINT, SIGTERM or SIGHUP the server closes every tab the same way, then ends any session
process still running (tui/serve_processes.py) and removes its own directory. Every session's
start and end and every refusal is a line on stderr (tui/serve_console.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.typedefs import Handler, Middleware
from textual_serve.app_service import AppService
from textual_serve.server import Server

from lessons.i18n import _, ngettext
from tui.serve_console import LOG, AcceptFailures, event, printable, start_logging
from tui.serve_environment import session_command
from tui.serve_guard import OwnAddresses, seat_key
from tui.serve_messages import idle_ended, server_full, too_many_tabs
from tui.serve_processes import end_processes, processes_with_arg, until_ended
from tui.serve_tab import MAX_HEIGHT, MAX_WIDTH, Tab, clamp

STOP_GRACE = 5.0
"""Seconds a closed tab's tutor may take to quit before it is terminated."""
PID_ATTEMPTS = 50
PID_PAUSE = 0.02
"""How often, and how far apart in seconds, a new session's process id is looked for."""
REFUSED_CLOSE = 2.0
"""Seconds a refused tab's browser has to answer the closing of its connection."""
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
"""Ctrl-C, a service manager's stop, and the hang-up of the terminal (an SSH session that
dropped) all stop the server the same clean way; a signal ignored when the server starts
(``nohup`` ignores SIGHUP) stays ignored."""

PAGE = Path(__file__).parent / "serve_page"
"""The folder of the page a tab loads (app_index.html): textual-serve's page with its font
served from here rather than a third party, and the terminal focused on load."""


def only_own_addresses(own: OwnAddresses) -> Middleware:
    """A middleware that answers 403 to a request whose Host or Origin is not the server's."""

    @web.middleware
    async def check(request: web.Request, handler: Handler) -> web.StreamResponse:
        reason = own.refusal(request)
        if reason is not None:
            headers = request.headers
            event(
                "refused",
                address=request.remote,
                reason=reason,
                path=request.path,
                host=headers.get("Host"),
                origin=headers.get("Origin"),
            )
            raise web.HTTPForbidden()
        return await handler(request)

    return check


class TutorServer(Server):
    """Serve the tutor: at most ``max_sessions`` tabs, ``seats`` per client, each with its own
    process and data, stopped after ``idle_minutes`` without a key (0: never)."""

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
        lesson_problems: tuple[str, ...] = (),
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
        self.lesson_problems = lesson_problems
        """Problems found in the lessons at start (``FILE:LINE: message``), for the log."""
        self.tabs: set[Tab] = set()
        """The tabs given a session (from their acceptance until their process has ended)."""
        self.sockets: set[web.WebSocketResponse] = set()
        self.home = Path(tempfile.mkdtemp(prefix="queens-tutor-serve-"))
        """The server's directory (mode 0700): one subdirectory per session."""
        self.stopping = False

    def initialize_logging(self) -> None:
        start_logging()

    def make_app(self) -> web.Application:
        """The web application: textual-serve's routes, set up here through aiohttp's own API.

        textual-serve builds its application in a private method that lists /static with
        ``show_index=True``, so anyone could browse the served files; and it has no place for
        a middleware. Its routes are few and its handlers public, so the server builds the
        application itself: the same page, websocket and download handlers, /static without
        listings, and the check of every request's Host and Origin.
        """
        app = web.Application(middlewares=[only_own_addresses(self.own)])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
            ]
        )
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    def serve(self, debug: bool = False) -> None:
        """Run until SIGINT, SIGTERM or SIGHUP."""
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        for signum in STOP_SIGNALS:
            if signal.getsignal(signum) is not signal.SIG_IGN:
                loop.add_signal_handler(signum, self.request_exit)
        loop.set_exception_handler(AcceptFailures())
        web.run_app(
            self.make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=None,
            access_log=None,
        )

    async def on_startup(self, app: web.Application) -> None:
        count = self.max_sessions
        print(
            ngettext(
                "Serving queens-tutor on {url} (at most {count} session)",
                "Serving queens-tutor on {url} (at most {count} sessions)",
                count,
            ).format(url=self.public_url, count=count)
        )
        print(_("Press Ctrl+C to stop the server and every session."), flush=True)
        for problem in self.lesson_problems:
            LOG.warning("lessons: %s", printable(problem))

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every tab's connection; each handler then stops its session."""
        self.stopping = True
        for tab in self.tabs:
            tab.ended("stopped")
        for socket in list(self.sockets):
            with contextlib.suppress(Exception):
                await socket.close(code=WSCloseCode.GOING_AWAY, message=b"server stopping")

    def session_command(self, home: Path) -> str:
        argv = [sys.executable, "-m", "tui.serve_session", "--home", str(home)]
        argv += ["--server-pid", str(os.getpid()), *self.session_args]
        return session_command(argv, os.environ, home)

    def refusal(self, key: str | None) -> tuple[str, bytes] | None:
        """Why a new tab of client ``key`` gets no session, and what it is told; or None."""
        if self.stopping:
            return "stopping", server_full(self.max_sessions)
        if len(self.tabs) >= self.max_sessions:
            return "full", server_full(self.max_sessions)
        if key is not None and sum(tab.key == key for tab in self.tabs) >= self.seats:
            return "seats", too_many_tabs(self.seats)
        return None

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        key = seat_key(request)
        address = key or request.remote or "-"
        refused = self.refusal(key)
        if refused is not None:
            return await self._refuse(request, address, *refused)
        websocket = web.WebSocketResponse(heartbeat=15)
        tab = Tab(websocket, address, key)
        self.tabs.add(tab)  # before any await: the next tab counts this one
        try:
            await websocket.prepare(request)
            self.sockets.add(websocket)
            await self._run_session(request, tab)
        finally:
            self.sockets.discard(websocket)
            self.tabs.discard(tab)
        return websocket

    async def _refuse(
        self, request: web.Request, address: str, reason: str, message: bytes
    ) -> web.WebSocketResponse:
        """Send the tab its message and close it at once: a refused tab holds nothing."""
        event("refused", address=address, reason=reason)
        websocket = web.WebSocketResponse(timeout=REFUSED_CLOSE)
        await websocket.prepare(request)
        with contextlib.suppress(ConnectionError, RuntimeError):
            await websocket.send_bytes(message)
        await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER)
        return websocket

    async def _run_session(self, request: web.Request, tab: Tab) -> None:
        tab.home = home = Path(tempfile.mkdtemp(prefix="session-", dir=self.home))
        tab.service = service = AppService(
            self.session_command(home),
            write_bytes=tab.websocket.send_bytes,
            write_str=tab.websocket.send_str,
            close=partial(self._tutor_quit, tab),
            download_manager=self.download_manager,
        )
        watchers: list[asyncio.Task[None]] = []
        try:
            width = clamp(request.query.get("width", 80), MAX_WIDTH, 80)
            await service.start(width, clamp(request.query.get("height", 24), MAX_HEIGHT, 24))
            await self._log_start(tab)
            watchers.append(asyncio.create_task(self._close_when_ended(tab, service)))
            if self.idle_minutes > 0:
                watchers.append(asyncio.create_task(self._stop_when_idle(tab)))
            await self._relay(tab, service)
            tab.ended("closed")
        except Exception as error:  # a tab's failure must not stop the server
            tab.ended("failed")
            tab.error = str(error)
        finally:
            for watcher in watchers:
                watcher.cancel()
            await self._end_session(tab, service, home)

    async def _log_start(self, tab: Tab) -> None:
        """Log the session's start with its process id, once the process has taken its own
        command line (the shell textual-serve starts execs it at once)."""
        for _attempt in range(PID_ATTEMPTS):
            if tab.find_pid() is not None:
                break
            await asyncio.sleep(PID_PAUSE)
        event("session start", address=tab.address, pid=tab.pid)

    async def _tutor_quit(self, tab: Tab) -> None:
        """The tutor has quit (the student quit it, or the server stopped it)."""
        tab.ended("quit")
        await tab.finish()

    async def _close_when_ended(self, tab: Tab, service: AppService) -> None:
        """A tutor that ended without quitting (it failed to start, or was killed) ends its
        tab's session: its last output is passed on, then the tab is closed, not left blank."""
        if tab.pid is None or not await until_ended(tab.pid):
            return
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(service.stop()), STOP_GRACE)
        tab.ended("failed")
        await tab.finish()

    async def _stop_when_idle(self, tab: Tab) -> None:
        """Stop the tab's tutor once it has had no key for ``idle_minutes``, and say why."""
        timeout = self.idle_minutes * 60
        while (left := tab.last_key + timeout - time.monotonic()) > 0:
            await asyncio.sleep(left)
        tab.ended("idle")
        tab.farewell = idle_ended(self.idle_minutes)
        assert tab.service is not None
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(tab.service.stop()), STOP_GRACE)
        await tab.finish()  # if the tutor did not quit in time, its tab closes all the same

    async def _relay(self, tab: Tab, service: AppService) -> None:
        """Pass the tab's keys, size, focus and pings to its tutor until the tab closes."""
        async for message in tab.websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, data = message.json()
            except ValueError:
                continue
            if kind == "stdin" and isinstance(data, str):
                tab.last_key = time.monotonic()
                await service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                width, height = data.get("width"), data.get("height")
                if isinstance(width, int) and isinstance(height, int):
                    await service.set_terminal_size(
                        clamp(width, MAX_WIDTH, 80), clamp(height, MAX_HEIGHT, 24)
                    )
            elif kind == "ping":
                await tab.websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()

    async def _end_session(self, tab: Tab, service: AppService, home: Path) -> None:
        pid = tab.find_pid()
        try:
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(asyncio.shield(service.stop()), STOP_GRACE)
            left = processes_with_arg(str(home))
            if left:
                await asyncio.to_thread(end_processes, left)
        finally:
            self.tabs.discard(tab)
            shutil.rmtree(home, ignore_errors=True)
            event("session end", address=tab.address, pid=pid, reason=tab.reason, error=tab.error)

    def cleanup(self) -> None:
        """After the server has stopped: end any session process left, remove the files."""
        left = processes_with_arg(str(self.home))
        if left:
            end_processes(left)
        shutil.rmtree(self.home, ignore_errors=True)


def serve(server: TutorServer) -> None:
    """Run until SIGINT, SIGTERM or SIGHUP; then leave no session process and no file."""
    try:
        server.serve()
    finally:
        server.cleanup()
