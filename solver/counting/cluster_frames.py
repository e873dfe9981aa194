"""A bound on what a Dask peer may announce, for as long as ``count --cluster`` is connected.

Every Dask message over tcp:// or tls:// starts with its size, and the frames' sizes follow;
Dask's reader (``distributed.comm.tcp.TCP.read``) allocates each announced size before it reads
a byte of it. :func:`solver.counting.cluster_peer.preflight` bounds the handshake, but a peer
that sends a good handshake and then announces a frame of 6 GiB had the client allocate 6 GiB.
Dask has no setting for this, so :func:`bounded_frames` wraps the two functions that reader
calls for the sizes (``read_bytes_rw`` reads a part of an announced size, ``unpack_frames``
lists the sizes of the frames still to come) while the client lives: a message larger than
:data:`FRAME_LIMIT` is refused with Dask's own :class:`FatalCommClosedError` (the connection is
dropped, not retried) before anything is allocated. A count's messages are small: the largest
a client receives are the jobs' results, four integers each.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable, Iterator
from typing import Any

FRAME_LIMIT = 64 << 20
"""The most bytes one message from a Dask peer may announce (64 MiB)."""

HOOKS = ("read_bytes_rw", "unpack_frames")
"""The functions of ``distributed.comm.tcp`` that :func:`bounded_frames` wraps."""


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
    """While inside: no message from a Dask peer larger than ``limit`` bytes is allocated;
    the list given holds the sizes refused, for the caller to name.

    The caller checks :func:`hooks_present` first. The wrappers are put back on the way out
    (one client per count process: nothing else reads Dask messages meanwhile).
    """
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
