"""``count --cluster``: the jobs on a real Dask scheduler with two worker processes (on
127.0.0.1 only, no dashboard, for this module); its estimate is of the engine that will run,
here and on the cluster."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from solver.counting.bitmask import count, plan
from solver.counting.cluster import cluster_runner, connect
from tests.cli.inproc import call
from tests.serve.server import wait_until

pytestmark = pytest.mark.integration  # a Dask cluster


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    from distributed import LocalCluster

    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        protocol="tcp",
        dashboard_address=None,
        silence_logs=50,
    ) as local:
        yield local


def test_count_on_two_workers_gives_the_same_counts(
    cluster: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    address = cluster.scheduler_address
    argv = ("count", "11", "--unique", "--engine", "python", "--cluster", address)
    status, out, err = call(capsys, *argv, "--format", "json")
    assert status == 0, err
    record = json.loads(out)
    assert (record["solutions"], record["unique"], record["confirmed"]) == (2680, 341, True)
    assert record["engine"] == "cluster" and record["jobs"] == len(plan(11, unique=True))
    status, out, _ = call(capsys, "count", "10", "--engine", "python", "--cluster", address)
    assert (status, out) == (0, "n=10: 724 solutions (matches OEIS A000170)\n")
    client = connect(cluster)
    try:
        ran = client.run(_jobs_run_here)
    finally:
        client.close()
    assert len(ran) == 2 and all(n > 0 for n in ran.values()), ran  # both workers worked


def _jobs_run_here(dask_worker: Any) -> int:
    return len(dask_worker.state.log)


def test_stopping_the_count_cancels_its_jobs_on_the_scheduler(cluster: Any) -> None:
    client = connect(cluster)

    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt  # Ctrl-C after the first job

    try:
        with pytest.raises(KeyboardInterrupt):
            count(12, runner=cluster_runner(client), engine="python", progress=stop)
        # every job not done was cancelled and forgotten
        wait_until(lambda: not cluster.scheduler.tasks, lambda: cluster.scheduler.tasks, 10)
    finally:
        client.close()


@pytest.fixture
def speeds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The engines the estimate was asked about; python slow (1 s a node), compiled fast."""
    import solver.counting.estimate as estimate

    asked: list[str] = []

    def per_node(engine: str, unique: bool) -> float:
        asked.append(engine)
        return {"python": 1.0, "compiled": 1e-12}[engine]

    monkeypatch.setattr(estimate, "seconds_per_node", per_node)
    return asked


@pytest.mark.parametrize("where", ["here", "cluster"])
def test_the_python_engine_is_estimated_at_python_speed(
    capsys: pytest.CaptureFixture[str], cluster: Any, speeds: list[str], where: str
) -> None:
    on = ("--cluster", cluster.scheduler_address) if where == "cluster" else ()
    status, out, err = call(capsys, "count", "13", "--engine", "python", *on, "--max-time", "60")
    assert speeds == ["python"]
    assert status == 2 and out == "" and "allow it with --max-time" in err
    assert len(err.splitlines()) == 1


def test_auto_on_a_cluster_is_estimated_with_the_workers_engine(
    capsys: pytest.CaptureFixture[str], cluster: Any, speeds: list[str]
) -> None:
    from solver.counting.compiled import available

    address = cluster.scheduler_address
    status, out, err = call(capsys, "count", "13", "--cluster", address, "--max-time", "60")
    engine = "compiled" if available() else "python"  # the worker runs where the test runs
    assert speeds == [engine]
    if engine == "compiled":
        assert (status, out) == (0, "n=13: 73,712 solutions (matches OEIS A000170)\n"), err
