"""Who ``count --cluster`` talks to, checked before Dask is handed the address.

A Dask client unpickles what the cluster sends, so a cluster is trusted only when the user made it
so: a scheduler on this machine run by her own account (:func:`check_owner`), a ``tls://`` one
that proves itself with her certificates, one the caller started, or one she says she trusts.
:func:`preflight` reads the scheduler's handshake itself, with a time and size bound, before Dask
(which bounds neither) is handed the peer."""

from __future__ import annotations

import ipaddress
import os
import socket
import ssl
import struct
import time
from dataclasses import dataclass

from solver.counting.peer_owner import account_name, peer_uid
from solver.messages import Message, MessageError, register

SCHEMES = ("tcp", "tls")
DEFAULT_PORT = 8786
HANDSHAKE_LIMIT = 64 * 1024
"""A Dask handshake is under 100 bytes; anything announcing more is not a scheduler."""


class ClusterUnavailable(MessageError, RuntimeError):
    """Dask is not installed, or the scheduler is refused, unreachable or not a scheduler."""


@dataclass(frozen=True, slots=True)
class Address:
    """A scheduler's address, split: ``tls://lab1:8786`` is ("tls", "lab1", 8786)."""

    scheme: str
    host: str
    port: int

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}"


def _refuse(id: str, **params: object) -> ClusterUnavailable:
    return ClusterUnavailable(Message.of(id, **params))


def parse_address(text: str) -> Address:
    """``tcp://HOST:PORT``, ``tls://HOST:PORT`` or ``HOST:PORT`` (tcp); port 8786 if none."""
    scheme, sep, rest = text.strip().partition("://")
    if not sep:
        scheme, rest = "tcp", text.strip()
    if scheme.lower() not in SCHEMES:
        raise _refuse("cluster.scheme", address=text)
    if rest.startswith("["):  # [::1]:8786
        host, _, tail = rest[1:].partition("]")
        port_text = tail[1:] if tail.startswith(":") else tail
    elif rest.count(":") == 1:
        host, _, port_text = rest.partition(":")
    else:
        host, port_text = rest, ""
    if not host or "/" in host or any(c.isspace() for c in host):
        raise _refuse("cluster.bad_address", address=text)
    if not port_text:
        port = DEFAULT_PORT
    elif port_text.isdecimal() and len(port_text) <= 5 and 0 < int(port_text) < 65536:
        port = int(port_text)
    else:
        raise _refuse("cluster.bad_address", address=text)
    return Address(scheme.lower(), host, port)


def is_loopback(host: str) -> bool:
    """Whether every address ``host`` names is on this machine (127.0.0.0/8, ::1)."""
    try:
        found = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return False
    ips = {str(info[4][0]).split("%")[0] for info in found}
    return bool(ips) and all(ipaddress.ip_address(ip).is_loopback for ip in ips)


def check_address(text: str, trusted: bool) -> Address:
    """The parsed address; a ``tcp://`` scheduler not on this machine is refused unless ``trusted``
    (a ``tls://`` one proves itself with the user's certificates)."""
    address = parse_address(text)
    if address.scheme == "tcp" and not trusted and not is_loopback(address.host):
        raise _refuse("cluster.untrusted", address=str(address))
    return address


def must_own(address: Address, trusted: bool) -> bool:
    """Whether the peers at ``address`` are trusted only if the user's account runs them: a
    ``tcp://`` scheduler the user has not said she trusts."""
    return address.scheme == "tcp" and not trusted


def check_owner(sock: socket.socket, address: str) -> None:
    """Refuse the peer of the connected ``sock`` unless this user's account owns it."""
    uid = peer_uid(sock)
    if uid is None:
        raise _refuse("cluster.owner_unknown", address=address)
    if uid != os.geteuid():
        raise _refuse("cluster.other_account", address=address, account=account_name(uid))


