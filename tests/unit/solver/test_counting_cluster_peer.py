"""The checks ``count --cluster`` makes before Dask is handed an address."""

from __future__ import annotations

import struct

import pytest

from solver.counting.cluster_peer import (
    Address,
    ClusterUnavailable,
    _decode_handshake,
    check_address,
    is_loopback,
    parse_address,
)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("tcp://lab1:8786", Address("tcp", "lab1", 8786)),
        ("TLS://lab1:9000", Address("tls", "lab1", 9000)),
        ("lab1:8786", Address("tcp", "lab1", 8786)),
        ("tcp://lab1", Address("tcp", "lab1", 8786)),
        ("tcp://[::1]:8786", Address("tcp", "::1", 8786)),
    ],
)
def test_addresses_are_read(text: str, address: Address) -> None:
    assert parse_address(text) == address


@pytest.mark.parametrize(
    "text",
    [
        "ucx://lab1:8786",
        "ws://lab1:8786",
        "tcp://:8786",
        "tcp://lab1:0",
        "tcp://lab1:x",
        "tcp://a b:1",
    ],
)
def test_other_addresses_are_refused(text: str) -> None:
    with pytest.raises(ClusterUnavailable):
        parse_address(text)


def test_only_loopback_is_this_machine() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("192.0.2.7") and not is_loopback("2001:db8::1")
    assert not is_loopback("no-such-host.invalid")


def test_a_remote_scheduler_needs_trust() -> None:
    with pytest.raises(ClusterUnavailable, match="--trust-cluster"):
        check_address("tcp://192.0.2.7:8786", trusted=False)
    assert check_address("tcp://192.0.2.7:8786", trusted=True).host == "192.0.2.7"


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
