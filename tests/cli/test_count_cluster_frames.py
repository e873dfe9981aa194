"""``count --cluster`` against a peer that answers the handshake like a Dask scheduler and then
announces a huge message: refused before it is allocated (solver/counting/cluster_frames.py).

The fakes are plain TCP servers on 127.0.0.1 (as in test_count_cluster_hostile.py): every
connection gets a real handshake at once, then, after the client's first message, either a
message of 6 GiB or a short message whose frames to come add up to 12 GiB. Dask allocates what
is announced before it reads it, so the 6 GiB case also runs in a process limited to 3 GiB of
address space, where allocating it fails.
"""

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

from solver.counting.cluster_frames import FRAME_LIMIT, HOOKS, bounded_frames, hooks_present
from tests.cli.clirun import Result, assert_usage_error
from tests.cli.inproc import call_result

pytestmark = [
    pytest.mark.integration,  # a Dask cluster
    pytest.mark.needs("distributed", "count --cluster needs the cluster extra (Dask)"),
]

Announce = Callable[[], bytes]


def _handshake() -> bytes:
    import msgpack  # type: ignore[import-untyped]

    hello = msgpack.packb({"compression": None, "python": (3, 11, 7), "pickle-protocol": 5})
    assert isinstance(hello, bytes)
    body = struct.pack("QQ", 1, len(hello)) + hello
    return struct.pack("Q", len(body)) + body


def _huge_message() -> bytes:
    return struct.pack("Q", 6 << 30) + b"\0" * 65536


def _huge_frames_to_come() -> bytes:
    # Two frames, 6 GiB each, none of them in the message's first part (Dask reads the rest
    # frame by frame, allocating each).
    sizes = struct.pack("QQQ", 2, 6 << 30, 6 << 30)
    return struct.pack("Q", len(sizes)) + sizes + b"\0" * 65536


@pytest.fixture
def fake() -> Iterator[Callable[[Announce], str]]:
    servers: list[socket.socket] = []
    held: list[socket.socket] = []

    def start(announce: Announce) -> str:
        server = socket.create_server(("127.0.0.1", 0))
        servers.append(server)

        def serve(conn: socket.socket) -> None:
            try:
                conn.sendall(_handshake())
                conn.settimeout(5)
                if conn.recv(65536):  # the client's handshake and first message
                    conn.sendall(announce())
            except OSError:  # the client hung up (the preflight reads the handshake only)
                return

        def loop() -> None:
            while True:
                try:
                    conn, _ = server.accept()
                except OSError:
                    return
                held.append(conn)
                threading.Thread(target=serve, args=(conn,), daemon=True).start()

        threading.Thread(target=loop, daemon=True).start()
        return f"tcp://127.0.0.1:{server.getsockname()[1]}"

    yield start
    for sock in [*servers, *held]:
        sock.close()


@pytest.fixture
def connect_timeout(monkeypatch: pytest.MonkeyPatch) -> float:
    """The connect timeout, long enough that waiting it out shows on any machine, however busy
    (a refusal "at once" takes a few seconds there)."""
    import solver.counting.cluster as cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 120.0)
    return 120.0


@pytest.mark.parametrize(
    ("announce", "size"),
    [(_huge_message, 6 << 30), (_huge_frames_to_come, (12 << 30) + 24)],
    ids=["message", "frames-to-come"],
)
def test_a_huge_message_after_a_good_handshake_is_refused_at_once(
    capsys: pytest.CaptureFixture[str],
    fake: Callable[[Announce], str],
    connect_timeout: float,
    announce: Announce,
    size: int,
) -> None:
    address = fake(announce)
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


def test_a_6_gib_message_is_not_allocated(fake: Callable[[Announce], str], tmp_path: Path) -> None:
    address = fake(_huge_message)
    proc = subprocess.run(
        [sys.executable, "-m", "tui", "count", "8", "--cluster", address],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limited(3),
        env={"HOME": str(tmp_path), "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "")},
    )
    result = Result(proc.returncode, proc.stdout, proc.stderr)
    assert_usage_error(result, "announced a message of 6442450944 bytes")


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
    fake: Callable[[Announce], str],
) -> None:
    import solver.counting.cluster as cluster

    monkeypatch.setattr(cluster, "hooks_present", lambda: False)
    address = fake(_huge_message)
    result = call_result(capsys, "count", "8", "--cluster", address)
    assert_usage_error(result, "cannot bound the messages a scheduler sends with Dask")
