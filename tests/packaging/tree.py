"""A copy of the source tree, as a fresh clone holds it: what git tracks or would track (not
what it ignores; every file, when the tree is not a git checkout), without what builds, tools
and tests leave in it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LEFT_OUT = (".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*_cache", ".hypothesis")


def tracked() -> list[str] | None:
    """The files git tracks here or would track (new ones not yet added), relative to the
    root; None outside a git checkout."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    names = [name.decode() for name in listed.stdout.split(b"\0") if name]
    return names if listed.returncode == 0 and names else None


def source_copy(into: Path) -> Path:
    """``into``, made a copy of the source tree; returned."""
    names = tracked()
    if names is None:
        shutil.copytree(ROOT, into, ignore=shutil.ignore_patterns(*LEFT_OUT))
        return into
    for name in names:
        if (ROOT / name).is_file():  # a file deleted from the work tree and not yet from git
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, into / name)
    return into
