"""Counting on a Dask cluster (the optional ``cluster`` extra): the same jobs, Dask's workers.

``queens-tutor count N --cluster ADDRESS`` connects to a running Dask distributed scheduler
(``dask scheduler`` on one machine of the lab, ``dask worker ADDRESS`` on the others) and
hands it the jobs of :func:`solver.counting.plan`. Scheduling, retries (a job whose worker
dies or fails is run again, up to :data:`RETRIES` times) and cancellation are Dask's: when
the count stops early (Ctrl-C, SIGTERM, an error), every job not yet done is cancelled on the
scheduler. The workers need queens-tutor installed (and numba, to use the compiled engine:
``auto`` is decided on each worker).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from solver.counting import AnyJob, Found, Runner, run_job
from solver.messages import Message, MessageError, register

RETRIES = 2
CONNECT_TIMEOUT = 10.0


class ClusterUnavailable(MessageError, RuntimeError):
    """Dask is not installed, or the scheduler cannot be reached."""


def connect(address: str, timeout: float | None = None) -> Any:
    """A Dask client of the scheduler at ``address`` (``tcp://host:8786``)."""
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        from distributed import Client
    except ImportError:
        raise ClusterUnavailable(Message.of("cluster.no_dask")) from None
    try:
        return Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterUnavailable(
            Message.of(
                "cluster.unreachable",
                address=address,
                seconds=f"{timeout:.0f}",
                error=str(error),
            )
        ) from None


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
        finally:
            client.cancel(futures)  # nothing for finished jobs; stops the rest

    return run


register(
    {
        "cluster.no_dask": "--cluster needs Dask: pip install 'queens-tutor[cluster]'",
        "cluster.unreachable": (
            "cannot reach a Dask scheduler at {address} within {seconds} s ({error})"
        ),
    }
)
