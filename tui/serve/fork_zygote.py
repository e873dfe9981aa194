"""The warm parent of ``queens-tutor serve``'s sessions: it imports the tutor once, then forks a
session for each tab's client (``python -m tui.serve.fork_zygote SOCKET --server PID``). It
ends with the server, and on SIGTERM ends its sessions."""

from __future__ import annotations

import contextlib
import gc
import importlib
import os
import select
import selectors
import signal
import socket
import sys
import threading
import traceback
from pathlib import Path

WARM = (
    "tui.serve.session",
    "tui.serve.tutor_app",
    "tui.lesson_context",
    "tui.lesson_offer",
    "tui.found_store",
    "tui.glyphs",
    "tui.screens.help_screen",
    "tui.screens.lesson_screen",
    "tui.screens.place_screen",
    "solver.stepping",
    "solver.placement.driving",
    "solver.methods.iterative.listing",
    "lessons.catalog",
    "lessons.runner",
    "textual.drivers.web_driver",
    "textual.layouts.factory",
    "textual.scrollbar",
    "rich.markdown",
    "rich.syntax",
)
"""What a session imports before it shows its board (found with ``python -X importtime``),
imported here once: a module a child imports is its own memory."""
PER_SESSION = ("COLUMNS", "ROWS", "HOME")
"""Variables a session may have of its own; every other (save the XDG directories) must be
this process's, since modules read some of them when imported."""
MESSAGE = 65536
BACKLOG = 128


def warm_up() -> None:
    for name in WARM:
        with contextlib.suppress(ImportError):  # a module renamed: imported by the child
            importlib.import_module(name)


def decode(data: bytes) -> list[str]:
    return [os.fsdecode(item) for item in data.split(b"\0")]


def same_imports(environment: dict[str, str]) -> bool:
    """Whether a session with ``environment`` may run on what this process imported."""

    def shared(env: dict[str, str] | os._Environ[str]) -> dict[str, str]:
        return {
            name: value
            for name, value in env.items()
            if name not in PER_SESSION and not name.startswith("XDG_")
        }

    return shared(environment) == shared(os.environ)


def end_with(pids: list[int]) -> None:
    """End this process (SIGTERM) as soon as any of ``pids`` has ended."""
    descriptors = []
    for pid in pids:
        try:
            descriptors.append(os.pidfd_open(pid))
        except ProcessLookupError:
            os.kill(os.getpid(), signal.SIGTERM)
            return

    def watch() -> None:
        select.select(descriptors, [], [])
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="queens-tutor-session-watch", daemon=True).start()


def become_session(
    streams: list[int], argv: list[str], environment: dict[str, str], watched: list[int]
) -> int:
    """In the forked child: be the session ``argv`` on ``streams``."""
    os.setsid()
    for target, descriptor in enumerate(streams):
        os.dup2(descriptor, target)
        os.close(descriptor)
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGCHLD):
        signal.signal(signum, signal.SIG_DFL)
    if not same_imports(environment):
        os.execve(argv[0], argv, environment)
    os.environ.clear()
    os.environ.update(environment)
    end_with(watched)
    from tui.serve.session import main

    module = argv.index("tui.serve.session") if "tui.serve.session" in argv else len(argv)
    return main(argv[module + 1 :], forked=True)


