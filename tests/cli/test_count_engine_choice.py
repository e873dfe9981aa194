"""``count``'s estimate is of the engine that will run (here and on a cluster), and a numba
cache that cannot be read is set aside, with one note, instead of stopping every count."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli.clirun import run_cli
from tests.cli.inproc import call

pytestmark = pytest.mark.integration  # compiles or loads the numba kernels


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    from distributed import LocalCluster

    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=1,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        protocol="tcp",
        dashboard_address=None,
        silence_logs=50,
    ) as local:
        yield local


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


def test_a_corrupt_numba_cache_is_set_aside_and_the_kernels_compiled_again(tmp_path: Path) -> None:
    pytest.importorskip("numba")
    cache = tmp_path / "numba"
    env = {"NUMBA_CACHE_DIR": str(cache), "HOME": str(tmp_path)}
    fill = "from solver.counting.compiled import load; load()"
    subprocess.run([sys.executable, "-c", fill], check=True, env={**env, "PATH": ""}, timeout=120)
    files = [f for f in cache.rglob("*") if f.is_file()]
    assert any(f.suffix == ".nbi" for f in files)
    for f in files:
        f.write_bytes(b"junk")
    result = run_cli("count", "9", "--engine", "compiled", env=env)
    assert result.status == 0 and result.out.startswith("n=9: 352 solutions"), result
    assert "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and "numba cache could not be read" in lines[0], result.err
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("numba.broken-")]
    assert len(aside) == 1 and str(aside[0]) in lines[0]
    assert all(f.read_bytes() != b"junk" for f in cache.rglob("*.nbi"))  # compiled anew
    again = run_cli("count", "9", "--engine", "compiled", env=env)
    assert (again.status, again.err) == (0, ""), again
