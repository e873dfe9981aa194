"""The found solutions kept between sessions (tui/found_store.py): saved atomically, merged with
another tutor's, a corrupt file set aside and never overwritten."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from solver.messages import render
from tui import found_store
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
