"""A ``queens-tutor serve`` session's life: its tutor started, its connections relayed,
detached and reattached, and its end (once, with its reason: ``quit``, ``failed``, ``idle``,
``kept``, ``closed``, ``room``, ``moved``, ``stopped``)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import tempfile
import time
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from aiohttp import WSMsgType, web
from textual.constants import ESCAPE_DELAY
from textual_serve.app_service import AppService

from lessons.progress.store import APP_DIR, FILE_NAME
from tui.serve.console import event
from tui.serve.keys import FilteredKeys
from tui.serve.live import LiveFile
from tui.serve.messages import idle_ended, taken_over
from tui.serve.processes import (
    children_mentioning,
    end_processes,
    processes_with_arg,
    until_collected,
    until_ended,
)
from tui.serve.session_events import TAB_META
from tui.serve.tab import MAX_HEIGHT, MAX_PING, MAX_WIDTH, Tab, clamp, read_frame

if TYPE_CHECKING:
    from textual_serve.download_manager import DownloadManager

    from tui.serve.users import UserStore

STOP_GRACE = 5.0
"""Seconds a session's tutor may take to quit before it is terminated."""
PID_ATTEMPTS = 50
PID_PAUSE = 0.02
"""How often, and how far apart in seconds, a new session's process id is looked for."""
UNSAVED_CHECK = 1.0
"""Seconds between looks for an anonymous session's first saved progress."""
TERMINAL_MODES = "\x1b[?1049h\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h\x1b[?25l\x1b[?2004h"
"""What Textual's web driver asks of a new terminal, asked again of a reattached tab."""
REPAINT_SIGNAL = signal.SIGUSR1
DROPPED_TOLD = 2.0
"""Seconds over which dropped keys are counted before the session and the console are told."""


MOVED_LOOK = 5.0
"""Seconds between looks at other servers' sessions while a named user's waits detached."""


