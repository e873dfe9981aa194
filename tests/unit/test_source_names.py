"""The lecture notes are named as their readers know them (the Wrocław lecture, the Turin notes,
the edutecnica page, the Italian Python course, the Salerno notes), never by the internal file
numbers they came with: nothing the project ships or prints says so."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FILE_NUMBER = re.compile("se" + r"eds?[ _-]?0\d\d", re.IGNORECASE)
"""The words for an internal file number (spelled in two parts so this file does not match)."""


def _tracked_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False
    ).stdout.split(b"\0")
    files = [ROOT / name.decode() for name in listed if name]
    if not files:  # not a git checkout (an sdist): every file under the packages
        files = [p for d in ("solver", "tui", "lessons", "docs") for p in (ROOT / d).rglob("*")]
    return [p for p in files if p.is_file()]


def test_no_file_names_the_notes_by_number() -> None:
    assert FILE_NUMBER.search("as the " + "se" + "ed 002 says")
    assert FILE_NUMBER.search("test_" + "se" + "ed_001_order")
    assert not FILE_NUMBER.search("seeded random mazes, --maze random:7")
    found = []
    for path in _tracked_files():
        text = path.read_bytes().decode("utf-8", errors="ignore")
        found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in FILE_NUMBER.finditer(text)]
    assert not found
