"""``count --cluster`` against peers that are not what they claim: fake schedulers on 127.0.0.1.

Each fake is a plain TCP server in a thread: one that sends garbage, one that announces a
frame of 6 GiB, one that never answers, one that sends a real Dask handshake and then
nothing. Every one ends the count with one line and status 2, in bounded time; the frame of
6 GiB is also run in a process whose address space is limited to 3 GiB, so that allocating
it would fail loudly. Addresses not on this machine are refused before any connection.
"""

from __future__ import annotations

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

import pytest

from tests.cli.clirun import Result, assert_usage_error
from tests.cli.inproc import call_result

pytestmark = pytest.mark.integration  # a Dask cluster

Serve = Callable[[socket.socket], None]


def _garbage(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")


def _huge_frame(conn: socket.socket) -> None:
    conn.sendall(struct.pack("Q", 6 << 30) + b"\0" * 65536)


def _silent(conn: socket.socket) -> None:
    return None


def _handshake_then_silent(conn: socket.socket) -> None:
    import msgpack  # type: ignore[import-untyped]

    hello = msgpack.packb({"compression": None, "python": (3, 11, 7), "pickle-protocol": 5})
    body = struct.pack("QQ", 1, len(hello)) + hello
    conn.sendall(struct.pack("Q", len(body)) + body)


@pytest.fixture
def fake() -> Iterator[Callable[[Serve], str]]:
    """Start fake schedulers (each: what it does with a connection); their tcp:// address."""
    servers: list[socket.socket] = []
    held: list[socket.socket] = []

    def start(serve: Serve) -> str:
        server = socket.create_server(("127.0.0.1", 0))
        servers.append(server)

        def loop() -> None:
            while True:
                try:
                    conn, _ = server.accept()
                except OSError:  # closed at the end of the test
                    return
                held.append(conn)  # kept open: a peer that says nothing more
                try:
                    serve(conn)
                except OSError:  # the client hung up first
                    continue

        threading.Thread(target=loop, daemon=True).start()
        return f"tcp://127.0.0.1:{server.getsockname()[1]}"

    yield start
    for sock in [*servers, *held]:
        sock.close()


@pytest.fixture
def short_timeout(monkeypatch: pytest.MonkeyPatch) -> float:
    import solver.counting.cluster as cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 2.0)
    return 2.0


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
    fake: Callable[[Serve], str],
    short_timeout: float,
    serve: Serve,
    words: tuple[str, ...],
) -> None:
    address = fake(serve)
    started = time.monotonic()
    result = call_result(capsys, "count", "8", "--cluster", address)
    assert (
        time.monotonic() - started < short_timeout + 60
    )  # bounded: no hang, on a busy machine too
    assert_usage_error(result, address, *words)


def _limited(gib: int) -> Callable[[], None]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (gib << 30, gib << 30))

    return limit


def test_a_6_gib_frame_is_refused_without_allocating_it(
    fake: Callable[[Serve], str], tmp_path: Path
) -> None:
    address = fake(_huge_frame)
    proc = subprocess.run(
        [sys.executable, "-m", "tui", "count", "8", "--cluster", address],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limited(3),
        env={"HOME": str(tmp_path), "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "")},
    )
    assert_usage_error(Result(proc.returncode, proc.stdout, proc.stderr), "not a Dask scheduler")


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


def test_help_says_a_cluster_runs_code_from_its_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tests.cli.inproc import call

    status, out, _ = call(capsys, "count", "--help")
    text = " ".join(out.split())
    assert status == 0
    assert "A Dask cluster runs code from its workers in this process" in text
    assert "--trust-cluster" in text and "--tls-ca-file" in text
    assert "distributed.security.Security" in text
