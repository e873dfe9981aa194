"""``count --cluster`` against fake schedulers on 127.0.0.1 (garbage, a 6 GiB frame, silence,
a handshake then silence, a huge message after a good handshake): one line, status 2, bounded
time; a huge message refused before it is allocated (checked under a 3 GiB address-space
limit too); addresses not on this machine refused before any connection."""

from __future__ import annotations

import importlib
import os
import resource
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import solver.counting.cluster as cluster
from solver.counting.cluster_frames import FRAME_LIMIT, HOOKS, bounded_frames, hooks_present
from tests.cli.clirun import Result, assert_usage_error
from tests.cli.inproc import call_result

pytestmark = [
    pytest.mark.integration,  # a Dask cluster
    pytest.mark.needs("distributed", "count --cluster needs the cluster extra (Dask)"),
]

Serve = Callable[[socket.socket], None]


def _handshake() -> bytes:
    import msgpack  # type: ignore[import-untyped]

    hello = msgpack.packb({"compression": None, "python": (3, 11, 7), "pickle-protocol": 5})
    assert isinstance(hello, bytes)
    body = struct.pack("QQ", 1, len(hello)) + hello
    return struct.pack("Q", len(body)) + body


def _huge_message() -> bytes:
    return struct.pack("Q", 6 << 30) + b"\0" * 65536


def _garbage(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")


_huge_frame: Serve = lambda conn: conn.sendall(_huge_message())  # noqa: E731
_silent: Serve = lambda conn: None  # noqa: E731
_handshake_then_silent: Serve = lambda conn: conn.sendall(_handshake())  # noqa: E731


def _huge_frames_to_come() -> bytes:
    # Two frames, 6 GiB each, none of them in the message's first part (Dask reads the rest
    # frame by frame, allocating each).
    sizes = struct.pack("QQQ", 2, 6 << 30, 6 << 30)
    return struct.pack("Q", len(sizes)) + sizes + b"\0" * 65536


def _after_the_handshake(announce: Callable[[], bytes]) -> Serve:
    """A peer that answers the handshake, then sends ``announce()`` after the client's first
    message."""

    def serve(conn: socket.socket) -> None:
        conn.sendall(_handshake())
        conn.settimeout(5)
        if conn.recv(65536):  # the client's handshake and first message
            conn.sendall(announce())

    return serve


@pytest.fixture
def fake() -> Iterator[Callable[[Serve], str]]:
    """Start fake schedulers (each: what it does with a connection); their tcp:// address."""
    servers: list[socket.socket] = []
    held: list[socket.socket] = []

    def start(serve: Serve) -> str:
        server = socket.create_server(("127.0.0.1", 0))
        servers.append(server)

        def served(conn: socket.socket) -> None:
            try:
                serve(conn)
            except OSError:  # the client hung up first (the preflight reads the handshake only)
                return

        def loop() -> None:
            while True:
                try:
                    conn, _ = server.accept()
                except OSError:  # closed at the end of the test
                    return
                held.append(conn)  # kept open: a peer that says nothing more
                threading.Thread(target=served, args=(conn,), daemon=True).start()

        threading.Thread(target=loop, daemon=True).start()
        return f"tcp://127.0.0.1:{server.getsockname()[1]}"

    yield start
    for sock in [*servers, *held]:
        sock.close()


def _connect_timeout(monkeypatch: pytest.MonkeyPatch, seconds: float) -> float:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", seconds)
    return seconds


@pytest.mark.parametrize(
    ("serve", "words"),
    [
        (_garbage, ("is not a Dask scheduler",)),
        (_huge_frame, ("is not a Dask scheduler",)),
        (_silent, ("did not answer like a Dask scheduler", "2 s")),
        (_handshake_then_silent, ("cannot reach a Dask scheduler", "2 s")),
    ],
)
def test_a_fake_scheduler_is_one_line_status_2_in_bounded_time(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    fake: Callable[[Serve], str],
    serve: Serve,
    words: tuple[str, ...],
) -> None:
    short_timeout = _connect_timeout(monkeypatch, 2.0)
    address = fake(serve)
    started = time.monotonic()
    result = call_result(capsys, "count", "8", "--cluster", address)
    # bounded: no hang, on a busy machine too
    assert time.monotonic() - started < short_timeout + 60
    assert_usage_error(result, address, *words)


@pytest.mark.parametrize(
    ("announce", "size"),
    [(_huge_message, 6 << 30), (_huge_frames_to_come, (12 << 30) + 24)],
    ids=["message", "frames-to-come"],
)
def test_a_huge_message_after_a_good_handshake_is_refused_at_once(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    fake: Callable[[Serve], str],
    announce: Callable[[], bytes],
    size: int,
) -> None:
    # The connect timeout long enough that waiting it out shows on any machine, however busy
    # (a refusal "at once" takes a few seconds there).
    connect_timeout = _connect_timeout(monkeypatch, 120.0)
    address = fake(_after_the_handshake(announce))
    started = time.monotonic()
    result = call_result(capsys, "count", "8", "--cluster", address)
    # Refused when announced, not after waiting the connect timeout for bytes that never come.
    assert time.monotonic() - started < connect_timeout / 2
    words = (address, f"announced a message of {size} bytes", f"more than the {FRAME_LIMIT}")
    assert_usage_error(result, *words)
    tcp: Any = importlib.import_module("distributed.comm.tcp")
    assert all(not getattr(tcp, name).__name__.startswith("bounded") for name in HOOKS)


def _limited(gib: int) -> Callable[[], None]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (gib << 30, gib << 30))

    return limit


