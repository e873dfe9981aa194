"""The found solutions kept between sessions (tui/found_store.py): saved atomically, merged with
another tutor's, a corrupt file set aside and never overwritten."""

from __future__ import annotations

import json
from pathlib import Path

from solver.messages import render
from tui.found_store import FILE_NAME, FoundStore


def test_saved_solutions_come_back_in_the_next_session(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    store = FoundStore(path)
    assert store.record((1, 3, 0, 2)) and not store.record((1, 3, 0, 2))
    assert store.record((0, 2, 4, 1, 3))
    again = FoundStore(path)
    assert again.of(4) == ((1, 3, 0, 2),) and again.of(5) == ((0, 2, 4, 1, 3),)
    assert not again.warnings
    assert not list(tmp_path.glob(f".{FILE_NAME}.*.tmp"))  # no temporary file left behind


def test_two_tutors_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    first, second = FoundStore(path), FoundStore(path)
    first.record((1, 3, 0, 2))
    second.record((2, 0, 3, 1))
    assert set(FoundStore(path).of(4)) == {(1, 3, 0, 2), (2, 0, 3, 1)}


def test_a_corrupt_file_is_set_aside_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    for content in (b"{not json", json.dumps({"schema": 1, "found": {"4": [[0, 1, 2, 3]]}})):
        raw = content if isinstance(content, bytes) else content.encode()
        path.write_bytes(raw)
        store = FoundStore(path)
        kept = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
        assert [p.read_bytes() for p in kept].count(raw) == 1
        assert store.of(4) == ()
        assert "could not be read; the file was kept as" in render(store.warnings[0])
        store.record((1, 3, 0, 2))
        assert FoundStore(path).of(4) == ((1, 3, 0, 2),)
        path.unlink()


def test_an_unwritable_directory_means_no_saving_and_no_crash(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    store = FoundStore(blocker / "sub" / FILE_NAME)
    assert not store.can_save and store.warnings
    assert store.record((1, 3, 0, 2)) and store.of(4) == ((1, 3, 0, 2),)