def _read(sock: socket.socket, size: int, deadline: float, address: Address, limit: float) -> bytes:
    """``size`` bytes from ``sock`` by ``deadline`` (``limit`` seconds after the start)."""
    silent = _refuse("cluster.silent", address=str(address), seconds=f"{limit:.0f}")
    data = bytearray()
    while len(data) < size:
        left = deadline - time.monotonic()
        if left <= 0:
            raise silent
        sock.settimeout(left)
        try:
            chunk = sock.recv(min(size - len(data), 65536))
        except TimeoutError:
            raise silent from None
        if not chunk:
            raise _refuse("cluster.not_dask", address=str(address))
        data += chunk
    return bytes(data)


def _decode_handshake(data: bytes) -> object:
    """The handshake's msgpack map (frames: a count, their sizes, then the frames)."""
    import msgpack  # type: ignore[import-untyped]

    if len(data) < 8:
        raise ValueError("short")
    (frames,) = struct.unpack_from("Q", data)
    if frames < 1 or 8 + 8 * frames > len(data):
        raise ValueError("frames")
    sizes = struct.unpack_from(f"{frames}Q", data, 8)
    start = 8 + 8 * frames
    if start + sum(sizes) != len(data):
        raise ValueError("sizes")
    header = data[start : start + sizes[0]]
    try:
        return msgpack.unpackb(header, raw=False, use_list=False, strict_map_key=False)
    except TypeError as error:  # a map whose key is a map: not a handshake
        raise ValueError("header") from error


def preflight(
    address: Address, timeout: float, context: ssl.SSLContext | None = None, own: bool = False
) -> dict[str, object]:
    """Connect, read the peer's handshake within ``timeout`` seconds, and close again."""
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection((address.host, address.port), timeout=timeout) as raw:
            if own:
                check_owner(raw, str(address))
            sock: socket.socket = raw
            if context is not None:
                sock = context.wrap_socket(raw, server_hostname=address.host)
            try:
                (size,) = struct.unpack("Q", _read(sock, 8, deadline, address, timeout))
                if size > HANDSHAKE_LIMIT:
                    raise _refuse("cluster.not_dask", address=str(address))
                hello = _decode_handshake(_read(sock, size, deadline, address, timeout))
            finally:
                if sock is not raw:
                    sock.close()
    except ClusterUnavailable:
        raise
    except ssl.SSLError as error:
        raise _refuse(
            "cluster.tls_failed", address=str(address), error=error.reason or str(error)
        ) from None
    except (OSError, TimeoutError) as error:
        reason = error.strerror or type(error).__name__
        raise _refuse(
            "cluster.unreachable", address=str(address), seconds=f"{timeout:.0f}", error=reason
        ) from None
    except ValueError:
        raise _refuse("cluster.not_dask", address=str(address)) from None
    if not isinstance(hello, dict) or "pickle-protocol" not in hello or "python" not in hello:
        raise _refuse("cluster.not_dask", address=str(address))
    return hello


register(
    {
        "cluster.scheme": (
            "--cluster takes a Dask scheduler's address as tcp://HOST:PORT or tls://HOST:PORT, "
            "not {address}"
        ),
        "cluster.bad_address": "--cluster: {address} is not an address such as tcp://lab1:8786",
        "cluster.untrusted": (
            "{address} is not on this machine, and a Dask cluster runs code from its workers in "
            "this process: add --trust-cluster only if you trust every machine that can join it"
        ),
        "cluster.other_account": (
            "{address} is run by another account of this machine ({account}), and a Dask "
            "cluster runs code from its workers in this process: start a scheduler of your own, "
            "use tls:// with your certificates, or add --trust-cluster only if you trust that "
            "account"
        ),
        "cluster.owner_unknown": (
            "cannot tell which account runs {address} (this system does not list the owners of "
            "its connections), and a Dask cluster runs code from its workers in this process: "
            "use tls:// with your certificates, or add --trust-cluster if you started it "
            "yourself"
        ),
        "cluster.unreachable": (
            "cannot reach a Dask scheduler at {address} within {seconds} s ({error})"
        ),
        "cluster.silent": "{address} did not answer like a Dask scheduler within {seconds} s",
        "cluster.not_dask": "{address} is not a Dask scheduler (it answered something else)",
        "cluster.tls_failed": "the TLS connection to {address} failed ({error})",
    }
)
