"""A test run leaves the home alone: every folder a test (or a program it starts) could write
in the user's home is pointed into one temporary folder for the whole run.

:func:`enter` (as tests/conftest.py is loaded, before the workers start) makes the run's folder
and names it in ``QUEENS_TUTOR_TEST_HOME``; :func:`point` gives each process a home of its own in
it (``HOME``, the XDG base and media folders, one ``NUMBA_CACHE_DIR`` for the run), which
programs it starts inherit; :func:`leave` removes it at exit. tests/test_private_home.py checks.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

RUN_FOLDER = "QUEENS_TUTOR_TEST_HOME"
"""The environment variable naming the run's folder (set once, inherited by the workers)."""
BASE_FOLDERS = {
    "XDG_DATA_HOME": ".local/share",
    "XDG_CONFIG_HOME": ".config",
    "XDG_CACHE_HOME": ".cache",
    "XDG_STATE_HOME": ".local/state",
}
MEDIA_FOLDERS = {
    "XDG_DOWNLOAD_DIR": "Downloads",
    "XDG_DOCUMENTS_DIR": "Documents",
    "XDG_DESKTOP_DIR": "Desktop",
    "XDG_PICTURES_DIR": "Pictures",
    "XDG_MUSIC_DIR": "Music",
    "XDG_VIDEOS_DIR": "Videos",
    "XDG_PUBLICSHARE_DIR": "Public",
    "XDG_TEMPLATES_DIR": "Templates",
}
_made_here: Path | None = None


def enter() -> Path:
    """The run's folder: made now in the main process, inherited by pytest-xdist's workers."""
    global _made_here
    named = os.environ.get(RUN_FOLDER)
    if named and Path(named).is_dir():
        return Path(named)
    folder = Path(tempfile.mkdtemp(prefix="queens-tutor-test-home-"))
    os.environ[RUN_FOLDER] = str(folder)
    _made_here = folder
    atexit.register(leave)
    return folder


def environment(run: Path, process: str) -> dict[str, str]:
    """The variables that put process ``process``'s home in the run's folder ``run``."""
    home = run / process
    values = {"HOME": str(home), "NUMBA_CACHE_DIR": str(run / "numba-cache")}
    values.update({name: str(home / sub) for name, sub in BASE_FOLDERS.items()})
    values.update({name: str(home / sub) for name, sub in MEDIA_FOLDERS.items()})
    return values


def point(run: Path) -> Path:
    """Point this process's home (and everything under it) into ``run``; its home."""
    process = os.environ.get("PYTEST_XDIST_WORKER", "main")
    values = environment(run, process)
    home = Path(values["HOME"])
    home.mkdir(mode=0o700, exist_ok=True)
    os.environ.update(values)
    return home


def leave() -> None:
    """Remove the run's folder, in the process that made it."""
    global _made_here
    if _made_here is not None:
        shutil.rmtree(_made_here, ignore_errors=True)
        os.environ.pop(RUN_FOLDER, None)
        _made_here = None
