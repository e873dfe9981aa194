"""The served store (``serve --server-data DIR``) stays private: folders other accounts could
enter are made private at start, and a user's folder that is a link or another account's is
never used, so a planted link cannot make the server write a student's files elsewhere."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tui.serve.users import UnsafeStore, UserStore


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def test_a_store_others_can_write_is_made_private_and_said(tmp_path: Path) -> None:
    root = tmp_path / "served"
    (root / "users").mkdir(parents=True)
    root.chmod(0o777)
    (root / "users").chmod(0o775)
    store = UserStore(root)
    assert store.prepare() == [str(root), str(root / "users")]
    assert mode(root) == 0o700 and mode(root / "users") == 0o700
    assert store.prepare() == []  # private now: nothing to say


def test_a_new_store_is_private_from_the_start(tmp_path: Path) -> None:
    store = UserStore(tmp_path / "new" / "served")
    assert store.prepare() == []
    assert mode(tmp_path / "new" / "served" / "users") == 0o700
    home = store.home("ada")
    assert mode(home) == 0o700 and (home / "user.txt").read_text() == "ada"


def test_a_planted_link_for_a_user_is_never_followed(tmp_path: Path) -> None:
    store = UserStore(tmp_path / "served")
    store.prepare()
    victim = tmp_path / "victim"
    victim.mkdir()
    (tmp_path / "served" / "users" / "mallory").symlink_to(victim)
    (tmp_path / "served" / "users" / "eve").symlink_to(tmp_path / "nowhere")
    (tmp_path / "served" / "users" / "bob").write_text("a file, not a folder")
    for name in ("mallory", "eve", "bob"):
        with pytest.raises(UnsafeStore):
            store.home(name)
    assert list(victim.iterdir()) == [] and not (tmp_path / "nowhere").exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another account needs root")
def test_another_accounts_folder_is_not_used(tmp_path: Path) -> None:
    store = UserStore(tmp_path / "served")
    store.prepare()
    theirs = tmp_path / "served" / "users" / "carol"
    theirs.mkdir()
    os.chown(theirs, 4242, 4242)
    with pytest.raises(UnsafeStore):
        store.home("carol")
    assert list(theirs.iterdir()) == []


def test_a_users_folder_others_could_enter_is_made_private(tmp_path: Path) -> None:
    store = UserStore(tmp_path / "served")
    store.prepare()
    (tmp_path / "served" / "users" / "dan").mkdir(mode=0o755)
    (tmp_path / "served" / "users" / "dan").chmod(0o755)
    assert mode(store.home("dan")) == 0o700
