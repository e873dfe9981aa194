"""Files the tutor writes for the user: never over one already there, nothing left of a failed
write. The found solutions kept between sessions (tui/found_store.py) are saved atomically,
merged with another tutor's, a corrupt file set aside; a download takes a fresh name; an
unexpected error is one line for the terminal, its details in a log file of its own."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from lessons.progress.fresh_file import numbered, write_new
from solver.messages import render
from tui import crash_log, found_store
from tui.found_store import FILE_NAME, FoundStore


def test_saved_solutions_come_back_in_the_next_session_and_two_tutors_lose_nothing(
    tmp_path: Path,
) -> None:
    path = tmp_path / FILE_NAME
    store = FoundStore(path)
    assert store.record((1, 3, 0, 2)) and not store.record((1, 3, 0, 2))
    assert store.record((0, 2, 4, 1, 3))
    again = FoundStore(path)
    assert again.of(4) == ((1, 3, 0, 2),) and again.of(5) == ((0, 2, 4, 1, 3),)
    assert not again.warnings
    assert not list(tmp_path.glob(f".{FILE_NAME}.*.tmp"))  # no temporary file left behind
    first, second = FoundStore(path), FoundStore(path)  # two tutors at once lose nothing
    first.record((2, 0, 3, 1))
    second.record((3, 1, 4, 2, 0))
    assert set(FoundStore(path).of(4)) == {(1, 3, 0, 2), (2, 0, 3, 1)}
    assert set(FoundStore(path).of(5)) == {(0, 2, 4, 1, 3), (3, 1, 4, 2, 0)}


def test_a_corrupt_file_is_set_aside_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    for content in (b"{not json", json.dumps({"schema": 1, "found": {"4": [[0, 1, 2, 3]]}})):
        raw = content if isinstance(content, bytes) else content.encode()
        path.write_bytes(raw)
        store = FoundStore(path)
        kept = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
        assert [p.read_bytes() for p in kept].count(raw) == 1
        assert store.of(4) == ()
        said = render(store.warnings[0])
        assert "could not be used (" in said and "); the file was kept as" in said
        store.record((1, 3, 0, 2))
        assert FoundStore(path).of(4) == ((1, 3, 0, 2),)
        path.unlink()


def test_a_full_disk_is_told_once_and_the_solutions_are_saved_when_it_can(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / FILE_NAME
    store = FoundStore(path)

    def full(target: Path, data: bytes, *args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(found_store, "write_atomically", full)
    assert store.record((1, 3, 0, 2)) and store.record((2, 0, 3, 1))
    assert store.pending and not path.exists()
    told = [render(warning) for warning in store.warnings]
    assert len(told) == 1 and "could not be saved" in told[0] and "No space left" in told[0]
    assert not store.retry() and len(store.warnings) == 1  # the same failure: told once
    monkeypatch.undo()  # space freed
    assert store.retry() and not store.pending and not store.failure
    assert set(FoundStore(path).of(4)) == {(1, 3, 0, 2), (2, 0, 3, 1)}


def test_a_file_in_the_way_of_the_folder_then_removed(tmp_path: Path) -> None:
    """No saving and no crash under a file; told once; saved once it is gone."""
    blocker = tmp_path / "data"
    blocker.write_text("")
    deeper = FoundStore(blocker / "sub" / FILE_NAME)
    assert not deeper.can_save and deeper.warnings
    assert deeper.record((1, 3, 0, 2)) and deeper.of(4) == ((1, 3, 0, 2),)
    store = FoundStore(blocker / FILE_NAME)
    assert store.record((0, 2, 4, 1, 3)) and store.pending
    assert len(store.warnings) == 1  # told at the start; the same reason is not told again
    blocker.unlink()
    assert store.record((1, 3, 0, 2))  # the next solution saves both
    assert not store.pending
    again = FoundStore(blocker / FILE_NAME)
    assert again.of(5) == ((0, 2, 4, 1, 3),) and again.of(4) == ((1, 3, 0, 2),)


def test_an_earlier_file_of_the_same_name_or_a_link_in_the_way_is_kept(tmp_path: Path) -> None:
    assert numbered("progress.json", 1) == "progress.json"
    assert numbered("a.b.json", 3) == "a.b-3.json" and numbered("README", 2) == "README-2"
    first = write_new(tmp_path, "progress.json", b"first")
    second = write_new(tmp_path, "progress.json", b"second")
    third = write_new(tmp_path, "progress.json", b"third")
    assert first.read_bytes() == b"first"
    assert second == tmp_path / "progress-2.json" and second.read_bytes() == b"second"
    assert third == tmp_path / "progress-3.json"
    outside = tmp_path / "outside"
    outside.write_bytes(b"keep")
    (tmp_path / "link.json").symlink_to(outside)
    written = write_new(tmp_path, "link.json", b"new")
    assert outside.read_bytes() == b"keep" and written.name == "link-2.json"


def test_a_full_disk_or_a_folder_that_is_a_file_raises_and_leaves_no_partial_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        write_new(tmp_path, "progress.json", b"data")
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    (tmp_path / "file").write_text("x")
    with pytest.raises(OSError):
        write_new(tmp_path / "file", "progress.json", b"data")


TRACEBACK = """\
╭──── Traceback (most recent call last) ────╮
│ /x/textual/_xterm_parser.py:378 in parse   │
╰───────────────────────────────────────────╯
OverflowError: Python int too large to convert to C int
"""


def test_the_log_is_never_overwritten_and_the_line_names_the_error_and_the_log(
    monkeypatch, tmp_path: Path
) -> None:
    assert crash_log.summary(TRACEBACK) == "OverflowError: Python int too large to convert to C int"
    assert crash_log.summary("") == "an unexpected error"
    first = crash_log.write_log(TRACEBACK, tmp_path / "logs")
    second = crash_log.write_log("other", tmp_path / "logs")
    assert first is not None and second is not None and first != second
    assert first.read_text() == TRACEBACK and second.read_text() == "other"
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    line = crash_log.report(TRACEBACK)
    assert line.startswith("queens-tutor: internal error: OverflowError")
    assert str(tmp_path) in line and "\n" not in line
