"""Bounds on Dask's connections while ``count --cluster`` is connected: on what a peer may
announce, and on who may be a peer.

Dask's reader allocates each size a peer announces before it reads a byte; :func:`bounded_frames`
wraps the functions it reads the sizes with, refusing a message over :data:`FRAME_LIMIT`.
:func:`own_connections` checks every new ``tcp://`` connection's owner before Dask reads it."""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable, Iterator
from typing import Any

from solver.counting.cluster_peer import ClusterUnavailable, check_owner
from solver.messages import Message

FRAME_LIMIT = 64 << 20
"""The most bytes one message from a Dask peer may announce (64 MiB)."""

HOOKS = ("read_bytes_rw", "unpack_frames", "TCPConnector")
"""What :func:`bounded_frames` and :func:`own_connections` wrap in ``distributed.comm.tcp``."""


def _too_large(nbytes: int, limit: int, refused: list[int]) -> Exception:
    from distributed.comm.core import FatalCommClosedError

    refused.append(nbytes)
    return FatalCommClosedError(
        f"the peer announced a message of {nbytes} bytes, more than the {limit} allowed"
    )


def _tcp() -> Any:
    """Dask's tcp:// and tls:// comms (typed Any: the functions are set as attributes)."""
    return importlib.import_module("distributed.comm.tcp")


def hooks_present() -> bool:
    """Whether the installed Dask reads messages through the functions this module bounds."""
    tcp = _tcp()
    return all(callable(getattr(tcp, name, None)) for name in HOOKS)


@contextlib.contextmanager
def bounded_frames(limit: int = FRAME_LIMIT) -> Iterator[list[int]]:
    """While inside: no message from a Dask peer larger than ``limit`` bytes is allocated; the list
    given holds the sizes refused, for the caller to name."""
    refused: list[int] = []
    tcp = _tcp()

    read_bytes_rw: Callable[..., Any] = tcp.read_bytes_rw
    unpack_frames: Callable[..., Any] = tcp.unpack_frames

    async def bounded_read(stream: Any, n: int) -> Any:
        if n > limit:
            raise _too_large(n, limit, refused)
        return await read_bytes_rw(stream, n)

    def bounded_unpack(frames: Any, *args: Any, **kwargs: Any) -> Any:
        found = unpack_frames(frames, *args, **kwargs)
        if kwargs.get("partial"):  # (frames read, sizes of the frames still to read)
            _, sizes = found
            total = memoryview(frames).nbytes + sum(sizes)
            if total > limit:
                raise _too_large(total, limit, refused)
        return found

    tcp.read_bytes_rw = bounded_read
    tcp.unpack_frames = bounded_unpack
    try:
        yield refused
    finally:
        tcp.read_bytes_rw = read_bytes_rw
        tcp.unpack_frames = unpack_frames


@contextlib.contextmanager
def own_connections(active: bool = True) -> Iterator[list[ClusterUnavailable]]:
    """While inside (and ``active``): every ``tcp://`` connection Dask makes is checked with
    :func:`solver.counting.cluster_peer.check_owner` as soon as it is open; a peer of another
    account is dropped with Dask's :class:`FatalCommClosedError` (not retried), and the refusal is
    added to the list given, for the caller to say."""
    refused: list[ClusterUnavailable] = []
    if not active:
        yield refused
        return
    from distributed.comm.core import FatalCommClosedError

    connector = _tcp().TCPConnector
    connect: Callable[..., Any] = connector.connect

    async def owned_connect(self: Any, address: str, *args: Any, **kwargs: Any) -> Any:
        comm = await connect(self, address, *args, **kwargs)
        stream = getattr(comm, "stream", None)
        try:
            if stream is None or stream.socket is None:  # fail closed: no socket to check
                raise ClusterUnavailable(Message.of("cluster.owner_unknown", address=address))
            check_owner(stream.socket, f"tcp://{address}")
        except ClusterUnavailable as error:
            comm.abort()
            refused.append(error)
            raise FatalCommClosedError(str(error)) from None
        return comm

    connector.connect = owned_connect
    try:
        yield refused
    finally:
        connector.connect = connect
