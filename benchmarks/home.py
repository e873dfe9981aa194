"""A benchmark leaves the home alone: the tutors it starts (in a terminal, served, or in
process) keep their progress, settings, found solutions and crash logs in a temporary home of
the benchmark's own, removed when it exits, never in the account's ``~/.local/share/queens-tutor``
(a tutor makes its folders as it starts: benchmark runs left an empty one in the home of
whoever ran them).

:func:`leave_home_alone` points ``HOME`` and the XDG base folders into that temporary home
for the benchmark's process and every program it starts (they inherit the environment). Each
``bench_*.py`` calls it as it is loaded, before anything starts a tutor (its ``__main__`` block
through :func:`run_main`); a benchmark that
imports another's module calls it once for both (the second call keeps the first home)."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

MARK = "QUEENS_TUTOR_BENCH_HOME"
"""The variable naming the benchmark's home once made (its programs inherit it too)."""
FOLDERS = {
    "XDG_DATA_HOME": ".local/share",
    "XDG_CONFIG_HOME": ".config",
    "XDG_STATE_HOME": ".local/state",
    "XDG_CACHE_HOME": ".cache",
}


def leave_home_alone() -> Path:
    """Point this process's home into a temporary folder (made now, removed at exit); the
    folder. A home named by :data:`MARK` already (a second call, or a benchmark started by
    another) is kept."""
    named = os.environ.get(MARK)
    if named and Path(named).is_dir():
        return Path(named)
    home = Path(tempfile.mkdtemp(prefix="queens-tutor-bench-home-"))
    atexit.register(shutil.rmtree, home, ignore_errors=True)
    os.environ[MARK] = str(home)
    os.environ["HOME"] = str(home)
    for variable, sub in FOLDERS.items():
        os.environ[variable] = str(home / sub)
    return home


def run_main(main: Callable[[list[str]], int | None]) -> NoReturn:
    """A benchmark's ``__main__``: the home left alone before anything else, then exit with
    what ``main`` of the command line's arguments returns."""
    leave_home_alone()
    raise SystemExit(main(sys.argv[1:]))
