"""The student's store never follows a link it did not make (progress, its lock, found
solutions, settings); its folders are 0700 and files 0600; a store others can write is refused
at start in one line (status 2), as ``serve`` refuses such a ``--server-data``."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from tests.cli.clirun import Result, assert_usage_error, run_main
from tests.serve.server import free_port

TURN_A_PAGE = "lesson 1\nnext\nquit\n"
"""A plain tutor's script that saves progress (a page turned)."""


def home(tmp_path: Path) -> dict[str, str]:
    folder = tmp_path / "home"
    folder.mkdir(mode=0o700, exist_ok=True)
    return {
        "HOME": str(folder),
        "XDG_DATA_HOME": str(folder / "data"),
        "XDG_CONFIG_HOME": str(folder / "config"),
        "XDG_STATE_HOME": str(folder / "state"),
    }


def tutor(env: dict[str, str], script: str = TURN_A_PAGE) -> Result:
    return run_main("--plain", stdin=script, env=env)


def store(env: dict[str, str]) -> Path:
    return Path(env["XDG_DATA_HOME"]) / "queens-tutor"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def test_a_new_store_is_private_and_an_old_one_others_could_read_is_made_so(tmp_path: Path) -> None:
    env = home(tmp_path)
    assert tutor(env).status == 0
    folder = store(env)
    assert mode(folder) == 0o700 and mode(folder.parent) == 0o700  # data/ made by the tutor too
    assert mode(folder / "progress.json") == 0o600
    assert mode(folder / "progress.json.lock") == 0o600
    folder.chmod(0o755)  # as earlier tutors made it
    assert tutor(env).status == 0
    assert mode(folder) == 0o700


