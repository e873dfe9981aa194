"""The README's test block as a newcomer runs it: the CPU-seconds of every process it starts.

``python -m benchmarks suite_cpu`` or ``python benchmarks/bench_suite_cpu.py [--budget 300]
[--keep]``

The committed HEAD is cloned into a scratch folder and the command under the README's
"Install and run the tests" heading runs there through ``sh``, under ``env -i`` with a stock
``PATH``, an empty ``HOME`` and a UTF-8 locale (pip's own ``PIP_*`` settings passed through, as
the machine's index needs them), in a control group of its own: the venv, pip's install, pytest
and its workers, and the tutors the end-to-end tests start under tmux (whose servers leave
pytest's process tree, not the group) are all counted. Prints the wall time, the group's
CPU-seconds and their ratio to the budget; exits 1 when the command fails or is over budget.
Needs root (a cgroup v2 or v1 ``cpuacct`` hierarchy it can write); elsewhere it counts what
``wait`` reports for the command's process tree and says so.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STOCK_PATH = "/usr/sbin:/usr/bin:/sbin:/bin"
HEADING = "Install and run the tests"


def readme_command(heading: str = HEADING) -> str:
    """The one command of the ``sh`` block under the README's ``## heading``."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```sh\n(.*?)```", section, re.S)
    (command,) = block.strip().splitlines()
    return command


class Group:
    """A control group whose CPU time counts every process started in it."""

    def __init__(self) -> None:
        name = f"queens-tutor-suite-{uuid.uuid4().hex[:8]}"
        v2 = Path("/sys/fs/cgroup/unified")
        if not (v2 / "cgroup.procs").exists():
            v2 = Path("/sys/fs/cgroup")
        if (v2 / "cgroup.procs").exists() and not (v2 / "cpuacct").exists():
            self.path, self.v2 = v2 / name, True
        else:
            self.path, self.v2 = Path("/sys/fs/cgroup/cpuacct") / name, False
        self.path.mkdir()

    def enter(self) -> str:
        """A shell prefix that moves the shell into the group before it runs anything."""
        return f"echo $$ > {self.path / 'cgroup.procs'} && "

    def members(self) -> list[int]:
        text = (self.path / "cgroup.procs").read_text()
        return [int(pid) for pid in text.split()]

    def cpu_seconds(self) -> float:
        if self.v2:
            stat = dict(line.split() for line in (self.path / "cpu.stat").read_text().splitlines())
            return int(stat["usage_usec"]) / 1e6
        return int((self.path / "cpuacct.usage").read_text()) / 1e9

    def close(self) -> None:
        """Ends what is left in the group (a tmux server a test left behind) and removes it."""
        for pid in self.members():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, 9)
        deadline = time.monotonic() + 10
        while self.members() and time.monotonic() < deadline:
            time.sleep(0.1)
        self.path.rmdir()


def newcomer_environment(home: Path) -> dict[str, str]:
    """A fresh account's environment: stock PATH, empty home, and pip's settings."""
    kept = {name: value for name, value in os.environ.items() if name.startswith("PIP_")}
    return {**kept, "PATH": STOCK_PATH, "HOME": str(home), "LANG": "C.UTF-8"}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=300.0, help="CPU-seconds allowed")
    parser.add_argument("--keep", action="store_true", help="keep the scratch clone")
    args = parser.parse_args(argv)
    scratch = Path(tempfile.mkdtemp(prefix="queens-tutor-suite-"))
    clone, home = scratch / "queens-tutor", scratch / "home"
    home.mkdir(mode=0o700)
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    command = readme_command()
    print(f"command: {command}\nclone: {clone} (HEAD {_head(clone)})", flush=True)
    try:
        group: Group | None = Group()
    except OSError as error:
        group = None
        print(f"no control group ({error}): counting the command's process tree only")
    prefix = group.enter() if group else ""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run(
        [
            "sh",
            "-c",
            f"{prefix}exec env -i {_assignments(newcomer_environment(home))} sh -c "
            + shlex.quote(command),
        ],
        cwd=clone,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    tree = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    cpu = group.cpu_seconds() if group else tree
    if group:
        group.close()
    summary = [line for line in done.stdout.splitlines() if " in " in line and "passed" in line]
    print(summary[-1] if summary else done.stdout[-2000:])
    print(f"exit status: {done.returncode}")
    print(f"wall: {wall:.0f} s")
    print(f"CPU: {cpu:.0f} s ({'every process of its group' if group else 'process tree'})")
    print(f"ratio to the budget of {args.budget:.0f} CPU-s: {cpu / args.budget:.2f}")
    if not args.keep:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0 if done.returncode == 0 and cpu <= args.budget else 1


def _head(clone: Path) -> str:
    return subprocess.run(
        ["git", "-C", str(clone), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def _assignments(environment: dict[str, str]) -> str:
    return " ".join(f"{name}={shlex.quote(value)}" for name, value in environment.items())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
