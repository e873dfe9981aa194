"""settings.json lives in the configuration folder; an earlier tutor's file in the data folder is
moved there once, atomically, never lost."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from lessons.progress import settings
from tests.cli.clirun import run_main


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """(old, new): where an earlier tutor kept the settings, and where they go now."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    old = tmp_path / "data" / "queens-tutor" / "settings.json"
    old.parent.mkdir(parents=True, mode=0o700)
    return old, tmp_path / "config" / "queens-tutor" / "settings.json"


def test_an_old_settings_file_is_moved_to_the_configuration_folder(
    folders: tuple[Path, Path],
) -> None:
    old, new = folders
    old.write_text('{"language": "it", "kept": [1, 2]}')
    inode = old.stat().st_ino
    assert settings.saved_language() == "it"
    assert not old.exists() and json.loads(new.read_text()) == {"language": "it", "kept": [1, 2]}
    assert new.stat().st_ino == inode  # the same file, linked under its new name
    assert new.parent.stat().st_mode & 0o777 == 0o700
    assert settings.save({"language": "pl"}) is None
    assert json.loads(new.read_text())["kept"] == [1, 2] and not old.exists()


def test_across_file_systems_it_is_copied_whole_then_the_old_name_goes(
    folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    old, new = folders
    old.write_text('{"language": "pl"}')

    real_link = os.link

    def other_device(source: Path, target: Path, **kwargs: bool) -> None:
        if Path(source) == old:  # the configuration folder on another file system
            raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))
        real_link(source, target, **kwargs)

    monkeypatch.setattr(settings.os, "link", other_device)
    assert settings.move_old() is True
    assert new.read_text() == '{"language": "pl"}' and not old.exists()


def test_a_settings_file_already_in_the_configuration_folder_wins(
    folders: tuple[Path, Path],
) -> None:
    old, new = folders
    old.write_text('{"language": "it"}')
    new.parent.mkdir(parents=True)
    new.write_text('{"language": "pl"}')
    assert settings.saved_language() == "pl"
    assert old.read_text() == '{"language": "it"}'  # left as it is, never lost


def test_a_failed_move_loses_nothing_and_the_old_file_is_still_read(
    folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    old, new = folders
    old.write_text('{"language": "it"}')

    def no_space(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(settings.os, "link", no_space)
    assert settings.saved_language() == "it"
    assert old.read_text() == '{"language": "it"}' and not new.exists()


def test_the_installed_tutor_moves_the_file_and_speaks_its_language(tmp_path: Path) -> None:
    old = tmp_path / "data" / "queens-tutor" / "settings.json"
    old.parent.mkdir(parents=True, mode=0o700)
    old.write_text('{"language": "it"}')
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    result = run_main("--plain", stdin="quit\n", env=env)
    assert result.status == 0 and "un comando per riga" in result.out, result.out  # Italian
    assert not old.exists()
    assert (tmp_path / "config" / "queens-tutor" / "settings.json").read_text() == (
        '{"language": "it"}'
    )
