"""``progress --export FILE`` writes a new regular file and nothing else: a device, FIFO,
socket, folder or symbolic link at FILE is refused (one line, status 2) and left; an existing
file is kept unless ``--force``; the file appears whole (temporary name, atomic rename)."""

from __future__ import annotations

import json
import os
import socket
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.clirun import Result, assert_usage_error, run_main
from tests.cli.test_progress_cmd import progress_file


def _export(tmp_path: Path, target: Path, *extra: str) -> Result:
    if not (tmp_path / "data").exists():
        progress_file(tmp_path)
    env = {"XDG_DATA_HOME": str(tmp_path / "data")}
    return run_main("progress", "--export", str(target), *extra, env=env)


def _device(path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # /dev/null's numbers


def _socket(path: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()  # the socket file stays


MAKERS: dict[str, Callable[[Path], None]] = {
    "device": _device, "fifo": os.mkfifo, "socket": _socket, "folder": Path.mkdir,
}  # fmt: skip


@pytest.mark.parametrize("kind", list(MAKERS))
@pytest.mark.parametrize("force", [False, True])
def test_what_is_no_regular_file_is_refused_and_left(
    tmp_path: Path, kind: str, force: bool
) -> None:
    target = tmp_path / "out.json"
    MAKERS[kind](target)
    before = os.lstat(target)
    result = _export(tmp_path, target, *(["--force"] if force else []))
    assert_usage_error(result, "--export", "out.json", "is not written")
    after = os.lstat(target)
    left = [(info.st_mode, info.st_ino, info.st_rdev) for info in (before, after)]
    assert left[0] == left[1]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.json")] == []


@pytest.mark.parametrize("force", [False, True])
def test_a_symbolic_link_is_not_followed(tmp_path: Path, force: bool) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    target = tmp_path / "out.json"
    target.symlink_to(victim)
    result = _export(tmp_path, target, *(["--force"] if force else []))
    assert_usage_error(result, "symbolic link")
    assert target.is_symlink() and victim.read_text() == "keep me"
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "created-through-the-link.json")
    assert_usage_error(_export(tmp_path, dangling), "symbolic link")
    assert not (tmp_path / "created-through-the-link.json").exists()


def test_an_existing_export_is_kept_unless_forced(tmp_path: Path) -> None:
    target = tmp_path / "exist.json"
    target.write_text("OLD\n")
    assert_usage_error(_export(tmp_path, target), "exists already", "--force")
    assert target.read_text() == "OLD\n"
    result = _export(tmp_path, target, "--force")
    assert result.status == 0, result.err
    assert json.loads(target.read_text())["format"] == "queens-tutor-progress-export"


def test_a_new_export_is_a_whole_regular_file_readable_as_usual(tmp_path: Path) -> None:
    target = tmp_path / "new.json"
    result = _export(tmp_path, target)
    assert result.status == 0, result.err
    info = os.lstat(target)
    assert stat.S_ISREG(info.st_mode) and info.st_nlink == 1  # the temporary name is gone
    assert info.st_mode & 0o777 == 0o644 & ~_umask()
    assert json.loads(target.read_text())["format"] == "queens-tutor-progress-export"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "new.json"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
