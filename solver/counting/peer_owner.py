"""Which account holds the other end of a TCP connection made on this machine."""

from __future__ import annotations

import ipaddress
import socket
import struct
import time

TABLES = ("/proc/net/tcp", "/proc/net/tcp6")
UID_FIELD = 7
"""The column of the owner's uid in a row of the tables."""

Endpoint = tuple[ipaddress.IPv4Address | ipaddress.IPv6Address, int]


def _normal(ip: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    address = ipaddress.ip_address(ip.split("%")[0])
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def parse_endpoint(text: str) -> Endpoint:
    """A table's ``0100007F:1F90``: the kernel writes the address as 32-bit words in the machine's
    byte order, then the port in hexadecimal."""
    hex_ip, _, hex_port = text.partition(":")
    words = [int(hex_ip[i : i + 8], 16) for i in range(0, len(hex_ip), 8)]
    packed = struct.pack(f"={len(words)}I", *words)
    family = socket.AF_INET if len(packed) == 4 else socket.AF_INET6
    return _normal(socket.inet_ntop(family, packed)), int(hex_port, 16)


def _endpoint(name: tuple[object, ...]) -> Endpoint:
    return _normal(str(name[0])), int(str(name[1]))


def _rows() -> list[list[str]] | None:
    """The tables' rows, or None when there are no tables to read."""
    rows: list[list[str]] | None = None
    for table in TABLES:
        try:
            with open(table, encoding="ascii") as lines:
                rows = (rows or []) + [line.split() for line in list(lines)[1:]]
        except OSError:  # no such table here (not Linux, or no IPv6)
            continue
    return rows


def owner_in(rows: list[list[str]], peer: Endpoint, own: Endpoint) -> int | None:
    """The uid of the row for the socket at ``peer`` connected to ``own``, if listed."""
    for fields in rows:
        if len(fields) <= UID_FIELD:
            continue
        try:
            if parse_endpoint(fields[1]) == peer and parse_endpoint(fields[2]) == own:
                return int(fields[UID_FIELD])
        except ValueError:
            continue
    return None


def peer_uid(sock: socket.socket, wait: float = 1.0) -> int | None:
    """The uid owning the other end of the connected TCP socket ``sock``, or None when this machine
    does not list it (a peer elsewhere, or a system without ``/proc/net/tcp``)."""
    own, peer = _endpoint(sock.getsockname()), _endpoint(sock.getpeername())
    deadline = time.monotonic() + wait
    while True:
        rows = _rows()
        uid = None if rows is None else owner_in(rows, peer, own)
        if uid is not None or rows is None or time.monotonic() >= deadline:
            return uid
        time.sleep(0.01)


def account_name(uid: int) -> str:
    """The name of the account ``uid``, or the number when it has none."""
    import pwd

    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)