class SessionLife:
    """The server's side of every session (mixed into the server)."""

    home: Path
    users: UserStore
    tabs: set[Tab]
    keep_minutes: float
    idle_minutes: float
    run_cpu: float
    stopping: bool
    live: LiveFile
    download_manager: DownloadManager

    def session_command(self, tab: Tab) -> str:
        raise NotImplementedError

    async def _start(self, request: web.Request, tab: Tab) -> None:
        """Start ``tab``'s tutor at its first connection's size, and its task
        (:meth:`_live_until_over`) with no wait between."""
        tab.home = Path(tempfile.mkdtemp(prefix="session-", dir=self.home))
        if tab.data_home is None:
            tab.data_home = tab.home
        tab.service = service = AppService(
            self.session_command(tab),
            write_bytes=tab.send,
            write_str=tab.send,
            close=quit_callback(tab),
            download_manager=self.download_manager,
        )
        width = clamp(request.query.get("width", 80), MAX_WIDTH, 80)
        try:
            await service.start(width, clamp(request.query.get("height", 24), MAX_HEIGHT, 24))
        except Exception as error:  # a session's failure must not stop the server
            tab.error = str(error)
            tab.end("failed")
        else:
            started = children_mentioning(str(tab.home))
            tab.child = started[0] if len(started) == 1 else None
        tab.life = asyncio.create_task(self._live_until_over(tab, service))

    async def _reattach(self, request: web.Request, tab: Tab) -> None:
        """Show ``tab``'s running tutor in its new connection: modes, size, the whole screen."""
        if tab.keep_timer is not None:
            tab.keep_timer.cancel()
            tab.keep_timer = None
        tab.detached_at = None
        await tab.send(TERMINAL_MODES.encode("ascii"))
        if tab.service is not None:
            width = clamp(request.query.get("width", 80), MAX_WIDTH, 80)
            height = clamp(request.query.get("height", 24), MAX_HEIGHT, 24)
            await tab.service.set_terminal_size(width, height)
        pid = tab.find_pid()
        if pid is not None:
            with contextlib.suppress(ProcessLookupError):  # ended meanwhile: its watcher says
                os.kill(pid, REPAINT_SIGNAL)
        if tab.unsaved:
            await tab.tell_page(unsaved=True)
        await tell_session(tab, tab="back")
        event("session reattach", address=tab.address, pid=pid, user=tab.user)
        await self.live.write(self.tabs)

    async def _take_over(self, old: web.WebSocketResponse) -> None:
        """A tab that came back while its old connection is still open (a network that has
        not told the server yet, a duplicated tab): the old one is told and closed."""
        with contextlib.suppress(ConnectionError, RuntimeError):
            await old.send_bytes(taken_over())
            await old.send_json(["queens-tutor", {"ended": "elsewhere"}])
        await old.close()

    async def _keep_detached(self, tab: Tab) -> None:
        """``tab``'s connection has closed: end the session now (the tutor quit, ``--keep 0``,
        the server stopping, a tutor never started) or keep it ``--keep`` minutes, its runs
        paused."""
        tab.websocket = None
        if tab.life is None:  # never started (its start was cut short): nothing to keep
            tab.end("closed")
            self.tabs.discard(tab)
            if tab.home is not None:
                shutil.rmtree(tab.home, ignore_errors=True)
            return
        if tab.reason is not None or self.stopping or self.keep_minutes <= 0:
            tab.end("closed")
            return
        tab.detached_at = time.monotonic()
        tab.keep_timer = asyncio.create_task(self._end_when_kept(tab))
        event("session detach", address=tab.address, pid=tab.pid, user=tab.user)
        await tell_session(tab, tab="away")
        await self.live.write(self.tabs)

    async def end_moved(self) -> None:
        """End each named user's detached session once she is on another server (``moved``)."""
        from lessons.report.served import connected_elsewhere

        while True:
            await asyncio.sleep(MOVED_LOOK)
            waiting = [t for t in self.tabs if t.detached and t.user and not t.over.is_set()]
            if not waiting:
                continue
            elsewhere = await asyncio.to_thread(
                connected_elsewhere, self.users.root, self.live.path
            )
            for tab in waiting:
                if tab.user in elsewhere and tab.detached:
                    tab.end("moved")

    async def _end_when_kept(self, tab: Tab) -> None:
        await asyncio.sleep(self.keep_minutes * 60)
        tab.end("kept")

    async def _live_until_over(self, tab: Tab, service: AppService) -> None:
        """Find ``tab``'s tutor, say it started, watch it until it must end, then end it."""
        watchers = []
        try:
            for _attempt in range(PID_ATTEMPTS):
                if tab.over.is_set() or tab.find_pid() is not None:
                    break
                await asyncio.sleep(PID_PAUSE)
            event("session start", address=tab.address, pid=tab.pid, user=tab.user)
            await self.live.write(self.tabs)
            if tab.pid is not None:
                watchers.append(asyncio.create_task(self._end_when_tutor_ended(tab, tab.pid)))
            if self.idle_minutes > 0:
                watchers.append(asyncio.create_task(self._stop_when_idle(tab)))
            if tab.user is None:
                watchers.append(asyncio.create_task(self._tell_unsaved(tab)))
            if tab.home is not None:
                watchers.append(asyncio.create_task(self._log_session_events(tab, tab.home)))
            await tab.over.wait()
        finally:
            for watcher in (*watchers, tab.keep_timer, tab.telling):
                if watcher is not None:
                    watcher.cancel()
            await self._end_session(tab, service)

    async def _end_when_tutor_ended(self, tab: Tab, pid: int) -> None:
        """A tutor that ended without quitting (it failed to start, or was killed) ends its
        session: its last output is passed on, then the tab is closed, not left blank."""
        if await until_ended(pid):
            tab.end("failed")

    async def _stop_when_idle(self, tab: Tab) -> None:
        """End the session once it has had no key for ``idle_minutes``, and say why."""
        timeout = self.idle_minutes * 60
        while (left := tab.last_key + timeout - time.monotonic()) > 0:
            await asyncio.sleep(left)
        tab.farewell = idle_ended(self.idle_minutes)
        tab.end("idle")

    async def _log_session_events(self, tab: Tab, session: Path) -> None:
        """A line on the console for each event the session tells (tui/serve/session_events.py):
        a run paused for ``--run-cpu``, progress that could not be saved."""
        from tui.serve.session_events import RUN_PAUSED, new_events

        offset = 0
        while True:
            await asyncio.sleep(UNSAVED_CHECK)
            events, offset = new_events(session, offset)
            for what in events:
                if what == RUN_PAUSED:
                    fields = {"cpu": self.run_cpu}
                    event("run paused", address=tab.address, pid=tab.pid, user=tab.user, **fields)
                else:
                    event("progress not saved", address=tab.address, pid=tab.pid, user=tab.user)

    async def _tell_unsaved(self, tab: Tab) -> None:
        """Tell an anonymous tab's page once the tutor has saved progress (which ends with
        the session): the page then asks before it closes."""
        assert tab.data_home is not None
        progress = tab.data_home / "data" / APP_DIR / FILE_NAME
        while not progress.exists():
            await asyncio.sleep(UNSAVED_CHECK)
        tab.unsaved = True
        await tab.tell_page(unsaved=True)

    async def _relay(self, tab: Tab, websocket: web.WebSocketResponse) -> None:
        """Pass a connection's keys, size, focus and pings to the tab's tutor until it
        closes. Every frame is read as data: one that is not what a page sends is dropped."""
        service = tab.service
        if service is None or tab.over.is_set():
            return  # its tutor did not start, or is ending: its task tells the tab
        # The terminal's input filter: no bytes stop the tutor's input parser (a deaf tab).
        keys = FilteredKeys(service.send_bytes, ESCAPE_DELAY, tab.keys, lambda: self._dropped(tab))
        controls = tab.controls
        try:
            async for message in websocket:
                if message.type != WSMsgType.TEXT:
                    continue
                frame = read_frame(message.data)
                if frame is None:
                    continue
                kind, data = frame
                if kind == "stdin" and isinstance(data, str):
                    tab.last_key = time.monotonic()
                    await keys.feed(data)
                elif kind == "resize" and isinstance(data, dict):
                    width, height = data.get("width"), data.get("height")
                    if isinstance(width, int) and isinstance(height, int):
                        size = clamp(width, MAX_WIDTH, 80), clamp(height, MAX_HEIGHT, 24)
                        await controls.send("size", partial(service.set_terminal_size, *size))
                elif kind == "ping" and isinstance(data, str) and len(data) <= MAX_PING:
                    await websocket.send_json(["pong", data])
                elif kind in ("blur", "focus"):
                    await controls.send("focus", service.blur if kind == "blur" else service.focus)
        finally:
            keys.close()
            controls.close()

    def _dropped(self, tab: Tab) -> None:
        """Keys of ``tab`` were dropped: the session and the console are told, once for all
        the keys dropped within :data:`DROPPED_TOLD` seconds."""
        if tab.telling is None or tab.telling.done():
            tab.telling = asyncio.create_task(self._tell_dropped(tab))

    async def _tell_dropped(self, tab: Tab) -> None:
        await asyncio.sleep(DROPPED_TOLD)
        count = tab.keys.told()
        if count:
            event("keys dropped", address=tab.address, pid=tab.pid, user=tab.user, count=count)
            await tell_session(tab, dropped=count)

    async def _end_session(self, tab: Tab, service: AppService) -> None:
        pid = tab.find_pid()
        try:
            try:
                await asyncio.wait_for(asyncio.shield(service.stop()), STOP_GRACE)
            except TimeoutError:
                pass  # terminated below
            except Exception as error:  # a session's failure must not stop the server
                tab.error = tab.error or str(error)
            if tab.home is not None and (left := processes_with_arg(str(tab.home))):
                await asyncio.to_thread(end_processes, left)
            if tab.child is not None:  # its transport closed while the loop runs
                await until_collected(tab.child)
            await tab.finish()
        finally:
            self.tabs.discard(tab)
            if tab.home is not None:
                shutil.rmtree(tab.home, ignore_errors=True)
                if tab.data_home is not None and tab.data_home != tab.home:  # a named user's
                    tab_where = tab.data_home / "state" / APP_DIR / "where"
                    with contextlib.suppress(OSError):  # gone already: nothing to remove
                        (tab_where / f"{tab.home.name}.json").unlink()
            event(
                "session end",
                address=tab.address,
                pid=pid,
                user=tab.user,
                reason=tab.reason,
                error=tab.error,
            )
            await self.live.write(self.tabs)


async def tell_session(session: Tab, /, **what: str | int) -> None:
    """Tell ``session``'s tutor something about its tab (tui/serve/tab_driver.py reads it)."""
    if session.service is not None and not session.over.is_set():
        await session.service.send_meta({"type": TAB_META, **what})


def quit_callback(tab: Tab) -> Callable[[], Awaitable[None]]:
    """textual-serve's ``close``: only recorded; the session's task stops the service."""

    async def tutor_quit() -> None:
        tab.end("quit")

    return tutor_quit