def planted(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """A student's home and her store's folder, made (private) for a link to be planted in."""
    env = home(tmp_path)
    folder = store(env)
    folder.mkdir(parents=True, mode=0o700)
    return env, folder


SOLVED = '{"schema": 1, "found": {"4": [[1, 3, 0, 2]]}}'


@pytest.mark.parametrize(
    ("name", "script", "content", "made"),
    [("progress.json", TURN_A_PAGE, '{"schema": 1, "lessons": {}}', "progress.json"),
     ("progress.json.lock", TURN_A_PAGE, None, "progress.json"),  # O_CREAT would make it
     ("found-solutions.json.lock", "size 4\nplace\n0 1\n1 3\n2 0\n3 2\nquit\n", None,
      "found-solutions.json"),  # a solution: saved
     ("found-solutions.json", "size 4\nplace\nquit\n", SOLVED, None)],
)  # fmt: skip
def test_a_planted_link_is_never_followed_and_kept_aside_with_a_line(
    tmp_path: Path, name: str, script: str, content: str | None, made: str | None
) -> None:
    """Named in a line, not "could not be read"; the link kept aside as it was; its target
    neither read, written nor created; what the run saves saved, this time and after."""
    env, folder = planted(tmp_path)
    target = tmp_path / "elsewhere" / "target.json"
    target.parent.mkdir()
    if content is not None:
        target.write_text(content)
    before = target.stat().st_mtime_ns if content else None
    (folder / name).symlink_to(target)
    result = tutor(env, script)
    assert result.status == 0 and "Traceback" not in result.err, result.err
    if content is None:
        assert not target.exists()
    else:
        assert target.read_text() == content and target.stat().st_mtime_ns == before
    (kept,) = folder.glob(f"{name}.corrupt-*")
    assert kept.is_symlink() and os.readlink(kept) == str(target)
    said = result.out + result.err  # the link, and where it was kept
    assert "a symbolic link, which the tutor never follows" in said
    assert f"{folder / name}" in said and kept.name in said, said
    for path in folder.iterdir():  # the store's own files: regular and private
        assert path in (kept,) or (path.is_file() and mode(path) == 0o600), path
    if made:
        assert (folder / made).is_file() and not (folder / made).is_symlink()
    if made == "found-solutions.json":
        assert json.loads((folder / made).read_text())["found"] == json.loads(SOLVED)["found"]
    again = tutor(env, script)
    assert again.status == 0 and "symbolic link" not in again.out + again.err


def test_a_planted_settings_link_is_never_read(tmp_path: Path) -> None:
    env = home(tmp_path)
    secret = tmp_path / "secret.json"
    secret.write_text('{"language": "pl"}')  # read through a link, it would speak Polish
    for folder in (env["XDG_CONFIG_HOME"], env["XDG_DATA_HOME"]):  # new place and old
        (Path(folder) / "queens-tutor").mkdir(parents=True, mode=0o700)
        (Path(folder) / "queens-tutor" / "settings.json").symlink_to(secret)
    result = tutor(env, "board\nquit\n")
    assert result.status == 0 and "row 0" in result.out  # English: no link was read
    assert secret.read_text() == '{"language": "pl"}'
    old = Path(env["XDG_DATA_HOME"]) / "queens-tutor" / "settings.json"
    assert old.is_symlink()  # an old file that is a link is not moved either


@pytest.mark.parametrize("kind", ["link", "not json"])
def test_a_settings_file_in_the_way_is_kept_aside_with_a_line(tmp_path: Path, kind: str) -> None:
    from lessons.progress import settings

    secret = tmp_path / "secret.json"
    secret.write_text('{"language": "pl"}')
    target = tmp_path / "config" / "settings.json"
    target.parent.mkdir(mode=0o700)
    if kind == "link":
        target.symlink_to(secret)
    else:
        target.write_text("{not json")
    notes: list[str] = []
    assert settings.save({"language": "it"}, target, notes) is None
    (kept,) = target.parent.glob("settings.json.corrupt-*")
    (note,) = notes
    assert str(target) in note and kept.name in note
    if kind == "link":
        assert "symbolic link" in note and kept.is_symlink() and os.readlink(kept) == str(secret)
    else:
        assert kept.read_text() == "{not json"
    assert secret.read_text() == '{"language": "pl"}'
    assert not target.is_symlink() and settings.saved_language(target) == "it"
    again: list[str] = []
    assert settings.save({"language": "pl"}, target, again) is None and again == []


@pytest.mark.parametrize(
    ("where", "bits", "argv"),
    [("data", 0o777, ()), ("config", 0o757, ()), ("data", 0o777, ("progress", "--reset", "--yes")),
     ("config", 0o777, ("progress", "--reset", "--yes")), ("data/..", 0o777, ("place", "-n", "3")),
     ("data/..", 0o777, ())],
)  # fmt: skip
def test_a_store_others_can_write_is_refused_at_start(
    tmp_path: Path, where: str, bits: int, argv: tuple[str, ...]
) -> None:
    """The store's folder, or the folder it is in ("data/.."): one line with how to fix it;
    nothing written, the folder's mode left for the student to look at; fixed, it runs."""
    env = home(tmp_path)
    data, name = where.partition("/")[::2]
    if argv[:1] == ("progress",):
        assert tutor(env).status == 0
    saved = [path.read_bytes() for path in store(env).glob("progress.json")]
    folder = Path(env[f"XDG_{data.upper()}_HOME"]) / ("" if name else "queens-tutor")
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(bits)
    result = run_main(*argv, env=env) if argv else tutor(env)
    words = ("can be written by other accounts",) if not name else ()
    assert_usage_error(result, str(folder), *words, "chmod go-w")
    assert [path.read_bytes() for path in store(env).glob("progress.json")] == saved
    assert mode(folder) == bits
    folder.chmod(0o700)
    assert tutor(env).status == 0  # what the line said to do is enough


def test_the_store_refuses_to_write_into_a_folder_others_can_write(tmp_path: Path) -> None:
    """Every writer, not only the commands that check at start: the store checks itself."""
    from lessons.progress.store import ProgressStore

    folder = tmp_path / "store"
    folder.mkdir()
    folder.chmod(0o777)
    progress = ProgressStore(folder / "progress.json")
    assert not progress.reset()
    assert not (folder / "progress.json").exists() and not (folder / "progress.json.lock").exists()
    assert any("can be written by other accounts" in line for line in progress.warnings)


def test_serve_refuses_a_server_data_others_can_write(tmp_path: Path) -> None:
    """Made before the server first started: refused, not repaired."""
    data = tmp_path / "served"
    (data / "users").mkdir(parents=True)
    (data / "users").chmod(0o777)
    port = str(free_port())
    result = run_main("serve", "--port", port, "--server-data", str(data), env=home(tmp_path))
    assert_usage_error(result, "--server-data", str(data / "users"), "chmod go-w")
    assert mode(data / "users") == 0o777 and not (data / "live").exists()
