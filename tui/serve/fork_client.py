"""A tab's session started by the warm parent (tui/serve/fork_zygote.py): ``python -I -S
fork_client.py SOCKET ARGV...`` hands the warm parent its standard streams, ARGV and
environment, passes the server's signals on to the forked session, and exits with its code;
without the warm parent it runs ARGV itself. It imports only ``os``, ``select``, ``sys`` and the
C modules ``_signal`` and ``_socket`` (every tab has a client)."""

import _signal as signal  # type: ignore[import-not-found]
import _socket as socket
import os
import select
import sys

FORWARDED = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGUSR1)
"""The signals passed on to the session."""
MESSAGE = 65536
"""The longest message the warm parent sends (its replies are a few bytes)."""
NICENESS = 10
"""The session's lower priority (tui/serve/session.py's, not imported here: it is heavy); the
client, which stands for the session, has it too."""


def encode(items: list[str]) -> bytes:
    return b"\0".join(os.fsencode(item) for item in items)


def connect(path: str) -> socket.socket | None:
    """A connection to the warm parent, or None when it is not there."""
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    try:
        connection.connect(path)
    except OSError:
        connection.close()
        return None
    return connection


def wait_ended(pid: int) -> None:
    """Wait until process ``pid`` (not this one's child) has ended."""
    try:
        descriptor = os.pidfd_open(pid)
    except OSError:
        return
    select.select([descriptor], [], [])


def run(path: str, argv: list[str]) -> int:
    signal.signal(signal.SIGUSR1, signal.SIG_IGN)  # a repaint asked too early is dropped
    connection = connect(path)
    if connection is None:
        os.execv(argv[0], argv)  # the warm parent is gone: the plain start
    environment = [f"{name}={value}" for name, value in os.environ.items()]
    try:
        try:
            streams = b"".join(fd.to_bytes(4, sys.byteorder) for fd in (0, 1, 2))
            connection.sendmsg([encode(argv)], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, streams)])
            connection.sendall(encode(environment))
            reply = connection.recv(MESSAGE)
        except OSError:
            reply = b""
        if not reply.startswith(b"pid "):
            os.execv(argv[0], argv)  # the warm parent failed before forking
        pid = int(reply.split()[1])
        os.nice(NICENESS)  # not before: the plain command lowers its own

        def forward(signum: int, _frame: object) -> None:
            try:  # noqa: SIM105 (contextlib is one more import to start)
                os.kill(pid, signum)
            except ProcessLookupError:
                pass  # ended meanwhile: the warm parent says so below

        for signum in FORWARDED:
            signal.signal(signum, forward)
        while True:
            try:
                reply = connection.recv(MESSAGE)
            except InterruptedError:
                continue
            except OSError:
                reply = b""
            break
    finally:
        connection.close()
    if reply.startswith(b"exit "):
        return int(reply.split()[1])
    wait_ended(pid)  # the warm parent died: the session goes on without it
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1], sys.argv[2:]))
