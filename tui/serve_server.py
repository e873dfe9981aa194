"""``queens-tutor serve``'s web server: textual-serve's :class:`Server`, with one tutor
process per browser tab, a limit on the number of tabs, and nothing left behind.

Each websocket (a tab) gets a session directory of its own and a tutor process
(tui/serve_session.py) started by textual-serve's :class:`AppService`. A tab over the limit
gets a one-screen message instead of a process. When a tab closes, its process is asked to
quit and, if it has not ended within :data:`STOP_GRACE` seconds, is terminated; its directory
is removed. On SIGINT or SIGTERM the server closes every tab the same way, then ends any
session process still running (tui/serve_processes.py) and removes its own directory.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shlex
import shutil
import sys
import tempfile
from functools import partial
from pathlib import Path

from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from lessons.i18n import _, ngettext
from tui.serve_processes import end_processes, processes_with_arg

STOP_GRACE = 5.0
"""Seconds a closed tab's tutor may take to quit before it is terminated."""
REFUSED_HOLD = 600.0
"""Seconds a refused tab keeps its message on screen before its connection is closed (the
page covers the screen with "Session ended" once the connection closes)."""


async def _close(websocket: web.WebSocketResponse) -> None:
    await websocket.close()


def refusal(max_sessions: int) -> bytes:
    """What a tab over the limit shows: terminal output, clear screen then the message."""
    lines = [
        _("queens-tutor: this server is full."),
        "",
        ngettext(
            "It runs at most {count} tutor session at once, and it is in use.",
            "It runs at most {count} tutor sessions at once, and all are in use.",
            max_sessions,
        ).format(count=max_sessions),
        _("Close this tab and try again in a few minutes, or ask whoever runs the server."),
    ]
    return ("\x1b[2J\x1b[H\x1b[?25l" + "\r\n".join(lines) + "\r\n").encode("utf-8")


PAGE = Path(__file__).parent / "serve_page"
"""The folder of the page a tab loads (app_index.html): textual-serve's page with its font
served from here rather than a third party, and the terminal focused on load."""

MAX_CELLS = 1000
"""The widest and tallest terminal a tab may ask for (cells)."""


def _clamp(cells: int) -> int:
    return max(1, min(cells, MAX_CELLS))


def _size(request: web.Request, key: str, default: int) -> int:
    try:
        return _clamp(int(request.query.get(key, default)))
    except ValueError:
        return default


class TutorServer(Server):
    """Serve the tutor: at most ``max_sessions`` tabs, each with its own process and data."""

    def __init__(
        self,
        session_args: list[str],
        host: str,
        port: int,
        max_sessions: int,
        public_url: str | None = None,
    ) -> None:
        super().__init__(
            "queens-tutor", host=host, port=port, title="queens-tutor", templates_path=PAGE
        )
        if public_url is not None:
            self.public_url = public_url.rstrip("/")
        self.session_args = session_args
        self.max_sessions = max_sessions
        self.sessions: set[AppService] = set()
        """The running sessions (a tab's, from its start until its process has ended)."""
        self.sockets: set[web.WebSocketResponse] = set()
        self.home = Path(tempfile.mkdtemp(prefix="queens-tutor-serve-"))
        """The server's directory (mode 0700): one subdirectory per session."""
        self.stopping = False

    def initialize_logging(self) -> None:
        logging.basicConfig(level=logging.WARNING, format="queens-tutor serve: %(message)s")

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

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every tab's connection; each handler then stops its session."""
        self.stopping = True
        for socket in list(self.sockets):
            with contextlib.suppress(Exception):
                await socket.close(code=WSCloseCode.GOING_AWAY, message=b"server stopping")

    def session_command(self, home: Path) -> str:
        argv = [sys.executable, "-m", "tui.serve_session", "--home", str(home)]
        argv += ["--server-pid", str(os.getpid()), *self.session_args]
        return "exec " + shlex.join(argv)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        self.sockets.add(websocket)
        try:
            if self.stopping or len(self.sessions) >= self.max_sessions:
                await self._refuse(websocket)
            else:
                await self._run_session(request, websocket)
        finally:
            self.sockets.discard(websocket)
        return websocket

    async def _refuse(self, websocket: web.WebSocketResponse) -> None:
        with contextlib.suppress(Exception):
            await websocket.send_bytes(refusal(self.max_sessions))
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._until_closed(websocket), REFUSED_HOLD)
            await websocket.close()

    async def _until_closed(self, websocket: web.WebSocketResponse) -> None:
        async for message in websocket:
            if message.type == WSMsgType.TEXT and message.data.startswith('["ping"'):
                with contextlib.suppress(ValueError):
                    await websocket.send_json(["pong", message.json()[1]])

    async def _run_session(self, request: web.Request, websocket: web.WebSocketResponse) -> None:
        home = Path(tempfile.mkdtemp(prefix="session-", dir=self.home))
        service = AppService(
            self.session_command(home),
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=partial(_close, websocket),
            download_manager=self.download_manager,
        )
        self.sessions.add(service)
        try:
            await service.start(_size(request, "width", 80), _size(request, "height", 24))
            await self._relay(websocket, service)
        except Exception as error:  # a tab's failure must not stop the server
            logging.getLogger("textual-serve").warning("session failed: %s", error)
        finally:
            await self._end_session(service, home)

    async def _relay(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        """Pass the tab's keys, size, focus and pings to its tutor until the tab closes."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, data = message.json()
            except ValueError:
                continue
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                width, height = data.get("width"), data.get("height")
                if isinstance(width, int) and isinstance(height, int):
                    await service.set_terminal_size(_clamp(width), _clamp(height))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()

    async def _end_session(self, service: AppService, home: Path) -> None:
        try:
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(asyncio.shield(service.stop()), STOP_GRACE)
            left = processes_with_arg(str(home))
            if left:
                await asyncio.to_thread(end_processes, left)
        finally:
            self.sessions.discard(service)
            shutil.rmtree(home, ignore_errors=True)

    def cleanup(self) -> None:
        """After the server has stopped: end any session process left, remove the files."""
        left = processes_with_arg(str(self.home))
        if left:
            end_processes(left)
        shutil.rmtree(self.home, ignore_errors=True)


def serve(server: TutorServer) -> None:
    """Run until SIGINT or SIGTERM; then leave no session process and no file behind."""
    try:
        server.serve()
    finally:
        server.cleanup()
