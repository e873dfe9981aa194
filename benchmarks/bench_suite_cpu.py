"""The README's test block as a newcomer runs it: the CPU-seconds of every process it starts.

``python -m benchmarks suite_cpu`` or ``python benchmarks/bench_suite_cpu.py [--budget 300]``

HEAD is cloned into a scratch folder and the command under the README's "Install and run the
tests" runs there through ``sh`` under ``env -i`` (stock ``PATH``, empty ``HOME``, pip's
``PIP_*`` settings kept), in a cgroup v2 group of its own, so that the venv, pip, pytest's
workers and the tutors under tmux (whose servers leave pytest's process tree) all count.
Prints the wall time, the CPU-seconds and their ratio to the budget; exits 1 when the command
fails or is over budget. Without a writable cgroup (not root) it counts the process tree.
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.home import run_main

ROOT = Path(__file__).resolve().parent.parent
CGROUPS = (Path("/sys/fs/cgroup/unified"), Path("/sys/fs/cgroup"))
"""Where a cgroup v2 hierarchy is mounted: beside v1 controllers, or alone."""


def readme_command(heading: str = "Install and run the tests") -> str:
    """The one command of the ``sh`` block under the README's ``## heading``."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```sh\n(.*?)```", section, re.S)
    (command,) = block.strip().splitlines()
    return command


def group() -> Path | None:
    """A new cgroup v2 group, or None where none can be made."""
    for hierarchy in CGROUPS:
        if (hierarchy / "cgroup.controllers").exists():  # a v2 hierarchy
            with contextlib.suppress(OSError):
                made = hierarchy / f"queens-tutor-suite-{uuid.uuid4().hex[:8]}"
                made.mkdir()
                return made
    return None


def close(made: Path) -> float:
    """The group's CPU-seconds; what is left in it (a tmux server) is ended, the group removed."""
    stat = dict(line.split() for line in (made / "cpu.stat").read_text().splitlines())
    for pid in (made / "cgroup.procs").read_text().split():
        with contextlib.suppress(ProcessLookupError):
            os.kill(int(pid), 9)
    deadline = time.monotonic() + 10
    while (made / "cgroup.procs").read_text().strip() and time.monotonic() < deadline:
        time.sleep(0.1)
    made.rmdir()
    return int(stat["usage_usec"]) / 1e6


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=300.0, help="CPU-seconds allowed")
    budget = parser.parse_args(argv).budget
    scratch = Path(tempfile.mkdtemp(prefix="queens-tutor-suite-"))
    clone, home = scratch / "queens-tutor", scratch / "home"
    home.mkdir(mode=0o700)
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    command = readme_command()
    kept = {name: value for name, value in os.environ.items() if name.startswith("PIP_")}
    newcomer = {**kept, "PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "HOME": str(home)}
    settings = " ".join(f"{name}={shlex.quote(value)}" for name, value in newcomer.items())
    made = group()
    enter = f"echo $$ > {made / 'cgroup.procs'} && " if made else ""
    print(f"command: {command}\nclone: {clone}", flush=True)
    before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
    done = subprocess.run(
        ["sh", "-c", f"{enter}exec env -i {settings} LANG=C.UTF-8 sh -c {shlex.quote(command)}"],
        cwd=clone,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
    )
    wall, after = time.monotonic() - started, resource.getrusage(resource.RUSAGE_CHILDREN)
    tree = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    cpu = close(made) if made else tree
    last = done.stdout.strip().splitlines()[-1:] or [done.stderr[-500:]]
    print(f"{last[0]}\nexit status: {done.returncode}\nwall: {wall:.0f} s")
    print(f"CPU: {cpu:.0f} s ({'its cgroup' if made else 'its process tree only'})")
    print(f"ratio to the budget of {budget:.0f} CPU-s: {cpu / budget:.2f}")
    shutil.rmtree(scratch, ignore_errors=True)
    return 0 if done.returncode == 0 and cpu <= budget else 1


if __name__ == "__main__":
    run_main(main)