class Zygote:
    """The listening socket, the connected clients and their sessions."""

    def __init__(self, path: Path, server_pid: int) -> None:
        self.path = path
        self.server_pid = server_pid
        self.selector = selectors.DefaultSelector()
        self.sessions: dict[int, socket.socket] = {}
        """Each session's id, and its client's connection."""
        self.watches: set[int] = set()
        """A pidfd for each session."""
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)

    def listen(self) -> None:
        """Listen on the socket, which appears at its path only once it is listening."""
        making = self.path.with_name(self.path.name + ".new")
        with contextlib.suppress(FileNotFoundError):
            making.unlink()
        old = os.umask(0o177)
        try:
            self.listener.bind(str(making))
        finally:
            os.umask(old)
        self.listener.listen(BACKLOG)
        making.rename(self.path)
        self.selector.register(self.listener, selectors.EVENT_READ, self.accept)

    def run(self) -> None:
        while True:
            for key, _events in self.selector.select():
                key.data(key.fileobj)

    def accept(self, listener: socket.socket) -> None:
        connection, _address = listener.accept()
        try:
            message, streams, _flags, _address = socket.recv_fds(connection, MESSAGE, 3)
            environment_data = connection.recv(MESSAGE)
        except OSError:
            connection.close()
            return
        if len(streams) != 3 or not message:
            for descriptor in streams:
                os.close(descriptor)
            connection.close()
            return
        argv = decode(message)
        environment = dict(item.split("=", 1) for item in decode(environment_data) if "=" in item)
        client = connection.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12)
        client_pid = int.from_bytes(client[:4], sys.byteorder)
        pid = os.fork()
        if pid == 0:
            connection.close()  # the child holds none of this process's sockets
            self.child(streams, argv, environment, [client_pid, self.server_pid])
        for descriptor in streams:
            os.close(descriptor)
        try:
            connection.sendall(b"pid %d" % pid)
        except OSError:
            self.end_session(pid, signal.SIGKILL)
        self.sessions[pid] = connection
        watch = os.pidfd_open(pid)
        self.watches.add(watch)
        self.selector.register(watch, selectors.EVENT_READ, lambda fd, pid=pid: self.ended(fd, pid))
        self.selector.register(
            connection, selectors.EVENT_READ, lambda conn, pid=pid: self.client_gone(pid)
        )

    def child(
        self, streams: list[int], argv: list[str], environment: dict[str, str], watched: list[int]
    ) -> None:
        code = 1
        try:
            self.selector.close()
            self.listener.close()
            for connection in self.sessions.values():
                connection.close()
            for watch in self.watches:
                os.close(watch)
            code = become_session(streams, argv, environment, watched)
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
        except BaseException:
            traceback.print_exc()
        finally:
            with contextlib.suppress(OSError, ValueError):
                sys.stdout.flush()
                sys.stderr.flush()
            os._exit(code)

    def ended(self, watch: int, pid: int) -> None:
        """Session ``pid`` ended: tell its client its exit code."""
        self.selector.unregister(watch)
        self.watches.discard(watch)
        os.close(watch)
        _pid, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        connection = self.sessions.pop(pid, None)
        if connection is None:
            return
        self.selector.unregister(connection)
        with connection, contextlib.suppress(OSError):
            connection.sendall(b"exit %d" % (code if code >= 0 else 128 - code))

    def client_gone(self, pid: int) -> None:
        """A client closed its connection (it was killed): its session ends too."""
        connection = self.sessions.pop(pid, None)
        if connection is not None:
            self.selector.unregister(connection)
            connection.close()
        self.end_session(pid, signal.SIGKILL)

    def end_session(self, pid: int, signum: int) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signum)

    def stop(self, _signum: int, _frame: object) -> None:
        """SIGTERM: end every session, remove the socket, and end."""
        for pid in list(self.sessions):
            self.end_session(pid, signal.SIGTERM)
        with contextlib.suppress(OSError):
            self.path.unlink()
        os._exit(0)


def main(argv: list[str]) -> int:
    path, server_pid = Path(argv[0]), int(argv[argv.index("--server") + 1])
    from tui.serve.processes import die_with_parent

    die_with_parent(server_pid)
    zygote = Zygote(path, server_pid)
    signal.signal(signal.SIGTERM, zygote.stop)
    signal.signal(signal.SIGINT, zygote.stop)
    signal.signal(signal.SIGHUP, zygote.stop)
    warm_up()
    gc.collect()
    gc.freeze()
    zygote.listen()
    zygote.run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
