"""``count --cluster`` against a real Dask scheduler another account of this machine runs
(made with ``useradd`` and entered with ``setpriv``, as root), whose worker's results unpickle
into a command: with ``--trust-cluster`` the command runs in the student's process; without,
the scheduler is refused, naming the account, before a byte is read, and one swapped in after
that check is refused on Dask's own connection."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pytest

from tests.cli.clirun import Result, assert_usage_error, run_cli
from tests.cli.inproc import call_result
from tests.serve.server import wait_until

ROGUE = "qtrogue"

pytestmark = [
    pytest.mark.integration,  # a Dask cluster, another account
    pytest.mark.xdist_group("rogue-account"),  # one worker makes the account and its cluster
    pytest.mark.needs("distributed", "count --cluster needs the cluster extra (Dask)"),
    pytest.mark.skipif(
        os.geteuid() != 0 or not (shutil.which("useradd") and shutil.which("setpriv")),
        reason="another account is made with useradd and entered with setpriv, as root",
    ),
]

EVIL = """\
import os


class Command:
    def __reduce__(self):
        return (os.system, ({command!r},))


def run_job(*args, **kwargs):
    return Command()


class Anything:
    def __init__(self, *args, **kwargs):
        pass

    def __setstate__(self, state):
        pass


def __getattr__(name):
    return Anything
"""


@dataclass(frozen=True)
class Rogue:
    address: str
    marker: Path


def _account() -> Iterator[str]:
    made = subprocess.run(["id", ROGUE], capture_output=True).returncode != 0
    if made:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", ROGUE],
            check=True,
        )
    try:
        yield ROGUE
    finally:
        if made:
            subprocess.run(["userdel", ROGUE], check=False)


@pytest.fixture(scope="module")
def rogue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rogue]:
    import pwd
    import tempfile

    accounts = _account()
    name = next(accounts)
    entry = pwd.getpwnam(name)
    home = Path(tempfile.mkdtemp(prefix="qt-rogue-"))
    marker = tmp_path_factory.mktemp("victim") / "command-ran"
    package = home / "fake" / "solver" / "counting"
    package.mkdir(parents=True)
    for folder in (package.parent, package):
        (folder / "__init__.py").write_text("")
    (package / "bitmask.py").write_text(EVIL.format(command=f"touch {marker}"))
    for path in [home, *home.rglob("*")]:
        os.chown(path, entry.pw_uid, entry.pw_gid)
    as_rogue = [
        "setpriv",
        f"--reuid={entry.pw_uid}",
        f"--regid={entry.pw_gid}",
        "--clear-groups",
        "--inh-caps=+dac_read_search",
        "--ambient-caps=+dac_read_search",
        sys.executable,
        "-m",
    ]
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(home / "fake")}
    file = home / "scheduler.json"
    scheduler = ["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0"]
    worker = ["distributed.cli.dask_worker", "--scheduler-file", str(file), "--no-nanny"]
    logs: list[IO[bytes]] = []
    procs: list[subprocess.Popen[bytes]] = []

    def start(who: str, *argv: str) -> None:
        log = open(home / f"{who}.log", "wb")  # noqa: SIM115 (closed with the fixture)
        logs.append(log)
        # in its own folder: this one's solver/ would come first on the path
        procs.append(
            subprocess.Popen([*as_rogue, *argv], env=env, cwd=home, stdout=log, stderr=log)
        )

    start("scheduler", *scheduler, "--no-dashboard", "--scheduler-file", str(file))
    try:
        wait_until(file.exists, "the scheduler wrote no scheduler file", 60, 0.1)
        start(
            "worker", *worker, "--nthreads", "1", "--no-dashboard", "--local-directory", str(home)
        )
        log = home / "worker.log"
        wait_until(lambda: b"Registered to" in log.read_bytes(), log.read_text, 60, 0.1)
        yield Rogue(json.loads(file.read_text())["address"], marker)
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=30)
        for log in logs:
            log.close()
        shutil.rmtree(home, ignore_errors=True)
        next(accounts, None)


def _count(rogue: Rogue, *extra: str) -> Result:
    argv = ("count", "8", "--engine", "python", "--cluster", rogue.address, *extra)
    return run_cli(*argv, timeout=120)


def test_trusted_the_rogue_cluster_runs_its_command_in_the_students_process(rogue: Rogue) -> None:
    rogue.marker.unlink(missing_ok=True)
    result = _count(rogue, "--trust-cluster")
    assert rogue.marker.exists(), result  # the attack works: what follows refuses a real threat
    rogue.marker.unlink()


def test_a_scheduler_of_another_account_is_refused_before_it_is_read(rogue: Rogue) -> None:
    rogue.marker.unlink(missing_ok=True)
    assert_usage_error(_count(rogue), rogue.address, "another account", ROGUE, "--trust-cluster")
    assert not rogue.marker.exists()


def test_a_scheduler_swapped_in_after_the_check_is_refused_on_dasks_connection(
    rogue: Rogue, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import solver.counting.cluster as cluster

    def unchecked(*args: object, **kwargs: object) -> None:
        return None  # as if the user's own scheduler had answered, then given its port away

    monkeypatch.setattr(cluster, "preflight", unchecked)
    rogue.marker.unlink(missing_ok=True)
    argv = ("count", "8", "--engine", "python", "--cluster", rogue.address)
    assert_usage_error(call_result(capsys, *argv), "another account", ROGUE)
    assert not rogue.marker.exists()
