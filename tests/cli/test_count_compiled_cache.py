"""``count --engine compiled`` with a numba cache folder it cannot write: cached in a new
temporary folder, named in a note, the count right; without any folder, the python engine
counts, with a note; a cache that cannot be read is set aside and compiled anew. Each
compiling case runs in a process of its own (numba reads NUMBA_CACHE_DIR once)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.clirun import Result, run_cli

pytestmark = [
    pytest.mark.integration,  # compiles or loads the numba kernels
    pytest.mark.needs("numba", "the compiled engine needs the 'fast' extra (numba)"),
]


def count_9(cache: Path, tmp_path: Path) -> Result:
    temp = tmp_path / "temp"
    temp.mkdir(exist_ok=True)
    env = {"NUMBA_CACHE_DIR": str(cache), "HOME": str(tmp_path), "TMPDIR": str(temp)}
    return run_cli("count", "9", "--engine", "compiled", env=env, timeout=180)


def notes(result: Result) -> list[str]:
    return [line for line in result.err.splitlines() if "note:" in line]


def assert_cached_elsewhere(result: Result, tmp_path: Path, why: str) -> None:
    assert result.status == 0 and result.out == "n=9: 352 solutions (matches OEIS A000170)\n"
    assert "Traceback" not in result.err
    (said,) = notes(result)
    assert "the numba cache could not be used" in said and why in said, said
    folders = [p for p in (tmp_path / "temp").iterdir() if p.name.startswith("queens-tutor-numba-")]
    assert len(folders) == 1 and str(folders[0]) in said
    assert any(folders[0].rglob("kernels.plain-*.nbi"))  # compiled and cached there
    assert f"cached in {folders[0]}" in result.err.splitlines()[0]  # count names that folder


@pytest.mark.parametrize(
    ("cache", "error"), [("numba", "FileExistsError"), ("file/numba", "NotADirectoryError")]
)
def test_a_cache_folder_that_is_a_file_or_under_one(tmp_path: Path, cache: str, error: str) -> None:
    file = tmp_path / cache.split("/")[0]
    file.write_text("a file of the user's\n")
    assert_cached_elsewhere(count_9(tmp_path / cache, tmp_path), tmp_path, error)
    assert file.read_text() == "a file of the user's\n"  # left as it was


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a folder without write permission")
def test_a_cache_folder_without_write_permission(tmp_path: Path) -> None:
    cache = tmp_path / "numba"
    cache.mkdir(mode=0o500)
    try:
        assert_cached_elsewhere(count_9(cache, tmp_path), tmp_path, "PermissionError")
    finally:
        cache.chmod(0o700)


def test_no_folder_to_cache_in_counts_with_the_python_engine(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # In this process: no temporary folder can be made either (a full disk). numba is not
    # imported, so nothing of it is changed here.
    import tempfile

    from tests.cli.inproc import call

    def full(*args: object, **kwargs: object) -> str:
        raise OSError(28, "No space left on device")

    (tmp_path / "file").write_text("")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "file" / "numba"))
    monkeypatch.setattr(tempfile, "mkdtemp", full)
    status, out, err = call(capsys, "count", "9", "--engine", "compiled", "--workers", "1")
    assert (status, out) == (0, "n=9: 352 solutions (matches OEIS A000170)\n"), err
    (said,) = [line for line in err.splitlines() if "note:" in line]
    assert "No space left on device" in said and said.endswith("with the python engine"), said


def test_a_full_disk_is_said_and_the_cache_is_not_called_broken(tmp_path: Path) -> None:
    # A small file system of its own, filled up.
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(disk)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small file system here: {mounted.stderr.decode().strip()}")
    try:
        cache = disk / "numba"
        cache.mkdir()
        filler = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
        with contextlib.suppress(OSError):  # fills it up
            while os.write(filler, b"\0" * 4096):
                pass
        os.close(filler)
        result = count_9(cache, tmp_path)
        assert result.status == 0 and result.out == "n=9: 352 solutions (matches OEIS A000170)\n"
        (said,) = notes(result)
        assert "there is no room for the numba cache" in said and "Errno 28" in said, said
        assert "could not be read" not in result.err and "broken" not in result.err
        assert sorted(p.name for p in disk.iterdir()) == ["filler", "numba"]  # nothing moved
        folders = [p for p in (tmp_path / "temp").iterdir() if p.name.startswith("queens-tutor")]
        assert len(folders) == 1 and str(folders[0]) in said
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


def test_a_corrupt_numba_cache_is_set_aside_and_the_kernels_compiled_again(tmp_path: Path) -> None:
    cache = tmp_path / "numba"
    env = {"NUMBA_CACHE_DIR": str(cache), "HOME": str(tmp_path)}
    fill = "from solver.counting.compiled import load; load()"
    subprocess.run([sys.executable, "-c", fill], check=True, env={**env, "PATH": ""}, timeout=120)
    files = [f for f in cache.rglob("*") if f.is_file()]
    assert any(f.suffix == ".nbi" for f in files)
    for f in files:
        f.write_bytes(b"junk")
    result = run_cli("count", "9", "--engine", "compiled", env=env)
    assert result.status == 0 and result.out.startswith("n=9: 352 solutions"), result
    assert "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and "numba cache could not be read" in lines[0], result.err
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("numba.broken-")]
    assert len(aside) == 1 and str(aside[0]) in lines[0]
    assert all(f.read_bytes() != b"junk" for f in cache.rglob("*.nbi"))  # compiled anew
    again = run_cli("count", "9", "--engine", "compiled", env=env)
    assert (again.status, again.err) == (0, ""), again