@pytest.mark.parametrize(
    ("serve", "words"),
    [
        (_huge_frame, "not a Dask scheduler"),
        (_after_the_handshake(_huge_message), "announced a message of 6442450944 bytes"),
    ],
    ids=["instead-of-the-handshake", "after-the-handshake"],
)
def test_a_6_gib_message_is_refused_without_allocating_it(
    fake: Callable[[Serve], str], tmp_path: Path, serve: Serve, words: str
) -> None:
    address = fake(serve)
    proc = subprocess.run(
        [sys.executable, "-m", "tui", "count", "8", "--cluster", address],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limited(3),
        env={"HOME": str(tmp_path), "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "")},
    )
    assert_usage_error(Result(proc.returncode, proc.stdout, proc.stderr), words)


@pytest.mark.parametrize(
    ("address", "words"),
    [
        ("tcp://192.0.2.7:8786", ("192.0.2.7", "runs code from its workers", "--trust-cluster")),
        ("[2001:db8::1]:8786", ("2001:db8::1", "--trust-cluster")),
        ("ucx://127.0.0.1:8786", ("tcp://HOST:PORT or tls://HOST:PORT",)),
        ("inproc://127.0.0.1/1/2", ("tcp://HOST:PORT or tls://HOST:PORT",)),
        ("tcp://127.0.0.1:99999", ("is not an address",)),
        ("tls://127.0.0.1:8786", ("--tls-ca-file",)),
    ],
)
def test_refused_before_any_connection(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    address: str,
    words: tuple[str, ...],
) -> None:
    def no_connection(*args: object, **kwargs: object) -> None:
        raise AssertionError("connected")

    monkeypatch.setattr(socket, "create_connection", no_connection)
    assert_usage_error(call_result(capsys, "count", "8", "--cluster", address), *words)


def test_a_trusted_remote_address_is_tried(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    tried: list[object] = []

    def refused(address: object, *args: object, **kwargs: object) -> None:
        tried.append(address)
        raise ConnectionRefusedError(111, "Connection refused")

    monkeypatch.setattr(socket, "create_connection", refused)
    argv = ("count", "8", "--trust-cluster", "--cluster", "tcp://192.0.2.7:8786")
    assert_usage_error(call_result(capsys, *argv), "cannot reach", "Connection refused")
    assert tried == [("192.0.2.7", 8786)]


def test_help_says_a_cluster_runs_code_from_its_workers(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.cli.inproc import call

    status, out, _ = call(capsys, "count", "--help")
    text = " ".join(out.split())
    assert status == 0
    assert "A Dask cluster runs code from its workers in this process" in text
    assert "--trust-cluster" in text and "--tls-ca-file" in text
    assert "distributed.security.Security" in text


def test_the_installed_dask_reads_through_the_bounded_functions() -> None:
    assert hooks_present()


async def test_messages_under_the_bound_pass_and_the_hooks_are_put_back() -> None:
    from distributed.comm.core import FatalCommClosedError
    from distributed.protocol.utils import pack_frames

    tcp: Any = importlib.import_module("distributed.comm.tcp")
    original = (tcp.read_bytes_rw, tcp.unpack_frames)

    class Stream:
        async def read_into(self, buffer: memoryview) -> int:
            buffer[:] = b"\1" * len(buffer)
            return len(buffer)

    with bounded_frames(limit=1000) as refused:
        read = await tcp.read_bytes_rw(Stream(), 1000)
        assert bytes(read) == b"\1" * 1000
        with pytest.raises(FatalCommClosedError, match="1001 bytes, more than the 1000"):
            await tcp.read_bytes_rw(Stream(), 1001)
        packed = pack_frames([b"a" * 10, b"b" * 20])
        assert [bytes(f) for f in tcp.unpack_frames(packed)] == [b"a" * 10, b"b" * 20]
        head = struct.pack("QQQ", 2, 600, 600)
        with pytest.raises(FatalCommClosedError, match="1224 bytes"):
            tcp.unpack_frames(head, partial=True)
        assert refused == [1001, 1224]
    assert (tcp.read_bytes_rw, tcp.unpack_frames) == original


def test_a_dask_whose_reader_changed_is_not_connected_to(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    fake: Callable[[Serve], str],
) -> None:
    monkeypatch.setattr(cluster, "hooks_present", lambda: False)
    address = fake(_after_the_handshake(_huge_message))
    result = call_result(capsys, "count", "8", "--cluster", address)
    assert_usage_error(result, "cannot bound the messages a scheduler sends with Dask")
