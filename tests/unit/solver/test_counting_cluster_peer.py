"""The checks ``count --cluster`` makes before Dask is handed an address."""

from __future__ import annotations

import os
import socket
import struct
import sys

import pytest

from solver.counting.cluster_peer import (
    Address,
    ClusterUnavailable,
    _decode_handshake,
    check_address,
    check_owner,
    is_loopback,
    must_own,
    parse_address,
)
from solver.counting.peer_owner import owner_in, parse_endpoint, peer_uid


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("tcp://lab1:8786", Address("tcp", "lab1", 8786)),
        ("TLS://lab1:9000", Address("tls", "lab1", 9000)),
        ("lab1:8786", Address("tcp", "lab1", 8786)),
        ("tcp://lab1", Address("tcp", "lab1", 8786)),
        ("tcp://[::1]:8786", Address("tcp", "::1", 8786)),
        *((bad, None) for bad in ("ucx://lab1:8786", "ws://lab1:8786", "tcp://:8786")),
        *((bad, None) for bad in ("tcp://lab1:0", "tcp://lab1:x", "tcp://a b:1")),
    ],
)
def test_addresses_are_read_or_refused(text: str, address: Address | None) -> None:
    if address is None:
        with pytest.raises(ClusterUnavailable):
            parse_address(text)
    else:
        assert parse_address(text) == address


def test_only_loopback_is_this_machine_and_a_remote_scheduler_needs_trust_or_tls() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("192.0.2.7") and not is_loopback("2001:db8::1")
    assert not is_loopback("no-such-host.invalid")
    with pytest.raises(ClusterUnavailable, match="--trust-cluster"):
        check_address("tcp://192.0.2.7:8786", trusted=False)
    assert check_address("tcp://192.0.2.7:8786", trusted=True).host == "192.0.2.7"
    # TLS: the user's certificates prove the scheduler.
    assert check_address("tls://192.0.2.7:8786", trusted=False).host == "192.0.2.7"
    # only an untrusted tcp scheduler must be the user's own
    assert must_own(parse_address("tcp://127.0.0.1:8786"), False)
    assert not must_own(parse_address("tcp://127.0.0.1:8786"), True)
    assert not must_own(parse_address("tls://127.0.0.1:8786"), False)


def _frames(*frames: bytes) -> bytes:
    return struct.pack(f"{len(frames) + 1}Q", len(frames), *map(len, frames)) + b"".join(frames)


def test_a_handshake_is_decoded_without_unpickling() -> None:
    import msgpack  # type: ignore[import-untyped]

    hello = {"compression": None, "python": (3, 11, 7), "pickle-protocol": 5}
    assert _decode_handshake(_frames(msgpack.packb(hello))) == hello


@pytest.mark.parametrize(
    "data",
    [
        b"HTTP/1.1 200 OK\r\n\r\n",
        b"abc",
        struct.pack("QQ", 1, 1 << 60) + b"\x80",
        struct.pack("QQ", 0, 0),
        _frames(b"\xc1"),  # never used in msgpack
        _frames(b"\x81\x81\x01\x02\x03"),  # a map whose key is a map
    ],
)
def test_anything_else_is_not_a_handshake(data: bytes) -> None:
    with pytest.raises(ValueError):
        _decode_handshake(data)


@pytest.mark.skipif(sys.byteorder != "little", reason="the tables' words are in machine order")
@pytest.mark.parametrize(
    ("text", "endpoint"),
    [
        ("0100007F:1F90", ("127.0.0.1", 8080)),
        ("00000000000000000000000001000000:2252", ("::1", 8786)),
        ("0000000000000000FFFF00000100007F:0050", ("127.0.0.1", 80)),  # v4-mapped
        ("00000000:0000", ("0.0.0.0", 0)),
    ],
)
def test_the_kernels_socket_tables_are_read(text: str, endpoint: tuple[str, int]) -> None:
    ip, port = parse_endpoint(text)
    assert (str(ip), port) == endpoint


@pytest.mark.skipif(not os.path.exists("/proc/net/tcp"), reason="Linux lists socket owners")
@pytest.mark.parametrize("host", ["127.0.0.1", "::1"])
def test_the_owner_of_a_loopback_peer_is_this_account(host: str) -> None:
    try:
        server = socket.create_server(
            (host, 0), family=socket.AF_INET6 if ":" in host else socket.AF_INET
        )
    except OSError:
        pytest.skip(f"no {host} here")
    with server, socket.create_connection(server.getsockname()[:2]) as sock:
        assert peer_uid(sock) == os.geteuid()
        check_owner(sock, "tcp://here")  # this account's: not refused


def test_a_peer_of_another_account_or_none_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import solver.counting.cluster_peer as peer

    with socket.socket() as sock:
        monkeypatch.setattr(peer, "peer_uid", lambda sock: os.geteuid() + 1)
        with pytest.raises(ClusterUnavailable, match="another account of this machine"):
            check_owner(sock, "tcp://127.0.0.1:8786")
        monkeypatch.setattr(peer, "peer_uid", lambda sock: None)
        with pytest.raises(ClusterUnavailable, match="cannot tell which account"):
            check_owner(sock, "tcp://127.0.0.1:8786")


def test_owners_are_found_by_both_ends_of_the_connection() -> None:
    rows = [
        ["0:", "0100007F:2252", "00000000:0000", "0A", "0", "0", "0", "999"],  # the listener
        ["1:", "0100007F:2252", "0100007F:9C40", "01", "0", "0", "0", "1000"],  # accepted
        ["2:", "0100007F:9C40", "0100007F:2252", "01", "0", "0", "0", "0"],  # this end
        ["3:", "garbage"],
    ]
    if sys.byteorder != "little":
        pytest.skip("the rows are written in little-endian order")
    here = parse_endpoint("0100007F:9C40")
    scheduler = parse_endpoint("0100007F:2252")
    assert owner_in(rows, scheduler, here) == 1000
    assert owner_in(rows, here, scheduler) == 0
    assert owner_in(rows, scheduler, parse_endpoint("0100007F:0001")) is None
