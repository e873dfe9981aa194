"""Counting on a Dask cluster (the optional ``cluster`` extra): the same jobs, Dask's workers."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

from solver.counting.bitmask import AnyJob, Found, Runner, run_job
from solver.counting.cluster_frames import (
    FRAME_LIMIT,
    bounded_frames,
    hooks_present,
    own_connections,
)
from solver.counting.cluster_peer import ClusterUnavailable, check_address, must_own, preflight
from solver.messages import Message, register

RETRIES = 2
CONNECT_TIMEOUT = 10.0
TCP_TIMEOUT = 15.0
"""Dask's ``distributed.comm.timeouts.tcp``: an unresponsive connection is dead after this (Dask
refuses less than 11 s)."""


def _security(scheme: str, tls: dict[str, str | None] | None) -> Any:
    """Dask's security settings for the connection: TLS from ``tls`` (ca_file, cert, key) or from
    Dask's configuration (``distributed.comm.tls``) for a tls:// address."""
    if scheme != "tls":
        return None
    from distributed.security import Security

    given = {k: v for k, v in (tls or {}).items() if v}
    options = {f"tls_client_{k}" if k != "ca_file" else "tls_ca_file": v for k, v in given.items()}
    try:
        for path in given.values():  # named in the error (ssl's own errors do not name it)
            with open(path, "rb"):
                pass
        security = Security(require_encryption=True, **options)  # type: ignore[no-untyped-call]
        context = security.get_connection_args("client")["ssl_context"]  # type: ignore[no-untyped-call]
    except (OSError, ValueError) as error:
        raise ClusterUnavailable(Message.of("cluster.tls_files", error=str(error))) from None
    if context is None:  # Dask's TLS needs the authority and a client certificate
        needs = "cluster.tls_needs_cert" if given.get("ca_file") else "cluster.tls_needs_ca"
        raise ClusterUnavailable(Message.of(needs))
    return security


@contextlib.contextmanager
def session(
    address: str,
    trusted: bool = False,
    tls: dict[str, str | None] | None = None,
    timeout: float | None = None,
) -> Iterator[Any]:
    """A Dask client of the scheduler at ``address``, with bounded waits, closed on the way out."""
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        import dask
        from distributed import Client
    except ImportError:
        raise ClusterUnavailable(Message.of("cluster.no_dask")) from None
    where = check_address(address, trusted)
    security = _security(where.scheme, tls)
    context = security.get_connection_args("client")["ssl_context"] if security else None
    own = must_own(where, trusted)
    preflight(where, timeout, context, own)
    if not hooks_present():
        raise ClusterUnavailable(
            Message.of("cluster.unbounded", version=getattr(dask, "__version__", "?"))
        )
    limits = {
        "distributed.comm.timeouts.connect": f"{timeout:.0f}s",
        "distributed.comm.timeouts.tcp": f"{max(TCP_TIMEOUT, timeout):.0f}s",
    }
    with (
        dask.config.set(limits),
        bounded_frames() as refused,
        own_connections(own) as strangers,
    ):
        try:
            client = Client(  # type: ignore[no-untyped-call]
                str(where), timeout=timeout, set_as_default=False, security=security
            )
        except (OSError, TimeoutError, ValueError, TypeError) as error:
            if strangers:
                raise strangers[0] from None
            if refused:
                raise _too_large(where, refused[0]) from None
            raise ClusterUnavailable(
                Message.of(
                    "cluster.unreachable",
                    address=str(where),
                    seconds=f"{timeout:.0f}",
                    error=str(error) or type(error).__name__,
                )
            ) from None
        try:
            yield client
        except ClusterUnavailable:
            if strangers:  # another account's peer in the scheduler's place
                raise strangers[0] from None
            if refused:  # the scheduler or a worker sent too much while the jobs ran
                raise _too_large(where, refused[0]) from None
            raise
        finally:
            client.close()  # type: ignore[no-untyped-call]


def _too_large(where: object, size: int) -> ClusterUnavailable:
    return ClusterUnavailable(
        Message.of("cluster.too_large", address=str(where), size=size, limit=FRAME_LIMIT)
    )


def connect(started: Any, timeout: float | None = None) -> Any:
    """A Dask client of the cluster the caller ``started`` itself (a ``LocalCluster``, so trusted);
    the caller closes the client."""
    from distributed import Client

    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    where = check_address(started.scheduler_address, trusted=True)
    preflight(where, timeout)
    return Client(str(where), timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]


def cluster_engine(client: Any, engine: str) -> str:
    """The engine the cluster's workers will run: ``auto`` is compiled if every worker has numba,
    else python (and is passed on as such, so that the estimate is of what runs)."""
    if engine != "auto":
        return engine
    from solver.counting.compiled import available

    found = client.run(available)
    return "compiled" if found and all(found.values()) else "python"


def worker_threads(client: Any) -> int:
    """How many jobs the cluster runs at once (its workers' threads)."""
    return max(1, int(sum(client.nthreads().values())))


def cluster_runner(client: Any, retries: int = RETRIES) -> Runner:
    """A runner that submits the jobs to the cluster and yields results as they finish."""

    def run(todo: Sequence[AnyJob], engine: str) -> Iterator[Found]:
        from distributed import as_completed

        futures = client.map(run_job, list(todo), engine=engine, retries=retries, pure=False)
        try:
            for future in as_completed(futures, loop=client.loop):  # type: ignore[no-untyped-call]
                solutions, c2, c4, c8 = future.result()
                yield solutions, c2, c4, c8
        except (OSError, TimeoutError) as error:  # the scheduler went away (CommClosedError)
            lost = Message.of(
                "cluster.lost",
                address=client.scheduler.address,
                error=str(error) or type(error).__name__,
            )
            raise ClusterUnavailable(lost) from None
        finally:
            client.cancel(futures)  # nothing for finished jobs; stops the rest

    return run


register(
    {
        "cluster.no_dask": (
            "--cluster needs Dask: in the tutor's folder, .venv/bin/pip install '.[cluster]'"
        ),
        "cluster.tls_needs_ca": (
            "a tls:// scheduler needs the cluster's certificates: --tls-ca-file and --tls-cert "
            "(and --tls-key unless the key is in the certificate's file), or Dask's "
            "distributed.comm.tls settings"
        ),
        "cluster.tls_needs_cert": (
            "Dask's TLS needs a certificate for this client as well as the cluster's authority: "
            "add --tls-cert (and --tls-key unless the key is in the certificate's file)"
        ),
        "cluster.tls_files": "cannot use the TLS certificates ({error})",
        "cluster.lost": "the Dask scheduler at {address} stopped answering ({error})",
        "cluster.too_large": (
            "{address} announced a message of {size} bytes, more than the {limit} bytes a count "
            "accepts: it is not a Dask scheduler this count can use"
        ),
        "cluster.unbounded": (
            "--cluster cannot bound the messages a scheduler sends with Dask {version}, whose "
            "reader has changed, so it does not connect"
        ),
    }
)
