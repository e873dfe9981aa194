"""The sockets ``queens-tutor serve`` listens on: each address a host name names, or a socket
file for a proxy on this machine, bound before anything is printed."""

from __future__ import annotations

import os
import socket
from pathlib import Path


def listen_on_address(host: str, port: int) -> list[socket.socket]:
    """Listening sockets on each address ``host`` names (``localhost``: 127.0.0.1 and ::1)."""
    listening: list[socket.socket] = []
    seen = set()
    try:
        for family, kind, proto, _name, address in socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        ):
            if address in seen:
                continue
            seen.add(address)
            listener = socket.socket(family, kind, proto)
            listening.append(listener)
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                listener.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            listener.bind(address)
            listener.listen(128)
    except OSError:
        for listener in listening:
            listener.close()
        raise
    return listening


def listen_on_file(path: Path, group: int | None) -> socket.socket:
    """A listening socket at ``path``, of mode 0660 from its first moment (the process's
    umask is narrowed while it is made) and in ``group`` when given."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    before = os.umask(0o117)
    try:
        listener.bind(str(path))
    except OSError:
        listener.close()
        raise
    finally:
        os.umask(before)
    os.chmod(path, 0o660)
    if group is not None:
        os.chown(path, -1, group)
    listener.listen(128)
    return listener
