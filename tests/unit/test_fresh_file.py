"""A downloaded file never overwrites one already there, and a failed write leaves nothing."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from lessons.progress.fresh_file import numbered, write_new


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
